"""The name index (kg.name_index): pure helpers on tiny strings and entities resolved from hand-made mentions."""

from kg.name_index import name_index, named_in, word_offsets
from kg.resolve import resolve
from tests.test_resolve import mention


def test_word_offsets_leave_out_the_punctuation_around_them():
    title = "GPEN: Global Position Encoding (GPE) for Graphs."
    assert [title[s:e] for s, e in word_offsets(title)] == [
        "GPEN",
        "Global",
        "Position",
        "Encoding",
        "GPE",
        "for",
        "Graphs",
    ]
    assert word_offsets("") == [] and word_offsets(" - ") == []


def index_of(*names: str):
    """The name index of entities of these names, and entity key -> name."""
    entities = list(resolve([mention(f"p{i}", name) for i, name in enumerate(names)]).entities.values())
    return name_index(entities), {e.key: e.name for e in entities}


def test_the_longest_phrase_from_each_word_names_the_entity_in_any_spacing():
    index, name = index_of("graph neural networks", "neural networks", "ImageNet", "Tiny-ImageNet")
    title = "Scaling Graph Neural Networks to ImageNet and TinyImageNet"
    found = [(title[s:e], name[k]) for s, e, k in named_in(title, index)]
    assert found == [
        ("Graph Neural Networks", "graph neural networks"),
        ("ImageNet", "ImageNet"),
        ("TinyImageNet", "Tiny-ImageNet"),
    ]
    assert [name[k] for _, _, k in named_in("Neural Networks, Revisited", index)] == ["neural networks"]
    assert list(named_in("Networks, Revisited", index)) == []


def test_a_name_in_capitals_is_matched_as_written_and_a_common_word_or_shared_spelling_not_at_all():
    index, name = index_of("FoR", "attention", "estimation methods")
    assert [name[k] for _, _, k in named_in("Attention for Estimation Methods", index)] == ["estimation methods"]
    assert [name[k] for _, _, k in named_in("FoR: Flow of Reasoning", index)] == ["FoR"]
    shared = resolve(
        [
            mention("p1", "SAM", long_form="segment anything model"),
            mention("p2", "SAM", long_form="sharpness-aware minimization"),
        ]
    )
    assert "SAM" not in name_index(shared.entities.values()).keys
