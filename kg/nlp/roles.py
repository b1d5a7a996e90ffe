"""Proposal cues: which spans the paper itself proposes ("we propose X", "X, a novel Y", "our X", "a Y dubbed X").

Sets `doc._.proposed` to the sorted [start, end] token offsets of those spans in `doc.spans[SPAN_KEY]`;
every other span is something the paper uses. A proposed name the model read as a task becomes a method
unless something says task ("we propose SENSEI" but "FooTask, a new task").
"""

from __future__ import annotations

from spacy.language import Language
from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc, Span, Token

from ..settings import SPAN_KEY
from .labels import apposed, strong_head_label
from .lexicon import (
    AUTHOR_NAMING_VERBS,
    AUTHOR_SUBJECTS,
    CALLING_VERBS,
    COINING_VERBS,
    EARLIER_WORK_WORDS,
    GROUP_NOUNS,
    NAMING_WORDS,
    OWN_THING_WORDS,
    PROPOSAL_VERBS,
    PROPOSED_DETERMINERS,
    REFERRED_AS,
    STRONG_HEADS,
)
from .spans import is_capitalised_name, is_name


def author_subject(verb: str) -> dict:
    """A DependencyMatcher node: the subject of `verb` is the authors ("we", "this paper")."""
    return {
        "LEFT_ID": verb,
        "REL_OP": ">",
        "RIGHT_ID": "subject",
        "RIGHT_ATTRS": {"DEP": "nsubj", "LOWER": {"IN": AUTHOR_SUBJECTS}},
    }


PATTERNS = {
    # "we propose X", "this paper introduces X"
    "PROPOSE": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"LEMMA": {"IN": PROPOSAL_VERBS}}},
        author_subject("verb"),
        {
            "LEFT_ID": "verb",
            "REL_OP": ">",
            "RIGHT_ID": "object",
            "RIGHT_ATTRS": {"DEP": {"IN": ["dobj", "attr", "oprd"]}},
        },
    ],
    # "we address this limitation by introducing X": the means by which the authors do what they say
    "BY_PROPOSING": [
        {"RIGHT_ID": "main", "RIGHT_ATTRS": {"POS": {"IN": ["VERB", "AUX"]}}},
        author_subject("main"),
        {"LEFT_ID": "main", "REL_OP": ">", "RIGHT_ID": "by", "RIGHT_ATTRS": {"DEP": "prep", "LOWER": "by"}},
        {
            "LEFT_ID": "by",
            "REL_OP": ">",
            "RIGHT_ID": "verb",
            "RIGHT_ATTRS": {"DEP": "pcomp", "LEMMA": {"IN": PROPOSAL_VERBS}, "TAG": "VBG"},
        },
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "object", "RIGHT_ATTRS": {"DEP": "dobj"}},
    ],
    # "a new benchmark is introduced"
    "PROPOSED": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"LEMMA": {"IN": PROPOSAL_VERBS}, "TAG": "VBN"}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "object", "RIGHT_ATTRS": {"DEP": "nsubjpass"}},
    ],
    # "OTTER, a novel VLA architecture"
    "NOVEL": [
        {"RIGHT_ID": "object", "RIGHT_ATTRS": {"POS": {"IN": ["NOUN", "PROPN"]}}},
        {
            "LEFT_ID": "object",
            "REL_OP": ">",
            "RIGHT_ID": "cue",
            "RIGHT_ATTRS": {"DEP": "amod", "LOWER": {"IN": ["novel", "new"]}},
        },
    ],
    # "an approach tailored for score distillation, dubbed ReDream": a name given to something by the authors
    # (a name only: "the so-called ID problem", "a technique called dropout" are others')
    "CALLED": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"LEMMA": {"IN": sorted(CALLING_VERBS)}, "DEP": "acl"}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "object", "RIGHT_ATTRS": {"DEP": "oprd"}},
    ],
    # "our main contribution is X"
    "CONTRIBUTION": [
        {"RIGHT_ID": "verb", "RIGHT_ATTRS": {"LEMMA": "be"}},
        {
            "LEFT_ID": "verb",
            "REL_OP": ">",
            "RIGHT_ID": "subject",
            "RIGHT_ATTRS": {"DEP": "nsubj", "LEMMA": "contribution"},
        },
        {"LEFT_ID": "subject", "REL_OP": ">", "RIGHT_ID": "our", "RIGHT_ATTRS": {"DEP": "poss", "LOWER": "our"}},
        {"LEFT_ID": "verb", "REL_OP": ">", "RIGHT_ID": "object", "RIGHT_ATTRS": {"DEP": "attr"}},
    ],
    # "our GL-LowPopArt"
    "OUR": [
        {"RIGHT_ID": "object", "RIGHT_ATTRS": {"POS": {"IN": ["NOUN", "PROPN"]}}},
        {"LEFT_ID": "object", "REL_OP": ">", "RIGHT_ID": "cue", "RIGHT_ATTRS": {"DEP": "poss", "LOWER": "our"}},
    ],
}
ACTIVE_VERB_TAGS = {"VBP", "VBZ", "VBD"}  # "we introduce", "this paper presents", "we developed"
# Arcs that lead away from the proposed thing ("X for Y", "X that uses Y", "X based on Y").
LEAVING_ARCS = {"prep", "relcl", "acl", "advcl", "ccomp", "xcomp", "punct", "agent", "advmod", "npadvmod"}


def add_proposed_region(anchor: Token, region: set[int]) -> None:
    """Add to `region` the token indices that name what `anchor` (the object of a proposal cue) stands for, and
    what a group it names is of ("a set of BD estimators"). A token in it already is not walked from again: what
    it leads to is in it too (in a list of 600 novel things, each walked the whole list)."""
    stack = [anchor]
    if anchor.dep_ == "appos":
        stack.append(anchor.head)
    while stack:
        token = stack.pop()
        if token.i in region:
            continue
        region.add(token.i)
        for child in token.children:
            calling = child.dep_ == "acl" and child.lemma_ in CALLING_VERBS
            group_of = child.dep_ == "prep" and child.lower_ == "of" and token.lemma_.lower() in GROUP_NOUNS
            if child.dep_ not in LEAVING_ARCS or calling or group_of:
                stack.append(child)


def is_earlier_work(verb: Token) -> bool:
    """Does a passive proposal verb speak of earlier work: "has been proposed", "was recently introduced"?"""
    return any(child.lemma_.lower() in EARLIER_WORK_WORDS for child in verb.children if child.dep_ in {"aux", "advmod"})


@Language.factory(
    "kg_roles", requires=["doc.spans", "token.dep", "token.lemma"], assigns=["doc.spans", "doc._.proposed"]
)
def make_role_marker(nlp: Language, name: str) -> "RoleMarker":
    return RoleMarker(nlp)


class RoleMarker:
    def __init__(self, nlp: Language) -> None:
        self.matcher = DependencyMatcher(nlp.vocab)
        for name, pattern in PATTERNS.items():
            self.matcher.add(name, [pattern])
        if not Doc.has_extension("proposed"):
            Doc.set_extension("proposed", default=[])

    def __call__(self, doc: Doc) -> Doc:
        spans = list(doc.spans[SPAN_KEY])
        region: set[int] = set()
        for match_id, token_ids in self.matcher(doc):
            name = doc.vocab.strings[match_id]
            pattern = PATTERNS[name]
            if name == "PROPOSED" and is_earlier_work(doc[token_ids[0]]):
                continue
            anchor = token_ids[[p["RIGHT_ID"] for p in pattern].index("object")]
            if name == "CALLED" and not any(s.start <= anchor < s.end and is_proposed_name(s) for s in spans):
                continue
            add_proposed_region(doc[anchor], region)
        proposed = [s.root.i in region or follows_proposal(s) or called_by_authors(s) for s in spans]
        last: Span | None = None  # the last span proposed
        for i, span in enumerate(spans):
            proposed[i] = (
                proposed[i] or i > 0 and proposed[i - 1] and names_it(spans[i - 1], span) or named_own(span, last)
            )
            last = span if proposed[i] else last
        doc._.proposed = [[s.start, s.end] for s, p in zip(spans, proposed) if p]
        # A name the paper proposes is a method unless its head says task ("we propose SENSEI", "Flow-Based
        # Distribution Alignment (FDA)": the model read "exploration" and "alignment" as tasks).
        methods = {s.text for s, p in zip(spans, proposed) if p and s.label_ == "TASK" and is_proposed_name(s)}
        if methods:
            doc.spans[SPAN_KEY] = [Span(doc, s.start, s.end, label="METHOD") if s.text in methods else s for s in spans]
        return doc


def follows_proposal(span: Span) -> bool:
    """Does the span come right after "we propose" ("we also introduce the", "this paper presents a")? The
    wording says so where the parser hangs the name elsewhere ("We introduce FlexTok, a tokenizer that
    projects images into variable-length, ordered 1D token sequences": FlexTok the subject of "ordered")."""
    doc, i = span.doc, span.start - 1
    if i >= 0 and doc[i].lower_ in PROPOSED_DETERMINERS:
        i -= 1
    if i < 1 or doc[i].lemma_ not in PROPOSAL_VERBS or doc[i].tag_ not in ACTIVE_VERB_TAGS:
        return False
    i -= 1
    while i > 0 and doc[i].pos_ == "ADV":
        i -= 1
    return doc[i].lower_ in AUTHOR_SUBJECTS


def called_by_authors(span: Span) -> bool:
    """Is the span the name the authors give something: "which we term mode interpolation", "We call this
    architecture PointNetST", "we name our method as CAFE"?"""
    root = span.root
    if root.dep_ == "oprd" or root.dep_ == "dobj" and coins(root.head):
        verb = root.head
    elif root.dep_ == "pobj" and root.head.lower_ == "as":  # "as X" on the verb, or on its object
        verb = root.head.head.head if root.head.head.dep_ == "dobj" else root.head.head
    else:
        return False
    return verb.lemma_ in AUTHOR_NAMING_VERBS and any(c.dep_ == "nsubj" and c.lower_ == "we" for c in verb.children)


def coins(verb: Token) -> bool:
    """Is the verb's object a name: "which we term X", "which we call X", "an algorithm we call X" (not "we call
    an API")?"""
    return verb.lemma_ in COINING_VERBS or verb.dep_ == "relcl" or any(c.lower_ == "which" for c in verb.children)


def naming_cue(span: Span) -> int | None:
    """The offset of the naming words right before the span ("termed the", "referred to as", "namely"), if any."""
    doc, i = span.doc, span.start - 1
    if i >= 0 and doc[i].lower_ in PROPOSED_DETERMINERS:
        i -= 1
    if i >= 0 and doc[i].lower_ in NAMING_WORDS:
        return i
    if i >= 2 and tuple(t.lemma_.lower() for t in doc[i - 2 : i + 1]) == REFERRED_AS:
        return i - 2
    return None


def named_own(span: Span, proposed_before: Span | None) -> bool:
    """Is the span a name given, on the words, to something the authors propose: after "called", "termed",
    "referred to as", "namely", ... where "we" gives it ("which we refer to as H-LINUCB"), where the sentence
    proposed something before it (`proposed_before`, the last span proposed: "we propose a novel algorithm for
    X, called the CoxCP algorithm"), or where the thing named is said to be the authors' ("our proposed class of
    architectures, referred to as Steinmetz Neural Networks")? The parser hangs such a participle anywhere (a
    conjunct of the verb, a clause of the noun, the root)."""
    cue = naming_cue(span)
    if cue is None:
        return False
    doc, i = span.doc, cue - 1
    if i >= 0 and doc[i].lower_ == "we" or proposed_before is not None and proposed_before.sent == span.sent:
        return True
    while i >= 0 and (doc[i].is_punct or doc[i].lower_ == "which"):
        i -= 1
    if i < 0:
        return False
    named = doc[i]
    while named.dep_ in {"pobj", "prep"} and named.head.i < named.i:  # "our proposed class of architectures"
        named = named.head
    return any(t.lower_ in OWN_THING_WORDS for t in doc[named.left_edge.i : i])


def is_proposed_name(span: Span) -> bool:
    """A name rather than a description: a token like "SENSEI" or "RepLoRA", or capitalised words
    ("Latent Preference Coding"), that neither its head nor its syntax calls a task ("the FooBar problem",
    "FooBar, a new task")."""
    named = any(is_name(t) for t in span) or is_capitalised_name(span)
    said_task = any(STRONG_HEADS.get(t.lemma_.lower()) == "TASK" for t in apposed(span.root))
    return named and strong_head_label(span) is None and not said_task


def names_it(span: Span, following: Span) -> bool:
    """Does `following` name the proposed `span` it comes right after: "a feature calibration method,
    Unsupervised Multi-domain Feature Calibration (UMFC)", "a novel prompting strategy: Self-Guiding Exploration"
    (the parser does not always make it an apposition)?"""
    between = span.doc[span.end : following.start]
    return between.text in {",", "(", ":"} and any(t.text[:1].isupper() for t in following)
