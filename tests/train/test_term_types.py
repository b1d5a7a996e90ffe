"""`kg train-types`: the terms annotators agree on, from the papers the link confidence is not fitted on; the
shipped table is what the command makes of training/paperlevel.json."""

import json
from itertools import count, islice

from kg.layout import ANNOTATIONS, TERM_TYPES
from kg.train.listed import for_confidence
from tests.helpers import ROOT


def paper_ids(kept: bool, n: int) -> list[str]:
    """`n` paper ids that are (`kept`) or are not kept for the link confidence."""
    return list(islice((i for i in (f"paper-{k}" for k in count()) if for_confidence(i) is kept), n))


def test_the_type_most_annotators_give_a_term_in_lower_case(tmp_path):
    from kg.cli import train_types

    trained, kept = paper_ids(False, 3), paper_ids(True, 1)
    papers = [
        {"id": trained[0], "task": [["federated learning", "FL"]], "method": [["FedAvg"], ["reinforcement learning"]]},
        {"id": trained[1], "task": [["federated learning"], ["reinforcement learning"]], "method": [["Graph Nets"]]},
        {"id": trained[2], "method": [["federated learning"]], "dataset": [["tabular data"]]},
        {"id": kept[0], "method": [["federated learning"], ["knowledge distillation"]]},
    ]
    annotations, out = tmp_path / "paperlevel.json", tmp_path / "term_types.json"
    annotations.write_text(json.dumps({"papers": papers}), encoding="utf-8")
    train_types(out=out, annotations=annotations)
    # federated learning: a task in two papers of three (the kept paper unread); reinforcement learning: one
    # each; FedAvg and Graph Nets are names; tabular data is no method or task
    assert json.loads(out.read_text(encoding="utf-8"))["types"] == {"federated learning": "TASK"}


def test_the_shipped_table_is_the_annotations(tmp_path):
    from kg.cli import train_types

    out = tmp_path / "term_types.json"
    train_types(out=out, annotations=ROOT / ANNOTATIONS)
    assert json.loads(out.read_text(encoding="utf-8"))["types"] == json.loads(TERM_TYPES.read_text("utf-8"))["types"]
