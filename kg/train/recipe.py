"""`kg train`: the recipe for the shipped NER component (METHOD, TASK, DATASET).

Training data: SciERC train (Method, Task, Material -> DATASET; its other types as labels the product
ignores) and SciREX train documents (Apache-2.0; end-exclusive spans), both detokenized and re-tokenized
with spaCy's English tokenizer so that training sees the tokens the product sees (but for the product's
full stop after a capital, kg.nlp.pipeline.NAME_FULL_STOPS: 7 of 320k tokens). The component reads static
word vectors (floret: words and their character n-grams) learnt first from the full text of the SciREX
papers and SciERC train + dev. It learns from gold text and from SciREX body text and ML conference abstracts
(../shared/data/papers) labelled by a teacher, a transformer fine-tuned on the same gold text (kg.train.teacher).
Settings were tuned on SciERC dev; the shipped model is then trained on SciERC train + dev for a fixed number of
steps. SciER is GPL-3.0 and never used here.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any, Iterable, Iterator

from spacy.language import Language
from spacy.tokens import Doc, DocBin
from spacy.util import filter_spans

from ..errors import ModelError
from ..evaluation.gold import DEFAULT_LABEL_MAP, detokenize, read_dygiepp
from . import work_folder

NER_CONFIG = Path(__file__).with_name("ner.cfg")

# The NER also learns SciERC's other types (and SciREX's metrics), which the product then ignores: knowing
# what is a metric or another scientific term sharpens the three labels (SciERC dev +0.016, CHANGELOG.md).
TRAIN_LABEL_MAP = {**DEFAULT_LABEL_MAP, "OtherScientificTerm": "OTHER", "Generic": "GENERIC", "Metric": "METRIC"}
SCIREX_LABEL_MAP = {"Method": "METHOD", "Task": "TASK", "Material": "DATASET", "Metric": "METRIC"}
# floret settings, measured on SciERC dev (dim 200 scored no better than 100 and doubles the size).
VECTOR_SETTINGS = {
    "model": "cbow",
    "mode": "floret",
    "hashCount": 2,
    "bucket": 20000,
    "minn": 3,
    "maxn": 5,
    "dim": 100,
    "epoch": 10,
    "minCount": 2,
    "thread": 1,
}
# The teacher (kg.train.teacher), measured on SciERC dev: every other chunk of SciREX body text (about 720k tokens)
# and about 740k words of conference abstracts (../shared/data/papers) labelled by it; a first pass over all
# gold text, then one over SciERC's for its span conventions.
BODY_EVERY = 2
ABSTRACT_WORDS = 740_000
TEACHER_ALL_GOLD: dict[str, Any] = {"epochs": 4, "learn_rate": 1e-4}
TEACHER_SCIERC: dict[str, Any] = {"epochs": 4, "learn_rate": 5e-5}


def doc_with_entities(nlp: Language, text: str, spans: Iterable[tuple[int, int, str]]) -> Doc:
    """`text` tokenized by the runtime tokenizer, with the (non-overlapping, longest-first) spans as entities."""
    doc = nlp.make_doc(text)
    ents = [doc.char_span(s, e, label=label, alignment_mode="expand") for s, e, label in spans]
    doc.ents = filter_spans([e for e in ents if e is not None])
    return doc


def dygiepp_docs(nlp: Language, path: Path, label_map: dict[str, str] = TRAIN_LABEL_MAP) -> Iterator[Doc]:
    for gold in read_dygiepp(path, label_map):
        yield doc_with_entities(nlp, gold.text, gold.spans)


def scirex_docs(
    nlp: Language, path: Path, max_sections: int | None = 2, chunk_sentences: int = 12, body: bool = False
) -> Iterator[Doc]:
    """SciREX papers cut into chunks of sentences with their gold entities: the leading `max_sections` (title
    and abstract by default; None: all), or with `body` the text after them, for the teacher to label."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            words = record["words"]
            sections = record["sections"][:max_sections] if max_sections else record["sections"]
            lead = sections[-1][1] if sections else len(words)
            low, high = (lead, len(words)) if body else (0, lead)
            sentences = [s for s in record["sentences"] if low <= s[0] and s[1] <= high]
            mentions = [(s, e, SCIREX_LABEL_MAP[t]) for s, e, t in record["ner"] if t in SCIREX_LABEL_MAP]
            for i in range(0, len(sentences), chunk_sentences):
                first, last = sentences[i][0], sentences[min(i + chunk_sentences, len(sentences)) - 1][1]
                text, offsets = detokenize(words[first:last])
                spans = [
                    (offsets[s - first][0], offsets[e - 1 - first][1], label)
                    for s, e, label in mentions
                    if first <= s and e <= last
                ]
                yield doc_with_entities(nlp, text, [] if body else spans)


def abstract_docs(nlp: Language, papers: Path, max_words: int = ABSTRACT_WORDS, seed: int = 0) -> list[Doc]:
    """A random sample of the abstracts in `papers` (as the product reads them: markup removed), about
    `max_words` words, for the teacher to label."""
    import random

    from ..clean import clean
    from ..corpus import read_corpus

    texts = [clean(paper.abstract).text for paper in read_corpus([papers]).papers]
    random.Random(seed).shuffle(texts)
    sample, words = [], 0
    for text in texts:
        if words >= max_words:
            break
        sample.append(nlp.make_doc(text))
        words += len(text.split())
    return sample


def vector_text(nlp: Language, data: Path) -> Iterator[str]:
    """Tokenized sentences to learn vectors from: the SciREX papers in full, then SciERC train and dev."""
    with gzip.open(data / "scirex" / "train.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            for start, end in record["sentences"]:
                yield " ".join(t.text for t in nlp.make_doc(detokenize(record["words"][start:end])[0]))
    for split in ("train", "dev"):
        for gold in read_dygiepp(data / "scierc" / f"{split}.json", {}):
            yield " ".join(t.text for t in nlp.make_doc(gold.text))


def train_vectors(nlp: Language, data: Path, work: Path) -> Path:
    """floret vectors of the training text, as a spaCy pipeline folder for `[initialize] vectors`."""
    try:
        import floret
    except ImportError:
        raise ModelError("kg train learns word vectors with floret: pip install 'paperkg[train]'") from None
    import spacy
    from spacy.training.initialize import convert_vectors

    text = work / "vectors.txt"
    text.write_text("".join(line + "\n" for line in vector_text(nlp, data)), encoding="utf-8")
    floret.train_unsupervised(str(text), **VECTOR_SETTINGS).save_floret_vectors(str(work / "vectors.floret"))
    holder = spacy.blank("en")
    convert_vectors(holder, work / "vectors.floret", truncate=0, prune=-1, name="paperkg_floret", mode="floret")
    holder.to_disk(work / "vectors")
    return work / "vectors"


def write_docbin(docs: Iterable[Doc], path: Path) -> int:
    docs = list(docs)
    DocBin(docs=docs, store_user_data=False).to_disk(path)
    return len(docs)


def distil(gold: list[Doc], scierc: list[Doc], unlabelled: list[Doc], seed: int = 0) -> list[Doc]:
    """The unlabelled docs labelled by a teacher fine-tuned on all gold docs, then on SciERC's alone."""
    from wasabi import msg

    from .teacher import Teacher

    teacher = Teacher(sorted({e.label_ for doc in gold for e in doc.ents}), seed=seed)
    for docs, settings in ((gold, TEACHER_ALL_GOLD), (scierc, TEACHER_SCIERC)):
        msg.info(f"Teacher: fine-tuning on {len(docs)} gold documents, {settings['epochs']} epochs")
        teacher.fine_tune(docs, **settings)
    msg.info(f"Teacher: labelling {len(unlabelled)} unlabelled documents")
    return list(teacher.label(unlabelled))


def train(
    out: Path,
    shared: Path,
    config: Path = NER_CONFIG,
    scirex_sections: int | None = 2,
    max_steps: int | None = None,
    with_dev: bool = True,
    teacher: bool = True,
    work: Path | None = None,
) -> Path:
    """Rebuild the NER component into `out` from SciERC train (+ SciREX) and, `with_dev`, SciERC dev, plus
    (`teacher`) SciREX body text and conference abstracts labelled by a fine-tuned transformer.

    With dev the model after `max_steps` (by default the config's) is kept (the shipped recipe); without, the
    best one on SciERC dev (for tuning: its dev score is then a fair one).
    """
    import shutil

    import spacy
    from spacy.cli.train import train as spacy_train

    if teacher:
        from .teacher import require

        require()
    data = Path(shared) / "data"
    nlp = spacy.blank("en")
    with work_folder(work, "kg-train-") as folder:
        (folder / "train").mkdir(parents=True, exist_ok=True)
        vectors = train_vectors(nlp, data, folder)
        scierc = list(dygiepp_docs(nlp, data / "scierc" / "train.json"))
        if with_dev:
            scierc += dygiepp_docs(nlp, data / "scierc" / "dev.json")
        gold = list(scierc)
        if scirex_sections != 0:
            gold += scirex_docs(nlp, data / "scirex" / "train.jsonl.gz", scirex_sections)
        write_docbin(gold, folder / "train" / "gold.spacy")
        if teacher:
            body = list(scirex_docs(nlp, data / "scirex" / "train.jsonl.gz", scirex_sections, body=True))[::BODY_EVERY]
            write_docbin(
                distil(gold, scierc, body + abstract_docs(nlp, data / "papers")), folder / "train" / "silver.spacy"
            )
        write_docbin(dygiepp_docs(nlp, data / "scierc" / "dev.json"), folder / "dev.spacy")
        overrides: dict[str, Any] = {
            "paths.train": str(folder / "train"),
            "paths.dev": str(folder / "dev.spacy"),
            "paths.vectors": str(vectors),
        }
        if max_steps is not None:  # else the config's
            overrides["training.max_steps"] = max_steps
        spacy_train(config, folder / "model", overrides=overrides)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(folder / "model" / ("model-last" if with_dev else "model-best"), out)
    return out
