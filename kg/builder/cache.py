"""Parsed abstracts kept between builds, so that a rebuild parses only what changed.

One SQLite file in the output folder (beside the exports, which staging replaces; it is not one of
them, so it stays). Entries are `kg.nlp.docdata.DocData` as JSON, keyed by a hash of what spaCy reads (the
clean text and the title's name: `kg.nlp.docdata.Reading`); the file remembers the pipeline version it holds
parses of and is emptied when it changes.

The cache only ever saves time, so its troubles never stop a build: a file that is not a paperkg cache
(damaged, foreign) is started again, one that cannot be opened or written (a read-only or full disk, a
folder in its place) means building without it, each with a warning; an entry that does not decode is
parsed again (the caller also checks that an entry fits its text: `kg.nlp.docdata.fits`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Iterable, Iterator

from ..nlp.docdata import DocData, Reading

CHUNK = 500  # keys per SELECT, well under SQLite's limit on bound parameters
TABLES = {"meta": ["name", "value"], "docs": ["key", "data"]}  # a paperkg cache's tables and their columns


def reading_key(read: Reading) -> str:
    """The cache's key of a reading: a hash of its text and its title's name."""
    return hashlib.sha256("\0".join(read).encode("utf-8")).hexdigest()


class NotACache(sqlite3.DatabaseError):
    """An SQLite file with other tables than a paperkg cache's."""


class Cache:
    def __init__(self, path: Path, version: str) -> None:
        self.path = path
        self.warnings: list[str] = []
        self.db: sqlite3.Connection | None = None
        if os.path.lexists(path) and not path.is_file():
            self.warn("is not a file; building without it")
            return
        try:
            self.db = self._open(path, version)
        except sqlite3.OperationalError as exc:  # cannot open or write it: leave it be
            self.warn(f"cannot be used ({exc}); building without it")
        except sqlite3.DatabaseError as exc:  # not a database, or not a paperkg cache: start again
            try:
                path.unlink()
                self.db = self._open(path, version)
                self.warn(f"was not a paperkg cache ({exc}); started again")
            except (OSError, sqlite3.Error) as again:
                self.warn(f"was not a paperkg cache ({exc}) and cannot be replaced ({again}); building without it")

    @staticmethod
    def _open(path: Path, version: str) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=60)
        try:
            with db:
                db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
                db.execute("CREATE TABLE IF NOT EXISTS docs (key TEXT PRIMARY KEY, data TEXT)")
                tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if other := sorted(tables - set(TABLES)):
                    raise NotACache(f"it holds another table, {other[0]}")
                for table, columns in TABLES.items():
                    if [row[1] for row in db.execute(f"PRAGMA table_info({table})")] != columns:
                        raise NotACache(f"table {table} has other columns")
                row = db.execute("SELECT value FROM meta WHERE name = 'version'").fetchone()
                if row is None or row[0] != version:
                    db.execute("DELETE FROM docs")
                    db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (version,))
        except BaseException:
            db.close()
            raise
        return db

    def warn(self, message: str) -> None:
        self.warnings.append(f"the parse cache {self.path} {message}")

    def each(self, keys: Iterable[str]) -> Iterator[tuple[str, DocData]]:
        """(key, data) for those keys that have data that decodes, read as they are asked for: a caller that
        uses each as it comes never holds them all."""
        if self.db is None:
            return
        keys = list(keys)
        undecodable = 0
        try:
            for i in range(0, len(keys), CHUNK):
                chunk = keys[i : i + CHUNK]
                rows = self.db.execute(f"SELECT key, data FROM docs WHERE key IN ({','.join('?' * len(chunk))})", chunk)
                for key, data in rows.fetchall():
                    try:
                        yield key, json.loads(data)
                    except (TypeError, ValueError, RecursionError):
                        undecodable += 1
        except sqlite3.Error as exc:
            self.warn(f"cannot be read ({exc}); parsing the rest again")
        if undecodable:
            self.warn(f"held {undecodable} entries that are not JSON; parsed again")

    def put(self, items: Iterable[tuple[str, DocData]]) -> None:
        """Keep these parses; if the file cannot take them (a full or read-only disk), stop writing to it."""
        if self.db is None:
            return
        try:
            with self.db:
                self.db.executemany(
                    "INSERT OR REPLACE INTO docs VALUES (?, ?)",
                    ((key, json.dumps(data, ensure_ascii=False, separators=(",", ":"))) for key, data in items),
                )
        except sqlite3.Error as exc:
            self.warn(f"cannot be written ({exc}); this build's parses are not kept")
            self.close()

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None
