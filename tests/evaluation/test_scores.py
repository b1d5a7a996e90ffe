import json

import pytest

from kg.errors import InputError
from kg.evaluation.gold import detokenize, read_dygiepp
from kg.evaluation.scores import parse_label_map, prf, score_doc


def test_detokenize_spaces_and_offsets():
    tokens = ["We", "use", "self", "-", "attention", "(", "SA", ")", ",", "``", "really", "''", "."]
    text, offsets = detokenize(["-LRB-" if t == "(" else "-RRB-" if t == ")" else t for t in tokens])
    assert text == 'We use self-attention (SA), "really".'
    for token, (s, e) in zip(tokens, offsets):
        expected = {"``": '"', "''": '"'}.get(token, token)
        assert text[s:e] == expected


def test_whitespace_tokens_take_no_room():
    text, offsets = detokenize(["a", " ", "b"])
    assert text == "a b" and offsets[1][0] == offsets[1][1]


def test_read_dygiepp_maps_labels_and_inclusive_ends(tmp_path):
    doc = {
        "doc_key": "d1",
        "sentences": [["Graph", "neural", "networks", "on", "Cora", "."]],
        "ner": [[[0, 2, "Method"], [4, 4, "Material"], [3, 3, "Generic"]]],
    }
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(doc) + "\n")
    [gold] = read_dygiepp(path)
    assert gold.text == "Graph neural networks on Cora."
    assert {(gold.text[s:e], label) for s, e, label in gold.spans} == {
        ("Graph neural networks", "METHOD"),
        ("Cora", "DATASET"),
    }


def test_read_dygiepp_rejects_other_json(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"a": 1}\n')
    with pytest.raises(InputError, match="x.json:1"):
        read_dygiepp(path)


def test_score_exact_and_overlap():
    gold = {(0, 10, "METHOD"), (20, 25, "TASK")}
    predicted = {(0, 10, "METHOD"), (18, 22, "TASK"), (30, 35, "TASK")}
    counts = score_doc(gold, predicted)
    assert (counts["METHOD"].tp, counts["TASK"].tp) == (1, 0)
    assert counts["TASK"].overlap_tp_predicted == 1 and counts["TASK"].overlap_tp_gold == 1
    assert prf(1, 2, 1, 4) == (0.5, 0.25, pytest.approx(1 / 3))


def test_label_map_option():
    assert parse_label_map(["Material="])["Method"] == "METHOD" and "Material" not in parse_label_map(["Material="])
    assert parse_label_map(["Generic=METHOD"])["Generic"] == "METHOD"
    with pytest.raises(InputError):
        parse_label_map(["Generic=THING"])
