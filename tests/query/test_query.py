"""`kg query` and `kg serve` on what a user or an attacker can hand them: queries they must refuse before
Oxigraph sees them, .rq files in other encodings, build folders that cannot be read or are damaged. Each
is one line on stderr (exit 1) and no traceback; the commands run as users run them, in a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kg.layout import STORE_DIR
from kg.query.checks import MAX_QUERY_DEPTH, query_depth
from tests.commands import assert_one_line_error
from tests.helpers import ROOT, endpoint_that_counts_calls, unavailable

ASK = "ASK { ?s ?p ?o }"
NESTED = "ASK { FILTER(" + "(" * 5000 + "true" + ")" * 5000 + ") }"  # 10 KB; Oxigraph's parser overflows its stack
# Shapes Oxigraph recurses into once a repetition; beside some, the repetitions at which it overflowed the
# 8 MB stack of a process of its own when measured (pyoxigraph 0.5). At 5,000 every one is refused.
DEEP = {
    "parentheses": lambda n: "ASK { FILTER(" + "(" * n + "true" + ")" * n + ") }",  # 4,600
    "braces": lambda n: "ASK " + "{" * n + " ?s ?p ?o " + "}" * n,  # 2,150
    "subqueries": lambda n: "ASK { " + "{ SELECT * WHERE " * n + "{ ?s ?p ?o }" + " }" * n + " }",  # 2,450
    "escaped parentheses": lambda n: "ASK { FILTER(" + "\\u0028" * n + "true" + "\\u0029" * n + ") }",
    "negations": lambda n: "ASK { FILTER(" + "!" * n + "true) }",  # 9,000
    "sums": lambda n: "ASK { FILTER(1" + "+1" * n + ") }",  # 7,000
    "differences": lambda n: "ASK { FILTER(1" + "-1" * n + ") }",
    "disjunctions": lambda n: "ASK { FILTER(true" + " || true" * n + ") }",  # 9,000
    "unions": lambda n: "ASK { { ?s ?p ?o }" + " UNION { ?s ?p ?o }" * n + " }",  # 6,400
    "binds": lambda n: "ASK { " + "".join(f"BIND({i} AS ?v{i}) " for i in range(n)) + "}",  # 2,550
    "filters": lambda n: "ASK { ?s ?p ?o " + "FILTER(?o) " * n + "}",  # 9,000
    "groups": lambda n: "ASK { " + "{ ?s ?p ?o } " * n + "}",
    "values blocks": lambda n: "ASK { " + "".join(f"VALUES ?v{i} {{ {i} }} " for i in range(n)) + "}",  # 2,550
    "select expressions": lambda n: "SELECT " + " ".join(f"({i} AS ?v{i})" for i in range(n)) + " {}",  # 2,550
    "triple patterns": lambda n: "ASK { " + "?s ?p ?o . " * n + "}",  # 30,000 or fewer
    "object lists": lambda n: "ASK { ?s ?p " + ", ".join(["?o"] * n) + " }",  # 30,000 or fewer
    "collections": lambda n: "ASK { ?s ?p (" + " 1" * n + " ) }",
    "path alternatives": lambda n: "ASK { ?s " + "|".join(["<urn:p>"] * n) + " ?o }",  # 11,000
}
# Long but flat: Oxigraph reads these in loops, so they are never refused.
FLAT = {
    "values rows": lambda n: "SELECT * { VALUES (?a ?b) { " + "(1 -2) " * n + "} }",
    "an IN list": lambda n: "ASK { FILTER(?o IN (" + ", ".join(["-1"] * n) + ")) }",
    "function arguments": lambda n: "SELECT (CONCAT(" + ", ".join(["'a'"] * n) + ") AS ?c) {}",
    "ORDER BY": lambda n: "SELECT * { ?s ?p ?o } ORDER BY " + " ".join(["?o"] * n),
    "brackets in strings, IRIs and comments": lambda n: (
        "ASK { ?s <urn:(((> '" + "(" * n + "' . ?s ?p '''{{{\n{{{''' } # " + "[" * n
    ),
}


def kg(*args: str, unprivileged: bool = False) -> subprocess.CompletedProcess:
    """`python -m kg.cli ARGS`; `unprivileged`: without root's power to read what it may not (setpriv)."""
    command = [sys.executable, "-m", "kg.cli", *args]
    if unprivileged and os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            unavailable("setpriv (util-linux) is needed to drop root's file permissions")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


def ask(graph: Path, query: str) -> str:
    result = kg("query", query, "--graph", str(graph), "--format", "csv")
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("shape", DEEP)
def test_queries_nested_deep_are_measured_so(shape):
    assert query_depth(DEEP[shape](5000)) > MAX_QUERY_DEPTH
    assert query_depth(DEEP[shape](10)) < 50


@pytest.mark.parametrize("shape", FLAT)
def test_long_flat_queries_are_not_deep(shape):
    assert query_depth(FLAT[shape](20_000)) < 10


def test_the_library_queries_are_far_from_the_limit():
    assert max(query_depth(path.read_text(encoding="utf-8")) for path in (ROOT / "queries").glob("*.rq")) < 50


@pytest.mark.parametrize("shape", ["braces", "binds", "unions", "negations"])
def test_oxigraph_survives_a_query_just_within_the_limit(shape):
    """The limit is safe: the deepest query it lets through, of the shapes that cost the most stack a level,
    runs in a process of its own."""
    n = max(n for n in range(1, 1000) if query_depth(DEEP[shape](n)) <= MAX_QUERY_DEPTH)
    code = "import sys, pyoxigraph as ox; ox.Store().query(sys.stdin.read())"
    result = subprocess.run(
        [sys.executable, "-c", code], input=DEEP[shape](n), capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr


def test_a_deeply_nested_query_is_refused_and_the_next_runs(sample_build):
    assert_one_line_error(kg("query", NESTED, "--graph", str(sample_build.out)), f"at most {MAX_QUERY_DEPTH}")
    assert ask(sample_build.out, ASK).split() == ["result", "true"]


def test_service_is_refused_without_calling_out(sample_build):
    """A SERVICE clause would make `kg query` call the host it names (and hang on one that never answers)."""
    with endpoint_that_counts_calls() as (target, calls):
        for query in (
            f"SELECT * WHERE {{ SERVICE <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ \\u0053ERVICE SILENT <{target}> {{ ?s ?p ?o }} }}",
        ):
            assert_one_line_error(kg("query", query, "--graph", str(sample_build.out)), "SERVICE is not allowed")
    assert calls == []


def test_an_rq_file_with_a_byte_order_mark_runs(sample_build, tmp_path):
    path = tmp_path / "ask.rq"
    path.write_bytes(b"\xef\xbb\xbf# saved by an editor that writes a BOM\n" + ASK.encode())
    assert ask(sample_build.out, str(path)).split() == ["result", "true"]


def test_an_rq_file_not_in_utf8_is_one_line(sample_build, tmp_path):
    path = tmp_path / "latin1.rq"
    path.write_bytes("ASK { ?s ?p 'café' }".encode("latin-1"))
    assert_one_line_error(kg("query", str(path), "--graph", str(sample_build.out)), f"{path}: not UTF-8", "0xe9")


def test_query_text_too_long_for_a_file_name_is_query_text(sample_build):
    query = ASK + " " * 300  # one line, no slash, over 255 bytes: no possible file name
    assert ask(sample_build.out, query).split() == ["result", "true"]


@pytest.fixture
def damaged(sample_build, tmp_path) -> Path:
    """A copy of the sample build whose store/CURRENT is cut short."""
    out = tmp_path / "damaged"
    shutil.copytree(sample_build.out, out)
    (out / STORE_DIR / "CURRENT").write_bytes(b"MANIF")
    return out


def test_a_damaged_store_is_one_line_saying_to_rebuild(damaged):
    assert_one_line_error(kg("query", ASK, "--graph", str(damaged)), f"{damaged / STORE_DIR}", "damaged", "rebuild")
    assert_one_line_error(kg("serve", "--graph", str(damaged), "--port", "0"), f"{damaged / STORE_DIR}", "rebuild")


@pytest.fixture
def unsearchable(sample_build, tmp_path):
    """A copy of the sample build in a folder that its owner may not search (mode 0o600)."""
    out = tmp_path / "locked"
    shutil.copytree(sample_build.out, out)
    out.chmod(0o600)
    yield out
    out.chmod(0o700)


@pytest.mark.parametrize("command", ["query", "serve"])
def test_a_graph_folder_that_cannot_be_searched_is_one_line(unsearchable, command):
    args = [ASK] if command == "query" else ["--port", "0"]
    result = kg(command, *args, "--graph", str(unsearchable), unprivileged=True)
    assert_one_line_error(result, f"{unsearchable}: cannot read the build folder", "Permission denied")


@pytest.mark.parametrize("command", ["query", "serve"])
def test_a_graph_name_over_255_bytes_is_one_line(tmp_path, command):
    graph = tmp_path / ("g" * 300)
    args = [ASK] if command == "query" else ["--port", "0"]
    assert_one_line_error(kg(command, *args, "--graph", str(graph)), "File name too long")
