"""Titles linked to the build's entities (kg.titles): the pure helpers on tiny strings, and what a build makes of a
title, through the real pipeline and read back from mentions.jsonl and graph.ttl."""

import json

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from kg import build
from kg.cli import app
from kg.corpus import Paper
from kg.resolve import resolve
from kg.titles import name_index, named_in, title_mentions, title_words
from tests.helpers import jsonl
from tests.test_resolve import mention


def test_title_words_leave_out_the_punctuation_around_them():
    title = "GPEN: Global Position Encoding (GPE) for Graphs."
    assert [title[s:e] for s, e in title_words(title)] == [
        "GPEN",
        "Global",
        "Position",
        "Encoding",
        "GPE",
        "for",
        "Graphs",
    ]
    assert title_words("") == [] and title_words(" - ") == []


def index_of(*names: str):
    """The name index of entities of these names, and entity key -> name."""
    entities = list(resolve([mention(f"p{i}", name) for i, name in enumerate(names)]).entities.values())
    return name_index(entities), {e.key: e.name for e in entities}


def test_the_longest_phrase_from_each_word_names_the_entity_in_any_spacing():
    index, name = index_of("graph neural networks", "neural networks", "ImageNet", "Tiny-ImageNet")
    title = "Scaling Graph Neural Networks to ImageNet and TinyImageNet"
    found = [(title[s:e], name[k]) for s, e, k in named_in(title, index)]
    assert found == [
        ("Graph Neural Networks", "graph neural networks"),
        ("ImageNet", "ImageNet"),
        ("TinyImageNet", "Tiny-ImageNet"),
    ]
    assert [name[k] for _, _, k in named_in("Neural Networks, Revisited", index)] == ["neural networks"]
    assert list(named_in("Networks, Revisited", index)) == []


def test_a_name_in_capitals_is_matched_as_written_and_a_common_word_or_shared_spelling_not_at_all():
    index, name = index_of("FoR", "attention", "estimation methods")
    assert [name[k] for _, _, k in named_in("Attention for Estimation Methods", index)] == ["estimation methods"]
    assert [name[k] for _, _, k in named_in("FoR: Flow of Reasoning", index)] == ["FoR"]
    shared = resolve(
        [
            mention("p1", "SAM", long_form="segment anything model"),
            mention("p2", "SAM", long_form="sharpness-aware minimization"),
        ]
    )
    assert "SAM" not in name_index(shared.entities.values()).keys


def test_a_paper_gets_no_title_mention_of_what_its_abstract_links_nor_one_twice():
    r = resolve([mention("p1", "diffusion models"), mention("p2", "ImageNet")])
    by_name = {e.name: e for e in r.entities.values()}
    papers = [
        Paper("a", "", "Diffusion Models on ImageNet: Diffusion Models Revisited"),
        Paper("b", "", "Why Diffusion Models Work"),
    ]
    found = title_mentions(papers, list(r.entities.values()), {("b", by_name["diffusion models"].key)})
    assert [(m.paper, m.text, m.in_title, m.sentence) for m in found] == [
        ("a", "Diffusion Models", True, papers[0].title),
        ("a", "ImageNet", True, papers[0].title),
    ]
    assert all(papers[0].title[m.start : m.end] == m.text for m in found)


PAPERS = [
    {
        "id": "banyan",
        "title": "Banyan: Improved Representation Learning with Explicit Structure",
        "abstract": (
            "We present Banyan, a model that learns semantic representations of sentences by building explicit "
            "hierarchical structure over the input. Banyan outperforms recursive neural networks on semantic "
            "textual similarity benchmarks while using a fraction of their parameters."
        ),
    },
    {
        "id": "survey",
        "title": "Contrastive Objectives for Visual Representation",
        "abstract": (
            "Representation learning is the problem of learning features from unlabelled data. We study "
            "representation learning with contrastive objectives on ImageNet and show that the learned features "
            "transfer to detection."
        ),
    },
]


@pytest.fixture(scope="module")
def titled(tmp_path_factory):
    folder = tmp_path_factory.mktemp("titles")
    return build([jsonl(folder / "papers.jsonl", PAPERS)], folder / "out", min_confidence=0.0, workers=1)


def test_a_title_links_an_entity_another_abstract_names(titled):
    rows = [json.loads(line) for line in (titled.out / "mentions.jsonl").read_text(encoding="utf-8").splitlines()]
    in_title = [r for r in rows if r["field"] == "title"]
    title = PAPERS[0]["title"]
    assert [(r["paper"], r["text"]) for r in in_title] == [("banyan", "Representation Learning")]
    assert all(title[r["start"] : r["end"]] == r["text"] and r["sentence"] == title for r in in_title)
    abstracts = {p["id"]: p["abstract"] for p in PAPERS}
    assert all(abstracts[r["paper"]][r["start"] : r["end"]] == r["text"] for r in rows if r["field"] == "abstract")
    entity = in_title[0]["entity"]
    store = ox.Store()
    store.load(path=str(titled.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    kg = "https://w3id.org/paperkg/ontology#"
    linked = {
        row["id"].value
        for row in store.query(
            f"SELECT ?id WHERE {{ ?p <http://purl.org/dc/terms/identifier> ?id ; <{kg}mentions> <{entity}> }}"
        )
    }
    assert linked == {"banyan", "survey"}
    (quote,) = store.query(
        "SELECT ?exact ?source WHERE { ?a <http://www.w3.org/ns/oa#hasTarget> ?t . ?t <http://www.w3.org/ns/oa#hasSource> ?source ;"
        " <http://www.w3.org/ns/oa#hasSelector> ?q . ?q <http://www.w3.org/ns/oa#exact> ?exact . "
        " ?source <http://purl.org/dc/terms/isPartOf> ?paper . ?paper <http://purl.org/dc/terms/identifier> 'banyan' }"
    )
    assert quote["exact"].value == "Representation Learning" and quote["source"].value.endswith("#title")


def test_a_title_link_is_judged_like_any_other(titled):
    title_links = [m for m in titled.mentions if m.in_title]
    assert title_links and all(0.0 < m.confidence < 1.0 for m in title_links)


def test_kg_explain_gives_the_title_as_the_evidence_of_a_link_only_the_title_makes(titled):
    result = CliRunner().invoke(app, ["explain", "banyan", "--graph", str(titled.out)])
    assert result.exit_code == 0, result.stdout
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("representation learning (confidence"))
    assert lines[at + 1] == f"    title: “{PAPERS[0]['title']}”"
    assert "title: " not in "\n".join(lines[:at] + lines[at + 2 :])  # the abstract's links quote the abstract
