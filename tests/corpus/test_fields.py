"""The field converters every reader shares, on tiny values."""

import pytest

from kg.corpus import fields
from kg.corpus.fields import Skipped
from kg.corpus.sources import inverted_abstract


@pytest.mark.parametrize(
    "value, expected",
    [
        ("10.1145/3292500.3330701", "10.1145/3292500.3330701"),
        ("https://doi.org/10.48550/ARXIV.2403.01234", "10.48550/arxiv.2403.01234"),
        ("http://dx.doi.org/10.1000/XYZ", "10.1000/xyz"),
        ("doi: 10.1000/abc ", "10.1000/abc"),
        (None, ""),
    ],
)
def test_doi_is_bare_and_lowercased(value, expected):
    assert fields.doi(value) == expected


@pytest.mark.parametrize(
    "value, expected",
    [
        ("2403.01234", "2403.01234"),
        ("arXiv:2403.01234v2 [cs.LG]", "2403.01234"),
        ("arXiv:2403.01234v2[cs.LG]", "2403.01234"),
        ("https://arxiv.org/abs/2101.00001v3", "2101.00001"),
        ("math/0601001v1", "math/0601001"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("not an id", ""),
        ("", ""),
    ],
)
def test_arxiv_id_without_prefix_or_version(value, expected):
    assert fields.arxiv(value) == expected


def test_one_line_joins_wrapped_titles():
    assert fields.one_line("Deep\n  Residual   Learning ", "title") == "Deep Residual Learning"


def test_abstract_is_kept_as_read():
    assert fields.abstract("  We propose X.\n") == "  We propose X.\n"
    for empty in (None, "", "  \n", 7):
        with pytest.raises(Skipped, match="no abstract"):
            fields.abstract(empty)


def test_inverted_index_puts_each_word_at_its_places():
    index = {"the": [2, 5], "We": [0], "test": [1], "model,": [3], "then": [4], "data.": [6]}
    assert inverted_abstract(index) == "We test the model, then the data."
    assert inverted_abstract({"far": [10**12], "near": [0]}) == "near far"  # no list of 10**12 places
    assert inverted_abstract(None) == ""
    for broken in ({"x": [0.5]}, {"x": 1}, ["x"], {"x": [True]}):
        with pytest.raises(Skipped, match="abstract_inverted_index"):
            inverted_abstract(broken)
