"""Time a build's graph.html in headless Chromium: open to drawn, and a search that draws what it finds.

    python benchmarks/page_open.py BUILD_DIR [--runs N] [--search NAME ...]

Each run opens the page from disk in a new page of Debian's Chromium (/usr/bin/chromium, through Playwright)
and times navigation until the page reports itself settled (`body[data-settled=true]`), then, for each NAME
(default: the entity of one paper with the longest name among those left out of the first view), the time
from typing it into the search box until the node is selected, and whether it was drawn then. Prints the
page's size, the nodes drawn at first and in the build, and the times of every run.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def left_out_name(page) -> str:
    """A one-paper entity the first view does not draw, found in the page's own table."""
    return page.evaluate(
        """() => { const drawn = new Set(network.body.data.nodes.getIds());
        const candidates = entries.filter((e) => e.kind !== 'Paper' && e.papers === 1 && !drawn.has(e.id)
          && entries.filter((o) => o.name.toLowerCase() === e.name.toLowerCase()).length === 1);
        return candidates.sort((a, b) => b.name.length - a.name.length || a.id.localeCompare(b.id))[0].name; }"""
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--search", nargs="*", default=[])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    path = (args.build / "graph.html").resolve()
    report: dict = {"page_mb": round(path.stat().st_size / 1e6, 1), "runs": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for _ in range(args.runs):
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            started = time.perf_counter()
            page.goto(path.as_uri())
            page.wait_for_selector("body[data-settled=true]", timeout=120_000)
            run = {"settled_s": round(time.perf_counter() - started, 2)}
            report["drawn"] = page.evaluate("network.body.data.nodes.length")
            report["in_build"] = page.evaluate("entries.length")
            for name in args.search or [left_out_name(page)]:
                drawn_before = page.evaluate("network.body.data.nodes.length")
                started = time.perf_counter()
                page.fill("#search", name)
                page.wait_for_function("network.getSelectedNodes().length === 1")
                run[f"search {name!r}_s"] = round(time.perf_counter() - started, 2)
                run[f"search {name!r} drew"] = page.evaluate("network.body.data.nodes.length") - drawn_before
                page.keyboard.press("Escape")
            run["result"] = re.sub(r"\s+", " ", page.inner_text("#shown"))
            report["runs"].append(run)
            page.close()
        browser.close()
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
