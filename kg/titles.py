"""A paper's title names what the paper is about: links from its words to entities the build found elsewhere.

spaCy reads the abstract only (a title is written in Title Case, which the recognizers were not trained on),
so "Improved Representation Learning with Explicit Structure" would not link "representation learning" when
the abstract names it otherwise ("learning representations"). Here each title is matched, longest phrase
first, against the names and aliases of the build's entities, in any spacing or hyphenation, and in any case
where the name is in lower case ("FoR" is no "for"); a phrase that names an entity the paper's abstract does
not name becomes a mention in the title, and kg.confidence judges the link like any other ("title only" is
one of its features).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Collection, Iterable, Iterator

from .corpus import Paper
from .records import Entity, Mention
from .resolve import KEY_STRIP, entity_key, is_acronym
from .settings import USES

TITLE_WORD = re.compile(r"\S+")
NOT_LETTERS = re.compile(r"[\W_]+")


def title_words(title: str) -> list[tuple[int, int]]:
    """The offsets of a title's words, each without the punctuation around it ("GPEN:" -> "GPEN")."""
    words = []
    for match in TITLE_WORD.finditer(title):
        word = match.group()
        start = match.start() + len(word) - len(word.lstrip(KEY_STRIP))
        end = match.end() - (len(word) - len(word.rstrip(KEY_STRIP)))
        if start < end:
            words.append((start, end))
    return words


@lru_cache(maxsize=1 << 18)  # a word or phrase of many titles and names ("Learning", "Neural Networks")
def folded(phrase: str) -> str:
    """A phrase as a title must spell a name: its key without spaces and punctuation, in the key's case (a
    key keeps an acronym's: "FoR" is no "for", "SHARP" no "sharp"; "Graph Neural Networks" is
    "graphneuralnetwork")."""
    return NOT_LETTERS.sub("", entity_key(phrase))


@dataclass(frozen=True)
class NameIndex:
    """The names a title can spell: spelling -> entity key, and the spelling of a name's first word -> the
    numbers of words of the names that start with it, most first (a name is also one word: "Finetuning" spells
    "fine tuning")."""

    keys: dict[str, str]
    lengths: dict[str, tuple[int, ...]]


def name_index(entities: Iterable[Entity]) -> NameIndex:
    """The names and aliases of `entities` but a common word ("estimation", "attention": too general for a
    title alone to say the paper is about it) and a spelling two entities share (an acronym defined as two
    things)."""
    keys: dict[str, str] = {}
    shared: set[str] = set()
    lengths: dict[str, set[int]] = defaultdict(set)
    for entity in entities:
        if is_common_word(entity.name):
            continue
        for name in (entity.name, *entity.aliases):
            spelling = folded(name)
            if keys.setdefault(spelling, entity.key) != entity.key:
                shared.add(spelling)
            words = title_words(name)
            if words:
                lengths[folded(name[words[0][0] : words[0][1]])].add(len(words))
                lengths[spelling].add(1)
    return NameIndex(
        {spelling: key for spelling, key in keys.items() if spelling and spelling not in shared},
        {first: tuple(sorted(counts, reverse=True)) for first, counts in lengths.items()},
    )


def is_common_word(name: str) -> bool:
    """One word, hyphens and all, that is no acronym: "estimation", "low-rank", "Sparsity" (not "BERT")."""
    return " " not in name and not is_acronym(name)


def named_in(title: str, index: NameIndex) -> Iterator[tuple[int, int, str]]:
    """(start, end, entity key) of the phrases of `title` that name an entity of `index`, the longest from each
    word on, none overlapping."""
    words = title_words(title)
    i = 0
    while i < len(words):
        start = words[i][0]
        for length in index.lengths.get(folded(title[start : words[i][1]]), ()):
            if i + length <= len(words):
                end = words[i + length - 1][1]
                if (key := index.keys.get(folded(title[start:end]))) is not None:
                    yield start, end, key
                    i += length - 1
                    break
        i += 1


def title_mentions(
    papers: Iterable[Paper], entities: Collection[Entity], linked: Collection[tuple[str, str]]
) -> list[Mention]:
    """The mentions in the papers' titles of `entities` that the paper does not already link (`linked`: (paper
    id, entity key) pairs), one a link."""
    index = name_index(entities)
    labels = {entity.key: entity.label for entity in entities}
    mentions = []
    for paper in papers:
        seen: set[str] = set()
        for start, end, key in named_in(paper.title, index):
            if key not in seen and (paper.id, key) not in linked:
                seen.add(key)
                text = paper.title[start:end]
                mentions.append(
                    Mention(paper.id, start, end, text, text, labels[key], USES, paper.title, entity=key, in_title=True)
                )
    return mentions
