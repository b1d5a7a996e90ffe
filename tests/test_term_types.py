"""The type researchers give a term: read from a table by the term's own key or by its end, and given to the
entity by resolution over what its mentions say."""

import pytest

from kg.resolve import resolve
from kg.term_types import term_type
from tests.test_resolve import mention

TYPES = {"federated learning": "TASK", "offline reinforcement learning": "TASK", "reinforcement learning": "METHOD"}


@pytest.mark.parametrize(
    "key, written_as_a_name, label",
    [
        ("federated learning", False, "TASK"),
        ("federated learning", True, "TASK"),  # "Federated Learning (FL)" is the term
        ("personalized federated learning", False, "TASK"),
        ("safe offline reinforcement learning", False, "TASK"),  # the longest end listed
        ("deep reinforcement learning", False, "METHOD"),
        ("Wasserstein federated learning", True, None),  # a name's words say what it is, not its end
        ("learning", False, None),
    ],
)
def test_a_term_takes_the_type_of_its_key_or_of_its_longest_listed_end(key, written_as_a_name, label):
    assert term_type(key, TYPES, written_as_a_name) == label


def test_one_word_is_no_end_to_type_by():
    assert term_type("kernel regression", {"regression": "TASK"}, False) is None


def test_resolution_types_an_entity_as_researchers_do_and_joins_it_to_its_broader_term():
    r = resolve(
        [
            mention("p1", "federated learning"),
            mention("p2", "federated learning"),
            mention("p3", "personalized federated learning"),
            mention("p4", "Wasserstein Federated Learning", sentence="We propose Wasserstein Federated Learning."),
            mention("p5", "graph neural networks"),
        ],
        term_types={"federated learning": "TASK"},
    )
    labels = {e.name: e.label for e in r.entities.values()}
    assert labels == {
        "federated learning": "TASK",
        "personalized federated learning": "TASK",
        "Wasserstein Federated Learning": "METHOD",
        "graph neural networks": "METHOD",  # no term listed: the mentions' label
    }
    assert {m.name: m.label for m in r.mentions}["federated learning"] == "TASK"
    assert r.broader == {"personalized federated learning": "federated learning"}


def test_a_term_is_typed_whatever_its_spelling():
    """The table lists "fine tuning" and "in context learning"; a build whose papers write "finetuning" and
    "personalized incontext learning" types them the same."""
    r = resolve(
        [mention("p1", "finetuning"), mention("p2", "personalized incontext learning")],
        term_types={"fine tuning": "TASK", "in context learning": "TASK"},
    )
    assert {e.name: e.label for e in r.entities.values()} == {
        "finetuning": "TASK",
        "personalized incontext learning": "TASK",
    }
