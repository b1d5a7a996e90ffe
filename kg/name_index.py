"""The names of a build's entities, as a phrase may spell them: the index a title (kg.titles) and a name inside
a mention (kg.inner_names) are matched against, longest phrase first, in any spacing or hyphenation, and in any
case where the name is in lower case ("FoR" is no "for")."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator

from .nlp.short_forms import is_acronym
from .records import Entity
from .resolve import KEY_STRIP, entity_key

WORD = re.compile(r"\S+")
NOT_LETTERS = re.compile(r"[\W_]+")


def word_offsets(text: str) -> list[tuple[int, int]]:
    """The offsets of a title's or a name's words, each without the punctuation around it ("GPEN:" -> "GPEN")."""
    words = []
    for match in WORD.finditer(text):
        word = match.group()
        start = match.start() + len(word) - len(word.lstrip(KEY_STRIP))
        end = match.end() - (len(word) - len(word.rstrip(KEY_STRIP)))
        if start < end:
            words.append((start, end))
    return words


# A word or phrase of many titles and names ("Learning", "Neural Networks"), each index of names folded twice:
# room for all (616,000 phrases at 31.7k abstracts, 75 MB); 262,144 were emptied before the second index.
@lru_cache(maxsize=1 << 20)
def folded(phrase: str) -> str:
    """A phrase as a title must spell a name: its key without spaces and punctuation, in the key's case (a
    key keeps an acronym's: "FoR" is no "for", "SHARP" no "sharp"; "Graph Neural Networks" is
    "graphneuralnetwork")."""
    return NOT_LETTERS.sub("", entity_key(phrase))


@dataclass(frozen=True)
class NameIndex:
    """The names a title, or a name inside a mention (kg.inner_names), can spell: spelling -> entity key, the
    spelling of a name's first word -> the numbers of words of the names that start with it, most first (a name
    is also one word: "Finetuning" spells "fine tuning"), and entity key -> label."""

    keys: dict[str, str]
    lengths: dict[str, tuple[int, ...]]
    labels: dict[str, str]


def name_index(entities: Iterable[Entity]) -> NameIndex:
    """The names and aliases of `entities` but a common word ("estimation", "attention": too general for a
    title alone to say the paper is about it) and a spelling two entities share (an acronym defined as two
    things)."""
    keys: dict[str, str] = {}
    shared: set[str] = set()
    lengths: dict[str, set[int]] = defaultdict(set)
    labels: dict[str, str] = {}
    for entity in entities:
        if is_common_word(entity.name):
            continue
        labels[entity.key] = entity.label
        for name in (entity.name, *entity.aliases):
            spelling = folded(name)
            if keys.setdefault(spelling, entity.key) != entity.key:
                shared.add(spelling)
            words = word_offsets(name)
            if words:
                lengths[folded(name[words[0][0] : words[0][1]])].add(len(words))
                lengths[spelling].add(1)
    return NameIndex(
        {spelling: key for spelling, key in keys.items() if spelling and spelling not in shared},
        {first: tuple(sorted(counts, reverse=True)) for first, counts in lengths.items()},
        labels,
    )


def is_common_word(name: str) -> bool:
    """One word, hyphens and all, that is no acronym: "estimation", "low-rank", "Sparsity" (not "BERT")."""
    return " " not in name and not is_acronym(name)


def names_from(text: str, words: list[tuple[int, int]], i: int, index: NameIndex) -> Iterator[tuple[int, int, str]]:
    """(number of words, end, entity key) of each phrase of `text` from its `i`th word on (`words`: its
    `word_offsets`) that names an entity of `index`, the longest first."""
    start = words[i][0]
    for length in index.lengths.get(folded(text[start : words[i][1]]), ()):
        if i + length <= len(words):
            end = words[i + length - 1][1]
            if (key := index.keys.get(folded(text[start:end]))) is not None:
                yield length, end, key


def named_in(title: str, index: NameIndex) -> Iterator[tuple[int, int, str]]:
    """(start, end, entity key) of the phrases of `title` that name an entity of `index`, the longest from each
    word on, none overlapping."""
    words = word_offsets(title)
    i = 0
    while i < len(words):
        if (found := next(names_from(title, words, i, index), None)) is not None:
            length, end, key = found
            yield words[i][0], end, key
            i += length - 1
        i += 1
