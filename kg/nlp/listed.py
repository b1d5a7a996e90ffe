"""Component `kg_listed`: the spans a second recognizer, trained on what researchers list for a paper
(paper-level annotations to ANNOTATION.md projected onto the abstracts, `kg train-listed`), finds.

The METHOD/TASK/DATASET recognizer (`kg_ner`) learned SciERC's guideline, which marks many generic technical
phrases; this one learned to find the names and specific terms a researcher files a paper under and to leave
the rest. Its spans go to `doc.spans[LISTED_KEY]`, not to `doc.ents`: `kg_terms` adds those it finds nowhere
else, and each mention records whether it was one of them, which the link confidence reads (kg.confidence).

The list recognizer reads the main recognizer's token vectors, frozen (`paperkg.SharedTok2Vec.v1`: its copy
of them was never trained): `kg_ner` leaves them on each doc and this component takes them from there, so
that the second recognizer costs only its own small layers.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, cast

from spacy.language import Language
from spacy.pipeline import EntityRecognizer
from spacy.tokens import Doc
from spacy.util import minibatch, registry
from thinc.api import Model, chain
from thinc.types import Floats2d

from ..settings import LABELS, LISTED_KEY

LISTED_NER = "kg_listed_ner"  # the list recognizer while it is sourced into the pipeline
SHARED_VECTORS = "paperkg_ner_vectors"  # doc.user_data: the main recognizer's token vectors, for this one
FROZEN = "shared_tok2vec"  # the name of the frozen layer


@registry.architectures("paperkg.SharedTok2Vec.v1")
def shared_tok2vec(
    tok2vec: Model[list[Doc], list[Floats2d]], encode: Model[list[Floats2d], list[Floats2d]] | None = None
) -> Model[list[Doc], list[Floats2d]]:
    """`tok2vec`, frozen: the vectors a doc carries under SHARED_VECTORS when it has them, else the layer's
    own, never updated by training (its weights are the main recognizer's, copied in by `kg train-listed`);
    then `encode`, trained, if given."""
    frozen: Model[list[Doc], list[Floats2d]] = Model(
        FROZEN,
        shared_forward,
        init=lambda model, X=None, Y=None: model.layers[0].initialize(X=X),
        layers=[tok2vec],
        dims={"nO": tok2vec.maybe_get_dim("nO")},
    )
    return frozen if encode is None else chain(frozen, encode)


def shared_forward(model: Model, docs: list[Doc], is_train: bool) -> tuple[list[Floats2d], Callable]:
    handed = [doc.user_data.get(SHARED_VECTORS) for doc in docs]
    vectors: list[Floats2d] = (
        model.layers[0].predict(docs) if any(v is None for v in handed) else cast(list[Floats2d], handed)
    )
    return vectors, lambda gradients: []  # no gradient reaches the frozen layer


def sharing(tok2vec: Model[list[Doc], list[Floats2d]]) -> Model[list[Doc], list[Floats2d]]:
    """The main recognizer's `tok2vec`, leaving its vectors on each doc for the list recognizer."""

    def forward(model: Model, docs: list[Doc], is_train: bool) -> tuple[list[Floats2d], Callable]:
        vectors, backprop = model.layers[0](docs, is_train)
        for doc, v in zip(docs, vectors):
            doc.user_data[SHARED_VECTORS] = v
        return vectors, backprop

    return Model("sharing_tok2vec", forward, layers=[tok2vec], dims={"nO": tok2vec.maybe_get_dim("nO")})


def token_vectors(recognizer: EntityRecognizer) -> Model[list[Doc], list[Floats2d]]:
    """A recognizer's token-vector layer: the first of its `tok2vec` chain (then list2array and linear), or,
    in the list recognizer, the layer `paperkg.SharedTok2Vec.v1` freezes."""
    first = recognizer.model.get_ref("tok2vec").layers[0]
    frozen = next((node for node in first.walk() if node.name == FROZEN), None)
    return first if frozen is None else frozen.layers[0]


@Language.factory("kg_listed", requires=["doc.ents"], assigns=["doc.spans"])
def make_listed_finder(nlp: Language, name: str) -> ListedFinder:
    return ListedFinder()


class ListedFinder:
    """Runs the list recognizer (`recognizer`, set by kg.nlp.pipeline) with the main recognizer's entities
    set aside, so that it starts from none, and puts them back."""

    recognizer: EntityRecognizer | None = None

    @property
    def model(self) -> Model | None:
        """The recognizer's network, where whatever walks the components' models finds it (kg.nlp.fast's
        `numpy_products`)."""
        return self.recognizer.model if self.recognizer is not None else None

    def __call__(self, doc: Doc) -> Doc:
        return next(self.pipe([doc]))

    def pipe(self, docs: Iterable[Doc], batch_size: int = 64) -> Iterator[Doc]:
        assert self.recognizer is not None, "kg.nlp.pipeline sets the recognizer"
        for batch in minibatch(docs, batch_size):
            found: list[Any] = []
            for doc in batch:
                found.append(doc.ents)
                doc.ents = []
            for doc, ents in zip(self.recognizer.pipe(batch, batch_size=batch_size), found):
                doc.spans[LISTED_KEY] = [e for e in doc.ents if e.label_ in LABELS]
                doc.ents = ents
                doc.user_data.pop(SHARED_VECTORS, None)
                yield doc
