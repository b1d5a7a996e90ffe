"""Results: the kg_results component on hand-made sentences with the real pipeline, and the pure helpers on
metric names."""

import pickle
from dataclasses import replace

import pytest

from kg.confidence import resolve_papers
from kg.corpus import Paper
from kg.nlp.metric_names import is_metric_name, lower_is_better, metric_key
from kg.nlp.parse import extract
from kg.nlp.results import Result
from kg.resolve import resolve_results

NONE = "-"


def found(nlp, text):
    """(value as written, value, unit, metric, kind, method, target, baseline) of every result in `text`; NONE
    for what it does not name, "(own)" for the paper's unnamed method."""
    doc = nlp(text)
    rows = set()
    for r in map(Result._make, doc._.results):
        method, target, baseline = (doc[s:e].text if s >= 0 else NONE for s, e in r.entity_offsets())
        kind = "change" if r.relative else "score"
        metric = doc[r.metric_start : r.metric_end].text
        rows.add((doc[r.value_start : r.value_end].text, r.value, r.unit, metric, kind, method, target, baseline))
    return {(*row[:5], "(own)" if row[5] == NONE else row[5], *row[6:]) for row in rows}


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "We propose FooNet, a convolutional network. FooNet achieves 84.1% top-1 accuracy on ImageNet.",
            {("84.1%", 84.1, "%", "top-1 accuracy", "score", "FooNet", "ImageNet", NONE)},
        ),
        (
            "We propose FooNet. FooNet reaches an accuracy of 91.2% on CIFAR-10.",
            {("91.2%", 91.2, "%", "accuracy", "score", "FooNet", "CIFAR-10", NONE)},
        ),
        (
            "We propose FooNet. FooNet outperforms ResNet-50 by 2.3 points in accuracy on CIFAR-10.",
            {("2.3 points", 2.3, "points", "accuracy", "change", "FooNet", "CIFAR-10", "ResNet-50")},
        ),
        (  # a bare number, where a metric's name says what it is
            "We propose FooNet. FooNet improves BLEU by 2.3 on WMT'14 English-German.",
            {("2.3", 2.3, "", "BLEU", "change", "FooNet", "WMT'14 English-German", NONE)},
        ),
        (
            "We propose QuxDiff, a diffusion model. QuxDiff achieves an FID of 2.1 on CIFAR-10.",
            {("2.1", 2.1, "", "FID", "score", "QuxDiff", "CIFAR-10", NONE)},
        ),
        (
            "We propose FooNet. FooNet is 3x faster than BarNet.",
            {("3x", 3.0, "×", "faster", "change", "FooNet", NONE, "BarNet")},
        ),
        (  # a percentage a comparative or a participle of change holds is a change
            "We propose FooNet. FooNet trains up to 33% faster than BarNet.",
            {("33%", 33.0, "%", "faster", "change", "FooNet", NONE, "BarNet")},
        ),
        (
            "We propose FooNet. FooNet shows 42.2% improved code efficiency on HumanEval.",
            {("42.2%", 42.2, "%", "code efficiency", "change", "FooNet", "HumanEval", NONE)},
        ),
        (  # what a comparison is "with" is a score (the change before it names no metric)
            "We propose FooNet. FooNet outperforms BarNet by 11.3% on CIFAR-10 with a high recall of 90.1%.",
            {("90.1%", 90.1, "%", "recall", "score", "FooNet", "CIFAR-10", NONE)},
        ),
        (  # "our method" is the paper's method, named or not
            "We propose FooNet. Our method reduces latency by 40% on ImageNet.",
            {("40%", 40.0, "%", "latency", "change", "FooNet", "ImageNet", NONE)},
        ),
        (
            "Our method achieves a 5% improvement in accuracy.",
            {("5%", 5.0, "%", "accuracy", "change", "(own)", NONE, NONE)},
        ),
        (  # a list: each number with the dataset after it
            "We propose MedTok. MedTok improves AUPRC by 4.10% on MIMIC-III, 4.78% on MIMIC-IV, and 11.32% on EHRShot.",
            {
                ("4.10%", 4.1, "%", "AUPRC", "change", "MedTok", "MIMIC-III", NONE),
                ("4.78%", 4.78, "%", "AUPRC", "change", "MedTok", "MIMIC-IV", NONE),
                ("11.32%", 11.32, "%", "AUPRC", "change", "MedTok", "EHRShot", NONE),
            },
        ),
        (  # two numbers under one verb: each with the dataset before the next number
            "We propose FooNet. FooNet reduces FID by 19% for image generation on CIFAR-10 and FVD by 44% for video"
            " generation on Kinetics-700.",
            {
                ("19%", 19.0, "%", "FID", "change", "FooNet", "CIFAR-10", NONE),
                ("44%", 44.0, "%", "FVD", "change", "FooNet", "Kinetics-700", NONE),
            },
        ),
        (  # "respectively": each number with the dataset at its place
            "We propose CoSER. CoSER achieves 75.80% and 93.47% accuracy on the InCharacter and LifeChoice benchmarks"
            " respectively.",
            {
                ("75.80%", 75.8, "%", "accuracy", "score", "CoSER", "InCharacter", NONE),
                ("93.47%", 93.47, "%", "accuracy", "score", "CoSER", "LifeChoice", NONE),
            },
        ),
    ],
)
def test_a_stated_number_is_a_result_with_its_metric_method_and_dataset(nlp, text, expected):
    assert found(nlp, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "We propose FooNet. FooNet keeps its accuracy at 40% sparsity.",  # a setting
        "We propose FooNet. FooNet is trained with only 10% of the labels.",  # no metric
        "We propose FooNet. FooNet improves accuracy by 2.5% to 20% on ImageNet.",  # a range
        "We propose FooNet. FooNet improves accuracy from 58% to 63% on ImageNet.",  # a change's ends
        "We propose FooNet. FooNet beats BarNet (81.2%) on ImageNet.",  # in brackets: whose is not said
        "We propose FooNet. We evaluate FooNet on 9 maps and 16 tasks.",  # bare numbers, no metric
        "We propose FooNet. FooNet surpasses the 32% success rate of BarNet.",  # the rival's
        "We propose FooNet. The 84% accuracy of BarNet on ImageNet is high.",  # no subject that is a method
        "We propose FooNet. If we set its threshold to have a 1% false positive rate, FooNet flags most attacks.",
    ],
)
def test_a_number_that_is_no_result_of_a_method_is_left_out(nlp, text):
    assert found(nlp, text) == set()


def test_results_are_plain_data(nlp):
    doc = nlp("We propose FooNet. FooNet achieves 84.1% top-1 accuracy on ImageNet.")
    assert doc._.results and all(isinstance(v, (int, float, str, bool)) for r in doc._.results for v in r)
    assert pickle.loads(pickle.dumps(doc))._.results == doc._.results


@pytest.mark.parametrize(
    "spellings",
    [
        ("F1-score", "F1 score", "f1 scores", "average F1 score"),
        ("pass@1", "Pass@10", "pass@k"),
        ("speed-up", "speedup", "speedups", "faster"),
        ("top-1 accuracy", "Top-1 Accuracy", "average top-1 accuracy"),
    ],
)
def test_the_spellings_of_a_metric_are_one_key(spellings):
    assert len({metric_key(s) for s in spellings}) == 1


def test_known_metrics_and_which_are_better_lower():
    assert is_metric_name("BLEU") and is_metric_name("mAP") and is_metric_name("success rates")
    assert not is_metric_name("maps") and not is_metric_name("parameters")
    assert lower_is_better(metric_key("Perplexity")) and lower_is_better(metric_key("FID"))
    assert not lower_is_better(metric_key("accuracy")) and not lower_is_better(metric_key("BLEU"))


def test_a_result_of_the_name_the_title_gives_is_its_methods_where_that_is_an_entity(nlp):
    abstract = "We propose a simple regularization method. Our method achieves 84.1% accuracy on ImageNet."
    named = Paper("p", abstract, title="FDA-X: Feature Distribution Alignment")
    _, _, [result] = extract([named], nlp)
    assert (result.method.text, result.method.in_title) == ("FDA-X", True)
    resolution = resolve_papers(extract([named], nlp).mentions, [named])
    [kept] = resolve_results([result], resolution)
    assert resolution.entities[kept.method.entity].name == "FDA-X" and kept.target.name == "ImageNet"
    # where the title's name is no entity (the abstract names it otherwise), the result stays, of no named method
    [kept] = resolve_results([result], replace(resolution, mentions=[m for m in resolution.mentions if not m.in_title]))
    assert kept.method is None and kept.value == 84.1
