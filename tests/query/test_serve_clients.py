"""`kg serve` read by the clients researchers use: SPARQLWrapper and rdflib's SPARQLStore, in the formats and
methods they speak."""

from __future__ import annotations

import pytest
import rdflib
from rdflib.plugins.stores.sparqlstore import SPARQLStore
from SPARQLWrapper import CSV, JSON, POST, TURTLE, XML, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import QueryBadFormed

KG = rdflib.Namespace("https://w3id.org/paperkg/ontology#")
PREFIX = "PREFIX kg: <https://w3id.org/paperkg/ontology#>\n"
PAPERS = PREFIX + "SELECT ?p WHERE { ?p a kg:Paper }"
CONSTRUCT = PREFIX + "CONSTRUCT { ?p a kg:Paper } WHERE { ?p a kg:Paper }"
PAPER_COUNT = 19  # the bundled sample


def wrapper(server, query: str, return_format: str, post: bool = False) -> SPARQLWrapper:
    client = SPARQLWrapper(server.url, returnFormat=return_format)
    client.setQuery(query)
    if post:
        client.setMethod(POST)
    return client


@pytest.mark.parametrize("post", [False, True], ids=["GET", "POST"])
def test_sparqlwrapper_select_in_json_xml_and_csv(server, post):
    bindings = wrapper(server, PAPERS, JSON, post).queryAndConvert()["results"]["bindings"]
    assert len(bindings) == PAPER_COUNT and all(b["p"]["type"] == "uri" for b in bindings)
    document = wrapper(server, PAPERS, XML, post).queryAndConvert()
    assert len(document.getElementsByTagName("result")) == PAPER_COUNT
    lines = wrapper(server, PAPERS, CSV, post).queryAndConvert().decode().strip().splitlines()
    assert lines[0] == "p" and len(lines) == 1 + PAPER_COUNT


def test_sparqlwrapper_ask_and_construct(server):
    assert wrapper(server, PREFIX + "ASK { ?p a kg:Paper }", JSON).queryAndConvert()["boolean"] is True
    turtle = wrapper(server, CONSTRUCT, TURTLE).queryAndConvert()
    assert len(rdflib.Graph().parse(data=turtle, format="turtle")) == PAPER_COUNT
    graph = wrapper(server, CONSTRUCT, XML).queryAndConvert()  # RDF/XML, parsed by SPARQLWrapper into a Graph
    assert set(graph.subjects(rdflib.RDF.type, KG.Paper)) == {
        rdflib.URIRef(b["p"]["value"]) for b in wrapper(server, PAPERS, JSON).queryAndConvert()["results"]["bindings"]
    }


def test_sparqlwrapper_sees_a_text_search_for_the_word_service(server):
    query = (
        PREFIX
        + "PREFIX dcterms: <http://purl.org/dc/terms/>\n"
        + 'SELECT ?p WHERE { ?p a kg:Paper ; dcterms:abstract ?a FILTER(!CONTAINS(?a, "SERVICE { }")) }'
    )
    assert len(wrapper(server, query, JSON).queryAndConvert()["results"]["bindings"]) == PAPER_COUNT


def test_sparqlwrapper_is_told_why_a_default_graph_is_refused(server):
    client = wrapper(server, PAPERS, JSON)
    client.addDefaultGraph("https://example.org/graph")
    with pytest.raises(QueryBadFormed, match="default graph"):
        client.queryAndConvert()


def test_rdflib_sparqlstore_reads_the_graph(server):
    graph = rdflib.Graph(store=SPARQLStore(server.url))
    papers = set(graph.subjects(rdflib.RDF.type, KG.Paper))
    assert len(papers) == PAPER_COUNT
    assert len(graph.query(PAPERS)) == PAPER_COUNT
    paper = min(papers)
    assert (paper, rdflib.RDF.type, KG.Paper) in graph
    assert graph.value(paper, rdflib.URIRef("http://purl.org/dc/terms/title")) is not None
