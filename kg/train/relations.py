"""`kg train-relations`: the relation classifier's weights (kg.nlp.relation_classifier), fitted on SciERC,
and what each source's relations are worth, from relations read by hand.

Every ordered pair of gold entities in a sentence of SciERC train (dygiepp JSON lines under
`data/scierc`) is an example: its class is the gold relation between them with its direction ("USED-FOR>":
the earlier one is used for the later one), "other" for SciERC's relations paperkg has no property for,
"none" where there is no relation. Entities of SciERC's other types (Generic, OtherScientificTerm, Metric)
take part as OTHER, so that what a sentence says of them teaches the classifier too. The fit is an
L2-regularised softmax regression, full-batch Adam from zero weights (the same weights each run). The
threshold is the lowest from which on SciERC dev's pairs of paperkg's labels keep a precision of at least
MIN_PRECISION at every higher threshold.

What a relation each source (settings.RELATION_SOURCES) finds is worth comes from a sample of a build's
relations read by hand, the same number of each source and relation (benchmarks/sample_relations.py), their
verdicts in training/relation_verdicts.tsv: the share of each stratum read right, drawn towards the share of
all by PRIOR_WEIGHT relations (15 verdicts make a share alone noisy), is what one sentence it finds adds to
a relation's confidence (kg.confidence.relation_confidence). Gold relations (SciERC's, SciREX's) leave
out too many right ones for that: against them, the paper's experiments' evaluatedOn are right for 0.17 to
0.20, by hand for most (docs/results.md, "Relations").
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
from spacy.tokens import Doc

from ..errors import KGError
from ..evaluation.gold import DEFAULT_LABEL_MAP, detokenize
from ..nlp.pipeline import load_parser
from ..nlp.relation_classifier import (
    CLASS_RELATIONS,
    End,
    pair_features,
    sentence_pairs,
    softmax,
    summed_weights,
)
from ..nlp.tokens import TokenTable
from ..settings import RELATION_SOURCES, RELATIONS

SYMMETRIC = {"COMPARE"}
CLASSES = ["none", "other", *CLASS_RELATIONS]
MIN_COUNT = 2  # a feature seen in fewer training pairs is left out
L2 = 1e-4
STEPS = 300
LEARNING_RATE = 0.1
MIN_PRECISION = 0.8
THRESHOLDS = [round(0.05 * i, 2) for i in range(4, 17)]
DIGITS = 4  # weights are shipped rounded
PRIOR_WEIGHT = 4  # relations of the share right of all sources that each source's share starts from

Example = tuple[list[str], str, tuple[str, str]]  # features, class, the pair's labels


def read_examples(path: Path) -> list[Example]:
    """The pairs of gold entities of every sentence of a SciERC file, parsed as the pipeline parses text."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = [detokenize([t for sentence in r["sentences"] for t in sentence]) for r in records]
    examples: list[Example] = []
    for doc, record, (_, offsets) in zip(load_parser().pipe(t for t, _ in texts), records, texts):
        words = TokenTable.of(doc)
        for entities, relations in zip(record["ner"], record["relations"]):
            examples += sentence_examples(doc, words, offsets, entities, relations)
    return examples


def sentence_examples(
    doc: Doc, words: TokenTable, offsets: list[tuple[int, int]], entities: list, relations: list
) -> list[Example]:
    ends: dict[End, tuple[int, int]] = {}  # each gold entity as a pair's end -> its gold token offsets
    for start, end, label in entities:
        span = doc.char_span(offsets[start][0], offsets[end][1], label=DEFAULT_LABEL_MAP.get(label, "OTHER"))
        span = span or doc.char_span(offsets[start][0], offsets[end][1], alignment_mode="expand", label="OTHER")
        if span is not None:
            ends[End.of(span)] = (start, end)
    gold = {(s1, e1, s2, e2): label for s1, e1, s2, e2, label in relations}
    examples = []
    for a, b, between in sentence_pairs(list(ends)):
        forward, backward = gold.get((*ends[a], *ends[b])), gold.get((*ends[b], *ends[a]))
        label = forward or backward
        name = "none" if label is None else label if label in SYMMETRIC else f"{label}{'>' if forward else '<'}"
        examples.append((pair_features(words, a, b, between), name if name in CLASSES else "other", (a.label, b.label)))
    return examples


def fit(rows: list[np.ndarray], y: np.ndarray, n_features: int) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression weights (features x classes) and biases, by full-batch Adam."""
    cols = np.concatenate(rows)
    row_of = np.repeat(np.arange(len(rows)), [len(r) for r in rows])
    weights, bias = np.zeros((n_features, len(CLASSES))), np.zeros(len(CLASSES))
    target = np.zeros((len(rows), len(CLASSES)))
    target[np.arange(len(rows)), y] = 1
    moments = [(np.zeros_like(weights), np.zeros_like(weights)), (np.zeros_like(bias), np.zeros_like(bias))]
    for step in range(1, STEPS + 1):
        probabilities = softmax(summed_weights(weights, rows) + bias)
        error = (probabilities - target) / len(rows)
        grad_weights = np.zeros_like(weights)
        np.add.at(grad_weights, cols, error[row_of])
        grads = [grad_weights + L2 * weights, error.sum(axis=0)]
        for param, grad, (m, v) in zip((weights, bias), grads, moments):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= LEARNING_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return weights, bias


def scores_at(examples: list[Example], probabilities: np.ndarray, threshold: float) -> dict[str, float]:
    """Precision, recall and F1 of paperkg's relations (usedFor too, which the classifier reads but does not
    add: SciERC dev has 18 pairs of the other three) among pairs of paperkg's labels, at `threshold`."""
    predicted = right = gold = 0
    for (_, name, labels), p in zip(examples, probabilities):
        for i, candidate in enumerate(CLASSES[2:], start=2):
            relation, earlier_first = CLASS_RELATIONS[candidate]
            if fitting(relation, earlier_first, labels):
                gold += name == candidate
                predicted += bool(p[i] >= threshold)
                right += bool(p[i] >= threshold and name == candidate)
    precision, recall = right / predicted if predicted else 0.0, right / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if right else 0.0
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3), "gold": gold}


def fitting(relation: str, earlier_first: bool, labels: tuple[str, str]) -> bool:
    return RELATIONS[relation] == (labels if earlier_first else labels[::-1])


def fit_relations(shared: Path, verdicts: Path) -> dict:
    """The shipped model: features, classes, weights, biases, the threshold, its scores on SciERC dev, and
    the precision of each source of relations by label, from `verdicts`, with the counts it is drawn from."""
    judged = read_verdicts(verdicts)  # before the fit: a bad file is said at once
    folder = shared / "data" / "scierc"
    if not (folder / "train.json").is_file() or not (folder / "dev.json").is_file():
        raise KGError(f"{folder}/train.json and dev.json not found: pass --shared or set PAPERKG_SHARED")
    train, dev = read_examples(folder / "train.json"), read_examples(folder / "dev.json")
    counts = Counter(f for features, _, _ in train for f in set(features))
    names = sorted(f for f, n in counts.items() if n >= MIN_COUNT)
    index = {f: i for i, f in enumerate(names)}

    def rows(examples: list[Example]) -> list[np.ndarray]:
        return [np.array([index[f] for f in features if f in index], dtype=np.int64) for features, _, _ in examples]

    weights, bias = fit(rows(train), np.array([CLASSES.index(name) for _, name, _ in train]), len(names))
    weights, bias = weights.round(DIGITS), bias.round(DIGITS)
    kept = np.flatnonzero(np.abs(weights).max(axis=1) > 0)  # features whose weights all round to zero weigh nothing
    names, weights = [names[i] for i in kept], weights[kept]
    index = {f: i for i, f in enumerate(names)}
    dev_rows = rows(dev)
    dev_probabilities = softmax(summed_weights(weights, dev_rows) + bias)
    by_threshold = {t: scores_at(dev, dev_probabilities, t) for t in THRESHOLDS}
    # the lowest threshold from which on every higher one is precise enough (dev's few pairs make one alone noisy)
    threshold = min(
        (t for t in THRESHOLDS if all(by_threshold[u]["precision"] >= MIN_PRECISION for u in THRESHOLDS if u >= t)),
        default=THRESHOLDS[-1],
    )
    model = {
        "classes": CLASSES,
        "features": names,
        "weights": weights.ravel().tolist(),
        "bias": bias.tolist(),
        "threshold": threshold,
        "dev": by_threshold[threshold],
    }
    return model | source_precision(judged)


def read_verdicts(path: Path) -> Counter[tuple[str, str, bool]]:
    """(source, relation, right) -> how many relations of a sample read by hand were so: lines of
    "number, source, relation, y or n, why", tab-separated, after "#" comment lines."""
    if not path.is_file():
        raise KGError(f"{path} not found: pass --verdicts (the file is in the repository's training folder)")
    verdicts: Counter[tuple[str, str, bool]] = Counter()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if (
            len(fields) < 4
            or fields[1] not in RELATION_SOURCES
            or fields[2] not in RELATIONS
            or fields[3] not in ("y", "n")
        ):
            raise KGError(f"{path}:{n}: expected number, source, relation, y or n, why (tab-separated)")
        verdicts[fields[1], fields[2], fields[3] == "y"] += 1
    if not verdicts:
        raise KGError(f"{path}: no verdicts")
    return verdicts


def source_precision(verdicts: Counter[tuple[str, str, bool]]) -> dict:
    """What a sentence each source finds is worth: "precision", source -> relation -> the share read right,
    drawn towards the share of all by PRIOR_WEIGHT relations (every pair has one: a pair never read gets
    the share of all), and "judged", the [right, read] counts behind it."""
    counts = {
        source: {
            relation: [
                verdicts[source, relation, True],
                verdicts[source, relation, True] + verdicts[source, relation, False],
            ]
            for relation in RELATIONS
        }
        for source in RELATION_SOURCES
    }
    prior = sum(n for (*_, right), n in verdicts.items() if right) / sum(verdicts.values())
    return {
        "precision": {
            source: {
                relation: round((right + PRIOR_WEIGHT * prior) / (n + PRIOR_WEIGHT), 3)
                for relation, (right, n) in by_relation.items()
            }
            for source, by_relation in counts.items()
        },
        "judged": counts,
    }
