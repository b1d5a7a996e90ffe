"""The word lists of what follows the parse: resolution (kg.resolve), the hierarchy, titles, inner names and
the link confidence. The pipeline's own lists are in kg.nlp.lexicon, part of the parse cache's fingerprint
(kg.nlp.fingerprint); these are not, so that editing them keeps the cached parses."""

from __future__ import annotations

from .nlp.lexicon import DATASET_HEADS, GENERIC_NOUNS_SHARED, TASK_HEADS, VAGUE_SHARED

# fmt: off

# Inner names (kg.inner_names).
# Words that may follow the name of another entity at the end of a mention: what "an instruction tuning dataset"
# or "general instruction-tuning tasks" is of.
INNER_NAME_KINDS = DATASET_HEADS | {"benchmarks", "data", "task", "tasks", "problem", "problems", "setting", "settings"}

# Titles (kg.titles).
# What a task a title names after a preposition ends in ("for Node Classification", "in Continual Learning",
# "for Medical Image Analysis"). "Learning" names a setting studied there, as the annotators list it.
TITLE_TASK_HEADS = TASK_HEADS | {"learning", "analysis", "design", "testing", "registration"}
# Qualities a title claims before the task it names ("for Efficient Pathology Image Segmentation"): not part of it.
TITLE_TASK_QUALITIES = {
    "efficient", "robust", "scalable", "fast", "faster", "accurate", "improved", "better", "generalizable",
    "effective", "reliable", "practical", "provable", "provably", "stable", "unified", "general",
}
# A title's word between a method and what it is for: "Product Quantization for Large-Scale Image Retrieval" (the
# method first), "Accelerating LLM Reasoning via Speculative Search", "Manifold Denoising by Tunneling Riemannian
# Optimization" (the method last; not "with", which names a setting as often: "... with Delayed Feedback").
TITLE_FOR_WORDS, TITLE_BY_WORDS = {"for"}, {"via", "using", "through", "by"}
# Words after which a title's task has ended ("Semi-supervised Federated Learning via a Bayesian Approach").
TITLE_TASK_ENDS = {"for", "with", "via", "using", "in", "on", "under", "through", "from", "by", "against", "to"}
TITLE_DATA_PREPOSITIONS = {"for", "of", "on", "in", "to", "with"}  # "A Dataset for ...", not "Dataset Distillation"

# Entity keys (kg.resolve), the hierarchy (kg.hierarchy) and the link confidence (kg.confidence).
# Endings of a word that names an activity: "pruning methods" are pruning, but "power method" is no power.
ACTIVITY_ENDINGS = ("ing", "tion", "sion", "ment", "ance", "ence", "sis")
# Generic nouns that, after "X (SF)", name something done with X, not X: "Large Language Model (LLM) inference".
USES_OF_A_NAME = {
    "inference", "training", "evaluation", "analysis", "application", "data", "feedback", "learning", "result",
    "experiment", "performance", "study", "work", "computation", "discovery", "guarantee", "understanding",
}
# Words after the head of a name ("reinforcement learning from human feedback", "pruning of LLMs": kg.hierarchy).
HEAD_BREAKS = {
    "of", "for", "from", "with", "in", "on", "via", "under", "using", "through", "by", "to", "over", "across",
    "without", "against", "at", "as", "beyond", "towards", "toward",
}
# Words in "-ing" that, first in a name, modify what follows ("spiking neural networks" are neural networks);
# any other names an activity done to it ("learning diffusion models", "selecting prompts": kg.hierarchy).
ADJECTIVAL_PARTICIPLES = {
    "sliding", "spiking", "missing", "moving", "rolling", "existing", "emerging", "underlying", "varying",
    "evolving", "growing", "increasing", "decreasing", "interacting", "competing", "leading", "trailing",
    "recurring", "coupling", "boosting", "bagging", "denoising",
}
GERUND_PHRASES = {("fine", "tuning")}  # "fine-tuning X": its key splits the hyphen
# "X-based model" is a kind of X (kg.hierarchy).
BASED_WORDS = {"based", "driven", "style", "like", "inspired", "powered"}
# "X-augmented Y", "X-aware Y": after another modifier, a name is first a kind of "X-augmented Y" (kg.hierarchy).
QUALIFYING_ENDS = {"free", "aware", "guided", "augmented"}
# Words that end a modifier made of the words before them: "training-free guidance", "reinforcement
# learning-based fine-tuning", "sampling-based planners" (kg.hierarchy).
COMPOUND_ENDS = BASED_WORDS | QUALIFYING_ENDS
# Endings of a word that, alone, is a modifier, not a name: "neural", "generative", "linear", "robust".
ADJECTIVE_ENDINGS = ("al", "ive", "ic", "ous", "ary", "ful", "less", "able", "ible", "ar", "ust")
# Words two spellings of one long form differ by: "reinforcement learning from/with human feedback".
VARIANT_WORDS = {"from", "with"}
LEADING_FILLERS = {
    "a", "an", "the", "our", "their", "its", "this", "these", "those", "novel", "new", "proposed", "existing",
    "standard", "so-called", "state-of-the-art",
}
# Prefixes written joined or hyphenated ("multi-modal" = "multimodal").
JOINED_PREFIXES = {
    "multi", "pre", "non", "co", "re", "semi", "sub", "inter", "intra", "meta", "post", "un", "anti", "bi", "tri",
    "hyper", "over", "under", "auto", "mini", "micro", "macro", "mid", "uni",
}
UK_US = {
    "modelling": "modeling", "modelled": "modeled", "labelled": "labeled", "labelling": "labeling",
    "travelling": "traveling", "behaviour": "behavior", "behaviours": "behaviors", "colour": "color",
    "neighbour": "neighbor", "neighbours": "neighbors", "neighbourhood": "neighborhood", "favour": "favor",
    "centre": "center", "analyse": "analyze", "analysed": "analyzed", "generalisation": "generalization",
    "catalogue": "catalog", "programme": "program",
}
ISE_EXCEPTIONS = {
    "supervised", "supervise", "advise", "advised", "revise", "revised", "comprise", "comprised", "devise",
    "devised", "compromise", "surprise", "exercise", "promise", "premise", "raise", "noise", "denoise", "denoised",
    "denoising", "precise", "concise", "expertise", "enterprise", "rise", "arise",
    "improvise", "televised", "franchise", "merchandise", "unsupervised", "self-supervised", "semi-supervised",
    "weakly-supervised", "disguise", "paradise",
}
SINGULAR_EXCEPTIONS = {
    "analysis", "basis", "axis", "thesis", "hypothesis", "synthesis", "diagnosis", "lens", "bias", "gaussian",
    "corpus", "status", "bus", "virus", "focus", "consensus", "radius", "process", "class", "less", "loss", "mass",
    "pass", "glass", "cross", "series", "species", "news", "physics", "mathematics", "statistics", "dynamics",
    "robotics", "graphics", "linguistics", "kinematics", "mechanics", "economics", "genomics", "semantics",
    "ethics", "logistics", "analytics", "metrics", "is", "was", "has", "this", "its", "yes", "ous", "data", "atlas",
}
# Nouns that, with nothing but vague words before them, are no node of the graph (kg.resolve.is_generic_key).
GENERIC_NOUNS = GENERIC_NOUNS_SHARED | {
    "analysis", "application", "baseline", "bottleneck", "capability", "component", "computation", "data",
    "discovery", "domain", "estimator", "evaluation", "experiment", "feedback", "guarantee", "learner", "mixture",
    "paradigm", "performance", "predictor", "result", "scenario", "setting", "solution", "study", "tool",
    "training", "variant", "work",
}
NAMING_KINDS = GENERIC_NOUNS - USES_OF_A_NAME  # "X (SF) method" is X; "X (SF) inference" is not (kg.resolve)
# Last words after which a name is a kind of what the words before it name ("Transformer architecture",
# "Chain-of-Thought prompting", "optimal transport theory"), not a use of it ("LLM inference": kg.hierarchy).
KINDS_OF_A_NAME = NAMING_KINDS | {"prompting", "theory", "formulation", "objective"}
KINDS_OF_A_BASED_NAME = KINDS_OF_A_NAME | {"network", "scheme"}  # "transformer-based network" is a transformer
# Last words that name where or how a thing is used, not another thing: "causal inference literature", "protein
# design applications", "in-context learning ability" are causal inference, protein design, in-context learning
# (kg.resolve).
CONTEXT_NOUNS = {
    "literature", "application", "community", "setting", "scenario", "capability", "ability", "arsenal", "setup",
    "regime", "paradigm", "research", "field", "landscape",
}
# Words before a generic noun that leave it generic ("downstream task", "real world dataset").
VAGUE_WORDS = VAGUE_SHARED | {
    "ablation", "and", "art", "base", "benchmark", "but", "complex", "comprehensive", "deeper", "downstream",
    "empirical", "experimental", "explored", "generation", "high", "larger", "leading", "learning", "low", "model",
    "offline", "online", "or", "practical", "public", "quality", "real", "related", "relevant", "rigorous", "scale",
    "single", "smaller", "source", "state", "synthetic", "target", "theoretical", "training", "underexplored",
    "unexplored", "unique", "world",
}
IRREGULAR_PLURALS = {
    "analyses": "analysis", "hypotheses": "hypothesis", "syntheses": "synthesis", "indices": "index",
    "matrices": "matrix", "vertices": "vertex", "criteria": "criterion", "phenomena": "phenomenon", "axes": "axis",
    # a singular in "-che", not "-ch" ("approaches" is "approach")
    "caches": "cache", "niches": "niche", "avalanches": "avalanche", "headaches": "headache",
}
# Fields of research, which abstracts name as context ("a central problem in machine learning"): what a
# researcher lists only where the paper is about the field itself (kg.confidence weighs it).
FIELDS = {
    "machine learning", "deep learning", "artificial intelligence", "ai", "ml", "statistics", "statistical learning",
    "statistical physics", "physics", "chemistry", "biology", "medicine", "healthcare", "finance", "economics",
    "computer vision", "natural language processing", "nlp", "robotics", "neuroscience", "data science",
    "signal processing", "engineering", "science", "bioinformatics", "computational biology", "cognitive science",
    "education", "climate science", "materials science", "control theory", "real-world machine learning",
    "scientific research", "scientific discovery",
}
FIELD_KINDS = {"model", "method", "technique", "approach", "system", "algorithm", "application", "task", "problem"}

# Keys and slugs (kg.resolve): letters with no accent to take off, as ASCII spells them.
LETTER_SPELLINGS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "þ": "th", "ð": "d"}
