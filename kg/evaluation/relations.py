"""Extracted relations judged against gold ones: SciERC's or SciER's (dygiepp JSON lines), or SciREX's.

Labels map to paperkg's: SciERC's USED-FOR, COMPARE, HYPONYM-OF and EVALUATE-FOR (dataset, method; turned
round), SciER's Used-For, Compare-With, SubClass-Of and Evaluated-With. A predicted relation is right when
a gold one of its label has a head and a tail that overlap its own (spans seldom share both boundaries; a
comparison either way round) or, where the gold marks coreference (SciERC's clusters), a mention of the
same cluster ("our method" for the method it names). A gold relation is reachable when paperkg found a
mention at each of its ends. SciER's documents are full texts: they are read in pieces of CHUNK_SENTENCES
sentences.

SciREX (ML papers of Papers with Code's leaderboards) gives, for a whole paper, the results it reports:
a method, a dataset, a task and a metric, each a salient entity with its mentions. Its abstract is read: a
method evaluated on a dataset, or used for a task, of one of those results is a gold evaluatedOn or
usedFor, each end any mention of its entity in the abstract. It judges those two relations only, and
only the paper's main results: a baseline's relations are not in it.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, NamedTuple

from ..corpus import Paper
from ..settings import RELATIONS
from .gold import detokenize

if TYPE_CHECKING:
    from spacy.language import Language

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


class GoldText(NamedTuple):
    """A text and its gold relations, and the relations the gold can judge."""

    text: str
    gold: frozenset[Gold]
    judges: frozenset[str]


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


def read_gold(path: Path) -> list[GoldText]:
    """The gold texts of a dygiepp JSON lines file (its documents in pieces of at most CHUNK_SENTENCES
    sentences), or of SciREX's gzipped JSON lines (each paper's abstract)."""
    if path.name.endswith(".gz"):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            records = [json.loads(line) for line in lines if line.strip()]
        return [scirex_abstract(r, bounds) for r in records if (bounds := abstract_bounds(r)) is not None]
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = []
    for piece in (piece for record in records for piece in pieces(record)):
        text, offsets = detokenize([t for sentence in piece["sentences"] for t in sentence])
        texts.append(GoldText(text, frozenset(gold_relations(piece, offsets)), frozenset(RELATIONS)))
    return texts


SCIREX_HEADING = ["section", ":", "abstract"]
SCIREX_RELATIONS = {"usedFor": "Task", "evaluatedOn": "Material"}  # relation -> the tail's SciREX type


def abstract_bounds(record: dict) -> tuple[int, int] | None:
    """A SciREX paper's abstract, as token offsets: its second section after the heading where it is headed
    "Abstract", else its first section after the title (its first sentence); None for a paper in one section."""
    sections, words = record["sections"], record["words"]
    if len(sections) < 2:
        return None
    start, end = sections[1]
    if [w.lower() for w in words[start : start + 3]] == SCIREX_HEADING:
        return start + 3, end
    title_end, (_, first_end) = record["sentences"][0][1], sections[0]
    return (title_end, first_end) if title_end < first_end else None


def scirex_abstract(record: dict, bounds: tuple[int, int]) -> GoldText:
    """A SciREX paper's abstract and the evaluatedOn and usedFor of its results, each end the entity's
    mentions in the abstract (none: the gold cannot be matched)."""
    start, end = bounds
    text, offsets = detokenize(record["words"][start:end])
    mentions = {
        name: frozenset((offsets[a - start][0], offsets[b - 1 - start][1]) for a, b in spans if start <= a and b <= end)
        for name, spans in record["coref"].items()
    }
    gold = {
        (mentions.get(result.get("Method", ""), frozenset()), relation, mentions.get(result.get(tail, ""), frozenset()))
        for result in record["n_ary_relations"]
        for relation, tail in SCIREX_RELATIONS.items()
    }
    return GoldText(text, frozenset(gold), frozenset(SCIREX_RELATIONS))


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


def judge(texts: list[GoldText], nlp: Language) -> Iterator[tuple[list[Predicted], list[GoldFound]]]:
    """For each gold text, what `nlp` predicts in it of the relations its gold judges (each right or not),
    and its gold relations (each found or not, reachable or not)."""
    from ..nlp.parse import extract  # spaCy: only once there is something to read

    for text, gold, judges in texts:
        mentions, relations, _ = extract([Paper("doc", text)], nlp)
        stated = {
            ((r.head.start, r.head.end), r.relation, (r.tail.start, r.tail.end)): r.source
            for r in relations
            if r.relation in judges
        }
        spans = [(m.start, m.end) for m in mentions]
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
