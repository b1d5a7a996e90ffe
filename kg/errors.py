"""The tool's own exceptions: what a user can cause, with a message fit for one line."""

from __future__ import annotations


class KGError(Exception):
    """Base class: the CLI prints these as one line and exits non-zero."""


class InputError(KGError):
    """Input that cannot be read: names the file and, where known, the line or record."""

    def __init__(self, message: str, path: object = None, line: int | None = None) -> None:
        where = "" if path is None else f"{path}" + ("" if line is None else f":{line}")
        super().__init__(f"{where}: {message}" if where else message)
        self.reason = message
        self.path = path
        self.line = line


class OutputError(KGError):
    """An output folder that cannot be one or cannot be written (--out names a file, disk full)."""

    def __init__(self, message: str, path: object) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path


class ModelError(KGError):
    """The spaCy English model is not installed."""


class QueryError(KGError):
    """A SPARQL query that cannot be read or run, or a graph folder without a graph."""


class ServerError(KGError):
    """A graph server that cannot be reached, refuses the login, or rejects a statement."""
