"""A doc's tokens as plain values, read once per doc: the rules that look at every token of a sentence many
times (list mates in kg.nlp.propagate, a pair's features in kg.nlp.relation_classifier) read lists instead of
making a spaCy Token object for each look."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc


@dataclass(frozen=True)
class TokenTable:
    texts: list[str]
    lowers: list[str]
    spaced: list[bool]  # whitespace after the token
    numbers: list[bool]  # like a number
    lemmas: list[str]  # lower case
    deps: list[str]
    heads: list[int]

    @classmethod
    def of(cls, doc: Doc) -> TokenTable:
        table = cls([], [], [], [], [], [], [])
        for t in doc:
            table.texts.append(t.text)
            table.lowers.append(t.lower_)
            table.spaced.append(bool(t.whitespace_))
            table.numbers.append(t.like_num)
            table.lemmas.append(t.lemma_.lower())
            table.deps.append(t.dep_)
            table.heads.append(t.head.i)
        return table
