import pytest

from kg.corpus import Paper
from kg.graph import build_graph
from kg.nlp.short_forms import is_acronym
from kg.records import Mention
from kg.resolve import entity_key, is_field, names_one_in_other, resolve, singular, us_spelling


@pytest.mark.parametrize(
    "a, b",
    [
        ("Graph Neural Networks", "graph neural network"),
        ("multi-modal clustering", "multimodal clustering"),
        ("optimisation strategies", "optimization strategy"),
        ("a novel diffusion model", "diffusion models"),
        ("the ImageNet dataset", "ImageNet datasets"),
        ("Vision-Language models", "vision language model"),
        ("GNNs", "GNN"),
        ("CIFAR-10", "CIFAR10"),
        ("ResNet-50 backbone", "ResNet50 backbones"),
        ("ImageNet-1k", "ImageNet-1K"),
        ("Llama-2-7b", "Llama-2-7B"),
        ("Proximal Policy Optimization (PPO) algorithm", "proximal policy optimization"),  # a kind after the short form
    ],
)
def test_same_key(a, b):
    assert entity_key(a) == entity_key(b)


@pytest.mark.parametrize(
    "a, b",
    [
        ("GAN", "gan"),
        ("graph neural network", "graph network"),
        ("process", "proces"),
        ("T5-11B", "T511B"),
        ("ImageNet-1K", "ImageNet-1"),
        ("Low-Rank Adaptation (LoRA) fine-tuning", "Low-Rank Adaptation"),
        ("Large Language Model (LLM) inference", "large language models"),  # something done with it
    ],
)
def test_different_key(a, b):
    assert entity_key(a) != entity_key(b)


@pytest.mark.parametrize(
    "name", ["a novel Multi-Modal Graph Neural Networks", "GL-LowPopArt", "CIFAR-10", "analyses", "the so-called X"]
)
def test_key_is_idempotent(name):
    assert entity_key(entity_key(name)) == entity_key(name)


def test_word_helpers():
    assert singular("strategies") == "strategy" and singular("processes") == "process"
    assert singular("analysis") == "analysis" and singular("LLMs") == "LLM"
    assert [singular(w) for w in ("sizes", "caches", "approaches", "boxes", "buzzes")] == [
        "size", "cache", "approach", "box", "buzz"
    ]  # fmt: skip
    assert us_spelling("regularisation") == "regularization" and us_spelling("supervised") == "supervised"
    assert (
        us_spelling("pointwise") == "pointwise" and us_spelling("piecewise") == "piecewise"
    )  # "-wise" is no UK "-ise"
    assert is_acronym("CIFAR-10") and is_acronym("ImageNet") and not is_acronym("Vision-Language")


def mention(paper, name, label="METHOD", long_form="", role="uses", sentence="s"):
    return Mention(paper, 0, len(name), name, name, label, role, sentence, long_form)


def test_short_form_inside_a_name_is_its_long_form_where_the_build_has_that_name():
    r = resolve(
        [
            mention("p1", "reinforcement learning", "TASK"),
            mention("p1", "RL", "TASK", long_form="reinforcement learning"),
            mention("p1", "offline RL", "TASK"),  # RL as this paper defines it
            mention("p2", "offline reinforcement learning", "TASK"),
            mention("p3", "OOD detection", "TASK"),  # OOD as the abstracts define it
            mention("p4", "out-of-distribution (OOD) detection", "TASK"),
            mention("p4", "OOD", "TASK", long_form="out-of-distribution"),
            mention("p5", "multi-agent RL", "TASK"),  # no "multi-agent reinforcement learning" in the build
            mention("p6", "SDP", long_form="semidefinite programming"),
            mention("p7", "SDP", long_form="Spherical Diffusion Policy"),
            mention("p8", "SDP solvers"),  # SDP stands for neither
            mention("p9", "semidefinite programming solvers"),
            mention("p10", "MORL", "TASK", long_form="Multi-Objective RL"),  # a long form with a short form
            mention("p11", "multi-objective reinforcement learning", "TASK"),
        ]
    )
    papers = {key: entity.papers for key, entity in r.entities.items()}
    assert papers["offline reinforcement learning"] == ("p1", "p2")
    assert papers["out of distribution detection"] == ("p3", "p4")
    assert r.entities["offline reinforcement learning"].name == "offline reinforcement learning"
    assert "offline RL" in r.entities["offline reinforcement learning"].aliases
    assert papers["multiagent RL"] == ("p5",)
    assert papers["SDP solver"] == ("p8",) and papers["semidefinite programming solver"] == ("p9",)
    assert papers["multiobjective reinforcement learning"] == ("p10", "p11")


def test_acronym_defined_in_a_paper_merges_with_its_long_form_everywhere():
    r = resolve(
        [
            mention("p1", "Graph Neural Networks"),
            mention("p1", "GNNs", long_form="Graph Neural Networks"),
            mention("p2", "GNN"),
            mention("p3", "graph neural network"),
        ]
    )
    assert list(r.entities) == ["graph neural network"]
    entity = r.entities["graph neural network"]
    assert entity.papers == ("p1", "p2", "p3")
    assert entity.name in {"Graph Neural Networks", "graph neural network"}
    assert {"GNN", "GNNs"} <= set(entity.aliases)


def test_acronym_clash_never_merges_different_long_forms():
    r = resolve(
        [
            mention("p1", "semidefinite programming", "METHOD"),
            mention("p1", "SDP", long_form="semidefinite programming"),
            mention("p2", "Spherical Diffusion Policy"),
            mention("p2", "SDP", long_form="Spherical Diffusion Policy"),
            mention("p3", "SDP"),
        ]
    )
    assert {e.key for e in r.entities.values()} == {"semidefinite programming", "spherical diffusion policy", "SDP"}
    assert [m.entity for m in r.mentions if m.paper == "p3"] == ["SDP"]
    # the bare SDP is recorded as ambiguous: it may stand for either, most defining papers first
    assert r.may_stand_for == {"SDP": ["semidefinite programming", "spherical diffusion policy"]}
    graph = build_graph([Paper(p, "abstract") for p in ("p1", "p2", "p3")], r)
    stands_for = {
        (graph.nodes[u]["name"], graph.nodes[v]["name"])
        for u, v, d in graph.edges(data=True)
        if d["relation"] == "mayStandFor"
    }
    assert stands_for == {("SDP", "semidefinite programming"), ("SDP", "Spherical Diffusion Policy")}


def test_a_short_form_papers_agree_on_is_not_ambiguous():
    r = resolve(
        [
            mention("p1", "GNN", long_form="graph neural network"),
            mention("p2", "GNN", long_form="graph neural networks"),
            mention("p3", "GNN"),
        ]
    )
    assert r.may_stand_for == {}


def test_label_by_majority_and_role_per_paper():
    r = resolve(
        [
            mention("p1", "reinforcement learning", "METHOD", role="proposes"),
            mention("p1", "reinforcement learning", "METHOD"),
            mention("p2", "reinforcement learning", "TASK"),
            mention("p3", "reinforcement learning", "METHOD"),
        ]
    )
    assert r.entities["reinforcement learning"].label == "METHOD"
    assert {m.label for m in r.mentions} == {"METHOD"}
    assert [m.role for m in r.mentions] == ["proposes", "proposes", "uses", "uses"]


def test_a_proposed_kind_of_a_term_does_not_propose_the_term():
    """ "a new FL framework named QSFL" proposes QSFL, not federated learning; "the PAK-UCB algorithm" is
    PAK-UCB."""
    r = resolve(
        [
            mention("p1", "federated learning"),
            mention("p1", "FL", long_form="federated learning"),
            mention("p1", "FL framework", role="proposes"),
            mention("p1", "QSFL", role="proposes"),
            mention("p2", "pruning"),
            mention("p3", "pruning method", role="proposes"),
            mention("p4", "PAK-UCB algorithm", role="proposes"),
            mention("p4", "PAK-UCB"),
        ],
        term_types={},
    )
    roles = {(m.paper, m.entity): m.role for m in r.mentions}
    assert roles == {
        ("p1", "federated learning"): "uses",
        ("p1", "QSFL"): "proposes",
        ("p2", "pruning"): "uses",
        ("p3", "pruning"): "uses",
        ("p4", "PAK-UCB"): "proposes",
    }


def test_undefined_acronym_joins_the_long_form_most_papers_agree_on():
    defining = [
        m
        for i in range(4)
        for m in (
            mention(f"p{i}", "large language models"),
            mention(f"p{i}", "LLMs", long_form="large language models"),
        )
    ]
    r = resolve(
        [
            *defining,
            mention("q", "language models"),
            mention("q", "LLM", long_form="language models"),
            mention("z", "LLM"),
        ]
    )
    assert [m.entity for m in r.mentions if m.paper == "z"] == ["large language model"]
    assert [m.entity for m in r.mentions if m.paper == "q"] == ["language model", "language model"]


def test_a_field_of_research_is_one_with_or_without_its_kind_word():
    assert is_field("machine learning") and is_field("Deep Learning models") and is_field("NLP tasks")
    assert not is_field("reinforcement learning") and not is_field("machine translation")
    assert not is_field("models")


def test_generic_entities_are_left_out_of_the_graph():
    r = resolve(
        [
            mention("p", "downstream tasks", "TASK"),
            mention("p", "real-world datasets", "DATASET"),
            mention("p", "theoretical analysis", "TASK"),
            mention("p", "training", "TASK"),
            mention("p", "machine learning"),
            mention("p", "reasoning tasks", "TASK"),
            mention("p", "mixtures"),
            mention("p", "Gaussian mixture"),
            mention("p", "baseline methods"),
            mention("p", "feedback", "TASK"),
            mention("p", "under-explored but important problem", "TASK"),
            mention("p", "leading approach"),
            mention("p", "unique predictor"),
            mention("p", "resulting estimators"),
            mention("p", "Deep Learning models"),  # fields, the context of a paper: never its topic
            mention("p", "NLP tasks", "TASK"),
            mention("p", "ablation studies", "TASK"),  # an evaluation word
            mention("p", "FID"),  # a metric
            mention("p", ".With"),  # a function word, read with the period before it: "(MDPs).With the new sets"
            mention("p", "mIoU", "DATASET"),
            mention("p", "medical image segmentation", "TASK"),  # a problem in one is
        ]
    )
    assert set(r.entities) == {"reasoning task", "gaussian mixture", "medical image segmentation"}
    assert {m.entity for m in r.mentions} == {"reasoning task", "gaussian mixture", "medical image segmentation"}


def test_datasets_described_rather_than_named_are_left_out_of_the_graph():
    described = [
        "tabular datasets",
        "simulated and real-world data",
        "leaderboard",
        "physics",
        "in-context examples",
        "autonomous vehicles",
        "pre-training corpora",
    ]
    named = [
        "Penn Treebank",
        "Wikipedia",
        "the Pile",
        "CIFAR-10",
        "ImageNet",
        "molecular datasets of QM9",
        "Meta-World benchmark",
        "Atari games",
    ]
    at_a_sentence_start = Mention(
        "p", 0, 14, "Natural images", "Natural images", "DATASET", "uses", "Natural images vary."
    )
    defined = [
        mention("q", "NL", "DATASET", long_form="natural language descriptions"),  # the short form of a description
        mention("q", "ARC", "DATASET", long_form="Abstraction and Reasoning Corpus"),  # of a name
    ]
    r = resolve(
        [mention("p", name, "DATASET") for name in described + named]
        + [at_a_sentence_start, *defined, mention("p", "tabular models")]
    )
    assert {e.name for e in r.entities.values()} == set(named) | {"tabular models", "ARC"}
    assert not {m.name for m in r.mentions} & {*described, "Natural images", "NL"}


def test_counts_and_results_are_no_entities():
    quantities = ["15 models", "50% pruning", "1% accuracy loss", "36k graph-structured tasks", "3B parameter models"]
    things = ["4-bit quantization", "3D segmentation", "2d Ising model", "GPT-4", "1-GWL"]
    r = resolve([mention("p", name) for name in quantities + things])
    assert {e.name for e in r.entities.values()} == set(things)


def test_a_model_family_makes_a_method_and_a_benchmark_name_a_dataset():
    """Whatever the sentences made them: "fine-tune Gemma-2-2B on X" reads like a dataset, "MT-Bench" like a method."""
    r = resolve(
        [
            *(mention(f"p{i}", n, "DATASET") for i, n in enumerate(["Gemma-2-2B", "GPT-2 Medium", "Qwen2.5-Math-7B"])),
            mention("p", "MT-Bench"),
            mention("p", "AlpacaEval", "TASK"),
            mention("p", "memory-efficient LLaMA training", "TASK"),  # no family's name: its first word is not one
            mention("p", "Penn Treebank", "DATASET"),
            mention("p", "retrieval", "TASK"),  # "retrieval" is no "Eval"
        ]
    )
    labels = {e.name: e.label for e in r.entities.values()}
    assert labels == {
        "Gemma-2-2B": "METHOD",
        "GPT-2 Medium": "METHOD",
        "Qwen2.5-Math-7B": "METHOD",
        "MT-Bench": "DATASET",
        "AlpacaEval": "DATASET",
        "memory-efficient LLaMA training": "TASK",
        "Penn Treebank": "DATASET",
        "retrieval": "TASK",
    }
    assert all(m.label == labels[r.entities[m.entity].name] for m in r.mentions)


def test_entity_names_leave_out_quotes():
    r = resolve([mention("p1", 'mentor" model'), mention("p2", '"mentor" model'), mention("p1", "GPT-4")])
    assert sorted(e.name for e in r.entities.values()) == ["GPT-4", "mentor model"]


def entity_names(*names: str, label: str = "METHOD") -> dict[str, set[str]]:
    """Entity key -> the names merged into it, for one mention of each name (each in its own paper)."""
    r = resolve([mention(f"p{i}", name, label) for i, name in enumerate(names)])
    merged: dict[str, set[str]] = {}
    for m in r.mentions:
        merged.setdefault(m.entity, set()).add(m.name)
    return merged


@pytest.mark.parametrize(
    "spellings",
    [
        ("ImageNet", "Imagenet", "ImageNet"),
        ("Tiny ImageNet", "Tiny-ImageNet", "TinyImageNet"),
        ("fine-tuning", "finetuning", "fine tuning"),
        ("Llama-3 8B", "LLaMA3-8B", "Llama3 8B", "Llama3-8B"),
        ("MATH 500", "MATH500", "math500"),
        ("AlpacaEval 2.0", "AlpacaEval2", "AlpacaEval 2", "AlpacaEval2.0"),
        ("ResNet", "ResNets"),
        ("Reinforcement Learning from Human Feedback", "reinforcement learning with human feedback"),
        ("Rényi differential privacy", "Renyi differential privacy"),  # an accent
        ("ﬁne-tuning", "fine-tuning"),  # a ligature a PDF leaves
        ("ℓ2 regularization", "L2 regularization"),
        ("Polyak-Łojasiewicz condition", "Polyak-Lojasiewicz condition"),
    ],
)
def test_spellings_of_one_name_are_one_entity(spellings):
    assert list(entity_names(*spellings).values()) == [set(spellings)]


def test_versions_sizes_and_capital_words_stay_apart():
    merged = entity_names("Llama-3 8B", "Llama-2 7B", "Llama-3 70B", "Llama-2 8B", "VAR", "var", "Transolver",
                          "Transolver++", "R", "R*", "μP", "p", "Qwen2.5", "Qwen2", "AlpacaEval", "LEVIS-α",
                          "LEVIS-β", "LEVIS")  # fmt: skip
    assert sorted(map(sorted, merged.values())) == [["AlpacaEval"], ["LEVIS"], ["LEVIS-α"], ["LEVIS-β"],
                                                    ["Llama-2 7B"], ["Llama-2 8B"], ["Llama-3 70B"],
                                                    ["Llama-3 8B"], ["Qwen2"], ["Qwen2.5"], ["R"], ["R*"],
                                                    ["Transolver"], ["Transolver++"], ["VAR"], ["p"], ["var"],
                                                    ["μP"]]  # fmt: skip


def test_the_most_used_spelling_names_the_entity():
    r = resolve([mention("p1", "ImageNet", "DATASET"), mention("p2", "ImageNet", "DATASET"),
                 mention("p3", "Imagenet", "DATASET")])  # fmt: skip
    assert [e.name for e in r.entities.values()] == ["ImageNet"]


def test_a_kind_word_after_a_name_of_that_kind_names_it():
    r = resolve(
        [
            mention("p1", "pruning"),
            mention("p2", "pruning methods"),
            mention("p3", "reconstruction", "TASK"),
            mention("p4", "reconstruction model"),
            mention("p5", "power"),
            mention("p6", "power"),
            mention("p7", "power method"),
            mention("p8", "rectified flow"),
            mention("p9", "rectified flow model"),
        ]
    )
    assert {m.name: m.entity for m in r.mentions} == {
        "pruning": "pruning",
        "pruning methods": "pruning",
        "reconstruction": "reconstruction",
        "reconstruction model": "reconstruction model",  # a model for the task, not the task
        "power": "power",
        "power method": "power method",  # one word that names no activity: a modifier
        "rectified flow": "rectified flow",
        "rectified flow model": "rectified flow",
    }


def test_where_a_name_is_used_is_the_name_whatever_the_labels():
    r = resolve(
        [
            mention("p1", "causal inference", "TASK"),
            mention("p2", "causal inference literature", "METHOD"),
            mention("p3", "in-context learning"),
            mention("p4", "in-context learning abilities", "TASK"),
            mention("p5", "protein design applications", "TASK"),  # no "protein design" alone: kept
            mention("p6", "privacy"),
            mention("p7", "privacy setting"),  # one word that names no activity: a modifier
        ]
    )
    assert {m.name: m.entity for m in r.mentions} == {
        "causal inference": "causal inference",
        "causal inference literature": "causal inference",
        "in-context learning": "in context learning",
        "in-context learning abilities": "in context learning",
        "protein design applications": "protein design application",
        "privacy": "privacy",
        "privacy setting": "privacy setting",
    }


def test_a_defined_short_form_with_a_kind_word_is_its_long_form_in_that_paper():
    r = resolve(
        [
            mention("p1", "semidefinite programming"),
            mention("p1", "SDP", long_form="semidefinite programming"),
            mention("p1", "SDP methods"),
            mention("p2", "Spherical Diffusion Policy"),
            mention("p2", "SDP", long_form="Spherical Diffusion Policy"),
            mention("p2", "SDP methods"),
            mention("p3", "SDP methods"),  # undefined here, and the papers that define SDP disagree
        ]
    )
    assert [(m.paper, m.entity) for m in r.mentions if m.name == "SDP methods"] == [
        ("p1", "semidefinite programming"),
        ("p2", "spherical diffusion policy"),
        ("p3", "SDP method"),
    ]


def test_a_short_form_defined_inside_a_mention_names_its_kind_in_that_paper():
    r = resolve(
        [
            mention("p1", "Vision-Language-Action (VLA) models"),
            mention("p1", "VLA models"),
            mention("p1", "VLA architecture"),
        ]
    )
    assert {m.entity for m in r.mentions} == {"vision language action"}


def test_a_short_form_defined_inside_a_longer_mention_names_its_own_long_form():
    """In "circuit-aware Low-Rank Adaptation (LoRA) method", LoRA is Low-Rank Adaptation: that paper's "LoRA
    method" is LoRA, not the circuit-aware variant."""
    r = resolve(
        [
            mention("p1", "circuit-aware Low-Rank Adaptation (LoRA) method"),
            mention("p1", "LoRA method"),
            mention("p2", "Low-Rank Adaptation"),
        ]
    )
    assert r.entities["low rank adaptation"].papers == ("p1", "p2")
    assert "LoRA method" in r.entities["low rank adaptation"].aliases
    assert r.entities["circuit aware low rank adaptation"].name == "circuit-aware Low-Rank Adaptation"
    assert r.entities["circuit aware low rank adaptation"].aliases == (
        "circuit-aware Low-Rank Adaptation (LoRA) method",
    )


def slugs(*names: str, label: str = "METHOD") -> dict[str, str]:
    """Name -> the slug of the entity it joins, one mention of each name in its own paper."""
    r = resolve([mention(f"p{i}", name, label) for i, name in enumerate(names)])
    return {m.name: r.entities[m.entity].slug for m in r.mentions}


def test_an_entity_has_the_same_slug_in_builds_of_different_corpora():
    one = slugs("TinyImageNet", "TinyImageNet", "Tiny ImageNet", "fine-tuning", "finetuning", "finetuning")
    other = slugs("Tiny-ImageNet", "Tiny ImageNet", "fine tuning", label="TASK")
    assert one["TinyImageNet"] == other["Tiny ImageNet"] == "tiny-imagenet"
    assert one["finetuning"] == other["fine tuning"] == "fine-tuning"


def test_slugs_keep_what_tells_names_apart_whatever_else_the_build_has():
    both = slugs("C", "C++", "ADAM", "Adam", "R*")
    assert both == {"C": "c", "C++": "c-plus-plus", "ADAM": "ADAM", "Adam": "adam", "R*": "r-star"}
    assert slugs("C++")["C++"] == "c-plus-plus" and slugs("Adam")["Adam"] == "adam"


def test_slugs_spell_letters_beyond_ascii():
    """A slug spells what tells a name apart in ASCII, where it used to drop it ("CRATE-α" was "crate", the slug
    of a CRATE in another build); a parameter's letter goes, as merging drops it."""
    assert slugs("Rényi divergence", "CRATE-α", "μCODE", "GSM-∞", "Łojasiewicz inequality", "ε-optimal policy") == {
        "Rényi divergence": "renyi-divergence",
        "CRATE-α": "crate-alpha",
        "μCODE": "mu-code",
        "GSM-∞": "gsm-infinity",
        "Łojasiewicz inequality": "lojasiewicz-inequality",
        "ε-optimal policy": "optimal-policy",
    }
    assert slugs("Renyi divergence")["Renyi divergence"] == "renyi-divergence"
    assert len(entity_names("GSM-∞", "GSM", "CRATE-α", "CRATE")) == 4


def test_a_short_form_that_abbreviates_nothing_before_it_is_the_name():
    """The "federated learning (LBI-FL) framework" is LBI-FL, not federated learning."""
    merged = entity_names("federated learning (LBI-FL) framework", "Federated Learning", "LBI-FL")
    assert sorted(map(sorted, merged.values())) == [
        ["Federated Learning"],
        ["LBI-FL", "federated learning (LBI-FL) framework"],
    ]


def test_a_name_shows_without_the_short_form_it_defines_nor_the_kind_word_its_key_drops():
    r = resolve(
        [
            mention("p1", "Adaptive Flow Matching (AFM) framework"),
            mention("p2", "AudioGen Large (1B) models"),
            mention("p3", "Reinforcement Learning (RL) paradigm"),
            mention("p4", "Masked Diffusion (MD) sampler"),
        ]
    )
    names = {e.name: e.aliases for e in r.entities.values()}
    assert names == {
        "Adaptive Flow Matching": ("Adaptive Flow Matching (AFM) framework",),
        "AudioGen Large (1B) models": (),
        "Reinforcement Learning": ("Reinforcement Learning (RL) paradigm",),
        "Masked Diffusion sampler": ("Masked Diffusion (MD) sampler",),
    }


def test_an_entitys_type_and_the_mentions_it_rests_on():
    r = resolve(
        [
            mention("p1", "graph neural networks"),
            mention("p2", "graph neural network", "TASK"),
            mention("p3", "Graph Neural Networks"),
            mention("p1", "MT-Bench"),  # a benchmark's name decides, whatever the sentences said
            mention("p2", "MT-Bench"),
        ]
    )
    evidence = {e.name: (e.label, e.mention_count, e.type_evidence) for e in r.entities.values()}
    assert evidence == {"graph neural network": ("METHOD", 3, 2), "MT-Bench": ("DATASET", 2, 0)}


def test_a_comparison_needs_two_names_neither_holding_the_other():
    assert names_one_in_other("LoRA", "standalone LoRA models")
    assert names_one_in_other("standalone LoRA models", "LoRA")
    assert not names_one_in_other("GPT-4", "GPT-4o") and not names_one_in_other("ResNet", "ViT")
