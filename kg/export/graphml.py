"""GraphML with one typed key per field (`int` for counts and years), for igraph, yEd, Cytoscape and Gephi; the
authors are nodes too (kg.graph.author_nodes)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Sequence

import networkx as nx

from ..graph import with_authors
from ..records import Mention
from .options import ExportOptions
from .xml import (
    EDGE_FIELDS,
    NODE_FIELDS,
    attr,
    data_line,
    end,
    leaf,
    node_fields,
    start,
    text,
    values,
    write_xml,
)

GRAPHML_TYPES = {"string": "string", "integer": "int", "double": "double"}
GRAPHML_ROOT = {
    "xmlns": "http://graphml.graphdrawing.org/xmlns",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": "http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd",
}


LABEL = "label"  # a node's name under the key that yEd, Cytoscape and igraph show as its label


def key_id(kind: str, name: str) -> str:
    """GraphML key ids are unique in a file: an edge field named like a node field (`papers`) gets a prefix."""
    return f"edge_{name}" if kind == "edge" and name in dict(NODE_FIELDS) else name


def graphml_parts(graph: nx.MultiDiGraph) -> Iterator[str]:
    nodes, edges = with_authors(graph)
    yield start("graphml", GRAPHML_ROOT)
    node_attributes = node_fields(graph)
    yield leaf("key", {"id": LABEL, "for": "node", "attr.name": LABEL, "attr.type": "string"})
    for kind, fields in (("node", node_attributes), ("edge", EDGE_FIELDS)):
        for name, type_ in fields:
            yield leaf(
                "key", {"id": key_id(kind, name), "for": kind, "attr.name": name, "attr.type": GRAPHML_TYPES[type_]}
            )
    yield start("graph", {"id": "paperkg", "edgedefault": "directed"})
    node_keys = {name: f'<data key="{name}"' for name, _ in node_attributes}
    edge_keys = {name: f'<data key="{key_id("edge", name)}"' for name, _ in EDGE_FIELDS}
    for node, data in nodes:
        yield (
            f"<node id={attr(text(node))}>\n"
            + data_line(f'<data key="{LABEL}"', "data", text(data["name"]))
            + "".join(data_line(node_keys[name], "data", value) for name, value in values(data, node_attributes))
            + "</node>\n"
        )
    for source, target, data in edges:
        yield (
            f"<edge source={attr(text(source))} target={attr(text(target))}>\n"
            + "".join(data_line(edge_keys[name], "data", value) for name, value in values(data, EDGE_FIELDS))
            + "</edge>\n"
        )
    yield end("graph") + end("graphml")


def write_graphml(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    write_xml(path, graphml_parts(graph))
