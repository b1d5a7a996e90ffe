"""`kg train-listed`: the recipe for the list recognizer (kg.nlp.listed), and the paper-level annotations it
learns from.

The annotations, `training/paperlevel.json`, answer ANNOTATION.md's question (which methods, tasks and
datasets would a researcher list for this paper?) for conference abstracts of `../shared/data/papers`, each
paper by its id and file; they hold no abstract text. Each item's surface forms are found in the abstract as
the product reads it (markup removed), longest first, and become its entities; an optional (`opt`) item's
occurrences are left unknown to the recognizer rather than marked as nothing. A fifth of the papers (by a hash
of the id) are kept out of this training: the link confidence is fitted on them (kg.train.confidence), so
that it learns how far to trust the recognizer on papers it never saw.

The recognizer has the shipped NER's architecture and reads its token vectors (`kg/data/ner`), copied in and
frozen, so that at build time it reads those the NER computed (kg.nlp.listed).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import registry

from ..clean import clean
from ..corpus import Paper, read_corpus
from ..errors import KGError
from ..layout import ANNOTATIONS, NER_MODEL_DIR
from ..nlp.listed import token_vectors
from . import work_folder

LISTED_CONFIG = Path(__file__).with_name("listed.cfg")
TYPES = {"method": "METHOD", "task": "TASK", "dataset": "DATASET"}
CONFIDENCE_SHARE = 5  # one paper in five is kept for fitting the link confidence


@registry.callbacks("paperkg.ner_token_vectors.v1")
def ner_token_vectors(ner: str) -> Callable[[Language], Language]:
    """After initialising, the recognizer's frozen token vectors are the NER's at `ner` (kg/data/ner)."""

    def copy(nlp: Language) -> Language:
        import spacy

        source = token_vectors(spacy.load(ner).get_pipe("ner"))
        token_vectors(nlp.get_pipe("ner")).from_bytes(source.to_bytes())
        return nlp

    return copy


@dataclass(frozen=True)
class Annotated:
    """A paper and what a researcher lists for it (the gold format of ANNOTATION.md)."""

    paper: Paper
    gold: dict[str, Any]


def for_confidence(paper_id: str) -> bool:
    """Whether a paper is kept out of the recognizer's training, for the link confidence's."""
    return int(hashlib.sha256(paper_id.encode()).hexdigest(), 16) % CONFIDENCE_SHARE == 0


def read_gold(path: Path) -> list[dict[str, Any]]:
    """What a researcher lists for each annotated paper (ANNOTATION.md's format), in the file's order."""
    if not path.is_file():
        raise KGError(f"{path} not found: pass --annotations")
    gold: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["papers"]
    return gold


def read_annotations(path: Path, shared: Path) -> list[Annotated]:
    """The annotated papers, each with its abstract from `shared`/data/papers, in the file's order."""
    gold = read_gold(path)
    folder = shared / "data" / "papers"
    papers: dict[str, Paper] = {}
    for name in sorted({g["file"] for g in gold}):
        if not (folder / name).is_file():
            raise KGError(f"{folder / name} not found: pass --shared or set PAPERKG_SHARED")
        papers.update((p.id, p) for p in read_corpus([folder / name]).papers)
    missing = [g["id"] for g in gold if g["id"] not in papers]
    if missing:
        raise KGError(f"{path}: {len(missing)} papers not in {folder}, the first {missing[0]}")
    return [Annotated(papers[g["id"]], g) for g in gold]


def occurrences(text: str, forms: Iterable[str]) -> list[tuple[int, int]]:
    """Where the forms occur in `text` as whole words, in any case."""
    found = []
    for form in forms:
        form = clean(form).text.strip()
        if len(form) > 1:
            found += [(m.start(), m.end()) for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text, re.I)]
    return found


def projected(nlp: Language, annotated: Annotated) -> Doc:
    """The abstract as the product reads it, tokenized, each listed item's occurrences its entities (longest
    first, none overlapping another), an optional item's occurrences unknown, every other token outside."""
    text = clean(annotated.paper.abstract).text
    doc = nlp.make_doc(text)
    candidates = [
        (start, end, kind)
        for kind in (*TYPES, "opt")
        for forms in annotated.gold.get(kind, [])
        for start, end in occurrences(text, forms)
    ]
    candidates.sort(key=lambda c: (c[0] - c[1], c[0]))
    taken: set[int] = set()
    entities: list[Span] = []
    unknown: list[Span] = []
    for start, end, kind in candidates:
        span = doc.char_span(start, end, label=TYPES.get(kind, "METHOD"))
        if span is None or taken.intersection(range(span.start, span.end)):
            continue
        taken.update(range(span.start, span.end))
        (unknown if kind == "opt" else entities).append(span)
    doc.set_ents(entities, missing=unknown, default="outside")
    return doc


def train_listed(
    out: Path, shared: Path, annotations: Path = ANNOTATIONS, max_steps: int | None = None, work: Path | None = None
) -> dict:
    """Train the list recognizer into `out` on the annotated papers not kept for the link confidence, for
    `max_steps` (by default the config's); its figures on those kept (exact spans, as spaCy scores them)."""
    import shutil

    from spacy.cli.train import train as spacy_train
    from spacy.tokens import DocBin

    from ..nlp.pipeline import load_parser

    nlp = load_parser()
    annotated = read_annotations(annotations, shared)
    with work_folder(work, "kg-train-listed-") as folder:
        for name, keep in (("train", False), ("held-out", True)):
            docs = [projected(nlp, a) for a in annotated if for_confidence(a.paper.id) == keep]
            DocBin(docs=docs, store_user_data=False).to_disk(folder / f"{name}.spacy")
        overrides: dict[str, Any] = {
            "paths.train": str(folder / "train.spacy"),
            "paths.dev": str(folder / "held-out.spacy"),
            "paths.vectors": str(NER_MODEL_DIR),
            "paths.ner": str(NER_MODEL_DIR),
        }
        if max_steps is not None:
            overrides["training.max_steps"] = max_steps
            overrides["training.eval_frequency"] = max_steps
        spacy_train(LISTED_CONFIG, folder / "model", overrides=overrides)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(folder / "model" / "model-last", out)
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    return {key: meta["performance"][key] for key in ("ents_p", "ents_r", "ents_f")}
