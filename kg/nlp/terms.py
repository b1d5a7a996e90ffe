"""Rule-based METHOD / TASK / DATASET spans: noun chunks labelled by their head word, and names.

Noun chunks are labelled by the lemma of their head ("graph neural network" -> METHOD,
"image classification" -> TASK, "ImageNet benchmark" -> DATASET) once determiners and hype
words are trimmed; a chunk that is only a generic head ("the model") is dropped. Names (OTTER,
CIFAR-10, GL-LowPopArt) found by a Matcher take the label their syntax gives them: the noun they
are in apposition to, "a method called X", "experiments on X".
"""

from __future__ import annotations

import re
from typing import Callable

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span, Token
from spacy.util import filter_spans

from ..settings import LABELS, SPAN_KEY
from .abbreviations import short_form_key

METHOD_HEADS = {
    "model", "network", "method", "algorithm", "architecture", "framework", "approach",
    "transformer", "encoder", "decoder", "autoencoder", "estimator", "optimizer", "mechanism",
    "technique", "scheme", "procedure", "policy", "attention", "embedding",
    "learning", "sampler", "sampling", "descent", "kernel", "classifier", "regularization",
    "distillation", "pruning", "quantization", "tuning", "fine-tuning", "finetuning", "diffusion",
    "search", "solver", "backbone", "module", "layer", "agent", "heuristic", "strategy", "bandit",
    "process", "programming", "inference", "augmentation", "adapter", "head", "loss", "objective",
    "bottleneck", "filter", "gradient", "machine", "tree", "forest", "perceptron", "lstm", "rnn",
    "cnn", "gan", "vae", "llm", "mlp", "pipeline", "system", "protocol", "prompting", "decoding",
    "operator", "transform", "mixture", "ensemble", "gnn", "vlm", "mllm", "lmm", "lvlm", "dnn", "vla",
}
TASK_HEADS = {
    "classification", "detection", "segmentation", "generation", "recognition", "prediction",
    "translation", "clustering", "retrieval", "forecasting", "reasoning", "summarization",
    "answering", "parsing", "tracking", "planning", "control", "synthesis", "captioning",
    "localization", "completion", "discovery", "identification", "alignment", "matching",
    "reconstruction", "navigation", "manipulation", "editing", "imputation", "ranking",
    "recommendation", "extraction", "labeling", "tagging", "understanding", "modeling",
    "modelling", "task", "problem", "compression", "denoising", "restoration", "verification",
    "attribution", "explanation", "interpretability", "unlearning", "adaptation", "generalization",
    "transfer", "exploration", "optimization", "optimisation", "regression", "coding", "inpainting",
    "estimation",
}
DATASET_HEADS = {"dataset", "datasets", "benchmark", "corpus", "suite", "testbed", "leaderboard", "treebank"}
# Heads too vague to be an entity on their own ("the model", "our method", "this problem").
GENERIC_HEADS = {
    "model", "network", "method", "algorithm", "architecture", "framework", "approach",
    "mechanism", "technique", "scheme", "procedure", "module", "layer", "system", "strategy",
    "task", "problem", "dataset", "benchmark", "corpus", "suite", "pipeline", "process", "loss",
    "objective", "head", "agent", "operator", "learning", "search", "tree", "filter", "estimation",
    "inference", "optimization", "optimisation", "control", "generation", "prediction",
    "reasoning", "alignment", "adaptation", "generalization", "transfer", "exploration",
    "understanding", "modeling", "modelling", "completion", "matching", "extraction",
    "verification", "explanation", "coding", "kernel", "gradient", "policy", "embedding",
}
# Words that say nothing about which entity is meant; trimmed from the start of a span.
GENERIC_MODIFIERS = {
    "novel", "new", "existing", "proposed", "various", "different", "several", "many", "multiple",
    "such", "other", "previous", "prior", "recent", "standard", "typical", "popular",
    "conventional", "traditional", "current", "common", "given", "specific", "particular",
    "general", "simple", "effective", "efficient", "powerful", "strong", "robust", "first",
    "key", "main", "same", "original", "corresponding", "respective", "underlying", "certain",
    "additional", "further", "more", "most", "less", "best", "better", "good", "large", "small",
    "wide", "broad", "diverse", "numerous", "extensive", "important", "challenging", "difficult",
    "fundamental", "classical", "classic", "baseline", "all", "both", "each", "every", "any",
    "some", "few", "whole", "entire", "well", "widely", "used", "based", "well-known", "so-called",
    "state-of-the-art", "sota", "off-the-shelf", "cutting-edge",
    "promising", "unified", "principled", "competitive", "superior", "significant",
    "open", "major", "central", "critical", "crucial", "core", "modern", "advanced",
    "sophisticated", "emerging", "innovative", "generic", "simple", "naive", "vanilla", "resulting", "alternative",
}
# Words that point back at something named elsewhere: "existing approaches", "such models".
REFERRING_WORDS = {"existing", "previous", "prior", "proposed", "such", "other", "current", "aforementioned", "above"}
TRIM_POS = {"DET", "PRON", "NUM", "ADV", "CCONJ", "PUNCT", "PART", "ADP", "SCONJ", "AUX", "SYM"}
CALLING_VERBS = {"call", "name", "dub", "term", "coin"}
EVALUATE_VERBS = ["evaluate", "test", "benchmark", "validate", "assess", "run"]  # not "train": trained on is not evaluated on
BEAT_VERBS = ["outperform", "surpass", "beat", "exceed", "outcompete", "rival", "outmatch"]
SCORING_VERBS = {"achieve", "attain", "obtain", "reach", "yield"}  # "X achieves higher accuracy"
EVALUATION_WORDS = {
    "experiment", "evaluation", "evaluate", "result", "test", "benchmark", "dataset", "perform",
    "performance", "train", "outperform", "achieve", "accuracy", "study", "show", "demonstrate",
    "conduct", "improvement", "gain", "score",
}
# A name: starts with a letter, and has two capitals or a digit (OTTER, ImageNet, CIFAR-10, LLaMA-2).
NAME_TOKEN = r"^(?=[A-Za-z][A-Za-z0-9-]*$)(?=(?:.*[A-Z]){2}|.*[0-9])"
NAME_PATTERNS = [
    [{"TEXT": {"REGEX": NAME_TOKEN}}],
    [{"TEXT": {"REGEX": NAME_TOKEN}}, {"TEXT": "-"}, {"TEXT": {"REGEX": r"^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$"}}],  # GL-LowPopArt, ADE20K-Part-234
]
LIST_WORDS = {",", "and", "or", "the", "as", "well"}
LIST_CUES = {"on", "across", "over", "including", "like", "such"}
EXAMPLE_PREPOSITIONS = ["like", "including", "as"]  # "Y like X", "Y including X", "Y such as X"
EXAMPLE_CUES = {*EXAMPLE_PREPOSITIONS, "e.g.", "e.g", "eg", "especially", "notably"} - {"as"}  # "as" only after "such"


def words(span: Span) -> list[Span]:
    """The span cut at whitespace: "zero-shot generalization" is two words, not four tokens."""
    out, start = [], span.start
    for token in span:
        if token.whitespace_ or token.i == span.end - 1:
            out.append(span.doc[start : token.i + 1])
            start = token.i + 1
    return out


def is_filler(word: Span) -> bool:
    """A word that says nothing about which entity is meant: "a", "novel", "our", "proposed"."""
    if word.text.lower() in GENERIC_MODIFIERS:
        return True
    if len(word) == 1 and word[0].tag_ in {"VBN", "VBD"}:  # "developed techniques", "learned features"
        return True
    return all(t.pos_ in TRIM_POS for t in word)


def trim(span: Span) -> Span | None:
    """Drop filler words at the start and punctuation at the end: "a novel VLA architecture" -> "VLA architecture"."""
    kept = words(span)
    while kept and is_filler(kept[0]):
        kept.pop(0)
    if not kept:
        return None
    start, end = kept[0].start, kept[-1].end
    while end > start and span.doc[end - 1].pos_ in {"PUNCT", "CCONJ", "DET", "ADP", "PART"}:
        end -= 1
    return span.doc[start:end] if end > start else None


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


STRONG_HEADS = {"model": "METHOD", "algorithm": "METHOD", "architecture": "METHOD", "method": "METHOD",
                "approach": "METHOD", "framework": "METHOD", "technique": "METHOD", "llm": "METHOD", "classifier": "METHOD",
                "task": "TASK", "problem": "TASK", "setting": "TASK", "scenario": "TASK",
                "dataset": "DATASET", "benchmark": "DATASET", "corpus": "DATASET"}
# What a task is called ("multiple-choice question answering", "weather forecasting"), unless the words are a
# capitalised name ("Connectionist Temporal Classification", "Conformal Anomaly Detection" are methods).
TASK_NOUNS = {"answering", "summarization", "translation", "captioning", "recognition", "detection", "segmentation",
              "classification", "retrieval", "forecasting"}


def strong_head_label(span: Span, named: bool = False) -> str | None:
    """The label a span's head says for certain when it is the last word: "Multimodal Large Language
    Models" is a method, "model selection problem" a task ("StarCraft II tasks" stays a dataset). In a
    `named` thing (a defined long form) the last word is the head whatever the parser says."""
    root = span[-1]
    noun = root.pos_ in {"NOUN", "PROPN"} or root.lower_ == "answering"  # tagged a verb in "question answering"
    if (root != span.root and not named) or not noun or len(span) > 1 and span[-2].text == "-" and not span[-2].whitespace_:
        return None  # "FinBERT-task" is a name
    forms = head_forms(root)
    label = next((STRONG_HEADS[form] for form in forms if form in STRONG_HEADS), None)
    if label is None and TASK_NOUNS.intersection(forms) and not is_capitalised_name(span):
        label = "TASK"
    return None if label == "TASK" and span.label_ == "DATASET" else label


def named_part(span: Span) -> Span:
    """What a span "X (SF) kind" names: X, as kg.resolve keys it ("text-to-speech (TTS) methods" are methods
    for a task, and the mention is the task's); any other span itself."""
    opening = next((t.i for t in span if t.text == "("), None)
    if opening is None or opening == span.start or span.end < 2 or span.doc[span.end - 2].text != ")":
        return span
    return Span(span.doc, span.start, opening, label=span.label_)


def is_capitalised_name(span: Span) -> bool:
    """Words that all start with a capital: "Latent Preference Coding"."""
    words = span.text.split()
    return len(words) > 1 and all(w[:1].isupper() for w in words)


def is_name(token: Token) -> bool:
    text = token.text
    return any(c.isupper() for c in text[1:]) or any(c.isdigit() for c in text) and any(c.isalpha() for c in text)


def chunk_spans(doc: Doc) -> list[Span]:
    """Noun chunks whose head says METHOD, TASK or DATASET, trimmed and not merely generic."""
    spans = []
    for chunk in doc.noun_chunks:
        label = head_label(chunk.root)
        span = trim(chunk)
        if label is None or span is None or chunk.root not in span:
            continue
        if len(span) == 1 and span.root.lemma_.lower() in GENERIC_HEADS and not is_name(span.root):
            continue
        spans.append(Span(doc, span.start, span.end, label=label))
    return spans


def in_list_of_names(token: Token) -> bool:
    """Can the token be part of a list of names: a name, a hyphen in one, or "," "and" "or" "the" "as well as"."""
    return token.lower_ in LIST_WORDS or is_name(token) or token.text == "-"


def in_list_after_cue(span: Span) -> bool:
    """Is the span in a list of names that follows "on", "across", "such as", ...?"""
    i = span.start - 1
    while i >= span.sent.start:
        token = span.doc[i]
        if token.lower_ in LIST_CUES:
            return True
        if not in_list_of_names(token):
            return False
        i -= 1
    return False


def example_of(span: Span) -> Token | None:
    """The noun a listed name is an example of: "LLMs such as GPT-4 and Llama", "models (e.g., GPT-4)",
    "benchmarks including MMLU" (the list may start with other names)."""
    doc, i = span.doc, span.start - 1
    while i > span.sent.start and (doc[i].lower_ in LIST_WORDS - {"as", "such"} or is_name(doc[i]) or doc[i].text == "-"):
        i -= 1
    if doc[i].lower_ == "as" and i > span.sent.start and doc[i - 1].lower_ == "such":
        i -= 1
    elif doc[i].lower_ not in EXAMPLE_CUES:
        return None
    i -= 1
    while i >= span.sent.start and doc[i].text in {",", "(", "such"}:
        i -= 1
    if i - 2 >= span.sent.start and doc[i].text == ")" and doc[i - 2].text == "(":  # "Models (MLLMs), such as"
        i -= 3
    return doc[i] if i >= span.sent.start and doc[i].pos_ in {"NOUN", "PROPN"} else None


def apposed(token: Token) -> list[Token]:
    """The nouns in apposition to a token, either way round ("OTTER, a novel VLA architecture")."""
    return ([token.head] if token.dep_ == "appos" else []) + [c for c in token.children if c.dep_ == "appos"]


def name_label(span: Span) -> str | None:
    """The label a name's syntax gives it for certain, or None when nothing says."""
    root = span.root
    # "OTTER, a novel VLA architecture": the noun in apposition.
    for other in apposed(root):
        if head_label(other):
            return head_label(other)
    # "LLMs such as GPT-4": the noun it is an example of (not "tasks like MNLI": a named task is a benchmark).
    if (noun := example_of(span)) is not None and (label := head_label(noun)) in {"METHOD", "DATASET"}:
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


def is_listed_for_evaluation(span: Span) -> bool:
    """"experiments on CIFAR-10 and ImageNet": a name listed after "on" where the sentence evaluates; a
    dataset, most likely, but not for certain ("based on BERT")."""
    return in_list_after_cue(span) and any(t.lemma_.lower() in EVALUATION_WORDS for t in span.sent)


def is_compared_or_evaluated(token: Token) -> bool:
    """Is the token what a sentence compares or evaluates: "GRAMA outperforms ResNet", "LoRA achieves
    higher accuracy", "compared to DoRA", "we evaluate GRAMA on ...", and what is listed with it."""
    while token.dep_ == "conj":  # "outperforms DoRA and QLoRA"
        token = token.head
    verb = token.head
    if token.dep_ in {"nsubj", "dobj", "nsubjpass"} and verb.lemma_ in BEAT_VERBS:
        return True
    if token.dep_ == "nsubj" and verb.lemma_ in SCORING_VERBS:
        return True
    if token.dep_ in {"dobj", "nsubjpass"} and verb.lemma_ in EVALUATE_VERBS:
        return True
    return token.dep_ == "pobj" and verb.lower_ in {"to", "with"} and verb.head.lemma_ == "compare"


def is_generic(span: Span) -> bool:
    """A phrase that refers back instead of naming: "this paper", "our method", "the task",
    "existing approaches" (a bare "classifier" is kept: SciERC counts it, and measuring said so)."""
    kept = trim(span)
    if kept is None:
        return True
    referring = span[0].pos_ in {"DET", "PRON"} or span[0].lower_ in REFERRING_WORDS
    return referring and len(kept) == 1 and kept.root.lemma_.lower() in GENERIC_HEADS and not is_name(kept.root)


INTEREST_VERBS = {"attract", "receive", "gain", "garner", "draw", "pay", "get", "spur", "deserve", "devote",
                  "give", "bring", "warrant", "merit", "shift", "turn", "direct", "focus"}


def is_interest(span: Span) -> bool:
    """"has attracted considerable attention", "little attention has been paid": interest, not the
    attention mechanism."""
    root = span.root
    return root.lemma_.lower() == "attention" and root.dep_ in {"dobj", "nsubjpass", "nsubj"} and root.head.lemma_.lower() in INTEREST_VERBS


def is_name_like(token: Token) -> bool:
    """A token of a name as lists of datasets spell them: "Pascal", "-", "Part-116"."""
    return is_name(token) or token.pos_ == "PROPN" or token.text == "-"


def noun_after_names(span: Span, is_head: Callable[[Token], bool], in_list: Callable[[Token], bool]) -> Token | None:
    """The word `is_head` accepts that ends a list of names starting with the span (a name itself), where every
    word between is part of such a list (or `in_list`); None when the list ends first."""
    if not all(is_name_like(t) for t in span):
        return None
    for token in span.doc[span.end : span.sent.end]:
        if is_head(token):
            return token
        if not (in_list_of_names(token) or token.pos_ == "PROPN" or in_list(token)):  # "Pascal" of "Pascal-Part-116"
            return None
    return None


def precedes_dataset_head(span: Span) -> bool:
    """"X dataset", and each name of "the Pascal-Part-116, ADE20K-Part-234 and PartImageNet datasets"
    (not "GPT-4 and Claude benchmark scores", where the dataset word modifies another noun, nor the task of
    "dialogue segmentation datasets")."""
    doc = span.doc
    if span.end < len(doc) and doc[span.end].lemma_.lower() in DATASET_HEADS:
        return any(not t.is_lower for t in span)
    head = noun_after_names(span, lambda t: t.lemma_.lower() in DATASET_HEADS, lambda t: False)
    return head is not None and head.dep_ != "compound" and doc[head.i - 1].text != "-"


MODEL_HEADS = {"model", "llm", "family", "series", "backbone"}


def precedes_model_head(span: Span) -> bool:
    """Each name of "the Llama, Qwen and Gemma model families" or "Llama 3 and Mistral models": models, however
    the sentence evaluates on them."""
    return noun_after_names(span, lambda t: bool(MODEL_HEADS.intersection(head_forms(t))), lambda t: t.is_title or t.like_num) is not None


HARDWARE = {"gpu", "gpus", "cpu", "cpus", "tpu", "tpus", "npu", "npus", "fpga", "fpgas", "ram", "ssd", "ssds"}


# A kind of data named alone ("images, audio, and video", "trained on natural language") is no dataset.
MODALITIES = {"audio", "image", "images", "video", "videos", "text", "texts", "speech", "natural language", "language"}


def names_none(span: Span) -> bool:
    """A phrase that is no method, task or dataset: interest ("has attracted attention"), a code address
    ("https://github.com/..."), hardware ("GPUs", "an A100 GPU"), a kind of data ("audio")."""
    return (is_interest(span) or any(t.like_url for t in span) or span.root.lower_ in HARDWARE
            or span.text.lower() in MODALITIES)


def dataset_cue(span: Span, certain: str | None = None) -> bool:
    """Does the text call the span a dataset: "X dataset", "the X and Y benchmarks", "experiments on X"?
    The last cue is a guess that a name's `certain` label ("models including GPT-4o") outweighs."""
    if precedes_dataset_head(span):
        return True
    if span.root.lemma_.lower() in DATASET_HEADS:
        return True
    return certain is None and all(is_name(t) or t.text == "-" for t in span) and is_listed_for_evaluation(span)


def without_dataset_head(span: Span) -> Span:
    """"the ImageNet benchmark" names ImageNet: a name's "dataset" or "benchmark" is its cue, not part of it."""
    if len(span) > 1 and span[-1].lemma_.lower() in DATASET_HEADS and all(is_name(t) or t.text == "-" for t in span[:-1]):
        return Span(span.doc, span.start, span.end - 1, label="DATASET")
    return span


ENUMERATOR = re.compile(r"^([ivx]+|[a-h]|[0-9])$")
EDGE_PUNCT = {"(", ")", "[", "]", "-", ",", ":", ";", "/", "'", '"'}
OPENING, CLOSING = {"(", "["}, {")", "]"}
# Edge punctuation and the conjunctions of "gating and", as lower-case words: spaCy tags the "n" of "n-gram"
# CCONJ, and "OR-Bench" is a name.
EDGE_WORDS = EDGE_PUNCT | {"and", "or"}
DANGLING_POS = {"ADP", "DET"}  # "inference of"
DANGLING_PRONOUNS = {"it", "them", "they", "us", "we"}  # "fine-tuning them" (but "Gemma-2-9b-it")


DASHES = {"-", "--", "—", "–"}


def is_dash(token: Token) -> bool:
    """A dash between phrases ("constraints - non-negative firing", "RL -- policy", "membership—i.e."), not
    one that joins words ("Runge–Kutta", "Lomb--Scargle", "teacher–student")."""
    doc = token.doc
    spaced = token.i > 0 and bool(doc[token.i - 1].whitespace_) and bool(token.whitespace_)
    return token.text == "—" or token.text in DASHES and spaced


def tidy(span: Span) -> Span | None:
    """Without punctuation, a conjunction or a preposition at its edges or a bracket left open:
    "machine learning (" -> "machine learning", "graph) neural network" -> "neural network",
    "2] dataset" -> "dataset", "inference of" -> "inference", "fine-tuning them" -> "fine-tuning", and up to a
    dash: "Model Editing - PENME" -> "Model Editing"."""
    start, end = span.start, span.end
    doc = span.doc
    end = next((t.i for t in span[1:] if is_dash(t)), end)  # "RL -- policy evaluation" -> "RL"
    while True:
        if end - start > 3 and doc[start].text == "(" and doc[start + 2].text == ")" and ENUMERATOR.match(doc[start + 1].text):
            start += 3  # "(ii) high quality translation"
        while start < end and doc[start].text in EDGE_WORDS:
            start += 1
        while end > start and (doc[end - 1].text in EDGE_WORDS or doc[end - 1].pos_ in DANGLING_POS
                               or end - start > 1 and doc[end - 1].text in DANGLING_PRONOUNS and doc[end - 2].whitespace_):
            end -= 1
        depth, cut = 0, None
        for token in doc[start:end]:
            depth += token.text in OPENING
            depth -= token.text in CLOSING
            if depth < 0:  # a ")" opened before the span: keep what follows it
                start, cut = token.i + 1, True
                break
        else:
            if depth > 0:  # an "(" never closed: keep what precedes the last one
                end, cut = max(t.i for t in doc[start:end] if t.text in OPENING), True
        if not cut:
            return Span(doc, start, end, label=span.label_) if end > start else None


def whole_words(span: Span) -> Span:
    """The span widened to whole words where the tokenizer split one: "GSM8K" is read as "GSM8" + "K",
    and a name is not cut there (hyphens, quotes and other punctuation still end a span: "GNN-based",
    'auxiliary "drafter" model')."""
    doc, start, end = span.doc, span.start, span.end
    while end < len(doc) and not doc[end - 1].whitespace_ and doc[end - 1].text[-1].isalnum() and doc[end].text.isalnum():
        end += 1
    while start > 0 and not doc[start - 1].whitespace_ and doc[start].text[0].isalnum() and doc[start - 1].text.isalnum():
        start -= 1
    while start > 1 and doc[start - 1].text == "-" and not doc[start - 2].whitespace_ and not doc[start - 1].whitespace_ \
            and is_name(doc[start]) and doc[start - 2].text[:1].isupper() and doc[start - 2].text.isalnum():
        start -= 2  # a name's capitalised prefix: "Ex-VAD", "R-AdaZO"
    return span if (start, end) == (span.start, span.end) else Span(doc, start, end, label=span.label_)


def cut_at_verb(span: Span) -> Span | None:
    """The span up to its first verb: "SDP generalizes" -> "SDP" (hyphenated words stay whole)."""
    for token in span[1:]:
        hyphenated = token.i > 0 and token.doc[token.i - 1].text == "-" or token.text == "-"
        if token.pos_ in {"VERB", "AUX"} and not hyphenated and token.tag_ not in {"VBN", "VBG"}:
            return Span(span.doc, span.start, token.i, label=span.label_)
    return span


def modifies_next(span: Span, taken: list[Span]) -> bool:
    """A lower-case modifier the model cut off the mention it modifies: "next-generation" of
    "next-generation LLMs", "pre-trained" of "a pre-trained LLM", "ridgeless" of "ridgeless, high-dimensional
    regression" (names stay: "GPT-4 embeddings")."""
    root = span.root
    if root.dep_ not in {"amod", "compound"} or span[-1].lower_.endswith("ing") or any(is_name(t) or t.pos_ == "PROPN" for t in span):
        return False  # "fine-tuning LLMs" is the act of fine-tuning
    if len(words(span)) > 1 and any(t.pos_ == "NOUN" for t in span):  # "a pre-trained language model BERT"
        return False
    head = root.head
    return head.i >= span.end and (is_name(head) or head.pos_ == "PROPN" or any(t.start <= head.i < t.end for t in taken))


def overlaps_any(span: Span, taken: list[Span]) -> bool:
    return any(span.start < t.end and t.start < span.end for t in taken)


@Language.factory(
    "kg_terms",
    default_config={"use_model": True, "rule_chunks": True, "rule_names": True, "dataset_cues": True,
                    "generic_filter": True, "cut_verbs": True, "syntax_labels": True, "strong_heads": True},
)
def make_term_finder(
    nlp: Language, name: str, use_model: bool, rule_chunks: bool, rule_names: bool, dataset_cues: bool,
    generic_filter: bool, cut_verbs: bool, syntax_labels: bool, strong_heads: bool,
) -> "TermFinder":
    return TermFinder(nlp, use_model, rule_chunks, rule_names, dataset_cues, generic_filter, cut_verbs, syntax_labels, strong_heads)


class TermFinder:
    """Writes labelled, non-overlapping spans to `doc.spans[SPAN_KEY]`.

    The trained NER's entities (`doc.ents`) come first; rules add what it missed (noun chunks with
    a telling head, names in telling syntax), drop generic phrases and apply dataset cues. Each
    step is a switch so that its effect can be measured (`kg eval`).
    """

    def __init__(self, nlp: Language, use_model: bool = True, rule_chunks: bool = True, rule_names: bool = True,
                 dataset_cues: bool = True, generic_filter: bool = True, cut_verbs: bool = True,
                 syntax_labels: bool = True, strong_heads: bool = True) -> None:
        self.use_model = use_model
        self.strong_heads = strong_heads
        self.cut_verbs = cut_verbs
        self.syntax_labels = syntax_labels
        self.rule_chunks = rule_chunks
        self.rule_names = rule_names
        self.dataset_cues = dataset_cues
        self.generic_filter = generic_filter
        self.matcher = Matcher(nlp.vocab)
        self.matcher.add("NAME", NAME_PATTERNS, greedy="LONGEST")

    def __call__(self, doc: Doc) -> Doc:
        spans = [e for e in doc.ents if e.label_ in LABELS] if self.use_model else []
        if self.cut_verbs:
            spans = [cut for cut in map(cut_at_verb, spans) if cut is not None]
        if self.generic_filter:
            spans = [s for s in spans if not is_generic(s)]
        if self.strong_heads:
            spans = [Span(doc, s.start, s.end, label=label) if (label := strong_head_label(named_part(s))) not in (None, s.label_) else s for s in spans]
        told: dict[str, str] = {}  # name -> the label its syntax gives it somewhere in the abstract
        if self.rule_names:
            for _, start, end in self.matcher(doc):
                name = doc[start:end]
                certain = name_label(name)
                label = certain or ("DATASET" if dataset_cue(name) else None)
                if label and not overlaps_any(name, spans):
                    spans.append(Span(doc, start, end, label=label))
                if certain:
                    told.setdefault(name.text, certain)
            if self.syntax_labels:  # "OTTER, a novel VLA architecture": OTTER is a method throughout
                for span in spans:  # the model's names too: "Llama" of "the Llama and Qwen model families"
                    if precedes_model_head(span):
                        told.setdefault(span.text, "METHOD")
                spans = [Span(doc, s.start, s.end, label=told[s.text]) if told.get(s.text, s.label_) != s.label_ else s for s in spans]
        if self.rule_chunks:
            spans += [c for c in chunk_spans(doc) if not overlaps_any(c, spans)]
        if self.dataset_cues:
            spans = [Span(doc, s.start, s.end, label="DATASET") if s.label_ != "DATASET" and dataset_cue(s, told.get(s.text)) else s for s in spans]
            spans = list(map(without_dataset_head, spans))
        if self.generic_filter:
            spans = [s for s in spans if not names_none(s) and not modifies_next(s, spans)]
        doc.spans[SPAN_KEY] = filter_spans([t for t in map(tidy, map(whole_words, spans)) if t is not None])
        return doc
