"""The list recognizer's recipe: annotations found in their abstracts, the papers kept for the link
confidence, bad annotation files in one line, and a short training run whose frozen token vectors stay the
NER's."""

import json
import tempfile

import pytest
import spacy

from kg.corpus import Paper
from kg.errors import KGError
from kg.layout import ANNOTATIONS, NER_MODEL_DIR
from kg.nlp.listed import token_vectors
from kg.nlp.pipeline import load_parser
from kg.train.listed import (
    Annotated,
    for_confidence,
    occurrences,
    projected,
    read_annotations,
    train_listed,
)
from tests.helpers import ROOT


def test_forms_are_found_as_whole_words_in_any_case():
    text = "We propose GraphMix, a graph-mixing method; unlike Graph Mixing, graphmix scales."
    first, second, spaced = text.index("GraphMix"), text.index("graphmix"), text.index("Graph Mixing")
    assert occurrences(text, ["GraphMix"]) == [(first, first + 8), (second, second + 8)]
    assert occurrences(text, ["graph mixing"]) == [(spaced, spaced + 12)]  # not "graph-mixing"
    assert occurrences(text, ["mix", "a"]) == []  # inside words, or one letter
    assert occurrences("on the Pile corpus", ["\\textbf{Pile}"]) == [(7, 11)]  # forms are read as clean text


def annotated(abstract: str, **gold) -> Annotated:
    return Annotated(Paper(id="p", abstract=abstract), {"id": "p", **gold})


def test_listed_items_become_entities_longest_first_and_optional_ones_unknown():
    doc = projected(
        load_parser(),
        annotated(
            "We fine-tune **graph neural networks** on QM9 for molecular property prediction with a "
            "message passing scheme, unlike neural networks.",
            method=[["graph neural networks", "GNNs"], ["neural networks"]],
            dataset=[["QM9"]],
            task=[["molecular property prediction"]],
            opt=[["message passing scheme"]],
        ),
    )
    assert doc.text.startswith("We fine-tune graph neural networks on QM9")  # the clean text, as the product reads it
    assert [(e.text, e.label_) for e in doc.ents] == [
        ("graph neural networks", "METHOD"),  # not "neural networks" inside it
        ("QM9", "DATASET"),
        ("molecular property prediction", "TASK"),
        ("neural networks", "METHOD"),
    ]
    unknown = [t.text for t in doc if t.ent_iob_ == ""]
    assert unknown == ["message", "passing", "scheme"]
    assert doc[0].ent_iob_ == "O"


def test_a_fifth_of_the_papers_are_kept_for_the_link_confidence():
    ids = [f"paper-{i}" for i in range(2000)]
    kept = [i for i in ids if for_confidence(i)]
    assert 350 < len(kept) < 450
    assert kept == [i for i in ids if for_confidence(i)]  # by the id alone


def test_the_shipped_annotations_name_papers_and_hold_no_abstract_text():
    data = json.loads((ROOT / ANNOTATIONS).read_text(encoding="utf-8"))
    assert len(data["papers"]) >= 1000
    for paper in data["papers"]:
        assert set(paper) == {"id", "file", "method", "task", "dataset", "opt", "proposes"}
        items = [forms for kind in ("method", "task", "dataset", "opt") for forms in paper[kind]]
        assert all(forms and all(isinstance(f, str) and f for f in forms) for forms in items)
        assert all(len(f) < 200 for forms in items for f in forms)


def test_a_bad_annotation_file_is_one_line(tmp_path, shared):
    with pytest.raises(KGError, match="not found: pass --annotations"):
        read_annotations(tmp_path / "none.json", shared)
    path = tmp_path / "annotations.json"
    path.write_text(json.dumps({"papers": [{"id": "no-such-paper", "file": "icml2025.jsonl"}]}))
    with pytest.raises(KGError, match="1 papers not in .*, the first no-such-paper"):
        read_annotations(path, shared)
    path.write_text(json.dumps({"papers": [{"id": "x", "file": "no-such-file.jsonl"}]}))
    with pytest.raises(KGError, match="no-such-file.jsonl not found"):
        read_annotations(path, shared)


@pytest.mark.slow
def test_training_keeps_the_token_vectors_the_ners_own(shared, tmp_path, monkeypatch):
    """A short run on 40 annotated papers: the recognizer loads, finds spans, and its token vectors are still
    the shipped NER's (frozen), so that the pipeline can hand it the NER's; its work folder is gone after it."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    data = json.loads((ROOT / ANNOTATIONS).read_text(encoding="utf-8"))
    small = tmp_path / "annotations.json"
    small.write_text(json.dumps({"papers": data["papers"][:40]}))
    scores = train_listed(tmp_path / "listed", shared, small, max_steps=60)
    assert set(scores) == {"ents_p", "ents_r", "ents_f"}
    trained = spacy.load(tmp_path / "listed").get_pipe("ner")
    ner = spacy.load(NER_MODEL_DIR).get_pipe("ner")
    assert token_vectors(trained).to_bytes() == token_vectors(ner).to_bytes()
    assert set(trained.labels) == {"METHOD", "TASK", "DATASET"}
    assert list(temporary.iterdir()) == []
