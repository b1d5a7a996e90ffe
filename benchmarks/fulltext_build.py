"""Full texts through a build, scored as `kg eval` scores the extractor on the same gold.

    python benchmarks/fulltext_build.py GOLD [--min-confidence X]

GOLD is a dygiepp/PURE JSONL file (SciER's test documents are full-text sections of up to 7,217 tokens).
Its texts are written as one JSON Lines corpus and built by `python build_graph.py FILE --no-cache
--min-confidence X` (default 0: every mention the extractor finds); the build's `mentions.jsonl` is scored
against the gold spans (exact: start, end and label), beside `kg eval --gold GOLD` in this process (with
`--min-confidence X` when X is not 0). Prints both, the build's seconds and the texts read in pieces.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kg.evaluation.gold import read_dygiepp
from kg.evaluation.scores import LabelCounts, Scores, evaluate, prf, score_doc

ROOT = Path(__file__).resolve().parent.parent


def line(name: str, scores: Scores) -> str:
    micro: LabelCounts = scores.micro()
    p, r, f = prf(micro.tp, micro.predicted, micro.tp, micro.gold)
    return f"{name:<32} P {p:.3f} R {r:.3f} F1 {f:.3f}  ({micro.predicted} predicted, {micro.gold} gold)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gold", type=Path)
    parser.add_argument("--min-confidence", type=float, default=0.0)
    args = parser.parse_args()
    docs = read_dygiepp(args.gold)
    with tempfile.TemporaryDirectory() as folder:
        corpus, out = Path(folder) / "texts.jsonl", Path(folder) / "out"
        corpus.write_text("".join(json.dumps({"id": d.id, "abstract": d.text}) + "\n" for d in docs), encoding="utf-8")
        started = time.perf_counter()
        run = subprocess.run(
            [sys.executable, "build_graph.py", str(corpus), "--out", str(out), "--no-cache"]
            + ["--min-confidence", str(args.min_confidence)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        seconds = time.perf_counter() - started
        predicted: dict[str, set] = {d.id: set() for d in docs}
        with open(out / "mentions.jsonl", encoding="utf-8") as f:
            for mention in map(json.loads, f):
                predicted[mention["paper"]].add((mention["start"], mention["end"], mention["label"]))
    built = Scores()
    for doc in docs:
        for label, counts in score_doc(doc.spans, predicted[doc.id]).items():
            built.by_label.setdefault(label, LabelCounts()).add(counts)
    print(
        f"{len(docs)} texts, {sum(len(d.text) for d in docs):,} characters, longest {max(len(d.text) for d in docs):,}"
    )
    print(line(f"build (min confidence {args.min_confidence})", built), f"{seconds:.1f} s")
    print("  " + run.stdout.strip())
    print(line("kg eval", evaluate(docs, min_confidence=args.min_confidence or None)))


if __name__ == "__main__":
    main()
