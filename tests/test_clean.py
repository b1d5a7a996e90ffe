import pytest

from kg.clean import clean, has_words, is_markup_fragment

CASES = [
    ("plain text stays", "plain text stays"),
    (r"a \emph{bold} claim", "a bold claim"),
    (r"accuracy of 9.3\%.", "accuracy of 9.3%."),
    ("regret $\\widetilde{\\mathcal{O}}(H\\sqrt{SAT})$ bound", "regret O(H√SAT) bound"),
    ("with $n\\gg d^\\gamma$ samples", "with n≫ d^γ samples"),
    ("called *Sleeping RL*, where", "called Sleeping RL, where"),
    ("and **bilinear dueling bandits**, a", "and bilinear dueling bandits, a"),
    (
        "named ***D***istributional-discrepancy-based ***A***dversarial ***D***efense (DAD).",
        "named Distributional-discrepancy-based Adversarial Defense (DAD).",
    ),
    ("**M**ulti-**A**gent **PO**licy **Hyper**graph", "Multi-Agent POlicy Hypergraph"),
    (
        "we propose **P**CA-based **A**daptive **S**earch (**PAS**), and ***effective state-size***.",
        "we propose PCA-based Adaptive Search (PAS), and effective state-size.",
    ),
    (
        "we propose **S**parse **S**pectral **T**raining **(SST)** to save memory",
        "we propose Sparse Spectral Training (SST) to save memory",
    ),
    (
        "we propose ***S**elective **P**rompt **A**nchoring* (SPA) and ***dist**inctive **attr**ibutes*.",
        "we propose Selective Prompt Anchoring (SPA) and distinctive attributes.",
    ),
    ("2**10 and x**2", "2**10 and x**2"),
    ("we present `GL-LowPopArt`, a", "we present GL-LowPopArt, a"),
    ('unlearn ``fine-tuning data" (the', 'unlearn "fine-tuning data" (the'),
    ("costs $5 and 3 * 4 = 12", "costs $5 and 3 * 4 = 12"),
    ("$a*b*c$ and *d* then $$p*q*$$ `e`", "a*b*c and d then p*q* e"),  # no emphasis inside math
    ("the *metric $k$-center* problem", "the metric k-center problem"),  # math inside emphasis
    (
        "the Schr{\\\"o}dinger bridge, Carath\\'eodory, \\^{o} and {a, b}",
        "the Schrödinger bridge, Carathéodory, ô and {a, b}",
    ),
    ("the {TalkingFace-Wild} dataset and GPT-{n}", "the TalkingFace-Wild dataset and GPT-n"),  # braces grouping a name
    ("a method for _in-context fine-tuning_ of __TimesFM__", "a method for in-context fine-tuning of TimesFM"),
    ("snake_case_name and x_i stay, as does $a_b$ math", "snake_case_name and x_i stay, as does a_b math"),
    ("an $\\ell_1$ penalty and the $A^\\star$ and $A^\\ast$ searches", "an ℓ_1 penalty and the A^* and A^* searches"),
]


@pytest.mark.parametrize("raw, expected", CASES)
def test_clean_text(raw, expected):
    assert clean(raw).text == expected


@pytest.mark.parametrize("raw, _", CASES)
def test_every_clean_character_maps_back_to_its_source(raw, _):
    c = clean(raw)
    assert len(c.starts) == len(c.ends) == len(c.text)
    for i, ch in enumerate(c.text):
        source = raw[c.starts[i] : c.ends[i]]
        assert c.starts[i] < c.ends[i]
        # plain characters and escapes keep their character; commands become a symbol
        assert ch in source or source.startswith("\\") or source in {"``", "''"}


def test_span_maps_to_raw_text_without_markup_around_it():
    raw = "We present `GL-LowPopArt`, a novel *Catoni-style* estimator."
    c = clean(raw)
    start = c.text.index("GL-LowPopArt")
    s, e = c.to_raw(start, start + len("GL-LowPopArt"))
    assert raw[s:e] == "GL-LowPopArt"
    start = c.text.index("Catoni-style estimator")
    s, e = c.to_raw(start, start + len("Catoni-style estimator"))
    assert raw[s:e] == "Catoni-style* estimator"


@pytest.mark.parametrize(
    "raw, name, quoted",
    [
        ("We present a novel *Catoni-style* estimator.", "Catoni-style estimator", "*Catoni-style* estimator"),
        ("We run $k$-means on it.", "k-means", "$k$-means"),
        ("We present **D**ynamic **E**xperts (DE).", "Dynamic Experts", "**D**ynamic **E**xperts"),
        (
            "We propose $\\textbf{Di}$rectional Projection.",
            "Directional Projection",
            "$\\textbf{Di}$rectional Projection",
        ),
        ("We train LoRA$^2$ fast.", "LoRA", "LoRA"),
        ("We propose \\textbf{Prompt Learning (PL)}.", "Prompt Learning", "Prompt Learning"),
    ],
)
def test_a_mention_keeps_the_markup_around_its_words(raw, name, quoted):
    c = clean(raw)
    start = c.text.index(name)
    s, e = c.to_raw_with_markup(start, start + len(name))
    assert raw[s:e] == quoted


def test_offsets_are_monotonic():
    c = clean(r"$\Omega(\sqrt{T 2^{A/2}})$ and \emph{x} **y** `z`")
    assert list(c.starts) == sorted(c.starts)


@pytest.mark.parametrize(
    "raw, words",
    [
        ("$x^2$", False),
        ("$$\\sum_{i} x_i$$ \\emph{$O(n)$}", False),
        ("1, 2, 3. (4)", False),
        ("\\cite{} \\ref{} a", False),  # command names are not words, nor is one letter
        ("$\\mathcal{L}_{total}$", False),  # letters inside math do not count
        ("We propose X.", True),
        ("$x$ is \\emph{fast}", True),
        ("图神经网络", True),
    ],
)
def test_has_words_outside_math_and_commands(raw, words):
    assert has_words(raw) is words


@pytest.mark.parametrize(
    "raw, piece, fragment",
    [
        ("we bound it by $O(N D)$ here", "O(N D", True),  # a formula, wholly inside math
        ("a bound $\\sigma_{\\max}$ on it", "\\sigma_{\\max", True),
        ("we analyse $\\texttt{HDM}$ here", "HDM", False),  # a name written in math
        ("we run $k$-means on it", "k$-means", False),  # leaves the math it starts in
        ("a $\\ell_2$-margin solution", "$\\ell_2$-margin solution", False),
        ("plain words", "words", False),
    ],
)
def test_markup_fragment(raw, piece, fragment):
    start = raw.index(piece)
    assert is_markup_fragment(raw, start, start + len(piece)) is fragment
