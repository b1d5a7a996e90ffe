"""Extracted relations judged against gold ones: SciERC's or SciER's (dygiepp JSON lines).

Labels map to paperkg's: SciERC's USED-FOR, COMPARE, HYPONYM-OF and EVALUATE-FOR (dataset, method; turned
round), SciER's Used-For, Compare-With, SubClass-Of and Evaluated-With. A predicted relation is right when
a gold one of its label has a head and a tail that overlap its own (spans seldom share both boundaries; a
comparison either way round) or, where the gold marks coreference (SciERC's clusters), a mention of the
same cluster ("our method" for the method it names). A gold relation is reachable when paperkg found a
mention at each of its ends. SciER's documents are full texts: they are read in pieces of CHUNK_SENTENCES
sentences.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator, NamedTuple

from spacy.language import Language

from ..corpus import Paper
from ..nlp.parse import extract
from .gold import detokenize

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


class Predicted(NamedTuple):
    relation: str
    source: str  # settings.RELATION_SOURCES
    right: bool


class GoldFound(NamedTuple):
    relation: str
    found: bool  # a predicted relation matches it
    reachable: bool  # paperkg found a mention at each end


def overlaps(a: Char, b: Char) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def read_pieces(path: Path) -> list[dict]:
    """The gold documents of a dygiepp JSON lines file, each as pieces of at most CHUNK_SENTENCES sentences."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [piece for record in records for piece in pieces(record)]


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


def judge(pieces: list[dict], nlp: Language) -> Iterator[tuple[list[Predicted], list[GoldFound]]]:
    """For each gold piece, what `nlp` predicts in its text (each relation right or not) and its gold
    relations (each found or not, reachable or not)."""
    for piece in pieces:
        text, offsets = detokenize([t for sentence in piece["sentences"] for t in sentence])
        mentions, relations, _ = extract([Paper("doc", text)], nlp)
        stated = {((r.head.start, r.head.end), r.relation, (r.tail.start, r.tail.end)): r.source for r in relations}
        spans = [(m.start, m.end) for m in mentions]
        gold = gold_relations(piece, offsets)
        yield (
            [Predicted(p[1], source, any(matches(p, g) for g in gold)) for p, source in stated.items()],
            [
                GoldFound(
                    g[1],
                    any(matches(p, g) for p in stated),
                    any(hits(s, g[0]) for s in spans) and any(hits(s, g[2]) for s in spans),
                )
                for g in gold
            ],
        )
