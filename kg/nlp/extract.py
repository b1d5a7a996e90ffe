"""Run the pipeline over papers and turn its spans into `Mention` and `Relation` records with raw offsets."""

from __future__ import annotations

from typing import Iterable, Iterator

from spacy.language import Language
from spacy.tokens import Doc

from ..clean import CleanText, clean
from ..corpus import Paper
from ..records import Mention, Relation
from ..settings import PROPOSES, SPAN_KEY, USES
from .abbreviations import short_form_key
from .pipeline import load_pipeline

BATCH_SIZE = 64


def doc_mentions(paper: Paper, text: CleanText, doc: Doc) -> Iterator[Mention]:
    """The mentions of one processed abstract, offsets mapped back to the abstract as read."""
    proposed = {tuple(p) for p in doc._.proposed}
    for span in doc.spans[SPAN_KEY]:
        start, end = text.to_raw(span.start_char, span.end_char)
        long_form = doc._.long_forms.get(short_form_key(span.text), "")
        yield Mention(
            paper=paper.id,
            start=start,
            end=end,
            text=paper.abstract[start:end],
            name=span.text,
            label=span.label_,
            role=PROPOSES if (span.start, span.end) in proposed else USES,
            sentence=span.sent.text.strip(),
            long_form="" if long_form == span.text else long_form,
        )


def doc_relations(paper: Paper, text: CleanText, doc: Doc, mentions: list[Mention]) -> Iterator[Relation]:
    """The relations of one processed abstract between its mentions (in span order), with the sentence's raw offsets."""
    by_span = {(span.start, span.end): m for span, m in zip(doc.spans[SPAN_KEY], mentions)}
    for head_start, head_end, relation, tail_start, tail_end in doc._.relations:
        sent = doc[head_start].sent
        lead, trail = len(sent.text) - len(sent.text.lstrip()), len(sent.text) - len(sent.text.rstrip())
        start, end = text.to_raw(sent.start_char + lead, sent.end_char - trail)
        yield Relation(paper.id, by_span[(head_start, head_end)], relation, by_span[(tail_start, tail_end)],
                       sent.text.strip(), start, end)


def extract(papers: Iterable[Paper], nlp: Language | None = None, batch_size: int = BATCH_SIZE) -> tuple[list[Mention], list[Relation]]:
    """Mentions and relations of every paper, in input order."""
    nlp = nlp or load_pipeline()
    papers = list(papers)
    texts = [clean(p.abstract) for p in papers]
    mentions: list[Mention] = []
    relations: list[Relation] = []
    for paper, text, doc in zip(papers, texts, nlp.pipe((t.text for t in texts), batch_size=batch_size)):
        found = list(doc_mentions(paper, text, doc))
        mentions.extend(found)
        relations.extend(doc_relations(paper, text, doc, found))
    return mentions, relations


def extract_mentions(papers: Iterable[Paper], nlp: Language | None = None, batch_size: int = BATCH_SIZE) -> list[Mention]:
    """Mentions of every paper, in input order (what `kg eval` scores)."""
    return extract(papers, nlp, batch_size)[0]
