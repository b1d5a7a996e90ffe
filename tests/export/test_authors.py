"""Authors as resources: one per name, in the RDF (schema:Person) as Oxigraph reads it back; Neo4j's Author
nodes are tested with the other Neo4j exports (test_neo4j.py)."""

from __future__ import annotations

from collections import defaultdict

import pyoxigraph as ox
import pytest

from kg.graph import author_iri, author_key
from kg.settings import PAPER

BASE = "https://example.org/"


@pytest.mark.parametrize(
    "one, other",
    [
        ("Yoshua Bengio", "yoshua  bengio"),
        ("Carola-Bibiane Schönlieb", "Carola-Bibiane Scho\u0308nlieb"),
        ("Ａｄａ", "ada"),
    ],
)
def test_names_equal_but_for_case_spacing_or_unicode_form_are_one_author(one, other):
    assert author_key(one) == author_key(other) and author_iri(BASE, one) == author_iri(BASE, other)


def test_different_names_are_different_authors_and_every_author_iri_is_an_iri():
    names = ["Jean Luc", "Jean-Luc", "J. Luc", "李 明", "O'Neil, A.", "a/b?c#d", "50% Kim", "Smith J.", "Smith J"]
    iris = [author_iri(BASE, name) for name in names]
    assert len(set(iris)) == len(names)
    assert all(ox.NamedNode(iri).value == iri and iri.startswith(BASE + "author/") for iri in iris)
    assert author_iri(BASE, "Yoshua Bengio") == BASE + "author/yoshua_bengio"
    assert author_iri(BASE, "李 明") == BASE + "author/李_明"  # letters of any script kept, as an IRI may


def test_an_author_iri_ending_in_a_full_stop_reads_back_from_turtle_with_rdflib():
    import rdflib

    iri = author_iri(BASE, "Smith J.")
    store = ox.Store()
    store.add(ox.Quad(ox.NamedNode(iri), ox.NamedNode("https://schema.org/name"), ox.Literal("Smith J.")))
    turtle = store.dump(format=ox.RdfFormat.TURTLE, from_graph=ox.DefaultGraph(), prefixes={"author": BASE + "author/"})
    assert [str(s) for s in rdflib.Graph().parse(data=turtle.decode(), format="turtle").subjects()] == [iri]


def test_the_rdf_has_each_author_once_as_a_person_named_as_written(sample_build):
    store = ox.Store()
    store.load(path=str(sample_build.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    query = """PREFIX schema: <https://schema.org/> PREFIX dcterms: <http://purl.org/dc/terms/>
    SELECT ?id ?author ?name WHERE { ?p dcterms:identifier ?id ; schema:author ?author .
    ?author a schema:Person ; schema:name ?name }"""
    found = defaultdict(set)
    persons = {}
    for row in store.query(query):
        found[row["id"].value].add(row["name"].value)
        persons.setdefault(row["author"].value, set()).add(row["name"].value)
    expected = {d["paper_id"]: set(d["authors"]) for _, d in sample_build.graph.nodes(data=True) if d["type"] == PAPER}
    assert {paper: names for paper, names in expected.items() if names} == dict(found)
    assert sum(map(len, found.values())) > 50 and all(len(names) == 1 for names in persons.values())
