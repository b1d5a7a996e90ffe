"""Every export parses with its own reader whatever characters the input text holds."""

import csv
import json

import igraph
import lxml.etree
import networkx as nx
import pytest
import rdflib

from kg import build

# Characters JSON can carry and XML 1.0 cannot: the C0 controls but tab, newline and carriage return, U+FFFE/U+FFFF.
NOT_XML = "".join(chr(c) for c in range(32) if chr(c) not in "\t\n\r") + "\ufffe\uffff"
ABSTRACT = f"We propose FooNet for image classification.{NOT_XML}It beats ResNet on the ImageNet benchmark."
RDF_READERS = {"graph.ttl": "turtle", "graph.nt": "nt", "graph.jsonld": "json-ld", "graph.rdf": "xml"}


@pytest.fixture(scope="module")
def odd_build(tmp_path_factory):
    folder = tmp_path_factory.mktemp("odd")
    path = folder / "in.jsonl"
    path.write_text(json.dumps({"id": "p1", "title": f"FooNet{NOT_XML}", "abstract": ABSTRACT}) + "\n")
    return build([path], folder / "out", rdf_formats=("nt", "jsonld", "xml", "trig"))


@pytest.mark.parametrize("name", sorted(RDF_READERS))
def test_every_rdf_file_parses_and_keeps_the_abstract_length(odd_build, name):
    graph = rdflib.Graph().parse(odd_build.out / name, format=RDF_READERS[name])
    [abstract] = graph.objects(predicate=rdflib.DCTERMS.abstract)
    assert len(abstract) == len(ABSTRACT)  # offsets into the text stay right


def test_trig_parses(odd_build):
    assert len(rdflib.Dataset().parse(odd_build.out / "graph.trig", format="trig")) > 0


def test_xml_files_are_well_formed_and_read_by_their_clients(odd_build):
    for name in ("graph.rdf", "graph.gexf", "graph.graphml"):
        lxml.etree.parse(odd_build.out / name)
    assert nx.read_gexf(odd_build.out / "graph.gexf").number_of_nodes() > 1
    assert igraph.Graph.Read_GraphML(str(odd_build.out / "graph.graphml")).vcount() > 1


def test_mentions_and_neo4j_files_read_back_the_text_as_read(odd_build):
    [mention, *_] = (json.loads(line) for line in (odd_build.out / "mentions.jsonl").open(encoding="utf-8"))
    assert mention["paper"] == "p1"
    with open(odd_build.out / "neo4j" / "papers.csv", newline="", encoding="utf-8") as f:
        [paper] = csv.DictReader(f)
    assert paper["abstract"] == ABSTRACT
