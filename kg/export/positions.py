"""Node positions for Gephi and the page, so that a GEXF file opens laid out rather than as a random hairball
and the page draws at once.

A force-directed layout (Fruchterman–Reingold, as networkx's spring layout, in NumPy) costs the square of the
nodes it places, so it places the backbone only: the LAYOUT_BACKBONE best-connected nodes, spread evenly over
a disc. Every other node is then put beside the nodes it links to that are placed already (their mean, and a
small offset of its own), reached outward from the backbone; a node linked to none of them goes on a ring
outside; the authors, after the layout, beside their papers (`drawing`). Deterministic: the same graph gives
the same positions, so builds stay byte-identical.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from functools import lru_cache
from typing import Iterable

import networkx as nx
import numpy as np

from ..graph import with_authors
from ..settings import AUTHORED

LAYOUT_BACKBONE = 600  # nodes the force-directed layout places (0.5 s here); the others follow them
ITERATIONS = 50
SCALE = 1000.0  # positions run from about -SCALE to SCALE
OFFSET = 0.03  # how far a node that follows its neighbours lies from their mean, as a share of SCALE


def spring(n: int, edges: list[tuple[int, int]], seed: int = 0) -> np.ndarray:
    """Fruchterman–Reingold positions of `n` nodes in the unit square's scale: the pull of each edge against
    the push of every pair, cooled linearly over ITERATIONS steps."""
    rng = np.random.default_rng(seed)
    pos = rng.random((n, 2))
    if n < 2:
        return pos
    adjacency = np.zeros((n, n))
    for i, j in edges:
        adjacency[i, j] = adjacency[j, i] = 1.0
    k = math.sqrt(1.0 / n)
    temperature = 0.1
    cooling = temperature / (ITERATIONS + 1)
    for _ in range(ITERATIONS):
        delta = pos[:, None, :] - pos[None, :, :]
        distance = np.maximum(np.sqrt((delta**2).sum(axis=-1)), 0.01)
        force = k * k / distance**2 - adjacency * distance / k
        displacement = (delta * force[:, :, None]).sum(axis=1)
        length = np.maximum(np.sqrt((displacement**2).sum(axis=-1)), 0.01)
        pos += displacement * (temperature / length)[:, None]
        temperature -= cooling
    return pos


def even_disc(pos: np.ndarray) -> np.ndarray:
    """The layout spread evenly over a disc of radius SCALE: each node keeps its direction from the centre and
    its rank by distance, so that the hubs a force-directed layout packs into the middle (they share papers)
    come apart, and the outliers it throws far come in."""
    centred = pos - pos.mean(axis=0)
    radius = np.sqrt((centred**2).sum(axis=1))
    rank = np.empty(len(pos))
    rank[np.argsort(radius, kind="stable")] = np.arange(len(pos))
    scale = SCALE * np.sqrt((rank + 0.5) / len(pos)) / np.maximum(radius, 1e-9)
    return centred * scale[:, None]


def offset(node: str) -> tuple[float, float]:
    """A small offset of a node's own, the same in every build."""
    angle = int.from_bytes(hashlib.sha1(node.encode("utf-8", "surrogatepass")).digest()[:4], "big") / 2**32
    return math.cos(2 * math.pi * angle), math.sin(2 * math.pi * angle)


def beside(node: str, near: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a node goes beside the placed nodes `near` it: their mean, and a small offset of its own."""
    dx, dy = offset(node)
    return (
        sum(x for x, _ in near) / len(near) + dx * OFFSET * SCALE,
        sum(y for _, y in near) / len(near) + dy * OFFSET * SCALE,
    )


def positions(graph: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """Every node's (x, y), about -SCALE to SCALE."""
    neighbours: dict[str, set[str]] = {node: set() for node in graph}
    for source, target in graph.edges():
        if source != target:
            neighbours[source].add(target)
            neighbours[target].add(source)
    backbone = sorted(graph, key=lambda node: (-len(neighbours[node]), node))[:LAYOUT_BACKBONE]
    if not backbone:
        return {}
    index = {node: i for i, node in enumerate(backbone)}
    edges = [(index[a], index[b]) for a in backbone for b in neighbours[a] if b in index and index[a] < index[b]]
    laid = even_disc(spring(len(backbone), sorted(edges)))
    placed = {node: (float(x), float(y)) for node, (x, y) in zip(backbone, laid)}
    queue = deque(backbone)
    while queue:  # outward from the backbone: each node beside the placed nodes it links to
        for node in sorted(n for n in neighbours[queue.popleft()] if n not in placed):
            placed[node] = beside(node, [placed[n] for n in neighbours[node] if n in placed])
            queue.append(node)
    unlinked = sorted(node for node in graph if node not in placed)
    for i, node in enumerate(unlinked):  # not linked to the backbone at all: a ring around the rest
        angle = 2 * math.pi * i / len(unlinked)
        placed[node] = (1.2 * SCALE * math.cos(angle), 1.2 * SCALE * math.sin(angle))
    return placed


def place_authors(where: dict[str, tuple[float, float]], authored: Iterable[tuple[str, str]]) -> None:
    """Add to `where` a place for each author of the (author, paper) pairs `authored` (kg.graph.author_nodes),
    beside its papers: after the layout, so that the other nodes keep their places."""
    papers: dict[str, list[str]] = {}
    for author, paper in authored:
        papers.setdefault(author, []).append(paper)
    for author, its_papers in papers.items():
        where[author] = beside(author, [where[paper] for paper in its_papers])


@lru_cache(maxsize=1)  # GEXF and the page of one build share it (kg.export.writers.EXPORT_CACHES)
def drawing(
    graph: nx.MultiDiGraph,
) -> tuple[list[tuple[str, dict]], list[tuple[str, str, dict]], dict[str, tuple[float, float]]]:
    """What GEXF and the page draw: every node and edge, the authors' included (kg.graph.with_authors), and each
    node's place, the layout's (`positions`) and each author's beside its papers."""
    where = positions(graph)
    nodes, edges = with_authors(graph)
    place_authors(where, [(source, target) for source, target, d in edges if d["relation"] == AUTHORED])
    return nodes, edges, where
