"""The training recipe's data and the shipped model's vectors (a full `kg train` takes most of an hour:
docs/results.md)."""

import json
import os
import subprocess
import sys
from collections import Counter

import pytest
import spacy

from kg.train.recipe import abstract_docs, dygiepp_docs

pytestmark = pytest.mark.slow


def test_scierc_documents_carry_every_type_as_a_label(shared):
    """METHOD, TASK, DATASET for the product; SciERC's other types too, which the NER learns and kg ignores."""
    path = shared / "data" / "scierc" / "dev.json"
    gold = Counter(
        entity[2]
        for line in path.read_text().splitlines()
        for sentence in json.loads(line)["ner"]
        for entity in sentence
    )
    found = Counter(e.label_ for doc in dygiepp_docs(spacy.blank("en"), path) for e in doc.ents)
    labels = {
        "Method": "METHOD",
        "Task": "TASK",
        "Material": "DATASET",
        "OtherScientificTerm": "OTHER",
        "Generic": "GENERIC",
        "Metric": "METRIC",
    }
    assert set(found) == {labels[t] for t in gold}
    for kind, label in labels.items():  # nested spans are dropped, longest first: a few go
        assert 0.9 * gold[kind] <= found[label] <= gold[kind], kind


def test_abstracts_for_the_teacher_are_a_sample_without_markup(tmp_path):
    records = [
        {"id": str(i), "abstract": f"We train \\textbf{{Model{i}}} on $\\mathcal{{D}}$ with **care** today."}
        for i in range(10)
    ]
    (tmp_path / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    sample = abstract_docs(spacy.blank("en"), tmp_path, max_words=20)
    assert len(sample) == 3  # 8 words an abstract: the third reaches 20
    assert all(doc.text.startswith("We train Model") and "\\" not in doc.text and "*" not in doc.text for doc in sample)
    assert [d.text for d in sample] == [d.text for d in abstract_docs(spacy.blank("en"), tmp_path, max_words=20)]
    assert len({d.text for d in abstract_docs(spacy.blank("en"), tmp_path, max_words=1000)}) == 10


def test_the_pipeline_reads_the_ners_vectors_for_unseen_words_too(nlp):
    assert nlp.vocab.vectors.mode == "floret"
    assert nlp.vocab.get_vector("QuillFormerXL").any()  # no such word anywhere: its character pieces have vectors


def test_kg_train_without_floret_says_what_to_install_and_leaves_no_temporary_folder(shared, tmp_path):
    blocked = "import sys; sys.modules['floret'] = None; from kg.cli import main; main()"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            blocked,
            "train",
            "--shared",
            str(shared),
            "--out",
            str(tmp_path / "ner"),
            "--no-teacher",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "kg: error: kg train learns word vectors with floret: pip install 'paperkg[train]'"
    ]
    assert not (tmp_path / "ner").exists()
    assert list(temporary.iterdir()) == []  # the run's work folder is gone with it
