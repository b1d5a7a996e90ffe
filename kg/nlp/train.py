"""`kg train`: the recipe for the shipped NER component (METHOD, TASK, DATASET).

Training data: SciERC train (Method, Task, Material -> DATASET) and SciREX train documents (Apache-2.0;
end-exclusive spans), both detokenized and re-tokenized with the runtime tokenizer so that training
sees the tokens the product sees. Tuning: SciERC dev. SciER is GPL-3.0 and never used here.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Iterable, Iterator

from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.util import filter_spans

from ..evaluate import DEFAULT_LABEL_MAP, detokenize, read_dygiepp
from ..settings import DATA_DIR
from .version import base_model_name

NER_CONFIG = DATA_DIR / "ner.cfg"

SCIREX_LABEL_MAP = {"Method": "METHOD", "Task": "TASK", "Material": "DATASET"}


def doc_with_entities(nlp: Language, text: str, spans: Iterable[tuple[int, int, str]]) -> Doc:
    """`text` tokenized by the runtime tokenizer, with the (non-overlapping, longest-first) spans as entities."""
    doc = nlp.make_doc(text)
    ents = [doc.char_span(s, e, label=label, alignment_mode="expand") for s, e, label in spans]
    doc.ents = filter_spans([e for e in ents if e is not None])
    return doc


def dygiepp_docs(nlp: Language, path: Path, label_map: dict[str, str] = DEFAULT_LABEL_MAP) -> Iterator[Doc]:
    for gold in read_dygiepp(path, label_map):
        yield doc_with_entities(nlp, gold.text, gold.spans)


def scirex_docs(nlp: Language, path: Path, max_sections: int | None = 2, chunk_sentences: int = 12) -> Iterator[Doc]:
    """SciREX papers cut into chunks of sentences (title and abstract only by default)."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            words = record["words"]
            sections = record["sections"][:max_sections] if max_sections else record["sections"]
            end = sections[-1][1] if sections else len(words)
            sentences = [s for s in record["sentences"] if s[1] <= end]
            mentions = [(s, e, SCIREX_LABEL_MAP[t]) for s, e, t in record["ner"] if t in SCIREX_LABEL_MAP and e <= end]
            for i in range(0, len(sentences), chunk_sentences):
                first, last = sentences[i][0], sentences[min(i + chunk_sentences, len(sentences)) - 1][1]
                text, offsets = detokenize(words[first:last])
                spans = [(offsets[s - first][0], offsets[e - 1 - first][1], label) for s, e, label in mentions if first <= s and e <= last]
                yield doc_with_entities(nlp, text, spans)


def write_docbin(docs: Iterable[Doc], path: Path) -> int:
    docs = list(docs)
    DocBin(docs=docs, store_user_data=False).to_disk(path)
    return len(docs)


def train(
    out: Path,
    shared: Path,
    config: Path = NER_CONFIG,
    scirex_sections: int | None = 2,
    max_steps: int = 5000,
    work: Path | None = None,
) -> Path:
    """Rebuild the NER component from SciERC train (+ SciREX) into `out`, tuned on SciERC dev.

    Returns the folder of the best model (by SciERC dev F1), copied to `out`.
    """
    import shutil
    import tempfile

    import spacy
    from spacy.cli.train import train as spacy_train

    data = Path(shared) / "data"
    nlp = spacy.blank("en")
    work = Path(work or tempfile.mkdtemp(prefix="kg-train-"))
    work.mkdir(parents=True, exist_ok=True)
    train_docs = list(dygiepp_docs(nlp, data / "scierc" / "train.json"))
    if scirex_sections != 0:
        train_docs += scirex_docs(nlp, data / "scirex" / "train.jsonl.gz", scirex_sections)
    write_docbin(train_docs, work / "train.spacy")
    write_docbin(dygiepp_docs(nlp, data / "scierc" / "dev.json"), work / "dev.spacy")
    spacy_train(
        config,
        work / "model",
        overrides={"paths.train": str(work / "train.spacy"), "paths.dev": str(work / "dev.spacy"),
                   "paths.source": base_model_name(), "training.max_steps": max_steps},
    )
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(work / "model" / "model-best", out)
    return out
