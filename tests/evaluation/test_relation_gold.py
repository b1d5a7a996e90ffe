"""Gold relations read from SciREX's records and matched against predicted ones (kg.evaluation.relations)."""

from kg.evaluation.relations import abstract_bounds, matches, scirex_abstract

TITLE = "FooNet for Segmentation".split()
ABSTRACT = "We propose FooNet . Experiments on Cityscapes show that FooNet is fast .".split()
INTRODUCTION = "section : Introduction Segmentation matters .".split()


def record(headed: bool) -> dict:
    """A SciREX paper: title, abstract (headed "section : Abstract" in a section of its own, or not), introduction."""
    heading = "section : Abstract".split() if headed else []
    words = TITLE + heading + ABSTRACT + INTRODUCTION
    title, abstract_end = len(TITLE), len(TITLE) + len(heading) + len(ABSTRACT)
    sections = [[0, title], [title, abstract_end]] if headed else [[0, abstract_end]]
    start = title + len(heading)
    foonet = [start + i for i, w in enumerate(ABSTRACT) if w == "FooNet"]
    cityscapes = start + ABSTRACT.index("Cityscapes")
    return {
        "words": words,
        "sentences": [[0, title], [title, abstract_end]],
        "sections": [*sections, [abstract_end, len(words)]],
        "coref": {
            "FooNet": [[0, 1], *([i, i + 1] for i in foonet)],
            "Cityscapes": [[cityscapes, cityscapes + 1]],
        },
        "n_ary_relations": [{"Method": "FooNet", "Material": "Cityscapes", "Task": "Segmentation", "Metric": "IoU"}],
    }


def test_the_abstract_is_read_after_its_heading_or_after_the_title():
    for headed in (True, False):
        paper = record(headed)
        text, gold, judges = scirex_abstract(paper, abstract_bounds(paper))
        assert text == "We propose FooNet. Experiments on Cityscapes show that FooNet is fast."
        assert judges == {"usedFor", "evaluatedOn"}
        [evaluated] = [g for g in gold if g[1] == "evaluatedOn"]
        assert {text[a:b] for a, b in evaluated[0]} == {"FooNet"} and len(evaluated[0]) == 2  # the title's is not in it
        assert {text[a:b] for a, b in evaluated[2]} == {"Cityscapes"}
        [used] = [g for g in gold if g[1] == "usedFor"]
        assert used[2] == frozenset()  # "Segmentation" has no mention in the abstract: never matched
        foonet, cityscapes = text.index("FooNet"), text.index("Cityscapes")
        assert matches(((foonet, foonet + 6), "evaluatedOn", (cityscapes, cityscapes + 10)), evaluated)
        assert not matches(((cityscapes, cityscapes + 10), "evaluatedOn", (foonet, foonet + 6)), evaluated)


def test_a_paper_in_one_section_has_no_abstract_to_read():
    paper = record(False)
    paper["sections"] = [[0, len(paper["words"])]]
    assert abstract_bounds(paper) is None
