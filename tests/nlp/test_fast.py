"""kg.nlp.fast: its stand-ins annotate every token and find every relation-pattern match exactly as spaCy's own
components do (a new English model, spaCy release or relation pattern must not change that silently)."""

import importlib
import json
import random

import spacy
from spacy.lang.en.syntax_iterators import noun_chunks as english_noun_chunks
from spacy.matcher import DependencyMatcher
from thinc.api import Model

from kg.clean import clean
from kg.layout import NER_MODEL_DIR, SAMPLE_INPUT
from kg.nlp.fast import (
    SUFFIX_REACH,
    IndexedRulerMatch,
    MemoizedVectors,
    SentenceTable,
    TailSuffixSearch,
    TreeMatch,
    noun_chunks,
    numpy_products,
    speed_up,
)
from kg.nlp.fingerprint import base_model_name
from kg.nlp.pipeline import add_recognizers, load_parser
from kg.nlp.relations import PATTERNS
from kg.nlp.roles import PATTERNS as ROLE_PATTERNS
from kg.settings import LISTED_KEY

SAMPLE = [clean(json.loads(line)["abstract"]).text for line in SAMPLE_INPUT.read_text(encoding="utf-8").splitlines()]
# What the attribute ruler's multi-token and regular-expression patterns are about, and some of the rest.
EXCEPTIONS = [
    "We don't know, ain't nothin' like it; y'all can't say we won't. Gonna try, wanna see, gotta go.",
    "The model 's accuracy is 95 % . Cannot , shan't , d'ye , 'cause , o'clock , ma'am .",
    "Yes , Y' know ... \n\n  two  spaces , then    more ; a line break\n ends it .",
    "Let's go, c'mon! They gave it to me and you, so we have been here; we are, I am, you've been. "
    "There is a way and there are two, because it works if you do what he did and she has done.",
]
# A sentence for each relation pattern, and some with several cues or none.
RELATION_CUES = [
    "We propose OTTER, a novel VLA architecture for robot manipulation. TANGO is a clustering method.",
    "We apply graph neural networks to molecular property prediction, and LoRA is used for fine-tuning.",
    "We evaluate GRAMA on the ImageNet benchmark. GRAMA achieves 90% accuracy on CIFAR-10 and SVHN.",
    "Experiments on CIFAR-10 and ImageNet show that GRAMA outperforms ResNet. ResNet is outperformed by GRAMA.",
    "Compared to DoRA, LoRA achieves higher accuracy. We compare LoRA with DoRA. LoRA is faster than DoRA.",
    "We design a clustering method called TANGO. Methods such as SAM, like SWA, including EMA, help. BERT versus GPT.",
    "GRAMA relies on ImageNet. Graph Neural Networks (GNNs) are widely used, and so is Mamba, a modern RNN.",
]

# Strings about as long as the suffix search's reach, of the characters its rules strip: runs of dots (the one
# rule that matches any length), brackets, quotes, units after a number.
NEAR_THE_REACH = [
    piece * n + end
    for n in (SUFFIX_REACH - 3, SUFFIX_REACH - 1, SUFFIX_REACH, SUFFIX_REACH + 1, 2 * SUFFIX_REACH)
    for piece, end in ((".", ""), ("(", ""), ("a", "."), ("a", ".."), ("5", "km"), ("x", "'s"), ('"', ")"), ("A", "."))
] + ["a" + "." * (SUFFIX_REACH + 5), "(" + "." * (2 * SUFFIX_REACH) + ")", "a" * (SUFFIX_REACH - 1) + "..."]
# A list of names, novel things and coordinated noun phrases, as the adversarial abstracts write them.
LISTS = [
    "We evaluate on " + "ABC-1 and " * 30 + "ImageNet.",
    "We use " + "Abc, " * 40 + "and Xyz for " + "method for task for " * 10 + "tasks.",
    "We propose " + "a novel ABC and " * 20 + "OTTER, a novel VLA architecture, and " + "DEF, a new model, " * 5,
    '"Game of 24" and ' * 10 + "are solved by LoRA, DoRA and QLoRA, which outperform GPT-4, Llama and Qwen.",
]


def annotations(nlp, texts):
    return [
        [(t.text, t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_, t.head.i) for t in doc] for doc in nlp.pipe(texts)
    ]


def test_the_attribute_ruler_and_lemmatizer_stand_ins_annotate_tokens_as_spacy_does():
    model = importlib.import_module(base_model_name())
    plain, quick = model.load(exclude=["ner"]), model.load(exclude=["ner"])
    speed_up(quick)
    assert isinstance(
        quick.get_pipe("attribute_ruler").match, IndexedRulerMatch
    )  # every pattern was of a kind it handles
    assert not quick.get_pipe("parser").model.ops.use_blis  # the products go to NumPy
    texts = SAMPLE + EXCEPTIONS + NEAR_THE_REACH + LISTS
    assert annotations(quick, texts) == annotations(plain, texts)


def test_the_trained_ner_finds_the_same_spans_with_numpys_products_and_memoized_vectors():
    plain, quick = spacy.load(NER_MODEL_DIR), spacy.load(NER_MODEL_DIR)
    numpy_products(quick)
    quick.vocab.vectors = MemoizedVectors(quick.vocab.vectors)
    assert all(not node.ops.use_blis for node in quick.get_pipe("ner").model.walk())
    assert plain.get_pipe("ner").model.ops.use_blis
    texts = SAMPLE + LISTS
    spans = [[(e.start, e.end, e.label_) for e in doc.ents] for doc in quick.pipe(texts)]
    assert sum(map(len, spans)) > 100
    assert spans == [[(e.start, e.end, e.label_) for e in doc.ents] for doc in plain.pipe(texts)]
    assert len(quick.vocab.vectors.rows) > 1000  # the vectors came from the memo
    again = [[(e.start, e.end, e.label_) for e in doc.ents] for doc in quick.pipe(texts)]  # every word seen before
    assert again == spans


def test_the_list_recognizer_finds_the_same_spans_with_numpys_products():
    """kg_listed runs its recognizer itself, and shows the recognizer's network as its model."""

    def recognizers():
        nlp = load_parser()
        add_recognizers(nlp)
        return nlp

    plain, quick = recognizers(), recognizers()
    numpy_products(quick)
    assert quick.get_pipe("kg_listed").model is quick.get_pipe("kg_listed").recognizer.model
    networks = [model for _, proc in quick.pipeline if isinstance(model := getattr(proc, "model", None), Model)]
    assert any(model is quick.get_pipe("kg_listed").model for model in networks)
    assert all(not node.ops.use_blis for model in networks for node in model.walk())
    assert all(node.ops.use_blis for node in plain.get_pipe("kg_listed").recognizer.model.walk())
    texts = SAMPLE + LISTS

    def found(nlp):
        return [[(s.start, s.end, s.label_) for s in doc.spans[LISTED_KEY]] for doc in nlp.pipe(texts)]

    spans = found(quick)
    assert sum(map(len, spans)) > 50
    assert spans == found(plain)


def test_the_suffix_search_finds_what_spacys_finds(nlp):
    search = nlp.tokenizer.suffix_search
    assert isinstance(search, TailSuffixSearch)
    pieces = [".", "..", "(", ")", '"', "'", "a", "A", "5", "km", "%", "-", "…"]
    rng = random.Random(0)
    made = [
        "".join(rng.choice(pieces) * rng.choice((1, 1, 2, 40, 99)) for _ in range(rng.randint(1, 12)))
        for _ in range(3000)
    ]
    strings = [s for text in SAMPLE + EXCEPTIONS for s in text.split()] + NEAR_THE_REACH + made
    assert sum(len(s) > SUFFIX_REACH for s in strings) > 1000
    for string in strings:
        ours, spacys = search(string), search.pattern.search(string)
        assert (ours and ours.span()) == (spacys and spacys.span()), string


def test_sentences_from_the_table_are_spacys(nlp):
    for doc in nlp.pipe(SAMPLE + LISTS):
        assert isinstance(doc.user_span_hooks["sent"], SentenceTable)
        spans = [doc[i : i + 1] for i in range(len(doc))] + [doc[i : i + 7] for i in range(0, len(doc) - 7, 3)]
        tabled = [(span.sent.start, span.sent.end, span[0].sent.start) for span in spans]
        del doc.user_span_hooks["sent"]  # spaCy's own walk
        assert tabled == [(span.sent.start, span.sent.end, span[0].sent.start) for span in spans]
        assert len({start for start, _, _ in tabled}) == len(list(doc.sents))


def test_noun_chunks_are_spacys(nlp):
    assert nlp.vocab.get_noun_chunks is noun_chunks
    chunks = 0
    for doc in nlp.pipe(SAMPLE + RELATION_CUES + LISTS):
        for part in (doc, doc[3:40], doc[len(doc) // 2 :]):
            found = list(noun_chunks(part))
            assert found == list(english_noun_chunks(part))
            chunks += len(found)
    assert chunks > 500


def test_the_relation_matcher_finds_what_spacy_finds(nlp):
    tree = nlp.get_pipe("kg_relations").matcher
    assert isinstance(tree, TreeMatch)  # load_pipeline installed it: every pattern was of a kind it handles
    spacy_matcher = DependencyMatcher(nlp.vocab)
    for relation, patterns in PATTERNS.items():
        for i, pattern in enumerate(patterns):
            spacy_matcher.add(f"{relation}/{i}", [pattern])
    matches = 0
    for doc in nlp.pipe(SAMPLE + RELATION_CUES):
        found = sorted((key, tuple(ids)) for key, ids in tree(doc))
        assert found == sorted((key, tuple(ids)) for key, ids in spacy_matcher(doc))
        matches += len(found)
    assert matches > 50


def test_the_role_matcher_finds_what_spacy_finds(nlp):
    tree = nlp.get_pipe("kg_roles").matcher
    assert isinstance(tree, TreeMatch)
    spacy_matcher = DependencyMatcher(nlp.vocab)
    for name, pattern in ROLE_PATTERNS.items():
        spacy_matcher.add(name, [pattern])
    matches = 0
    for doc in nlp.pipe(SAMPLE + RELATION_CUES + LISTS):
        found = sorted((key, tuple(ids)) for key, ids in tree(doc))
        assert found == sorted((key, tuple(ids)) for key, ids in spacy_matcher(doc))
        matches += len(found)
    assert matches > 30
