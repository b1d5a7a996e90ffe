"""What the name of a model or a benchmark looks like, as pure string helpers: the recognizer's rules find
models by them (kg.nlp.terms) and resolution types entities by them (kg.resolve)."""

from __future__ import annotations

import re
from typing import Iterable

from .lexicon import BENCHMARK_PARTS, MODEL_FAMILIES

BENCHMARK_PART = re.compile("(?:" + "|".join(BENCHMARK_PARTS) + ")(?![a-z])")  # "MT-Bench", not "Benchmark"
FAMILY_END = re.compile(r"[\d.]+$")  # "Qwen2.5", "Phi3", "Mamba2"


def is_family_word(part: str) -> bool:
    """A model family's name, with or without its version run on: "Llama", "Qwen2.5", "Phi3"."""
    return FAMILY_END.sub("", part).lower() in MODEL_FAMILIES


def is_model_name(name: str) -> bool:
    """A name whose first word is a model family's: "Gemma-2-2B", "GPT-2 Medium", "Qwen2.5-Math-7B",
    "Video-LLaMA" ("memory-efficient LLaMA training" is none)."""
    words = name.split()
    return bool(words) and any(is_family_word(part) for part in words[0].split("-"))


def is_benchmark_name(name: str) -> bool:
    return BENCHMARK_PART.search(name) is not None


def named_label(label: str, names: Iterable[str]) -> str:
    """The label, unless the names say what the thing is: a benchmark's name makes a dataset, a model
    family's a method (a dataset's label yields to it; "memory-efficient LLaMA training" stays a task)."""
    names = list(names)
    if any(is_benchmark_name(n) for n in names):
        return "DATASET"
    if label == "DATASET" and any(is_model_name(n) for n in names):
        return "METHOD"
    return label
