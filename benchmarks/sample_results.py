"""Print a random sample of a build's results (results.jsonl), each with the sentence that states it, for
judging by hand (docs/results.md, "Results").

    python benchmarks/sample_results.py BUILD_DIR [--n 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from kg.layout import RESULTS_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("--n", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with open(args.build / RESULTS_FILE, encoding="utf-8") as lines:
        results = [json.loads(line) for line in lines]
    for i, r in enumerate(random.Random(args.seed).sample(results, min(args.n, len(results))), 1):
        kind = "change" if r["relative"] else "score"
        method = r["method_name"] or "(the paper's own method, unnamed)"
        on = f"{r['target_type'].lower()} [{r['target_name']}]" if r["target"] else "(no dataset or task)"
        over = f", over [{r['baseline_name']}]" if r["baseline"] else ""
        print(f"{i}. {r['text']} ({kind}) {r['metric']!r}: method [{method}], {on}{over}  ({r['paper_id']})")
        print(f"    {r['sentence']}\n")


if __name__ == "__main__":
    main()
