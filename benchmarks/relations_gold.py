"""Score the extracted relations against gold relations: SciERC's or SciER's (docs/results.md, "Relations").

    python benchmarks/relations_gold.py ../shared/data/scierc/test.json
    python benchmarks/relations_gold.py ../shared/data/scier/PLM/test.jsonl
    python benchmarks/relations_gold.py ../shared/data/scirex/train.jsonl.gz

The matching rule and the label mapping: kg.evaluation.relations. Recall is counted against all gold
relations of the four labels, and against those whose two ends (or a mention of their cluster) paperkg found
("reachable"); then precision by what found each relation (a cue pattern, the paper's experiments, the
classifier). `--rules-only` leaves the relation classifier out.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from kg.evaluation.relations import judge, read_gold
from kg.nlp.pipeline import load_pipeline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold", type=Path)
    parser.add_argument("--rules-only", action="store_true", help="leave the relation classifier out")
    args = parser.parse_args()
    nlp = load_pipeline()
    if args.rules_only:
        nlp.select_pipes(disable=["kg_relation_classifier"])
    tp_predicted, predicted, tp_gold, gold, reachable, tp_reachable = (Counter() for _ in range(6))
    by_source: Counter[tuple[str, str, bool]] = Counter()
    for found, golds in judge(read_gold(args.gold), nlp):
        by_source.update(found)
        for p in found:
            predicted[p.relation] += 1
            tp_predicted[p.relation] += p.right
        for g in golds:
            gold[g.relation] += 1
            tp_gold[g.relation] += g.found
            reachable[g.relation] += g.reachable
            tp_reachable[g.relation] += g.found and g.reachable
    print("relation      predicted  precision  gold  recall     f1  reachable  recall(reachable)")
    for label in ["usedFor", "comparedWith", "isA", "evaluatedOn", "all"]:
        pick = (lambda c: sum(c.values())) if label == "all" else (lambda c, label=label: c[label])
        precision = pick(tp_predicted) / pick(predicted) if pick(predicted) else 0.0
        recall = pick(tp_gold) / pick(gold) if pick(gold) else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        reach = pick(tp_reachable) / pick(reachable) if pick(reachable) else 0.0
        print(
            f"{label:<13} {pick(predicted):>9}  {precision:>9.2f}  {pick(gold):>4}  {recall:>6.2f}  {f1:>5.2f}  {pick(reachable):>9}  {reach:>17.2f}"
        )

    print("\nsource       relation      predicted  precision")
    for source, relation in sorted({(s, r) for r, s, _ in by_source}):
        right, wrong = by_source[relation, source, True], by_source[relation, source, False]
        print(f"{source:<12} {relation:<13} {right + wrong:>9}  {right / (right + wrong):>9.2f}")


if __name__ == "__main__":
    main()
