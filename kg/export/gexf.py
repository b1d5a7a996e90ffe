"""GEXF 1.3 for Gephi (valid against the official RelaxNG schema), with a colour by type, a size by papers
and a position from a layout made at build time (kg.export.positions); the authors are nodes too
(kg.graph.author_nodes), each beside its papers."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Sequence

import networkx as nx

from ..records import Mention
from ..settings import AUTHOR, AUTHOR_STYLE, NODE_STYLE, RELATION_COLORS, node_size
from .options import ExportOptions
from .positions import drawing
from .xml import EDGE_FIELDS, attr, end, leaf, node_fields, start, text, values, write_xml

GEXF_ROOT = {"xmlns": "http://gexf.net/1.3", "xmlns:viz": "http://gexf.net/1.3/viz", "version": "1.3"}


def attvalues(data: dict, fields: tuple[tuple[str, str], ...]) -> str:
    """A GEXF node's or edge's fields (their names need no quoting)."""
    lines = "".join(f'<attvalue for="{name}" value={attr(value)}/>\n' for name, value in values(data, fields))
    return f"<attvalues>\n{lines}</attvalues>\n"


def rgb(colour: str) -> dict[str, str]:
    return {channel: str(int(colour[i : i + 2], 16)) for channel, i in zip("rgb", (1, 3, 5))}


def gexf_parts(graph: nx.MultiDiGraph) -> Iterator[str]:
    nodes, edges, where = drawing(graph)  # the page's positions too
    yield start("gexf", GEXF_ROOT)
    yield start("meta") + leaf("creator", {}, "paperkg")
    yield leaf("description", {}, "Papers and the methods, tasks and datasets they mention") + end("meta")
    yield start("graph", {"defaultedgetype": "directed", "mode": "static"})
    node_attributes = node_fields(graph)
    for kind, fields in (("node", node_attributes), ("edge", EDGE_FIELDS)):
        yield start("attributes", {"class": kind, "mode": "static"})
        yield "".join(leaf("attribute", {"id": name, "title": name, "type": type_}) for name, type_ in fields)
        yield end("attributes")
    colours = {kind: leaf("viz:color", rgb(style["color"])) for kind, style in NODE_STYLE.items()}
    colours[AUTHOR] = leaf("viz:color", rgb(AUTHOR_STYLE["color"]))
    yield start("nodes", {"count": str(len(nodes))})
    for node, data in nodes:
        x, y = where[node]
        yield (
            f"<node id={attr(text(node))} label={attr(text(data['name']))}>\n{attvalues(data, node_attributes)}"
            f'{colours[data["type"]]}<viz:size value="{node_size(data["type"], data.get("papers", 1)):.1f}"/>\n'
            f'<viz:position x="{x:.1f}" y="{y:.1f}" z="0.0"/>\n</node>\n'
        )
    yield end("nodes")
    colours = {relation: leaf("viz:color", rgb(colour)) for relation, colour in RELATION_COLORS.items()}
    yield start("edges", {"count": str(len(edges))})
    for i, (source, target, data) in enumerate(edges):
        attrs = {
            "id": str(i),
            "source": text(source),
            "target": text(target),
            "label": data["relation"],
            "weight": str(data.get("mentions", 1)),
        }
        yield f"{start('edge', attrs)}{attvalues(data, EDGE_FIELDS)}{colours[data['relation']]}</edge>\n"
    yield end("edges") + end("graph") + end("gexf")


def write_gexf(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options: ExportOptions = ExportOptions()
) -> None:
    write_xml(path, gexf_parts(graph))
