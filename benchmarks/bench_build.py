"""Time a build against one single-process pass of the plain English model over the same abstracts.

    python benchmarks/bench_build.py ../shared/data/papers/icml2025.jsonl [--workers N] [--warm] [--add FILE] [--queries]
                                     [--no-model-pass] [--cached --out DIR]

Builds cold (the cache in --out emptied first; with --cached, from the parses a build of the same abstracts
left in --out's cache, timing what follows the parse alone), then, with --warm, again: unchanged, so up to
date (nothing written), then in full from the cache (its manifest deleted: every export written again), and
with --add, with FILE's papers added (those parsed, everything else from the cache); then runs
en_core_web_sm (every component, its NER included) over the same clean abstracts with `nlp.pipe` in
this one process. Prints each stage's seconds (each export's own, written side by side, and
`exports` for all of them), the ratio build / model pass, abstracts per second and
the peak memory of this process and its children summed (worker processes included): their proportional
set size (PSS, each shared page split between the processes sharing it), and their RSS. With --queries,
the wall time of `kg query` over the build for every file in queries/, process start included.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

from kg import build
from kg.builder.stages import BuildResult
from kg.clean import clean
from kg.corpus import read_corpus
from kg.layout import CACHE_FILE, MANIFEST_FILE
from kg.nlp.fingerprint import base_model_name

QUERIES = Path(__file__).resolve().parents[1] / "queries"


class PeakMemory:
    """The largest sums, over this process and all its descendants, of their resident memory (RSS, every 50 ms)
    and of their proportional share of it (PSS, every 250 ms: reading it takes about 10 ms a process). Forked
    processes share most of their pages with the process they came from: RSS counts such a page once in each,
    PSS splits it between them, so that the PSS summed is the memory the build takes from the machine."""

    def __init__(self) -> None:
        self.rss = 0
        self.pss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        me = psutil.Process()
        tick = 0
        while not self._stop.wait(0.05):
            rss = pss = 0
            for proc in (me, *me.children(recursive=True)):
                try:
                    rss += proc.memory_info().rss
                    if tick % 5 == 0:
                        pss += proc.memory_full_info().pss
                except psutil.Error:
                    pass  # ended between listing and reading
            self.rss = max(self.rss, rss)
            self.pss = max(self.pss, pss)
            tick += 1

    def __enter__(self) -> "PeakMemory":
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def __str__(self) -> str:
        return f"peak memory {self.pss / 2**30:.2f} GB (PSS summed; RSS summed {self.rss / 2**30:.2f} GB)"


def model_pass(inputs: list[Path], batch_size: int) -> tuple[float, float, int]:
    """Seconds to load the plain model, seconds of one `nlp.pipe` pass, abstracts read."""
    texts = [clean(p.abstract).text for p in read_corpus(inputs).papers]
    started = time.perf_counter()
    nlp = importlib.import_module(base_model_name()).load()
    loaded = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=batch_size):
        pass
    return loaded - started, time.perf_counter() - loaded, len(texts)


def timed_build(inputs: list[Path], out: Path, workers: int | None) -> tuple[float, BuildResult]:
    with PeakMemory() as memory:
        started = time.perf_counter()
        result = build(inputs, out, workers=workers)
        wall = time.perf_counter() - started
    stages = ", ".join(f"{name} {seconds:.2f}" for name, seconds in result.timings.items())
    print(f"  {result.summary()}\n  parsed {result.parsed}; stages (s): {stages}\n  {memory}")
    return wall, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", type=Path, nargs="+", help="corpus files or folders, as for `kg build`")
    parser.add_argument("--out", type=Path, help="build folder (default: a temporary one, removed at the end)")
    parser.add_argument("--workers", type=int, help="as `kg build --workers` (default: one per core)")
    parser.add_argument("--batch-size", type=int, default=256, help="nlp.pipe batch size of the model pass")
    parser.add_argument("--warm", action="store_true", help="build again: up to date, then in full from the cache")
    parser.add_argument("--add", type=Path, metavar="FILE", help="then build with the papers of FILE added")
    parser.add_argument("--queries", action="store_true", help="time every queries/*.rq through `kg query`")
    parser.add_argument("--no-model-pass", action="store_true", help="skip the plain model pass (a large corpus)")
    parser.add_argument("--cached", action="store_true", help="first build from the parses kept in --out's cache")
    args = parser.parse_args()
    if args.cached and not args.out:
        parser.error("--cached reads the cache of --out: give it")
    if args.out:
        bench(args, args.out)
    else:
        with tempfile.TemporaryDirectory(prefix="paperkg-bench-") as folder:
            bench(args, Path(folder))


def bench(args: argparse.Namespace, out: Path) -> None:
    """Every timing `args` asks for, building into `out`."""
    for name in (MANIFEST_FILE,) if args.cached else (CACHE_FILE, MANIFEST_FILE):  # a cold build: nothing to reuse
        (out / name).unlink(missing_ok=True)

    print("build from the cache:" if args.cached else "cold build:")
    cold, result = timed_build(args.inputs, out, args.workers)
    n = len(result.corpus.papers)
    print(f"  {cold:.1f} s, {n / cold:.1f} abstracts/s")
    if args.warm:
        print("warm build, unchanged (up to date):")
        warm, _ = timed_build(args.inputs, out, args.workers)
        print(f"  {warm:.1f} s: {cold / warm:.1f}x faster than cold")
        print("warm build in full (cache; manifest deleted, every export written again):")
        (out / MANIFEST_FILE).unlink()
        full, _ = timed_build(args.inputs, out, args.workers)
        print(f"  {full:.1f} s: {cold / full:.1f}x faster than cold")
    if args.add:
        print(f"build with {args.add} added (cache):")
        added, _ = timed_build([*args.inputs, args.add], out, args.workers)
        print(f"  {added:.1f} s: {cold / added:.1f}x faster than cold")
    if not args.no_model_pass:
        with PeakMemory() as memory:
            load, seconds, count = model_pass(args.inputs, args.batch_size)
        print(
            f"plain {base_model_name()} pass, one process: {seconds:.1f} s for {count} abstracts "
            f"({count / seconds:.1f}/s; load {load:.1f} s), {memory}"
        )
        print(f"ratio cold build / model pass: {cold / seconds:.2f}")
    if args.queries:
        for query in sorted(QUERIES.glob("*.rq")):
            started = time.perf_counter()
            run = subprocess.run(
                [sys.executable, "-m", "kg.cli", "query", str(query), "--graph", str(out)],
                capture_output=True,
                text=True,
            )
            rows = len(run.stdout.splitlines())
            print(f"  {query.name:<32} {time.perf_counter() - started:5.2f} s  exit {run.returncode}, {rows} lines")


if __name__ == "__main__":
    main()
