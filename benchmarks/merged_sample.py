"""Draw entities that merge more than one key, with the names merged into each, for reading by hand.

    python benchmarks/merged_sample.py ../shared/data/papers/icml2025.jsonl --cache BUILD_DIR [--n 50] [--seed 2]

Parses the input (reusing the parse cache of BUILD_DIR, a build of the same input), resolves it, and lists `--n`
entities drawn at random among those whose mentions had more than one key before resolution; a bare acronym
joining its long form (the older rule) does not count as a second key.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from pathlib import Path

from kg.builder.parallel import default_workers, extract_corpus
from kg.corpus import read_corpus
from kg.nlp.short_forms import is_acronym
from kg.resolve import entity_key, resolve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", type=Path, nargs="+")
    parser.add_argument("--cache", type=Path, help="a build folder of the same input, for its parse cache")
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    mentions = extract_corpus(read_corpus(args.inputs).papers, args.cache, default_workers()).records.mentions
    entity_of = {(m.paper, m.start, m.end): m.entity for m in resolve(mentions).mentions}
    merged: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for m in mentions:
        entity = entity_of.get((m.paper, m.start, m.end))
        key = entity_key(m.long_form or m.name)
        if entity is not None and not (not m.long_form and is_acronym(key) and len(key.split()) == 1):
            merged[entity].add((key, m.name))
    several = sorted(e for e, keys in merged.items() if len({k for k, _ in keys}) > 1)
    print(f"{len(several)} entities merge more than one key")
    for entity in random.Random(args.seed).sample(several, min(args.n, len(several))):
        print(f"{entity}  <=  {' | '.join(sorted({name for _, name in merged[entity]}))}")


if __name__ == "__main__":
    main()
