"""Gephi files: GraphML and GEXF, with list attributes joined and a colour and size on every node.

networkx's writers reject list values and None, so attributes are flattened first.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from ..settings import NODE_STYLE, PAPER

SKIP = {"abstract"}  # too long to be useful as a node attribute in Gephi


def flat(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return "; ".join(map(str, value))
    return value


def flat_graph(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy with scalar attributes only (lists joined, None left out)."""
    out = nx.MultiDiGraph()
    for node, data in graph.nodes(data=True):
        out.add_node(node, **{k: flat(v) for k, v in data.items() if v is not None and k not in SKIP})
    for source, target, key, data in graph.edges(keys=True, data=True):
        out.add_edge(source, target, key=key, **{k: flat(v) for k, v in data.items() if v is not None})
    return out


def node_size(data: dict) -> float:
    return 10.0 if data["type"] == PAPER else 5.0 + 5.0 * data["papers"]


def write_graphml(graph: nx.MultiDiGraph, path: Path) -> None:
    nx.write_graphml(flat_graph(graph), path, encoding="utf-8")


def write_gexf(graph: nx.MultiDiGraph, path: Path) -> None:
    flat = flat_graph(graph)
    for node, data in flat.nodes(data=True):
        colour = NODE_STYLE[data["type"]]["color"]
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        data["viz"] = {"color": {"r": r, "g": g, "b": b, "a": 1.0}, "size": node_size(graph.nodes[node])}
    nx.write_gexf(flat, path, encoding="utf-8")
