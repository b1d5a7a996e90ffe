"""Seconds each pipeline component takes over the first N abstracts of a corpus, in this one process.

    python benchmarks/component_times.py ../shared/data/papers/icml2025.jsonl [--n 600] [--batch-size 64]

Each component runs over all N docs before the next one starts (the docs as the components before it left
them), so that its time is its own; the sum is about one `nlp.pipe` pass of the whole pipeline.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kg.clean import clean
from kg.corpus import read_corpus
from kg.nlp.pipeline import load_pipeline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", type=Path, nargs="+", help="corpus files or folders, as for `kg build`")
    parser.add_argument("--n", type=int, default=600, help="abstracts to read (default 600)")
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()
    texts = [clean(p.abstract).text for p in read_corpus(args.inputs).papers[: args.n]]
    nlp = load_pipeline()
    list(nlp.pipe(texts[:20]))  # warm: lazily loaded tables, first allocations
    started = time.perf_counter()
    docs = [nlp.make_doc(text) for text in texts]
    seconds = {"tokenizer": time.perf_counter() - started}
    for name, component in nlp.pipeline:
        started = time.perf_counter()
        docs = (
            list(component.pipe(docs, batch_size=args.batch_size))
            if hasattr(component, "pipe")
            else [component(d) for d in docs]
        )
        seconds[name] = time.perf_counter() - started
    for name, took in seconds.items():
        print(f"{name:<24} {took:6.2f} s")
    print(f"{'all':<24} {sum(seconds.values()):6.2f} s for {len(docs)} abstracts")


if __name__ == "__main__":
    main()
