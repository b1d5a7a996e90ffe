"""Faster stand-ins for three inner steps of the pipeline's components, computing exactly what spaCy's do.

They were a quarter of a parse (CPU seconds over the 2,732 ICML 2025 abstracts, one process; after: 2.8, 1.0, 2.9):
- the attribute ruler's matching (12.4 s): spaCy's Matcher tries each of its 179 patterns at every token,
  where nearly every pattern fixes the first token's lower-case form or tag, so a dict lookup finds the few to try;
- the lemmatizer (3.8 s): for a form it has not seen, it asks whether each candidate lemma is in a word list
  (57,528 nouns) by scanning the list, and it caches nothing it returns early (singular nouns, base forms);
- kg_relations' DependencyMatcher (9.4 s): it matches every node of its 16 patterns over the whole doc, then
  tries the combinations; walking the tree from the tokens that fit a pattern's first node finds the same.
`speed_up` installs them on a loaded pipeline; patterns of a kind not handled here keep spaCy's matchers.
tests/nlp/test_fast.py checks that every token gets the same annotations and every doc the same matches.
"""

from __future__ import annotations

import re
from typing import Any, Callable, cast

from spacy.language import Language
from spacy.lookups import Lookups
from spacy.matcher import DependencyMatcher
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.tokens import Doc, Token

from .relations import RelationFinder

# Matcher attribute -> Token attribute holding the same value (as text, or a bool).
TOKEN_ATTRS = {
    "ORTH": "orth_",
    "TEXT": "text",
    "LOWER": "lower_",
    "NORM": "norm_",
    "TAG": "tag_",
    "POS": "pos_",
    "DEP": "dep_",
    "LEMMA": "lemma_",
    "IS_SPACE": "is_space",
    "IS_PUNCT": "is_punct",
    "IS_DIGIT": "is_digit",
    "IS_ALPHA": "is_alpha",
}
INDEXED = ("lower_", "tag_", "dep_", "is_space")  # a pattern is looked up by the first of these its first token fixes
INDEXED_NODE = ("lemma_", "lower_", "orth_", "tag_", "pos_")  # likewise, by one value or a set of them
Test = tuple[str, str, Any]  # token attribute, "==" | "IN" | "NOT_IN" | "REGEX", operand


def token_tests(spec: dict[str, Any]) -> list[Test] | None:
    """One token of a Matcher pattern as tests on token attributes; None if it uses anything else
    (quantifiers, fuzzy or numeric comparisons, extension attributes ...)."""
    tests: list[Test] = []
    for key, value in spec.items():
        if key not in TOKEN_ATTRS:
            return None
        if isinstance(value, dict):
            if len(value) != 1 or not {"IN", "NOT_IN", "REGEX"} >= value.keys():
                return None
            ((op, operand),) = value.items()
            tests.append((TOKEN_ATTRS[key], op, re.compile(operand) if op == "REGEX" else frozenset(operand)))
        elif isinstance(value, (str, bool)):
            tests.append((TOKEN_ATTRS[key], "==", value))
        else:
            return None
    return tests


def passes(token: Token, tests: list[Test]) -> bool:
    """What spaCy's Matcher checks: equality, set membership, a regular expression found in the text."""
    for attr, op, operand in tests:
        actual = getattr(token, attr)
        if op == "==":
            ok = actual == operand
        elif op == "REGEX":
            ok = operand.search(actual) is not None
        else:
            ok = (actual in operand) == (op == "IN")
        if not ok:
            return False
    return True


class IndexedRulerMatch:
    """`AttributeRuler.match` with each pattern looked up by an attribute value its first token requires
    (its lower-case form, tag, dependency label ...): the same (attribute index, match id, start, end)
    tuples, sorted as spaCy sorts them."""

    def __init__(self, patterns: list[tuple[int, int, list[list[Test]]]]) -> None:
        # token attribute -> its value -> (attribute index, match id, the first token's other tests, the next tokens' tests)
        self.index: dict[str, dict[Any, list[tuple[int, int, list[Test], list[list[Test]]]]]] = {}
        self.rest: list[tuple[int, int, list[Test], list[list[Test]]]] = []  # patterns no value finds
        for attr_id, match_id, (first, *later) in patterns:
            key = next((test for attr in INDEXED for test in first if test[0] == attr and test[1] == "=="), None)
            entry = (attr_id, match_id, [test for test in first if test is not key], later)
            if key is None:
                self.rest.append(entry)
            else:
                self.index.setdefault(key[0], {}).setdefault(key[2], []).append(entry)

    @classmethod
    def of(cls, ruler: AttributeRuler) -> IndexedRulerMatch | None:
        """The indexed match of `ruler`'s patterns, or None if one of them is of a kind not handled here."""
        patterns: list[tuple[int, int, list[list[Test]]]] = []
        for attr_id, entry in enumerate(ruler.patterns):
            match_id = ruler.vocab.strings[str(attr_id)]
            for pattern in cast(list[list[dict[str, Any]]], entry["patterns"]):
                tokens = [tests for spec in pattern if (tests := token_tests(spec)) is not None]
                if not pattern or len(tokens) != len(pattern):
                    return None
                patterns.append((attr_id, match_id, tokens))
        return cls(patterns)

    def __call__(self, doc: Doc) -> list[tuple[int, int, int, int]]:
        matches = []
        n = len(doc)
        for i, token in enumerate(doc):
            candidates = [*self.rest]
            for attr, by_value in self.index.items():
                candidates += by_value.get(getattr(token, attr), ())
            for attr_id, match_id, first, later in candidates:
                if first and not passes(token, first):
                    continue
                end = i + 1 + len(later)
                if later and (end > n or not all(passes(doc[j], tests) for j, tests in zip(range(i + 1, end), later))):
                    continue
                matches.append((attr_id, match_id, i, end))
        matches.sort()
        return matches


Node = tuple[int, str, list[Test]]  # the earlier node it hangs from, its operator (">" | ";"), its tests


class TreeMatch:
    """`DependencyMatcher.__call__` for patterns whose every node hangs from an earlier one as its child (">")
    or as the token just before it (";"): the same (match id, token ids) matches, found by walking from the
    tokens that fit each pattern's first node, where spaCy's matches each node's token pattern over the whole
    doc, then tries every combination of the tokens found in one tree."""

    def __init__(self, patterns: list[tuple[int, list[Test], list[Node]]]) -> None:
        self.patterns = patterns
        self.index: dict[
            str, dict[Any, list[int]]
        ] = {}  # token attribute -> value -> patterns whose first node needs it
        self.rest: list[int] = []
        for p, (_, first, _) in enumerate(patterns):
            key = next((test for test in first if test[0] in INDEXED_NODE and test[1] in ("==", "IN")), None)
            if key is None:
                self.rest.append(p)
            else:
                by_value = self.index.setdefault(key[0], {})
                for value in [key[2]] if key[1] == "==" else key[2]:
                    by_value.setdefault(value, []).append(p)

    @classmethod
    def of(cls, matcher: DependencyMatcher, keys: list[str]) -> TreeMatch | None:
        """The patterns `matcher` holds under `keys`, or None if one is of a kind not handled here."""
        patterns: list[tuple[int, list[Test], list[Node]]] = []
        for key in keys:
            for pattern in matcher.get(key)[1]:
                ids = [node["RIGHT_ID"] for node in pattern]
                first = token_tests(pattern[0].get("RIGHT_ATTRS", {}))
                nodes = [
                    (ids.index(node["LEFT_ID"]), node["REL_OP"], tests)
                    for node in pattern[1:]
                    if (tests := token_tests(node.get("RIGHT_ATTRS", {}))) is not None
                ]
                if first is None or len(nodes) != len(pattern) - 1 or any(op not in (">", ";") for _, op, _ in nodes):
                    return None
                patterns.append((matcher.vocab.strings.add(key), first, nodes))
        return cls(patterns)

    def __call__(self, doc: Doc) -> list[tuple[int, list[int]]]:
        tokens = list(doc)
        heads = [t.head.i for t in tokens]
        roots = []  # the root of each token's tree, as Token.ancestors reaches it
        for i in range(len(tokens)):
            steps = 0
            while heads[i] != i and steps < len(tokens):
                i, steps = heads[i], steps + 1
            roots.append(i)
        children: list[list[int] | None] = [None] * len(tokens)  # found when first asked for
        matches: list[tuple[int, list[int]]] = []

        def after(left: int, op: str) -> list[int]:
            """The tokens `op` relates to token `left`: its children, or the one before it in its tree."""
            if op == ">":
                found = children[left]
                if found is None:
                    found = children[left] = [child.i for child in tokens[left].children]
                return found
            root = tokens[roots[left]]
            return [left - 1] if left > 0 and root.left_edge.i <= left - 1 <= root.right_edge.i else []

        def extend(match_id: int, nodes: list[Node], found: list[int]) -> None:
            if len(found) == len(nodes) + 1:
                matches.append((match_id, list(found)))
                return
            left, op, tests = nodes[len(found) - 1]
            for i in after(found[left], op):
                if roots[i] == roots[found[0]] and passes(tokens[i], tests):
                    found.append(i)
                    extend(match_id, nodes, found)
                    found.pop()

        for i, token in enumerate(tokens):
            candidates = list(self.rest)
            for attr, by_value in self.index.items():
                candidates += by_value.get(getattr(token, attr), ())
            for p in candidates:
                match_id, first, nodes = self.patterns[p]
                if passes(token, first):
                    extend(match_id, nodes, [i])
        return matches


def indexed_lookups(lookups: Lookups) -> Lookups:
    """The lemmatizer's tables with its word lists ("lemma_index": 57,528 nouns ...) as sets: it only asks
    whether a candidate form is in one, which on a list is a scan (200 µs a new word)."""
    indexed = Lookups()
    for name in lookups.tables:
        table = lookups.get_table(name)
        indexed.add_table(
            name, {key: frozenset(words) for key, words in table.items()} if name == "lemma_index" else table
        )
    return indexed


def memoized(lemmatize: Callable[[Token], list[str]]) -> Callable[[Token], list[str]]:
    """`lemmatize` remembered by what the rule lemmatizer reads of a token: its text, POS and morphology."""
    memo: dict[tuple[int, int, int], list[str]] = {}

    def lemmas(token: Token) -> list[str]:
        key = (token.orth, token.pos, token.morph.key)  # type: ignore[attr-defined]  # a hash, in spaCy's .pyx only
        found = memo.get(key)
        if found is None:
            found = memo[key] = lemmatize(token)
        return found

    return lemmas


def speed_up(nlp: Language) -> None:
    """Install the stand-ins on `nlp`'s attribute ruler, rule lemmatizer and relation finder, where it has them."""
    if "attribute_ruler" in nlp.pipe_names:
        ruler = nlp.get_pipe("attribute_ruler")
        if isinstance(ruler, AttributeRuler) and (match := IndexedRulerMatch.of(ruler)) is not None:
            ruler.match = match  # type: ignore[method-assign]  # a stand-in with the same results
    if "kg_relations" in nlp.pipe_names:
        finder = nlp.get_pipe("kg_relations")
        if (
            isinstance(finder, RelationFinder)
            and (tree := TreeMatch.of(finder.matcher, list(finder.anchors))) is not None
        ):
            finder.matcher = tree  # type: ignore[assignment]  # a stand-in with the same results
    if "lemmatizer" in nlp.pipe_names:
        lemmatizer = nlp.get_pipe("lemmatizer")
        if isinstance(lemmatizer, Lemmatizer) and lemmatizer.mode == "rule":
            lemmatizer.lookups = indexed_lookups(lemmatizer.lookups)
            lemmatizer.lemmatize = memoized(lemmatizer.rule_lemmatize)  # type: ignore[assignment]  # a memo of the same function
