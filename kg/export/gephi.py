"""Gephi files: GEXF 1.3 and GraphML, streamed element by element from one table of typed fields.

networkx writes GEXF 1.2draft only, whose schema rejects its `viz` elements and empty graph name, and
types Python ints as GraphML `long`; so both files are written here. Nodes and edges are sorted, so the
same graph always gives the same bytes.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from xml.sax.saxutils import XMLGenerator

import networkx as nx

from ..settings import NODE_STYLE, PAPER, RELATION_COLORS

# (attribute, GEXF type). Lists are joined with "; ": not every reader knows GEXF's list types.
NODE_FIELDS = (
    ("type", "string"), ("name", "string"), ("aliases", "string"), ("papers", "integer"),
    ("paper_id", "string"), ("title", "string"), ("url", "string"), ("venue", "string"),
    ("year", "integer"), ("authors", "string"),
)
EDGE_FIELDS = (("relation", "string"), ("mentions", "integer"), ("sentence", "string"), ("papers", "integer"))
GRAPHML_TYPES = {"string": "string", "integer": "int"}
GEXF_ROOT = {"xmlns": "http://gexf.net/1.3", "xmlns:viz": "http://gexf.net/1.3/viz", "version": "1.3"}
GRAPHML_ROOT = {
    "xmlns": "http://graphml.graphdrawing.org/xmlns",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": "http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd",
}
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")  # no XML 1.0 document may hold these


def text(value: object) -> str:
    """A value as XML text: lists joined, characters that XML 1.0 cannot carry dropped."""
    if isinstance(value, (list, tuple)):
        value = "; ".join(map(str, value))
    return NOT_XML.sub("", str(value))


def node_size(data: dict) -> float:
    return 10.0 if data["type"] == PAPER else 5.0 + 5.0 * data["papers"]


def rgb(colour: str) -> dict[str, str]:
    return {channel: str(int(colour[i : i + 2], 16)) for channel, i in zip("rgb", (1, 3, 5))}


def values(data: dict, fields: tuple[tuple[str, str], ...]) -> Iterator[tuple[str, str]]:
    """(field, text) for each field the element has (None means absent)."""
    return ((name, text(data[name])) for name, _ in fields if data.get(name) is not None)


def sorted_edges(graph: nx.MultiDiGraph) -> list[tuple[str, str, dict]]:
    return [(s, t, d) for s, t, _, d in sorted(graph.edges(keys=True, data=True), key=lambda e: e[:3])]


@contextmanager
def xml_file(path: Path) -> Iterator[XMLGenerator]:
    with open(path, "wb") as out:
        xml = XMLGenerator(out, "utf-8", short_empty_elements=True)
        xml.startDocument()
        yield xml
        xml.endDocument()


@contextmanager
def tag(xml: XMLGenerator, name: str, attrs: dict[str, str] | None = None) -> Iterator[None]:
    """An element with children, one line per tag."""
    xml.startElement(name, attrs or {})
    xml.ignorableWhitespace("\n")
    yield
    xml.endElement(name)
    xml.ignorableWhitespace("\n")


def leaf(xml: XMLGenerator, name: str, attrs: dict[str, str], content: str | None = None) -> None:
    xml.startElement(name, attrs)
    if content is not None:
        xml.characters(content)
    xml.endElement(name)
    xml.ignorableWhitespace("\n")


def write_gexf(graph: nx.MultiDiGraph, path: Path) -> None:
    """GEXF 1.3 (valid against the official RelaxNG schema) with a colour by type and a size by papers."""
    with xml_file(path) as xml, tag(xml, "gexf", GEXF_ROOT):
        with tag(xml, "meta"):
            leaf(xml, "creator", {}, "paperkg")
            leaf(xml, "description", {}, "Papers and the methods, tasks and datasets they mention")
        with tag(xml, "graph", {"defaultedgetype": "directed", "mode": "static"}):
            for kind, fields in (("node", NODE_FIELDS), ("edge", EDGE_FIELDS)):
                with tag(xml, "attributes", {"class": kind, "mode": "static"}):
                    for name, type_ in fields:
                        leaf(xml, "attribute", {"id": name, "title": name, "type": type_})
            with tag(xml, "nodes", {"count": str(graph.number_of_nodes())}):
                for node, data in sorted(graph.nodes(data=True)):
                    with tag(xml, "node", {"id": text(node), "label": text(data["name"])}):
                        with tag(xml, "attvalues"):
                            for name, value in values(data, NODE_FIELDS):
                                leaf(xml, "attvalue", {"for": name, "value": value})
                        leaf(xml, "viz:color", rgb(NODE_STYLE[data["type"]]["color"]))
                        leaf(xml, "viz:size", {"value": str(node_size(data))})
            with tag(xml, "edges", {"count": str(graph.number_of_edges())}):
                for i, (source, target, data) in enumerate(sorted_edges(graph)):
                    attrs = {"id": str(i), "source": text(source), "target": text(target),
                             "label": data["relation"], "weight": str(data["mentions"])}
                    with tag(xml, "edge", attrs):
                        with tag(xml, "attvalues"):
                            for name, value in values(data, EDGE_FIELDS):
                                leaf(xml, "attvalue", {"for": name, "value": value})
                        leaf(xml, "viz:color", rgb(RELATION_COLORS[data["relation"]]))


def key_id(kind: str, name: str) -> str:
    """GraphML key ids are unique in a file: an edge field named like a node field (`papers`) gets a prefix."""
    return f"edge_{name}" if kind == "edge" and name in dict(NODE_FIELDS) else name


def write_graphml(graph: nx.MultiDiGraph, path: Path) -> None:
    """GraphML with one typed key per field (`int` for counts and years)."""
    with xml_file(path) as xml, tag(xml, "graphml", GRAPHML_ROOT):
        for kind, fields in (("node", NODE_FIELDS), ("edge", EDGE_FIELDS)):
            for name, type_ in fields:
                leaf(xml, "key", {"id": key_id(kind, name), "for": kind, "attr.name": name, "attr.type": GRAPHML_TYPES[type_]})
        with tag(xml, "graph", {"id": "paperkg", "edgedefault": "directed"}):
            for node, data in sorted(graph.nodes(data=True)):
                with tag(xml, "node", {"id": text(node)}):
                    for name, value in values(data, NODE_FIELDS):
                        leaf(xml, "data", {"key": name}, value)
            for source, target, data in sorted_edges(graph):
                with tag(xml, "edge", {"source": text(source), "target": text(target)}):
                    for name, value in values(data, EDGE_FIELDS):
                        leaf(xml, "data", {"key": key_id("edge", name)}, value)
