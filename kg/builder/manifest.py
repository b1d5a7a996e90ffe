"""A build's manifest: what the exports in a folder were made from and what they are, so that a rebuild
that cannot change them is skipped.

`.paperkg-build.json` is written into the staging folder with the exports and moved in with them. It holds
a fingerprint of everything the exports depend on (the papers as read, every option that changes a byte,
paperkg's code and data, the spaCy pipeline, the libraries that write the files), the counts the summary
line prints, and the size and SHA-256 of every file written. A build with the same fingerprint, in a
folder whose exports are exactly those files, is up to date. Anything else (no manifest, a corrupt or
hand-edited one, a file missing, changed or added in `store/` or `neo4j/`) means a full build.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import platform
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable

from ..corpus import Paper
from ..export.options import ExportOptions
from ..layout import MANIFEST_FILE, PACKAGE_DIR
from ..nlp.fingerprint import pipeline_version

FORMAT = 2  # of the manifest itself: a manifest of another format is not read
WRITERS = ("networkx", "pyoxigraph", "pyvis", "jinja2")  # libraries whose output is in the exports


@dataclass(frozen=True)
class BuildCounts:
    """What the summary line counts, kept so that an up-to-date build prints it without making the graph."""

    mentions: int
    entities: int
    edges: int
    relations: int  # edges between entities


def code_version() -> str:
    """A hash of paperkg's files and the versions of the libraries that write the exports: an edited
    writer or template changes the exports without changing the spaCy pipeline."""
    digest = hashlib.sha256(f"python {platform.python_version()}".encode())
    for name in WRITERS:
        digest.update(f"\0{name} {importlib.metadata.version(name)}".encode())
    for path in sorted(p for p in PACKAGE_DIR.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(f"\0{path.relative_to(PACKAGE_DIR)}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def fingerprint(papers: list[Paper], base_iri: str, options: ExportOptions, min_confidence: float) -> str:
    """Everything the exports of a build depend on, as one hash."""
    digest = hashlib.sha256(
        json.dumps(
            {
                "format": FORMAT,
                "pipeline": pipeline_version(),
                "code": code_version(),
                "base_iri": base_iri,
                "options": asdict(options),
                "min_confidence": min_confidence,
            },
            sort_keys=True,
        ).encode()
    )
    for paper in papers:
        digest.update(json.dumps(asdict(paper)).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while block := file.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def listing(folder: Path, names: Iterable[str]) -> list[Path]:
    """The files of the exports `names` in `folder`, those in export folders (store/, neo4j/) included."""
    files = []
    for name in names:
        path = folder / name
        files += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return files


def write_manifest(folder: Path, fingerprint: str, counts: BuildCounts, names: Iterable[str]) -> None:
    """The manifest of the exports `names` just written into `folder`."""
    files = {
        p.relative_to(folder).as_posix(): {"size": p.stat().st_size, "sha256": sha256(p)}
        for p in listing(folder, names)
    }
    manifest = {"format": FORMAT, "fingerprint": fingerprint, "counts": asdict(counts), "files": files}
    manifest["digest"] = digest_of(manifest)
    (folder / MANIFEST_FILE).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def digest_of(manifest: dict) -> str:
    """A hash of the manifest's other fields: counts edited by hand are no build's counts."""
    return hashlib.sha256(
        json.dumps({k: v for k, v in manifest.items() if k != "digest"}, sort_keys=True).encode()
    ).hexdigest()


def up_to_date(folder: Path, fingerprint: str, names: Iterable[str]) -> BuildCounts | None:
    """The counts of the build in `folder` if it had this fingerprint and its exports `names` are still
    the files it wrote, byte for byte; else None (a full build is due)."""
    path = folder / MANIFEST_FILE
    try:
        if not path.is_file():  # a FIFO or a device would block the read or never end
            return None
        manifest = json.loads(path.read_text(encoding="utf-8"))
        if manifest["format"] != FORMAT or manifest["fingerprint"] != fingerprint:
            return None
        if manifest["digest"] != digest_of(manifest):
            return None
        files = listing(folder, names)
        recorded = manifest["files"]
        if sorted(p.relative_to(folder).as_posix() for p in files) != sorted(recorded):
            return None
        # sizes first: a changed file is usually found without reading any
        if any(p.stat().st_size != recorded[p.relative_to(folder).as_posix()]["size"] for p in files):
            return None
        if any(sha256(p) != recorded[p.relative_to(folder).as_posix()]["sha256"] for p in files):
            return None
        counts = BuildCounts(**manifest["counts"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # no manifest, or one that is not what a build writes
    return counts if all(type(n) is int for n in asdict(counts).values()) else None
