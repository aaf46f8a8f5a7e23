"""Any game record file read by its contents into a ``RecordedGame`` (the client's viewer and ``logs`` share it).

Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines, and Kawa's own game records (seed, rules
and actions: a kept game's file holds one under ``record``). A file that cannot be read raises
``LogFormatError`` naming the file and what is wrong (``game.logs.record.problem``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.logs.export_mjai import parse_mjai
from game.logs.from_game import record_from_game
from game.logs.mjlog import parse_mjlog
from game.logs.record import LogFormatError, RecordedGame, problem
from game.logs.tenhou6 import parse_tenhou6
from game.table import Game
from store.reading import MAX_LINE_BYTES, json_lines, parse_json, read_text_file, strict_int

__all__ = ["read_any", "record_of_kawa_game", "record_text"]


def read_any(path: Path) -> RecordedGame:
    """Read a record by its contents: XML is mjlog; a Kawa game record (seed, rules, actions) is
    played again on the table; JSON with a 'log' is tenhou.net/6; anything else is read as mjai.

    Only LogFormatError is raised, naming the file: the file is read carefully (a regular file of at
    most ``MAX_FILE_BYTES``, UTF-8; see ``store.reading``), and JSON's NaN and Infinity are refused."""
    path = Path(path)
    text = record_text(path)
    head = text.lstrip()[:200]
    if head.startswith("<"):
        return parse_mjlog(text, str(path))
    _refuse_non_numbers(text, path)
    if head.startswith("{") and '"actions"' in text and '"log"' not in text[:100000]:
        return _kawa_record(text, path)
    if '"log"' in text[:100000] and '"type"' not in head:
        return parse_tenhou6(text, str(path))
    for number, line in enumerate(text.splitlines(), 1):  # an mjai event is short: a huge line is not one
        if len(line) > MAX_LINE_BYTES:
            raise LogFormatError(f"{path}: line {number} is longer than {MAX_LINE_BYTES:,} characters")
    return parse_mjai(text, str(path))


def record_text(path: Path) -> str:
    """A record file's text; LogFormatError naming the file when it is missing, not a regular file,
    too large, empty, or not UTF-8 (a device such as /dev/zero is refused, never read)."""
    try:
        text = read_text_file(path)
    except OSError as exc:
        raise LogFormatError(f"{path}: cannot read: {problem(exc)}") from None
    except ValueError as exc:
        raise LogFormatError(f"{path}: cannot read: it {exc}") from None
    if not text.strip():
        raise LogFormatError(f"{path}: the file is empty")
    return text


def _refuse_non_numbers(text: str, path: Path) -> None:
    """NaN or Infinity in JSON text (which Python's reader would take as numbers) is an error naming its line."""
    if "NaN" not in text and "Infinity" not in text:  # the usual case, decided without parsing
        return
    try:
        parse_json(text)
    except ValueError as exc:
        if "not a number" in str(exc):
            raise LogFormatError(f"{path}: {exc}") from None
    else:
        return
    for _number, _value, error in json_lines(iter(text.encode("utf-8").splitlines(keepends=True))):
        if error is not None and "not a number" in error:
            raise LogFormatError(f"{path}: {error}")


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
        data = parse_json(text)
    except ValueError as exc:
        raise LogFormatError(f"{path}: not a playable Kawa game record ({exc})") from None
    names: tuple[str, ...] = ("", "", "", "")
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        header = data.get("header")
        if isinstance(header, dict) and isinstance(header.get("names"), list) and len(header["names"]) == 4:
            names = tuple(str(n) for n in header["names"])
        data = data["record"]
    why = _kawa_shape(data)
    if why:
        raise LogFormatError(f"{path}: not a playable Kawa game record ({why})")
    return record_of_kawa_game(data, path, names)


def _kawa_shape(data: object) -> str:
    """What is wrong with the outline of a Kawa game record (seed, rules, actions), or ""."""
    if not isinstance(data, dict):
        return "it must be a JSON object"
    try:
        strict_int(data.get("seed", 0), "seed", 0, 2**64)
    except ValueError as exc:
        return str(exc)
    if not isinstance(data.get("rules", {}), dict):
        return "rules must be a JSON object"
    actions = data.get("actions")
    if not isinstance(actions, list):
        return "actions must be a list"
    for n, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict)):
            return f"action {n} must be a pair [seat, action]"
        try:
            strict_int(entry[0], f"action {n}'s seat", 0, 3)
        except ValueError as exc:
            return str(exc)
    return ""
