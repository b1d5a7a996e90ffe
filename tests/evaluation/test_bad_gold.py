"""Gold files `kg eval` refuses, with one line naming the file and line: tokens that are not text, JSON nested
too deeply to read, two documents under one key (their mentions would be scored as one document's) and span
offsets outside their sentence (a negative one would be read from the end of the token list)."""

import subprocess
import sys

import pytest

from kg.errors import InputError
from kg.evaluation.gold import read_dygiepp
from tests.commands import assert_one_line_error
from tests.helpers import jsonl

SENTENCES = [["We", "use", "BERT", "."], ["It", "helps", "parsing", "."]]
DOC = {"doc_key": "d1", "sentences": SENTENCES, "ner": [[[2, 2, "Method"]], [[6, 6, "Task"]]]}
DEEP = "[" * 100_000 + "]" * 100_000

# what replaces a field of DOC -> what the error says
BAD = {
    "a token that is a number": ({"sentences": [["We", 1, "BERT", "."], SENTENCES[1]]}, "sentence 1, token 2 is not a string: 1"),
    "a token that is null": ({"sentences": [SENTENCES[0], ["It", None, "parsing", "."]]}, "sentence 2, token 2 is not a string: None"),
    "a sentence that is a string": ({"sentences": ["We use BERT .", SENTENCES[1]]}, "'sentences' must be a list of sentences"),
    "negative offsets": ({"ner": [[[-2, -2, "Method"]], []]}, "span [-2, -2, 'Method'] is outside its sentence, tokens 0 to 3"),
    "an end before its start": ({"ner": [[[2, 1, "Method"]], []]}, "span [2, 1, 'Method'] ends before it starts"),
    "a span in the next sentence": ({"ner": [[[6, 6, "Task"]], []]}, "sentence 1: span [6, 6, 'Task'] is outside its sentence, tokens 0 to 3"),
    "a span past the last token": ({"ner": [[], [[7, 8, "Task"]]]}, "sentence 2: span [7, 8, 'Task'] is outside its sentence, tokens 4 to 7"),
    "a fractional offset": ({"ner": [[[2.5, 3, "Method"]], []]}, "span [2.5, 3, 'Method'] needs whole-number token offsets"),
    "a boolean offset": ({"ner": [[[True, 2, "Method"]], []]}, "needs whole-number token offsets"),
    "a label that is a list": ({"ner": [[[2, 2, ["Method"]]], []]}, "has a label that is not a string"),
    "a span without a label": ({"ner": [[[2, 2]], []]}, "a span is [start, end, label], not [2, 2]"),
    "fewer span lists than sentences": ({"ner": [[[2, 2, "Method"]]]}, "'ner' must hold a list of spans for each of the 2 sentences"),
}  # fmt: skip


def test_consistent_gold_counts_offsets_in_the_document(tmp_path):
    [doc] = read_dygiepp(jsonl(tmp_path / "gold.jsonl", [DOC]))
    assert doc.text == "We use BERT. It helps parsing."
    assert {(doc.text[s:e], label) for s, e, label in doc.spans} == {("BERT", "METHOD"), ("parsing", "TASK")}


@pytest.mark.parametrize("case", BAD)
def test_inconsistent_gold_names_the_line_and_the_span(tmp_path, case):
    changes, message = BAD[case]
    path = jsonl(tmp_path / "gold.jsonl", [{**DOC, "doc_key": "fine"}, {**DOC, **changes}])
    with pytest.raises(InputError) as error:
        read_dygiepp(path)
    assert str(error.value).startswith(f"{path}:2: not a dygiepp document (") and message in str(error.value)


@pytest.mark.parametrize("line", [DEEP, '{"doc_key": "d1", "sentences": ' + DEEP + "}", "[1, 2]"])
def test_json_too_deep_or_not_an_object_is_an_error(tmp_path, line):
    path = jsonl(tmp_path / "gold.jsonl", [DOC, line + "\n"])
    with pytest.raises(
        InputError, match=r"gold\.jsonl:2: not a dygiepp document \((JSON nested too deeply|a document is)"
    ):
        read_dygiepp(path)


@pytest.mark.parametrize("key", ["doc_key", "doc_id"])
def test_two_documents_under_one_key_are_refused(tmp_path, key):
    other = {key: "d1", "sentences": [["GPT-2", "writes", "."]], "ner": [[[0, 0, "Method"]]]}
    first = {**{k: v for k, v in DOC.items() if k != "doc_key"}, key: "d1"}
    path = jsonl(tmp_path / "gold.jsonl", [first, {**DOC, "doc_key": "d2"}, other])
    with pytest.raises(InputError, match=r"gold\.jsonl:3: the key 'd1' of line 1 again"):
        read_dygiepp(path)


def test_kg_eval_refuses_each_in_one_line(tmp_path):
    """Through the command: no traceback, exit 1, the file and line named; nothing is scored."""
    files = {
        "tokens.jsonl": ([{**DOC, **BAD["a token that is a number"][0]}], "tokens.jsonl:1: "),
        "deep.jsonl": ([DEEP + "\n"], "deep.jsonl:1: not a dygiepp document (JSON nested too deeply)"),
        "keys.jsonl": ([DOC, DOC], "keys.jsonl:2: the key 'd1' of line 1 again"),
        "negative.jsonl": ([{**DOC, **BAD["negative offsets"][0]}], "negative.jsonl:1: "),
    }
    for name, (records, message) in files.items():
        gold = jsonl(tmp_path / name, records)
        run = subprocess.run(
            [sys.executable, "-c", "from kg.cli import main; main()", "eval", "--gold", str(gold)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.stdout == ""
        assert_one_line_error(run, message)
