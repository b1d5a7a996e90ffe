"""GraphML as igraph and networkx read it."""

from __future__ import annotations

import igraph
import networkx as nx
from lxml import etree

from kg.export.graphml import write_graphml
from tests.export.test_gexf import bad_characters, reversed_copy
from tests.helpers import seed_authors

GRAPHML_NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


def test_graphml_is_typed_for_igraph_and_networkx(sample_build):
    path = sample_build.out / "graph.graphml"
    keys = {k.get("attr.name"): k.get("attr.type") for k in etree.parse(str(path)).iterfind("g:key", GRAPHML_NS)}
    ids = [k.get("id") for k in etree.parse(str(path)).iterfind("g:key", GRAPHML_NS)]
    assert len(ids) == len(set(ids)), "GraphML key ids must be unique (an edge field named like a node field)"
    assert keys["papers"] == keys["year"] == keys["mentions"] == "int" and keys["type"] == "string"
    graph, (authors, authored) = sample_build.graph, seed_authors()
    counts = (graph.number_of_nodes() + len(authors), graph.number_of_edges() + len(authored))
    ig = igraph.Graph.Read_GraphML(str(path))
    assert (ig.vcount(), ig.ecount()) == counts
    assert all(v["papers"] >= 1 for v in ig.vs.select(type_ne="Paper"))
    assert all(e["mentions"] >= 1 for e in ig.es if e["relation"] not in {"broader", "mayStandFor", "authored"})
    entities = ig.vs.select(type_notin=("Paper", "Author"))
    assert all(v["papers_with_narrower"] >= v["papers"] for v in entities)
    nxg = nx.read_graphml(path)
    assert (nxg.number_of_nodes(), nxg.number_of_edges()) == counts
    assert all(type(d["papers"]) is int for _, d in nxg.nodes(data=True) if d["type"] != "Paper")
    assert all(
        type(d["mentions"]) is int
        for *_, d in nxg.edges(data=True)
        if d["relation"] not in {"broader", "mayStandFor", "authored"}
    )


def test_every_node_has_its_name_as_label(sample_build):
    path = sample_build.out / "graph.graphml"
    names = {node: data["name"] for node, data in sample_build.graph.nodes(data=True)}
    read = {n: (d["type"], d["label"]) for n, d in nx.read_graphml(path).nodes(data=True)}
    assert {n: label for n, (kind, label) in read.items() if kind != "Author"} == names
    assert {" ".join(label.split()).casefold() for kind, label in read.values() if kind == "Author"} == seed_authors()[
        0
    ]
    assert {v["id"]: v["label"] for v in igraph.Graph.Read_GraphML(str(path)).vs} == {
        n: label for n, (_, label) in read.items()
    }


def test_an_author_is_a_node_linked_to_each_of_their_papers(sample_build):
    graph = nx.read_graphml(sample_build.out / "graph.graphml")
    papers = {d["paper_id"]: n for n, d in graph.nodes(data=True) if d["type"] == "Paper"}
    authored = {
        (" ".join(graph.nodes[a]["label"].split()).casefold(), graph.nodes[p]["paper_id"])
        for a, p, d in graph.edges(data=True)
        if d["relation"] == "authored"
    }
    assert authored == seed_authors()[1]
    assert all(
        graph.nodes[a]["type"] == "Author" and p in papers.values()
        for a, p, d in graph.edges(data=True)
        if d["relation"] == "authored"
    )
    assert all(d["papers"] == graph.out_degree(n) for n, d in graph.nodes(data=True) if d["type"] == "Author")


def test_the_file_does_not_depend_on_insertion_order(sample_build, tmp_path):
    write_graphml(reversed_copy(sample_build.graph), tmp_path / "graph.graphml")
    assert (tmp_path / "graph.graphml").read_bytes() == (sample_build.out / "graph.graphml").read_bytes()


def test_characters_xml_cannot_hold_are_dropped(tmp_path):
    write_graphml(bad_characters(), tmp_path / "g.graphml")
    back = nx.read_graphml(tmp_path / "g.graphml")
    assert back.nodes["p"]["name"] == "A title" and back.nodes["m"]["name"] == "Net"
    assert back.nodes["p"]["authors"] == "A; B" and "year" not in back.nodes["p"]
