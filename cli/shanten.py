"""`python main.py shanten FILE.jsonl`: shanten, waits and completeness for hands as JSON lines.

Each input line is an object with an ``id`` and a ``hand`` of concealed tiles in mpsz (the
shanten test-vector format; other fields are ignored). Each output line holds the id, the
shanten of the three forms and their minimum (seven pairs and kokushi are null below 13
tiles), ``waits`` for a 3n+1 hand (sorted mpsz names, null unless tenpai) and ``complete``
for a 3n+2 hand. A bad line gets ``{"id": ..., "error": message}`` and the rest still run.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.hand.shanten import shanten_forms, waits
from game.tiles import counts_of, kind_name, parse_kinds
from cli.json_lines import answer_lines
from store.reading import parse_json

__all__ = ["analyse_hand", "analyse_line", "add_arguments", "run"]


def analyse_hand(hand: str) -> dict[str, Any]:
    """The output fields (without the id) for one hand in mpsz."""
    if not isinstance(hand, str):
        raise ValueError(f"hand must be mpsz text, got {hand!r}")
    kinds = parse_kinds(hand)
    counts = counts_of(kinds)
    n = len(kinds)
    regular, pairs, orphans, lowest = shanten_forms(counts)
    full = n >= 13
    row: dict[str, Any] = {"shanten": {
        "regular": regular, "chiitoitsu": pairs if full else None, "kokushi": orphans if full else None,
        "min": lowest,
    }}
    if n % 3 == 1:
        row["waits"] = [kind_name(k) for k in waits(counts)] if lowest == 0 else None
    else:
        row["complete"] = lowest == -1
    return row


def analyse_line(line: str, number: int) -> dict[str, Any]:
    """One output row for one JSON line of text; any failure becomes an error row."""
    try:
        case = parse_json(line)
    except ValueError as exc:
        return {"id": f"line {number}", "error": str(exc)}
    return analyse_value(case, number)


def analyse_value(case: Any, number: int) -> dict[str, Any]:
    """One output row for one parsed line; any failure becomes an error row."""
    case_id: Any = f"line {number}"
    try:
        if not isinstance(case, dict):
            raise ValueError("a case must be a JSON object")
        case_id = case.get("id", case_id)
        if "hand" not in case:
            raise ValueError("the case has no 'hand'")
        return {"id": case_id, **analyse_hand(case["hand"])}
    except ValueError as exc:
        return {"id": case_id, "error": str(exc)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="JSON-lines file of hands ('-' reads standard input)")


def run(args: argparse.Namespace) -> int:
    def answer(number: int, case: Any, error: str | None) -> dict[str, Any]:
        return {"id": f"line {number}", "error": error} if error else analyse_value(case, number)
    return answer_lines(args.file, answer, lambda row: "error" in row)
