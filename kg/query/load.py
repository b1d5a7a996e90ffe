"""`kg.load`: a finished build as an rdflib Graph, for Python users (no spaCy here: it starts fast).

The Graph is an oxrdflib view over the build's Oxigraph store (`store/`), and its SPARQL runs in
Oxigraph: on ICML 2025 (820k triples) it opens in 0.1 s and 90 MB, where rdflib parsing graph.ttl
takes ~40 s and 1.2 GB, and counts the triples in 0.3 s to rdflib's 13 s (benchmarks/bench_load.py).
The store is opened with `Store.read_only`, not oxrdflib's `Graph.open`: that opens it read-write,
which rewrites RocksDB's manifest in the build folder and locks out every other opener. A folder
without a store (graph.ttl copied alone, say) is loaded into an in-memory Oxigraph store instead
(2.5 s, 360 MB). Either way the view cannot be written to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import rdflib
from oxrdflib import OxigraphStore
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID

from ..errors import QueryError
from ..layout import STORE_DIR
from .checks import refuse_unsafe
from .run import one_line, open_store

# What an Oxigraph store offers that does not write to it; everything else raises.
READS = frozenset({"query", "quads_for_pattern", "named_graphs", "contains_named_graph", "dump"})


class _Reads:
    """An Oxigraph store's reads only. oxrdflib calls its store directly, some of the time behind
    rdflib's back (its `ox-*` parsers load into it), so the writes are stopped here, where every path
    goes through, and an in-memory store (a folder without `store/`) is as read-only as one on disk."""

    def __init__(self, store: ox.Store, where: Path) -> None:
        self._store = store
        self._where = where

    def __getattr__(self, name: str) -> Any:
        if name in READS:
            return getattr(self._store, name)
        if name.startswith("_"):  # copy, pickle and hasattr() probes: not a write
            raise AttributeError(name)
        raise QueryError(f"{self._where}: the graph of a build is read-only (`{name}`); rebuild it to change it")

    def __len__(self) -> int:
        return len(self._store)


class _ReadOnlyOxigraph(OxigraphStore):
    """oxrdflib's store over `_Reads`; its query errors as QueryError; and a `len()` that does not scan:
    oxrdflib counts distinct triples with SPARQL (5.8 s and 400 MB at 820k triples), where Oxigraph
    knows its own size."""

    def __init__(self, store: ox.Store, where: Path) -> None:
        super().__init__(store=_Reads(store, where))  # type: ignore[arg-type]  # an ox.Store's reads, duck-typed

    def query(self, query: Any, initNs: Any, initBindings: Any, queryGraph: Any, **kwargs: Any) -> Any:  # noqa: N803
        """oxrdflib's query, with a query that cannot be read or run a QueryError, as `kg query` has it."""
        if isinstance(query, str):
            refuse_unsafe(query)
        try:
            return super().query(query, initNs, initBindings, queryGraph, **kwargs)
        except SyntaxError as exc:
            raise QueryError(f"invalid SPARQL: {one_line(exc)}") from None
        except RuntimeError as exc:  # Oxigraph's evaluation errors: a variable bound but not selected, say
            raise QueryError(f"cannot run the query: {one_line(exc)}") from None

    def __len__(self, context: Any = None) -> int:
        if next(iter(self._inner.named_graphs()), None) is None:  # a build writes the default graph only
            return len(self._inner)
        return super().__len__(context)


@dataclass(frozen=True)
class Build:
    """A finished build folder: `rdf` is its graph, read-only (`rdf.query(...)` runs in Oxigraph).
    `from_store` says whether it is read from the build's store, else from graph.ttl."""

    path: Path
    rdf: rdflib.Graph = field(repr=False, compare=False)
    from_store: bool


def load(build_dir: str | PathLike[str]) -> Build:
    """The build in `build_dir` (a `kg build --out` folder), its triples as a read-only rdflib Graph.

    Raises QueryError if the folder holds no graph, its store cannot be opened or its graph.ttl read;
    `rdf.query` raises it for SPARQL that cannot be read or run, and any write to `rdf` raises it too.
    """
    path = Path(build_dir)
    store = open_store(path)
    # The build's triples are in the store's default graph; an rdflib Graph of another identifier
    # (by default a fresh blank node) would be an empty named graph of it.
    graph = rdflib.Graph(store=_ReadOnlyOxigraph(store, path), identifier=DATASET_DEFAULT_GRAPH_ID)
    return Build(path=path, rdf=graph, from_store=(path / STORE_DIR).is_dir())
