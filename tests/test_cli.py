"""The commands users type, run as subprocesses."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import RDF, Graph, Namespace
from rdflib.namespace import DCTERMS

ROOT = Path(__file__).resolve().parents[1]
KG = Namespace("https://w3id.org/paperkg/ontology#")


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def abstracts(out):
    rdf = Graph().parse(out / "graph.ttl")
    return sorted(str(rdf.value(p, DCTERMS.abstract)) for p in rdf.subjects(RDF.type, KG.Paper))


@pytest.fixture(scope="module")
def seed_builds(shared, tmp_path_factory):
    seed = shared / "data" / "seed"
    outs = {}
    for name in ("icml2025_seed.jsonl", "icml2025_seed.txt"):
        out = tmp_path_factory.mktemp(name.replace(".", "_"))
        result = run("build_graph.py", str(seed / name), "--out", str(out))
        assert result.returncode == 0, result.stderr
        assert "19 papers" in result.stdout
        outs[name] = out
    return outs


def test_build_graph_writes_every_export(seed_builds):
    out = seed_builds["icml2025_seed.jsonl"]
    for name in ("graph.ttl", "mentions.jsonl", "graph.html", "graph.graphml", "graph.gexf", "neo4j/papers.csv"):
        assert (out / name).stat().st_size > 0


def test_plain_text_seed_builds_the_same_abstracts(seed_builds):
    assert abstracts(seed_builds["icml2025_seed.txt"]) == abstracts(seed_builds["icml2025_seed.jsonl"])
    ids = {json.loads(line)["paper"] for line in (seed_builds["icml2025_seed.txt"] / "mentions.jsonl").open()}
    assert len(ids) == 19 and all(i.startswith("txt-") for i in ids)


# The seed's abstracts report no score on a named dataset: the leaderboard runs on hand-made ones that do.
ON_RESULTS = {"leaderboard.rq"}


@pytest.mark.parametrize("query", sorted((ROOT / "queries").glob("*.rq")), ids=lambda p: p.name)
def test_every_library_query_runs(seed_builds, results_build, query):
    assert query.read_text().startswith("#"), "each query opens with the question it answers"
    graph = results_build.out if query.name in ON_RESULTS else seed_builds["icml2025_seed.jsonl"]
    result = run("-m", "kg.cli", "query", str(query), "--graph", str(graph), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout), f"{query.name} returned no rows on {graph.name}"


def test_query_does_not_load_spacy(seed_builds):
    code = (
        "import atexit, sys; atexit.register(lambda: print('spacy' in sys.modules)); "
        "from kg.cli import main; main(['query', 'SELECT * WHERE { ?s ?p ?o } LIMIT 1', '--graph', sys.argv[1]])"
    )
    result = run("-c", code, str(seed_builds["icml2025_seed.jsonl"]))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("False")


@pytest.mark.parametrize(
    "args, message",
    [
        (["no/such/file.jsonl"], "no such file or folder"),
        (["--out", "pyproject.toml"], "--out names a file"),
    ],
)
def test_bad_input_is_one_line_error(args, message):
    result = run("build_graph.py", *args)
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_query_binds_a_selected_variable(seed_builds):
    out = str(seed_builds["icml2025_seed.jsonl"])
    select = "SELECT ?topic ?n WHERE { OPTIONAL { BIND('default' AS ?topic) } VALUES ?n { 1 } }"
    unbound = run("-m", "kg.cli", "query", select, "--graph", out, "--format", "csv")
    bound = run(
        "-m", "kg.cli", "query", select, "--graph", out, "--format", "csv", "--param", "topic=optimal transport"
    )
    iri = run("-m", "kg.cli", "query", select, "-g", out, "-f", "csv", "-p", "topic=<https://example.org/x>")
    older = run("-m", "kg.cli", "query", select, "-g", out, "-f", "csv", "--bind", "topic=x")  # the option's older name
    assert unbound.stdout.splitlines()[1] == "default,1"
    assert bound.stdout.splitlines()[1] == "optimal transport,1"
    assert iri.stdout.splitlines()[1] == "https://example.org/x,1"
    assert older.stdout.splitlines()[1] == "x,1"


def test_a_table_shows_a_long_cell_whole_wrapped_onto_lines_of_its_own_column(seed_builds):
    words = [f"word{i}" for i in range(60)]  # 419 characters
    select = f"SELECT ?short ?long ?after WHERE {{ BIND('a' AS ?short) BIND('{' '.join(words)}' AS ?long) BIND('z' AS ?after) }}"
    table = run("-m", "kg.cli", "query", select, "-g", str(seed_builds["icml2025_seed.jsonl"])).stdout.splitlines()
    header, rule, *lines, count = table
    cells = [line.split("|") for line in lines]
    assert header.split(" | ")[1].strip() == "long" and count == "(1 row)" and len(lines) > 3
    assert " ".join(cell[1].strip() for cell in cells).split() == words  # every word, in order, none cut
    assert [cell[0].strip() for cell in cells] == ["a"] + [""] * (len(lines) - 1)
    assert cells[0][2].strip() == "z" and all(len(cell[1].strip()) <= 80 for cell in cells)


@pytest.mark.parametrize(
    "binding, message",
    [("nope=1", "does not contains variable ?nope"), ("topic", "expected NAME=VALUE"), ("topic=<a b>", "not an IRI")],
)
def test_a_bad_binding_is_one_line_error(seed_builds, binding, message):
    select = "SELECT ?topic WHERE { OPTIONAL { BIND('default' AS ?topic) } }"
    result = run("-m", "kg.cli", "query", select, "-g", str(seed_builds["icml2025_seed.jsonl"]), "--param", binding)
    assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_query_without_graph_is_one_line_error(tmp_path):
    result = run("-m", "kg.cli", "query", "SELECT * WHERE { ?s ?p ?o }", "--graph", str(tmp_path))
    assert result.returncode == 1 and "no graph here" in result.stderr and "Traceback" not in result.stderr


def test_query_reads_the_store_else_graph_ttl(seed_builds, tmp_path):
    out = seed_builds["icml2025_seed.jsonl"]
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"

    def query(folder):
        result = run("-m", "kg.cli", "query", count, "--graph", str(folder), "--format", "csv")
        assert result.returncode == 0, result.stderr
        return result.stdout

    expected = query(out)
    store_only = shutil.copytree(out, tmp_path / "store-only")
    (store_only / "graph.ttl").write_text("not Turtle")
    ttl_only = shutil.copytree(out, tmp_path / "ttl-only", ignore=shutil.ignore_patterns("store"))
    assert query(store_only) == query(ttl_only) == expected and int(expected.split()[1]) > 1000
