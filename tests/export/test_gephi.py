"""GEXF and GraphML as real readers see them: the official GEXF 1.3 RelaxNG schema, graphology-gexf
(the parser Gephi Lite uses, run with node), igraph and networkx."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import igraph
import networkx as nx
from lxml import etree

from kg.export.gexf import write_gexf
from kg.export.graphml import write_graphml

JS = Path(__file__).with_name("js")
GRAPHML_NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


def test_gexf_is_valid_gexf_1_3(sample_build, shared):
    schema = etree.RelaxNG(etree.parse(str(shared / "schemas" / "gexf" / "gexf.rng")))
    doc = etree.parse(str(sample_build.out / "graph.gexf"))
    assert schema.validate(doc), schema.error_log
    assert doc.getroot().tag == "{http://gexf.net/1.3}gexf" and doc.getroot().get("version") == "1.3"
    viz = "{http://gexf.net/1.3/viz}"
    nodes = doc.getroot().iter("{http://gexf.net/1.3}node")
    assert all(n.find(viz + "color") is not None and n.find(viz + "size") is not None for n in nodes)


def test_gexf_loads_in_graphology(sample_build):
    node = shutil.which("node")
    assert node, "Node.js is needed to check the GEXF with graphology-gexf"
    assert (JS / "node_modules" / "graphology-gexf").is_dir(), f"run `npm ci --prefix {JS}` first"
    run = subprocess.run([node, str(JS / "read_gexf.js"), str(sample_build.out / "graph.gexf")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    graph = sample_build.graph
    assert (seen["nodes"], seen["edges"]) == (graph.number_of_nodes(), graph.number_of_edges())
    assert seen["type"] == "directed" and seen["colored"] == seen["sized"] == seen["nodes"]
    nodes, edges = seen["nodeAttributes"], seen["edgeAttributes"]
    assert nodes["papers"] == nodes["year"] == edges["mentions"] == ["number"]
    assert nodes["type"] == nodes["name"] == nodes["aliases"] == nodes["label"] == ["string"]
    assert edges["relation"] == ["string"]


def test_graphml_is_typed_for_igraph_and_networkx(sample_build):
    path = sample_build.out / "graph.graphml"
    keys = {k.get("attr.name"): k.get("attr.type") for k in etree.parse(str(path)).iterfind("g:key", GRAPHML_NS)}
    ids = [k.get("id") for k in etree.parse(str(path)).iterfind("g:key", GRAPHML_NS)]
    assert len(ids) == len(set(ids)), "GraphML key ids must be unique (an edge field named like a node field)"
    assert keys["papers"] == keys["year"] == keys["mentions"] == "int" and keys["type"] == "string"
    graph = sample_build.graph
    ig = igraph.Graph.Read_GraphML(str(path))
    assert (ig.vcount(), ig.ecount()) == (graph.number_of_nodes(), graph.number_of_edges())
    assert all(v["papers"] >= 1 for v in ig.vs.select(type_ne="Paper"))
    assert all(e["mentions"] >= 1 for e in ig.es)
    nxg = nx.read_graphml(path)
    assert (nxg.number_of_nodes(), nxg.number_of_edges()) == (graph.number_of_nodes(), graph.number_of_edges())
    assert all(type(d["papers"]) is int for _, d in nxg.nodes(data=True) if d["type"] != "Paper")
    assert all(type(d["mentions"]) is int for *_, d in nxg.edges(data=True))


def test_gephi_files_do_not_depend_on_insertion_order(sample_build, tmp_path):
    graph = sample_build.graph
    shuffled = nx.MultiDiGraph()
    shuffled.add_nodes_from(reversed(list(graph.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(graph.edges(keys=True, data=True))))
    write_gexf(shuffled, tmp_path / "graph.gexf")
    write_graphml(shuffled, tmp_path / "graph.graphml")
    for name in ("graph.gexf", "graph.graphml"):
        assert (tmp_path / name).read_bytes() == (sample_build.out / name).read_bytes(), name


def test_characters_xml_cannot_hold_are_dropped(tmp_path, shared):
    graph = nx.MultiDiGraph()
    graph.add_node("p", type="Paper", name="A\x0c title", paper_id="p", year=None, authors=["A", "B"])
    graph.add_node("m", type="Method", name="Net\x00", aliases=["nets"], papers=1)
    graph.add_edge("p", "m", key="proposes", relation="proposes", mentions=1, sentence="We propose\x1b Net.")
    write_gexf(graph, tmp_path / "g.gexf")
    write_graphml(graph, tmp_path / "g.graphml")
    schema = etree.RelaxNG(etree.parse(str(shared / "schemas" / "gexf" / "gexf.rng")))
    assert schema.validate(etree.parse(str(tmp_path / "g.gexf"))), schema.error_log
    back = nx.read_graphml(tmp_path / "g.graphml")
    assert back.nodes["p"]["name"] == "A title" and back.nodes["m"]["name"] == "Net"
    assert back.nodes["p"]["authors"] == "A; B" and "year" not in back.nodes["p"]
