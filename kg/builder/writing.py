"""Writing the exports into the staging folder: one after another, or, on more than one core, side by side in
processes forked from the build, which share its graph rather than receive a copy. graph.ttl goes first either
way: one after another, the store's loader reads it while the others are written; side by side, once the writers
are done (beside them, its memory added to theirs: 1.9 GB at 31.7k abstracts, a peak of 4.8 GB against 3.2 GB,
for about as long a time)."""

from __future__ import annotations

import gc
import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

import networkx as nx

from ..errors import OutputError
from ..export.options import ExportOptions
from ..export.store import StoreLoad
from ..export.writers import Writer
from ..layout import STORE_DIR
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
    """Every export but the store in forked processes, in the order of `exports`; then the store's loader,
    started here."""
    global _shared
    _shared = shared
    gc.freeze()  # the writers' collector leaves what they inherit alone: its passes would copy every page of it
    pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"))
    try:
        futures: dict[Future[float], str] = {
            pool.submit(write_one, write, staging / name): name for name, write in exports.items() if name != STORE_DIR
        }
        for future in as_completed(futures):
            name = futures[future]
            with unwritten(name, out):
                seconds[name] = future.result()
    finally:
        pool.shutdown(cancel_futures=True)  # on an error, the writers still running finish before staging goes
        gc.unfreeze()
        _shared = None
    if STORE_DIR in exports:
        graph, mentions, options = shared
        load = exports[STORE_DIR](graph, staging / STORE_DIR, mentions, options)
        assert isinstance(load, StoreLoad)
        loads[STORE_DIR] = load


def write_one(write: Writer, path: Path) -> float:
    """In a forked process: write one export of the shared graph; its seconds."""
    assert _shared is not None, "forked after `write_forked` set what to write"
    started = time.perf_counter()
    graph, mentions, options = _shared
    write(graph, path, mentions, options)
    return time.perf_counter() - started
