"""`kg explain PAPER` on the build of hand-made abstracts: each link with its confidence and the sentence of its
first mention, the relations and the results, each checked against the graph and the JSON Lines exports of the
same build; and its helper on tiny strings."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kg.cli import app, main
from kg.query.explain import sentence_at
from kg.settings import RELATIONS, USES_RELATION


def explained(out, paper: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["explain", paper, "--graph", str(out)])
    return result.exit_code, result.stdout


def test_explain_lists_each_link_relation_and_result_with_its_evidence(results_build):
    out, graph = results_build.out, results_build.graph
    code, text = explained(out, "r1")
    assert code == 0
    paper = next(n for n, d in graph.nodes(data=True) if d.get("paper_id") == "r1")
    mentions = [json.loads(line) for line in (out / "mentions.jsonl").open(encoding="utf-8")]
    first = {}
    for m in sorted((m for m in mentions if m["paper"] == "r1"), key=lambda m: m["start"]):
        first.setdefault(m["entity"], m["sentence"])
    roles = {"proposes": "proposes", **{v: v for v in USES_RELATION.values()}}
    for _, entity, d in graph.out_edges(paper, data=True):
        if d["relation"] in roles:
            item = f"  {graph.nodes[entity]['name']} (confidence {d['confidence']:.2f})\n    “{first[entity]}”"
            assert item in text
    for head, tail, d in graph.edges(data=True):
        if d["relation"] in RELATIONS and "r1" in d["paper_ids"]:
            assert f"  {graph.nodes[head]['name']} {d['relation']} {graph.nodes[tail]['name']}\n" in text
    results = [json.loads(line) for line in (out / "results.jsonl").open(encoding="utf-8")]
    stated = [r for r in results if r["paper_id"] == "r1"]
    assert stated and all(f"“{r['sentence']}”" in text for r in stated)
    # what the abstract says, in its order
    assert text.index("84.1% top-1 accuracy (score) for FooNet on ImageNet") < text.index(
        "2.3 points accuracy (change) for FooNet on CIFAR-10 over ResNet-50"
    )


def test_an_unknown_paper_is_one_line(results_build, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["explain", "no-such-paper", "--graph", str(results_build.out)])
    assert stopped.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("kg: error: no paper 'no-such-paper'")


def test_the_sentence_around_an_offset():
    text = "We propose X. It is fast!  Is it good? Yes."
    assert sentence_at(text, 0) == "We propose X."
    assert sentence_at(text, text.index("fast")) == "It is fast!"
    assert sentence_at(text, text.index("good")) == "Is it good?"
    assert sentence_at(text, len(text) - 1) == "Yes."
