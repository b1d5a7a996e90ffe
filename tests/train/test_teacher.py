"""The teacher of `kg train` (kg.train.teacher): its windows and tags on tiny inputs, and a real fine-tune."""

import subprocess
import sys

import pytest
import spacy
from spacy.tokens import Doc

from kg.train.teacher import bio_tags, spans_from_tags, word_windows
from tests.helpers import unavailable

pytestmark = pytest.mark.slow


def test_windows_end_after_the_last_full_stop_in_reach():
    assert word_windows([1] * 9, breaks={2, 5}, max_pieces=5) == [(0, 3), (3, 6), (6, 9)]


def test_without_a_full_stop_a_window_is_cut_where_it_is_full():
    assert word_windows([2, 2, 2, 2], breaks=set(), max_pieces=5) == [(0, 2), (2, 4)]


def test_a_word_longer_than_a_window_gets_one_of_its_own():
    assert word_windows([1, 9, 1], breaks=set(), max_pieces=4) == [(0, 1), (1, 2), (2, 3)]


def test_tags_and_spans_are_inverse():
    spans = [(0, 2, "METHOD"), (2, 3, "TASK"), (5, 8, "DATASET")]
    tags = bio_tags(9, spans)
    assert tags == ["B-METHOD", "I-METHOD", "B-TASK", "O", "O", "B-DATASET", "I-DATASET", "I-DATASET", "O"]
    assert spans_from_tags(tags) == spans


def test_an_inside_tag_that_continues_nothing_starts_a_span():
    assert spans_from_tags(["O", "I-TASK", "I-TASK", "I-METHOD", "O"]) == [(1, 3, "TASK"), (3, 4, "METHOD")]


@pytest.fixture(scope="module")
def teacher_class():
    try:
        from kg.train.teacher import Teacher, require

        require()
    except Exception as error:  # the train extra is missing
        unavailable(str(error))
    return Teacher


def test_a_fine_tuned_teacher_labels_what_it_was_taught(teacher_class):
    """Ten epochs on four sentences: it tags the names it was shown, in new sentences too."""
    nlp = spacy.blank("en")

    def doc(text: str, spans: list[tuple[str, str]]) -> Doc:
        made = nlp.make_doc(text)
        made.ents = [
            made.char_span(text.index(name), text.index(name) + len(name), label=label) for name, label in spans
        ]
        return made

    taught = [
        doc(
            "We train ResNet on ImageNet for image classification .",
            [("ResNet", "METHOD"), ("ImageNet", "DATASET"), ("image classification", "TASK")],
        ),
        doc("ResNet is evaluated on ImageNet .", [("ResNet", "METHOD"), ("ImageNet", "DATASET")]),
        doc(
            "Image classification on ImageNet uses ResNet .",
            [("Image classification", "TASK"), ("ImageNet", "DATASET"), ("ResNet", "METHOD")],
        ),
        doc("We study image classification .", [("image classification", "TASK")]),
    ]
    teacher = teacher_class(["DATASET", "METHOD", "TASK"])
    teacher.fine_tune(taught * 4, epochs=10, learn_rate=2e-4)
    new = next(teacher.label([nlp.make_doc("Results of ResNet on ImageNet for image classification .")]))
    assert {(e.text, e.label_) for e in new.ents} == {
        ("ResNet", "METHOD"),
        ("ImageNet", "DATASET"),
        ("image classification", "TASK"),
    }


def test_kg_train_without_pytorch_says_what_to_install(shared, tmp_path):
    blocked = "import sys; sys.modules['torch'] = None; from kg.cli import main; main()"
    run = subprocess.run(
        [sys.executable, "-c", blocked, "train", "--shared", str(shared), "--out", str(tmp_path / "ner")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "kg: error: kg train fine-tunes a transformer as its teacher (PyTorch, all-MiniLM-L6-v2): pip install 'paperkg[train]'"
    ]
    assert not (tmp_path / "ner").exists()
