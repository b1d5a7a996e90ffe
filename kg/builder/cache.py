"""Parsed abstracts kept between builds, so that a rebuild parses only what changed.

One SQLite file in the output folder (beside the exports, which staging replaces; it is not one of
them, so it stays). Entries are `kg.nlp.docdata.DocData` as JSON, keyed by a hash of the clean text spaCy
reads; the file remembers the pipeline version it holds parses of and is emptied when it changes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Iterable, Iterator

from ..nlp.docdata import DocData

CHUNK = 500  # keys per SELECT, well under SQLite's limit on bound parameters


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Cache:
    def __init__(self, path: Path, version: str) -> None:
        try:
            self.db = self._open(path, version)
        except sqlite3.DatabaseError:  # not a database (a broken or foreign file): start again
            path.unlink()
            self.db = self._open(path, version)

    @staticmethod
    def _open(path: Path, version: str) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=60)
        with db:
            db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
            db.execute("CREATE TABLE IF NOT EXISTS docs (key TEXT PRIMARY KEY, data TEXT)")
            row = db.execute("SELECT value FROM meta WHERE name = 'version'").fetchone()
            if row is None or row[0] != version:
                db.execute("DELETE FROM docs")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (version,))
        return db

    def get(self, keys: Iterable[str]) -> dict[str, DocData]:
        """The cached data of those keys that have some."""
        return dict(self.each(keys))

    def each(self, keys: Iterable[str]) -> Iterator[tuple[str, DocData]]:
        """(key, data) for those keys that have some, read as they are asked for: a caller that uses each
        as it comes never holds them all."""
        keys = list(keys)
        for i in range(0, len(keys), CHUNK):
            chunk = keys[i : i + CHUNK]
            rows = self.db.execute(f"SELECT key, data FROM docs WHERE key IN ({','.join('?' * len(chunk))})", chunk)
            for key, data in rows.fetchall():
                yield key, json.loads(data)

    def put(self, items: Iterable[tuple[str, DocData]]) -> None:
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO docs VALUES (?, ?)",
                ((key, json.dumps(data, ensure_ascii=False, separators=(",", ":"))) for key, data in items),
            )

    def close(self) -> None:
        self.db.close()
