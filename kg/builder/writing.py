"""Writing the exports into the staging folder: one after another, or, on more than one core, side by side by the
build and processes forked from it, which share its graph rather than receive a copy. graph.ttl goes first either
way: one after another, the store's loader reads it while the others are written; side by side, once graph.ttl
is written and the forked writers are done, while the build writes the rest."""

from __future__ import annotations

import gc
import multiprocessing
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

import networkx as nx

from ..errors import OutputError
from ..export.options import ExportOptions
from ..export.store import StoreLoad
from ..export.writers import EXPORT_CACHES, Writer
from ..layout import GRAPH_FILE, STORE_DIR
from ..records import Mention

Shared = tuple[nx.MultiDiGraph, Sequence[Mention], ExportOptions]
_shared: Shared | None = None  # what a forked writer writes: set before the fork, so never pickled


@contextmanager
def unwritten(name: str, out: Path) -> Iterator[None]:
    """An OSError writing export `name` (disk full, quota, file size limit) as the build's one-line error."""
    try:
        yield
    except OSError as exc:
        raise OutputError(f"cannot write {name} ({exc.strerror or exc}); no export was replaced", out) from None


def write_exports(
    exports: dict[str, Writer],
    graph: nx.MultiDiGraph,
    staging: Path,
    mentions: Sequence[Mention],
    options: ExportOptions,
    out: Path,
    processes: int,
) -> dict[str, float]:
    """Write each export into `staging`, side by side in `processes` where there are more than one and they
    can fork; the seconds each took, and the store's wait, "store (wait)"."""
    seconds: dict[str, float] = {}
    loads: dict[str, StoreLoad] = {}
    try:
        if processes > 1 and "fork" in multiprocessing.get_all_start_methods():
            write_forked(exports, (graph, mentions, options), staging, out, processes, seconds, loads)
        else:
            for name, write in exports.items():
                started = time.perf_counter()
                with unwritten(name, out):
                    if isinstance(load := write(graph, staging / name, mentions, options), StoreLoad):
                        loads[name] = load
                seconds[name] = time.perf_counter() - started
        for name, load in loads.items():
            started = time.perf_counter()
            with unwritten(name, out):
                load.wait()
            seconds[f"{name} (wait)"] = time.perf_counter() - started
    finally:
        for load in loads.values():
            load.stop()
        for cache in EXPORT_CACHES:
            cache.cache_clear()
    return seconds


def write_forked(
    exports: dict[str, Writer],
    shared: Shared,
    staging: Path,
    out: Path,
    processes: int,
    seconds: dict[str, float],
    loads: dict[str, StoreLoad],
) -> None:
    """Every export but the store, by the build itself and by `processes` - 1 forked writers, graph.ttl first
    and forked, the others in the order of `exports`, each taking the next export when it is free; once
    graph.ttl is written, the store's loader in the forked writers' place, the build writing what is left.

    The build writes too rather than wait: what a process reads of the graph it shares with another, it copies
    (reading an object writes its reference count), so each forked writer holds its own copy of most of the
    graph (0.85 GB at 31.7k abstracts), and one fewer saves one. The loader (0.4 GB) takes the forked writers'
    core as they end, and its time overlaps the build's writing: a forked writer beside it made the exports of
    31.7k abstracts no faster, and their peak 0.2 GB higher."""
    global _shared
    _shared = shared
    pending = [name for name in exports if name != STORE_DIR]
    loading = STORE_DIR in exports
    if loading:  # the loader reads graph.ttl
        pending.sort(key=lambda name: name != GRAPH_FILE)
    gc.freeze()  # the writers' collector leaves what they inherit alone: its passes would copy every page of it
    pool = ProcessPoolExecutor(processes - 1, mp_context=multiprocessing.get_context("fork"))
    running: dict[Future[float], str] = {}
    try:
        while pending or running:
            while pending and len(running) < processes - 1 and not (loading and GRAPH_FILE in seconds):
                name = pending.pop(0)
                running[pool.submit(write_one, exports[name], staging / name)] = name
            if pending:
                name = pending.pop(0)
                with unwritten(name, out):
                    seconds[name] = write_one(exports[name], staging / name)
            done, _ = wait(running, timeout=0 if pending else None, return_when=FIRST_COMPLETED)
            for future in done:
                name = running.pop(future)
                with unwritten(name, out):
                    seconds[name] = future.result()
            if loading and STORE_DIR not in loads and GRAPH_FILE in seconds and not running:
                pool.shutdown()  # the forked writers end before the loader starts
                loads[STORE_DIR] = start_load(exports[STORE_DIR], shared, staging)
    finally:
        pool.shutdown(cancel_futures=True)  # on an error, the writers still running finish before staging goes
        gc.unfreeze()
        _shared = None


def start_load(write: Writer, shared: Shared, staging: Path) -> StoreLoad:
    """Start the store's loader (kg.export.store.write_store) on the graph.ttl in `staging`."""
    graph, mentions, options = shared
    load = write(graph, staging / STORE_DIR, mentions, options)
    assert isinstance(load, StoreLoad)
    return load


def write_one(write: Writer, path: Path) -> float:
    """In the build or a forked writer: write one export of the shared graph; its seconds."""
    assert _shared is not None, "called, or forked, after `write_forked` set what to write"
    started = time.perf_counter()
    graph, mentions, options = _shared
    write(graph, path, mentions, options)
    return time.perf_counter() - started
