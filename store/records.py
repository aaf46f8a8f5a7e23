"""Any game record file read by its contents into a ``RecordedGame`` (the client's viewer and ``logs`` share it).

Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines, and Kawa's own game records (seed, rules
and actions: a kept game's file holds one under ``record``). A file that cannot be read raises
``LogFormatError`` naming the file and what is wrong (``game.logs.record.problem``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.logs.export_mjai import parse_mjai
from game.logs.from_game import record_from_game
from game.logs.mjlog import parse_mjlog
from game.logs.record import LogFormatError, RecordedGame, problem, read_record_text
from game.logs.tenhou6 import parse_tenhou6
from game.table import Game

__all__ = ["read_any", "record_of_kawa_game"]


def read_any(path: Path) -> RecordedGame:
    """Read a record by its contents: XML is mjlog; a Kawa game record (seed, rules, actions) is
    played again on the table; JSON with a 'log' is tenhou.net/6; anything else is read as mjai."""
    path = Path(path)
    text = read_record_text(path)
    head = text.lstrip()[:200]
    if head.startswith("<"):
        return parse_mjlog(text, str(path))
    if head.startswith("{") and '"actions"' in text and '"log"' not in text[:100000]:
        return _kawa_record(text, path)
    if '"log"' in text[:100000] and '"type"' not in head:
        return parse_tenhou6(text, str(path))
    return parse_mjai(text, str(path))


def record_of_kawa_game(record: Any, path: Path | str, names: tuple[str, ...] = ("", "", "", ""),
                        unfinished: bool = False) -> RecordedGame:
    """A Kawa game record (seed, rules, actions) played again on the table and recorded; ``unfinished``
    keeps a hand left in the middle (for the viewer; the exports hold finished hands only)."""
    try:
        game = Game.from_record(record)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise LogFormatError(f"{path}: not a playable Kawa game record ({problem(exc)})") from None
    return record_from_game(game, names, source=str(path), unfinished=unfinished)


def _kawa_record(text: str, path: Path) -> RecordedGame:
    """A game saved by Kawa: the table's record itself, or a kept game (its header's names used)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise LogFormatError(f"{path}: not a playable Kawa game record ({problem(exc)})") from None
    names: tuple[str, ...] = ("", "", "", "")
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        header = data.get("header")
        if isinstance(header, dict) and isinstance(header.get("names"), list) and len(header["names"]) == 4:
            names = tuple(str(n) for n in header["names"])
        data = data["record"]
    return record_of_kawa_game(data, path, names)
