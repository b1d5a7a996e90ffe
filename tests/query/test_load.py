"""kg.load: the build as a read-only rdflib Graph, checked with rdflib's SPARQL (`rdf.query`) against
what the input file and pyoxigraph's own parse of graph.ttl say."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pyoxigraph as ox
import pytest
import rdflib

import kg
from kg.errors import QueryError
from kg.layout import GRAPH_FILE, SAMPLE_INPUT, STORE_DIR

PREFIXES = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
PREFIX dcterms: <http://purl.org/dc/terms/>
"""
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
EX = rdflib.URIRef("https://example.org/never-built")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled sample, built for real once for this module (none of its tests writes to it)."""
    out = tmp_path_factory.mktemp("load") / "build"
    kg.build(out=out)
    assert (out / STORE_DIR).is_dir() and (out / GRAPH_FILE).is_file()
    return out


@pytest.fixture(scope="module")
def ttl_only(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same build's graph.ttl alone in a folder: no store."""
    folder = tmp_path_factory.mktemp("ttl_only")
    shutil.copyfile(built / GRAPH_FILE, folder / GRAPH_FILE)
    return folder


def count(graph: rdflib.Graph, query: str = COUNT) -> int:
    (row,) = graph.query(query)
    return int(row[0])


def input_titles() -> dict[str, str]:
    records = [json.loads(line) for line in SAMPLE_INPUT.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {r["id"]: r["title"] for r in records}


def digest(folder: Path) -> dict[str, str]:
    """Every file under `folder` (graph.ttl, the store's RocksDB files) by its SHA-256."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_opens_the_store(built: Path) -> None:
    build = kg.load(built)
    assert build.path == built and build.from_store
    assert isinstance(build.rdf, rdflib.Graph)


def test_one_paper_a_line_of_input(built: Path) -> None:
    lines = [line for line in SAMPLE_INPUT.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert (
        count(kg.load(built).rdf, PREFIXES + "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a kg:Paper }")
        == len(lines)
        == 19
    )


def test_as_many_triples_as_pyoxigraph_parses(built: Path) -> None:
    expected = len(set(ox.parse(path=str(built / GRAPH_FILE), format=ox.RdfFormat.TURTLE)))
    graph = kg.load(built).rdf
    assert count(graph) == expected
    assert len(graph) == expected
    assert sum(1 for _ in graph.triples((None, None, None))) == expected


def test_titles_of_the_input(built: Path) -> None:
    rows = kg.load(built).rdf.query(
        PREFIXES + "SELECT ?id ?title WHERE { ?p a kg:Paper ; dcterms:identifier ?id ; dcterms:title ?title }"
    )
    assert {str(r[0]): str(r[1]) for r in rows} == input_titles()


def test_triple_patterns_go_to_the_store(built: Path) -> None:
    """Not only SPARQL: rdflib's own API (graph.value, triples) reads the same triples."""
    graph = kg.load(built).rdf
    paper_id, title = next(iter(input_titles().items()))
    paper = graph.value(predicate=rdflib.DCTERMS.identifier, object=rdflib.Literal(paper_id))
    assert paper is not None
    assert str(graph.value(paper, rdflib.DCTERMS.title)) == title


def test_without_a_store_reads_graph_ttl(built: Path, ttl_only: Path) -> None:
    build = kg.load(ttl_only)
    assert not build.from_store
    assert count(build.rdf) == count(kg.load(built).rdf)
    rows = build.rdf.query(
        PREFIXES + "SELECT ?id ?title WHERE { ?p a kg:Paper ; dcterms:identifier ?id ; dcterms:title ?title }"
    )
    assert {str(r[0]): str(r[1]) for r in rows} == input_titles()


def one_line(exc: pytest.ExceptionInfo[QueryError], path: Path) -> str:
    message = str(exc.value)
    assert "\n" not in message and str(path) in message
    return message


@pytest.mark.parametrize("make", [lambda p: p, lambda p: p / "missing"], ids=["empty folder", "no folder"])
def test_no_graph(tmp_path: Path, make: Callable[[Path], Path]) -> None:
    folder = make(tmp_path)
    with pytest.raises(QueryError) as exc:
        kg.load(folder)
    assert "no graph" in one_line(exc, folder)


def test_a_store_that_cannot_be_opened(built: Path, tmp_path: Path) -> None:
    shutil.copyfile(built / GRAPH_FILE, tmp_path / GRAPH_FILE)
    (tmp_path / STORE_DIR).mkdir()  # a store folder without a store in it
    with pytest.raises(QueryError) as exc:
        kg.load(tmp_path)
    assert "cannot open the store" in one_line(exc, tmp_path / STORE_DIR)


def test_graph_ttl_that_is_not_turtle(tmp_path: Path) -> None:
    (tmp_path / GRAPH_FILE).write_text("<a> <b> .\n", encoding="utf-8")
    with pytest.raises(QueryError) as exc:
        kg.load(tmp_path)
    assert "not valid Turtle" in one_line(exc, tmp_path / GRAPH_FILE)


def test_sparql_that_cannot_be_read(built: Path) -> None:
    with pytest.raises(QueryError, match="invalid SPARQL") as exc:
        kg.load(built).rdf.query("SELEC ?s WHERE { ?s ?p ?o }")
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize(
    "query, refused",
    [
        ("SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }", "SERVICE is not allowed"),
        ("SELECT * WHERE { FILTER(" + "(" * 5000 + "1" + ")" * 5000 + ") }", "levels deep"),
    ],
    ids=["SERVICE", "5,000 parentheses"],
)
def test_sparql_that_would_call_out_or_crash_is_refused(built: Path, query: str, refused: str) -> None:
    """As `kg query` refuses it: the parentheses would overflow Oxigraph's parser and end this process."""
    with pytest.raises(QueryError, match=refused):
        kg.load(built).rdf.query(query)


WRITES: dict[str, Callable[[rdflib.Graph], object]] = {
    "add": lambda g: g.add((EX, rdflib.RDFS.label, rdflib.Literal("x"))),
    "remove": lambda g: g.remove((None, None, None)),
    "update": lambda g: g.update(f"INSERT DATA {{ <{EX}> <{rdflib.RDFS.label}> 'x' }}"),
    "parse rdflib": lambda g: g.parse(data=f"<{EX}> <{rdflib.RDFS.label}> 'x' .", format="turtle"),
    "parse oxigraph": lambda g: g.parse(data=f"<{EX}> <{rdflib.RDFS.label}> 'x' .", format="ox-turtle"),
}


@pytest.mark.parametrize("write", list(WRITES.values()), ids=list(WRITES))
@pytest.mark.parametrize("folder", ["built", "ttl_only"])
def test_read_only(folder: str, write: Callable[[rdflib.Graph], object], request: pytest.FixtureRequest) -> None:
    path: Path = request.getfixturevalue(folder)
    before, expected = digest(path), len(set(ox.parse(path=str(path / GRAPH_FILE), format=ox.RdfFormat.TURTLE)))
    graph = kg.load(path).rdf
    with pytest.raises(QueryError, match="read-only"):
        write(graph)
    assert count(graph) == expected and (EX, None, None) not in graph  # the view unchanged, in memory too
    del graph
    assert digest(path) == before  # and the folder, byte for byte
    assert count(kg.load(path).rdf) == expected


def test_no_spacy(built: Path) -> None:
    """`kg.load` starts fast: a fresh interpreter loads a build and queries it without importing spaCy."""
    code = "import sys, kg; len(kg.load(sys.argv[1]).rdf); assert 'spacy' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", code, str(built)], check=True)
