"""A long text read in pieces: where to cut it, and the pieces' parses joined into the parse of the whole.

spaCy's parser needs memory in proportion to a text's length (a 400,000-character text read whole took
1.5 GB), so a text over MAX_PIECE_CHARS is cut at a paragraph break, else at a sentence's end, else at a
space, and each piece is parsed alone. Joined, the pieces' offsets point into the whole clean text, and a
short form defined in one piece ("graph neural network (GNN)") gives its long form to the short form's
mentions in every other piece, as it does within one text.
"""

from __future__ import annotations

import re

from ..settings import MAX_PIECE_CHARS
from .docdata import KEYS, DocData
from .short_forms import short_form_key

PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[A-Z0-9(\[\"“‘])")
SPACE = re.compile(r"\s+")
# A cut is looked for in the last half of a piece, so that no piece is much shorter than the limit.
MIN_PIECE_SHARE = 0.5


def piece_starts(text: str, limit: int = MAX_PIECE_CHARS) -> list[int]:
    """Where each piece of `text` starts: [0] for a text within `limit`. A piece ends after the last
    paragraph break, sentence end or space of its last half, else at `limit` characters."""
    starts = [0]
    while len(text) - starts[-1] > limit:
        start = starts[-1]
        window = text[start + int(limit * MIN_PIECE_SHARE) : start + limit]
        offset = start + int(limit * MIN_PIECE_SHARE)
        for boundary in (PARAGRAPH_BREAK, SENTENCE_END, SPACE):
            ends = [m.end() for m in boundary.finditer(window)]
            if ends:
                starts.append(offset + ends[-1])
                break
        else:
            starts.append(start + limit)
    return starts


def piece_bounds(starts: list[int], length: int) -> list[tuple[int, int]]:
    return list(zip(starts, [*starts[1:], length]))


def joined(parts: list[DocData], starts: list[int]) -> DocData:
    """The parse of a whole text from its pieces' parses (`starts` from `piece_starts`)."""
    whole: DocData = {key: [] for key in KEYS}
    for data, shift in zip(parts, starts):
        spans, sentences = len(whole["spans"]), len(whole["sentences"])
        for start, end, text, label, proposed, sentence, long_form, listed in data["spans"]:
            whole["spans"].append(
                [start + shift, end + shift, text, label, proposed, sentence + sentences, long_form, listed]
            )
        for head, relation, tail, sentence, source in data["relations"]:
            whole["relations"].append([head + spans, relation, tail + spans, sentence + sentences, source])
        for value_start, value_end, value, unit, metric_start, metric_end, relative, *entities, sentence in data[
            "results"
        ]:
            whole["results"].append(
                [
                    value_start + shift,
                    value_end + shift,
                    value,
                    unit,
                    metric_start + shift,
                    metric_end + shift,
                    relative,
                    *(i + spans if i >= 0 else -1 for i in entities),
                    sentence + sentences,
                ]
            )
        whole["sentences"] += [[start + shift, end + shift, text] for start, end, text in data["sentences"]]
    share_long_forms(whole)
    return whole


def share_long_forms(data: DocData) -> None:
    """Give a short form's long form, found in one piece, to its mentions in the others."""
    long_forms: dict[str, str] = {}
    for span in data["spans"]:
        if span[6] and span[6] != span[2]:
            long_forms.setdefault(short_form_key(span[2]), span[6])
    if long_forms:
        for span in data["spans"]:
            if not span[6]:
                span[6] = long_forms.get(short_form_key(span[2]), "")
