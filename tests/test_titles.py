"""Titles linked to the build's entities (kg.titles): the pure helpers on tiny strings, and what a build makes of a
title, through the real pipeline and read back from mentions.jsonl and graph.ttl."""

import json

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from kg import build
from kg.cli import app
from kg.confidence import resolve_papers
from kg.corpus import Paper
from kg.name_index import name_index
from kg.nlp.title_names import is_head_name, title_head
from kg.resolve import resolve
from kg.titles import (
    title_lead_tasks,
    title_long_form,
    title_mentions,
    title_method_phrases,
    title_name_mentions,
    title_relations,
    title_tasks,
)
from tests.helpers import jsonl
from tests.test_resolve import mention


def test_a_paper_gets_no_title_mention_of_what_its_abstract_links_nor_one_twice():
    r = resolve([mention("p1", "diffusion models"), mention("p2", "ImageNet")])
    by_name = {e.name: e for e in r.entities.values()}
    papers = [
        Paper("a", "", "Diffusion Models on ImageNet: Diffusion Models Revisited"),
        Paper("b", "", "Why Diffusion Models Work"),
    ]
    found = title_mentions(papers, name_index(r.entities.values()), {("b", by_name["diffusion models"].key)})
    assert [(m.paper, m.text, m.in_title, m.sentence) for m in found] == [
        ("a", "Diffusion Models", True, papers[0].title),
        ("a", "ImageNet", True, papers[0].title),
    ]
    assert all(papers[0].title[m.start : m.end] == m.text for m in found)


@pytest.mark.parametrize(
    "title, head, is_name",
    [
        ("BUSTLE: Bottom-Up Program Synthesis Through Learning-Guided Exploration", "BUSTLE", True),
        ("JAWS-X: Addressing Efficiency Bottlenecks of Conformal Prediction", "JAWS-X", True),
        ("Ordered SGD: A New Stochastic Optimization Framework", "Ordered SGD", True),
        ("Shifting the Paradigm: A Diffeomorphism Between Time Series", "Shifting the Paradigm", False),
        ("Continuum-Armed Bandits: A Function Space Perspective", "Continuum-Armed Bandits", False),
        ("SGD Jittering: A Training Strategy for Robust Unrolled Networks", "SGD Jittering", True),
        ("Beyond CVaR: Leveraging Static Spectral Risk Measures", "Beyond CVaR", False),
        ("DPO Meets PPO: Reinforced Token Optimization for RLHF", "DPO Meets PPO", False),
        ("Thinking LLMs: General Instruction Following with Thought Generation", "Thinking LLMs", False),
        ("Parameters vs FLOPs: Scaling Laws for Optimal Sparsity", "Parameters vs FLOPs", False),
        ("$\\alpha$-Net: Learning With Angles", "$\\alpha$-Net", False),  # markup is no name
        ("Why Diffusion Models Work", "", False),
    ],
)
def test_a_title_head_spelled_as_a_name_is_a_name(title, head, is_name):
    assert title_head(title) == head
    assert is_head_name(title_head(title)) is is_name


@pytest.mark.parametrize(
    "title, tasks",
    [
        ("Leveraging Label Non-Uniformity for Node Classification in Graph Neural Networks", ["Node Classification"]),
        ("A Distributional Approach to Controlled Text Generation", ["Controlled Text Generation"]),
        ("Anchor Sampling for Federated Learning with Partial Client Participation", ["Federated Learning"]),
        ("L-Diffusion: Laplace Diffusion for Efficient Pathology Image Segmentation", ["Pathology Image Segmentation"]),
        ("A Benchmark for Measuring Mathematical Reasoning in LLMs", ["Mathematical Reasoning"]),
        ("Presto! Distilling Steps and Layers for Accelerating Music Generation", ["Music Generation"]),
        ("Scaling Laws for Neural Language Models", []),  # no task's head word
        ("Towards Better Classification", []),  # one word is no task a title names
    ],
)
def test_a_title_names_a_task_after_a_preposition(title, tasks):
    assert [title[s:e] for s, e in title_tasks(title)] == tasks


@pytest.mark.parametrize(
    "title, tasks",
    [
        ("Autoregressive Entity Retrieval", ["Autoregressive Entity Retrieval"]),
        ("Out-of-Distribution Generalization in Kernel Regression", ["Out-of-Distribution Generalization"]),
        ("Efficient Source-free Unlearning via Energy-Guided Data Synthesis", ["Source-free Unlearning"]),
        ("Causal Representation Learning from Multimodal Biomedical Observations", ["Causal Representation Learning"]),
        ("Improving Your Model Ranking on Chatbot Arena", []),  # a phrase, not a name
        ("Product Quantization for Large-Scale Image Retrieval", []),  # no task's head word before "for"
        ("BUSTLE: Bottom-Up Program Synthesis", ["Bottom-Up Program Synthesis"]),  # and the part after a colon
        ("SyncTwin: Treatment Effect Estimation with Longitudinal Outcomes", ["Treatment Effect Estimation"]),
        ("Continuum-Armed Bandits: A Function Space Perspective", []),
        ("FLAM: Frame-Wise Language-Audio Modeling", []),  # the name spelled out
        ("Efficient Classification", []),  # one word after the claim
    ],
)
def test_a_title_may_open_with_the_task_it_is_about(title, tasks):
    assert [title[s:e] for s, e in title_lead_tasks(title)] == tasks


def test_what_a_title_names_that_the_abstract_does_not_is_a_mention_in_the_title():
    papers = [
        Paper("a", "We present a bottom-up synthesizer.", "BUSTLE: Bottom-Up Program Synthesis"),
        Paper("b", "MMLU-Pro extends MMLU.", "MMLU-Pro: A More Robust Language Understanding Benchmark"),
        Paper("e", "We distill datasets.", "MGD3: Mode-Guided Dataset Distillation using Diffusion Models"),
        Paper("c", "We present CCM, a controllable model.", "CCM: Real-Time Controllable Visual Content Creation"),
        Paper("d", "We study bandits.", "Continuum-Armed Bandits: A Function Space Perspective"),
        Paper("f", "Labels on graphs.", "Leveraging Label Non-Uniformity for Node Classification in Graphs"),
        Paper("g", "We study image retrieval.", "Product Quantization for Large-Scale Image Retrieval"),
        Paper("h", "We propose the PAK-UCB algorithm.", "PAK-UCB Contextual Bandit: An Online Learning Approach"),
        Paper("i", "Direct preference alignment algorithms.", "A Theory for Direct Preference Alignment"),
        Paper("j", "We align LLMs with a reward model.", "Robust Reward Models for LLM Alignment"),
    ]
    abstract_mentions = [
        mention("c", "CCM"),
        mention("g", "large-scale image retrieval"),
        mention("h", "PAK-UCB algorithm"),  # the name its title gives, with a kind word
        mention("i", "direct preference alignment algorithms"),
        mention("j", "LLMs"),  # no name of the task the title gives
    ]
    found = title_name_mentions(papers, abstract_mentions)
    assert [(m.paper, m.text, m.label, m.role, m.in_title) for m in found] == [
        ("a", "BUSTLE", "METHOD", "proposes", True),
        ("a", "Bottom-Up Program Synthesis", "TASK", "uses", True),  # the task the part after the colon opens with
        ("b", "MMLU-Pro", "DATASET", "proposes", True),
        ("e", "MGD3", "METHOD", "proposes", True),  # "Dataset Distillation" says no data
        ("f", "Node Classification", "TASK", "uses", True),
        ("j", "LLM Alignment", "TASK", "uses", True),
    ]
    titles = {p.id: p.title for p in papers}
    assert all(titles[m.paper][m.start : m.end] == m.text for m in found)


def test_a_title_says_what_its_method_is_for():
    entities = resolve(
        [
            mention("p1", "product quantization"),
            mention("p2", "image retrieval", "TASK"),
            mention("p3", "speculative search"),
            mention("p4", "image segmentation", "TASK"),
            mention("p5", "ImageNet", "DATASET"),
            mention("p6", "CEGA", long_form="Cost-Effective Graph Acquisition"),
            mention("p6", "Cost-Effective Graph Acquisition"),
        ]
    ).entities
    papers = [
        Paper("a", "", "Product Quantization for Efficient Image Retrieval"),
        Paper("b", "", "Accelerating Image Segmentation via Speculative Search"),
        Paper("c", "", "Product Quantization for ImageNet"),  # data, not a task
        Paper("d", "", "Image Retrieval for Product Quantization"),  # a task is no method
        Paper("e", "", "Product Quantization for Large Image Retrieval"),  # a word that is no claim between
        Paper("f", "", "Product Quantization and Image Retrieval"),
        Paper("g", "", "CEGA: A Cost-Effective Approach for Image Segmentation and Image Retrieval"),
        Paper("h", "", "CEGA: Cost-Effective Graph Acquisition for Image Segmentation"),  # one entity, one pair
        Paper("i", "", "CEGA: Efficient Image Retrieval with Product Quantization"),  # the task the rest opens with
        Paper("j", "", "CEGA: Image Retrieval Systems at Scale"),  # the front of a longer phrase
        Paper("k", "", "Image Segmentation through Speculative Search"),
        Paper("l", "", "Image Segmentation with Product Quantization"),  # "with" names a setting as often
    ]
    found = title_relations(papers, entities)
    assert [(r.paper, r.head.text, r.relation, r.tail.text, r.source) for r in found] == [
        ("a", "Product Quantization", "usedFor", "Image Retrieval", "title"),
        ("b", "Speculative Search", "usedFor", "Image Segmentation", "title"),
        ("g", "CEGA", "usedFor", "Image Segmentation", "title"),  # the name before the colon, the first task
        ("h", "CEGA", "usedFor", "Image Segmentation", "title"),
        ("i", "CEGA", "usedFor", "Image Retrieval", "title"),
        ("k", "Speculative Search", "usedFor", "Image Segmentation", "title"),
    ]
    titles = {p.id: p.title for p in papers}
    for r in found:
        assert r.head.in_title and r.tail.in_title and r.sentence == titles[r.paper][r.start : r.end]
        assert all(titles[r.paper][m.start : m.end] == m.text for m in (r.head, r.tail))


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


HEADED = [
    {
        "id": "bustle",
        "title": "BUSTLE: Bottom-Up Program Synthesis Through Learning-Guided Exploration",
        "abstract": (
            "Program synthesis is challenging largely because of the difficulty of search in a large space of "
            "programs. We propose a new synthesis approach that leverages learning to guide a bottom-up search "
            "over programs, and show that it solves more problems than prior methods."
        ),
    },
    {
        "id": "labels",
        "title": "Leveraging Label Non-Uniformity for Node Classification in Graph Neural Networks",
        "abstract": (
            "We study how unevenly the labels of a graph's nodes are spread, and show that a simple measure of "
            "it improves the accuracy of graph neural networks on standard benchmarks."
        ),
    },
]


def test_a_build_links_a_paper_to_what_its_title_names_and_proposes_its_head(tmp_path):
    made = build([jsonl(tmp_path / "papers.jsonl", HEADED)], tmp_path / "out", workers=1)
    rows = [json.loads(line) for line in (made.out / "mentions.jsonl").read_text(encoding="utf-8").splitlines()]
    (row,) = [r for r in rows if r["text"] == "BUSTLE"]
    assert (row["field"], row["role"], row["label"], row["start"]) == ("title", "proposes", "METHOD", 0)
    (task,) = [r for r in rows if r["text"] == "Node Classification"]
    assert (task["paper"], task["field"], task["role"], task["label"]) == ("labels", "title", "uses", "TASK")
    assert HEADED[1]["title"][task["start"] : task["end"]] == "Node Classification"
    store = ox.Store()
    store.load(path=str(made.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    proposed = [
        row["label"].value
        for row in store.query(
            "PREFIX kg: <https://w3id.org/paperkg/ontology#> SELECT ?label WHERE { ?p kg:proposes ?e . "
            "?e <http://www.w3.org/2004/02/skos/core#prefLabel> ?label }"
        )
    ]
    assert proposed == ["BUSTLE"]


def test_a_title_is_said_once_to_be_part_of_its_paper(tmp_path):
    """A title both a relation and a mention quote ("ImageNet", which another abstract names) is one source."""
    papers = [
        {
            "id": "pq",
            "title": "Product Quantization for Image Retrieval on ImageNet",
            "abstract": (
                "Product quantization compresses high-dimensional vectors into short codes. We analyse its "
                "distortion and show that image retrieval on large collections becomes faster with the codes."
            ),
        },
        {"id": "vit", "abstract": "We train a vision transformer on ImageNet and evaluate it on ImageNet."},
    ]
    out = build([jsonl(tmp_path / "papers.jsonl", papers)], tmp_path / "out", min_confidence=0.0, workers=1).out
    in_title = [m["text"] for m in map(json.loads, (out / "mentions.jsonl").open()) if m["field"] == "title"]
    triples = list(ox.parse(path=str(out / "graph.ttl"), format=ox.RdfFormat.TURTLE))
    is_part_of = ox.NamedNode("http://purl.org/dc/terms/isPartOf")
    assert in_title == ["ImageNet"] and any(t.predicate.value.endswith("#usedFor") for t in triples)
    assert [(t.subject.value, t.object.value) for t in triples if t.predicate == is_part_of] == [
        ("https://w3id.org/paperkg/resource/paper/pq#title", "https://w3id.org/paperkg/resource/paper/pq")
    ]


def test_a_relation_a_title_states_quotes_the_title_as_its_evidence(tmp_path):
    title = "Product Quantization for Image Retrieval"
    paper = {
        "id": "pq",
        "title": title,
        "abstract": (
            "Product quantization compresses high-dimensional vectors into short codes. We analyse its distortion "
            "and show that image retrieval on large collections becomes faster with the codes."
        ),
    }
    out = build([jsonl(tmp_path / "papers.jsonl", [paper])], tmp_path / "out", min_confidence=0.0, workers=1).out
    store = ox.Store()
    store.load(path=str(out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    rows = store.query(
        "PREFIX oa: <http://www.w3.org/ns/oa#> PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> "
        "PREFIX kg: <https://w3id.org/paperkg/ontology#> PREFIX dcterms: <http://purl.org/dc/terms/> "
        "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
        "SELECT ?head ?tail ?exact ?start ?end WHERE { ?s rdf:subject ?h ; rdf:predicate kg:usedFor ; rdf:object ?t . "
        "?h skos:prefLabel ?head . ?t skos:prefLabel ?tail . ?a oa:hasBody ?s ; oa:hasTarget ?target . "
        "?target oa:hasSource ?source ; oa:hasSelector ?q , ?p . ?q oa:exact ?exact . ?p oa:start ?start ; oa:end ?end . "
        "?source dcterms:isPartOf ?paper . ?paper dcterms:identifier 'pq' }"
    )
    assert [(r["head"].value, r["tail"].value, r["exact"].value, r["start"].value, r["end"].value) for r in rows] == [
        ("Product quantization", "image retrieval", title, "0", str(len(title)))
    ]
    explained = CliRunner().invoke(app, ["explain", "pq", "--graph", str(out)])
    lines = explained.stdout.splitlines()
    at = lines.index("  Product quantization usedFor image retrieval")
    assert lines[at + 1] == f"    title: “{title}”"


@pytest.mark.parametrize(
    "title, long_form",
    [
        ("CAPE: Encoding Relative Positions with Continuous Augmented Positional Embeddings", "Continuous Augmented Positional Embeddings"),
        ("ASAM: Adaptive Sharpness-Aware Minimization for Scale-Invariant Learning", "Adaptive Sharpness-Aware Minimization"),
        ("KAN: Kolmogorov-Arnold Networks", "Kolmogorov-Arnold Networks"),
        ("RankFeat: Rank-1 Feature Removal for Out-of-distribution Detection", None),  # no initials of it
        ("GRAND: Graph Neural Diffusion", None),  # letters inside words: not read from a title
        ("TTT++: When Does Self-Supervised Test-Time Training Fail or Thrive?", None),  # a variant of it
        ("BUSTLE: Bottom-Up Program Synthesis Through Learning-Guided Exploration", None),
        ("Beyond CVaR: Leveraging Static Spectral Risk Measures", None),  # no name before the colon
    ],
)  # fmt: skip
def test_a_title_may_spell_out_the_short_form_it_is_named_by(title, long_form):
    found = title_long_form(title)
    assert (title[found[1] : found[2]] if found else None) == long_form


def test_a_short_form_a_title_spells_out_is_its_long_form_in_the_abstract():
    papers = [
        Paper("a", "We present CAPE, which encodes positions.", "CAPE: Encoding Relative Positions with Continuous Augmented Positional Embeddings"),
        Paper("b", "CAPE (Cosine Adaptive Pooling Encoder) pools.", "CAPE: Cheap Attention with Pooled Embeddings"),
        Paper("c", "We use CAPE as a baseline.", "Positional Encodings Compared"),
    ]  # fmt: skip
    mentions = [
        mention("a", "CAPE", role="proposes"),
        mention("b", "CAPE", long_form="Cosine Adaptive Pooling Encoder", role="proposes"),  # its abstract's own
        mention("c", "CAPE"),
    ]
    r = resolve_papers(mentions, papers)
    keys = {(m.paper, m.in_title): m.entity for m in r.mentions}
    assert keys[("a", False)] == keys[("a", True)] == "continuous augmented positional embedding"
    assert r.entities[keys[("a", False)]].name == "Continuous Augmented Positional Embeddings"
    assert keys[("b", False)] == "cosine adaptive pooling encoder"
    assert keys[("c", False)] == "CAPE"  # two papers define it apart: a bare CAPE is neither


@pytest.mark.parametrize(
    "title, phrases",
    [
        ("Local Pan-privacy for Federated Analytics", ["Local Pan-privacy"]),  # what opens it, before "for"
        ("Image Generation using Continuous Filter Atoms", ["Continuous Filter Atoms"]),  # after "using"
        ("Steerable 3D Spherical Neurons", ["Steerable 3D Spherical Neurons"]),  # a few words, no preposition
        ("Efficient Sampling by a Scalable Gaussian Process", ["Scalable Gaussian Process", "Gaussian Process"]),
        (
            "A Universal Error Measure for Input Predictions Applied to Online Graph Problems",
            ["Universal Error Measure"],
        ),
        ("THOMAS: Trajectory Heatmap Output with learned Multi-Agent Sampling", []),  # the part after the colon
        ("Adversarial Resilience in Sequential Prediction via Abstention", ["Abstention"]),  # not what opens it
        ("On the Convergence of Adam and Beyond in Deep Learning Theory", []),
    ],
)
def test_what_a_title_names_as_the_means_of_the_work(title, phrases):
    assert title_method_phrases(title) == phrases
