"""Time `kg.load` against rdflib parsing graph.ttl itself, on a finished build.

    python benchmarks/bench_load.py BUILD_DIR [--query FILE.rq]

Three cases, each in a fresh interpreter, one after the other (one process at a time, so that each
peak RSS is that case's own): `kg.load` over the build's store; `kg.load` of a folder holding only
graph.ttl (a symlink to the build's), which loads it into an in-memory Oxigraph store; and plain
rdflib, `Graph().parse(graph.ttl)` into its own memory store. Each then runs, through the rdflib
Graph's `query`, a triple count and FILE (default queries/most-used-datasets.rq). Prints seconds
(import, open or parse, each query), result sizes, peak RSS, and the ratios rdflib / kg.load.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUERIES = Path(__file__).resolve().parents[1] / "queries"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
CASES = {"kg.load (store)": "store", "kg.load (graph.ttl only)": "ttl", "rdflib parse": "rdflib"}


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def run_case(case: str, folder: Path, query: str) -> dict[str, float]:
    """One case in this process: what the parent prints."""
    started = time.perf_counter()
    import rdflib

    import kg

    imported = time.perf_counter()
    if case == "rdflib":
        graph = rdflib.Graph()
        graph.parse(folder / "graph.ttl", format="turtle")
    else:
        graph = kg.load(folder).rdf
    opened = time.perf_counter()
    (row,) = graph.query(COUNT)
    triples = int(str(row[0]))  # type: ignore[index]  # a SELECT row, typed as any kind of result row
    counted = time.perf_counter()
    rows = len(list(graph.query(query)))
    queried = time.perf_counter()
    return {
        "import": imported - started,
        "open": opened - imported,
        "count": counted - opened,
        "query": queried - counted,
        "triples": triples,
        "rows": rows,
        "peak_mb": peak_mb(),
    }


def ratio(slow: dict[str, float], fast: dict[str, float], *keys: str) -> float:
    return sum(slow[k] for k in keys) / sum(fast[k] for k in keys)


def child(case: str, folder: Path, query: Path) -> dict[str, float]:
    args = [sys.executable, __file__, "--case", case, "--query", str(query), str(folder)]
    result: dict[str, float] = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path, help="a `kg build --out` folder with graph.ttl and store/")
    parser.add_argument("--query", type=Path, default=QUERIES / "most-used-datasets.rq")
    parser.add_argument("--case", choices=list(CASES.values()), help=argparse.SUPPRESS)  # the children
    args = parser.parse_args()
    if args.case:
        folder = args.build
        if args.case == "ttl":
            tmp = tempfile.TemporaryDirectory()
            folder = Path(tmp.name)
            (folder / "graph.ttl").symlink_to((args.build / "graph.ttl").resolve())
        print(json.dumps(run_case(args.case, folder, args.query.read_text(encoding="utf-8"))))
        return

    results = {name: child(case, args.build, args.query) for name, case in CASES.items()}
    plain = results["rdflib parse"]
    print(f"{args.build}: {plain['triples']:.0f} triples; {args.query.name}: {plain['rows']:.0f} rows")
    print(f"{'':26} {'import s':>9} {'open s':>9} {'count s':>9} {'query s':>9} {'total s':>9} {'peak MB':>8}")
    for name, r in results.items():
        total = r["import"] + r["open"] + r["count"] + r["query"]
        print(
            f"{name:26} {r['import']:9.2f} {r['open']:9.2f} {r['count']:9.2f} {r['query']:9.2f} {total:9.2f} {r['peak_mb']:8.0f}"
        )
    if len({(r["triples"], r["rows"]) for r in results.values()}) != 1:
        sys.exit("the cases disagree on the triple count or the query's rows")
    for name in ("kg.load (store)", "kg.load (graph.ttl only)"):
        r = results[name]
        print(
            f"rdflib / {name}: open {ratio(plain, r, 'open'):.0f}x, count {ratio(plain, r, 'count'):.0f}x, "
            f"query {ratio(plain, r, 'query'):.1f}x, open + count + query {ratio(plain, r, 'open', 'count', 'query'):.0f}x; "
            f"peak RSS {ratio(plain, r, 'peak_mb'):.1f}x"
        )


if __name__ == "__main__":
    main()
