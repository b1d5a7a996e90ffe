"""GEXF as real readers see it: the official GEXF 1.3 RelaxNG schema and graphology-gexf (the parser Gephi
Lite uses, run with node; installed from the npm registry with its lock file when missing)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import networkx as nx
import pytest
from lxml import etree

from kg.export.gexf import write_gexf
from tests.helpers import seed_authors, unavailable

JS = Path(__file__).with_name("js")


@pytest.fixture(scope="module")
def graphology() -> str:
    """Node.js, with graphology-gexf installed beside read_gexf.js (`npm ci` from the lock file, once)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        unavailable("Node.js and npm are needed to read the GEXF with graphology-gexf")
    if not (JS / "node_modules" / "graphology-gexf").is_dir():
        run = subprocess.run(
            [npm, "ci", "--prefix", str(JS), "--no-audit", "--no-fund"], capture_output=True, text=True, timeout=300
        )
        if run.returncode:
            unavailable(f"npm ci --prefix {JS} failed: {run.stderr.strip().splitlines()[-1:]}")
    return node


def schema(shared: Path) -> etree.RelaxNG:
    return etree.RelaxNG(etree.parse(str(shared / "schemas" / "gexf" / "gexf.rng")))


def test_gexf_is_valid_gexf_1_3(sample_build, shared):
    rng = schema(shared)
    doc = etree.parse(str(sample_build.out / "graph.gexf"))
    assert rng.validate(doc), rng.error_log
    assert doc.getroot().tag == "{http://gexf.net/1.3}gexf" and doc.getroot().get("version") == "1.3"
    viz = "{http://gexf.net/1.3/viz}"
    nodes = doc.getroot().iter("{http://gexf.net/1.3}node")
    assert all(n.find(viz + "color") is not None and n.find(viz + "size") is not None for n in nodes)


def test_gexf_loads_in_graphology(sample_build, graphology):
    run = subprocess.run(
        [graphology, str(JS / "read_gexf.js"), str(sample_build.out / "graph.gexf")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    graph, (authors, authored) = sample_build.graph, seed_authors()
    assert (seen["nodes"], seen["edges"]) == (
        graph.number_of_nodes() + len(authors),
        graph.number_of_edges() + len(authored),
    )
    assert seen["type"] == "directed" and seen["colored"] == seen["sized"] == seen["positioned"] == seen["nodes"]
    nodes, edges = seen["nodeAttributes"], seen["edgeAttributes"]
    assert nodes["papers"] == nodes["year"] == edges["mentions"] == ["number"]
    assert nodes["type"] == nodes["name"] == nodes["aliases"] == nodes["label"] == ["string"]
    assert edges["relation"] == ["string"]


def reversed_copy(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The same graph with its nodes and edges inserted in the opposite order."""
    copy = nx.MultiDiGraph()
    copy.add_nodes_from(reversed(list(graph.nodes(data=True))))
    copy.add_edges_from(reversed(list(graph.edges(keys=True, data=True))))
    return copy


def test_the_file_does_not_depend_on_insertion_order(sample_build, tmp_path):
    write_gexf(reversed_copy(sample_build.graph), tmp_path / "graph.gexf")
    assert (tmp_path / "graph.gexf").read_bytes() == (sample_build.out / "graph.gexf").read_bytes()


def bad_characters() -> nx.MultiDiGraph:
    """A graph whose texts hold characters XML 1.0 cannot carry."""
    graph = nx.MultiDiGraph()
    graph.add_node("p", type="Paper", name="A\x0c title", paper_id="p", year=None, authors=["A\x0b", "B"])
    graph.add_node("m", type="Method", name="Net\x00", aliases=["nets"], papers=1)
    graph.add_edge("p", "m", key="proposes", relation="proposes", mentions=1, sentence="We propose\x1b Net.")
    return graph


def test_characters_xml_cannot_hold_are_dropped(tmp_path, shared):
    write_gexf(bad_characters(), tmp_path / "g.gexf")
    rng = schema(shared)
    assert rng.validate(etree.parse(str(tmp_path / "g.gexf"))), rng.error_log
    names = [n.get("label") for n in etree.parse(str(tmp_path / "g.gexf")).iter("{http://gexf.net/1.3}node")]
    assert sorted(names) == ["A", "A title", "B", "Net"]  # the authors are nodes too


def viz_of(path: Path) -> dict[str, tuple[float, float, float]]:
    """Each node's size and position, as the file gives them."""
    viz = "{http://gexf.net/1.3/viz}"
    found = {}
    for node in etree.parse(str(path)).getroot().iter("{http://gexf.net/1.3}node"):
        position = node.find(viz + "position")
        found[node.get("id")] = (
            float(node.find(viz + "size").get("value")),
            float(position.get("x")),
            float(position.get("y")),
        )
    return found


def test_sizes_grow_with_the_square_root_of_papers(tmp_path):
    graph = nx.MultiDiGraph()
    graph.add_node("p", type="Paper", name="A paper", paper_id="p", year=None, authors=[])
    for papers in (1, 4, 16, 100):
        graph.add_node(f"m{papers}", type="Method", name=f"Net{papers}", aliases=[], papers=papers)
        graph.add_edge("p", f"m{papers}", key="usesMethod", relation="usesMethod", mentions=1)
    write_gexf(graph, tmp_path / "graph.gexf")
    sizes = {node: size for node, (size, _, _) in viz_of(tmp_path / "graph.gexf").items()}
    # twice the size for four times the papers: an area in proportion to them, from a paper's 10
    assert sizes == {"p": 10.0, "m1": 15.0, "m4": 20.0, "m16": 30.0, "m100": 60.0}


def test_linked_nodes_lie_closer_than_other_pairs(sample_build):
    viz = viz_of(sample_build.out / "graph.gexf")
    graph = nx.Graph(sample_build.graph)

    def distance(a, b):
        return ((viz[a][1] - viz[b][1]) ** 2 + (viz[a][2] - viz[b][2]) ** 2) ** 0.5

    nodes = sorted(graph)
    linked = [distance(a, b) for a, b in graph.edges()]
    pairs = [distance(a, b) for i, a in enumerate(nodes) for b in nodes[i + 1 :] if not graph.has_edge(a, b)]
    assert sum(linked) / len(linked) < 0.5 * sum(pairs) / len(pairs)
    assert len({(x, y) for _, x, y in viz.values()}) == len(viz)  # no two nodes on one spot
