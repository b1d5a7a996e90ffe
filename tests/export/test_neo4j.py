"""Neo4j loading against a real Bolt server (ArcadeDB's Neo4j-compatible plugin), started by this module."""

from __future__ import annotations

import csv
import os
import re
import select
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Iterator

import networkx as nx
import pyoxigraph as ox
import pytest
from neo4j import GraphDatabase

from kg.export.neo4j.files import write_neo4j
from kg.settings import ENTITY_RELATIONS, NEO4J_RELATIONSHIP_TYPES, PAPER, PROPOSES, RELATIONS, USES_RELATION

LINKS = {PROPOSES, *USES_RELATION.values()}  # a paper's link to an entity, by relation

SERVER = Path(__file__).with_name("bolt_server.py")
PASSWORD = "paperkg-test-secret"
USER = "root"
LABELS = ("Paper", "Method", "Task", "Dataset", "Result", "Author")
RDF_NODES = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
SELECT ?t (COUNT(DISTINCT ?n) AS ?c)
WHERE { VALUES ?t { kg:Paper kg:Method kg:Task kg:Dataset kg:Result <https://schema.org/Person> } ?n a ?t } GROUP BY ?t"""
RDF_AUTHORSHIPS = "SELECT (COUNT(*) AS ?c) WHERE { ?p <https://schema.org/author> ?a }"
RESULT_LINKS = ("reports", "ofMethod", "onDataset", "onTask", "overBaseline")
RDF_RESULT_LINKS = """PREFIX kg: <https://w3id.org/paperkg/ontology#>
SELECT ?p (COUNT(*) AS ?c)
WHERE { VALUES ?p { kg:reports kg:ofMethod kg:onDataset kg:onTask kg:overBaseline } ?a ?p ?b } GROUP BY ?p"""
ROLE_TYPES = ("PROPOSES", "USES_METHOD", "ADDRESSES_TASK", "USES_DATASET")  # a paper's link to an entity
RDF_MENTIONS = "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT (COUNT(*) AS ?c) WHERE { ?p kg:mentions ?e }"
START_SECONDS = 120
DATABASES = ("push", "cypher", "long", "long_cypher", "formulas", "formulas_cypher", "authors", "authors_cypher")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def bolt(tmp_path_factory) -> Iterator[str]:
    """The URI of a fresh server with the databases DATABASES, stopped when the module ends."""
    root = tmp_path_factory.mktemp("arcadedb")
    port = free_port()
    with open(root / "server.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, str(SERVER), str(root), str(port), str(free_port()), *DATABASES],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
            cwd=root,
            text=True,
            env={**os.environ, "BOLT_TEST_PASSWORD": PASSWORD},
        )
    try:
        deadline, line = time.monotonic() + START_SECONDS, "starting"
        while line and line.strip() != "ready" and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            line = proc.stdout.readline() if ready else ""  # "" also when the server exits
        if line.strip() != "ready":
            pytest.fail(f"Bolt server did not start in {START_SECONDS}s:\n{(root / 'server.log').read_text()[-3000:]}")
        yield f"bolt://127.0.0.1:{port}"
    finally:
        proc.stdin.close()  # the server stops when its stdin closes
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def kg(
    *args: str, password: str = PASSWORD, code: str = "from kg.cli import main; main()"
) -> subprocess.CompletedProcess:
    env = {**os.environ, "NEO4J_PASSWORD": password}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=300)


def push(uri: str, database: str, graph: Path) -> subprocess.CompletedProcess:
    result = kg("neo4j", "push", "--uri", uri, "--user", USER, "--database", database, "--graph", str(graph))
    assert result.returncode == 0, result.stderr
    assert PASSWORD not in result.stdout + result.stderr
    return result


def counts(uri: str, database: str) -> dict[str, int]:
    """Nodes per label and relationships per type, as the server counts them."""
    queries = {label: f"MATCH (n:{label}) RETURN count(n) AS c" for label in LABELS}
    queries |= {t: f"MATCH ()-[r:{t}]->() RETURN count(r) AS c" for t in NEO4J_RELATIONSHIP_TYPES.values()}
    with GraphDatabase.driver(uri, auth=(USER, PASSWORD)) as driver:
        return {k: driver.execute_query(q, database_=database).records[0]["c"] for k, q in queries.items()}


def rdf_counts(out: Path) -> tuple[dict[str, int], int]:
    """Nodes per class, and paper-entity mentions, as graph.ttl has them (a class it has none of: 0)."""
    found = {re.split("[#/]", row["t"].value)[-1]: int(row["c"].value) for row in rdf_store(out).query(RDF_NODES)}
    nodes = {label: 0 for label in LABELS} | found | {"Author": found.get("Person", 0)}
    nodes.pop("Person", None)
    return nodes, int(next(iter(rdf_store(out).query(RDF_MENTIONS)))["c"].value)


def rdf_store(out: Path) -> ox.Store:
    store = ox.Store()
    store.load(path=str(out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    return store


def run_import_cypher(uri: str, database: str, folder: Path) -> None:
    """The statements of `folder`/import.cypher, one by one in auto-commit, as cypher-shell runs them."""
    # Neo4j reads file:///X from its import folder; this server reads absolute paths.
    script = (folder / "import.cypher").read_text(encoding="utf-8").replace("'file:///", f"'file://{folder}/")
    statements = [s for s in (re.sub(r"^(//.*\n)+", "", part).strip() for part in script.split(";\n")) if s]
    # a constraint and a node statement per label, a statement per relationship type
    assert statements[0].startswith("CREATE CONSTRAINT")
    assert len(statements) == 2 * len(LABELS) + len(NEO4J_RELATIONSHIP_TYPES)
    with GraphDatabase.driver(uri, auth=(USER, PASSWORD)) as driver, driver.session(database=database) as session:
        for statement in statements:
            session.run(statement).consume()


def one_paper_graph(title: str, abstract: str, author: str, method: str, sentence: str) -> nx.MultiDiGraph:
    """A paper proposing a method, with the node and edge data a build gives them."""
    graph = nx.MultiDiGraph()
    paper, entity = "https://example.org/paper/p1", "https://example.org/method/m1"
    graph.add_node(paper, type=PAPER, name=title, paper_id="p1", title=title, abstract=abstract, url="", venue="")
    graph.nodes[paper].update(year=2025, authors=[author, "B. Writer"])
    graph.add_node(entity, type="Method", name=method, aliases=[method], papers=1, papers_with_narrower=1)
    graph.nodes[entity].update(mention_count=1, type_evidence=1)
    graph.add_edge(paper, entity, key=PROPOSES, relation=PROPOSES, mentions=1, confidence=0.5, sentence=sentence)
    graph.edges[paper, entity, PROPOSES].update(start=0, end=len(method))
    return graph


def read_back(uri: str, database: str) -> dict[str, object]:
    """The text properties of the one paper, its method and the relationships between them, as stored."""
    query = (
        "MATCH (p:Paper)-[r:PROPOSES]->(m:Method) RETURN p.title AS title, "
        "p.abstract AS abstract, p.authors AS authors, m.name AS method, m.aliases AS aliases, "
        "r.sentence AS sentence"
    )
    with GraphDatabase.driver(uri, auth=(USER, PASSWORD)) as driver:
        [record] = driver.execute_query(query, database_=database).records
    return record.data()


def test_push_matches_the_rdf_and_a_second_push_adds_nothing(sample_build, bolt):
    nodes, mentions = rdf_counts(sample_build.out)
    assert all(nodes.values()) and mentions > 0
    push(bolt, "push", sample_build.out)
    first = counts(bolt, "push")
    assert {label: first[label] for label in LABELS} == nodes
    # A result's links arrive as their own types, as many as graph.ttl has.
    links = {
        row["p"].value.rpartition("#")[2]: int(row["c"].value)
        for row in rdf_store(sample_build.out).query(RDF_RESULT_LINKS)
    }
    assert links["reports"] == nodes["Result"]
    assert {r: first[NEO4J_RELATIONSHIP_TYPES[r]] for r in RESULT_LINKS} == {r: links.get(r, 0) for r in RESULT_LINKS}
    # Authors: one node per schema:Person of the RDF, one AUTHORED per schema:author.
    assert first["AUTHORED"] == int(next(iter(rdf_store(sample_build.out).query(RDF_AUTHORSHIPS)))["c"].value) > 0
    # Every paper-entity pair is one relationship, of its role: one arrow in Browser and Bloom.
    assert sum(first[t] for t in ROLE_TYPES) == mentions
    # Entity → entity edges arrive as their own types.
    between = Counter(
        d["relation"] for *_, d in sample_build.graph.edges(data=True) if d["relation"] in ENTITY_RELATIONS
    )
    assert sum(between.values()) > 0 and between["broader"] > 0
    assert {r: first[NEO4J_RELATIONSHIP_TYPES[r]] for r in ENTITY_RELATIONS} == {
        r: between[r] for r in ENTITY_RELATIONS
    }
    push(bolt, "push", sample_build.out)
    assert counts(bolt, "push") == first
    with GraphDatabase.driver(bolt, auth=(USER, PASSWORD)) as driver:
        paper = driver.execute_query(
            "MATCH (p:Paper) WHERE p.year IS NOT NULL RETURN p LIMIT 1", database_="push"
        ).records[0]["p"]
        entity = driver.execute_query("MATCH (:Paper)-[:PROPOSES]->(e) RETURN e LIMIT 1", database_="push").records[0][
            "e"
        ]
        confidences = driver.execute_query(
            "MATCH (p:Paper)-[r]->(e) WHERE NOT e:Result RETURN p.id AS p, e.id AS e, r.confidence AS c",
            database_="push",
        ).records
        stated = driver.execute_query(
            "MATCH (a)-[r:USED_FOR|EVALUATED_ON|COMPARED_WITH|IS_A]->(b) RETURN a.id AS a, type(r) AS t, b.id AS b, "
            "r.confidence AS c",
            database_="push",
        ).records
        arrows = driver.execute_query(
            "MATCH (p:Paper)-[r]->(e) WHERE NOT e:Result WITH p, e, count(r) AS n RETURN max(n) AS most, count(*) AS pairs",
            database_="push",
        ).records[0]
    assert paper["id"].startswith("https://") and paper["name"] and isinstance(paper["year"], int)
    assert isinstance(paper["authors"], list) and all(isinstance(a, str) for a in paper["authors"])
    assert entity["id"].startswith("https://") and entity["name"] and isinstance(entity["papers"], int)
    assert entity["papers_with_narrower"] >= entity["papers"]
    assert entity["mention_count"] >= entity["type_evidence"] >= 0 and isinstance(entity["mention_count"], int)
    links = {(s, t): d["confidence"] for s, t, d in sample_build.graph.edges(data=True) if d["relation"] in LINKS}
    assert {(r["p"], r["e"]): r["c"] for r in confidences} == links  # a float, as written
    # An entity → entity relation carries its confidence too.
    relations = {
        (s, NEO4J_RELATIONSHIP_TYPES[d["relation"]], t): d["confidence"]
        for s, t, d in sample_build.graph.edges(data=True)
        if d["relation"] in RELATIONS
    }
    assert relations and {(r["a"], r["t"], r["b"]): r["c"] for r in stated} == relations
    assert len(confidences) == arrows["pairs"] == mentions and arrows["most"] == 1


def test_push_never_loads_spacy(sample_build, bolt):
    code = (
        "import sys; from kg.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('spacy loaded' if 'spacy' in sys.modules else 'no spacy')"
    )
    result = kg(
        "neo4j",
        "push",
        "--uri",
        bolt,
        "--user",
        USER,
        "--database",
        "push",
        "--graph",
        str(sample_build.out),
        code=code,
    )
    assert result.stdout.splitlines()[-1] == "no spacy", result.stderr
    assert result.stdout.startswith("merged ")


def test_import_cypher_loads_the_same_graph(sample_build, bolt, tmp_path):
    # ArcadeDB's LOAD CSV (not Neo4j's) drops every row after a field holding an escaped quote (""),
    # so this loads the sample graph with its double quotes turned into single ones.
    graph = sample_build.graph.copy()
    for data in [d for _, d in graph.nodes(data=True)] + [d for *_, d in graph.edges(data=True)]:
        data.update({k: v.replace('"', "'") for k, v in data.items() if isinstance(v, str)})
    folder = tmp_path / "neo4j"
    write_neo4j(graph, folder)
    for _ in range(2):  # constraints and MERGE: running it twice adds nothing
        run_import_cypher(bolt, "cypher", folder)
    nodes, mentions = rdf_counts(sample_build.out)
    loaded = counts(bolt, "cypher")
    assert {label: loaded[label] for label in LABELS} == nodes and sum(loaded[t] for t in ROLE_TYPES) == mentions
    push(bolt, "push", sample_build.out)
    assert loaded == counts(bolt, "push")


def test_push_errors_are_one_line(sample_build, bolt):
    graph = str(sample_build.out)
    wrong = kg("neo4j", "push", "--uri", bolt, "--user", USER, "--graph", graph, password="not-the-password")
    refused = kg("neo4j", "push", "--uri", f"bolt://127.0.0.1:{free_port()}", "--graph", graph)
    no_build = kg("neo4j", "push", "--uri", bolt, "--graph", str(sample_build.out / "nothing-here"))
    no_password = kg("neo4j", "push", "--uri", bolt, "--graph", graph, password="")
    for result, message in (
        (wrong, "authentication failed"),
        (refused, "cannot connect"),
        (no_build, "run `kg build` first"),
        (no_password, "no password"),
    ):
        assert result.returncode == 1
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("kg: error: ") and message in result.stderr
        assert "not-the-password" not in result.stderr and PASSWORD not in result.stderr


def test_a_field_of_any_size_is_pushed_and_loaded_whole(bolt, tmp_path):
    # over the csv module's default limit of 131,072 characters, with the characters CSV quotes
    abstract = "".join(f"Sentence {i}, with a comma; a newline\n and ünïcode. " for i in range(4000))[:200_000]
    assert len(abstract) == 200_000
    write_neo4j(one_paper_graph("Long", abstract, "A. Author", "LongNet", "We propose LongNet."), tmp_path / "neo4j")
    push(bolt, "long", tmp_path)
    run_import_cypher(bolt, "long_cypher", tmp_path / "neo4j")
    assert read_back(bolt, "long")["abstract"] == abstract
    assert read_back(bolt, "long_cypher")["abstract"] == abstract


def test_cells_a_spreadsheet_would_take_for_formulas_are_read_back_as_written(bolt, tmp_path):
    # No prefix keeps such a cell inert in a spreadsheet and the same text for neo4j-admin and LOAD CSV
    # (docs/neo4j.md): the files hold the text as it is, and every reader gets it back unchanged.
    texts = {
        "title": "=1+1",
        "abstract": "+SUM(A1:A9) opens this abstract.",
        "authors": ["-Minus, A.", "B. Writer"],
        "method": "@LLM",
        "aliases": ["@LLM"],
        "sentence": "=HYPERLINK('https://example.org', 'click') is what we propose.",
    }
    graph = one_paper_graph(texts["title"], texts["abstract"], "-Minus, A.", texts["method"], texts["sentence"])
    folder = tmp_path / "neo4j"
    write_neo4j(graph, folder)
    with open(folder / "papers.csv", newline="", encoding="utf-8") as f:
        [paper] = csv.DictReader(f)
    assert (paper["title"], paper["abstract"], paper["authors:string[]"]) == (
        "=1+1",
        texts["abstract"],
        "-Minus, A.;B. Writer",
    )
    push(bolt, "formulas", tmp_path)
    run_import_cypher(bolt, "formulas_cypher", folder)
    assert read_back(bolt, "formulas") == texts
    assert read_back(bolt, "formulas_cypher") == texts


def test_authors_of_one_name_are_one_node_and_coauthors_are_one_query_away(bolt, tmp_path):
    # Two papers whose author lists spell one name two ways ("Ada  Lovelace", "ada lovelace"), one name on a
    # list twice: three authors in all, Ada on both papers, each authorship once.
    graph = one_paper_graph("First", "An abstract.", "Ada  Lovelace", "FooNet", "FooNet is proposed.")
    second = "https://example.org/paper/p2"
    graph.add_node(second, **{**graph.nodes["https://example.org/paper/p1"], "paper_id": "p2", "title": "Second"})
    graph.nodes[second].update(name="Second", authors=["ada lovelace", "C. Babbage", "C. Babbage"])
    folder = tmp_path / "neo4j"
    write_neo4j(graph, folder)
    push(bolt, "authors", tmp_path)
    run_import_cypher(bolt, "authors_cypher", folder)
    for database in ("authors", "authors_cypher"):
        with GraphDatabase.driver(bolt, auth=(USER, PASSWORD)) as driver:
            authors = driver.execute_query(
                "MATCH (a:Author)-[:AUTHORED]->(p:Paper) WHERE p.paper_id IN ['p1', 'p2'] "
                "RETURN a.name AS name, a.papers AS papers, collect(p.paper_id) AS wrote",
                database_=database,
            ).records
            coauthors = driver.execute_query(
                "MATCH (a:Author {name: 'Ada  Lovelace'})-[:AUTHORED]->(p)<-[:AUTHORED]-(b) "
                "RETURN b.name AS name, count(p) AS papers ORDER BY name",
                database_=database,
            ).records
        found = {r["name"]: (r["papers"], sorted(r["wrote"])) for r in authors}
        assert found == {"Ada  Lovelace": (2, ["p1", "p2"]), "B. Writer": (1, ["p1"]), "C. Babbage": (1, ["p2"])}
        assert [(r["name"], r["papers"]) for r in coauthors] == [("B. Writer", 1), ("C. Babbage", 1)]
