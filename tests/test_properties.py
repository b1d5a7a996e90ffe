"""Properties that must hold for any input: offset maps, entity keys, and readers facing junk."""

import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kg.clean import clean, has_words, remove_markup
from kg.corpus import read_corpus
from kg.errors import InputError
from kg.resolve import entity_key

# Modest counts keep the suite fast; the database replays any failure found before.
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text rich in the markup clean() handles, mixed with arbitrary characters.
MARKUP = [
    "$",
    "$$",
    "\\",
    "\\emph{",
    "\\alpha",
    "\\log",
    "\\%",
    "\\ ",
    "{",
    "}",
    "*",
    "**",
    "`",
    "``",
    "''",
    '"',
    "_",
    "^",
]
markup_text = st.lists(
    st.one_of(st.sampled_from(MARKUP + [" ", "a", "bc", "\n"]), st.text(max_size=3)), max_size=30
).map("".join)
any_text = st.one_of(markup_text, st.text(max_size=60))


@FAST
@given(any_text, st.data())
def test_a_span_widened_over_markup_cleans_to_the_same_words(raw, data):
    c = clean(raw)
    i = data.draw(st.integers(0, len(c.text)))
    j = data.draw(st.integers(i, len(c.text)))
    s, e = c.to_raw_with_markup(i, j)
    s0, e0 = c.to_raw(i, j)
    assert (s, e) == (s0, e0) or s <= s0 <= e0 <= e and clean(raw[s:e]).text == c.text[i:j]


@FAST
@given(any_text)
def test_every_clean_character_maps_into_the_raw_text(raw):
    c = clean(raw)
    assert len(c.starts) == len(c.ends) == len(c.text)
    for ch, start, end in zip(c.text, c.starts, c.ends):
        assert 0 <= start < end <= len(raw)
        if end - start == 1:
            assert raw[start] == ch  # one raw character gives itself; markup gives nothing or a symbol


@FAST
@given(any_text)
def test_offsets_are_monotonic_and_sources_never_overlap(raw):
    c = clean(raw)
    spans = list(zip(c.starts, c.ends))
    for (s1, e1), (s2, e2) in zip(spans, spans[1:]):
        # one command ("\log" -> "log") gives several characters the same source; else sources follow
        assert (s1, e1) == (s2, e2) or s2 >= e1


@FAST
@given(any_text, st.data())
def test_to_raw_covers_exactly_the_sources_of_a_clean_substring(raw, data):
    c = clean(raw)
    n = len(c.text)
    i = data.draw(st.integers(0, n))
    j = data.draw(st.integers(i, n))
    s, e = c.to_raw(i, j)
    assert 0 <= s <= e <= len(raw)
    inside = set(zip(c.starts[i:j], c.ends[i:j]))
    assert all(s <= a and b <= e for a, b in inside)
    # no character outside the substring comes from inside the span, unless it shares a source with one inside
    outside = set(zip([*c.starts[:i], *c.starts[j:]], [*c.ends[:i], *c.ends[j:]])) - inside
    assert all(b <= s or a >= e for a, b in outside)


@FAST
@given(any_text)
def test_clean_skips_the_full_pass_only_where_it_would_change_nothing(raw):
    """clean() skips the pass per character where kg.clean.MARKUP finds nothing to remove."""
    fast, full = clean(raw), remove_markup(raw)
    assert (fast.text, list(fast.starts), list(fast.ends)) == (full.text, list(full.starts), list(full.ends))


@FAST
@given(
    st.lists(
        st.sampled_from(["$x^2$", "$$\\alpha + \\beta$$", "\\emph{$O(n)$}", "\\cite{}", " ", ".", "1", "(3)", "\\\\"]),
        max_size=8,
    ).map("".join)
)
def test_math_commands_and_numbers_are_not_words(raw):
    assert not has_words(raw)


@FAST
@given(any_text, st.sampled_from(["model", "GNN", "ImageNet", "模型", "données"]))
def test_a_plain_word_between_spaces_is_a_word(raw, word):
    # outside math only when no "$" is left open before it: put it first
    assert has_words(f"{word} {raw}")


# Names built from the pieces that keys fold (fillers, prefixes, plurals, acronyms, punctuation).
NAME_PIECES = [
    "a",
    "the",
    "novel",
    "state-of-the-art",
    "so-called",
    "multi",
    "multi-modal",
    "GNN",
    "GNNs",
    "A-Bs",
    "-",
    "s",
    "as",
    "ies",
    "analyses",
    "cats",
    "organisers",
    "realises",
    "classes",
    "(b",
    "pre-",
    "x.",
    "CIFAR-10",
    "İ",
    "ℂ",
    "(CNNs)",
]
# "x(y)z", nested: "a(b (c) d)e"
parenthesised = st.recursive(
    st.sampled_from(["a", "GNNs", "b-c", ""]),
    lambda inner: st.tuples(inner, inner, inner, st.sampled_from(["", " "])).map(
        lambda t: f"{t[0]}{t[3]}({t[1]}){t[3]}{t[2]}"
    ),
    max_leaves=6,
)
names = st.one_of(
    parenthesised,
    st.lists(st.one_of(st.sampled_from(NAME_PIECES), st.text(max_size=4)), max_size=5).flatmap(
        lambda words: st.sampled_from([" ", "-", ""]).map(lambda sep: sep.join(words))
    ),
    st.text(max_size=20),
)


@settings(max_examples=600, deadline=None)
@given(names)
@example("a(b (c) d)e")  # counterexamples found: one pass of PARENTHETICAL gave "a(b d)e", whose key is "e";
@example("the-model")  # hyphens split after fillers were dropped gave "the model" (key "model");
@example("organisers -")  # the plural of a word before "-" was kept: "organizers" (key "organizer");
@example("aa.s")  # a plural cut to "aa.", which the next pass trims
def test_entity_key_is_idempotent(name):
    key = entity_key(name)
    assert entity_key(key) == key


# Bytes a reader may meet: random, arbitrary text, paper-like records and JSON of any shape, with
# JSON's "\ud800" escapes (lone surrogates) among the strings.
strings = st.one_of(st.text(max_size=12), st.just("\ud800 x"), st.just("We propose X."))
records = st.fixed_dictionaries(
    {"abstract": st.one_of(strings, st.none(), st.integers())},
    optional={
        "id": st.one_of(strings, st.integers()),
        "title": strings,
        "authors": st.one_of(strings, st.lists(strings, max_size=2)),
        "year": strings,
    },
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | strings | records,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["id", "abstract", "papers"]) | st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)


def joined_pieces(pieces: list[str], max_size: int) -> st.SearchStrategy[bytes]:
    """Files made of these pieces of a format's syntax, in any order and number."""
    return st.lists(st.sampled_from(pieces), max_size=max_size).map(lambda parts: "".join(parts).encode())


file_bytes = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(str.encode),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.lists(st.one_of(records, json_values).map(json.dumps), max_size=4).map(lambda lines: "\n".join(lines).encode()),
    st.lists(st.text(alphabet=',"\n\rabstract id', max_size=20), max_size=4).map(lambda rows: "\n".join(rows).encode()),
    # BibTeX-like: entries, braces, quotes, macros and LaTeX in any order
    joined_pieces(
        ["@article{k,", "@string{v = {x}}", "abstract = {", "title = ", "author = {A, B and C}", "}", "{", '"']
        + ['\\"u', "$x$", "v", " We test X.", ",", "\n", "@comment{", "eprint = {2403.01234}"],
        20,
    ),
    # TEI-like: elements of a GROBID document, balanced or not
    joined_pieces(
        ['<TEI xmlns="http://www.tei-c.org/ns/1.0">', "</TEI>", "<teiHeader>", "</teiHeader>", "<title>", "</title>"]
        + ["<profileDesc><abstract><p>", "</p></abstract></profileDesc>", "<text><body><div><head>", "</head><p>"]
        + ["</p></div></body></text>", "We test X.", "&amp;", "&", "<"],
        16,
    ),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(file_bytes, st.sampled_from([".jsonl", ".json", ".csv", ".txt", ".bib", ".tei.xml"]))
def test_readers_raise_nothing_but_input_error(tmp_path, data, suffix):
    path = tmp_path / f"input{suffix}"
    path.write_bytes(data)
    try:
        corpus = read_corpus([path])
    except InputError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
        return
    for paper in corpus.papers:  # every paper can be written as UTF-8 by every export
        fields = [paper.id, paper.abstract, paper.title, paper.url, paper.venue, paper.doi, paper.arxiv, *paper.authors]
        "".join(fields).encode("utf-8")
