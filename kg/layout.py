"""Every file and folder name a build writes or reads, and where the package keeps its own files."""

from __future__ import annotations

from pathlib import Path

# The package's own files.
PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"
SAMPLE_INPUT = DATA_DIR / "icml2025_seed.jsonl"
ONTOLOGY_FILE = DATA_DIR / "ontology.ttl"  # the kg: vocabulary; every build writes it beside graph.ttl
NER_MODEL_DIR = DATA_DIR / "ner"  # the trained METHOD/TASK/DATASET recognizer (`kg train` rebuilds it)
LISTED_MODEL_DIR = DATA_DIR / "listed"  # what a researcher lists: a recognizer trained on paper-level annotations
CONFIDENCE_MODEL = DATA_DIR / "confidence.json"  # link confidence weights (`kg train-confidence`)
RELATION_MODEL = DATA_DIR / "relations.json"  # the relation classifier's weights (`kg train-relations`)
TERM_TYPES = DATA_DIR / "term_types.json"  # the type researchers give a term (`kg train-types`)
# Beside the package, in a checkout: what researchers list for annotated papers (`kg train-listed`).
ANNOTATIONS = Path("training/paperlevel.json")


def query_library() -> Path:
    """The folder of the query library: `kg/queries` in an installed package (pyproject.toml maps `queries/`
    there), else `queries/` beside the package in a checkout."""
    installed = PACKAGE_DIR / "queries"
    return installed if installed.is_dir() else PACKAGE_DIR.parent / "queries"


# A build folder.
DEFAULT_OUT = Path("exports")
GRAPH_FILE = "graph.ttl"
ONTOLOGY_NAME = "ontology.ttl"
STORE_DIR = "store"  # an Oxigraph store (RocksDB) loaded from graph.ttl
MENTIONS_FILE = "mentions.jsonl"
RESULTS_FILE = "results.jsonl"
HTML_FILE = "graph.html"
GRAPHML_FILE = "graph.graphml"
GEXF_FILE = "graph.gexf"
NEO4J_DIR = "neo4j"
NEO4J_PAPERS = "papers.csv"
NEO4J_ENTITIES = "entities.csv"
NEO4J_RESULTS = "results.csv"
NEO4J_AUTHORS = "authors.csv"
NEO4J_RELATIONSHIPS = "relationships.csv"
NEO4J_IMPORT = "import.cypher"
NEO4J_README = "README.md"
MANIFEST_FILE = ".paperkg-build.json"
# RDF serialisations a build can add beside graph.ttl: --rdf-format key -> file name.
RDF_FILES = {"ttl": GRAPH_FILE, "nt": "graph.nt", "jsonld": "graph.jsonld", "trig": "graph.trig", "xml": "graph.rdf"}

# Beside the output folder: the parse cache, shared by the builds of one working folder.
CACHE_FILE = ".paperkg-cache.sqlite"

# Every file a build writes into its folder (its folders, store/ and neo4j/, aside): a folder read as input
# leaves them out, so that a folder can be built into itself.
BUILD_FILES = frozenset(
    {GRAPH_FILE, ONTOLOGY_NAME, MENTIONS_FILE, RESULTS_FILE, HTML_FILE, GRAPHML_FILE, GEXF_FILE, MANIFEST_FILE}
    | {CACHE_FILE}
    | set(RDF_FILES.values())
)
