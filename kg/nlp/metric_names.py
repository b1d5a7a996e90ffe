"""The pure string helpers saying what a metric's name is, which the result rules and the graph read: one key
for the spellings of one metric ("F1-score", "F1 scores"), and whether less of it is better."""

from __future__ import annotations

import re

from .lexicon import CASED_METRICS, LOWER_IS_BETTER, METRIC_QUALIFIERS, RESULT_METRICS

SPEEDUP = "speedup"


def spelled(text: str) -> str:
    """A metric's name in lower case, hyphens as spaces, without "average" and the like, "pass@10" as
    "pass@k", "speed-up" (and "faster") as "speedup"."""
    words = text.lower().replace("speed-up", SPEEDUP).replace("-", " ").split()
    while len(words) > 1 and words[0] in METRIC_QUALIFIERS:
        words.pop(0)
    key = re.sub(r"@\d+\b", "@k", " ".join(words))
    return SPEEDUP if key == "faster" else key


KNOWN_METRICS = frozenset(map(spelled, RESULT_METRICS))
LESS_IS_BETTER = frozenset(map(spelled, LOWER_IS_BETTER))


def metric_key(text: str) -> str:
    """What a metric's name is looked up and grouped by: as `spelled`, and singular ("F1 scores": "f1 score")."""
    key = spelled(text)
    return key[:-1] if key.endswith("s") and key[:-1] in KNOWN_METRICS else key


def is_metric_name(text: str) -> bool:
    """Whether `text` names a metric paperkg knows (RESULT_METRICS, or CASED_METRICS as written: "mAP")."""
    return text in CASED_METRICS or metric_key(text) in KNOWN_METRICS


def lower_is_better(key: str) -> bool:
    return key in LESS_IS_BETTER
