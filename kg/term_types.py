"""The type researchers give a term: "federated learning" and "catastrophic forgetting" are tasks to them,
"knowledge distillation" a method, where the recognizers, trained on SciERC's guideline, call most "X learning"
a method. The types are those of the paper-level annotations (`kg train-types`), and a term they do not list
takes the type of the longest listed term it ends with ("personalized federated learning"), unless it is
written as a name ("Wasserstein Policy Optimization" is a method, whatever "policy optimization" is).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Callable, Mapping

from .layout import TERM_TYPES

MIN_END_WORDS = 2  # "kernel regression" is no task for ending in "regression"


@lru_cache(maxsize=1)
def annotated_types() -> dict[str, str]:
    """Entity key -> the label researchers give the term (kg/data/term_types.json)."""
    types: dict[str, str] = json.loads(TERM_TYPES.read_text(encoding="utf-8"))["types"]
    return types


def term_type(
    key: str, types: Mapping[str, str], written_as_a_name: bool, spelling: Callable[[str], str] = str
) -> str | None:
    """The label `types` give an entity key: its own, else, for a key not written as a name, that of the
    longest end of it with at least MIN_END_WORDS words; each looked up by its `spelling`, the form `types` is
    keyed by (kg.resolve: "fine tuning" is "finetuning")."""
    if (label := types.get(spelling(key))) is not None:
        return label
    if written_as_a_name:
        return None
    words = key.split()
    for start in range(1, len(words) - MIN_END_WORDS + 1):
        if (label := types.get(spelling(" ".join(words[start:])))) is not None:
            return label
    return None
