"""An input file's text: UTF-8 (a byte-order mark allowed), or a one-line `InputError` saying what it is."""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

from ..errors import InputError

# Byte-order marks of text that is not UTF-8; UTF-32's come first, as UTF-32-LE's begins with UTF-16-LE's.
FOREIGN_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def read_text_file(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", path) from None
    if not data.strip():
        raise InputError("file is empty", path)
    for bom, encoding in FOREIGN_BOMS:
        if data.startswith(bom):
            raise InputError(f"{encoding} text, expected UTF-8", path)
    if b"\x00" in data:
        raise InputError("binary file, expected text (UTF-8)", path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", path) from None


def parse_json(text: str) -> Any:
    """`json.loads`, with nesting too deep for Python's parser reported as invalid JSON (ValueError)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
