"""The exports written side by side by the build and a forked process, and the store loaded from graph.ttl in the
forked writer's place."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Sequence

import networkx as nx
import pyoxigraph as ox

from kg.builder.writing import write_exports
from kg.export.gexf import write_gexf
from kg.export.graphml import write_graphml
from kg.export.html import write_html
from kg.export.options import ExportOptions
from kg.export.positions import drawing
from kg.export.store import write_store
from kg.graph import with_authors
from kg.layout import GEXF_FILE, GRAPH_FILE, GRAPHML_FILE, HTML_FILE, STORE_DIR
from kg.records import Mention

TRIPLE = '<https://example.org/a> <https://example.org/b> "c" .\n'


def one_triple(graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options=ExportOptions()) -> None:
    path.write_text(TRIPLE, encoding="utf-8")
    (path.parent / "graph.pid").write_text(str(os.getpid()), encoding="utf-8")


def written_slowly(
    graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options=ExportOptions()
) -> None:
    time.sleep(1.5)
    path.write_text(str(os.getpid()), encoding="utf-8")


def test_the_build_writes_beside_a_forked_writer_and_the_store_loads_in_its_place(tmp_path):
    """graph.ttl by a forked writer, the rest by the build, the store's loader started once graph.ttl is written
    and the forked writer is done, while the build writes on: at 31.7k abstracts a second forked writer held
    0.85 GB of its own."""
    staging = tmp_path / "staging"
    staging.mkdir()
    exports = {"a.txt": written_slowly, GRAPH_FILE: one_triple, "b.txt": written_slowly, STORE_DIR: write_store}
    seconds = write_exports(exports, nx.MultiDiGraph(), staging, [], ExportOptions(), tmp_path / "out", processes=2)
    assert seconds["a.txt"] >= 1.5 and seconds["b.txt"] >= 1.5 and f"{STORE_DIR} (wait)" in seconds
    build = str(os.getpid())
    assert (staging / "graph.pid").read_text() != build
    assert (staging / "a.txt").read_text() == build and (staging / "b.txt").read_text() == build
    store_files = [p for p in (staging / STORE_DIR).rglob("*") if p.is_file()]
    assert store_files
    loaded = min(p.stat().st_mtime for p in store_files)
    assert (staging / GRAPH_FILE).stat().st_mtime <= loaded < (staging / "b.txt").stat().st_mtime
    store = ox.Store.read_only(str(staging / STORE_DIR))
    assert [str(quad.object.value) for quad in store] == ["c"]


def test_graphml_gexf_and_the_page_share_one_drawing_worked_out_once_and_forgotten_after(sample_build, tmp_path):
    """What the three draw (the nodes and edges, authors included, and the layout) is worked out by the first of
    them and read by the others, the same bytes as worked out anew; and not kept past the exports, which would
    keep the build's graph in memory."""
    staging = tmp_path / "staging"
    staging.mkdir()
    caches = (with_authors, drawing)
    before = [cache.cache_info() for cache in caches]
    seen = []

    def probe(graph: nx.MultiDiGraph, path: Path, mentions: Sequence[Mention] = (), options=ExportOptions()) -> None:
        seen.append([cache.cache_info() for cache in caches])
        path.write_text("", encoding="utf-8")

    exports = {HTML_FILE: write_html, "probe": probe, GRAPHML_FILE: write_graphml, GEXF_FILE: write_gexf, "end": probe}
    write_exports(exports, sample_build.graph, staging, [], ExportOptions(), tmp_path / "out", processes=1)
    (after_page, at_end) = seen
    assert [info.misses - was.misses for info, was in zip(after_page, before)] == [1, 1]
    assert [info.misses - was.misses for info, was in zip(at_end, before)] == [1, 1]  # worked out once
    assert [info.hits - was.hits for info, was in zip(at_end, before)] == [1, 1]  # GraphML's nodes, GEXF's drawing
    assert [cache.cache_info().currsize for cache in caches] == [0, 0]
    write_gexf(sample_build.graph, tmp_path / "anew.gexf")
    assert (staging / GEXF_FILE).read_bytes() == (tmp_path / "anew.gexf").read_bytes()
