"""kg.nlp.fast: its stand-ins annotate every token and find every relation-pattern match exactly as spaCy's own
components do (a new English model, spaCy release or relation pattern must not change that silently)."""

import importlib
import json

from spacy.matcher import DependencyMatcher

from kg.clean import clean
from kg.layout import SAMPLE_INPUT
from kg.nlp.fast import IndexedRulerMatch, TreeMatch, speed_up
from kg.nlp.fingerprint import base_model_name
from kg.nlp.relations import PATTERNS

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
    assert annotations(quick, SAMPLE + EXCEPTIONS) == annotations(plain, SAMPLE + EXCEPTIONS)


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
