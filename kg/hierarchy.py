"""Broader entities: "local differential privacy" is a kind of "differential privacy", so counting the
papers on a topic counts those on its narrower entities too.

An entity's broader entity is the one its name's head names, the nearest that the build has with the same type:
the name cut before a preposition ("reinforcement learning from human feedback" -> "reinforcement learning"),
then without its leading modifiers, one at a time ("long-term time series forecasting" -> "time series
forecasting", whose own broader entity is "forecasting"), and "X-based model" or "X architecture" -> X. Where
"X model" is an entity narrower than X, a name whose head is X is a kind of "X model" ("discrete diffusion" ->
"diffusion models" -> "diffusion"). Each entity has at most one broader entity and no chain comes back to where
it started.
"""

from __future__ import annotations

from typing import Callable, Iterator, Mapping

from .lexicon import (
    ACTIVITY_ENDINGS,
    ADJECTIVAL_PARTICIPLES,
    ADJECTIVE_ENDINGS,
    BASED_WORDS,
    COMPOUND_ENDS,
    GERUND_PHRASES,
    HEAD_BREAKS,
    KINDS_OF_A_BASED_NAME,
    KINDS_OF_A_NAME,
    QUALIFYING_ENDS,
)
from .records import Entity

THING_KINDS = ("model", "mechanism")  # "X model" is X itself, by another name (kinds_named)


def head_phrases(key: str) -> Iterator[str]:
    """Phrases a key's broader entity may have as key, nearest (most words) first: the name less leading
    modifiers, or less its kind word ("Transformer architecture", "Chain-of-Thought prompting").

    A phrase starts before the first preposition, which keeps what follows it ("human feedback" is not what
    "reinforcement learning from human feedback" is), and no phrase starts after a leading gerund, whose
    object follows it ("fine-tuning vision-language models" is no kind of VLM); the words before one
    preposition are a phrase unless they are one word that names no activity ("mixture of experts" is no
    mixture; "pruning of LLMs" is pruning), and last come those three words before more ("chain of thought
    reasoning" -> "chain of thought"). "X to Y" and "X-based" before other words are one modifier
    ("text-to-image diffusion models", "reinforcement learning-based fine-tuning"), though an "X-augmented" (or
    -aware, -guided, -free) name after another modifier is first a kind of itself ("multimodal retrieval
    augmented generation" -> "retrieval augmented generation"), and "X-based model" (or network) is a kind of X."""
    words = key.split()
    first = first_head_word(words)
    cut = next((i for i, w in enumerate(words) if i >= first and w in HEAD_BREAKS), len(words))
    activity = first == 1 and starts_with_activity(words)
    phrases = [] if activity else [words[i:] for i in range(first, cut)]
    if 2 < first < cut and words[first - 1] in QUALIFYING_ENDS:
        phrases.insert(0, words[first - 2 :])
    if cut < len(words):
        phrases += [words[i:cut] for i in range(cut) if cut - i > 1 or words[i].endswith(ACTIVITY_ENDINGS)]
    bases = []  # the names less their kind word, before a phrase as long ("transformer", not "network")
    for phrase in [words, *phrases]:
        if len(phrase) > 2 and phrase[-2] in BASED_WORDS and phrase[-1] in KINDS_OF_A_BASED_NAME:
            base = phrase[:-2]
        elif len(phrase) > 1 and phrase[-1] in KINDS_OF_A_NAME:
            base = phrase[:-1]
        else:
            continue
        if len(base) > 1 or not base[0].endswith(ADJECTIVE_ENDINGS):  # "neural model" is no kind of "neural"
            bases.append(base)
    ranked = [(len(p), False, p) for p in phrases] + [(len(p), True, p) for p in bases]
    for *_, phrase in sorted(ranked, key=lambda r: r[:2], reverse=True):
        yield " ".join(phrase)
    if cut == 1 and len(words) > 3 and not activity and words[:3] not in bases:  # "mixture of experts backbone"
        yield " ".join(words[:3])


def first_head_word(words: list[str]) -> int:
    """Where the first phrase a name's modifiers leave may start: after "X to Y" before what it modifies ("text
    to image diffusion model"), after the last "X-based" or "X-free" modifier before any preposition ("training
    free guidance", "reinforcement learning based approach": not "learning based approach"), else after the
    first word."""
    if len(words) > 3 and words[1] == "to":
        return 3
    first = 1
    for i, word in enumerate(words[:-1]):
        if i and word in HEAD_BREAKS:
            break
        if i and word in COMPOUND_ENDS:
            first = i + 1
    return first


def starts_with_activity(words: list[str]) -> bool:
    """Whether a name starts with what is done to the rest of it: "selecting", "fine tuning" (not "spiking")."""
    if any(tuple(words[: len(phrase)]) == phrase for phrase in GERUND_PHRASES):
        return True
    return words[0].endswith("ing") and words[0] not in ADJECTIVAL_PARTICIPLES


def reaches(broader: Mapping[str, str], start: str, goal: str) -> bool:
    while start != goal and start in broader:
        start = broader[start]
    return start == goal


def broader_entities(entities: Mapping[str, Entity], entity_of: Callable[[str], str | None]) -> dict[str, str]:
    """Entity key -> its broader entity's key, for each entity that has one. `entity_of` maps a key to the
    entity it joins (a spelling, a long form for its acronym), or None."""
    named_kinds = kinds_named(entities, entity_of)
    broader: dict[str, str] = {}
    for key in sorted(entities, key=lambda k: (len(k.split()), k)):
        label = entities[key].label
        for phrase in head_phrases(key):
            target = entity_of(phrase)
            if not target or target == key or entities[target].label != label:
                continue
            kind = named_kinds.get(target)
            if kind and kind != key and not reaches(broader, kind, key):
                target = kind
            if not reaches(broader, target, key):
                broader[key] = target
                break
    return broader


def kinds_named(entities: Mapping[str, Entity], entity_of: Callable[[str], str | None]) -> dict[str, str]:
    """Entity key X -> the entity "X model" (or "X mechanism") of X's type, where it is in more papers than X:
    the name most papers give the thing ("diffusion models" rather than "diffusion"). Other kind words name
    problems or uses of X ("language tasks", "control problems"), not X."""
    found: dict[str, str] = {}
    for key in sorted(entities, key=lambda k: (-len(entities[k].papers), k)):
        *words, kind = key.split()
        if words and kind in THING_KINDS:
            base = entity_of(" ".join(words))
            if base and base != key and base not in found and entities[base].label == entities[key].label:
                if len(entities[key].papers) > len(entities[base].papers):
                    found[base] = key
    return found


def papers_with_narrower(entities: Mapping[str, Entity], broader: Mapping[str, str]) -> dict[str, int]:
    """Entity key -> the number of papers that link it or any entity narrower than it."""
    papers = {key: set(entity.papers) for key, entity in entities.items()}
    for key in sorted(entities, key=lambda k: depth(broader, k), reverse=True):  # the narrowest first
        if key in broader:
            papers[broader[key]] |= papers[key]
    return {key: len(found) for key, found in papers.items()}


def depth(broader: Mapping[str, str], key: str) -> int:
    steps = 0
    while key in broader:
        key, steps = broader[key], steps + 1
    return steps
