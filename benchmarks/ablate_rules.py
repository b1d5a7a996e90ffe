"""Measure what each rule adds to the trained NER: exact-span micro F1 with one switch off at a time.

    python benchmarks/ablate_rules.py ../shared/data/scierc/dev.json

Tune on SciERC dev only; test splits are for reporting.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kg.evaluation.gold import read_dygiepp
from kg.evaluation.scores import evaluate, prf
from kg.nlp.pipeline import load_pipeline

VARIANTS = {
    "rules only (no NER)": {"use_model": False},
    "NER only": {
        "rule_chunks": False,
        "rule_names": False,
        "dataset_cues": False,
        "generic_filter": False,
        "cut_verbs": False,
        "syntax_labels": False,
        "strong_heads": False,
        "quoted_names": False,
        "model_names": False,
        "listed_names": False,
        "studied_properties": False,
        "abbreviations": False,
        "names": False,
        "lists": False,
    },
    "all (shipped)": {},
    "- abbreviation propagation": {"abbreviations": False},
    "- name propagation, one label per name": {"names": False},
    "- list mates": {"lists": False},
    "- rule chunks": {"rule_chunks": False},
    "- rule names": {"rule_names": False},
    "- dataset cues": {"dataset_cues": False},
    "- generic filter": {"generic_filter": False},
    "- cut at verb": {"cut_verbs": False},
    "- syntax labels for names": {"syntax_labels": False},
    "- strong head words": {"strong_heads": False},
    "- quoted names": {"quoted_names": False},
    "- model names with spaces": {"model_names": False},
    "- the list recognizer's spans": {"listed_names": False},
    "- kinds of studied properties": {"studied_properties": False},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("gold", type=Path, help="dygiepp JSONL (e.g. SciERC dev)")
    args = parser.parse_args()
    docs = read_dygiepp(args.gold)
    print(f"{'variant':<40} {'P':>6} {'R':>6} {'F1':>6}   METHOD   TASK DATASET")
    for name, switches in VARIANTS.items():
        started = time.perf_counter()
        scores = evaluate(docs, load_pipeline(**switches))
        c = scores.micro()
        p, r, f = prf(c.tp, c.predicted, c.tp, c.gold)
        per = [
            prf(x.tp, x.predicted, x.tp, x.gold)[2]
            for x in (scores.by_label.get(k) for k in ("METHOD", "TASK", "DATASET"))
            if x
        ]
        print(
            f"{name:<40} {p:6.3f} {r:6.3f} {f:6.3f}   "
            + "  ".join(f"{v:6.3f}" for v in per)
            + f"   ({time.perf_counter() - started:.0f}s)"
        )


if __name__ == "__main__":
    main()
