import pytest

from kg.nlp.short_forms import find_long_form, is_short_form, short_form_key


@pytest.mark.parametrize(
    "short, before, long",
    [
        ("GNNs", "to enhance Graph Neural Networks", "Graph Neural Networks"),
        ("VLA", "Vision-Language-Action", "Vision-Language-Action"),
        ("ARMA", "the connection between Autoregressive Moving Average", "Autoregressive Moving Average"),
        ("MMC", "information sources, multi-modal clustering", "multi-modal clustering"),
        ("SDP", "we solve it with semidefinite programming", "semidefinite programming"),
        ("ARC", "On the Abstraction and Reasoning Corpus", "Abstraction and Reasoning Corpus"),
        ("FoA", "we introduce Fleet of Agents", "Fleet of Agents"),
        ("OOD", "we focus on the out-of-distribution", "out-of-distribution"),
        # a digit read as a word ("2" for "to", "4" for "for") or as letters ("F2": two words starting with F)
        ("L2O", "not yet used for Learning to Optimize", "Learning to Optimize"),
        ("Seq2Seq", "a standard sequence-to-sequence", "sequence-to-sequence"),
        ("R4R", "the extended Room-for-Room", "Room-for-Room"),
        ("MQF2", "we propose Multivariate Quantile Function Forecaster", "Multivariate Quantile Function Forecaster"),
        ("M2WU", "Mutation-Driven Multiplicative Weights Update", "Mutation-Driven Multiplicative Weights Update"),
        # a part after a hyphen may give no letter, unless its compound starts with a word that could
        ("SSNI", "called Sample-specific Score-aware Noise Injection", "Sample-specific Score-aware Noise Injection"),
        (
            "PCPO",
            "we propose Projection-Based Constrained Policy Optimization",
            "Projection-Based Constrained Policy Optimization",
        ),
        ("ICL", "LLMs show impressive capabilities for in-context learning", "in-context learning"),
    ],
)
def test_long_form_found(short, before, long):
    start = find_long_form(short, before)
    assert start is not None and before[start:] == long


@pytest.mark.parametrize(
    "short, before",
    [
        ("XYZ", "graph neural networks"),
        ("GNN", "GNN"),
        ("L2", "we bound the error in the least squares"),  # a norm: one letter and a digit is read as written
        ("CO2", "we propose Consistent Contrast"),  # "2" at the end is no word, and "Contrast" no two C-O words
    ],
)
def test_no_long_form(short, before):
    assert find_long_form(short, before) is None


def test_a_long_form_is_found_in_time_proportional_to_its_words():
    """Each way to skip "of" was tried from the end: 26 of them before "(OOOOOOOOOO)" took 9 s, and 2,000 went
    past Python's recursion limit."""
    assert find_long_form("O" * 10, "of " * 2000) == len("of " * 1990)  # the last ten words, by Schwartz-Hearst
    assert find_long_form("OOD", "of " * 2000 + "out-of-distribution") == len("of " * 2000)


def test_short_form_helpers():
    assert short_form_key("GNNs") == "GNN" and short_form_key("SSM") == "SSM"
    assert is_short_form("VLA") and not is_short_form("see Figure 3 below") and not is_short_form("x")


def test_pairs_on_a_real_doc(nlp):
    doc = nlp("Graph State Space Models (SSMs) enhance Graph Neural Networks (GNNs). We compare SSMs with GNNs.")
    pairs = [(doc[a:b].text, doc[c:d].text) for (a, b), (c, d) in doc._.abbreviations]
    assert pairs == [("State Space Models", "SSMs"), ("Graph Neural Networks", "GNNs")]


def test_a_short_form_with_a_digit_for_to_on_a_real_doc(nlp):
    doc = nlp("We propose a framework called prefer-to-classify (P2C). P2C improves text classifiers.")
    pairs = [(doc[a:b].text, doc[c:d].text) for (a, b), (c, d) in doc._.abbreviations]
    assert pairs == [("prefer-to-classify", "P2C")]


def test_a_quoted_long_form_leaves_its_quotes(nlp):
    doc = nlp('We study the dynamics of "follow-the-regularized-leader" (FTRL) in games.')
    pairs = [(doc[a:b].text, doc[c:d].text) for (a, b), (c, d) in doc._.abbreviations]
    assert pairs == [("follow-the-regularized-leader", "FTRL")]
