"""kg.nlp.propagate's list reading, on tiny docs parsed by the English model: which runs of names form a list."""

import pytest

from kg.nlp.propagate import listed_names


@pytest.mark.parametrize(
    "text, lists",
    [
        ("We use WebShop, ALFWorld, and HotpotQA here.", [["WebShop", "ALFWorld", "HotpotQA"]]),
        (
            "Results on AlpacaEval 2.0, MT-Bench and Arena-Hard v0.1.",
            [["AlpacaEval 2.0", "MT-Bench", "Arena-Hard v0.1"]],
        ),
        ("We compare LoRA or DoRA.", [["LoRA", "DoRA"]]),
        ("On CIFAR-10, ImageNet and COCO, ResNet wins.", [["CIFAR-10", "ImageNet", "COCO"]]),  # no "and" before ResNet
        ("We use LoRA, DoRA, QLoRA.", []),  # no "and": maybe no list
        ("Graphs and Trees are studied.", []),  # a capital at the sentence's start is no name's
        ("We study Deep Residual Learning For Image and VGG.", []),  # four capitalised words: no one name
    ],
)
def test_lists_of_names(nlp, text, lists):
    sentence = next(nlp(text).sents)
    assert [[item.text for item in found] for found in listed_names(sentence)] == lists
