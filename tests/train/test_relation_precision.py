"""What each source's relations are worth, from verdicts read by hand (kg.train.relations), and a relation's
confidence from its sentences (kg.confidence.relation_confidence)."""

from collections import Counter

import pytest

from kg.confidence import relation_confidence, relation_precision
from kg.errors import KGError
from kg.records import Mention, Relation
from kg.train.relations import read_verdicts, source_precision


def verdicts(**strata: tuple[int, int]) -> Counter:
    """source_relation=(right, wrong) -> the Counter read_verdicts gives."""
    counts: Counter = Counter()
    for name, (right, wrong) in strata.items():
        source, relation = name.split("_")
        counts[source, relation, True], counts[source, relation, False] = right, wrong
    return counts


def test_a_share_read_by_hand_is_drawn_towards_the_share_of_all():
    precision = source_precision(verdicts(cue_usedFor=(15, 0), experiments_evaluatedOn=(3, 12)))["precision"]
    share_of_all = 18 / 30
    assert share_of_all < precision["cue"]["usedFor"] < 1  # all 15 right, yet not sure
    assert 0.2 < precision["experiments"]["evaluatedOn"] < share_of_all
    assert precision["classifier"]["isA"] == round(share_of_all, 3)  # never read: the share of all
    many = source_precision(verdicts(cue_usedFor=(900, 100), cue_isA=(0, 1000)))["precision"]
    assert many["cue"]["usedFor"] == pytest.approx(0.9, abs=0.005)  # many verdicts speak for themselves


def test_verdicts_are_read_and_a_bad_line_is_named(tmp_path):
    path = tmp_path / "verdicts.tsv"
    path.write_text("# drawn by ...\n1\tcue\tusedFor\ty\tright\n2\tcue\tusedFor\tn\t\n3\tclassifier\tisA\ty\tok\n")
    assert read_verdicts(path) == verdicts(cue_usedFor=(1, 1), classifier_isA=(1, 0))
    for bad in ("2\trules\tusedFor\ty\tright", "2\tcue\tusedFor\t\tright", "2\tcue\tusedFor\tyn", "2\tcue\tusedFor"):
        path.write_text(f"1\tcue\tusedFor\ty\tright\n{bad}\n")
        with pytest.raises(KGError, match=r"verdicts.tsv:2: expected number, source, relation, y or n"):
            read_verdicts(path)
    with pytest.raises(KGError, match="not found"):
        read_verdicts(tmp_path / "none.tsv")


def stated(paper: str, start: int, source: str, relation: str = "comparedWith") -> Relation:
    head = Mention(paper, start, start + 6, "FooNet", "FooNet", "METHOD", "uses", "s", entity="foonet")
    tail = Mention(paper, start + 20, start + 25, "U-Net", "U-Net", "METHOD", "uses", "s", entity="u-net")
    return Relation(paper, head, relation, tail, "FooNet beats U-Net.", start, start + 40, source)


def test_one_right_paper_is_enough_and_a_paper_counts_once():
    cue, classifier = (relation_precision()[s]["comparedWith"] for s in ("cue", "classifier"))
    assert relation_confidence([stated("a", 0, "cue")]) == pytest.approx(cue, abs=1e-3)
    two_papers = relation_confidence([stated("a", 0, "cue"), stated("b", 0, "classifier")])
    assert two_papers == pytest.approx(1 - (1 - cue) * (1 - classifier), abs=1e-3) and two_papers > max(cue, classifier)
    # one paper is one witness, as sure as its surest sentence, however often it says it
    for same_paper in (
        [stated("a", 0, "cue"), stated("a", 0, "classifier")],
        [stated("a", 0, "cue"), stated("a", 50, "classifier")],
    ):
        assert relation_confidence(same_paper) == pytest.approx(max(cue, classifier), abs=1e-3)
