"""Print a stratified random sample of a build's entity-entity relations, with the sentence that states
each and the relation's confidence, for judging by hand (docs/results.md, "Relations").

    python benchmarks/sample_relations.py BUILD_DIR [--per-type 15] [--seed 4]
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from pathlib import Path

from kg.query.run import run_query

QUERY = Path(__file__).resolve().parents[1] / "queries" / "relation-evidence.rq"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("--per-type", type=int, default=15)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    by_relation = defaultdict(list)
    for row in sorted(run_query(str(QUERY), args.build).rows):
        by_relation[row[1]].append(row)
    rng, n = random.Random(args.seed), 0
    for relation in ("usedFor", "evaluatedOn", "comparedWith", "isA"):
        for head, _, tail, _, confidence, paper, sentence in rng.sample(
            by_relation[relation], min(args.per_type, len(by_relation[relation]))
        ):
            n += 1
            print(f"{n}. {relation}: [{head}] -> [{tail}]  ({paper}, confidence {confidence})\n    {sentence}\n")


if __name__ == "__main__":
    main()
