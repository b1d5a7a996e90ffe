"""The relation classifier: its pure helpers on tiny parsed sentences, what it adds to the cue rules with the
real pipeline, and the shipped weights against a refit on SciERC."""

import json

import pytest
from spacy.tokens import Span

from kg.layout import RELATION_MODEL
from kg.nlp.relation_classifier import (
    End,
    RelationModel,
    dependency_path,
    gap_bucket,
    pair_features,
    sentence_pairs,
)
from kg.nlp.tokens import TokenTable
from kg.settings import SPAN_KEY
from tests.helpers import ROOT

VERDICTS = ROOT / "training" / "relation_verdicts.tsv"


def relations(doc):
    return {(doc[a:b].text, relation, doc[c:d].text) for a, b, relation, c, d, *_ in doc._.relations}


def test_the_dependency_path_runs_up_to_the_common_ancestor_and_down(nlp):
    words = TokenTable.of(nlp("LoRA outperforms DoRA."))
    assert dependency_path(words, 0, 2) == ("nsubj|outperform|dobj", "nsubj||dobj")
    assert dependency_path(words, 1, 2) == ("|outperform|dobj", "||dobj")  # the ancestor itself


def test_gaps_are_bucketed():
    assert [gap_bucket(n) for n in (0, 2, 3, 5, 6, 10, 11, 400)] == [
        "0",
        "2",
        "3-5",
        "3-5",
        "6-10",
        "6-10",
        "11+",
        "11+",
    ]


def test_pairs_are_ordered_and_count_the_spans_between(nlp):
    doc = nlp("LoRA beats DoRA and QLoRA.")
    lora, dora, qlora = (End.of(Span(doc, i, i + 1, label="METHOD")) for i in (0, 2, 4))
    assert [(a.start, b.start, n) for a, b, n in sentence_pairs([qlora, lora, dora])] == [
        (0, 2, 0),
        (0, 4, 1),
        (2, 4, 0),
    ]


def test_features_name_the_labels_the_words_between_and_the_path(nlp):
    doc = nlp("We apply BERT to named entity recognition.")
    bert, ner = End.of(Span(doc, 2, 3, label="METHOD")), End.of(Span(doc, 4, 7, label="TASK"))
    features = pair_features(TokenTable.of(doc), bert, ner, 0)
    assert {"t=METHOD>TASK", "w=to", "first=to", "METHOD>TASK|last=to", "before=apply", "after=."} <= set(features)
    assert any(f.startswith("p=") and "|apply|" in f for f in features)


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "FooNet outperforms strong baselines, improving accuracy by 6.28% on FourSquare.",
            ("FooNet", "evaluatedOn", "FourSquare"),
        ),
        (
            "Extensive experiments validate FooNet's effectiveness with a 38.9% improvement on AlpacaEval.",
            ("FooNet", "evaluatedOn", "AlpacaEval"),
        ),
    ],
)
def test_the_classifier_finds_what_no_cue_rule_states(nlp, text, expected):
    with nlp.select_pipes(disable=["kg_relation_classifier"]):
        assert expected not in relations(nlp(text))
    assert expected in relations(nlp(text))


def test_each_relation_says_what_found_it(nlp):
    """A cue pattern, the paper's experiments or the classifier: what its confidence is drawn from."""
    doc = nlp(
        "We propose FooNet, a network for image segmentation. Extensive experiments on Cityscapes show its "
        "strength. FooNet outperforms strong baselines, improving accuracy by 6.28% on FourSquare."
    )
    found = {(a, doc[a:b].text, relation, doc[c:d].text, source) for a, b, relation, c, d, _, source in doc._.relations}
    proposed, restated = (s.start for s in doc.spans[SPAN_KEY] if s.text == "FooNet")
    assert {
        (proposed, "FooNet", "usedFor", "image segmentation", "cue"),
        (proposed, "FooNet", "evaluatedOn", "Cityscapes", "experiments"),
        (restated, "FooNet", "evaluatedOn", "FourSquare", "classifier"),  # no cue states it: the classifier reads it
    } <= found


@pytest.mark.parametrize(
    "text, first, second, read",
    [
        ("Diffusion models excel at image generation.", "Diffusion models", "image generation", "USED-FOR>"),
        ("FooNet yields higher accuracy than U-Net.", "FooNet", "U-Net", "COMPARE"),
    ],
)
def test_the_classifier_reads_but_does_not_add_used_for_nor_comparisons(nlp, text, first, second, read):
    """Its usedFor and comparedWith are left to the rules (kg.nlp.relation_classifier.EMITTED): read by hand,
    too few of them are right."""
    doc = nlp(text)
    end = {s.text: End.of(s) for s in doc.spans[SPAN_KEY]}
    features = pair_features(TokenTable.of(doc), end[first], end[second], 0)
    model = RelationModel.load()
    [p] = model.probabilities([features])
    assert p[model.classes.index(read)] >= model.threshold
    assert not relations(doc)


@pytest.mark.parametrize(
    "text",
    [
        "We thank the authors of BERT. Named entity recognition is hard.",  # two sentences
        "We train on ImageNet and COCO.",  # no relation joins two datasets
        "ImageNet contains many images for image classification.",  # a dataset is used for nothing
    ],
)
def test_no_relation_where_none_can_hold(nlp, text):
    doc = nlp(text)
    assert not relations(doc), relations(doc)
    assert all(span.label_ in {"METHOD", "TASK", "DATASET"} for span in doc.spans[SPAN_KEY])


def test_the_shipped_model_gives_probabilities_and_a_threshold():
    model = RelationModel.load()
    probabilities = model.probabilities([["t=METHOD>TASK", "w=for", "no such feature"], [], ["t=METHOD>METHOD"]])
    assert probabilities.shape == (3, len(model.classes)) and abs(probabilities.sum(axis=1) - 1).max() < 1e-9
    assert (probabilities[1] != probabilities[0]).any()  # a pair of no known feature gets the biases alone
    assert 0 < model.threshold < 1
    assert model.probabilities([]).shape == (0, len(model.classes))


def test_refitting_on_scierc_gives_the_shipped_model(shared, tmp_path):
    """`kg train-relations` reproduces kg/data/relations.json, and on SciERC dev's pairs of gold entities of
    paperkg's labels the threshold it picks is at least as precise as asked."""
    from kg.cli import train_relations
    from kg.train.relations import MIN_PRECISION

    out = tmp_path / "relations.json"
    train_relations(shared=shared, out=out, verdicts=VERDICTS)
    refit, shipped = (json.loads(p.read_text(encoding="utf-8")) for p in (out, RELATION_MODEL))
    assert (refit["classes"], refit["features"], refit["threshold"]) == (
        shipped["classes"],
        shipped["features"],
        shipped["threshold"],
    )
    assert max(abs(a - b) for a, b in zip(refit["weights"], shipped["weights"])) < 1e-3
    assert (refit["precision"], refit["judged"]) == (shipped["precision"], shipped["judged"])
    assert refit["dev"]["precision"] >= MIN_PRECISION and refit["dev"]["recall"] > 0.3


def test_new_weights_make_cached_parses_stale(tmp_path, monkeypatch):
    """The relation classifier's weights decide `doc._.relations`, which the parse cache stores."""
    from kg.nlp import fingerprint

    weights = tmp_path / "relations.json"
    monkeypatch.setattr(fingerprint, "RELATION_MODEL", weights)
    versions = []
    for text in ('{"threshold": 0.8}', '{"threshold": 0.9}'):
        weights.write_text(text, encoding="utf-8")
        fingerprint.pipeline_version.cache_clear()
        versions.append(fingerprint.pipeline_version())
    fingerprint.pipeline_version.cache_clear()
    assert versions[0] != versions[1]
