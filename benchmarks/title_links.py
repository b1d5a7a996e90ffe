"""The links a build made from titles alone, counted by type, and a random sample of them to read by hand.

    python benchmarks/title_links.py BUILD_DIR [--n 40] [--seed 2]

Reads the build's mentions.jsonl: a mention with `"field": "title"` is a phrase of a paper's title that names an
entity the paper's abstract does not (kg.titles). Prints how many there are by label and their mean confidence,
then `--n` of them drawn with `random.seed(SEED)`, each with its confidence, label, the phrase and the title.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("--n", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    lines = (args.build / "mentions.jsonl").read_text(encoding="utf-8").splitlines()
    titled = [row for row in map(json.loads, lines) if row["field"] == "title"]
    labels = Counter(row["label"] for row in titled)
    mean = sum(row["confidence"] for row in titled) / max(1, len(titled))
    print(f"{len(titled)} links from titles alone ({', '.join(f'{n} {label}' for label, n in labels.most_common())});"
          f" mean confidence {mean:.2f}")  # fmt: skip
    random.seed(args.seed)
    for i, row in enumerate(random.sample(titled, min(args.n, len(titled))), 1):
        print(f"{i:3} {row['confidence']:.2f} {row['label']:8} {row['text']} | {row['sentence']}")


if __name__ == "__main__":
    main()
