"""What spaCy found in one abstract, as plain data, and the `Mention`/`Relation` records it becomes.

The data depends on the clean text alone (no paper id, no raw offsets), so it can be cached by that
text and shipped between processes or machines; turning it into records needs no spaCy.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..clean import CleanText, is_markup_fragment
from ..corpus import Paper
from ..records import Mention, Relation
from ..settings import LABELS, PROPOSES, RELATIONS, USES

# {"spans": [[start_char, end_char, text, label, proposed, sentence index, long_form], ...],
#  "relations": [[head span index, relation, tail span index, sentence index], ...],
#  "sentences": [[start_char, end_char, text], ...]}: each sentence a span or relation is in, once
DocData = dict[str, list[list[Any]]]
Records = tuple[list[Mention], list[Relation]]


BRACKETS = {")": "(", "]": "[", "}": "{"}
EDGE_PUNCTUATION = " -–,;:/\\"


def balanced(text: str, start: int, end: int) -> tuple[int, int] | None:
    """text[start:end] without a bracket left unmatched: after the last closing bracket opened before it
    ("1)grid-based discretization" -> "grid-based discretization") and before the first it never closes
    ("deep neural networks(DNNs" -> "deep neural networks"); None if no letter is left. The tokenizer keeps
    "networks(DNNs" one token, so the span rules cannot see the bracket."""
    opened: list[int] = []
    for i in range(start, end):
        ch = text[i]
        if ch in "([{":
            opened.append(i)
        elif ch in BRACKETS:
            if opened and text[opened[-1]] == BRACKETS[ch]:
                opened.pop()
            else:
                start, opened = i + 1, []
    if opened:
        end = opened[0]
    while start < end and text[start] in EDGE_PUNCTUATION:
        start += 1
    while end > start and text[end - 1] in EDGE_PUNCTUATION:
        end -= 1
    return (start, end) if any(c.isalpha() for c in text[start:end]) else None


def paper_records(paper: Paper, text: CleanText, data: DocData) -> Records:
    """The mentions and relations of one paper, offsets mapped back to the abstract as read. The mentions
    of a sentence share its text (one string, not one each: a large corpus has half a million mentions)."""
    sentences = data["sentences"]
    mentions: list[Mention | None] = []  # None: a span that is a piece of LaTeX, left out with its relations
    for start_char, end_char, name, label, proposed, sentence, long_form in data["spans"]:
        if is_markup_fragment(paper.abstract, *text.to_raw(start_char, end_char)):
            mentions.append(None)
            continue
        span = balanced(text.text, start_char, end_char)
        if span is None:
            mentions.append(None)
            continue
        if span != (start_char, end_char):
            start_char, end_char = span
            name = text.text[start_char:end_char]
        start, end = text.to_raw_with_markup(start_char, end_char)
        mentions.append(
            Mention(
                paper=paper.id,
                start=start,
                end=end,
                text=paper.abstract[start:end],
                name=name,
                label=label,
                role=PROPOSES if proposed else USES,
                sentence=sentences[sentence][2],
                long_form="" if long_form == name else long_form,
            )
        )
    relations = []
    for head, relation, tail, sentence in data["relations"]:
        head_mention, tail_mention = mentions[head], mentions[tail]
        if head_mention is None or tail_mention is None:
            continue
        start_char, end_char, sentence_text = sentences[sentence]
        relations.append(
            Relation(paper.id, head_mention, relation, tail_mention, sentence_text, *text.to_raw(start_char, end_char))
        )
    return [m for m in mentions if m is not None], relations


def fits(data: object, text: str) -> bool:
    """Whether `data` is a parse of `text` as `DocData` describes it: every field of the type it should be,
    every offset inside the text, and every span's and sentence's text the text at its offsets. A cached
    parse that is not (a damaged or hand-edited cache) must not become records."""
    if not isinstance(data, dict) or any(
        not isinstance(data.get(k), list) for k in ("spans", "relations", "sentences")
    ):
        return False
    sentences, spans = data["sentences"], data["spans"]

    def at(start: object, end: object, quote: object) -> bool:
        return type(start) is int and type(end) is int and 0 <= start <= end <= len(text) and text[start:end] == quote

    def index(value: object, items: list) -> bool:
        return type(value) is int and 0 <= value < len(items)

    return (
        all(isinstance(s, list) and len(s) == 3 and at(*s) for s in sentences)
        and all(
            isinstance(s, list)
            and len(s) == 7
            and at(*s[:3])
            and s[3] in LABELS
            and type(s[4]) is bool
            and index(s[5], sentences)
            and isinstance(s[6], str)
            for s in spans
        )
        and all(
            isinstance(r, list)
            and len(r) == 4
            and index(r[0], spans)
            and isinstance(r[1], str)
            and r[1] in RELATIONS
            and index(r[2], spans)
            and index(r[3], sentences)
            for r in data["relations"]
        )
    )


def merge(records: Iterable[Records]) -> Records:
    """Every paper's records, one list per kind, in paper order."""
    mentions: list[Mention] = []
    relations: list[Relation] = []
    for found, related in records:
        mentions.extend(found)
        relations.extend(related)
    return mentions, relations
