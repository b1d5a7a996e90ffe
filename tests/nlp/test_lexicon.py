"""The word lists the rules read (kg/nlp/lexicon.py)."""

import ast
from collections import Counter
from pathlib import Path

from kg.nlp import lexicon


def test_each_word_list_is_named_once():
    """A second list under a name in use would silently replace the first for every rule that reads it."""
    tree = ast.parse(Path(lexicon.__file__).read_text(encoding="utf-8"))
    names = Counter(
        target.id
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    )
    assert not [name for name, n in names.items() if n > 1]
