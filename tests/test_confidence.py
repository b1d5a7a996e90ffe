"""The link confidence: its pure helpers, the links a build keeps at each threshold, and the shipped weights
refitted from the paper-level gold."""

import json
import math

import pytest

from kg import build
from kg.builder.parallel import extract_corpus
from kg.confidence import (
    HEAD,
    each_link_features,
    link_confidences,
    shipped_model,
    word_before,
)
from kg.corpus import read_corpus
from kg.layout import ANNOTATIONS, CONFIDENCE_MODEL
from kg.records import Mention
from kg.resolve import is_name_word, mid_sentence_capital, resolve
from kg.settings import DEFAULT_MIN_CONFIDENCE
from tests.helpers import ROOT, jsonl


def mention(name: str, sentence: str) -> Mention:
    return Mention("p", 0, len(name), name, name, "METHOD", "uses", sentence)


def test_name_words_have_a_capital_inside_or_a_digit():
    assert is_name_word("BERT") and is_name_word("GPT-4") and is_name_word("LoRA") and is_name_word("k2")
    assert not is_name_word("Transformers") and not is_name_word("diffusion") and not is_name_word("A")


def test_the_word_before_skips_punctuation_and_reads_whole_words():
    text = "We train a (sparse) model on the ImageNet-1K data."
    assert word_before(text, text.index("sparse")) == "a"
    assert word_before(text, text.index("ImageNet")) == "the"
    assert word_before(text, 0) == ""


def test_a_capital_counts_only_where_the_sentence_does_not_put_one():
    assert mid_sentence_capital(mention("Neural Tangent Kernel", "We study the Neural Tangent Kernel."))
    assert not mid_sentence_capital(mention("Graphs", "Graphs are everywhere."))
    assert not mid_sentence_capital(mention("graphs", "We study graphs."))


PAPERS = [
    {
        "id": "zorb",
        "title": "ZorbNet: Graph Neural Networks for Molecular Property Prediction",
        "abstract": (
            "Molecular property prediction is central to drug discovery. We propose ZorbNet, a graph neural "
            "network (GNN) that passes messages along chemical bonds. ZorbNet outperforms message passing neural networks on the QM9 and ZINC benchmarks, "
            "and these results position ZorbNet as a robust and interpretable solution for chemists."
        ),
    },
    {
        "id": "flow",
        "title": "Straight Flows for Fast Image Generation",
        "abstract": (
            "Image generation with normalizing flows is slow. We introduce StraightFlow, which learns straight "
            "paths between noise and data, and we evaluate StraightFlow on CIFAR-10 and ImageNet, where it "
            "needs ten times fewer steps than diffusion models with comparable sample quality."
        ),
    },
]


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    folder = tmp_path_factory.mktemp("confidence")
    papers = jsonl(folder / "papers.jsonl", PAPERS)
    return {
        t: build([papers], folder / f"at-{t}", min_confidence=t, workers=1) for t in (0.0, DEFAULT_MIN_CONFIDENCE, 0.8)
    }


def links(result) -> dict[tuple[str, str], float]:
    return {(m.paper, m.entity): m.confidence for m in result.mentions}


def test_every_link_has_a_confidence_and_a_higher_threshold_keeps_a_subset(builds):
    every, default, strict = (links(builds[t]) for t in (0.0, DEFAULT_MIN_CONFIDENCE, 0.8))
    assert all(0.0 <= c <= 1.0 for c in every.values())
    assert set(strict) < set(default) < set(every)
    for threshold, kept in ((DEFAULT_MIN_CONFIDENCE, default), (0.8, strict)):
        assert kept == {link: c for link, c in every.items() if c >= threshold}  # same confidence at every threshold
    entities = [
        sum(1 for _, d in builds[t].graph.nodes(data=True) if d["type"] != "Paper")
        for t in (0.0, DEFAULT_MIN_CONFIDENCE, 0.8)
    ]
    assert entities[0] > entities[1] > entities[2]


def test_named_contributions_outrank_a_vague_phrase_which_is_no_node(builds):
    every = {(p, builds[0.0].graph.nodes[n]["name"]): c for (p, n), c in named(builds[0.0]).items()}
    vague = every[("zorb", "robust and interpretable solution")]  # found by the extractor ...
    assert vague < DEFAULT_MIN_CONFIDENCE  # ... and left out by default
    for name in ("ZorbNet", "graph neural network", "QM9"):
        assert every[("zorb", name)] >= DEFAULT_MIN_CONFIDENCE > vague, name
    assert every[("flow", "StraightFlow")] >= DEFAULT_MIN_CONFIDENCE
    names = {d["name"] for _, d in builds[DEFAULT_MIN_CONFIDENCE].graph.nodes(data=True)}
    assert "robust and interpretable solution" not in names and {"ZorbNet", "StraightFlow", "QM9"} <= names


def test_what_a_paper_proposes_is_its_named_contribution(builds):
    proposed = {(m.paper, m.name) for m in builds[DEFAULT_MIN_CONFIDENCE].mentions if m.role == "proposes"}
    assert {("zorb", "ZorbNet"), ("flow", "StraightFlow")} <= proposed
    assert not {name for _, name in proposed} & {"QM9", "message passing neural networks", "diffusion models"}


def named(result) -> dict[tuple[str, str], float]:
    """(paper id, entity node) -> confidence."""
    iris = {d["key"]: n for n, d in result.graph.nodes(data=True) if d["type"] != "Paper"}
    return {(m.paper, iris[m.entity]): m.confidence for m in result.mentions}


def test_the_shipped_weights_cover_exactly_the_features(tmp_path):
    model = json.loads(CONFIDENCE_MODEL.read_text(encoding="utf-8"))
    assert model["threshold"] == DEFAULT_MIN_CONFIDENCE
    papers = read_corpus([jsonl(tmp_path / "papers.jsonl", PAPERS)]).papers
    mentions = extract_corpus(papers, None, 1).records.mentions
    _, features = next(each_link_features(resolve(mentions), papers))
    heads = {name for name in model["weights"] if name.startswith(HEAD)}
    assert {name for name in features if not name.startswith(HEAD)} == set(model["weights"]) - heads
    assert len(heads) > 50 and {"head: framework", "head: network", "head: dataset"} <= heads
    assert model["proposes"]["weights"].keys() == model["weights"].keys()
    confidences = link_confidences(resolve(mentions), papers)
    score = sum(model["weights"].get(k, 0.0) * v for k, v in features.items())  # a rare head word weighs nothing
    assert (
        next(iter(confidences.values()))
        == round(1 / (1 + math.exp(-score)), 3)
        == round(shipped_model().confidence(features), 3)
    )


def test_refitting_on_the_gold_gives_the_shipped_model_and_calibrated_held_out_confidences(shared, tmp_path):
    """`kg train-confidence` reproduces kg/data/confidence.json; on held-out folds, links are listed about as
    often as their confidence says (expected calibration error below 0.1) and the default threshold gains
    paper-level F1 over keeping every link, on the shared dev set's papers too."""
    from kg.cli import train_confidence

    out = tmp_path / "confidence.json"
    train_confidence(shared=shared, out=out, annotations=ROOT / ANNOTATIONS)
    refit, shipped = (json.loads(p.read_text(encoding="utf-8")) for p in (out, CONFIDENCE_MODEL))
    assert refit["threshold"] == shipped["threshold"]
    assert refit["weights"].keys() == shipped["weights"].keys()
    assert all(abs(refit["weights"][k] - shipped["weights"][k]) < 1e-3 for k in shipped["weights"])
    for k, weight in shipped["proposes"]["weights"].items():
        assert abs(refit["proposes"]["weights"][k] - weight) < 1e-3, k
    proposes = refit["proposes"]["held_out"]  # the learned reading beats the roles component's alone
    assert proposes["kept"]["f1"] > proposes["roles component"]["f1"] and proposes["kept"]["p"] > 0.6
    bins = refit["held_out"]["calibration"]
    links = sum(b["links"] for b in bins)
    error = sum(b["links"] * abs(b["listed"] - b["confidence"]) for b in bins) / links
    assert error < 0.1, bins
    held_out = refit["held_out"]
    assert held_out["kept"]["f1"] > held_out["all links"]["f1"] and held_out["kept"]["p"] > held_out["all links"]["p"]
    assert held_out["dev kept"]["f1"] > 0.65
