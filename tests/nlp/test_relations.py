"""Entity-entity relations: the kg_relations component on hand-made sentences with the real pipeline,
then resolution and the graph."""

import pickle

import pytest

from kg.corpus import Paper
from kg.graph import build_graph
from kg.nlp.parse import extract
from kg.records import Mention, Relation
from kg.resolve import resolve, resolve_relations


def found(nlp, text):
    """(head text, relation, tail text) of every relation the component finds in `text`."""
    doc = nlp(text)
    return {(doc[a:b].text, relation, doc[c:d].text) for a, b, relation, c, d in doc._.relations}


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "We propose OTTER, a novel VLA architecture for robot manipulation.",
            {("OTTER", "isA", "VLA architecture"), ("OTTER", "usedFor", "robot manipulation")},
        ),
        (
            "We apply graph neural networks to molecular property prediction.",
            {("graph neural networks", "usedFor", "molecular property prediction")},
        ),
        ("We evaluate GRAMA on the ImageNet benchmark.", {("GRAMA", "evaluatedOn", "ImageNet")}),
        (
            "Experiments on CIFAR-10 and ImageNet show that GRAMA outperforms ResNet.",
            {
                ("GRAMA", "evaluatedOn", "CIFAR-10"),
                ("GRAMA", "evaluatedOn", "ImageNet"),
                ("GRAMA", "comparedWith", "ResNet"),
            },
        ),
        (
            "LoRA outperforms DoRA and QLoRA on GLUE.",
            {("LoRA", "comparedWith", "DoRA"), ("LoRA", "comparedWith", "QLoRA"), ("LoRA", "evaluatedOn", "GLUE")},
        ),
        ("Compared to DoRA, LoRA achieves higher accuracy.", {("LoRA", "comparedWith", "DoRA")}),
        ("We design a clustering method called TANGO.", {("TANGO", "isA", "clustering method")}),
    ],
)
def test_cues(nlp, text, expected):
    assert expected <= found(nlp, text)


@pytest.mark.parametrize(
    "text",
    [
        "GRAMA relies on ImageNet.",  # resting on a dataset is not being evaluated on it
        "Graph Neural Networks (GNNs) are widely used.",  # a defined short form is not a kind of method
        "We compare a strong Transformer and Mamba, a modern RNN.",  # the apposition is said of Mamba alone
    ],
)
def test_no_relation_without_its_cue(nlp, text):
    assert not {r for r in found(nlp, text) if r[2] in {"ImageNet", "GNNs"} or r[0] == "Transformer"}


def test_relations_are_plain_data_and_docs_pickle(nlp):
    doc = nlp("LoRA outperforms DoRA on GLUE.")
    assert doc._.relations and all(isinstance(v, (int, str)) for r in doc._.relations for v in r)
    assert pickle.loads(pickle.dumps(doc))._.relations == doc._.relations


def test_relations_carry_mentions_and_the_sentence_as_read(nlp):
    raw = "Deep nets are popular. Experiments on **CIFAR-10** show that `GRAMA` outperforms ResNet."
    mentions, relations = extract([Paper("p", raw)], nlp)
    evaluated = next(r for r in relations if r.relation == "evaluatedOn")
    assert (evaluated.head.name, evaluated.tail.name) == ("GRAMA", "CIFAR-10")
    assert (evaluated.head.text, evaluated.tail.text) == ("`GRAMA`", "**CIFAR-10**")  # as read
    assert raw[evaluated.start : evaluated.end] == raw[raw.index("Experiments") :]
    assert evaluated.sentence == "Experiments on CIFAR-10 show that GRAMA outperforms ResNet."
    assert evaluated.head in mentions and evaluated.tail in mentions


def mention(paper, start, name, label):
    return Mention(paper, start, start + len(name), name, name, label, "uses", "s")


def relation(head, name, tail):
    return Relation(head.paper, head, name, tail, "s", 0, 1)


def test_resolution_orders_symmetric_pairs_and_drops_misfits():
    a, b = mention("p", 0, "GNN", "METHOD"), mention("p", 10, "GRAMA", "METHOD")
    gnns = mention("p", 20, "GNNs", "METHOD")
    task = mention("p", 30, "image classification", "TASK")
    resolution = resolve([a, b, gnns, task])
    relations = [relation(b, "comparedWith", a), relation(a, "comparedWith", gnns), relation(task, "usedFor", a)]
    [kept] = resolve_relations(relations, resolution)  # GNN = GNNs: one entity; a task is used for nothing
    assert (kept.head.entity, kept.tail.entity) == ("GNN", "GRAMA")  # the lesser key first
    assert kept.relation == "comparedWith"


def test_graph_edges_count_the_papers_that_state_a_relation(nlp):
    papers = [
        Paper("p1", "LoRA outperforms DoRA on GLUE."),
        Paper("p2", "Results show that LoRA outperforms DoRA."),
        Paper("p3", "We study DoRA."),
    ]
    mentions, relations = extract(papers, nlp)
    resolution = resolve(mentions)
    graph = build_graph(papers, resolution, relations=resolve_relations(relations, resolution))
    [(head, tail, data)] = [e for e in graph.edges(data=True) if e[2]["relation"] == "comparedWith"]
    assert {graph.nodes[head]["name"], graph.nodes[tail]["name"]} == {"LoRA", "DoRA"}
    assert (data["papers"], data["paper_ids"], data["mentions"]) == (2, ["p1", "p2"], 2)
    assert data["sentence"] == "LoRA outperforms DoRA on GLUE." and len(data["evidence"]) == 2
