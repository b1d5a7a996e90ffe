"""Results: a number a sentence reports for a method in a metric, on a dataset or task, over a baseline.

"FooNet achieves 84.1% top-1 accuracy on ImageNet" gives FooNet, 84.1, "%", top-1 accuracy and ImageNet, a
score; "FooNet outperforms BarNet by 2.3 points in accuracy" a change (relative) over BarNet. A number is a
result where the parse ties it to a metric ("84.1% accuracy", "an accuracy of 84.1%", "improves accuracy by
2.3", "a 5% gain in accuracy", "3x faster"; a metric is one of RESULT_METRICS or what the recognizer marks
METRIC, and a number without a unit needs a name of RESULT_METRICS), and the subject of its clause is one method
(a name set beside a description stands for it; "our method", "we" and "experiments" with a verb of results
stand for the paper's own). Its dataset, else task, is the one named after "on", "in", "across" or "for" on
the number, its metric or its verbs, else the sentence's one dataset where its clause holds it; none if
neither. The numbers of a list share the metric and method of the first the parse ties; each takes the dataset
named after it, or at its place in a list of datasets where the sentence says "respectively". Left out: a
setting ("at 40% sparsity"), a range and the ends of a change ("from 58% to 63%"), a number in brackets, a
rival's score ("surpassing the 32% success rate of X"). Sets `doc._.results` to sorted `Result` lists of
token offsets and values, plain data like `doc._.relations`.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from ..settings import SPAN_KEY
from .lexicon import (
    BEAT_VERBS,
    CHANGE_NOUNS,
    CHANGE_VERBS,
    CONDITION_MARKS,
    FASTER_WORDS,
    FINDINGS,
    LIST_GLUE,
    METRIC_QUALIFIERS,
    METRIC_WORDS,
    NOT_METRICS,
    OWN_RESULT_VERBS,
    RANGE_WORDS,
    RESULT_METRICS,
    RESULT_PREPOSITIONS,
    TASK_PREPOSITIONS,
)
from .metric_names import SPEEDUP, is_metric_name, metric_key
from .relations import SUBJECT_DEPS, TITLE_NAME, Named, is_trained_on, own_label, own_spans, spans_at
from .roles import is_proposed_name
from .spans import named_by_apposition

# "84.1", "1,000", "2.63×", "17.71x": a number, and a unit written on it
VALUE = re.compile(r"^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(%|×|x|X)?$")
UNITS = {"%": "%", "×": "×", "x": "×", "X": "×", "times": "×", "fold": "×", "points": "points", "pp": "points"}
COMPARATIVE_TAGS = {"JJR", "RBR"}  # "higher", "better", "more"
SETTING_PREPOSITIONS = {"at", "under"}  # "60% accuracy at a 90% pruning ratio": the 90% is a setting
MODIFIER_DEPS = {"nummod", "nmod", "compound", "amod", "npadvmod", "quantmod", "appos", "dobj", "attr"}
MAX_METRIC_WORDS = max(len(m.split()) for m in RESULT_METRICS)


class Result(NamedTuple):
    """One result, in token offsets: [value start, value end) ("84.1 %"), the metric's tokens, the method's,
    the dataset's or task's, and the baseline's ((-1, -1): none stated)."""

    value_start: int
    value_end: int
    value: float
    unit: str  # "%", "×", "points" or ""
    metric_start: int
    metric_end: int
    relative: bool  # a change over a baseline, stated or not ("improves by 2.3", "3x faster")
    method_start: int  # -1, -1: the paper's own method, unnamed ("our method achieves ...")
    method_end: int
    target_start: int  # -1, -1: none stated ("CateKV reduces memory usage by 2.7x")
    target_end: int
    baseline_start: int = -1
    baseline_end: int = -1

    def entity_offsets(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """The method's, the target's and the baseline's token offsets ((-1, -1): none)."""
        return (
            (self.method_start, self.method_end),
            (self.target_start, self.target_end),
            (self.baseline_start, self.baseline_end),
        )


def number_and_unit(token: Token) -> tuple[float, str, Token] | None:
    """The value a token writes, its unit, and the token that carries the unit: "84.1" "%" → (84.1, "%", %);
    "2.63×" → (2.63, "×", itself); "17" "-" "fold" → (17.0, "×", fold). None if it writes no number."""
    match = VALUE.match(token.text)
    if match is None:
        return None
    value = float(match.group(1).replace(",", ""))
    if match.group(2):
        return value, UNITS[match.group(2)], token
    doc, i = token.doc, token.i
    after = doc[i + 1] if i + 1 < len(doc) else None
    if after is not None and after.text == "-" and i + 2 < len(doc):
        after = doc[i + 2]
    if after is not None and after.lower_ in UNITS:
        return value, UNITS[after.lower_], after
    return value, "", token


def metric_at(token: Token) -> Span | None:
    """The metric named at `token`: the recognizer's METRIC span it is in ("average MIoU"), else the longest
    of RESULT_METRICS ending at it ("top-1 accuracy", not "accuracy"; "pass@1" for any "pass@k"); without
    the words around a metric's name ("an average", "metric", "reduction": "an average inference latency
    reduction" is inference latency)."""
    doc = token.doc
    if token.ent_type_ == "METRIC":  # the entity's ends, read off the tokens (not a scan of doc.ents)
        start, end = token.i, token.i + 1
        while doc[start].ent_iob_ == "I":
            start -= 1
        while end < len(doc) and doc[end].ent_iob_ == "I":
            end += 1
    else:
        lengths = range(min(MAX_METRIC_WORDS + 2, token.i + 1), 0, -1)
        start = next(
            (token.i + 1 - n for n in lengths if is_metric_name(doc[token.i + 1 - n : token.i + 1].text)),
            -1,
        )
        if start < 0:
            return None
        end = token.i + 1
    while end - start > 1 and (
        doc[end - 1].lower_ in METRIC_WORDS
        and is_metric_name(doc[start : end - 1].text)  # "BLEU score" is BLEU
        or doc[end - 1].lemma_.lower() in CHANGE_NOUNS
    ):
        end -= 1
    while end - start > 1 and (doc[start].lower_ in METRIC_QUALIFIERS or doc[start].tag_ in COMPARATIVE_TAGS):
        start += 1
    if doc[end - 1].lemma_.lower() in CHANGE_NOUNS and metric_key(doc[end - 1].text) != SPEEDUP:
        return None  # "an improvement" is no metric
    if doc[end - 1].pos_ not in ("NOUN", "PROPN") and not is_metric_name(doc[start:end].text):
        return None  # "zero-shot" (from "a 15% zero-shot improvement") is no metric
    return None if doc[start:end].text.lower() in NOT_METRICS else doc[start:end]


def change_metric(change: Token) -> Span | None:
    """The metric a change noun or verb is of: "improvement in accuracy", "accuracy improvements", "improves
    accuracy", "a speedup" (but
    "outperforms X" names a rival, not a metric)."""
    rival = change.lemma_.lower() in BEAT_VERBS
    for c in change.children:
        if c.dep_ in ("dobj", "nsubjpass", "compound", "nmod") and not rival and (metric := metric_at(c)) is not None:
            return metric
        if c.dep_ == "prep" and c.lower_ in ("in", "of", "on"):
            for pobj in c.children:
                if pobj.dep_ == "pobj" and (metric := metric_at(pobj)) is not None:
                    return metric
    if metric_key(change.text) == SPEEDUP:
        return change.doc[change.i : change.i + 1]
    return None


def metric_of(unit: Token, unit_name: str) -> tuple[Span, bool] | None:
    """The metric the grammar ties the value to, and whether the value is a change (relative) or a score:
    a number of times or of points is a change; a percentage is a score unless a change word holds it."""
    doc, changed = unit.doc, unit_name in ("×", "points")
    after = doc[unit.i + 1] if unit.i + 1 < len(doc) else None
    if unit_name == "×" and after is not None and after.lower_ in FASTER_WORDS:  # "3x faster", "2x lower MSE"
        following = doc[after.i + 1] if after.i + 1 < len(doc) else None
        if following is not None and (metric := metric_at(following)) is not None:
            return metric, True
        return (doc[after.i : after.i + 1], True) if after.lower_ == "faster" else None
    holder = unit.head
    if unit.dep_ == "pobj" and holder.lower_ == "of":  # "accuracy of 84.1%", "an improvement of 5% in accuracy"
        noun = holder.head
        if noun.dep_ == "dobj" and noun.head.lemma_.lower() in BEAT_VERBS:
            return None  # "exceeds human performance of 65%": the rival's
        if metric_key(noun.text) != SPEEDUP and (metric := metric_at(noun)) is not None:
            return metric, changed
        return (metric, True) if noun.lemma_.lower() in CHANGE_NOUNS and (metric := change_metric(noun)) else None
    if unit.dep_ == "pobj" and holder.lower_ == "by":  # "improves accuracy by 5%", "outperforms X by 5% in accuracy"
        if holder.i > 0 and (named := metric_at(doc[holder.i - 1])) is not None:
            return named, True  # "reducing FID by 19% and FVD by 44%": the metric just before "by"
        verb = holder.head
        if verb.lemma_.lower() in CHANGE_VERBS | CHANGE_NOUNS and (metric := change_metric(verb)) is not None:
            return metric, True
        return None
    if unit.dep_ not in MODIFIER_DEPS:
        return None
    if holder.lemma_.lower() in CHANGE_NOUNS:  # "a 5% improvement in accuracy", "a 3x speedup"
        return (metric, True) if (metric := change_metric(holder)) is not None else None
    if (metric := metric_at(holder)) is not None:  # "84.1% top-1 accuracy", "1.7% higher accuracy"
        through = doc[unit.i + 1 : metric.end]  # the metric's words too: "33% faster", "42.2% improved efficiency"
        gain = holder.dep_ == "compound" and holder.head.lemma_.lower() in CHANGE_NOUNS  # "a 41.8 performance boost"
        return metric, changed or gain or any(t.tag_ in COMPARATIVE_TAGS or t.lemma_ in CHANGE_VERBS for t in through)
    return None


def verb_above(token: Token) -> Token | None:
    """The nearest verb up the tree from `token` (itself if it is one): a word with a subject counts, as
    the tagger takes some verbs for nouns ("BAME attains ...")."""
    t = token
    while t.pos_ not in ("VERB", "AUX") and not any(c.dep_ in SUBJECT_DEPS for c in t.children):
        if t.head == t:
            return None
        t = t.head
    return t


def clause_verbs(token: Token) -> list[Token]:
    """The verb the token is said under, then each verb up the tree to the first with a subject, whose
    subject the ones before share ("X outperforms Y, achieving 5% ...", "a 2x speedup compared to Y"),
    nearest first."""
    verbs: list[Token] = []
    verb = verb_above(token)
    while verb is not None and verb not in verbs:
        verbs.append(verb)
        if any(c.dep_ in SUBJECT_DEPS for c in verb.children) or verb.dep_ in ("ROOT", "ccomp"):
            break
        verb = verb_above(verb.head)
    return verbs


def is_condition(verb: Token) -> bool:
    """Is the clause of `verb` a condition ("if we set ...", "when the budget is 5%"): what it states is a
    setting, not a result."""
    return any(c.dep_ == "mark" and c.lower_ in CONDITION_MARKS for c in verb.children)


UNNAMED = TITLE_NAME  # the paper's own method where the abstract does not name it (its title may)


def subject_of(verbs: list[Token], spans: dict[int, Span], own: dict[str, Named]) -> tuple[int, int] | None:
    """The token offsets of the one method the clause's subject is: a method's span, or the paper's own
    method where the subject says "our method", or "we" or the experiments report a result ("we achieve
    ...", "experiments show a 5% gain"); `UNNAMED` where the paper's method has no name in it."""
    if not verbs:
        return None
    verb = verbs[-1]
    subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    if not subjects:
        return None
    subject = subjects[0]
    if subject.lower_ in ("which", "that") and verb.dep_ == "relcl":
        subject = verb.head
    method = own.get("METHOD")
    paper_method = (method.start, method.end) if method is not None else UNNAMED
    if subject.lower_ == "we" or subject.lemma_.lower() in FINDINGS:
        return paper_method if any(v.lemma_.lower() in OWN_RESULT_VERBS for v in verbs) else None
    found = [s for s in spans_at(subject, spans, own, examples=False) if s.label_ == "METHOD"]
    if len(found) == 1:
        name = set_beside(found[0], spans) if isinstance(found[0], Span) else found[0]
        return name.start, name.end
    return paper_method if own_label(subject) == "METHOD" and not found else None


def set_beside(span: Span, spans: dict[int, Span]) -> Span:
    """The name set beside a description of a method ("the best agent, Claude 3.5 Sonnet", "FooNet, the first
    model for X"), or the span itself (a name, or a description with none beside it)."""
    if is_proposed_name(span):
        return span
    beside = [spans[c.i] for c in span.root.children if c.dep_ == "appos" and c.i in spans]
    named = [s for s in beside if s.label_ == span.label_ and is_proposed_name(s)] or [named_by_apposition(span, spans)]
    return named[0]


def targets_of(anchors: list[Token], spans: dict[int, Span], own: dict[str, Named]) -> list[Span]:
    """The datasets (else tasks) the result is measured on, in text order: named after "on", "in", "across" or
    "for" on the first of `anchors` (the value, its metric, its verbs) that has any ("on the test set of X"
    reaches X)."""
    for label in ("DATASET", "TASK"):
        for anchor in anchors:
            found: dict[tuple[int, int], Span] = {}
            for prep in anchor.children:
                if prep.dep_ != "prep" or prep.lower_ not in (
                    RESULT_PREPOSITIONS if label == "DATASET" else TASK_PREPOSITIONS
                ):
                    continue
                for pobj in prep.children:
                    if pobj.dep_ != "pobj":
                        continue
                    named = spans_at(pobj, spans, own)
                    if not named:  # "on the Lean4 version of MiniF2F"
                        named = [
                            s
                            for c in pobj.children
                            if c.lower_ == "of"
                            for o in c.children
                            for s in spans_at(o, spans, own)
                        ]
                    found.update(((s.start, s.end), s) for s in named if isinstance(s, Span) and s.label_ == label)
            if found:
                return sorted(found.values())
    return []


def baseline_of(verbs: list[Token], anchors: list[Token], spans: dict[int, Span], own: dict[str, Named]) -> Span | None:
    """The one method the value is a change over: the object of "outperforms", or after "over", "than",
    "compared to"."""
    found: list[Named] = []
    for verb in verbs[:1]:
        if verb.lemma_.lower() in BEAT_VERBS:
            found += [s for c in verb.children if c.dep_ == "dobj" for s in spans_at(c, spans, own)]
    for anchor in anchors:
        for c in anchor.children:
            preps = [c] if c.dep_ == "prep" and c.lower_ in ("over", "than") else []
            if c.lemma_ == "compare":
                preps = [p for p in c.children if p.dep_ == "prep"]
            found += [s for p in preps for o in p.children if o.dep_ == "pobj" for s in spans_at(o, spans, own)]
    methods = {(s.start, s.end): s for s in found if isinstance(s, Span) and s.label_ == "METHOD"}
    return next(iter(methods.values())) if len(methods) == 1 else None


def in_range(value: Value) -> bool:
    """ "by 2.5% to 20%", "from 58% to 63%", "60%-90%": an end of a range or of a change, no one result (but
    "up to 58%" is one)."""
    doc, i = value.token.doc, value.token.i
    before = doc[i - 1].lower_ if i > 0 else ""
    after = doc[value.end : value.end + 2]
    return (
        before in RANGE_WORDS
        and not (before == "to" and i > 1 and doc[i - 2].lower_ == "up")  # "up to 58%" is a bound
        or before == "from"
        or len(after) == 2
        and after[0].lower_ in RANGE_WORDS
        and number_and_unit(after[1]) is not None
    )


def in_brackets(sent: Span) -> set[int]:
    """The tokens of the sentence inside brackets: "(33.6%)" is a number said of something beside the clause,
    which the grammar does not tie it to."""
    depth, inside = 0, set()
    for t in sent:
        depth = max(depth - (t.text == ")"), 0)
        if depth:
            inside.add(t.i)
        depth += t.text == "("
    return inside


class Value(NamedTuple):
    """A number as written, and the token that carries its unit (itself if none)."""

    token: Token
    value: float
    unit_name: str
    unit: Token

    @property
    def end(self) -> int:
        return max(self.token.i, self.unit.i) + 1


def value_lists(sent: Span, spans: dict[int, Span]) -> list[list[Value]]:
    """The sentence's numbers, those written as one list together ("by 13.4%, 6.1% and 5.3%", "4.1% on A, 5.2%
    on B"): numbers of one unit with only commas, "and", "or", or "on" and a name between them."""
    doc = sent.doc
    lists: list[list[Value]] = []
    for token in sent:
        if token.i in spans or not token.text[0].isdigit():
            continue
        parsed = number_and_unit(token)
        if parsed is None or (lists and token.i < lists[-1][-1].end):
            continue
        value = Value(token, *parsed)
        last = lists[-1][-1] if lists else None
        if last and last.unit_name == value.unit_name and is_list_glue(doc[last.end : token.i], spans):
            lists[-1].append(value)
        else:
            lists.append([value])
    return lists


def is_list_glue(between: Span, spans: dict[int, Span]) -> bool:
    words = [t for t in between if t.i not in spans]
    return all(t.lower_ in LIST_GLUE for t in words) and (
        len(words) == len(between) or any(t.lower_ in RESULT_PREPOSITIONS for t in words)
    )


def named_after(value: Value, spans: dict[int, Span]) -> Span | None:
    """The dataset or task named right after a number: "4.1% on A"."""
    doc, i = value.token.doc, value.end
    if i + 1 < len(doc) and doc[i].lower_ in RESULT_PREPOSITIONS:
        i += 1 + (doc[i + 1].lower_ == "the")
        if i < len(doc) and i in spans and spans[i].start == i and spans[i].label_ in ("DATASET", "TASK"):
            return spans[i]
    return None


def results_of(doc: Doc, own: dict[str, Named]) -> list[Result]:
    """The results the parse states: the numbers of a list share the metric, verbs and subject of the first
    of them the parse ties to a metric, and take their datasets by `list_targets`."""
    spans = {t: span for span in doc.spans[SPAN_KEY] for t in range(span.start, span.end)}
    found: list[Result] = []
    for sent, datasets in sentence_datasets(doc):
        bracketed = in_brackets(sent)
        lists = value_lists(sent, spans)
        for listed, after in zip(lists, [*(later[0].token.i for later in lists[1:]), sent.end]):
            listed = [v for v in listed if v.token.i not in bracketed and not in_range(v)]
            tied = next(((v, t) for v in listed if (t := metric_of(v.unit, v.unit_name)) is not None), None)
            if tied is None:
                continue
            tied_value, (metric, relative) = tied
            if metric.root.dep_ == "pobj" and metric.root.head.lower_ in SETTING_PREPOSITIONS:
                continue
            if metric.root.dep_ == "dobj" and metric.root.head.lemma_.lower() in BEAT_VERBS:
                continue  # "surpassing the 32% success rate of X": the rival's
            verbs = clause_verbs(tied_value.unit)
            if verbs and is_condition(verbs[-1]):
                continue  # "if we set the threshold to have a 1% false positive rate"
            # "X beats Y with a 64% win rate": a score, whatever the verb
            described = metric.root.dep_ == "pobj" and metric.root.head.lower_ == "with"
            relative = (
                relative
                or not described
                and (
                    any(v.unit.dep_ == "pobj" and v.unit.head.lower_ == "by" for v in listed)
                    or bool(verbs)
                    and verbs[0].lemma_.lower() in CHANGE_VERBS  # "reduces 50% of the cost"
                )
            )
            method = subject_of(verbs, spans, own)
            if method is None:
                continue
            objects = [c for verb in verbs for c in verb.children if c.dep_ == "dobj"]  # "achieves X on A"
            unit = tied_value.unit
            held_by = [unit.head] if unit.dep_ != "conj" else []  # "by 5% on A"; not the clause before "and"
            anchors = [unit, *held_by, metric.root, *verbs, *objects]
            if len(listed) == 1:
                targets: list[Span | None] = [
                    target_of(anchors, spans, own, range(tied_value.end, after))
                    or only_dataset(datasets, doc[method[0] : method[1]].text, verbs)
                ]
            elif (paired := list_targets(listed, targets_of(anchors, spans, own), spans)) is not None:
                targets = paired
            else:
                continue  # which of the datasets is which number's is not said
            baseline = baseline_of(verbs, anchors, spans, own) if relative else None
            for value, target in zip(listed, targets):
                if not value.unit_name and not is_metric_name(metric.text):
                    continue  # "9 maps": a bare number needs a metric's name, not just the recognizer's word
                found.append(
                    Result(
                        value.token.i,
                        value.end,
                        value.value,
                        value.unit_name,
                        metric.start,
                        metric.end,
                        relative,
                        *method,
                        *((target.start, target.end) if target is not None else (-1, -1)),
                        *(
                            (baseline.start, baseline.end)
                            if baseline is not None and (baseline.start, baseline.end) != method
                            else (-1, -1)
                        ),
                    )
                )
    return found


def sentence_datasets(doc: Doc) -> Iterator[tuple[Span, list[Span]]]:
    """Each sentence and the datasets in it, in one pass over both."""
    datasets = sorted((s for s in doc.spans[SPAN_KEY] if s.label_ == "DATASET"), key=lambda s: s.start)
    first = 0
    for sent in doc.sents:
        while first < len(datasets) and datasets[first].start < sent.start:
            first += 1
        last = first
        while last < len(datasets) and datasets[last].start < sent.end:
            last += 1
        yield sent, datasets[first:last]


def list_targets(listed: list[Value], in_turn: list[Span], spans: dict[int, Span]) -> list[Span | None] | None:
    """The dataset of each number of a list: the one named right after it ("4.1% on A, 5.2% on B"), else the
    one at its place in the clause's datasets where the sentence says "respectively", else none where the
    clause names none; None where which is which number's is not said."""
    after = [named_after(v, spans) for v in listed]
    if all(after):
        return after
    if not in_turn:
        return [None] * len(listed)
    respectively = any(t.lower_ == "respectively" for t in listed[0].token.sent)
    return list(in_turn) if respectively and len(in_turn) == len(listed) else None


def only_dataset(datasets: list[Span], method: str, verbs: list[Token]) -> Span | None:
    """The sentence's one dataset (of its `datasets`), where it names one in the result's clause or a clause
    that holds it, and nothing is trained on it ("Experiments on four ECG datasets show that X reduces memory
    by 6x"; not "X reaches 2.1 on A, and Y is 3x faster")."""
    if not verbs or len({d.text for d in datasets}) != 1 or datasets[0].text == method or is_trained_on(datasets[0]):
        return None
    holding, verb = set(verbs), verbs[-1]
    while verb.dep_ != "conj" and verb.head != verb:
        verb = verb.head
        holding.add(verb)
    return datasets[0] if verb_above(datasets[0].root) in holding else None


def target_of(anchors: list[Token], spans: dict[int, Span], own: dict[str, Named], value_words: range) -> Span | None:
    """The one dataset (else task) `targets_of` finds; of several, the one alone in `value_words`, from the value up
    to the sentence's next number ("reducing FID by 19% on A and FVD by 44% on B": A is the 19%'s)."""
    targets = targets_of(anchors, spans, own)
    if len(targets) > 1:
        targets = [t for t in targets if t.start in value_words]
    return targets[0] if len(targets) == 1 else None


@Language.factory("kg_results", requires=["doc.spans", "doc._.own", "token.dep"], assigns=["doc._.results"])
def make_result_finder(nlp: Language, name: str) -> "ResultFinder":
    return ResultFinder()


class ResultFinder:
    def __init__(self) -> None:
        if not Doc.has_extension("results"):
            Doc.set_extension("results", default=[])

    def __call__(self, doc: Doc) -> Doc:
        own = own_spans(doc)
        doc._.results = sorted(list(r) for r in results_of(doc, own))
        return doc
