"""`kg train-types`: the type researchers give a term, from the paper-level annotations (kg.term_types).

A term is an item annotated in lower case ("federated learning", not "FedAvg": a name's type is what the
recognizers and kg.nlp.model_names read well); its type is the one most of the papers listing it give it, where
at least MIN_SHARE of them do. Only the papers the list recognizer is trained on are read: those kept for the
link confidence (kg.train.listed) stay unseen by both.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from ..layout import ANNOTATIONS
from ..resolve import entity_key
from ..settings import LABELS
from .listed import for_confidence, read_gold

MIN_SHARE = 0.6  # "reinforcement learning": 32 methods, 23 tasks in the papers read; no type
TERM_LABELS = ("METHOD", "TASK")  # a dataset is a name


def fit_term_types(annotations: Path = ANNOTATIONS, min_share: float = MIN_SHARE) -> dict:
    """Entity key -> label for each term the annotations agree on, with what they were read from."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for paper in read_gold(annotations):
        if for_confidence(paper["id"]):
            continue
        listed = {
            entity_key(forms[0]): label
            for label in LABELS
            for forms in paper.get(label.lower(), [])
            if forms[0] == forms[0].lower()
        }
        for key, label in listed.items():
            votes[key][label] += 1
    types = {}
    for key, counts in sorted(votes.items()):
        label, count = counts.most_common(1)[0]
        if label in TERM_LABELS and count >= min_share * counts.total():
            types[key] = label
    return {"annotations": annotations.as_posix(), "min_share": min_share, "types": types}
