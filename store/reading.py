"""Reading what a player or a script feeds Kawa: one bad line never stops the rest.

``json_lines`` reads a JSON-lines file or stream line by line: bytes that are not UTF-8, a line
too long, nesting too deep, ``NaN`` / ``Infinity`` or broken JSON become a clear error for
that line (its number named), and the next line is read.

>>> import io
>>> for number, value, error in json_lines(io.BytesIO(b'{"a": 1}\\n\\xff\\n[[[1]]]\\n{"b": Infinity}\\n')):
...     print(number, value, error)
1 {'a': 1} None
2 None line 2 is not UTF-8 text
3 [[[1]]] None
4 None line 4: Infinity is not a number JSON allows
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["MAX_LINE_BYTES", "MAX_DEPTH", "MAX_FILE_BYTES", "json_lines", "nesting_depth", "parse_json",
           "read_json_file", "read_text_file", "strict_int", "strict_bool", "excerpt"]

MAX_LINE_BYTES = 1_000_000
"""A longer line is refused without being parsed."""
MAX_DEPTH = 32
"""Deeper nesting is refused (no input Kawa reads needs more than a few levels)."""
MAX_FILE_BYTES = 16_000_000
"""A whole-file read (preferences, a save) refuses a larger file."""


def excerpt(value: Any, width: int = 40) -> str:
    """A value as a message may quote it: its repr, cut to ``width`` characters."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def read_text_file(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """A whole file's UTF-8 text (a UTF-8 byte-order mark dropped); ValueError (or OSError) saying why not.

    Only a regular file is read (a folder or a device such as /dev/zero is refused, never read), and
    at most ``limit`` bytes of it, so no file can make a reader hang or fill the memory.
    """
    path = Path(path)
    if not path.is_file():
        raise ValueError("is a folder, not a file" if path.is_dir() else
                         "is not a regular file" if path.exists() else "does not exist")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"is larger than {limit:,} bytes")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ValueError("is UTF-16 text, not UTF-8 text (save it as UTF-8)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if b"\0" in data[:8192]:
            raise ValueError("is a binary file, not UTF-8 text") from None
        line = data.count(b"\n", 0, exc.start) + 1
        raise ValueError(f"is not UTF-8 text (line {line})") from None


def read_json_file(path: Path, limit: int = MAX_FILE_BYTES) -> Any:
    """A whole JSON file's value; ValueError (or OSError) saying why it cannot be read.

    Read by ``read_text_file`` (a regular file only, at most ``limit`` bytes, UTF-8), nested at most
    ``MAX_DEPTH`` deep, with no NaN or Infinity.
    """
    return parse_json(read_text_file(path, limit))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


_BRACKETS = re.compile(r'"(?:\\.|[^"\\])*"?|[\[\]{}]')
"""A JSON string (skipped whole, even unterminated) or one bracket or brace."""


def nesting_depth(text: str) -> int:
    """How deep brackets and braces nest in JSON text (strings skipped).

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}'), nesting_depth("[]]["), nesting_depth('"[')
    (3, 1, 0)
    """
    depth = deepest = 0
    for token in _BRACKETS.findall(text):
        if token in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("]", "}"):
            depth -= 1
    return deepest


_DECODE = json.JSONDecoder(parse_constant=_reject_constant).decode
"""One decoder for every call (``json.loads`` with an option builds a new one each time)."""


def parse_json(text: str) -> Any:
    """JSON text as values; ValueError for broken JSON, NaN or Infinity, or nesting past MAX_DEPTH."""
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting_depth(text) > MAX_DEPTH:  # the count is cheap
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    try:
        return _DECODE(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at column {exc.colno}") from None


def json_lines(stream: BinaryIO) -> Iterator[tuple[int, Any, str | None]]:
    """(line number, value, None) for each good non-blank line, (number, None, error) for a bad one."""
    for number, raw in enumerate(stream, 1):
        if len(raw) > MAX_LINE_BYTES:
            yield number, None, f"line {number} is longer than {MAX_LINE_BYTES:,} bytes"
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield number, None, f"line {number} is not UTF-8 text"
            continue
        if not text.strip():
            continue
        try:
            yield number, parse_json(text), None
        except ValueError as exc:
            yield number, None, f"line {number}: {exc}"


def strict_int(value: Any, name: str, low: int = 0, high: int = 10**6) -> int:
    """A JSON integer within [low, high]; ValueError naming the field otherwise (no "3", no true)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r:.40}")
    if not low <= value <= high:
        raise ValueError(f"{name} {value} is out of range ({low} to {high})")
    return value


def strict_bool(value: Any, name: str) -> bool:
    """A JSON true/false; ValueError naming the field otherwise (no "yes", no 1)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r:.40}")
    return value
