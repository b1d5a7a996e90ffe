"""Entity resolution: one entity per real-world method, task or dataset across all papers.

A mention's key folds case (except in acronyms), plurals, hyphens, UK/US spelling and leading hype
words. Keys that are spellings of one name (`ImageNet` and `Imagenet`, `Tiny ImageNet` and `TinyImageNet`,
`Llama-3 8B` and `LLaMA3-8B`) are one entity. A short form defined in its own abstract ("Graph Neural
Networks (GNNs)") takes its long form's key; an undefined short form elsewhere joins that long form only
when every abstract that defines the short form agrees on it, so "SDP" stays apart when papers define it
differently. A name with a kind word after it is the name ("pruning methods" is "pruning") when the kind
fits the name's label.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Iterable, Mapping

from .hierarchy import broader_entities
from .lexicon import (
    ACTIVITY_ENDINGS,
    CONTEXT_NOUNS,
    FIELD_KINDS,
    FIELDS,
    GENERIC_NOUNS,
    IRREGULAR_PLURALS,
    ISE_EXCEPTIONS,
    JOINED_PREFIXES,
    LEADING_FILLERS,
    LETTER_SPELLINGS,
    NAMING_KINDS,
    SINGULAR_EXCEPTIONS,
    UK_US,
    VAGUE_WORDS,
    VARIANT_WORDS,
)
from .nlp.lexicon import KIND_LABELS, METRIC_NAMES, SKIPPABLE_WORDS
from .nlp.model_names import named_label
from .nlp.short_forms import find_long_form, is_acronym, is_short_form
from .records import Entity, Mention, Relation, Result
from .settings import LABEL_PRIORITY, PROPOSES, RELATIONS, SYMMETRIC_RELATIONS, USES
from .term_types import annotated_types, term_type

KEY_STRIP = ".,;:'\"`()[]{}-_"  # trimmed from both ends of a word ("_" of Markdown emphasis too)
DEFINITION_AGREEMENT = 0.8
PARENTHETICAL = re.compile(r"\s*\([^()]*\)")
NAME_SHORT_FORM_KIND = re.compile(r"^(?P<name>.*\S)\s*\((?P<short>[^()]*)\)\s+(?P<kind>[A-Za-z]+)$")  # "X (SF) method"


def us_spelling(word: str) -> str:
    if word in UK_US:
        return UK_US[word]
    if word in ISE_EXCEPTIONS or len(word) < 7 or word.endswith("wise"):  # "pointwise", "piecewise": no UK "-ise"
        return word
    for uk, us in (
        ("isation", "ization"),
        ("isations", "izations"),
        ("ised", "ized"),
        ("ising", "izing"),
        ("iser", "izer"),
        ("isers", "izers"),
        ("ise", "ize"),
    ):
        if word.endswith(uk):
            return word[: -len(uk)] + us
    return word


def singular(word: str) -> str:
    """English plural to singular for the head word of a term (rules, no dictionary)."""
    if is_acronym(word):
        return word[:-1] if len(word) > 2 and word.endswith("s") and word[-2].isupper() else word
    if word.lower() in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word.lower()]
    if word.lower() in SINGULAR_EXCEPTIONS or len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zzes")):  # "sizes" is "size", "buzzes" "buzz"
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    return word[:-1]


NAME_NUMBER_HYPHEN = re.compile(r"(?<=[A-Za-z])-(?=[0-9])")  # "CIFAR-10" = "CIFAR10", "GPT-4" = "GPT4"
SIZE_SUFFIX = re.compile(r"(?<=[0-9])[kmb](?![A-Za-z])")  # "ImageNet-1k" = "ImageNet-1K", "Llama-2-7b" = "Llama-2-7B"


@lru_cache(maxsize=1 << 18)  # a token of many names ("learning", "neural"): keys are asked for by the million
def key_words(token: str) -> tuple[str, ...]:
    """One whitespace-separated token as key words: an acronym as written ("GNN-based") but for a hyphen
    before a number ("CIFAR-10" -> "CIFAR10"); any other word lower-cased, joined after a prefix
    ("multi-modal" -> "multimodal") and split at its other hyphens ("vision-language" -> "vision",
    "language"), so that a key's words are its own key words. A size after a number is upper case
    ("ImageNet-1k" -> "ImageNet1K")."""
    token = SIZE_SUFFIX.sub(lambda size: size.group().upper(), token.strip(KEY_STRIP))
    if is_acronym(token):
        return (NAME_NUMBER_HYPHEN.sub("", token),)
    words: list[str] = []
    for part in token.lower().split("-"):
        part = part.strip(KEY_STRIP)
        if part and words and words[-1] in JOINED_PREFIXES:
            words[-1] += part
        elif part:
            words.append(part)
    return tuple(words)


def by_first_word(phrases: Iterable[tuple[str, ...]]) -> dict[str, list[tuple[str, ...]]]:
    """Phrases of key words by their first word, longest first."""
    grouped: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for phrase in sorted(set(phrases), key=len, reverse=True):
        grouped[phrase[0]].append(phrase)
    return dict(grouped)


FILLER_PHRASES = by_first_word(key_words(f) for f in LEADING_FILLERS)  # "state-of-the-art" is four key words


def leading_filler(words: list[str]) -> tuple[str, ...] | None:
    """The longest filler phrase the words start with, a word left after it."""
    phrases = FILLER_PHRASES.get(words[0], ()) if words else ()
    return next((p for p in phrases if len(words) > len(p) and tuple(words[: len(p)]) == p), None)


def drop_fillers(words: list[str]) -> list[str]:
    """Leading determiners and hype words, keeping the last word: "the so-called X" -> "X"."""
    while (phrase := leading_filler(words)) is not None:
        words = words[len(phrase) :]
    return words


@lru_cache(maxsize=1 << 18)
def spelled(word: str) -> str:
    """A key word as keys spell it: an acronym as written, any other word in US spelling."""
    return word if is_acronym(word) else us_spelling(word)


def is_defined_short_form(inner: str) -> bool:
    """What a parenthesis after a name holds when it defines a short form ("(AFM)"), not a size ("(1B)")."""
    return inner[:1].isalpha() and is_short_form(inner)


def named_part(name: str) -> str:
    """The part of an "X (SF) kind" name that names its thing: X where SF abbreviates it ("Proximal Policy
    Optimization (PPO) algorithm" names what "PPO" names), else SF ("federated learning (LBI-FL) framework"
    names LBI-FL); any other name whole ("AudioGen Large (1B) models": 1B is a size, no short form).

    >>> named_part("Reinforcement Learning (RL) paradigm")
    'Reinforcement Learning'
    """
    named = NAME_SHORT_FORM_KIND.match(name)
    if named and singular(named["kind"].lower()) in NAMING_KINDS and is_defined_short_form(named["short"]):
        return named["name"] if find_long_form(named["short"], named["name"]) is not None else named["short"]
    return name


# Asked for each mention's name, then again for each name of an entity and each phrase of a title (kg.name_index):
# at 31,700 abstracts, 233,000 names of mentions and 694,000 asks more (kg.confidence.NAME_CACHES empties it)
@lru_cache(maxsize=1 << 20)
def entity_key(name: str) -> str:
    """A mention's name folded to the key entities merge on; a key is its own key.

    Parentheses go first (with a generic kind word after one: "X (SF) method" is X, or SF where SF is no
    abbreviation of X), then words are split and lower-cased, fillers dropped, the last word made
    singular and spellings made US, in that order: each step leaves nothing for an earlier one to change.

    >>> entity_key("a novel Multi-Modal Graph Neural Networks")
    'multimodal graph neural network'
    """
    name = named_part(name)
    while PARENTHETICAL.search(name):  # innermost first: "a (b (c) d)" would leave "a (b d)" after one pass
        name = PARENTHETICAL.sub(" ", name)  # "convolutional neural networks (CNNs)": the long form's key
    tokens = name.replace("\u2010", "-").replace("\u2011", "-").split()
    words = drop_fillers([w for token in tokens for w in key_words(token)])
    if not words:
        return ""
    head, hyphen, last = words[-1].rpartition("-")  # only an acronym keeps a hyphen ("GNN-layers")
    one = singular(last)
    words[-1] = head + hyphen + (one if one == one.rstrip(KEY_STRIP) else last)  # "aa.s": not "aa."
    return " ".join(map(spelled, words))


SHORT_ACRONYM = re.compile(r"^[A-Z]{1,5}$")  # "SDP", "RL", "R": its case is all that tells it from a word
WHOLE_VERSION = re.compile(r"(?<=[0-9])\.0+(?![0-9.])")  # "AlpacaEval 2.0" is "AlpacaEval 2"; "Qwen2.5" stays
DIGIT_GAP = re.compile(r"(?<=[0-9])[^a-z0-9]+(?=[0-9])")  # "3 8b" of "llama 3 8b": two numbers, kept apart
# A parameter ("ε-optimal policy"), not part of a name ("μP") nor a variant's letter ending it ("LEVIS-α")
GREEK_APART = re.compile(r"[α-ω](?![a-z0-9])(?!$)")
NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9α-ω|+*∞]+")  # "+", "*", "∞" name a variant: "Transolver++", "R*", "GSM-∞"


def plain_letters(text: str) -> str:
    """Lower-case text with accents taken off its letters, and ligatures and other compatibility forms undone:
    "rényi" -> "renyi", "ﬁne-tuning" (a PDF's "fi") -> "fine-tuning", "ℓ1" -> "l1", "łojasiewicz" ->
    "lojasiewicz"; Greek letters stay Greek."""
    if text.isascii():
        return text
    return "".join(
        LETTER_SPELLINGS.get(c, c) for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)
    )


@lru_cache(maxsize=1 << 20)  # asked for when spellings merge, for each phrase of a key's head and for each name
def variant_key(key: str) -> str:
    """What the keys of one name's spellings share: the key lower-cased, without spaces, hyphens and other
    punctuation, a final "s" and "from"/"with" inside a long form, but with a gap between two numbers kept
    ("Llama-3 8B" and "LLaMA3-8B" -> "llama3|8b"; "Llama-2 7B" -> "llama2|7b"; "ResNets" -> "resnet"), and
    with "+" and "*" ("Transolver++" is not "Transolver", "R*" not "R") and a Greek letter inside a name or
    ending it ("μP" is not "p", "LEVIS-α" not "LEVIS-β"; "ε-optimal policy" is "optimal policy"), "∞" ("GSM-∞"
    is not "GSM"), a whole version number as the number ("AlpacaEval 2.0" and "AlpacaEval2" -> "alpacaeval2"),
    and letters without accents or ligatures ("Rényi" is "Renyi", "ℓ2" is "l2"). A short acronym (up to five
    capitals) stays as it is."""
    if SHORT_ACRONYM.match(key):
        return key
    words = plain_letters(key.lower()).split()
    words = [w for i, w in enumerate(words) if not (0 < i < len(words) - 1 and w in VARIANT_WORDS)]
    text = " ".join(words)
    text = NOT_ALPHANUMERIC.sub("", GREEK_APART.sub("", DIGIT_GAP.sub("|", WHOLE_VERSION.sub("", text))))
    return text[:-1] if len(text) > 3 and text.endswith("s") else text


def spellings_merged(keys: list[str]) -> dict[str, str]:
    """Key -> the key of its name's most used spelling (the lesser key on a tie), for every key in `keys`."""
    counts = Counter(keys)
    by_variant: dict[str, list[str]] = defaultdict(list)
    for key in counts:
        by_variant[variant_key(key)].append(key)
    merged: dict[str, str] = {}
    for spellings in by_variant.values():
        best = min(spellings, key=lambda k: (-counts[k], k))
        merged.update((k, best) for k in spellings)
    return merged


def greek_spelled(char: str) -> str:
    """A Greek letter by its name ("α" -> " alpha "); any other character beyond ASCII is no part of a slug."""
    name = unicodedata.name(char, "")
    return f" {name.split()[-1].lower()} " if name.startswith("GREEK") and char.isalpha() else " "


def slugify(key: str) -> str:
    """A key as an IRI's local name: lower case, words between hyphens, "+", "*" and "∞" spelled out ("C++" is
    "c-plus-plus", not "c"; "GSM-∞" is "gsm-infinity"), letters in ASCII ("Rényi" is "renyi", "CRATE-α" is
    "crate-alpha", not "crate", but "ε-optimal policy" is "optimal-policy"); a short acronym keeps its capitals
    ("ADAM" is not "adam")."""
    if SHORT_ACRONYM.match(key):
        return key
    text = plain_letters(key.lower()).replace("+", " plus ").replace("*", " star ").replace("∞", " infinity ")
    if not text.isascii():  # a parameter's letter goes, as variant_key drops it ("ε-optimal policy")
        text = "".join(c if c.isascii() else greek_spelled(c) for c in GREEK_APART.sub("", text))
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "entity"


SEPARATOR = re.compile(r"[\s-]")
SLUG_SHARE = 0.1


def slug_of(spellings: Counter[str]) -> str:
    """The local name of an entity's IRI, the same in builds of different corpora whichever spelling is most
    used in each: that of the spelling with the most words ("Tiny ImageNet", not "TinyImageNet"; "fine
    tuning", not "finetuning"), the lesser on a tie, among those that make a tenth of the uses at least (not
    "machine l-earning", a line break's hyphen in one abstract)."""
    common = [k for k, n in spellings.items() if n >= SLUG_SHARE * spellings.total()] or list(spellings)
    return slugify(min(common, key=lambda k: (-len(SEPARATOR.findall(k)), k)))


def deduplicated(slug: str, key: str, taken: set[str]) -> str:
    """`slug`, or, where another key of the build has it, `slug` and a hash of `key`: the same in every build."""
    if slug in taken:
        slug = f"{slug}-{hashlib.blake2b(key.encode(), digest_size=3).hexdigest()}"
    taken.add(slug)
    return slug


QUOTES = re.compile(r"[\"“”]|''")
DEFINED_SHORT_FORM = re.compile(r"\s\((?P<inner>[^()]+)\)(?=\s|$)")


def display_name(name: str) -> str:
    """A name as an entity shows it: without the quotes abstracts put around coined words
    ('"mentor" model' -> "mentor model"), which spans often cut in half."""
    return " ".join(QUOTES.sub("", name).split()) if QUOTES.search(name) else name


def without_short_forms(name: str) -> str:
    """A name without the short forms it defines, when no surface form of its entity is free of one:
    "Adaptive Flow Matching (AFM) framework" -> "Adaptive Flow Matching framework" ("AudioGen Large (1B)" and
    "(entropic) OT" keep theirs: no short form)."""

    def dropped(found: re.Match[str]) -> str:
        return " " if is_defined_short_form(found["inner"]) else found[0]

    return " ".join(DEFINED_SHORT_FORM.sub(dropped, name).split()) if "(" in name else name


def preference(name: str, count: int, spelling: bool) -> tuple:
    """Sort key for an entity's preferred name: a `spelling` of its key (a long form, not the acronym or "SF
    kind" merged into it), no parenthesis, then the most frequent, then not capitalised only because it began
    a sentence, then the shortest."""
    capitalised = name[:1].isupper() and not is_acronym(name.split()[0])
    return (not spelling, "(" in name, -count, capitalised, len(name), name)


@dataclass
class Resolution:
    entities: dict[str, Entity]  # by key
    mentions: list[Mention]  # with entity key, unified label and role
    broader: dict[str, str] = field(default_factory=dict)  # entity key -> its broader entity's key (kg.hierarchy)
    # a bare short form's entity key -> the entities papers define it as, where they disagree ("SAM")
    may_stand_for: dict[str, list[str]] = field(default_factory=dict)


def paper_definitions(
    mentions: list[Mention], keys: list[str], key_of: Callable[[str], str] = entity_key
) -> dict[tuple[str, str], str]:
    """(paper, short form key) -> the key of the long form that paper defines it as (its first definition)."""
    defined: dict[tuple[str, str], str] = {}
    for m, key in zip(mentions, keys):
        if m.long_form:
            defined.setdefault((m.paper, key_of(m.name)), key)
    return defined


def short_form_definitions(by_paper: dict[tuple[str, str], str]) -> dict[str, Counter[str]]:
    """Short form key -> the long form keys papers define it as, each paper's definition counted once."""
    defined_by: dict[str, Counter[str]] = defaultdict(Counter)
    for (_, short_form), long_form in by_paper.items():
        defined_by[short_form][long_form] += 1
    return defined_by


def acronym_expansions(defined_by: dict[str, Counter[str]]) -> dict[str, str]:
    """Acronym key -> the long form key that undefined uses of it join.

    Only where abstracts define it so, and only when they agree: the leading long form must be
    given by at least `DEFINITION_AGREEMENT` of the papers defining the acronym (200 papers define
    LLM as "large language model", 2 as "language model": LLM joins the former; one paper each
    for two "SDP"s: a bare SDP joins neither, and stands for either: `ambiguous_short_forms`).
    """
    expansions = {}
    for acronym, long_forms in defined_by.items():
        (best, count), total = long_forms.most_common(1)[0], sum(long_forms.values())
        if count >= DEFINITION_AGREEMENT * total:
            expansions[acronym] = best
    return expansions


def ambiguous_short_forms(defined_by: dict[str, Counter[str]], expansions: dict[str, str]) -> dict[str, list[str]]:
    """Acronym key -> the long form keys papers define it as, most papers first, where they disagree: what a
    bare use of it may stand for."""
    return {
        acronym: sorted(long_forms, key=lambda k: (-long_forms[k], k))
        for acronym, long_forms in defined_by.items()
        if acronym not in expansions
    }


def majority_label(labels: Counter[str]) -> str:
    """The label most mentions gave; a tie goes to the earlier of settings.LABELS."""
    return min(labels, key=lambda label: (-labels[label], LABEL_PRIORITY[label]))


def short_forms_expanded(
    mentions: list[Mention],
    keys: list[str],
    key_of: Callable[[str], str],
    by_paper: dict[tuple[str, str], str],
    expansions: dict[str, str],
) -> list[str]:
    """The keys with each short form among their words made the long form it stands for, where that is the key
    of another name of the build: "offline RL" is "offline reinforcement learning", "OOD detection" is
    "out-of-distribution detection", "T2I generation" is "text-to-image generation". A short form stands for what
    the mention's paper defines it as (`by_paper`, from `paper_definitions`), else for what the abstracts agree
    on (`expansions`); never for a new entity, nor into a count ("8B RMs" stays apart from "8B reward model",
    a count the graph leaves out)."""
    by_variant = {variant_key(key): key for key in keys}

    def stands_for(paper: str, word: str) -> str:
        short_form = key_of(word)
        return by_paper.get((paper, short_form)) or expansions.get(short_form) or word

    expanded = []
    for m, key in zip(mentions, keys):
        words = key.split()
        if len(words) > 1:  # a long form too: "Multi-Objective RL (MORL)"
            long_words = [w if w.islower() else stands_for(m.paper, w) for w in words]  # a short form keeps capitals
            long_key = " ".join(long_words)
            if (
                long_words != words
                and all(long_words)
                and len(long_key.split()) > len(words)
                and not QUANTITY.match(long_key)
            ):
                key = by_variant.get(variant_key(long_key), key)
        expanded.append(key)
    return expanded


def defined_kinds_merged(
    mentions: list[Mention], keys: list[str], key_of: Callable[[str], str], by_paper: dict[tuple[str, str], str]
) -> list[str]:
    """The keys with "SF kind" made the long form SF stands for where the mention's paper defines SF
    (`by_paper`, from `paper_definitions`: "PH methods" in a paper that defines "Persistent Homology (PH)"), or
    writes it inside one mention ("VLA models" in one that writes "Vision-Language-Action (VLA) models"): the
    paper's own word for what SF names."""
    defined = dict(by_paper)
    for m in mentions:  # a definition inside one mention, "X (SF) kind": SF is the end of X its initials start
        if not m.long_form and (named := NAME_SHORT_FORM_KIND.match(m.name)):
            if (start := find_long_form(named["short"], named["name"])) is not None:
                defined.setdefault((m.paper, key_of(named["short"])), key_of(named["name"][start:]))
    merged = []
    for m, key in zip(mentions, keys):
        words = key.split()
        if len(words) == 2 and words[1] in KIND_LABELS and is_acronym(words[0]):
            key = defined.get((m.paper, words[0]), key)
        merged.append(key)
    return merged


def kinds_merged(keys: list[str], labels: list[str], key_of_name: Callable[[str], str]) -> list[str]:
    """The keys with "X kind" made X where X is an entity whose label the kind word says and that is named
    at least as often on its own ("pruning method" -> "pruning", "VLA model" -> the VLA's long form); kept
    where X is of another kind ("reconstruction model" is no task), is named less often alone ("downstream" of
    "downstream tasks", "generative" of "generative models": modifiers), is one word that names no activity
    ("power method" is not "power"), or where "X kind" is generic."""
    by_key: dict[str, Counter[str]] = defaultdict(Counter)
    for key, label in zip(keys, labels):
        by_key[key][label] += 1
    majority = {key: majority_label(counts) for key, counts in by_key.items()}
    named = {}
    for key, counts in by_key.items():
        *words, kind = key.split() or [""]
        if words and kind in KIND_LABELS and not is_generic_key(key):
            if len(words) == 1 and not is_acronym(words[0]) and not words[0].endswith(ACTIVITY_ENDINGS):
                continue  # "power method", "sparse models", "direct method": a modifier, not the thing
            base = key_of_name(" ".join(words))
            alone = by_key.get(base)
            if base != key and alone and majority[base] == KIND_LABELS[kind] and alone.total() >= counts.total():
                named[key] = base
    return [named.get(key, key) for key in keys]


def contexts_merged(keys: list[str], key_of_name: Callable[[str], str]) -> list[str]:
    """The keys with "X context" made X where X is named on its own too ("causal inference literature" ->
    "causal inference", whatever the label of either): where a name is used says nothing of what it is. X of one
    word must be an acronym or name an activity ("privacy setting" is no privacy)."""
    named = set(keys)
    merged = []
    for key in keys:
        *words, last = key.split() or [""]
        if (
            words
            and last in CONTEXT_NOUNS
            and (len(words) > 1 or is_acronym(words[0]) or words[0].endswith(ACTIVITY_ENDINGS))
        ):
            base = key_of_name(" ".join(words))
            key = base if base in named else key
        merged.append(key)
    return merged


def is_field(name: str) -> bool:
    """A field of research, or its models or methods: "machine learning", "deep learning models", "NLP tasks".
    Abstracts name fields as context ("a central problem in machine learning"); what a researcher lists is the
    problem a paper studies in one ("medical image segmentation")."""
    words = name.lower().split()
    if len(words) > 1 and words[-1].rstrip("s") in FIELD_KINDS:
        words = words[:-1]
    return " ".join(words) in FIELDS


def is_generic_key(key: str) -> bool:
    """A key too vague to be a node of its own ("downstream task", "real world dataset", "theoretical
    analysis", "training"): a generic noun with nothing but vague words before it. The extractor
    keeps such spans (benchmarks count them); the graph leaves them out."""
    words = key.split()
    return words[-1] in GENERIC_NOUNS and all(w in VAGUE_WORDS for w in words[:-1])


QUANTITY = re.compile(r"\d+(?:[.,]\d+)?(?:%|[kKMB]|x|×)? [a-z]")  # "15 models", "1% accuracy loss", "3B models"


def is_number_phrase(names: Iterable[str]) -> bool:
    """An entity every name of which begins with a quantity: "15 models", "50% pruning", "36k graph-structured
    tasks", "3B parameter models" are counts and results, not things ("4-bit quantization", "3D segmentation",
    "2d Ising model" are)."""
    return all(QUANTITY.match(name) for name in names)


def is_no_node(key: str, label: str, names: Iterable[str], written_as_a_name: bool) -> bool:
    """What a researcher would not list, whatever the paper: a function word, a generic phrase, a field of
    research used as context, a metric, a count or result, a dataset never written as a name ("tabular
    datasets", "in-context examples" describe data)."""
    names = list(names)
    return (
        not key
        or key in SKIPPABLE_WORDS  # ".With" of "MDPs).With the new sets", read as one word
        or is_generic_key(key)
        or any(is_field(n) for n in names)
        or all(n in METRIC_NAMES for n in names)
        or is_number_phrase(names)
        or label == "DATASET"
        and not written_as_a_name
    )


@lru_cache(maxsize=1 << 18)  # asked for each word of each mention
def is_name_word(word: str) -> bool:
    """A word only a name is spelled with: a capital after the first letter, or a digit ("BERT", "GPT-4")."""
    return any(c.isupper() for c in word[1:]) or any(c.isdigit() for c in word)


def mid_sentence_capital(m: Mention) -> bool:
    """A capital where the sentence does not put one: "Neural Tangent Kernel", not "Graphs are ..."."""
    return m.name[:1].isupper() and not m.sentence.startswith(m.name)


def written_as_a_name(m: Mention) -> bool:
    """A mention spelled as only a name is: a digit, a capital inside a word, a word after the first with a
    capital, or a capital where the sentence puts none ("CIFAR-10", "Penn Treebank", "the Pile", "Atari games";
    not "tabular datasets", nor "Natural images" at the start of a sentence). A short form defined in its paper
    is as much a name as its long form ("ARC" for "Abstraction and Reasoning Corpus", but not "NL" for "natural
    language descriptions")."""
    if m.long_form:
        words = m.long_form.split()
        return any(is_name_word(w) for w in words) or any(w[:1].isupper() for w in words[1:])
    words = m.name.split()
    return any(is_name_word(w) for w in words) or any(w[:1].isupper() for w in words[1:]) or mid_sentence_capital(m)


def proposes_its_entity(named_key: str, key: str) -> bool:
    """Does a proposed mention propose the entity it joins? Not a term it names a kind or a context of: "a new
    FL framework named QSFL" proposes QSFL, not federated learning; "the PAK-UCB algorithm" proposes PAK-UCB."""
    return named_key == key or any(is_name_word(w) for w in key.split())


def resolve(mentions: list[Mention], term_types: Mapping[str, str] | None = None) -> Resolution:
    """Merge mentions into entities; each returned mention names its entity by key. An entity's label is the
    one researchers give its term (`term_types`, by default kg/data/term_types.json), else the one most of its
    mentions give, unless its names say what it is (kg.nlp.model_names)."""
    types = annotated_types() if term_types is None else term_types
    types_by_spelling = {variant_key(key): label for key, label in types.items()}  # "fine tuning" is "finetuning"
    named = [entity_key(m.long_form or m.name) for m in mentions]
    spelled = spellings_merged(named)

    def canonical(name: str) -> str:
        key = entity_key(name)
        return spelled.get(key, key)

    keys = [spelled[key] for key in named]
    by_paper = paper_definitions(mentions, keys, canonical)
    definitions = short_form_definitions(by_paper)
    expansions = acronym_expansions(definitions)
    keys = [key if m.long_form else expansions.get(key, key) for m, key in zip(mentions, keys)]

    def entity_of(key: str) -> str:
        """The entity an undefined name's key joins: its most used spelling, or the long form it stands for."""
        key = spelled.get(key, key)
        return expansions.get(key, key)

    as_named = keys  # before kinds and contexts join a name's key to another ("FL framework" -> federated learning)
    keys = defined_kinds_merged(mentions, keys, canonical, by_paper)
    unkinded = keys
    keys = contexts_merged(kinds_merged(keys, [m.label for m in mentions], entity_of), entity_of)
    as_named = short_forms_expanded(mentions, as_named, canonical, by_paper, expansions)
    keys = short_forms_expanded(mentions, keys, canonical, by_paper, expansions)
    labels: dict[str, Counter[str]] = defaultdict(Counter)
    names: dict[str, Counter[str]] = defaultdict(Counter)
    papers: dict[str, set[str]] = defaultdict(set)
    proposed: set[tuple[str, str]] = set()
    written_as_names: set[str] = set()  # keys some mention of which is written as a name
    for m, named_key, key in zip(mentions, as_named, keys):
        if key not in written_as_names and written_as_a_name(m):
            written_as_names.add(key)
        labels[key][m.label] += 1
        names[key][display_name(m.name)] += 1
        papers[key].add(m.paper)
        if m.role == PROPOSES and proposes_its_entity(named_key, key):
            proposed.add((m.paper, key))
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    for key in named:
        spellings[spelled[key]][key] += 1
    entities: dict[str, Entity] = {}
    slugs: set[str] = set()
    for key in sorted(labels):
        written = key in written_as_names
        label = named_label(
            term_type(key, types_by_spelling, written, variant_key) or majority_label(labels[key]), names[key]
        )
        if is_no_node(key, label, names[key], written):
            continue
        surface = names[key]
        spelled_as = variant_key(key)
        name = without_short_forms(
            named_part(min(surface, key=lambda n: preference(n, surface[n], variant_key(entity_key(n)) == spelled_as)))
        )
        slug = deduplicated(slug_of(spellings.get(key) or Counter([key])), key, slugs)
        entities[key] = Entity(
            key=key,
            label=label,
            name=name,
            aliases=tuple(sorted(a for a in surface if a != name)),
            papers=tuple(sorted(papers[key])),
            slug=slug,
            mention_count=labels[key].total(),
            type_evidence=labels[key][label],
        )
    joined = {before: after for before, after in zip(unkinded, keys) if after in entities}  # "X model" -> X
    by_variant = {variant_key(key): best for key, best in spelled.items()}

    def entity_named(phrase: str) -> str | None:
        """The entity a phrase of a key's words names, if any: by its spelling (plural or not), long form or
        kind-less name."""
        key = by_variant.get(variant_key(phrase), phrase)  # a short form always defined is no key: expanded below
        key = expansions.get(key, key)
        return key if key in entities else joined.get(key)

    resolved = [
        m.resolved(key, entities[key].label, PROPOSES if (m.paper, key) in proposed else USES)
        for m, key in zip(mentions, keys)
        if key in entities
    ]
    may_stand_for: dict[str, list[str]] = {}
    for acronym, long_forms in ambiguous_short_forms(definitions, expansions).items():
        bare = spelled.get(acronym, acronym)
        found = [k for k in dict.fromkeys(entity_named(k) for k in long_forms) if k is not None and k != bare]
        if bare in entities and len(found) > 1:
            may_stand_for[bare] = found
    return Resolution(
        entities=entities,
        mentions=resolved,
        broader=broader_entities(entities, entity_named),
        may_stand_for=may_stand_for,
    )


def names_one_in_other(a: str, b: str) -> bool:
    """Does one name hold the other's words: "LoRA" and "standalone LoRA models" (no comparison of the two)."""
    words_a, words_b = a.lower().split(), b.lower().split()
    short, long = sorted((words_a, words_b), key=len)
    return any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1))


def place(m: Mention) -> tuple[str, bool, int, int]:
    """Where a mention is: its paper, whether in the title, its offsets there (a title's and an abstract's
    mentions may share offsets)."""
    return m.paper, m.in_title, m.start, m.end


def resolve_relations(relations: list[Relation], resolution: Resolution) -> list[Relation]:
    """Relations between entities: each end names its entity by key. A relation is dropped where an
    end did not become an entity, where the entities' types do not fit it (an entity takes the label
    most of its mentions got), where both ends are one entity or, for a comparison, one end's name holds the
    other's; a symmetric one puts the lesser key first."""
    keys = {place(m): m for m in resolution.mentions}
    resolved = []
    for r in relations:
        head, tail = keys.get(place(r.head)), keys.get(place(r.tail))
        if (
            head is None
            or tail is None
            or head.entity == tail.entity
            or (head.label, tail.label) != RELATIONS[r.relation]
            or r.relation in SYMMETRIC_RELATIONS
            and names_one_in_other(head.name, tail.name)
        ):
            continue
        if r.relation in SYMMETRIC_RELATIONS and tail.entity < head.entity:
            head, tail = tail, head
        resolved.append(replace(r, head=head, tail=tail))
    return resolved


def resolve_results(results: list[Result], resolution: Resolution) -> list[Result]:
    """Results whose mentions name their entities by key. A result is dropped where its method, named in the
    abstract, did not become a method entity (one its title names is then left out, as one the paper does not
    name); a dataset or task that did not become one of those, or a baseline that is no other method, is left out
    of it (its sentence still says what it was)."""
    keys = {place(m): m for m in resolution.mentions}

    def resolved(m: Mention | None, labels: tuple[str, ...]) -> Mention | None:
        found = keys.get(place(m)) if m is not None else None
        return found if found is not None and found.label in labels else None

    kept = []
    for r in results:
        method = resolved(r.method, ("METHOD",))
        if r.method is not None and method is None and not r.method.in_title:
            continue
        baseline = resolved(r.baseline, ("METHOD",))
        if baseline is not None and method is not None and baseline.entity == method.entity:
            baseline = None
        kept.append(replace(r, method=method, target=resolved(r.target, ("DATASET", "TASK")), baseline=baseline))
    return kept
