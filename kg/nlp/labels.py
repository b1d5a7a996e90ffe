"""Label cues: what a span's head word, its syntax and its neighbours say it is (METHOD, TASK, DATASET),
and which phrases name nothing ("our method", "has attracted attention", "GPUs")."""

from __future__ import annotations

from typing import Callable, Collection

from spacy.tokens import Doc, Span, Token

from .lexicon import (
    APPOSED_DATASET_NOUNS,
    BASELINE_NOUNS,
    BEAT_VERBS,
    CALLING_VERBS,
    COMPARING_WORDS,
    DATASET_HEADS,
    EVALUATE_VERBS,
    EVALUATION_WORDS,
    EXAMPLE_CUES,
    GENERIC_HEADS,
    GENERIC_MODIFIERS,
    HARDWARE,
    INTEREST_VERBS,
    LIST_CUES,
    LIST_SEPARATORS,
    LIST_WORDS,
    METHOD_HEADS,
    MODALITIES,
    MODEL_HEADS,
    PROPERTY_DEGREES,
    REFERRING_WORDS,
    SCORING_VERBS,
    STRONG_HEADS,
    STUDIED_PROPERTIES,
    TASK_HEADS,
    TASK_NOUNS,
)
from .short_forms import short_form_key
from .spans import is_capitalised_name, is_name, trim, words

# How far the list rules read from a name, in tokens: a list of names is read for its cue, its head word or
# what it is compared with up to this length (ICML 2025's longest list of names has 21 tokens), so that in a
# sentence of names each name costs a bounded read, not one of the sentence (20,000 characters took minutes).
MAX_LIST_TOKENS = 64


def head_forms(token: Token) -> tuple[str, str]:
    """A head noun's lemma and its text in the singular: "LLMs" -> "llm", and "Models" in "Large Language
    Models", whose lemma keeps the s (a proper noun) -> "model"."""
    text = short_form_key(token.text).lower()
    if token.pos_ == "PROPN" and text.endswith("s"):
        text = text[:-1]
    return token.lemma_.lower(), text


def head_label(token: Token) -> str | None:
    """The label a noun's lemma gives a span it heads."""
    forms = head_forms(token)
    for heads, label in ((DATASET_HEADS, "DATASET"), (TASK_HEADS, "TASK"), (METHOD_HEADS, "METHOD")):
        if any(form in heads for form in forms):
            return label
    return None


def strong_head_label(span: Span, named: bool = False) -> str | None:
    """The label a span's head says for certain when it is the last word: "Multimodal Large Language
    Models" is a method, "model selection problem" a task ("StarCraft II tasks" stays a dataset). In a
    `named` thing (a defined long form) the last word is the head whatever the parser says."""
    root = span[-1]
    noun = root.pos_ in {"NOUN", "PROPN"} or root.lower_ == "answering"  # tagged a verb in "question answering"
    if (
        (root != span.root and not named)
        or not noun
        or len(span) > 1
        and span[-2].text == "-"
        and not span[-2].whitespace_
    ):
        return None  # "FinBERT-task" is a name
    forms = head_forms(root)
    label = next((STRONG_HEADS[form] for form in forms if form in STRONG_HEADS), None)
    if label is None and TASK_NOUNS.intersection(forms) and not is_capitalised_name(span):
        label = "TASK"
    return None if label == "TASK" and span.label_ == "DATASET" else label


def in_list_of_names(token: Token) -> bool:
    """Can the token be part of a list of names: a name, a hyphen in one, or "," "and" "or" "the" "as well as"."""
    return token.lower_ in LIST_WORDS or is_name(token) or token.text == "-"


def list_reach(span: Span) -> int:
    """The first token the list rules read before `span`: its sentence's first, or MAX_LIST_TOKENS back."""
    return max(span.sent.start, span.start - MAX_LIST_TOKENS)


def in_list_after_cue(span: Span) -> bool:
    """Is the span in a list of names that follows "on", "across", "such as", ...? Not after "improvements
    over": what follows is compared, not evaluated on."""
    for token in reversed(span.doc[list_reach(span) : span.start]):
        if token.lower_ in LIST_CUES:
            return token.lower_ != "over" or not is_compared_over(token)
        if not in_list_of_names(token):
            return False
    return False


def is_compared_over(over: Token) -> bool:
    """ "improvements over ResNet", "improves over ResNet" (the parser may hang "over" on the verb of "achieves
    gains over")."""
    before = over.doc[over.i - 1] if over.i else over
    return bool({over.head.lemma_.lower(), before.lemma_.lower()} & COMPARING_WORDS)


EXAMPLE_LIST_WORDS = LIST_WORDS - {"as", "such"}


def example_of(span: Span) -> Token | None:
    """The noun a listed name is an example of: "LLMs such as GPT-4 and Llama", "models (e.g., GPT-4)",
    "benchmarks including MMLU" (the list may start with other names)."""
    doc, i, first = span.doc, span.start - 1, list_reach(span)
    while i > first and (doc[i].lower_ in EXAMPLE_LIST_WORDS or is_name(doc[i]) or doc[i].text == "-"):
        i -= 1
    if doc[i].lower_ == "as" and i > first and doc[i - 1].lower_ == "such":
        i -= 1
    elif doc[i].lower_ not in EXAMPLE_CUES:
        return None
    i -= 1
    while i >= first and doc[i].text in {",", "(", "such"}:
        i -= 1
    if i - 2 >= first and doc[i].text == ")" and doc[i - 2].text == "(":  # "Models (MLLMs), such as"
        i -= 3
    return doc[i] if i >= first and doc[i].pos_ in {"NOUN", "PROPN"} else None


LIST_OPENERS = {"(", ":"}
LIST_STARTS = LIST_SEPARATORS | LIST_OPENERS
LIST_ENDS = {",", ".", ";", ":", ")"}


def after_list(span: Span) -> Token | None:
    """The token after the list of names that `span` is in ("A, B and C" then what follows), None at the
    sentence's end; read up to MAX_LIST_TOKENS on, as `list_reach` back."""
    doc, i, last = span.doc, span.end, min(span.sent.end, span.end + MAX_LIST_TOKENS)
    while i < last:
        name = i
        while name < last and doc[name].lower_ in LIST_SEPARATORS:
            name += 1
        if name == i or name == last or not is_name(doc[name]):
            break
        i = name
        while i < last and (is_name(doc[i]) or doc[i].text == "-"):
            i += 1
    return doc[i] if i < span.sent.end else None


def listed_under(span: Span) -> Token | None:
    """The plural noun a list of whole names is set under: "three benchmarks (QReCC, OR-QuAC, TREC CAsT)",
    "datasets: A and B", "two public benchmarks, Scan2CAD and ROBI, show"; after a comma only where the noun
    is counted ("on all datasets, GPT-4 leads" sets no list). The list must end there ("on three datasets,
    ZORBA and KelpNet outperform" is no list), and the name be no part of another ("AG" of "AG News")."""
    doc, i, first = span.doc, span.start - 1, list_reach(span)
    if i <= first or doc[i].text not in LIST_STARTS:
        return None
    if (end := after_list(span)) is not None and end.text not in LIST_ENDS:
        return None
    while i > first and (doc[i].lower_ in LIST_SEPARATORS or is_name(doc[i]) or doc[i].text == "-"):
        if doc[i].lower_ in {"and", "or"} and i != span.start - 1:  # "on three datasets, A and B, MECTA improves"
            return None
        i -= 1
    opened = doc[i].text in LIST_OPENERS
    noun = doc[i - 1] if opened else doc[i]
    counted = doc[i + 1].text == "," and any(child.dep_ == "nummod" for child in noun.children)
    return noun if noun.tag_ == "NNS" and (opened or counted) else None


def apposed(token: Token) -> list[Token]:
    """The nouns in apposition to a token, either way round ("OTTER, a novel VLA architecture"), and after the
    long form that defines it ("HELMET (How to Evaluate Long-context Models ...), a comprehensive benchmark",
    which the parser reads as a second object of "introduce"), that one first: what the long form's own words
    say (EMMA, "Enhanced MultiModal reAsoning", is no task) comes after what the text calls X."""
    found = ([token.head] if token.dep_ == "appos" else []) + [c for c in token.children if c.dep_ == "appos"]
    if (after := apposed_after_long_form(token)) is not None:
        return [after, *(t for t in found if t != after)]
    return found


def apposed_after_long_form(token: Token) -> Token | None:
    """ "X (long form), a/an/the ... noun": the noun, when the parser hangs it on X or on what X hangs on."""
    doc, end = token.doc, min(token.sent.end, token.i + MAX_LIST_TOKENS)
    if token.i + 1 >= end or doc[token.i + 1].text != "(":
        return None
    close = next((i for i in range(token.i + 2, end) if doc[i].text in {"(", ")"}), None)
    if close is None or doc[close].text != ")" or close + 2 >= end or doc[close + 1].text != ",":
        return None
    article = doc[close + 2]
    noun = article.head
    if article.lower_ not in {"a", "an", "the"} or noun.i <= close or noun.pos_ not in {"NOUN", "PROPN"}:
        return None
    return noun if noun.head in (token, token.head) else None


def name_label(span: Span) -> str | None:
    """The label a name's syntax gives it for certain, or None when nothing says."""
    root = span.root
    # "OTTER, a novel VLA architecture", "CYCLESGYM, an RL environment": the noun in apposition.
    for other in apposed(root):
        if other.lemma_.lower() in APPOSED_DATASET_NOUNS:
            return "DATASET"
        if head_label(other):
            return head_label(other)
    # "a dataset BUTTONInstruct", "the benchmark FooBench": the kind word just before the name.
    if span.start and (kind := span.doc[span.start - 1]).head == root and kind.lemma_.lower() in DATASET_HEADS:
        return "DATASET"
    # "LLMs such as GPT-4", "baselines such as DPO", "benchmarks (QReCC, OR-QuAC)": the noun it is an example
    # of, or listed under (not "tasks like MNLI": a named task is a benchmark).
    if (noun := example_of(span) or listed_under(span)) is not None:
        label = "METHOD" if noun.lemma_.lower() in BASELINE_NOUNS else head_label(noun)
        if label in {"METHOD", "DATASET"}:
            return label
    # "a method called X": the noun the participle attaches to.
    if root.dep_ in {"oprd", "dobj", "attr"} and root.head.lemma_ in CALLING_VERBS and head_label(root.head.head):
        return head_label(root.head.head)
    # "we propose OTTER": the object of a proposal verb is a method unless said otherwise.
    if root.dep_ in {"dobj", "nsubjpass"} and root.head.lemma_ in {"propose", "introduce", "present", "develop"}:
        return "METHOD"
    if is_compared_or_evaluated(root):
        return "METHOD"
    return None


def evaluating_sentences(doc: Doc) -> frozenset[int]:
    """Where the sentences that speak of evaluation start ("experiments", "outperforms", "accuracy"): found
    once per doc, not once per name in a sentence (in a sentence of names, that was a scan of it per name)."""
    return frozenset(s.start for s in doc.sents if any(t.lemma_.lower() in EVALUATION_WORDS for t in s))


def is_listed_for_evaluation(span: Span, evaluating: frozenset[int]) -> bool:
    """ "experiments on CIFAR-10 and ImageNet": a name listed after "on" where the sentence evaluates (starts
    in `evaluating`); a dataset, most likely, but not for certain ("based on BERT")."""
    return in_list_after_cue(span) and span.sent.start in evaluating


def is_compared_or_evaluated(token: Token) -> bool:
    """Is the token what a sentence compares or evaluates: "GRAMA outperforms ResNet", "LoRA achieves
    higher accuracy", "compared to DoRA", "we evaluate GRAMA on ...", and what is listed with it."""
    for _ in range(MAX_LIST_TOKENS):  # "outperforms DoRA and QLoRA"
        if token.dep_ != "conj":
            break
        token = token.head
    else:
        return False  # a longer list is not read
    verb = token.head
    if token.dep_ in {"nsubj", "dobj", "nsubjpass"} and verb.lemma_ in BEAT_VERBS:
        return True
    if token.dep_ == "nsubj" and verb.lemma_ in SCORING_VERBS:
        return True
    if token.dep_ in {"dobj", "nsubjpass"} and verb.lemma_ in EVALUATE_VERBS:
        return True
    return token.dep_ == "pobj" and verb.lower_ in {"to", "with"} and verb.head.lemma_ == "compare"


def names_studied_property(span: Span) -> bool:
    """ "adversarial robustness", "certified robustness", "algorithmic fairness": a kind of a STUDIED_PROPERTIES
    word, each word before it an adjective or participle that says which ("model robustness", "empirical
    robustness" and a bare "robustness" say nothing of the kind: PROPERTY_DEGREES)."""
    *kind, head = span
    return (
        head.lower_ in STUDIED_PROPERTIES
        and bool(kind)
        and all(t.tag_ in {"JJ", "VBN"} and t.lower_ not in GENERIC_MODIFIERS | PROPERTY_DEGREES for t in kind)
    )


def is_generic(span: Span) -> bool:
    """A phrase that refers back instead of naming: "this paper", "our method", "the task",
    "existing approaches" (a bare "classifier" is kept: SciERC counts it, and measuring said so)."""
    kept = trim(span)
    if kept is None:
        return True
    referring = span[0].pos_ in {"DET", "PRON"} or span[0].lower_ in REFERRING_WORDS
    return referring and len(kept) == 1 and kept.root.lemma_.lower() in GENERIC_HEADS and not is_name(kept.root)


def is_interest(span: Span) -> bool:
    """ "has attracted considerable attention", "little attention has been paid": interest, not the
    attention mechanism."""
    root = span.root
    return (
        root.lemma_.lower() == "attention"
        and root.dep_ in {"dobj", "nsubjpass", "nsubj"}
        and root.head.lemma_.lower() in INTEREST_VERBS
    )


def is_name_like(token: Token) -> bool:
    """A token of a name as lists of datasets spell them: "Pascal", "-", "Part-116"."""
    return is_name(token) or token.pos_ == "PROPN" or token.text == "-"


def noun_after_names(span: Span, is_head: Callable[[Token], bool], in_list: Callable[[Token], bool]) -> Token | None:
    """The word `is_head` accepts that ends a list of names starting with the span (a name itself), where every
    word between is part of such a list (or `in_list`); None when the list ends first, or goes on for
    MAX_LIST_TOKENS."""
    if not all(is_name_like(t) for t in span):
        return None
    for token in span.doc[span.end : min(span.sent.end, span.end + MAX_LIST_TOKENS)]:
        if is_head(token):
            return token
        if not (in_list_of_names(token) or token.pos_ == "PROPN" or in_list(token)):  # "Pascal" of "Pascal-Part-116"
            return None
    return None


def precedes_dataset_head(span: Span) -> bool:
    """ "X dataset", and each name of "the Pascal-Part-116, ADE20K-Part-234 and PartImageNet datasets"
    (not "GPT-4 and Claude benchmark scores", where the dataset word modifies another noun, nor the task of
    "dialogue segmentation datasets")."""
    doc = span.doc
    if span.end < len(doc) and doc[span.end].lemma_.lower() in DATASET_HEADS:
        return any(not t.is_lower for t in span)
    head = noun_after_names(span, lambda t: t.lemma_.lower() in DATASET_HEADS, lambda t: False)
    return head is not None and head.dep_ != "compound" and doc[head.i - 1].text != "-"


def precedes_model_head(span: Span) -> bool:
    """Each name of "the Llama, Qwen and Gemma model families" or "Llama 3 and Mistral models": models, however
    the sentence evaluates on them."""
    return (
        noun_after_names(
            span, lambda t: bool(MODEL_HEADS.intersection(head_forms(t))), lambda t: t.is_title or t.like_num
        )
        is not None
    )


def names_none(span: Span) -> bool:
    """A phrase that is no method, task or dataset: interest ("has attracted attention"), a code address
    ("https://github.com/..."), hardware ("GPUs", "an A100 GPU"), a kind of data ("audio")."""
    return (
        is_interest(span)
        or any(t.like_url for t in span)
        or in_url(span)
        or span.root.lower_ in HARDWARE
        or span.text.lower() in MODALITIES
    )


def in_url(span: Span) -> bool:
    """Is the span the end of an address the tokenizer cut ("[GitHub](https://github.com/Owner/DiMA)": the
    tokens after "/" are no URL of their own)? A token written on to it, without a space, is one."""
    i = span.start - 1
    while i >= 0 and not span.doc[i].whitespace_:
        if span.doc[i].like_url:
            return True
        i -= 1
    return False


def dataset_cue(span: Span, evaluating: frozenset[int], certain: str | None = None) -> bool:
    """Does the text call the span a dataset: "X dataset", "the X and Y benchmarks", "experiments on X" (in
    one of the `evaluating` sentences)? The last cue is a guess that a name's `certain` label ("models
    including GPT-4o") outweighs, and so does the noun it is an example of ("on RULER and models such as
    GLM-4-9B-1M")."""
    if precedes_dataset_head(span):
        return True
    if span.root.lemma_.lower() in DATASET_HEADS:
        return True
    return (
        certain is None
        and all(is_name(t) or t.text == "-" for t in span)
        and is_listed_for_evaluation(span, evaluating)
        and ((noun := example_of(span)) is None or head_label(noun) != "METHOD")
    )


def without_dataset_head(span: Span) -> Span:
    """ "the ImageNet benchmark" names ImageNet: a name's "dataset" or "benchmark" is its cue, not part of it,
    and so are lower-case words before a capitalised name ("the large-scale Open Catalyst 2020 dataset", "the
    Adult dataset"; a capital that only starts the sentence makes no name, and "DeepMind Control Suite" is one).
    Data named by the task it is for ("image classification datasets", "question answering benchmarks") names
    the task."""
    if len(span) < 2 or span[-1].lemma_.lower() not in DATASET_HEADS:
        return span
    if all(is_name(t) or t.text == "-" for t in span[:-1]):
        return Span(span.doc, span.start, span.end - 1, label="DATASET")
    start = span.start
    while start < span.end - 1 and (span.doc[start].is_lower or span.doc[start].text == "-"):
        start += 1
    name = span.doc[start : span.end - 1]
    if (
        span[-1].is_lower
        and name
        and (is_name(name[0]) or name[0].is_title and not name[0].is_sent_start)
        and all(is_name(t) or t.is_title or t.like_num or t.text == "-" for t in name)
    ):
        return Span(span.doc, start, span.end - 1, label="DATASET")
    if span[-1].is_lower and all(t.is_lower or t.text == "-" for t in span[:-1]) and head_label(span[-2]) == "TASK":
        return Span(span.doc, span.start, span.end - 1, label="TASK")  # "image classification benchmarks"
    return span


def modifies_next(span: Span, taken: Collection[int]) -> bool:
    """A lower-case modifier the model cut off the mention it modifies (a name, or at a token of `taken`, the
    tokens of the mentions found): "next-generation" of "next-generation LLMs", "pre-trained" of "a pre-trained
    LLM", "ridgeless" of "ridgeless, high-dimensional regression" (names stay: "GPT-4 embeddings")."""
    root = span.root
    if (
        root.dep_ not in {"amod", "compound"}
        or span[-1].lower_.endswith("ing")
        or any(is_name(t) or t.pos_ == "PROPN" for t in span)
    ):
        return False  # "fine-tuning LLMs" is the act of fine-tuning
    if len(words(span)) > 1 and any(t.pos_ == "NOUN" for t in span):  # "a pre-trained language model BERT"
        return False
    head = root.head
    return head.i >= span.end and (is_name(head) or head.pos_ == "PROPN" or head.i in taken)
