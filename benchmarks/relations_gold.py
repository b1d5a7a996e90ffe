"""Score the extracted relations against gold relations: SciERC's or SciER's (docs/results.md, "Relations").

    python benchmarks/relations_gold.py ../shared/data/scierc/test.json
    python benchmarks/relations_gold.py ../shared/data/scier/PLM/test.jsonl

Labels map to paperkg's: SciERC's USED-FOR, COMPARE, HYPONYM-OF and EVALUATE-FOR (dataset, method; turned
round), SciER's Used-For, Compare-With, SubClass-Of and Evaluated-With. A predicted relation is right when
a gold one of its label has a head and a tail that overlap its own (spans seldom share both boundaries; a
comparison either way round) or, where the gold marks coreference (SciERC's clusters), a mention of the
same cluster ("our method" for the method it names). Recall is counted against all gold relations of the
four labels, and against those whose two ends (or a mention of their cluster) paperkg found ("reachable").
SciER's documents are full texts: they are read in pieces of CHUNK_SENTENCES sentences. `--rules-only`
leaves the relation classifier out.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from kg.corpus import Paper
from kg.evaluation.gold import detokenize
from kg.nlp.parse import extract
from kg.nlp.pipeline import load_pipeline

LABELS = {
    "USED-FOR": "usedFor",
    "COMPARE": "comparedWith",
    "HYPONYM-OF": "isA",
    "Used-For": "usedFor",
    "Compare-With": "comparedWith",
    "SubClass-Of": "isA",
    "Evaluated-With": "evaluatedOn",
}
TURNED = {"EVALUATE-FOR": "evaluatedOn"}  # SciERC: the dataset evaluates the method
CHUNK_SENTENCES = 40
Char = tuple[int, int]
Gold = tuple[frozenset[Char], str, frozenset[Char]]  # the mentions each end stands for, the label


def overlaps(a: Char, b: Char) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def pieces(record: dict) -> list[dict]:
    """The record as documents of at most CHUNK_SENTENCES sentences, offsets counted from each piece."""
    sentences, ner, relations = record["sentences"], record["ner"], record["relations"]
    out, first = [], 0
    for start in range(0, len(sentences), CHUNK_SENTENCES):
        part = slice(start, start + CHUNK_SENTENCES)
        length = sum(len(s) for s in sentences[part])

        def shift(items: list, n: int, first: int = first) -> list:
            return [[*(x - first for x in item[:n]), *item[n:]] for item in items]

        out.append(
            {
                "sentences": sentences[part],
                "ner": [shift(s, 2) for s in ner[part]],
                "relations": [shift(s, 4) for s in relations[part]],
                "clusters": [
                    [[a - first, b - first] for a, b in cluster if first <= a < first + length]
                    for cluster in record.get("clusters", [])
                ],
            }
        )
        first += length
    return out


def gold_relations(record: dict, offsets: list[Char]) -> set[Gold]:
    def chars(start: int, end: int) -> Char:
        return offsets[start][0], offsets[end][1]

    cluster_of: dict[Char, frozenset[Char]] = {}
    for cluster in record.get("clusters", []):
        members = frozenset(chars(a, b) for a, b in cluster)
        cluster_of.update((m, members) for m in members)
    found = set()
    for sentence in record["relations"]:
        for s1, e1, s2, e2, label in sentence:
            head, tail = chars(s1, e1), chars(s2, e2)
            ends = cluster_of.get(head, frozenset([head])), cluster_of.get(tail, frozenset([tail]))
            if label in LABELS:
                found.add((ends[0], LABELS[label], ends[1]))
            elif label in TURNED:
                found.add((ends[1], TURNED[label], ends[0]))
    return found


def hits(end: Char, mentions: frozenset[Char]) -> bool:
    return any(overlaps(end, m) for m in mentions)


def matches(predicted: tuple[Char, str, Char], gold: Gold) -> bool:
    (ph, pr, pt), (gh, gr, gt) = predicted, gold
    if pr != gr:
        return False
    pairs = [(gh, gt), (gt, gh)] if pr == "comparedWith" else [(gh, gt)]
    return any(hits(ph, h) and hits(pt, t) for h, t in pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold", type=Path)
    parser.add_argument("--rules-only", action="store_true", help="leave the relation classifier out")
    args = parser.parse_args()
    nlp = load_pipeline()
    if args.rules_only:
        nlp.select_pipes(disable=["kg_relation_classifier"])
    tp_predicted, predicted, tp_gold, gold, reachable, tp_reachable = (Counter() for _ in range(6))
    records = [json.loads(line) for line in args.gold.read_text(encoding="utf-8").splitlines() if line.strip()]
    for record in (piece for r in records for piece in pieces(r)):
        text, offsets = detokenize([t for sentence in record["sentences"] for t in sentence])
        mentions, relations = extract([Paper("doc", text)], nlp)
        found = {((r.head.start, r.head.end), r.relation, (r.tail.start, r.tail.end)) for r in relations}
        spans = [(m.start, m.end) for m in mentions]
        gold_set = gold_relations(record, offsets)
        for g in gold_set:
            hit = any(matches(p, g) for p in found)
            gold[g[1]] += 1
            tp_gold[g[1]] += hit
            if any(hits(s, g[0]) for s in spans) and any(hits(s, g[2]) for s in spans):
                reachable[g[1]] += 1
                tp_reachable[g[1]] += hit
        for p in found:
            predicted[p[1]] += 1
            tp_predicted[p[1]] += any(matches(p, g) for g in gold_set)
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


if __name__ == "__main__":
    main()
