"""Sort the extractor's errors on a gold file by kind: predictions that miss, are too long or short, or have the
wrong label, and gold spans found nowhere, with a few examples of each.

    python benchmarks/error_kinds.py ../shared/data/scier/PLM/dev.jsonl

Look at dev splits; test splits are for reporting.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from pathlib import Path

from kg.corpus import Paper
from kg.evaluation.gold import Span, read_dygiepp
from kg.nlp.parse import extract_mentions


def prediction_kind(span: Span, gold: set[Span]) -> str:
    start, end, label = span
    if span in gold:
        return "exact"
    over = [g for g in gold if g[0] < end and start < g[1]]
    if any(g[:2] == (start, end) for g in over):
        return "right span, wrong label"
    same = [g for g in over if g[2] == label]
    if any(g[0] <= start and end <= g[1] for g in same):
        return "shorter than a gold span of its label"
    if any(start <= g[0] and g[1] <= end for g in same):
        return "longer than a gold span of its label"
    if same:
        return "crossing a gold span of its label"
    return "overlapping a gold span of another label" if over else "no gold span there"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold", type=Path, help="dygiepp/PURE JSON lines (SciERC, SciER)")
    parser.add_argument("--examples", type=int, default=6)
    args = parser.parse_args()
    docs = read_dygiepp(args.gold)
    predicted: dict[str, set[Span]] = defaultdict(set)
    for m in extract_mentions([Paper(d.id, d.text) for d in docs]):
        predicted[m.paper].add((m.start, m.end, m.label))
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    for doc in docs:
        gold, mine = set(doc.spans), predicted[doc.id]
        for span in mine:
            kind = "prediction: " + prediction_kind(span, gold)
            counts[kind] += 1
            examples[kind].append(doc.text[span[0] : span[1]])
        for start, end, label in gold:
            if not any(p[0] < end and start < p[1] for p in mine):
                counts[f"gold {label}: found nowhere"] += 1
                examples[f"gold {label}: found nowhere"].append(doc.text[start:end])
    for kind, n in sorted(counts.items()):
        sample = random.Random(0).sample(examples[kind], min(args.examples, len(examples[kind])))
        print(f"{n:6d}  {kind}" + ("" if kind.endswith("exact") else "  | " + "; ".join(sample)))


if __name__ == "__main__":
    main()
