"""Extraction at scale: parses found in the cache first, the rest in worker processes (or Dask tasks),
merged into records in input order, so that the result never depends on who parsed what.

This module does not import spaCy: a build whose abstracts are all cached never loads the model.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generator

from threadpoolctl import threadpool_limits
from tqdm import tqdm

from ..clean import CleanText, clean
from ..corpus import Paper
from ..errors import KGError
from ..layout import CACHE_FILE
from ..nlp.docdata import DocData, Reading, Records, fits, merge, paper_records, reading
from ..nlp.fingerprint import pipeline_version
from .cache import Cache, reading_key

MAX_CHUNK = 128  # abstracts per task: big enough to amortise a task, small enough to spread and report
# fork: workers start in milliseconds with the parent's modules (and model, if loaded) and need no
# `if __name__ == "__main__"` guard in scripts calling kg.build; spawn where there is no fork.
START_METHOD = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
# Fewer abstracts are parsed here: a worker's start and model load (about a second) would cost more than
# it saves (the 19-paper sample: 2.0 s in one process, 3-4 s with two workers).
MIN_PARALLEL = 100
Chunk = tuple[list[str], list[Reading]]  # keys and what to parse


@dataclass
class Extraction:
    records: Records
    parsed: int  # abstracts spaCy read in this build (the rest came from the cache)
    warnings: list[str] = field(default_factory=list)  # the parse cache's troubles, none of which stop a build


def default_workers() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def one_blas_thread() -> None:
    """A worker's matrix products run on its own core: with a BLAS thread per core in every worker, the
    ICML 2025 build took 67 s on 2 cores instead of 52 s. NumPy is imported first: it loads the BLAS."""
    import numpy  # noqa: F401

    threadpool_limits(1, user_api="blas")


def parse_chunk(readings: list[Reading]) -> list[DocData]:
    """One task: the worker loads the pipeline once (cached per process) and parses its readings."""
    from ..nlp.parse import parse

    return parse(readings)


def chunks(todo: dict[str, Reading], workers: int) -> list[Chunk]:
    """The readings to parse, cut so that every worker gets several chunks (load balance, progress)."""
    size = max(1, min(MAX_CHUNK, math.ceil(len(todo) / (4 * workers))))
    items = list(todo.items())
    return [
        ([k for k, _ in part], [t for _, t in part])
        for part in (items[i : i + size] for i in range(0, len(items), size))
    ]


def run_local(work: list[Chunk], workers: int) -> Generator[tuple[list[str], list[DocData]], None, None]:
    """Chunks parsed here (one worker) or in `workers` processes, yielded as they finish."""
    if workers <= 1 or sum(len(readings) for _, readings in work) < MIN_PARALLEL:
        for keys, readings in work:
            yield keys, parse_chunk(readings)
        return
    with ProcessPoolExecutor(
        min(workers, len(work)), mp_context=multiprocessing.get_context(START_METHOD), initializer=one_blas_thread
    ) as pool:
        futures = {pool.submit(parse_chunk, readings): keys for keys, readings in work}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            pool.shutdown(cancel_futures=True)


def run_dask(work: list[Chunk], address: str, workers: int) -> Generator[tuple[list[str], list[DocData]], None, None]:
    """Chunks parsed as Dask tasks on the scheduler at `address`, or on a local cluster of `workers`
    processes for "local" (started and stopped here). Workers need paperkg installed."""
    try:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as completed
    except ImportError:
        raise KGError("--dask needs Dask: pip install 'paperkg[dask]'") from None

    cluster = (
        LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) if address == "local" else None
    )
    try:
        try:
            client = Client(cluster or address)
        except OSError as exc:  # no scheduler there (Dask gives up after its connect timeout, 30 s)
            raise KGError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        except (ValueError, TypeError) as exc:  # no address Dask knows ("garbage://x")
            raise KGError(
                f"--dask {address!r} is not a scheduler address ({exc}); use tcp://HOST:8786 or 'local'"
            ) from None
        with client:
            futures = {client.submit(parse_chunk, readings, pure=False): keys for keys, readings in work}
            for future in completed(futures):
                yield futures[future], future.result()
    finally:
        if cluster is not None:
            cluster.close()


def extract_corpus(
    papers: list[Paper], cache_dir: Path | None, workers: int, dask: str | None = None, progress: bool = False
) -> Extraction:
    """Mentions and relations of every paper; with `cache_dir`, parses are read from and added to its cache.

    Each parse becomes records as soon as it is read or comes back, and is dropped with the paper's offset
    map: a large corpus never holds every parse and every map at once beside its records."""
    texts: list[CleanText | None] = [clean(p.abstract) for p in papers]  # each dropped once its records are made
    at: dict[str, list[int]] = defaultdict(list)  # reading key -> the papers read so
    readings: dict[str, Reading] = {}  # reading key -> the reading
    for i, text in enumerate(texts):
        assert text is not None
        read = reading(papers[i], text)
        key = reading_key(read)
        at[key].append(i)
        readings.setdefault(key, read)
    records: list[Records] = [Records([], [], [])] * len(papers)  # each paper's, once its parse is read or comes back

    def add(key: str, data: DocData) -> None:
        for i in at.pop(key):
            text = texts[i]
            assert text is not None  # each paper's text is read once, by the one parse of its key
            records[i] = paper_records(papers[i], text, data)
            texts[i] = None

    cache = Cache(cache_dir / CACHE_FILE, pipeline_version()) if cache_dir is not None else None
    try:
        if cache:
            unfit = 0
            for key, data in cache.each(list(at)):
                if (text := texts[at[key][0]]) is not None and fits(data, text.text):
                    add(key, data)
                else:
                    unfit += 1
            if unfit:
                cache.warn(f"held {unfit} entries that are no parse of their text; parsed again")
        # one parse per distinct reading (the papers still in `at` have theirs)
        todo = {key: readings[key] for key in at}
        readings.clear()
        work = chunks(todo, workers)
        results = run_dask(work, dask, workers) if dask and work else run_local(work, workers)
        with ProgressBar(len(todo), progress) as bar, closing(results):  # closing: workers stop on any error
            for chunk_keys, parsed in results:
                if cache:
                    cache.put(zip(chunk_keys, parsed))
                for key, data in zip(chunk_keys, parsed):
                    add(key, data)
                bar.update(len(chunk_keys))
    finally:
        if cache:
            cache.close()
    return Extraction(merge(records), len(todo), cache.warnings if cache else [])


class ProgressBar(tqdm):
    """Rate and ETA on stderr, shown only once parsing has taken a second; no monitor thread, which
    would be running when worker processes fork."""

    monitor_interval = 0

    def __init__(self, total: int, show: bool) -> None:
        super().__init__(
            total=total, unit="abstract", desc="parsing", file=sys.stderr, delay=1, disable=not show, dynamic_ncols=True
        )
