"""Faster stand-ins for inner steps of spaCy and of the pipeline's components, computing exactly what spaCy's do.

They were a quarter of a parse (CPU seconds over the 2,732 ICML 2025 abstracts, one process; after: 2.8, 1.0, 2.9):
- the attribute ruler's matching (12.4 s): spaCy's Matcher tries each of its 179 patterns at every token,
  where nearly every pattern fixes the first token's lower-case form or tag, so a dict lookup finds the few to try;
- the lemmatizer (3.8 s): for a form it has not seen, it asks whether each candidate lemma is in a word list
  (57,528 nouns) by scanning the list, and it caches nothing it returns early (singular nouns, base forms);
- kg_relations' DependencyMatcher (9.4 s): it matches every node of its 16 patterns over the whole doc, then
  tries the combinations; walking the tree from the tokens that fit a pattern's first node finds the same.
Others cost little on real text, but their work grew with the square of an abstract's length where it is
written to be slow (a sentence of thousands of names, brackets or quotes: minutes for 20,000 characters):
- the tokenizer's suffix search: a regular expression anchored at the end is tried at every start of the
  string, and the tokenizer strips a string's affixes one at a time (10,000 brackets took 20 s);
- `Span.sent` and `Token.sent`, which walk to the sentence's edges on every call (a table, SentenceTable);
- the English noun chunks, which walk up a coordination from each of its words;
- kg_roles' DependencyMatcher, which tries every noun of a tree with every "novel" in it (TreeMatch too).
The matrix products of the networks (the tok2vec layers of the English model and of the NER, the tagger,
the parser, and the list recognizer, which kg_listed runs itself and shows as its model) go to
NumPy's BLAS instead of thinc's BLIS: the same annotations (ICML 2025's exports are byte-identical), a parse in
0.72 of the time (800 of its abstracts in one process: 27.9 s, 20.2 s; the list recognizer's products alone
take the parse of all 2,732 in two workers from 92 to 80 CPU seconds); a product of
the NER's shape, 16,000 x 288 by 288 x 288, takes 90 ms through BLIS, 30 ms through NumPy's OpenBLAS. And the
NER's floret vectors are kept for the words already seen: floret makes a word's vector from the hashes of its
character n-grams each time the word comes (0.74 s of an 18-second parse of 800 abstracts; 0.34 s kept).
`speed_up` installs them on a loaded pipeline; patterns of a kind not handled here keep spaCy's matchers.
tests/nlp/test_fast.py checks that every token gets the same annotations, every doc the same matches, noun
chunks and sentences, and the tokenizer the same suffixes; tests/nlp/test_linear_work.py that the work grows
with the length.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Iterator, TypeVar, cast

import numpy
from spacy.attrs import DEP, HEAD, IS_ALPHA, IS_DIGIT, IS_PUNCT, IS_SPACE, LEMMA, LOWER, NORM, ORTH, POS, TAG
from spacy.errors import Errors
from spacy.lang.en.syntax_iterators import noun_chunks as english_noun_chunks
from spacy.language import Language
from spacy.lookups import Lookups
from spacy.matcher import DependencyMatcher
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.strings import StringStore, get_string_id
from spacy.symbols import NOUN, PRON, PROPN
from spacy.tokens import Doc, Span, Token
from spacy.vectors import BaseVectors, Mode, Vectors
from thinc.api import Model, NumpyOps

from .relations import RelationFinder
from .roles import PATTERNS as ROLE_PATTERNS
from .roles import RoleMarker

# Matcher attribute -> the attribute id `Doc.to_array` reads it by: a string's id (its hash, or its symbol), or 0/1.
ATTR_IDS = {
    "ORTH": ORTH,
    "TEXT": ORTH,
    "LOWER": LOWER,
    "NORM": NORM,
    "TAG": TAG,
    "POS": POS,
    "DEP": DEP,
    "LEMMA": LEMMA,
    "IS_SPACE": IS_SPACE,
    "IS_PUNCT": IS_PUNCT,
    "IS_DIGIT": IS_DIGIT,
    "IS_ALPHA": IS_ALPHA,
}
INDEXED = (LOWER, TAG, DEP, IS_SPACE)  # a pattern is looked up by the first of these its first token fixes
INDEXED_NODE = (LEMMA, LOWER, ORTH, TAG, POS)  # likewise, by one value or a set of them
# attribute id, "==" | "IN" | "NOT_IN" | "REGEX", operand: a value's id (or 0/1), a set of ids, a compiled
# regular expression searched in the value's string
Test = tuple[int, str, Any]
Values = dict[int, list[int]]  # attribute id -> its value at each token of a doc
Entry = TypeVar("Entry")  # what a matcher's index holds: a pattern, or its number


def value_id(value: str | bool) -> int:
    return int(value) if isinstance(value, bool) else get_string_id(value)


def token_tests(spec: dict[str, Any]) -> list[Test] | None:
    """One token of a Matcher pattern as tests on token attributes; None if it uses anything else
    (quantifiers, fuzzy or numeric comparisons, extension attributes ...)."""
    tests: list[Test] = []
    for key, value in spec.items():
        if key not in ATTR_IDS:
            return None
        if isinstance(value, dict):
            if len(value) != 1 or not {"IN", "NOT_IN", "REGEX"} >= value.keys():
                return None
            ((op, operand),) = value.items()
            compiled = re.compile(operand) if op == "REGEX" else frozenset(value_id(v) for v in operand)
            tests.append((ATTR_IDS[key], op, compiled))
        elif isinstance(value, (str, bool)):
            tests.append((ATTR_IDS[key], "==", value_id(value)))
        else:
            return None
    return tests


def token_values(doc: Doc, attrs: list[int]) -> Values:
    """`attrs` of every token of `doc`, read at once: reading them token by token makes a Token and a string
    for each read (a matcher's tests read about twenty a token)."""
    if not attrs:
        return {}
    return dict(zip(attrs, doc.to_array(list[int | str](attrs)).T.tolist()))


def tested_attrs(tests: Iterable[list[Test]]) -> list[int]:
    return sorted({attr for token in tests for attr, _, _ in token})


def passes(values: Values, i: int, tests: list[Test], strings: StringStore) -> bool:
    """What spaCy's Matcher checks of token `i`: equality, set membership, a regular expression found in the
    text."""
    for attr, op, operand in tests:
        actual = values[attr][i]
        if op == "==":
            ok = actual == operand
        elif op == "REGEX":
            ok = operand.search(strings[actual]) is not None
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
        # attribute id -> its value -> (attribute index, match id, the first token's other tests, the next tokens' tests)
        self.index: dict[int, dict[int, list[tuple[int, int, list[Test], list[list[Test]]]]]] = {}
        self.rest: list[tuple[int, int, list[Test], list[list[Test]]]] = []  # patterns no value finds
        for attr_id, match_id, (first, *later) in patterns:
            key = next((test for attr in INDEXED for test in first if test[0] == attr and test[1] == "=="), None)
            entry = (attr_id, match_id, [test for test in first if test is not key], later)
            if key is None:
                self.rest.append(entry)
            else:
                self.index.setdefault(key[0], {}).setdefault(key[2], []).append(entry)
        self.attrs = tested_attrs(tests for _, _, pattern in patterns for tests in pattern)  # the index's too

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
        values = token_values(doc, self.attrs)
        strings = doc.vocab.strings
        for i, candidates in enumerate(indexed_candidates(values, self.index, self.rest, n)):
            for attr_id, match_id, first, later in candidates:
                if first and not passes(values, i, first, strings):
                    continue
                end = i + 1 + len(later)
                if later and (
                    end > n or not all(passes(values, j, tests, strings) for j, tests in zip(range(i + 1, end), later))
                ):
                    continue
                matches.append((attr_id, match_id, i, end))
        matches.sort()
        return matches


def tree_roots(heads: list[int]) -> list[int]:
    """The root of each token's tree, as Token.ancestors reaches it, from each token's head: each token's path
    up is walked once, as far as a token whose root is known (walking each to the root was a read of the
    sentence per token where the parse is one long chain)."""
    roots = [-1] * len(heads)  # -1: not known yet
    for i in range(len(heads)):
        path: list[int] = []
        while roots[i] < 0 and heads[i] != i and len(path) < len(heads):
            path.append(i)
            i = heads[i]
        root = i if roots[i] < 0 else roots[i]
        for j in (*path, i):
            roots[j] = root
    return roots


def indexed_candidates(
    values: Values, index: dict[int, dict[int, list[Entry]]], rest: list[Entry], n: int
) -> Iterator[list[Entry]]:
    """For each of `n` tokens, what `index` (attribute id -> value -> entries) finds by its values, after the
    entries no value finds (`rest`)."""
    columns = [(values[attr], by_value) for attr, by_value in index.items()]
    for i in range(n):
        candidates = [*rest]
        for column, by_value in columns:
            candidates += by_value.get(column[i], ())
        yield candidates


def head_indices(doc: Doc) -> list[int]:
    """Each token's head, as an index into `doc` (`to_array` gives the offset from the token, wrapped as unsigned)."""
    offsets = doc.to_array(HEAD).astype(numpy.int64)
    return (numpy.arange(len(doc), dtype=numpy.int64) + offsets).tolist()


Node = tuple[int, str, list[Test]]  # the earlier node it hangs from, its operator (">" | ";"), its tests


class TreeMatch:
    """`DependencyMatcher.__call__` for patterns whose every node hangs from an earlier one as its child (">")
    or as the token just before it (";"): the same (match id, token ids) matches, found by walking from the
    tokens that fit each pattern's first node, where spaCy's matches each node's token pattern over the whole
    doc, then tries every combination of the tokens found in one tree."""

    def __init__(self, patterns: list[tuple[int, list[Test], list[Node]]]) -> None:
        self.patterns = patterns
        self.index: dict[int, dict[int, list[int]]] = {}  # attribute id -> value -> patterns whose first node needs it
        self.rest: list[int] = []
        for p, (_, first, _) in enumerate(patterns):
            key = next((test for test in first if test[0] in INDEXED_NODE and test[1] in ("==", "IN")), None)
            if key is None:
                self.rest.append(p)
            else:
                by_value = self.index.setdefault(key[0], {})
                for value in [key[2]] if key[1] == "==" else key[2]:
                    by_value.setdefault(value, []).append(p)
        self.attrs = tested_attrs(
            tests for _, first, nodes in patterns for tests in (first, *(node[2] for node in nodes))
        )

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
        values = token_values(doc, self.attrs)
        strings = doc.vocab.strings
        heads = head_indices(doc)
        roots = tree_roots(heads)
        children: list[list[int]] = [[] for _ in heads]  # in order, as Token.children gives them
        for i, head in enumerate(heads):
            if head != i:
                children[head].append(i)
        edges: dict[int, tuple[int, int]] = {}  # a root -> the first and last token of its tree
        matches: list[tuple[int, list[int]]] = []

        def after(left: int, op: str) -> list[int]:
            """The tokens `op` relates to token `left`: its children, or the one before it in its tree."""
            if op == ">":
                return children[left]
            root = roots[left]
            if root not in edges:
                edges[root] = (doc[root].left_edge.i, doc[root].right_edge.i)
            first, last = edges[root]
            return [left - 1] if left > 0 and first <= left - 1 <= last else []

        def extend(match_id: int, nodes: list[Node], found: list[int]) -> None:
            if len(found) == len(nodes) + 1:
                matches.append((match_id, list(found)))
                return
            left, op, tests = nodes[len(found) - 1]
            for i in after(found[left], op):
                if roots[i] == roots[found[0]] and passes(values, i, tests, strings):
                    found.append(i)
                    extend(match_id, nodes, found)
                    found.pop()

        for i, candidates in enumerate(indexed_candidates(values, self.index, self.rest, len(heads))):
            for p in candidates:
                match_id, first, nodes = self.patterns[p]
                if passes(values, i, first, strings):
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


SUFFIX_REACH = 100  # characters; spaCy's suffix rules match at most a few, or a run of dots


class TailSuffixSearch:
    """The tokenizer's `suffix_search` started `reach` characters before the end of a long string: the same
    match, since a suffix rule matches a few characters or a run of one (dots), and a match that starts right
    at the start of the search may be such a run reaching further back, so that the whole string is searched
    then. (Characters before the start stay visible to look-behinds.)"""

    def __init__(self, pattern: re.Pattern[str], reach: int = SUFFIX_REACH) -> None:
        self.pattern = pattern
        self.reach = reach
        self.__self__ = pattern  # what spaCy saves of a tokenizer's search (`search.__self__.pattern`)

    def __call__(self, string: str) -> re.Match[str] | None:
        start = len(string) - self.reach
        if start <= 0:
            return self.pattern.search(string)
        found = self.pattern.search(string, start)
        return self.pattern.search(string) if found is not None and found.start() == start else found


NOUN_PHRASE_DEPS = ["oprd", "nsubj", "dobj", "nsubjpass", "pcomp", "pobj", "dative", "appos", "attr", "ROOT"]


def noun_chunks(doclike: Doc | Span) -> Iterator[tuple[int, int, int]]:
    """spaCy's English noun chunks (spacy.lang.en.syntax_iterators.noun_chunks, whose steps these are), with
    the walk from a coordinated word up to the first of its list remembered: spaCy's walks it for each word, a
    read of the list per name in it (a list of 4,000 names took 12 s to parse)."""
    doc = doclike.doc
    if not doc.has_annotation("DEP"):
        raise ValueError(Errors.E029)
    np_deps = [doc.vocab.strings.add(label) for label in NOUN_PHRASE_DEPS]
    conj = doc.vocab.strings.add("conj")
    np_label = doc.vocab.strings.add("NP")
    first_of: dict[int, Token] = {}  # token -> where the walk up from it ends

    def first_conjunct(head: Token) -> Token:
        path = []
        while head.i not in first_of and head.dep == conj and head.head.i < head.i:
            path.append(head.i)
            head = head.head
        found = first_of.get(head.i, head)
        for i in path:
            first_of[i] = found
        return found

    prev_end = -1
    for word in doclike:
        if word.pos not in (NOUN, PROPN, PRON):
            continue
        if word.left_edge.i <= prev_end:  # no nested chunks
            continue
        if word.dep in np_deps:
            prev_end = word.i
            yield word.left_edge.i, word.i + 1, np_label
        elif word.dep == conj and first_conjunct(word.head).dep in np_deps:  # coordinated to a noun phrase
            prev_end = word.i
            yield word.left_edge.i, word.i + 1, np_label


class SentenceTable:
    """`Span.sent` (and `Token.sent`, which asks it) looked up in a table of each token's sentence, as a doc's
    span hook: spaCy's walks to the sentence's edges on every call, a read of the sentence for each name a rule
    asks about in it."""

    def __init__(self, doc: Doc) -> None:
        self.bounds: list[tuple[int, int]] = []  # each token's sentence's start and end
        for sentence in doc.sents:
            self.bounds += [(sentence.start, sentence.end)] * len(sentence)

    def __call__(self, span: Span) -> Span:
        start, end = self.bounds[span.start]
        return span.doc[start:end]


@Language.component("kg_sentence_table")
def add_sentence_table(doc: Doc) -> Doc:
    doc.user_span_hooks["sent"] = SentenceTable(doc)
    return doc


def speed_up(nlp: Language) -> None:
    """Install the stand-ins on `nlp`'s tokenizer, attribute ruler, rule lemmatizer, role marker and relation
    finder, where it has them, and the sentence table after its parser (which sets the sentences: nothing after
    it changes them)."""
    search = getattr(nlp.tokenizer, "suffix_search", None)
    if isinstance(pattern := getattr(search, "__self__", None), re.Pattern):
        nlp.tokenizer.suffix_search = TailSuffixSearch(pattern)  # type: ignore[union-attr]  # a Tokenizer
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
    if "kg_roles" in nlp.pipe_names:
        marker = nlp.get_pipe("kg_roles")
        if isinstance(marker, RoleMarker) and (tree := TreeMatch.of(marker.matcher, list(ROLE_PATTERNS))) is not None:
            marker.matcher = tree  # type: ignore[assignment]  # a stand-in with the same results
    if nlp.vocab.get_noun_chunks is english_noun_chunks:
        nlp.vocab.get_noun_chunks = noun_chunks  # type: ignore[assignment]  # typed as spans; yields spaCy's triples
    if "parser" in nlp.pipe_names and "kg_sentence_table" not in nlp.pipe_names:
        nlp.add_pipe("kg_sentence_table", after="parser")
    numpy_products(nlp)
    if isinstance(nlp.vocab.vectors, Vectors) and nlp.vocab.vectors.mode == Mode.floret:
        nlp.vocab.vectors = MemoizedVectors(nlp.vocab.vectors)
    if "lemmatizer" in nlp.pipe_names:
        lemmatizer = nlp.get_pipe("lemmatizer")
        if isinstance(lemmatizer, Lemmatizer) and lemmatizer.mode == "rule":
            lemmatizer.lookups = indexed_lookups(lemmatizer.lookups)
            lemmatizer.lemmatize = memoized(lemmatizer.rule_lemmatize)  # type: ignore[assignment]  # a memo of the same function


def numpy_products(nlp: Language) -> None:
    """Every network of `nlp` computes its matrix products with NumPy (`NumpyOps(use_blis=False)`); models
    on another backend (a GPU) are left alone."""
    ops = NumpyOps(use_blis=False)
    for _, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if isinstance(model, Model):
            for node in model.walk():
                if type(node.ops) is NumpyOps:
                    node.ops = ops


class MemoizedVectors(BaseVectors):
    """Floret vectors whose `get_batch` keeps each word's vector once made (up to `limit` words: a 31.7k-abstract
    build meets about 300,000); every other use goes to the vectors it wraps. The static-vectors layer asks only
    for `get_batch`, and floret computes each word's vector alone, so a batch gets the same rows."""

    def __init__(self, vectors: Vectors, limit: int = 200_000) -> None:
        super().__init__(strings=vectors.strings)
        self.vectors = vectors
        self.limit = limit
        self.rows: dict[int, Any] = {}

    def get_batch(self, keys: Any) -> Any:
        keys = [int(key) for key in keys]
        rows = self.rows
        new = [key for key in dict.fromkeys(keys) if key not in rows]
        made = {key: row.copy() for key, row in zip(new, self.vectors.get_batch(new))} if new else {}
        if len(rows) < self.limit:
            rows.update(made)
        return (
            numpy.stack([rows[key] if key in rows else made[key] for key in keys])
            if keys
            else self.vectors.get_batch(keys)
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self.vectors, name)

    def __getitem__(self, key: Any) -> Any:
        return self.vectors[key]

    def __contains__(self, key: Any) -> bool:
        return key in self.vectors

    def __len__(self) -> int:
        return len(self.vectors)

    @property
    def shape(self) -> tuple[int, int]:
        return self.vectors.shape

    @property
    def vectors_length(self) -> int:
        return self.vectors.vectors_length

    @property
    def size(self) -> int:
        return self.vectors.size
