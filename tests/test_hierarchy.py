"""Broader entities from names' heads, on tiny hand-made corpora through `resolve`."""

import pytest

from kg.corpus import Paper
from kg.graph import build_graph
from kg.hierarchy import head_phrases, papers_with_narrower
from kg.resolve import resolve
from tests.test_resolve import mention


def broader_names(*mentions) -> dict[str, str]:
    """Narrower entity's name -> its broader entity's name, the types those of the mentions."""
    r = resolve(list(mentions), term_types={})
    return {r.entities[k].name: r.entities[b].name for k, b in r.broader.items()}


def test_a_three_level_hierarchy_by_head_and_modifiers():
    found = broader_names(
        mention("p1", "long-term time series forecasting", "TASK"),
        mention("p2", "time series forecasting", "TASK"),
        mention("p3", "forecasting", "TASK"),
    )
    assert found == {
        "long-term time series forecasting": "time series forecasting",
        "time series forecasting": "forecasting",
    }


def test_the_nearest_broader_entity_is_taken():
    found = broader_names(
        mention("p1", "local differential privacy"),
        mention("p2", "differential privacy"),
        mention("p3", "privacy"),
    )
    assert found["local differential privacy"] == "differential privacy"


def test_what_follows_a_preposition_is_not_the_head():
    found = broader_names(
        mention("p1", "Reinforcement Learning from Human Feedback"),
        mention("p2", "reinforcement learning"),
        mention("p3", "human feedback"),
        mention("p4", "pruning of large language models"),
        mention("p5", "pruning"),
        mention("p6", "large language models"),
    )
    assert found == {
        "Reinforcement Learning from Human Feedback": "reinforcement learning",
        "pruning of large language models": "pruning",
    }


def test_a_name_with_a_preposition_inside_keeps_it():
    """ "mixture of experts" is no mixture; "sparse mixture of experts models" are mixtures of experts."""
    found = broader_names(
        mention("p1", "mixture of experts"),
        mention("p2", "mixture"),
        mention("p3", "sparse mixture-of-experts models"),
    )
    assert found == {"sparse mixture-of-experts models": "mixture of experts"}


def test_a_kind_word_and_x_based_name_what_they_are_a_kind_of():
    found = broader_names(
        mention("p1", "Transformer"),
        mention("p2", "transformer-based models"),
        mention("p3", "Transformer architecture"),
        mention("p4", "Chain-of-Thought"),
        mention("p5", "Chain-of-Thought prompting"),
        mention("p6", "LLM inference"),
        mention("p7", "LLM"),
    )
    assert found == {
        "transformer-based models": "Transformer",
        "Transformer architecture": "Transformer",
        "Chain-of-Thought prompting": "Chain-of-Thought",
    }


def test_a_leading_activity_is_done_to_what_follows_it():
    found = broader_names(
        mention("p1", "fine-tuning vision-language models"),
        mention("p2", "vision-language models"),
        mention("p3", "spiking neural networks"),
        mention("p4", "neural networks"),
    )
    assert found == {"spiking neural networks": "neural networks"}


def test_an_acronym_head_finds_its_long_form():
    found = broader_names(
        mention("p1", "Graph Neural Networks"),
        mention("p1", "GNNs", long_form="Graph Neural Networks"),
        mention("p2", "temporal GNNs"),
        mention("p3", "GNN"),
    )
    assert found == {"temporal GNNs": "Graph Neural Networks"}


def test_broader_entities_have_the_same_type():
    found = broader_names(
        mention("p1", "graph representation learning", "METHOD"),
        mention("p2", "representation learning", "TASK"),
        mention("p3", "Tiny ImageNet", "DATASET"),
        mention("p4", "ImageNet", "DATASET"),
        mention("p5", "ImageNet classification", "TASK"),
        mention("p6", "classification", "TASK"),
    )
    assert found == {"Tiny ImageNet": "ImageNet", "ImageNet classification": "classification"}


@pytest.mark.parametrize(
    "key, phrase",
    [("graph neural network", "neural network"), ("neural mechanism", None), ("mixture of expert", None)],
)
def test_head_phrases_of_tiny_names(key, phrase):
    phrases = list(head_phrases(key))
    assert phrases[0] == phrase if phrase else "neural" not in phrases and "mixture" not in phrases


def test_a_topic_counts_the_papers_of_its_narrower_entities_once():
    r = resolve(
        [
            mention("p1", "differential privacy"),
            mention("p2", "local differential privacy"),
            mention("p3", "user-level local differential privacy"),
            mention("p3", "differential privacy"),
            mention("p4", "privacy amplification"),
        ]
    )
    counts = papers_with_narrower(r.entities, r.broader)
    assert counts == {
        "differential privacy": 3,
        "local differential privacy": 2,
        "user level local differential privacy": 1,
        "privacy amplification": 1,
    }
    graph = build_graph([Paper(p, "abstract") for p in ("p1", "p2", "p3", "p4")], r)
    broader = {
        (graph.nodes[u]["name"], graph.nodes[v]["name"])
        for u, v, d in graph.edges(data=True)
        if d["relation"] == "broader"
    }
    assert broader == {
        ("local differential privacy", "differential privacy"),
        ("user-level local differential privacy", "local differential privacy"),
    }
    entities = {d["name"]: d for _, d in graph.nodes(data=True) if d["type"] != "Paper"}
    assert entities["differential privacy"]["papers_with_narrower"] == 3
    assert entities["differential privacy"]["papers"] == 2


def test_a_hyphened_to_compound_and_a_denoising_model_modify_their_head():
    found = broader_names(
        mention("p1", "text-to-image diffusion models"),
        mention("p2", "end-to-end reinforcement learning"),
        mention("p3", "reinforcement learning"),
        mention("p4", "denoising diffusion models"),
        mention("p5", "diffusion models"),
        mention("p6", "learning diffusion models"),  # an activity done to diffusion models
        mention("p7", "training-free guidance"),
        mention("p8", "guidance"),
    )
    assert found == {
        "text-to-image diffusion models": "diffusion models",
        "end-to-end reinforcement learning": "reinforcement learning",
        "denoising diffusion models": "diffusion models",
        "training-free guidance": "guidance",
    }


def test_a_name_headed_by_x_is_a_kind_of_the_x_model_most_papers_name():
    """ "diffusion models" is in more papers than "diffusion": "discrete diffusion" is a kind of it."""
    found = broader_names(
        mention("p1", "diffusion"),
        mention("p2", "diffusion models"),
        mention("p3", "diffusion models"),
        mention("p4", "discrete diffusion"),
        mention("p5", "Transformer"),
        mention("p6", "Transformer"),
        mention("p7", "Transformer architecture"),
        mention("p8", "vision Transformer"),
    )
    assert found == {
        "diffusion models": "diffusion",
        "discrete diffusion": "diffusion models",
        "Transformer architecture": "Transformer",
        "vision Transformer": "Transformer",  # the kind-less name is in more papers
    }


def test_an_x_based_name_is_a_kind_of_x_not_of_what_its_words_end_with():
    found = broader_names(
        mention("p1", "reinforcement learning-based approach"),
        mention("p2", "learning-based approaches"),
        mention("p3", "reinforcement learning"),
        mention("p4", "transformer-based network"),
        mention("p5", "network"),
        mention("p6", "Transformer"),
        mention("p7", "fine-tuning-based continual learning"),
        mention("p8", "continual learning"),
    )
    assert found == {
        "reinforcement learning-based approach": "reinforcement learning",
        "transformer-based network": "Transformer",
        "fine-tuning-based continual learning": "continual learning",
    }


def test_an_x_augmented_name_after_another_modifier_is_a_kind_of_itself_first():
    found = broader_names(
        mention("p1", "multimodal retrieval-augmented generation"),
        mention("p2", "retrieval-augmented generation"),
        mention("p3", "generation"),
        mention("p4", "multimodal uncertainty-aware RL"),
        mention("p5", "uncertainty-aware RL"),
        mention("p6", "RL"),
    )
    assert found == {
        "multimodal retrieval-augmented generation": "retrieval-augmented generation",
        "retrieval-augmented generation": "generation",
        "multimodal uncertainty-aware RL": "uncertainty-aware RL",
        "uncertainty-aware RL": "RL",
    }


def test_a_name_of_three_words_with_a_preposition_is_the_last_broader_one_of_longer_names():
    found = broader_names(
        mention("p1", "chain-of-thought reasoning"),
        mention("p2", "Chain-of-Thought"),
        mention("p3", "mixture-of-experts backbone"),
        mention("p4", "mixture of experts"),
        mention("p5", "pruning of non-essential blocks"),
        mention("p6", "pruning"),
        mention("p7", "mixture"),
    )
    assert found == {
        "chain-of-thought reasoning": "Chain-of-Thought",
        "mixture-of-experts backbone": "mixture of experts",
        "pruning of non-essential blocks": "pruning",
    }
