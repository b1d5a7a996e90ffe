"""An entity a mention names inside it, of another type (kg.inner_names): the pure helpers on tiny strings, and
what a build makes of it, through the real pipeline and read back from mentions.jsonl and graph.ttl."""

import json

import pyoxigraph as ox
import pytest

from kg import build
from kg.inner_names import inner_mentions, inner_name
from kg.name_index import name_index
from kg.records import Mention
from kg.resolve import resolve
from tests.helpers import jsonl
from tests.test_resolve import mention


def entities_of(*names: str):
    return list(resolve([mention(f"p{i}", name) for i, name in enumerate(names)]).entities.values())


@pytest.mark.parametrize(
    "name, inner",
    [
        ("multi-dimensional T2V evaluation instruction tuning dataset", "instruction tuning"),
        ("general instruction-tuning tasks", "instruction-tuning"),
        ("instruction tuning data", "instruction tuning"),
        ("Multimodal Continual Instruction Tuning", "Instruction Tuning"),
        ("instruction tuning", None),  # the whole name
        ("instruction tuning for robots", None),  # not what the name ends with
        ("multi-agent RL tasks", None),  # one word: too often part of another thing's name
        ("ImageNet classification", None),
    ],
)
def test_the_inner_name_is_a_name_of_two_words_the_mention_ends_with_but_for_kind_words(name, inner):
    index = name_index(entities_of("instruction tuning", "RL", "ImageNet"))
    found = inner_name(name, index)
    assert (name[found[0] : found[1]] if found else None) == inner


def test_a_paper_links_an_inner_entity_of_another_label_once_and_only_where_it_does_not_already():
    entities = entities_of("instruction tuning")
    (key,) = [e.key for e in entities]

    def at(paper: str, start: int, name: str, label: str) -> Mention:
        return Mention(paper, start, start + len(name), name, name, label, "uses", "s")

    mentions = [
        at("a", 10, "instruction tuning dataset", "DATASET"),
        at("a", 60, "instruction tuning datasets", "DATASET"),  # the same link again
        at("b", 0, "visual instruction tuning", "METHOD"),  # the same label: the hierarchy's part
        at("c", 5, "instruction tuning dataset", "DATASET"),  # the paper links the entity already
    ]
    found = inner_mentions(mentions, name_index(entities), {("c", key)})
    assert [(m.paper, m.start, m.end, m.text, m.label, m.entity, m.inside) for m in found] == [
        ("a", 10, 28, "instruction tuning", "METHOD", key, True)
    ]


PAPERS = [
    {
        "id": "tuned",
        "title": "Scaling Instruction Tuning",
        "abstract": (
            "Instruction tuning aligns large language models with what users ask. We study how instruction tuning "
            "scales with the number of tasks and show that mixing tasks helps."
        ),
    },
    {
        "id": "continual",
        "title": "Forgetting in Multimodal Models",
        "abstract": (
            "Multimodal Continual Instruction Tuning (MCIT) trains a multimodal model on a sequence of instruction "
            "datasets. We show that a simple replay buffer reduces forgetting in MCIT."
        ),
    },
]


def test_a_build_links_a_paper_to_the_method_it_names_inside_the_name_of_a_task(tmp_path):
    made = build([jsonl(tmp_path / "papers.jsonl", PAPERS)], tmp_path / "out", min_confidence=0.0, workers=1)
    rows = [json.loads(line) for line in (made.out / "mentions.jsonl").read_text(encoding="utf-8").splitlines()]
    abstract = PAPERS[1]["abstract"]
    (task,) = [r for r in rows if r["paper"] == "continual" and r["text"] == "Multimodal Continual Instruction Tuning"]
    (inner,) = [r for r in rows if r["paper"] == "continual" and r["text"] == "Instruction Tuning"]
    assert (task["label"], inner["label"], inner["field"]) == ("TASK", "METHOD", "abstract")
    assert abstract[inner["start"] : inner["end"]] == "Instruction Tuning" and task["start"] < inner["start"]
    assert 0.0 < inner["confidence"] < 1.0
    tuned = {r["entity"] for r in rows if r["paper"] == "tuned" and r["text"].lower() == "instruction tuning"}
    assert tuned == {inner["entity"]}
    store = ox.Store()
    store.load(path=str(made.out / "graph.ttl"), format=ox.RdfFormat.TURTLE)
    linked = {
        row["id"].value
        for row in store.query(
            "SELECT ?id WHERE { ?p <http://purl.org/dc/terms/identifier> ?id ;"
            f" <https://w3id.org/paperkg/ontology#mentions> <{inner['entity']}> }}"
        )
    }
    assert linked == {"tuned", "continual"}
