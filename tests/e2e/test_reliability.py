"""Bad input, failed builds and repeated builds, through the command users type (`python build_graph.py`)."""

import json
import os
import random
import shutil
import subprocess
import sys
import textwrap

import psutil
import pyoxigraph as ox
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS

from kg.builder.staging import STAGING_PREFIX, staged
from kg.export.store import StoreLoad
from kg.layout import CACHE_FILE, MANIFEST_FILE, STORE_DIR
from kg.settings import MAX_PIECE_CHARS, SCHEMA_NS
from tests.commands import assert_one_line_error, build, build_bound_by_permissions, snapshot, snapshot_of
from tests.helpers import ROOT, SEED, ends_within, jsonl

USER_FILES = {".gitignore": "*\n!.gitignore\n", "notes.txt": "mine, not paperkg's\n"}


# --- fatal input: one line naming the file, exit 1, nothing written -------------------------------------

FATAL = {
    "empty.jsonl": (b"", "file is empty"),
    "random.jsonl": (random.Random(8).randbytes(2048), "binary file"),
    "latin1.txt": ("Résumé of a café.".encode("latin-1"), "not UTF-8"),
    "object.json": (b'{"title": "no papers here"}', "expected a JSON array"),
    "table.csv": (b"id,title,summary\n1,T,We propose X.\n", "CSV has no 'abstract' column"),
}


@pytest.mark.parametrize("name", FATAL)
def test_fatal_input_is_one_line_naming_the_file(tmp_path, name):
    content, message = FATAL[name]
    path = tmp_path / name
    path.write_bytes(content)
    assert_one_line_error(build(path, "--out", tmp_path / "out"), f"{path}: {message}")
    assert not (tmp_path / "out").exists()


def test_input_of_bad_records_only_is_an_error(tmp_path):
    path = jsonl(tmp_path / "bad.jsonl", ['{"id": 1, "abstract": \n', {"id": 2}])
    assert_one_line_error(
        build(path, "--out", tmp_path / "out"), "no paper to build; skipped 1 (broken JSON line), 1 (no abstract)"
    )
    assert not (tmp_path / "out").exists()


def test_records_with_their_abstract_under_another_key_build_with_field(tmp_path):
    records = [{"key": f"p{n}", "name": f"T{n}", "summary": f"We propose method M{n} for parsing."} for n in (1, 2)]
    path = jsonl(tmp_path / "other.jsonl", records)
    assert_one_line_error(
        build(path, "--out", tmp_path / "out"),
        "no paper to build; skipped 2 (no abstract); the records' keys are key, name, summary: "
        "name the abstract's with --field abstract=KEY",
    )
    result = build(path, "--field", "abstract=summary,title=name", "--field", "id=key", "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("2 papers, ")
    assert 'dcterms:identifier "p1"' in (tmp_path / "out" / "graph.ttl").read_text()


def test_a_folder_build_names_the_files_it_passed_over(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    jsonl(folder / "a.jsonl", [{"id": "p1", "abstract": "We propose method M for parsing."}])
    (folder / "SOURCE.txt").write_text("Corpus\n======\nOne file of JSON Lines.\n")
    result = build(folder, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    warning = f"kg: warning: {folder / 'SOURCE.txt'}: passed over: notes, not abstracts (it has heading or rule lines)"
    assert result.stderr.strip() == warning
    assert result.stdout.startswith("1 papers, ") and result.stdout.rstrip().endswith(
        "; read 1 file (a.jsonl), passed over 1"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.jsonl"], "missing.jsonl: no such file or folder"),
        (["--out", "pyproject.toml"], "pyproject.toml: --out names a file, not a folder"),
        (["--out", "pyproject.toml/graphs"], "--out is inside pyproject.toml, a file"),
    ],
)
def test_bad_paths_are_one_line_errors(args, message):
    assert_one_line_error(build(*args), message)


# --- bad records: skipped and counted, the rest builds -----------------------------------------------------


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """A JSONL of one good record, a broken line, a record without abstract, a duplicate id,
    a LaTeX-only abstract and a 60,000-character abstract (three pieces)."""
    folder = tmp_path_factory.mktemp("mixed")
    good, other = SEED[0], SEED[1]
    long = {"id": "long", "abstract": ((other["abstract"] + "\n\n") * (60_000 // len(other["abstract"]) + 1))[:60_000]}
    path = jsonl(
        folder / "papers.jsonl",
        [
            good,
            '{"id": "broken", "abstract": "unterminated\n',
            {"id": "no-abstract", "title": "T"},
            {**good, "title": "the same id again"},
            {"id": "latex", "abstract": "$x^2 + \\alpha$"},
            long,
        ],
    )
    return path, {good["id"]: good["abstract"], "long": long["abstract"]}


def test_bad_records_are_skipped_and_counted(mixed, tmp_path):
    path, abstracts = mixed
    result = build(path, "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "2 papers" in result.stdout
    assert (
        "skipped 1 (broken JSON line), 1 (duplicate id), 1 (no abstract), 1 (no words once markup is removed); "
        f"split 1 (text over {MAX_PIECE_CHARS} characters, read in pieces)"
    ) in result.stdout
    mentions = [json.loads(line) for line in (tmp_path / "mentions.jsonl").open(encoding="utf-8")]
    assert {m["paper"] for m in mentions} == set(abstracts)
    assert all(abstracts[m["paper"]][m["start"] : m["end"]] == m["text"] for m in mentions)
    # spaCy read all 60,000 characters, in pieces; so does the graph
    assert max(m["end"] for m in mentions if m["paper"] == "long") > 60_000 - len(SEED[1]["abstract"])
    assert Literal(abstracts["long"]) in set(Graph().parse(tmp_path / "graph.ttl").objects(None, DCTERMS.abstract))


def test_strict_stops_at_the_first_skipped_record(mixed, tmp_path):
    path, _ = mixed
    assert_one_line_error(build(path, "--out", tmp_path / "out", "--strict"), f"{path}:2: broken JSON line (--strict)")
    assert not (tmp_path / "out").exists()


# --- exports: replaced all at once, other files kept, the same bytes every time ----------------------------


@pytest.fixture(scope="module")
def seed_build(tmp_path_factory):
    """The bundled sample built into a folder that already holds a user's files, on a UTC-12 clock."""
    out = tmp_path_factory.mktemp("seed")
    for name, text in USER_FILES.items():
        (out / name).write_text(text)
    result = build("--out", out, env={"TZ": "Etc/GMT+12", "PYTHONHASHSEED": "1"})
    assert result.returncode == 0, result.stderr
    return out


# What a build writes by default, as docs/outputs.md lists it.
DEFAULT_EXPORTS = (
    "graph.ttl",
    "ontology.ttl",
    "store",
    "mentions.jsonl",
    "results.jsonl",
    "graph.html",
    "graph.graphml",
    "graph.gexf",
    "neo4j",
)


def test_a_build_keeps_other_files_and_leaves_no_staging_folder(seed_build):
    assert {name: (seed_build / name).read_text() for name in USER_FILES} == USER_FILES
    assert not [p for p in seed_build.iterdir() if p.name.startswith(STAGING_PREFIX)]
    assert {p.name for p in seed_build.iterdir()} == {*USER_FILES, *DEFAULT_EXPORTS, CACHE_FILE, MANIFEST_FILE}


def test_a_build_that_fails_late_leaves_the_previous_exports_byte_identical(seed_build, tmp_path):
    """Three papers, where the folder holds nineteen: graph.ttl and mentions.jsonl (small) are written,
    then graph.html (which inlines vis-network, several hundred KB) hits a 100 KB file size limit.
    Writing into `--out` directly would have changed the first two and truncated the third."""
    out = shutil.copytree(seed_build, tmp_path / "out")
    before = snapshot(out)
    result = build(jsonl(tmp_path / "three.jsonl", SEED[:3]), "--out", out, limit_file_size=100_000)
    assert_one_line_error(result, "cannot write", "File too large", "no export was replaced")
    assert snapshot(out) == before


@pytest.fixture(scope="module")
def second_build(tmp_path_factory):
    """The same sample again, on a UTC+14 clock (always another calendar day) and another hash seed."""
    out = tmp_path_factory.mktemp("again")
    result = build("--out", out, env={"TZ": "Etc/GMT-14", "PYTHONHASHSEED": "2"})
    assert result.returncode == 0, result.stderr
    return out


def test_two_builds_are_byte_identical(seed_build, second_build):
    """Every export, byte for byte; but the Oxigraph store (RocksDB writes ids, times and logs into its
    files) only has to hold the same triples, the manifest differs only in the store's files, and the
    parse cache is no export."""

    def exports(folder):
        return {
            name: digest
            for name, digest in snapshot(folder).items()
            if name not in (*USER_FILES, CACHE_FILE, MANIFEST_FILE) and not name.startswith(f"{STORE_DIR}/")
        }

    def manifest(folder):
        data = json.loads((folder / MANIFEST_FILE).read_text(encoding="utf-8"))
        files = {k: v for k, v in data["files"].items() if not k.startswith(f"{STORE_DIR}/")}
        return {**data, "files": files, "digest": None}  # the digest covers the store's entries

    first, second = exports(seed_build), exports(second_build)
    assert len(second) >= len(DEFAULT_EXPORTS) - 1
    assert sorted(name for name in first.keys() | second.keys() if first.get(name) != second.get(name)) == []
    assert stored(seed_build) == stored(second_build) == stored_ttl(seed_build)
    assert manifest(seed_build) == manifest(second_build)


def stored(folder):
    return sorted(map(str, ox.Store.read_only(str(folder / STORE_DIR))))


def stored_ttl(folder):
    store = ox.Store()
    store.load(path=str(folder / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    return sorted(map(str, store))


# --- the staging folder itself ------------------------------------------------------------------------------


def test_staged_exports_replace_files_and_folders_and_nothing_else(tmp_path):
    (tmp_path / "neo4j").mkdir()
    (tmp_path / "neo4j" / "stale.csv").write_text("old")
    (tmp_path / "graph.ttl").write_text("old")
    (tmp_path / "notes.txt").write_text("mine")
    with staged(tmp_path) as staging:
        (staging / "neo4j").mkdir()
        (staging / "neo4j" / "papers.csv").write_text("new")
        (staging / "graph.ttl").write_text("new")
    assert snapshot(tmp_path) == snapshot_of({"neo4j/papers.csv": "new", "graph.ttl": "new", "notes.txt": "mine"})


def test_a_block_that_raises_changes_nothing(tmp_path):
    (tmp_path / "graph.ttl").write_text("old")
    with pytest.raises(RuntimeError), staged(tmp_path) as staging:
        (staging / "graph.ttl").write_text("new")
        raise RuntimeError("an export failed")
    assert snapshot(tmp_path) == snapshot_of({"graph.ttl": "old"})


# --- the store, loaded by a child process while the other exports are written -------------------------------


def test_a_store_load_gives_the_triples_of_the_turtle(tmp_path):
    (tmp_path / "g.ttl").write_text('<http://e/a> <http://e/p> "x" .\n<http://e/a> <http://e/p> <http://e/b> .\n')
    StoreLoad(tmp_path / "g.ttl", tmp_path / "store").wait()
    assert len(ox.Store.read_only(str(tmp_path / "store"))) == 2


def test_a_store_load_that_fails_raises_one_line(tmp_path):
    (tmp_path / "g.ttl").write_text("<http://e/a> <http://e/p> .\n")  # no object
    with pytest.raises(OSError) as failed:
        StoreLoad(tmp_path / "g.ttl", tmp_path / "store").wait()
    assert "\n" not in str(failed.value) and "Traceback" not in str(failed.value)
    assert str(failed.value)


def test_a_store_load_can_be_stopped(tmp_path):
    lines = "".join(f'<http://e/s{i}> <http://e/p> "{i}" .\n' for i in range(400_000))
    (tmp_path / "g.ttl").write_text(lines)
    load = StoreLoad(tmp_path / "g.ttl", tmp_path / "store")
    load.stop()
    assert load.process.returncode is not None and load.process.returncode != 0


def test_a_store_load_ends_with_the_build_that_started_it(tmp_path):
    """A build stopped or killed before it records its loader (or `kill -9`, where nothing runs after) leaves no
    loader behind: the kernel ends it with its parent. The loader here reads a FIFO nobody writes: on its own
    it would wait forever."""
    os.mkfifo(tmp_path / "g.ttl")
    starter = textwrap.dedent(
        f"""
        import os
        from pathlib import Path
        from kg.export.store import StoreLoad
        load = StoreLoad(Path({str(tmp_path / "g.ttl")!r}), Path({str(tmp_path / "store")!r}))
        print(load.process.pid, flush=True)
        os._exit(0)
        """
    )
    started = subprocess.run([sys.executable, "-c", starter], cwd=ROOT, capture_output=True, text=True, timeout=60)
    loader = psutil.Process(int(started.stdout.split()[0]))
    if not ends_within(loader, 10):
        loader.kill()
        pytest.fail("the loader outlived the process that started it")


# --- inputs a build must read right or refuse in one line ---------------------------------------------------


def test_a_csv_with_an_unclosed_quote_is_one_line_naming_where_it_opens(tmp_path):
    """Read laxly, the quote runs to the end of the file: records 3 to 8 became one title, counted nowhere."""
    rows = [f"p{n},Title {n},We propose method {n} for image classification." for n in range(1, 9)]
    rows[1] = 'p2,"Unclosed title,We propose method 2 for image classification.'
    path = tmp_path / "papers.csv"
    path.write_text("id,title,abstract\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert_one_line_error(build(path, "--out", tmp_path / "out"), f"{path}:3: malformed CSV", "never closed")
    assert not (tmp_path / "out").exists()


def test_wrong_typed_fields_are_read_as_meant_or_skipped_and_counted(tmp_path):
    good, other = SEED[0], SEED[1]
    path = jsonl(
        tmp_path / "typed.jsonl",
        [
            {**good, "authors": [{"name": "Ann A", "affiliation": "X"}, "Bo B"], "year": 2025.0},
            {**other, "title": {"en": "x"}},
            {**other, "id": [1, 2]},
            {**other, "year": "1_999"},
            {**other, "year": 1e30},
        ],
    )
    result = build(path, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("1 papers, ")
    assert (
        "skipped 1 (id is not a string or an integer), 1 (title is not a string), 2 (year is not a four-digit year)"
        in result.stdout
    )
    graph = Graph().parse(tmp_path / "out" / "graph.ttl")
    authors = graph.objects(None, URIRef(SCHEMA_NS + "author"))
    assert {graph.value(author, URIRef(SCHEMA_NS + "name")) for author in authors} == {
        Literal("Ann A"),
        Literal("Bo B"),
    }


def test_a_folder_built_into_itself_again_and_again_gives_the_same_graph(tmp_path):
    """The second build reads the folder too: it must leave out the build's own files (mentions.jsonl,
    .paperkg-build.json), up to date with the cache and byte-identical without it."""
    jsonl(tmp_path / "papers.jsonl", SEED[:3])
    first = build(tmp_path, "--out", tmp_path)
    assert first.returncode == 0, first.stderr
    graph = (tmp_path / "graph.ttl").read_bytes()
    counts = first.stdout.split(" -> ")[0]
    again = build(tmp_path, "--out", tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(counts + " -> ") and "(up to date)" in again.stdout
    rebuilt = build(tmp_path, "--out", tmp_path, "--no-cache")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert rebuilt.stdout.startswith(counts + " -> ") and "skipped" not in rebuilt.stdout
    assert (tmp_path / "graph.ttl").read_bytes() == graph


@pytest.mark.parametrize(
    "place, mode, message",
    [
        ("locked/papers.jsonl", 0o000, "locked/papers.jsonl: cannot read (Permission denied)"),  # no search
        ("locked", 0o000, "locked: cannot read (Permission denied)"),
        ("locked", 0o444, "locked/papers.jsonl: cannot read (Permission denied)"),  # names, but no search
        ("papers.jsonl", 0o000, "papers.jsonl: cannot read file (Permission denied)"),
    ],
)
def test_an_input_without_permission_is_one_line_naming_it(tmp_path, place, mode, message):
    """Not Typer's usage box (exit 2) for an unreadable file, nor a PermissionError traceback from a folder."""
    (tmp_path / "locked").mkdir()
    jsonl(tmp_path / "locked" / "papers.jsonl", SEED[:1])
    jsonl(tmp_path / "papers.jsonl", SEED[:1])
    (tmp_path / "locked").chmod(0o000 if place == "locked/papers.jsonl" else 0o755)
    (tmp_path / place).chmod(mode)
    try:
        result = build_bound_by_permissions(tmp_path / place, "--out", tmp_path / "out")
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert_one_line_error(result, f"{tmp_path}/{message}")
    assert not (tmp_path / "out").exists()


def test_an_input_name_too_long_is_one_line_naming_it(tmp_path):
    path = tmp_path / ("a" * 256 + ".jsonl")
    assert_one_line_error(build(path, "--out", tmp_path / "out"), f"{path}: cannot read (File name too long)")


def test_utf32_input_is_called_utf32(tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_bytes((json.dumps(SEED[0]) + "\n").encode("utf-32"))
    assert_one_line_error(build(path, "--out", tmp_path / "out"), f"{path}: UTF-32 text, expected UTF-8")
