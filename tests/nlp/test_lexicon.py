"""The word lists the rules read (kg/nlp/lexicon.py) and those of what follows the parse (kg/lexicon.py)."""

import ast
from collections import Counter
from pathlib import Path

import pytest

from kg import lexicon as after_parse
from kg.nlp import lexicon


def names_defined(module) -> Counter:
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return Counter(
        target.id
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        for target in (target.elts if isinstance(target, ast.Tuple) else [target])
        if isinstance(target, ast.Name)
    )


@pytest.mark.parametrize("module", [lexicon, after_parse], ids=["kg.nlp.lexicon", "kg.lexicon"])
def test_each_word_list_is_named_once(module):
    """A second list under a name in use would silently replace the first for every rule that reads it."""
    assert not [name for name, n in names_defined(module).items() if n > 1]


def test_no_word_list_is_in_both_modules():
    """A list in both would let the pipeline and what follows it read two versions of it; and one the pipeline
    reads belongs in kg/nlp/lexicon.py, which the parse cache's fingerprint hashes."""
    assert not names_defined(lexicon).keys() & names_defined(after_parse).keys()


def test_the_pipeline_reads_no_list_of_what_follows_the_parse():
    """The parse cache's fingerprint hashes kg/nlp/ only: a rule reading kg/lexicon.py would keep parses an edit
    there makes stale."""
    readers = []
    for path in Path(lexicon.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (
                node.level == 2 and node.module == "lexicon" or node.module == "kg.lexicon"
            ):
                readers.append(path.name)
    assert not readers
