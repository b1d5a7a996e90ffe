"""What spaCy found in one abstract, as plain data, and the `Mention`/`Relation` records it becomes.

The data depends on the clean text alone (no paper id, no raw offsets), so it can be cached by that
text and shipped between processes or machines; turning it into records needs no spaCy.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..clean import CleanText
from ..corpus import Paper
from ..records import Mention, Relation
from ..settings import PROPOSES, USES

# {"spans": [[start_char, end_char, text, label, proposed, sentence, long_form], ...],
#  "relations": [[head span index, relation, tail span index, sentence start_char, end_char, sentence], ...]}
DocData = dict[str, list[list[Any]]]
Records = tuple[list[Mention], list[Relation]]


def paper_records(paper: Paper, text: CleanText, data: DocData) -> Records:
    """The mentions and relations of one paper, offsets mapped back to the abstract as read."""
    mentions = []
    for start_char, end_char, name, label, proposed, sentence, long_form in data["spans"]:
        start, end = text.to_raw(start_char, end_char)
        mentions.append(Mention(
            paper=paper.id, start=start, end=end, text=paper.abstract[start:end], name=name, label=label,
            role=PROPOSES if proposed else USES, sentence=sentence, long_form="" if long_form == name else long_form,
        ))
    relations = [
        Relation(paper.id, mentions[head], relation, mentions[tail], sentence, *text.to_raw(start_char, end_char))
        for head, relation, tail, start_char, end_char, sentence in data["relations"]
    ]
    return mentions, relations


def merge(records: Iterable[Records]) -> Records:
    """Every paper's records, one list per kind, in paper order."""
    mentions: list[Mention] = []
    relations: list[Relation] = []
    for found, related in records:
        mentions.extend(found)
        relations.extend(related)
    return mentions, relations
