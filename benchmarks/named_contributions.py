"""Whether the names papers give their contributions are marked `proposes`: a random sample to read by hand.

    python benchmarks/named_contributions.py INPUT BUILD_DIR [--n 25] [--seed 7]

Finds the abstracts of INPUT (a JSON Lines file of papers, as built) that say "we propose", "we introduce" or
"we present", up to four lower-case words after, then a name (a capital after its first letter or a digit:
"FlexTok", "F2STrans"), draws `--n` of them with `random.seed(SEED)`, and prints for each the roles the build's
mentions.jsonl gives the mentions holding that name in that paper ("absent" where none does). The pattern also
catches names that are not the contribution ("we propose a CVaR-based …"): read the sentence.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import defaultdict
from pathlib import Path

NAMED = re.compile(r"\b[Ww]e (?:propose|introduce|present) (?:an? |the )?(?:[a-z-]+ ){0,4}?([A-Z][\w-]*[A-Z0-9][\w-]*)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", type=Path)
    parser.add_argument("build", type=Path)
    parser.add_argument("--n", type=int, default=25)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    papers = [json.loads(line) for line in args.input.read_text(encoding="utf-8").splitlines() if line.strip()]
    named = [(p["id"], m) for p in papers if (m := NAMED.search(p.get("abstract") or ""))]
    names = {paper: m.group(1) for paper, m in named}
    roles: dict[str, set[str]] = defaultdict(set)
    for row in map(json.loads, (args.build / "mentions.jsonl").read_text(encoding="utf-8").splitlines()):
        if row["paper"] in names and names[row["paper"]] in row["text"]:
            roles[row["paper"]].add(row["role"])
    random.seed(args.seed)
    sample = random.sample(named, min(args.n, len(named)))
    for i, (paper, m) in enumerate(sample, 1):
        found = ", ".join(sorted(roles[paper])) or "absent"
        print(f"{i:3} {found:16} {m.group(1)} | {paper} | {m.group(0)}")
    proposed = sum("proposes" in roles[paper] for paper, _ in sample)
    print(f"{proposed} of {len(sample)} proposed ({len(named)} abstracts name something so)")


if __name__ == "__main__":
    main()
