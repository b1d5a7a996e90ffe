"""The build-time layout on tiny graphs: every node placed, the same each time, the unlinked around the rest."""

import math

import networkx as nx

from kg.export import positions as layout
from kg.export.positions import SCALE, positions


def star(n: int) -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    graph.add_edges_from(("hub", f"leaf{i}") for i in range(n))
    return graph


def test_every_node_is_placed_and_the_same_each_time():
    graph = star(30)
    graph.add_node("alone")
    graph.add_edge("hub", "hub")  # a self-loop pulls on nothing
    first, second = positions(graph), positions(graph)
    assert first == second and set(first) == set(graph)
    assert all(math.isfinite(x) and math.isfinite(y) for x, y in first.values())


def test_nodes_beyond_the_backbone_lie_beside_what_they_link_to(monkeypatch):
    monkeypatch.setattr(layout, "LAYOUT_BACKBONE", 1)  # the hub alone is laid out; its leaves follow it
    where = positions(star(12))
    hub = where["hub"]
    distances = [math.dist(hub, where[f"leaf{i}"]) for i in range(12)]
    assert max(distances) <= 0.05 * SCALE and min(distances) > 0


def test_nodes_linked_to_no_placed_node_go_on_a_ring_outside(monkeypatch):
    monkeypatch.setattr(layout, "LAYOUT_BACKBONE", 3)
    graph = star(2)
    graph.add_edge("x", "y")  # a second component, outside the backbone of three
    graph.add_node("z")
    where = positions(graph)
    assert {n: round(math.hypot(*where[n])) for n in ("x", "y", "z")} == dict.fromkeys("xyz", round(1.2 * SCALE))


def test_an_empty_graph_has_no_positions():
    assert positions(nx.MultiDiGraph()) == {}
