"""Score the extracted relations against SciERC's gold relations (docs/results.md, "Relations").

    python benchmarks/relations_scierc.py ../shared/data/scierc/dev.json

SciERC labels map to paperkg's: USED-FOR -> usedFor, COMPARE -> comparedWith (either direction),
HYPONYM-OF -> isA, and EVALUATE-FOR (dataset, method) -> evaluatedOn (method, dataset). A predicted
relation is right when a gold one of its label has a head and a tail that overlap its own (paperkg's
spans and SciERC's seldom share both boundaries). SciERC's gold relations join entities of every type
(methods used for methods, metrics evaluating tasks), while paperkg's join only the types in
settings.RELATIONS: recall is counted against all gold relations of the four labels, and against those
whose two ends paperkg also found as entities ("reachable").
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from kg.corpus import Paper
from kg.evaluation.gold import detokenize
from kg.nlp.parse import extract
from kg.nlp.pipeline import load_pipeline

LABELS = {"USED-FOR": "usedFor", "COMPARE": "comparedWith", "HYPONYM-OF": "isA", "EVALUATE-FOR": "evaluatedOn"}
Char = tuple[int, int]


def overlaps(a: Char, b: Char) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def gold_relations(record: dict, offsets: list[Char]) -> set[tuple[Char, str, Char]]:
    found = set()
    for sentence in record["relations"]:
        for s1, e1, s2, e2, label in sentence:
            if label in LABELS:
                head, tail = (offsets[s1][0], offsets[e1][1]), (offsets[s2][0], offsets[e2][1])
                found.add((tail, "evaluatedOn", head) if label == "EVALUATE-FOR" else (head, LABELS[label], tail))
    return found


def matches(predicted: tuple[Char, str, Char], gold: tuple[Char, str, Char]) -> bool:
    (ph, pr, pt), (gh, gr, gt) = predicted, gold
    if pr != gr:
        return False
    pairs = [(gh, gt), (gt, gh)] if pr == "comparedWith" else [(gh, gt)]
    return any(overlaps(ph, h) and overlaps(pt, t) for h, t in pairs)


def main(path: str) -> None:
    nlp = load_pipeline()
    tp_predicted, predicted, tp_gold, gold, reachable, tp_reachable = (Counter() for _ in range(6))
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        text, offsets = detokenize([t for sentence in record["sentences"] for t in sentence])
        mentions, relations = extract([Paper("doc", text)], nlp)
        found = {((r.head.start, r.head.end), r.relation, (r.tail.start, r.tail.end)) for r in relations}
        spans = [(m.start, m.end) for m in mentions]
        gold_set = gold_relations(record, offsets)
        for g in gold_set:
            hit = any(matches(p, g) for p in found)
            gold[g[1]] += 1
            tp_gold[g[1]] += hit
            if any(overlaps(g[0], s) for s in spans) and any(overlaps(g[2], s) for s in spans):
                reachable[g[1]] += 1
                tp_reachable[g[1]] += hit
        for p in found:
            predicted[p[1]] += 1
            tp_predicted[p[1]] += any(matches(p, g) for g in gold_set)
    print("relation      predicted  precision  gold  recall  reachable  recall(reachable)")
    for label in [*LABELS.values(), "all"]:
        pick = (lambda c: sum(c.values())) if label == "all" else (lambda c, label=label: c[label])
        precision = pick(tp_predicted) / pick(predicted) if pick(predicted) else 0.0
        recall = pick(tp_gold) / pick(gold) if pick(gold) else 0.0
        reach = pick(tp_reachable) / pick(reachable) if pick(reachable) else 0.0
        print(
            f"{label:<13} {pick(predicted):>9}  {precision:>9.2f}  {pick(gold):>4}  {recall:>6.2f}  {pick(reachable):>9}  {reach:>17.2f}"
        )


if __name__ == "__main__":
    main(sys.argv[1])
