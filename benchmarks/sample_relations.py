"""Print a random sample of the relations a build states, the same number of each source and relation
(a cue pattern's usedFor, the paper's experiments' evaluatedOn, the classifier's comparedWith ...), each with
the sentence that states it, for judging by hand (docs/results.md, "Relations"). Builds INPUT into
`--out` (from the parse cache when it can), since what found a relation is not in the exports.

    python benchmarks/sample_relations.py ../shared/data/papers/icml2025.jsonl --per-stratum 15 --seed 11

`--only cue/usedFor` draws from one stratum, to read again what a change of its rules touched.

Each item is numbered and headed "source relation", the order of the verdicts file
(training/relation_verdicts.tsv) that `kg train-relations` reads.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from pathlib import Path

from kg.builder.stages import build
from kg.records import Relation
from kg.settings import RELATION_SOURCES, RELATIONS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", type=Path)
    parser.add_argument("--out", type=Path, default=Path("sample-build"))
    parser.add_argument("--per-stratum", type=int, default=15)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--only",
        action="append",
        metavar="SOURCE/RELATION",
        help="draw from this stratum only (repeatable): cue/usedFor",
    )
    args = parser.parse_args()
    strata_known = {(s, r) for s in RELATION_SOURCES for r in RELATIONS}
    chosen = {tuple(only.split("/", 1)) for only in args.only or []}
    if chosen - strata_known:
        parser.error(f"--only takes SOURCE/RELATION, of {', '.join(sorted('/'.join(k) for k in strata_known))}")
    graph = build([args.input], args.out).graph
    names = {data["key"]: data["name"] for _, data in graph.nodes(data=True) if "key" in data}
    strata: dict[tuple[str, str], list[Relation]] = defaultdict(list)
    for *_, data in sorted(graph.edges(data=True), key=lambda e: (e[0], e[1], e[2]["relation"])):
        if data["relation"] in RELATIONS:
            for r in data["evidence"]:
                strata[r.source, r.relation].append(r)
    rng, n = random.Random(args.seed), 0
    for stratum in [(s, r) for s in RELATION_SOURCES for r in RELATIONS if (s, r) in strata]:
        if chosen and stratum not in chosen:
            continue
        found = strata[stratum]
        for r in rng.sample(found, min(args.per_stratum, len(found))):
            n += 1
            head, tail = names[r.head.entity], names[r.tail.entity]
            print(f"{n}. {' '.join(stratum)} (of {len(found)}): [{head}] -> [{tail}]  ({r.paper})\n    {r.sentence}\n")


if __name__ == "__main__":
    main()
