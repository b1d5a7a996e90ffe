"""Parsed data to records: offsets back into the abstract as read, and spans that are pieces of LaTeX left out."""

import pytest

from kg.clean import clean
from kg.corpus import Paper
from kg.nlp.docdata import TITLE_INDEX, balanced, fits, paper_records
from kg.records import LISTED, NOT_LISTED, OVERLAPS_LISTED


@pytest.mark.parametrize(
    "text, expected",
    [
        ("deep neural networks(DNNs", "deep neural networks"),  # an "(" never closed
        ("1)grid-based discretization", "grid-based discretization"),  # a ")" opened before
        ("(ε, δ)-DP algorithm", "(ε, δ)-DP algorithm"),
        ("ε,δ)-DP algorithm", "DP algorithm"),
        ("f(x) loss", "f(x) loss"),
        ("Y)\\", None),
        ("LEVIS-α$*", "LEVIS-α"),  # a "$" the markup left unmatched
        ("$*ResNet", "ResNet"),
        ("A*", "A*"),
        ("$", None),
    ],
)
def test_a_span_keeps_no_bracket_unmatched(text, expected):
    span = balanced(text, 0, len(text))
    assert (text[span[0] : span[1]] if span else None) == expected


def test_a_span_inside_latex_math_is_left_out_with_its_relations_and_results():
    paper = Paper("p", "GRAMA costs $O(N D)$ and uses $k$-means clustering.")
    text = clean(paper.abstract)

    def span(piece: str) -> list[int]:
        start = text.text.index(piece)
        return [start, start + len(piece)]

    data = {
        "sentences": [[0, len(text.text), text.text]],
        "spans": [
            span("GRAMA") + ["GRAMA", "METHOD", True, 0, "", LISTED],
            span("O(N D") + ["O(N D", "DATASET", False, 0, "", NOT_LISTED],
            span("k-means clustering") + ["k-means clustering", "METHOD", False, 0, "", OVERLAPS_LISTED],
        ],
        "relations": [[0, "evaluatedOn", 1, 0, "cue"], [0, "usedFor", 2, 0, "cue"]],
        "results": [  # value, unit, metric, relative, then method, target and baseline by span index
            [*span("costs"), 1.0, "", *span("uses"), False, 1, -1, -1, 0],  # its method is a piece of LaTeX
            [*span("costs"), 2.0, "%", *span("uses"), True, 0, 1, -1, 0],  # its dataset is
        ],
    }
    mentions, relations, results = paper_records(paper, text, data)
    assert [m.text for m in mentions] == ["GRAMA", "$k$-means clustering"]
    assert [m.listed for m in mentions] == [LISTED, OVERLAPS_LISTED]
    assert all(paper.abstract[m.start : m.end] == m.text for m in mentions)
    assert [(r.head.text, r.relation, r.tail.text) for r in relations] == [("GRAMA", "usedFor", "$k$-means clustering")]
    assert [(r.value, r.method.text, r.target, r.metric) for r in results] == [(2.0, "GRAMA", None, "uses")]


def test_a_relation_and_a_result_of_the_name_only_the_title_gives():
    abstract = "Our method outperforms SAM by 2%."
    text = clean(abstract)
    sam, value = text.text.index("SAM"), text.text.index("2%")
    data = {
        "sentences": [[0, len(text.text), text.text]],
        "spans": [[sam, sam + 3, "SAM", "METHOD", False, 0, "", NOT_LISTED]],
        "relations": [[TITLE_INDEX, "comparedWith", 0, 0, "experiments"]],
        "results": [[value, value + 2, 2.0, "%", value, value + 2, True, -1, -1, 0, 0]],  # the paper's own method
    }
    assert fits(data, text.text) and not fits(
        {**data, "relations": [[-2, "comparedWith", 0, 0, "experiments"]]}, text.text
    )
    _, [compared], [result] = paper_records(
        Paper("p", abstract, title="Proxy-FDA: Feature Distribution Alignment"), text, data
    )
    assert (compared.head.text, compared.head.in_title, compared.head.start, compared.head.role) == (
        "Proxy-FDA",
        True,
        0,
        "proposes",
    )
    assert compared.sentence == abstract and (compared.start, compared.end) == (0, len(abstract))
    assert result.method == compared.head and result.baseline is not None and result.baseline.text == "SAM"
    _, relations, [result] = paper_records(Paper("p", abstract, title="Beyond Sharpness: Alignment"), text, data)
    assert relations == [] and result.method is None  # no name before the title's colon: no end
