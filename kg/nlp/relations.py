"""Entity-entity relations stated in a sentence: usedFor, evaluatedOn, comparedWith, isA.

Dependency patterns anchor a cue ("X for Y", "apply X to Y", "X outperforms Y", "X, a Y") on two
tokens, `head` and `tail`; each stands for the span of `doc.spans[SPAN_KEY]` it is in (or, for a head
noun like "benchmark" in "the ESP benchmark", the name it is compounded with), and for the spans
coordinated with it ("outperforms LoRA, DoRA and S2FT"). A relation is kept only where the labels fit
it (settings.RELATIONS). "Our method", "the proposed approach" stand for what the paper proposes
(kg.nlp.roles), or the name the paper's title gives it where the abstract writes none (`TitleName`), so "our
method outperforms X" compares the paper's own method with X; and in an abstract,
the sentences that report the paper's results evaluate its method on the datasets they name, use it for the
tasks they name and compare it with what they compare it with. Sets `doc._.relations` to sorted [head start,
head end, relation, tail start, tail end, cue, source] lists in token offsets, the cue a token of the
sentence that states the relation, the source what found it (settings.RELATION_SOURCES: "cue" for a
pattern, "experiments" for the sentences of the paper's results): plain data, so that docs stay picklable.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import NamedTuple, TypeAlias

from spacy.language import Language
from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc, Span, Token

from ..settings import CUE, EXPERIMENTS, RELATIONS, SPAN_KEY
from .lexicon import (
    AUTHOR_PRONOUNS,
    BEAT_VERBS,
    CALLING_VERBS,
    CLASS_ARTICLES,
    COMPARED_TO,
    CONTRAST_PREPOSITIONS,
    DONE_IN_PREPOSITIONS,
    EVALUATE_VERBS,
    EVALUATING_WORDS,
    EXAMPLE_PREPOSITIONS,
    FINDING_VERBS,
    FINDINGS,
    GAIN_NOUNS,
    IMPROVED_OVER,
    LIKE_WORDS,
    MATCHED_NOUNS,
    ON,
    OWN_EXPERIMENT_WORDS,
    OWN_KINDS,
    OWN_WORDS,
    PROPOSAL_VERBS,
    PURPOSE_VERBS,
    RESTING_VERBS,
    RESULT_WORDS,
    TRAINING_STEMS,
    USE_VERBS,
    VERSUS,
)
from .roles import is_proposed_name

NOUN = {"POS": {"IN": ["NOUN", "PROPN"]}}
Stated = tuple[int, int, str, int, int]  # head start, head end, relation, tail start, tail end (token offsets)
TITLE_NAME = (-1, -1)  # the token offsets of a `TitleName`, outside the abstract


class TitleName(NamedTuple):
    """The paper's method where only its title names it ("TGDPO: Harnessing Token-Level Reward Guidance ...",
    whose abstract says "our method" and never "TGDPO"): what "our method" stands for, at TITLE_NAME. It has
    what the rules read of a span: its text, offsets and label."""

    text: str
    start: int = TITLE_NAME[0]
    end: int = TITLE_NAME[1]
    label_: str = "METHOD"


Named: TypeAlias = Span | TitleName  # what a token stands for: a span of the abstract, or the title's name
ABSTRACT_SENTENCES = 25  # a text this long or shorter is an abstract, whose experiments are the paper's own


def child(left: str, dep: str | list[str], right: str, **attrs: object) -> dict:
    """A DependencyMatcher edge: `right` is a child of `left` by `dep`."""
    deps = {"IN": dep} if isinstance(dep, list) else dep
    return {"LEFT_ID": left, "REL_OP": ">", "RIGHT_ID": right, "RIGHT_ATTRS": {"DEP": deps, **attrs}}


def node(name: str, **attrs: object) -> dict:
    return {"RIGHT_ID": name, "RIGHT_ATTRS": attrs}


PATTERNS: dict[str, list[list[dict]]] = {
    "usedFor": [
        # "a framework for mask selection"
        [node("head", **NOUN), child("head", "prep", "for", LOWER="for"), child("for", "pobj", "tail")],
        # "we use X for Y", "X is applied to Y", "we propose X for Y" (the parser hangs "for Y" on the verb; a
        # thing introduced "to" is shown to someone)
        *(
            [
                node("verb", LEMMA={"IN": verbs}),
                child("verb", ["dobj", "nsubjpass"], "head"),
                child("verb", "prep", "prep", LOWER={"IN": prepositions}),
                child("prep", "pobj", "tail"),
            ]
            for verbs, prepositions in ((USE_VERBS, ["for", "to"]), (PROPOSAL_VERBS, ["for"]))
        ),
        # "a framework designed for Y", "a method tailored to Y"
        [
            node("head", **NOUN),
            child("head", "acl", "made", TAG="VBN"),
            child("made", "prep", "for", LOWER={"IN": ["for", "to"]}),
            child("for", "pobj", "tail"),
        ],
        # "an approach to Y"
        [node("head", **NOUN), child("head", "prep", "to", LOWER="to"), child("to", "pobj", "tail")],
        # "we propose X to solve Y", "we use X to address Y": what it is for, the object of a purpose clause
        [
            node("verb", POS="VERB"),
            child("verb", "dobj", "head"),
            child("verb", ["advcl", "xcomp"], "purpose", LEMMA={"IN": PURPOSE_VERBS}),
            child("purpose", "aux", "to", LOWER="to"),
            child("purpose", "dobj", "tail"),
        ],
        # "X solves Y", "X enables Y"
        [node("verb", LEMMA={"IN": PURPOSE_VERBS}), child("verb", "nsubj", "head"), child("verb", "dobj", "tail")],
    ],
    "evaluatedOn": [
        # "X achieves 90% accuracy on Y", "on Y, X ..."
        [
            node("verb", POS="VERB", LEMMA={"NOT_IN": RESTING_VERBS}),
            child("verb", "nsubj", "head"),
            child("verb", "prep", "on", LOWER={"IN": ON}),
            child("on", "pobj", "tail"),
        ],
        # "X achieves 84.1% accuracy on Y", "X attains an Elo of 1500 on Y", "X sets a new state of the art on Y"
        # ("on Y" on the verb's object, or on what the object is "of")
        *(
            [
                node("verb", POS="VERB", LEMMA={"NOT_IN": RESTING_VERBS}),
                child("verb", "nsubj", "head"),
                child("verb", "dobj", "object"),
                *path,
                child(holder, "prep", "on", LOWER={"IN": ON}),
                child("on", "pobj", "tail"),
            ]
            for path, holder in [
                ([], "object"),
                ([child("object", "prep", "of", LOWER="of"), child("of", "pobj", "whole")], "whole"),
            ]
        ),
        # "we evaluate X on Y", "X is tested on Y"
        [
            node("verb", LEMMA={"IN": EVALUATE_VERBS}),
            child("verb", ["dobj", "nsubjpass"], "head"),
            child("verb", "prep", "on", LOWER={"IN": ON}),
            child("on", "pobj", "tail"),
        ],
        # "X outperforms Y on Z", "X outperforms Y and W on Z": the parser hangs "on Z" on a rival
        *(
            [
                node("verb", LEMMA={"IN": BEAT_VERBS}),
                child("verb", "nsubj", "head"),
                child("verb", "dobj", "rival"),
                *rivals,
                child(last, "prep", "on", LOWER={"IN": ON}),
                child("on", "pobj", "tail"),
            ]
            for rivals, last in [([], "rival"), ([child("rival", "conj", "other")], "other")]
        ),
        # "X on the Y benchmark"
        [node("head", **NOUN), child("head", "prep", "on", LOWER={"IN": ON}), child("on", "pobj", "tail")],
        # "experiments on Y show that X outperforms ..."
        [
            node("verb", LEMMA={"IN": FINDING_VERBS}),
            child("verb", "nsubj", "finding", LEMMA={"IN": FINDINGS}),
            child("finding", "prep", "on", LOWER={"IN": ON}),
            child("on", "pobj", "tail"),
            child("verb", "ccomp", "claim"),
            child("claim", "nsubj", "head"),
        ],
    ],
    "comparedWith": [
        # "X outperforms Y"
        [node("verb", LEMMA={"IN": BEAT_VERBS}), child("verb", "nsubj", "head"), child("verb", "dobj", "tail")],
        # "X achieves strong results, outperforming Y": the participle hangs on the verb whose subject X is
        [
            node("verb", POS={"IN": ["VERB", "AUX"]}),
            child("verb", "nsubj", "head"),
            child("verb", "advcl", "beat", LEMMA={"IN": BEAT_VERBS}, TAG="VBG"),
            child("beat", "dobj", "tail"),
        ],
        # "X, which outperforms Y", "X, outperforming Y, ..."
        [
            node("head", **NOUN),
            child("head", ["relcl", "acl"], "beat", LEMMA={"IN": BEAT_VERBS}),
            child("beat", "dobj", "tail"),
        ],
        # "Y is outperformed by X"
        [
            node("verb", LEMMA={"IN": BEAT_VERBS}),
            child("verb", "nsubjpass", "tail"),
            child("verb", "agent", "by"),
            child("by", "pobj", "head"),
        ],
        # "X achieves 5% gains compared to Y", "X delivers better performance compared to Y" ("compared" on the
        # verb, or on its object)
        *(
            [
                node("verb", POS={"IN": ["VERB", "AUX"]}),
                child("verb", "nsubj", "head"),
                *path,
                child(holder, deps, "compared", LEMMA="compare"),
                child("compared", "prep", "to", LOWER={"IN": COMPARED_TO}),
                child("to", "pobj", "tail"),
            ]
            for path, holder, deps in [
                ([], "verb", ["prep", "advcl"]),
                ([child("verb", "dobj", "object")], "object", ["prep", "acl"]),
            ]
        ),
        # "X achieves substantial improvements over Y" ("over Y" on the gain, or on the verb)
        *(
            [
                node("verb", POS={"IN": ["VERB", "AUX"]}),
                child("verb", "nsubj", "head"),
                child("verb", "dobj", "gain", LEMMA={"IN": GAIN_NOUNS}),
                child(holder, "prep", "over", LOWER={"IN": [*IMPROVED_OVER, "against"]}),
                child("over", "pobj", "tail"),
            ]
            for holder in ("gain", "verb")
        ),
        # "X improves over Y", "X improves upon Y"
        [
            node("verb", LEMMA="improve"),
            child("verb", "nsubj", "head"),
            child("verb", "prep", "over", LOWER={"IN": IMPROVED_OVER}),
            child("over", "pobj", "tail"),
        ],
        # "we compare X with Y"
        [
            node("verb", LEMMA="compare"),
            child("verb", "dobj", "head"),
            child("verb", "prep", "to", LOWER={"IN": COMPARED_TO}),
            child("to", "pobj", "tail"),
        ],
        # "X is faster than Y"
        [
            node("verb", POS={"IN": ["VERB", "AUX"]}),
            child("verb", "nsubj", "head"),
            child("verb", ["acomp", "advmod", "dobj", "attr"], "better"),
            child("better", "prep", "than", LOWER="than"),
            child("than", "pobj", "tail"),
        ],
        # "X is comparable to Y", "X achieves accuracy comparable to Y", "X achieves comparable accuracy to Y",
        # "X performs on par with Y" (the preposition on the word of likeness, on what is like, or on the verb)
        *(
            [
                node("verb", POS={"IN": ["VERB", "AUX"]}),
                child("verb", "nsubj", "head"),
                *path,
                child(holder, ["prep", "dative"], "to", LOWER={"IN": words}),
                child("to", "pobj", "tail"),
            ]
            for path, holder, words in [
                ([child("verb", ["acomp", "attr"], "like", LEMMA={"IN": LIKE_WORDS})], "like", ["to", "with"]),
                *(
                    ([child("verb", "dobj", "object"), child("object", "amod", "like", LEMMA={"IN": LIKE_WORDS})], h, w)
                    # on the verb, only "to": "with" there is what it does it with ("with the same FLOPs")
                    for h, w in (("like", ["to", "with"]), ("object", ["to", "with"]), ("verb", ["to"]))
                ),
                ([child("verb", "prep", "on", LOWER="on"), child("on", "pobj", "like", LOWER="par")], "like", ["with"]),
            ]
        ),
        # "X matches Y", "X matches the performance of Y"
        [node("verb", LEMMA="match"), child("verb", "nsubj", "head"), child("verb", "dobj", "tail")],
        [
            node("verb", LEMMA="match"),
            child("verb", "nsubj", "head"),
            child("verb", "dobj", "object", LEMMA={"IN": MATCHED_NOUNS}),
            child("object", "prep", "of", LOWER="of"),
            child("of", "pobj", "tail"),
        ],
        # "Unlike Y, X needs no labels"
        [
            node("verb", POS={"IN": ["VERB", "AUX"]}),
            child("verb", "nsubj", "head"),
            child("verb", "prep", "unlike", LOWER={"IN": CONTRAST_PREPOSITIONS}),
            child("unlike", "pobj", "tail"),
        ],
        # "X versus Y"
        [
            node("head", **NOUN),
            child("head", "prep", "vs", LOWER={"IN": VERSUS}),
            child("vs", "pobj", "tail"),
        ],
    ],
    "isA": [
        # "OTTER, a novel VLA architecture" (set off by a comma: "Y (X)" defines a short form instead)
        [
            node("head", **NOUN),
            child("head", "appos", "tail"),
            child("tail", "det", "a", LOWER={"IN": CLASS_ARTICLES}),
            {"LEFT_ID": "a", "REL_OP": ";", "RIGHT_ID": "comma", "RIGHT_ATTRS": {"ORTH": ","}},
        ],
        # "X is a Y"
        [
            node("verb", LEMMA="be"),
            child("verb", "nsubj", "head"),
            child("verb", "attr", "tail"),
            child("tail", "det", "a", LOWER={"IN": CLASS_ARTICLES}),
        ],
        # "a training scheme called SGD jittering"
        [
            node("tail", **NOUN),
            child("tail", "acl", "called", LEMMA={"IN": sorted(CALLING_VERBS)}),
            child("called", "oprd", "head"),
        ],
        # "methods such as SAM", "methods like SAM", "methods including SAM": a plural class (a singular one
        # is mostly the parser attaching "such as" to the nearest noun: "tasks in the pipeline, such as X")
        [
            node("tail", TAG={"IN": ["NNS", "NNPS"]}),
            child("tail", "prep", "like", LOWER={"IN": EXAMPLE_PREPOSITIONS}),
            child("like", "pobj", "head"),
        ],
    ],
}
# A DATASET named inside a noun phrase: "the ESP benchmark" (head noun "benchmark", name "ESP").
NAME_DEPS = {"compound", "nmod", "amod", "appos"}
# Relations between two methods, whose types are the entities' (kg.resolve: a name's mentions across the corpus),
# not the spans': in "improvements over DPO" the recognizer may read DPO as a task, the build knows it a method.
METHOD_RELATIONS = {"comparedWith", "isA"}
SUBJECT_DEPS = {"nsubj", "nsubjpass"}


def spans_at(token: Token, by_token: dict[int, Span], own: dict[str, Named], examples: bool = True) -> list[Named]:
    """The spans `token` stands for: the one it is in, else names compounded with it, else the paper's own
    contribution (`own`, by label) if it says "our method", or is the subject "it" after the method is named,
    else the names it gives as examples ("outperforms baselines such as X and Y"; those of a span too, beside
    it: "improves upon three alignment algorithms (DPO, SimPO and IPO)"), with `examples`; and, if it
    is the first of coordinated tokens (to which what is said of all of them attaches), the same for the
    others."""
    found: list[Named] = []
    for t in (token, *token.conjuncts) if token.dep_ != "conj" else (token,):
        if t.i in by_token:
            found.append(by_token[t.i])
            found += examples_of(t, by_token) if examples else []
            continue
        named = [
            by_token[c.i] for c in t.children if c.dep_ in NAME_DEPS and c.i in by_token and by_token[c.i].root == c
        ]
        if named:
            found += named
        elif (phrase := own_phrase(t, own)) is not None:
            found.append(own[phrase.label_])
        elif examples:
            found += examples_of(t, by_token)
    return found


def examples_of(token: Token, by_token: dict[int, Span]) -> list[Span]:
    """The names a phrase gives as its examples: "baselines such as X and Y", "three algorithms (X, Y and Z)"
    (a list in brackets: one name alone there is mostly a short form, "large language models (LLMs)")."""
    heads = [
        pobj
        for c in token.children
        if c.dep_ == "prep" and c.lower_ in EXAMPLE_PREPOSITIONS
        for pobj in c.children
        if pobj.dep_ == "pobj"
    ]
    heads += [c for c in token.children if c.dep_ == "appos" and c.conjuncts and token.doc[c.i - 1].text == "("]
    return [by_token[e.i] for head in heads for e in (head, *head.conjuncts) if e.i in by_token]


def own_phrase(token: Token, own: dict[str, Named]) -> Span | None:
    """The phrase `token` heads if it speaks of the paper's own contribution of a label in `own` ("our
    method", "the proposed benchmark", or the subject "it" after the method is named), labelled so."""
    label = own_label(token)
    if label in own:
        return Span(token.doc, token.left_edge.i, token.i + 1, label=label)
    if token.lower_ == "it" and token.dep_ == "nsubj" and "METHOD" in own:
        if first_own_sentence(token.doc, own["METHOD"]) <= token.sent.start and own["METHOD"].end <= token.i:
            return Span(token.doc, token.i, token.i + 1, label="METHOD")  # "We propose FooNet ... It outperforms X"
    return None


def own_label(token: Token) -> str | None:
    """The label of the paper's own contribution the token's phrase speaks of ("our method", "the proposed
    benchmark"), if it speaks of one."""
    label = OWN_KINDS.get(token.lemma_.lower())
    return label if label is not None and any(c.lower_ in OWN_WORDS for c in token.children) else None


def own_contributions(doc: Doc, spans: dict[tuple[int, int], Span]) -> dict[str, Named]:
    """What "our method", "the proposed benchmark" stand for: the name the paper's title gives before its colon
    where the abstract names it (`doc._.title_name`: "SecEmb: ..." where the abstract proposes "a lossless
    secure recommender system" and names it SecEmb later), else, of each label, the first span the paper
    proposes, the first written as a name if one is ("we propose a simple method, FooNet": FooNet); and the
    method is the title's name where the abstract names no method it proposes, only describes one or none."""
    proposed = [spans[start, end] for start, end in doc._.proposed if (start, end) in spans]
    titled = sorted((span for span in spans.values() if span.text == doc._.title_name), key=lambda s: s.start)[:1]
    own: dict[str, Named] = {}
    for span in titled + sorted(proposed, key=lambda s: not is_proposed_name(s)):
        own.setdefault(span.label_, span)
    method = own.get("METHOD")
    if doc._.title_name and not titled and not (isinstance(method, Span) and is_proposed_name(method)):
        own["METHOD"] = TitleName(doc._.title_name)
    return own


def own_spans(doc: Doc) -> dict[str, Named]:
    """`doc._.own` (token offsets, by label) as the spans, or the title's name, that it records."""
    return {
        label: TitleName(doc._.title_name) if (start, end) == TITLE_NAME else Span(doc, start, end, label=label)
        for label, (start, end) in doc._.own.items()
    }


def fits(relation: str, head: Named, tail: Named) -> bool:
    """Labels fit the relation, and the two spans are not the same name (nor overlapping); for a relation between
    two methods (METHOD_RELATIONS) the labels are left to the entities the spans become, which resolution checks
    (kg.resolve.resolve_relations)."""
    if head.start < tail.end and tail.start < head.end or head.text == tail.text:
        return False
    return relation in METHOD_RELATIONS or (head.label_, tail.label_) == RELATIONS[relation]


@Language.factory(
    "kg_relations",
    requires=["doc.spans", "doc._.long_forms", "doc._.title_name", "token.dep", "token.lemma"],
    assigns=["doc._.relations", "doc._.own"],
)
def make_relation_finder(nlp: Language, name: str) -> "RelationFinder":
    return RelationFinder(nlp)


class RelationFinder:
    def __init__(self, nlp: Language) -> None:
        self.matcher = DependencyMatcher(nlp.vocab)
        self.anchors: dict[str, tuple[int, int]] = {}  # pattern key -> positions of head and tail in a match
        for relation, patterns in PATTERNS.items():
            for i, pattern in enumerate(patterns):
                key = f"{relation}/{i}"
                ids = [p["RIGHT_ID"] for p in pattern]
                self.matcher.add(key, [pattern])
                self.anchors[key] = (ids.index("head"), ids.index("tail"))
        for extension, default in (("relations", []), ("own", {}), ("title_name", "")):
            if not Doc.has_extension(extension):
                Doc.set_extension(extension, default=default)

    def __call__(self, doc: Doc) -> Doc:
        by_token = {t: span for span in doc.spans[SPAN_KEY] for t in range(span.start, span.end)}
        own = own_contributions(doc, {(span.start, span.end): span for span in doc.spans[SPAN_KEY]})
        doc._.own = {label: [span.start, span.end] for label, span in own.items()}
        # token, examples -> its spans, found once (a token with 600 children: 1,200 matches)
        at: dict[tuple[int, bool], list[Named]] = {}

        def spans_of(token: Token, examples: bool = True) -> list[Named]:
            if (token.i, examples) not in at:
                at[token.i, examples] = spans_at(token, by_token, own, examples)
            return at[token.i, examples]

        found: dict[Stated, tuple[int, str]] = {}  # relation -> a token of the sentence stating it, its source
        for match_id, token_ids in self.matcher(doc):
            key = doc.vocab.strings[match_id]
            h, t = self.anchors[key]
            relation = key.partition("/")[0]
            head_token = doc[token_ids[h]]
            examples = relation != "isA"  # "methods such as SAM": SAM is a method, not a method such as SAM
            # "ProxSparse, a framework for mask selection": what is said of the framework is said of ProxSparse
            named = spans_of(head_token.head, examples) if head_token.dep_ == "appos" else []
            for head in spans_of(head_token, examples) + named:
                for tail in spans_of(doc[token_ids[t]], examples):
                    # "X achieves 90% accuracy on Y": a dataset X is evaluated on, or a task X is used for
                    said = "usedFor" if relation == "evaluatedOn" and tail.label_ == "TASK" else relation
                    if fits(said, head, tail):
                        found.setdefault((head.start, head.end, said, tail.start, tail.end), (token_ids[0], CUE))
        if "METHOD" in own and is_abstract(doc):
            method = own["METHOD"]
            for span in own_experiments(doc, method):
                said = "evaluatedOn" if span.label_ == "DATASET" else "usedFor"
                found.setdefault((method.start, method.end, said, span.start, span.end), (span.start, EXPERIMENTS))
            for rival, cue in own_comparisons(doc, method, spans_of):
                if fits("comparedWith", method, rival):
                    stated = (method.start, method.end, "comparedWith", rival.start, rival.end)
                    found.setdefault(stated, (cue, EXPERIMENTS))
        doc._.relations = [[*r, *found[r]] for r in sorted(found)]
        return doc


def is_abstract(doc: Doc) -> bool:
    """Is the text short enough to be an abstract, whose experiments are the paper's own? A longer text
    reports others' too (its related work, its tables)."""
    return sum(1 for _ in doc.sents) <= ABSTRACT_SENTENCES


def first_own_sentence(doc: Doc, method: Named) -> int:
    """The token offset from which the abstract speaks of the paper's own method: the sentence naming it; for a
    method only the title names, the first sentence that speaks of the authors' work ("we", "our"), if any, else
    the first."""
    if isinstance(method, Span):
        return method.sent.start
    return next((s.start for s in doc.sents if any(t.lower_ in AUTHOR_PRONOUNS for t in s)), 0)


def own_experiments(doc: Doc, method: Named) -> list[Span]:
    """The datasets and tasks of the paper's own experiments: those named in a sentence that reports
    experiments (OWN_EXPERIMENT_WORDS; for datasets, RESULT_VERBS and GAIN_NOUNS too: "improvements … on QM9")
    from the one naming the paper's `method` on (before it, the abstract speaks of others' work), but not those
    something is trained on ("trained on C4") nor the datasets the paper itself proposes ("we introduce SyncBench, a benchmark ..."); tasks only
    where the method has a name (a description, "a mathematical framework", is often not what the results are
    of)."""
    named = not isinstance(method, Span) or is_proposed_name(method)
    first = first_own_sentence(doc, method)
    lemmas = {s.start: {t.lemma_.lower() for t in s} for s in doc.sents}
    reporting = {start for start, said in lemmas.items() if said & OWN_EXPERIMENT_WORDS}
    reporting_data = reporting | {start for start, said in lemmas.items() if said & RESULT_WORDS}
    proposed = {doc[start:end].text for start, end in doc._.proposed}
    tasks = {t for span in doc.spans[SPAN_KEY] if span.label_ == "TASK" for t in range(span.start, span.end)}
    return [
        span
        for span in doc.spans[SPAN_KEY]
        if span.sent.start >= first
        and not is_trained_on(span, tasks)
        and (
            span.label_ == "DATASET"
            and span.sent.start in reporting_data
            and span.text not in proposed
            or span.label_ == "TASK"
            and span.sent.start in reporting
            and named
            and is_done_in(span)
        )
    ]


def own_comparisons(doc: Doc, method: Named, spans_of: Callable[[Token], list[Named]]) -> list[tuple[Named, int]]:
    """The spans the paper's `method` is compared with, each with the token that compares, in the sentences
    from the one naming it on that speak of it ("FooNet", "our method", "we", "our results") and compare:
    "… compared to X", "… than X", "gains over X", "outperforming X", "unlike X"; not where the comparison is
    said of another method, the subject of its clause ("X and Y are faster than Z")."""
    names = own_names(method)
    first = first_own_sentence(doc, method)
    found = []
    for sentence in doc.sents:
        if sentence.start < first or not speaks_of_own(sentence, method, names):
            continue
        for token in sentence:
            rivals = compared_objects(token)
            subject = clause_subject(token) if rivals else None
            if subject is not None and any(s.label_ == "METHOD" and not is_named(s, names) for s in spans_of(subject)):
                continue
            found += [(span, token.i) for rival in rivals for span in spans_of(rival)]
    return found


def own_names(method: Named) -> set[str]:
    """The paper's method's name, and the short forms defined for it (LDPLC, LDPLCs of "the label distribution
    propagation-based label completion (LDPLC) algorithm")."""
    if not isinstance(method, Span):
        return {method.text}
    shorts = {short for short, long in method.doc._.long_forms.items() if long and long in method.text}
    return {method.text, *shorts, *(short + "s" for short in shorts)}


def is_named(span: Named, names: set[str]) -> bool:
    """Is the span one of `names`, or one of them with a kind word after it ("the LLM-LNS framework")?"""
    return any(span.text == name or span.text.startswith(name + " ") for name in names)


def speaks_of_own(sentence: Span, method: Named, names: set[str]) -> bool:
    """Does the sentence speak of the paper's method: by one of its `names`, as "our method" or "it", or as
    "we" / "our" (results)?"""
    return any(
        isinstance(method, Span)
        and t.text == method[0].text
        and sentence.doc[t.i : t.i + len(method)].text == method.text
        or t.text in names
        or t.lower_ in AUTHOR_PRONOUNS
        or t.lower_ == "it"
        and t.dep_ == "nsubj"
        for t in sentence
    )


def compared_objects(token: Token) -> list[Token]:
    """What `token` compares with, if it is a comparison's cue: "compared to X", "than X", "gains over X",
    "improves upon X", "outperforming X", "unlike X", "X versus Y"."""
    if token.lemma_ in BEAT_VERBS:  # its object, or a name after it the parser took for an adverb ("outperforms WSLC")
        return [c for c in token.children if c.dep_ == "dobj" or c.dep_ == "advmod" and c.i > token.i]
    comparing = (
        token.lower_ in ("than", *CONTRAST_PREPOSITIONS, *VERSUS)
        or token.lower_ in COMPARED_TO
        and token.head.lemma_ == "compare"
        or token.lower_ in IMPROVED_OVER
        and token.head.lemma_ in (*GAIN_NOUNS, "improve")
    )
    return [c for c in token.children if c.dep_ == "pobj"] if comparing and token.dep_ == "prep" else []


def clause_subject(token: Token) -> Token | None:
    """The subject of the clause a token is in: the first subject up the tree."""
    for ancestor in (token, *token.ancestors):
        for c in ancestor.children:
            if c.dep_ in SUBJECT_DEPS:
                return c
    return None


def is_done_in(span: Span) -> bool:
    """Is a task named as where something is done: "outperforms X in program synthesis", "on reasoning tasks",
    "gains in inductive learning performance", "tasks including A and B", "across a suite of control tasks"
    (not what is improved or achieved: "improves interpretability", "outperforms in-context learning")."""
    token = span.root
    while True:
        while token.dep_ in ("conj", "appos", "compound", "nmod") and token.head is not token:
            token = token.head
        if not (token.dep_ == "pobj" and token.head.lower_ == "of"):
            return token.dep_ == "pobj" and token.head.lower_ in DONE_IN_PREPOSITIONS
        token = token.head.head  # "a suite of control tasks": where the suite is


def is_trained_on(span: Span, task_tokens: Collection[int] = ()) -> bool:
    """ "models trained on C4", "using X", "we fine-tune it on X": a training word or "use" (not an evaluation's:
    "our evaluation using X") up the tree within three arcs, or among the few words before (the parser does not
    always hang "on X" on a split "fine-tune") but in a task's name there, given its `task_tokens` ("reinforcement learning performance in the Arcade
    Learning Environment")."""
    token = span.root
    for _ in range(3):
        token = token.head
        if (
            token.lower_.startswith(TRAINING_STEMS)
            or token.lemma_ == "use"
            and token.head.lemma_ not in EVALUATING_WORDS
        ):
            return True
    start = max(span.sent.start, span.start - 4)
    return any(t.lower_.startswith(TRAINING_STEMS) and t.i not in task_tokens for t in span.doc[start : span.start])
