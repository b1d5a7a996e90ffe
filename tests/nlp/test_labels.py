"""Label cues on tiny hand-built docs (no model: words, parts of speech, lemmas and a parse written out)."""

import pytest
import spacy
from spacy.tokens import Doc, Span

from kg.nlp.labels import (
    MAX_LIST_TOKENS,
    apposed,
    dataset_cue,
    evaluating_sentences,
    example_of,
    head_label,
    in_list_after_cue,
    is_compared_or_evaluated,
    is_generic,
    is_interest,
    names_none,
    precedes_dataset_head,
    strong_head_label,
    without_dataset_head,
)

NLP = spacy.blank("en")


def doc(*tokens: tuple[str, str, str, str, int]) -> Doc:
    """A parsed doc from (word, POS, lemma, dependency, head index) tokens, a space after each."""
    words, pos, lemmas, deps, heads = zip(*tokens)
    return Doc(NLP.vocab, words=list(words), pos=list(pos), lemmas=list(lemmas), deps=list(deps), heads=list(heads))


def phrase(text: str, head: str | None = None) -> Span:
    """A noun phrase of lower-case nouns and adjectives whose last word (or `head`) is its head."""
    words = text.split()
    root = words.index(head) if head else len(words) - 1
    tokens = [
        (
            w,
            "PROPN" if not w.islower() else "NOUN",
            w.lower().rstrip("s") if w.endswith("s") else w.lower(),
            "ROOT" if i == root else "compound",
            root,
        )
        for i, w in enumerate(words)
    ]
    return doc(*tokens)[:]


@pytest.mark.parametrize(
    "text, label",
    [
        ("image classification", "TASK"),
        ("graph neural network", "METHOD"),
        ("ImageNet benchmark", "DATASET"),
        ("weather forecasting", "TASK"),
        ("protein structures", None),
    ],
)
def test_the_head_word_labels_a_phrase(text, label):
    span = phrase(text)
    assert head_label(span.root) == label


def test_a_strong_head_is_certain_only_as_the_last_word():
    assert strong_head_label(phrase("model selection problem")) == "TASK"
    assert strong_head_label(phrase("Multimodal Large Language Models")) == "METHOD"
    # "model" is a strong head, but here it modifies "selection": nothing certain.
    assert strong_head_label(phrase("model selection", head="selection")) is None


def test_a_capitalised_task_noun_is_a_name_not_a_task():
    assert strong_head_label(phrase("question answering")) == "TASK"
    assert strong_head_label(phrase("Connectionist Temporal Classification")) is None


def test_a_phrase_that_refers_back_is_generic():
    ours = doc(("our", "PRON", "our", "poss", 1), ("method", "NOUN", "method", "ROOT", 1))
    named = doc(("our", "PRON", "our", "poss", 1), ("GRAMA", "PROPN", "GRAMA", "ROOT", 1))
    existing = doc(("existing", "ADJ", "existing", "amod", 1), ("approaches", "NOUN", "approach", "ROOT", 1))
    assert is_generic(ours[:]) and is_generic(existing[:])
    assert not is_generic(named[:])


def test_attention_received_is_interest():
    received = doc(
        ("it", "PRON", "it", "nsubj", 1),
        ("attracted", "VERB", "attract", "ROOT", 1),
        ("attention", "NOUN", "attention", "dobj", 1),
    )
    used = doc(
        ("we", "PRON", "we", "nsubj", 1),
        ("use", "VERB", "use", "ROOT", 1),
        ("attention", "NOUN", "attention", "dobj", 1),
    )
    assert is_interest(received[2:3]) and not is_interest(used[2:3])


@pytest.mark.parametrize("text", ["GPUs", "audio", "https://github.com/x/y"])
def test_hardware_data_kinds_and_addresses_name_nothing(text):
    span = doc((text, "NOUN", text.lower(), "ROOT", 0))[:]
    assert names_none(span)


def test_a_name_before_a_dataset_word_is_a_dataset():
    tokens = doc(
        ("on", "ADP", "on", "prep", 0),
        ("the", "DET", "the", "det", 3),
        ("CIFAR-10", "PROPN", "CIFAR-10", "compound", 3),
        ("dataset", "NOUN", "dataset", "pobj", 0),
    )
    assert precedes_dataset_head(tokens[2:3]) and dataset_cue(tokens[2:3], frozenset())
    lower = doc(("tabular", "ADJ", "tabular", "amod", 1), ("datasets", "NOUN", "dataset", "ROOT", 1))
    assert not precedes_dataset_head(lower[0:1])  # a lower-case word before "datasets" describes data


@pytest.mark.parametrize(
    "text, named, label",
    [
        ("image classification benchmarks", "image classification", "TASK"),
        ("question answering datasets", "question answering", "TASK"),
        ("CIFAR-10 dataset", "CIFAR-10", "DATASET"),
        ("tabular datasets", "tabular datasets", "DATASET"),  # data of a kind, no task
        ("graph neural network benchmarks", "graph neural network benchmarks", "DATASET"),
    ],
)
def test_data_named_by_a_task_names_the_task(text, named, label):
    span = phrase(text)
    span.label_ = "DATASET"
    found = without_dataset_head(span)
    assert (found.text, found.label_) == (named, label)


def listed(before: list[tuple[str, str]], names: int, after: tuple[tuple[str, str], ...] = ()) -> Doc:
    """One sentence: the (word, POS) tokens `before`, then `names` names between commas ("AB , AB , AB"), then
    those `after`; each word its own lemma, singular."""
    tokens = before + [("AB", "PROPN"), (",", "PUNCT")] * (names - 1) + [("AB", "PROPN"), *after]
    words, pos = zip(*tokens)
    lemmas = [w.lower().removesuffix("s") for w in words]
    starts = [True] + [False] * (len(words) - 1)
    return Doc(NLP.vocab, words=list(words), pos=list(pos), lemmas=lemmas, sent_starts=starts)


def test_a_list_of_names_is_read_for_its_cue_up_to_a_bound():
    """Each name is read back to its cue ("on", "such as") as far as MAX_LIST_TOKENS, not through the sentence:
    a sentence of 2,000 names read 2,000 times took minutes."""
    near = listed([("on", "ADP")], MAX_LIST_TOKENS // 2)  # the last name is MAX_LIST_TOKENS - 1 tokens after "on"
    far = listed([("on", "ADP")], MAX_LIST_TOKENS // 2 + 1)  # MAX_LIST_TOKENS + 1
    assert in_list_after_cue(near[-1:]) and not in_list_after_cue(far[-1:]) and in_list_after_cue(far[1:2])
    cue = [("models", "NOUN"), ("such", "ADJ"), ("as", "ADP")]
    near, far = listed(cue, MAX_LIST_TOKENS // 2 - 1), listed(cue, MAX_LIST_TOKENS // 2 + 1)
    assert example_of(near[-1:]).text == "models" and example_of(far[-1:]) is None
    assert example_of(far[3:4]).text == "models"


def test_a_list_of_names_is_read_for_its_head_word_up_to_a_bound():
    near = listed([], MAX_LIST_TOKENS // 2, (("datasets", "NOUN"),))  # "datasets" MAX_LIST_TOKENS - 1 tokens on
    far = listed([], MAX_LIST_TOKENS // 2 + 1, (("datasets", "NOUN"),))
    assert precedes_dataset_head(near[:1]) and not precedes_dataset_head(far[:1]) and precedes_dataset_head(far[-2:-1])


def test_a_name_is_compared_with_a_list_read_up_to_a_bound():
    """ "X outperforms AB and AB and ...": each AB is what X is compared with, in a list as long as the bound."""

    def compared(names: int) -> Doc:
        words = ["X", "outperforms"] + ["AB", "and"] * (names - 1) + ["AB"]
        lemmas = ["x", "outperform"] + [w.lower() for w in words[2:]]
        heads = [1, 1, 1] + [i - 1 if words[i] == "and" else i - 2 for i in range(3, len(words))]
        deps = ["nsubj", "ROOT", "dobj"] + ["cc" if w == "and" else "conj" for w in words[3:]]
        return Doc(NLP.vocab, words=words, lemmas=lemmas, heads=heads, deps=deps)

    near, far = compared(MAX_LIST_TOKENS), compared(MAX_LIST_TOKENS + 1)
    assert is_compared_or_evaluated(near[-1]) and not is_compared_or_evaluated(far[-1])
    assert is_compared_or_evaluated(far[4])


def test_the_sentences_that_evaluate_are_found_once():
    words = ["We", "run", "experiments", ".", "It", "is", "good", "."]
    tokens = Doc(
        NLP.vocab,
        words=words,
        lemmas=["we", "run", "experiment", ".", "it", "be", "good", "."],
        sent_starts=[True, False, False, False, True, False, False, False],
    )
    assert evaluating_sentences(tokens) == {0}


def defined_name(*after: tuple[str, str, str, str, int]) -> Doc:
    """ "We present EMMA (Enhanced reasoning)" and then `after`."""
    return doc(
        ("We", "PRON", "we", "nsubj", 1),
        ("present", "VERB", "present", "ROOT", 1),
        ("EMMA", "PROPN", "EMMA", "dobj", 1),
        ("(", "PUNCT", "(", "punct", 2),
        ("Enhanced", "ADJ", "enhanced", "amod", 5),
        ("reasoning", "NOUN", "reasoning", "appos", 2),
        (")", "PUNCT", ")", "punct", 2),
        *after,
    )


def test_the_noun_after_a_defining_long_form_is_apposed_first():
    """ "EMMA (Enhanced reasoning), a benchmark": the parser hangs "benchmark" on the verb; it says what EMMA is
    before the long form's own head does."""
    named = defined_name(
        (",", "PUNCT", ",", "punct", 1),
        ("a", "DET", "a", "det", 9),
        ("benchmark", "NOUN", "benchmark", "npadvmod", 1),
        (".", "PUNCT", ".", "punct", 1),
    )
    assert [t.text for t in apposed(named[2])] == ["benchmark", "reasoning"]
    unset = defined_name(
        ("for", "ADP", "for", "prep", 1),
        ("a", "DET", "a", "det", 9),
        ("benchmark", "NOUN", "benchmark", "pobj", 7),
        (".", "PUNCT", ".", "punct", 1),
    )
    assert [t.text for t in apposed(unset[2])] == ["reasoning"]
