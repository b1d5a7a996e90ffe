"""An entity a mention names inside it, of another type: the paper that curates "an instruction tuning dataset"
works on instruction tuning, one on "Multimodal Continual Instruction Tuning" (a task) on instruction tuning
(a method).

The hierarchy (kg.hierarchy) sets a name under a broader one of its own type only; a paper would then not count
for a topic it names only inside the name of a thing of another type. Here such a name, the mention's head or
the words before a kind word ("... tuning dataset", "... tuning tasks"), is a mention of its own where the paper
does not link the entity already, as what a title names is (kg.titles), and kg.confidence judges the link like
any other.
"""

from __future__ import annotations

from typing import Collection, Iterable

from .lexicon import INNER_NAME_KINDS
from .name_index import NameIndex, names_from, word_offsets
from .records import Mention
from .settings import USES


def inner_mentions(mentions: Iterable[Mention], index: NameIndex, linked: Collection[tuple[str, str]]) -> list[Mention]:
    """The mentions, inside the abstracts' `mentions`, of the entities of `index` of another label than the
    mention's that the paper does not already link (`linked`: (paper id, entity key) pairs), one a link."""
    named: dict[str, tuple[int, int, str] | None] = {}  # a name's inner name, worked out once
    found: dict[tuple[str, str], Mention] = {}
    for m in mentions:
        if m.in_title or " " not in m.text:  # one word holds no other name: it is one
            continue
        if m.text not in named:
            named[m.text] = inner_name(m.text, index)
        if (inner := named[m.text]) is None:
            continue
        start, end, key = inner
        link = (m.paper, key)
        label = index.labels[key]
        if label != m.label and link not in linked and link not in found:
            text = m.text[start:end]
            found[link] = Mention(
                m.paper,
                m.start + start,
                m.start + end,
                text,
                text,
                label,
                USES,
                m.sentence,
                entity=key,
                inside=True,
            )
    return list(found.values())


def inner_name(text: str, index: NameIndex) -> tuple[int, int, str] | None:
    """(start, end, entity key) of the longest name of `index` that a name ends with, but for kind words
    ("dataset", "tasks"), and that is not the whole name: "instruction tuning" in "multi-dimensional T2V
    evaluation instruction tuning dataset" and in "instruction tuning data". Of two words or more: one word
    ("RL" of "multi-agent RL tasks") is too often part of another thing's name."""
    words = word_offsets(text)
    for i, (start, _) in enumerate(words):
        for length, end, key in names_from(text, words, i, index):
            name = text[start:end]
            if (
                (i, length) != (0, len(words))
                and all(text[a:b].lower() in INNER_NAME_KINDS for a, b in words[i + length :])
                and ("-" in name or " " in name)
            ):
                return start, end, key
    return None
