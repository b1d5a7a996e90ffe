"""A paper's title names what the paper is about: links from its words to entities the build found elsewhere.

spaCy reads the abstract only (a title is written in Title Case, which the recognizers were not trained on),
so "Improved Representation Learning with Explicit Structure" would not link "representation learning" when
the abstract names it otherwise ("learning representations"). Here each title is matched, longest phrase
first, against the names and aliases of the build's entities, in any spacing or hyphenation, and in any case where
the name is not written in capitals ("FoR" is not "for"); a phrase that names an entity the paper's abstract does not link becomes a mention in the title, and
kg.confidence judges the link like any other ("title only" is one of its features).
"""

from __future__ import annotations

import re
from typing import Collection, Iterable, Iterator

from .corpus import Paper
from .records import Entity, Mention
from .resolve import KEY_STRIP, entity_key, is_acronym
from .settings import USES

MAX_NAME_WORDS = 8  # the longest phrase of a title tried as a name
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


def folded(phrase: str) -> str:
    """A phrase as a title must spell a name: its key without spaces and punctuation, in the key's case (a
    key keeps an acronym's: "FoR" is no "for", "SHARP" no "sharp"; "Graph Neural Networks" is
    "graphneuralnetwork")."""
    return NOT_LETTERS.sub("", entity_key(phrase))


def name_index(entities: Iterable[Entity]) -> dict[str, str]:
    """Spelling -> entity key, for every name and alias of `entities` but a common word ("estimation",
    "attention": too general for a title alone to say the paper is about it) and a spelling two entities
    share (an acronym defined as two things)."""
    index: dict[str, str] = {}
    shared: set[str] = set()
    for entity in entities:
        if is_common_word(entity.name):
            continue
        for name in (entity.name, *entity.aliases):
            spelling = folded(name)
            if index.setdefault(spelling, entity.key) != entity.key:
                shared.add(spelling)
    return {spelling: key for spelling, key in index.items() if spelling and spelling not in shared}


def is_common_word(name: str) -> bool:
    """One word, hyphens and all, that is no acronym: "estimation", "low-rank", "Sparsity" (not "BERT")."""
    return " " not in name and not is_acronym(name)


def first_words(entities: Iterable[Entity]) -> set[str]:
    """The spellings of the words names start with: a title phrase from another word is no name."""
    return {
        folded(name[s:e])
        for entity in entities
        for name in (entity.name, *entity.aliases)
        for s, e in title_words(name)[:1]
    }


def named_in(title: str, index: dict[str, str], starts: Collection[str]) -> Iterator[tuple[int, int, str]]:
    """(start, end, entity key) of the phrases of `title` that name an entity of `index`, the longest from each
    word on, none overlapping; `starts` are the spellings of the words a name can start with."""
    words = title_words(title)
    i = 0
    while i < len(words):
        found = None
        if folded(title[words[i][0] : words[i][1]]) in starts:
            for j in range(min(len(words), i + MAX_NAME_WORDS), i, -1):
                if (key := index.get(folded(title[words[i][0] : words[j - 1][1]]))) is not None:
                    found = (words[i][0], words[j - 1][1], key)
                    break
        if found is None:
            i += 1
        else:
            i = j
            yield found


def title_mentions(
    papers: Iterable[Paper], entities: Collection[Entity], linked: Collection[tuple[str, str]]
) -> list[Mention]:
    """The mentions in the papers' titles of `entities` that the paper does not already link (`linked`: (paper
    id, entity key) pairs), one a link."""
    index, starts = name_index(entities), first_words(entities)
    labels = {entity.key: entity.label for entity in entities}
    mentions = []
    for paper in papers:
        seen: set[str] = set()
        for start, end, key in named_in(paper.title, index, starts):
            if key not in seen and (paper.id, key) not in linked:
                seen.add(key)
                text = paper.title[start:end]
                mentions.append(
                    Mention(paper.id, start, end, text, text, labels[key], USES, paper.title, entity=key, in_title=True)
                )
    return mentions
