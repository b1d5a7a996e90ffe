"""Rule-based METHOD / TASK / DATASET spans: noun chunks labelled by their head word, and names.

Noun chunks are labelled by the lemma of their head ("graph neural network" -> METHOD,
"image classification" -> TASK, "ImageNet benchmark" -> DATASET) once determiners and hype
words are trimmed; a chunk that is only a generic head ("the model") is dropped. Names (OTTER,
CIFAR-10, GL-LowPopArt) found by a Matcher take the label their syntax gives them: the noun they
are in apposition to, "a method called X", "experiments on X".
"""

from __future__ import annotations

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span, Token
from spacy.util import filter_spans

from ..settings import SPAN_KEY

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
    "operator", "transform", "mixture", "ensemble", "gnn", "vlm",
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
    "sophisticated", "emerging", "innovative", "generic", "simple", "naive", "vanilla",
}
TRIM_POS = {"DET", "PRON", "NUM", "ADV", "CCONJ", "PUNCT", "PART", "ADP", "SCONJ", "AUX", "SYM"}
CALLING_VERBS = {"call", "name", "dub", "term", "coin"}
EVALUATION_WORDS = {
    "experiment", "evaluation", "evaluate", "result", "test", "benchmark", "dataset", "perform",
    "performance", "train", "outperform", "achieve", "accuracy", "study", "show", "demonstrate",
    "conduct", "improvement", "gain", "score",
}
# A name: starts with a letter, and has two capitals or a digit (OTTER, ImageNet, CIFAR-10, LLaMA-2).
NAME_TOKEN = r"^(?=[A-Za-z][A-Za-z0-9-]*$)(?=(?:.*[A-Z]){2}|.*[0-9])"
NAME_PATTERNS = [
    [{"TEXT": {"REGEX": NAME_TOKEN}}],
    [{"TEXT": {"REGEX": NAME_TOKEN}}, {"TEXT": "-"}, {"TEXT": {"REGEX": r"^[A-Za-z0-9]+$"}}],  # GL-LowPopArt
]
LIST_WORDS = {",", "and", "or", "the", "as", "well"}
LIST_CUES = {"on", "across", "over", "including", "like", "such"}


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


def head_label(token: Token) -> str | None:
    """The label a noun's lemma gives a span it heads."""
    lemma = token.lemma_.lower()
    text = token.lower_
    if lemma in DATASET_HEADS or text in DATASET_HEADS:
        return "DATASET"
    if lemma in TASK_HEADS or text in TASK_HEADS:
        return "TASK"
    if lemma in METHOD_HEADS or text in METHOD_HEADS:
        return "METHOD"
    return None


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


def in_list_after_cue(span: Span) -> bool:
    """Is the span in a list of names that follows "on", "across", "such as", ...?"""
    i = span.start - 1
    while i >= span.sent.start:
        token = span.doc[i]
        if token.lower_ in LIST_CUES:
            return True
        if token.lower_ not in LIST_WORDS and not is_name(token) and token.text != "-":
            return False
        i -= 1
    return False


def name_label(span: Span) -> str | None:
    """The label a name's syntax gives it, or None when nothing says."""
    root = span.root
    # "OTTER, a novel VLA architecture": the noun in apposition.
    for other in [root.head] if root.dep_ == "appos" else []:
        if head_label(other):
            return head_label(other)
    for child in root.children:
        if child.dep_ == "appos" and head_label(child):
            return head_label(child)
    # "a method called X": the noun the participle attaches to.
    if root.dep_ in {"oprd", "dobj", "attr"} and root.head.lemma_ in CALLING_VERBS and head_label(root.head.head):
        return head_label(root.head.head)
    # "experiments on CIFAR-10 and ImageNet": names listed after "on" where the sentence evaluates.
    if in_list_after_cue(span) and any(t.lemma_.lower() in EVALUATION_WORDS for t in span.sent):
        return "DATASET"
    # "we propose OTTER": the object of a proposal verb is a method unless said otherwise.
    if root.dep_ in {"dobj", "nsubjpass"} and root.head.lemma_ in {"propose", "introduce", "present", "develop"}:
        return "METHOD"
    return None


@Language.factory("kg_terms")
def make_term_finder(nlp: Language, name: str) -> "TermFinder":
    return TermFinder(nlp)


class TermFinder:
    """Writes labelled, non-overlapping candidate spans to `doc.spans[SPAN_KEY]`."""

    def __init__(self, nlp: Language) -> None:
        self.matcher = Matcher(nlp.vocab)
        self.matcher.add("NAME", NAME_PATTERNS, greedy="LONGEST")

    def __call__(self, doc: Doc) -> Doc:
        spans = chunk_spans(doc)
        for _, start, end in self.matcher(doc):
            name = doc[start:end]
            label = name_label(name)
            if label:
                spans.append(Span(doc, start, end, label=label))
        doc.spans[SPAN_KEY] = filter_spans(spans)
        return doc
