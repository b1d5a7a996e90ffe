"""Run the pipeline over abstracts and turn each parsed doc into plain data (`docdata.DocData`), then records."""

from __future__ import annotations

from typing import Iterable

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..clean import clean
from ..corpus import Paper
from ..records import LISTED, NOT_LISTED, OVERLAPS_LISTED, Mention
from ..settings import LISTED_KEY, MAX_PIECE_CHARS, SPAN_KEY
from .docdata import TITLE_INDEX, DocData, Reading, Records, merge, paper_records, reading
from .pieces import joined, piece_bounds, piece_starts
from .pipeline import load_pipeline
from .relations import TITLE_NAME
from .results import Result
from .short_forms import short_form_key

BATCH_SIZE = 64
PIECE_BATCH_SIZE = 2  # pieces of MAX_PIECE_CHARS held at once: a batch of 64 would be 1.3 million characters


def sentence(sent: Span) -> tuple[int, int, str]:
    """A sentence's clean offsets and text, surrounding whitespace left out (the `text` is `sent.text.strip()`)."""
    lead, trail = len(sent.text) - len(sent.text.lstrip()), len(sent.text) - len(sent.text.rstrip())
    return sent.start_char + lead, sent.end_char - trail, sent.text.strip()


def char_offsets(span: Span) -> tuple[int, int]:
    return span.start_char, span.end_char


def doc_data(doc: Doc) -> DocData:
    """The spans, roles, long forms, relations and results of one processed abstract, as plain data."""
    spans = list(doc.spans[SPAN_KEY])
    listed = {(s.start, s.end) for s in doc.spans[LISTED_KEY]} if LISTED_KEY in doc.spans else set()
    listed_tokens = {t for start, end in listed for t in range(start, end)}

    def listed_flag(span: Span) -> int:
        if (span.start, span.end) in listed:
            return LISTED
        return OVERLAPS_LISTED if listed_tokens.intersection(range(span.start, span.end)) else NOT_LISTED

    proposed = {tuple(p) for p in doc._.proposed}
    index = {(span.start, span.end): i for i, span in enumerate(spans)}
    sentences: dict[tuple[int, int], int] = {}  # token offsets -> index in the table: each sentence is written once

    def sentence_index(sent: Span) -> int:
        return sentences.setdefault((sent.start, sent.end), len(sentences))

    def span_index(start: int, end: int) -> int:
        return TITLE_INDEX if (start, end) == TITLE_NAME else index[start, end]

    data: DocData = {
        "spans": [
            [
                span.start_char,
                span.end_char,
                span.text,
                span.label_,
                (span.start, span.end) in proposed,
                sentence_index(span.sent),
                doc._.long_forms.get(short_form_key(span.text), ""),
                listed_flag(span),
            ]
            for span in spans
        ],
        "relations": [
            [
                span_index(head_start, head_end),
                relation,
                span_index(tail_start, tail_end),
                sentence_index(doc[cue].sent),
                source,
            ]
            for head_start, head_end, relation, tail_start, tail_end, cue, source in doc._.relations
        ],
        "results": [
            [
                *char_offsets(doc[r.value_start : r.value_end]),
                r.value,
                r.unit,
                *char_offsets(doc[r.metric_start : r.metric_end]),
                r.relative,
                *(index.get((start, end), -1) for start, end in r.entity_offsets()),
                sentence_index(doc[r.value_start].sent),
            ]
            for r in map(Result._make, doc._.results)
        ],
    }
    data["sentences"] = [list(sentence(doc[start:end])) for start, end in sentences]
    return data


def titled(nlp: Language, read: Reading) -> Doc:
    """The doc of a text to parse, with the name its title gives (`doc._.title_name`, read by kg_relations)."""
    doc = nlp.make_doc(read.text)
    doc._.title_name = read.title_name
    return doc


def parse(readings: list[Reading], nlp: Language | None = None, batch_size: int = BATCH_SIZE) -> list[DocData]:
    """The data of each reading, in order: the unit of work a worker process or a Dask task runs. A text
    over MAX_PIECE_CHARS is parsed in pieces, a few at a time, and their data joined (kg.nlp.pieces); no
    piece is an abstract, so its title's name is not passed on."""
    nlp = nlp or load_pipeline()
    parsed: list[DocData | None] = [None] * len(readings)
    short = [i for i, read in enumerate(readings) if len(read.text) <= MAX_PIECE_CHARS]
    for i, doc in zip(short, nlp.pipe((titled(nlp, readings[i]) for i in short), batch_size=batch_size)):
        parsed[i] = doc_data(doc)
    for i, (text, _) in enumerate(readings):
        if parsed[i] is None:
            starts = piece_starts(text, MAX_PIECE_CHARS)
            pieces = (text[start:end] for start, end in piece_bounds(starts, len(text)))
            parsed[i] = joined([doc_data(doc) for doc in nlp.pipe(pieces, batch_size=PIECE_BATCH_SIZE)], starts)
    return [data for data in parsed if data is not None]


def extract(papers: Iterable[Paper], nlp: Language | None = None, batch_size: int = BATCH_SIZE) -> Records:
    """Mentions, relations and results of every paper, in input order, in this process."""
    papers = list(papers)
    texts = [clean(p.abstract) for p in papers]
    parsed = parse([reading(p, t) for p, t in zip(papers, texts)], nlp, batch_size)
    return merge(paper_records(p, t, d) for p, t, d in zip(papers, texts, parsed))


def extract_mentions(
    papers: Iterable[Paper], nlp: Language | None = None, batch_size: int = BATCH_SIZE
) -> list[Mention]:
    """Mentions of every paper, in input order (what `kg eval` scores)."""
    return extract(papers, nlp, batch_size).mentions
