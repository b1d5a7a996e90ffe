"""Run the pipeline over papers and turn its spans into `Mention` records with raw offsets."""

from __future__ import annotations

from typing import Iterable, Iterator

from spacy.language import Language
from spacy.tokens import Doc

from ..clean import CleanText, clean
from ..corpus import Paper
from ..records import Mention
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


def extract_mentions(papers: Iterable[Paper], nlp: Language | None = None, batch_size: int = BATCH_SIZE) -> list[Mention]:
    """Mentions of every paper, in input order."""
    nlp = nlp or load_pipeline()
    papers = list(papers)
    texts = [clean(p.abstract) for p in papers]
    mentions: list[Mention] = []
    for paper, text, doc in zip(papers, texts, nlp.pipe((t.text for t in texts), batch_size=batch_size)):
        mentions.extend(doc_mentions(paper, text, doc))
    return mentions
