"""The list recognizer in the pipeline: its spans beside the main recognizer's entities, which it leaves as
they were, read from the token vectors the main recognizer computed, and marked on the mentions."""

import spacy

from kg.layout import LISTED_MODEL_DIR
from kg.nlp.listed import SHARED_VECTORS, token_vectors
from kg.nlp.parse import doc_data
from kg.records import LISTED, NOT_LISTED
from kg.settings import LISTED_KEY, SPAN_KEY

TEXT = (
    "We propose ZorbNet, a graph neural network for molecular property prediction. ZorbNet outperforms "
    "message passing neural networks on the QM9 and ZINC benchmarks, and these results position ZorbNet as a "
    "robust and interpretable solution for chemists."
)


def test_it_finds_what_a_researcher_lists_and_leaves_the_rest(nlp):
    doc = nlp(TEXT)
    listed = {(s.text, s.label_) for s in doc.spans[LISTED_KEY]}
    assert {("ZorbNet", "METHOD"), ("QM9", "DATASET"), ("molecular property prediction", "TASK")} <= listed
    assert not {text for text, _ in listed} & {"robust and interpretable solution", "results", "chemists"}


def test_the_main_recognizers_entities_are_as_without_it(nlp):
    with nlp.select_pipes(disable=["kg_listed"]):
        alone = [(e.start, e.end, e.label_) for e in nlp(TEXT).ents]
    doc = nlp(TEXT)
    assert [(e.start, e.end, e.label_) for e in doc.ents] == alone
    assert SHARED_VECTORS not in doc.user_data  # the vectors handed over are not kept


def test_it_reads_the_main_recognizers_token_vectors_and_finds_what_it_finds_alone(nlp):
    """The shipped list recognizer's frozen token vectors are the NER's, so the pipeline hands it those the NER
    computed; run alone, computing its own, it finds the same spans."""
    shared = nlp.get_pipe("kg_ner").model.get_ref("tok2vec").layers[0]
    assert shared.name == "sharing_tok2vec"
    recognizer = nlp.get_pipe("kg_listed").recognizer
    assert token_vectors(recognizer).to_bytes() == shared.layers[0].to_bytes()
    alone = spacy.load(LISTED_MODEL_DIR)
    alone.vocab.vectors = nlp.vocab.vectors
    found = alone(nlp.make_doc(TEXT))
    assert [(s.start, s.end, s.label_) for s in nlp(TEXT).spans[LISTED_KEY]] == [
        (e.start, e.end, e.label_) for e in found.ents
    ]


def test_mentions_say_whether_the_list_recognizer_found_them(nlp):
    doc = nlp(TEXT)
    data = doc_data(doc)
    listed = {(s.start_char, s.end_char) for s in doc.spans[LISTED_KEY]}
    assert len(data["spans"]) == len(doc.spans[SPAN_KEY])
    for span in data["spans"]:
        assert (span[7] == LISTED) == ((span[0], span[1]) in listed)
    flags = {span[2]: span[7] for span in data["spans"]}
    assert flags["ZorbNet"] == LISTED
    assert flags.get("robust and interpretable solution", NOT_LISTED) == NOT_LISTED
