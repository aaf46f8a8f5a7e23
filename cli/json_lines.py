"""The loop the line-by-line commands share: read JSON lines, write one answer per line.

A file that cannot be opened is named; a run where no line could be read ends with code 1.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from store.reading import json_lines

__all__ = ["answer_lines", "FLUSH_EVERY"]

FLUSH_EVERY = 256
"""Output lines gathered before each write: a reader sees answers as they come, in blocks."""

Answer = Callable[[int, Any, "str | None"], dict[str, Any]]
"""(line number, value or None, error or None) -> the output row."""


def answer_lines(file: str, answer: Answer, unreadable: Callable[[dict[str, Any]], bool]) -> int:
    """Answer each line of ``file`` ('-': standard input) on standard output; the exit code."""
    try:
        stream = sys.stdin.buffer if file == "-" else open(file, "rb")
    except OSError as exc:
        print(f"cannot read {file}: {exc}", file=sys.stderr)
        return 1
    rows = bad = 0
    out: list[str] = []
    encode = json.JSONEncoder().encode
    write = sys.stdout.write
    with stream:
        for number, value, error in json_lines(stream):
            row = answer(number, value, error)
            rows += 1
            bad += unreadable(row)
            out.append(encode(row))
            if len(out) == FLUSH_EVERY:  # streamed in blocks: one write per block of lines
                write("\n".join(out) + "\n")
                out.clear()
    if out:
        write("\n".join(out) + "\n")
    if rows == bad:
        print(f"{file}: no hand could be read ({rows} bad lines)", file=sys.stderr)
        return 1
    return 0
