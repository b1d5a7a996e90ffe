"""Extraction on small hand-made abstracts with the real English model."""

from kg.corpus import Paper
from kg.nlp.extract import extract_mentions


def run(nlp, abstract):
    return extract_mentions([Paper("p", abstract)], nlp)


def by_text(mentions):
    """The first mention of each text."""
    found = {}
    for m in mentions:
        found.setdefault(m.text, m)
    return found


def test_labels_come_from_head_words(nlp):
    found = by_text(run(nlp, "We train a graph neural network for image classification on the ImageNet benchmark."))
    assert found["graph neural network"].label == "METHOD"
    assert found["image classification"].label == "TASK"
    assert found["ImageNet benchmark"].label == "DATASET"


def test_generic_phrases_are_not_entities(nlp):
    texts = set(by_text(run(nlp, "In this paper, our method solves the task better than existing approaches and the model.")))
    assert not texts & {"this paper", "method", "our method", "task", "the task", "existing approaches", "model"}


def test_abbreviation_propagates_label_and_long_form(nlp):
    mentions = run(nlp, "We study Vision-Language-Action (VLA) systems. Our VLA beats prior work.")
    short = [m for m in mentions if m.text == "VLA"]
    assert len(short) == 2
    assert {m.long_form for m in short} == {"Vision-Language-Action"}
    assert {m.label for m in short} == {by_text(mentions)["Vision-Language-Action"].label}


def test_proposal_cues(nlp):
    found = by_text(run(nlp, "We propose OTTER, a novel VLA architecture. OTTER uses a policy transformer for robot control."))
    assert found["OTTER"].role == "proposes" and found["OTTER"].label == "METHOD"
    assert found["VLA architecture"].role == "proposes"
    assert found["policy transformer"].role == "uses"


def test_name_after_evaluation_cue_is_a_dataset(nlp):
    found = by_text(run(nlp, "Experiments on CIFAR-10 and ImageNet show large gains."))
    assert found["CIFAR-10"].label == found["ImageNet"].label == "DATASET"


def test_offsets_point_into_the_raw_abstract_through_markup(nlp):
    raw = "We present `GL-LowPopArt`, a novel estimator for **bilinear dueling bandits** with $\\widetilde{O}(d)$ regret."
    mentions = run(nlp, raw)
    assert mentions
    for m in mentions:
        assert raw[m.start : m.end] == m.text
    assert "GL-LowPopArt" in by_text(mentions)
