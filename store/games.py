"""The kept games: every game played in the client, finished or left, as one JSON file each.

Each file in ``<data folder>/games`` holds the table's record (``Game.to_record()``: seed, rules
and every action, enough to play the game again move for move) and a small header the Games
screen lists without replaying anything: date, rules, names and levels, the player's place,
the final points, finished or left, demo or not. Writes are atomic (a temporary file renamed
over the old one). A file that cannot be read is moved aside as ``<name>.corrupt`` and reported;
the others are still listed.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from store.paths import data_dir
from store.writing import write_json_atomically
from store.reading import excerpt, read_json_file, strict_bool, strict_int

__all__ = ["GAMES_VERSION", "KeptGame", "GameShelf", "header_for"]

GAMES_VERSION = 1
MAX_NAME = 200
"""Bytes of a file name kept when it is set aside (with ``.corrupt-NNN`` it stays under 255)."""


def _cut(name: str, limit: int) -> str:
    """``name`` cut to at most ``limit`` bytes of UTF-8, whole characters only."""
    return name.encode("utf-8")[:limit].decode("utf-8", "ignore")


@dataclass(frozen=True)
class KeptGame:
    """One kept game as the list shows it (the record is read when it is opened)."""

    path: Path
    header: dict[str, Any]

    @property
    def date(self) -> str:
        return str(self.header.get("date", ""))

    @property
    def names(self) -> list[str]:
        return [str(n) for n in self.header.get("names", [])]

    @property
    def scores(self) -> list[int]:
        return [int(s) for s in self.header.get("scores", [])]


def header_for(record: dict[str, Any], names: list[str], levels: list[str], scores: list[int], finished: bool,
               demo: bool, placement: int, when: float | None = None) -> dict[str, Any]:
    """The header kept beside a game's record; ``placement`` is seat 0's place (1..4)."""
    stamp = time.gmtime(time.time() if when is None else when)
    rules = record.get("rules", {}) if isinstance(record.get("rules"), dict) else {}
    return {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", stamp), "rules": str(rules.get("name", "")),
            "seed": record.get("seed", 0), "names": list(names), "levels": list(levels), "scores": list(scores),
            "placement": placement, "finished": finished, "demo": demo, "actions": len(record.get("actions", []))}


def _check_header(header: dict[str, Any]) -> None:
    """ValueError naming the first field of a kept game's header of the wrong type (names and scores
    must be there; any other field may be absent, as in games kept by earlier versions)."""
    for name in ("date", "rules"):
        if name in header and not isinstance(header[name], str):
            raise ValueError(f"its header's {name} must be text, not {excerpt(header[name])}")
    for name in ("finished", "demo"):
        if name in header:
            strict_bool(header[name], f"its header's {name}")
    for name, low, high in (("placement", 1, 4), ("seed", 0, 2**64), ("actions", 0, 10**7)):
        if name in header:
            strict_int(header[name], f"its header's {name}", low, high)
    for name, kind in (("names", str), ("levels", str), ("scores", int)):
        values = header.get(name, [] if name == "levels" else None)
        if not (isinstance(values, list) and len(values) in ((0, 4) if name == "levels" else (4,))
                and all(isinstance(v, kind) and not isinstance(v, bool) for v in values)):
            raise ValueError(f"its header's {name} must be four {'numbers' if kind is int else 'texts'}, "
                             f"not {excerpt(values)}")


def _may_hold_seed(name: str, seed: Any) -> bool:
    """A file named ``name`` may hold a game of ``seed``: it is named for that seed as ``keep`` names
    files (``game-STAMP-SEED.json``, ``game-STAMP-SEED-N.json``), or not named that way at all.

    >>> _may_hold_seed("game-20260101T120000Z-7.json", 7), _may_hold_seed("game-20260101T120000Z-17-2.json", 7)
    (True, False)
    >>> _may_hold_seed("my game.json", 7)
    True
    """
    parts = name.removesuffix(".json").split("-")
    if parts[0] != "game" or len(parts) not in (3, 4) or not all(p.isdigit() for p in parts[2:]):
        return True
    return parts[2] == str(seed)


def _valid(data: Any) -> dict[str, Any]:
    """The parsed file if it is a kept game; ValueError says what is wrong."""
    if not isinstance(data, dict) or data.get("version") != GAMES_VERSION:
        raise ValueError("not a Kawa kept game")
    header, record = data.get("header"), data.get("record")
    if not isinstance(header, dict) or not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise ValueError("its header or record is missing")
    _check_header(header)
    return data


class GameShelf:
    """The folder of kept games (``games/`` in the data folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir() / "games"
        self.problems: list[str] = []
        """What the last ``list`` found wrong (files set aside), for the screen to show."""

    def keep(self, record: dict[str, Any], header: dict[str, Any]) -> tuple[Path | None, str]:
        """Write a game atomically; (its path, "") or (None, why not). The same game kept before
        (same seed and rules, its actions a beginning of these) is replaced, not listed twice."""
        earlier = self._earlier_copy(record)
        name = earlier.name if earlier is not None else self._new_name(header)
        target = self.folder / name
        payload = {"version": GAMES_VERSION, "header": header, "record": record}
        try:
            write_json_atomically(target, payload, ".game-")
        except OSError as exc:
            return None, f"could not keep the game in {self.folder}: {exc}"
        return target, ""

    def _new_name(self, header: dict[str, Any]) -> str:
        stamp = str(header.get("date", "")).replace(":", "").replace("-", "") or "game"
        name = f"game-{stamp}-{header.get('seed', 0)}.json"
        n = 2
        while (self.folder / name).exists():
            name = f"game-{stamp}-{header.get('seed', 0)}-{n}.json"
            n += 1
        return name

    def _earlier_copy(self, record: dict[str, Any]) -> Path | None:
        """The file of this same game kept earlier (a game left, continued later), if any. Only files
        named for its seed (or not named as Kawa names them) are read: leaving a game costs a few
        reads, not one per kept game."""
        actions = record.get("actions", [])
        for path in self._files():
            if not _may_hold_seed(path.name, record.get("seed")):
                continue
            try:
                old = _valid(read_json_file(path))["record"]
            except (OSError, ValueError):
                continue
            if (old.get("seed") == record.get("seed") and old.get("rules") == record.get("rules")
                    and old.get("start") == record.get("start") and old["actions"] == actions[:len(old["actions"])]):
                return path
        return None

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.glob("*.json") if p.is_file())

    def list(self) -> list[KeptGame]:
        """Every readable kept game, newest first; unreadable files are set aside and noted in ``problems``."""
        self.problems = []
        games = []
        for path in self._files():
            try:
                data = _valid(read_json_file(path))
            except (OSError, ValueError) as exc:
                moved = self.set_aside(path)
                where = f"; it was moved to {moved.name}" if moved else ""
                self.problems.append(f"{path.name} could not be read ({exc}){where}")
                continue
            games.append(KeptGame(path, data["header"]))
        games.sort(key=lambda g: (g.date, g.path.name), reverse=True)
        return games

    def record(self, game: KeptGame) -> dict[str, Any]:
        """The table's record of a kept game (ValueError or OSError when it cannot be read)."""
        return _valid(read_json_file(game.path))["record"]

    def delete(self, game: KeptGame) -> str:
        """Remove a kept game; "" or why it could not be removed."""
        try:
            game.path.unlink()
        except FileNotFoundError:
            return ""
        except OSError as exc:
            return f"could not delete {game.path.name}: {exc}"
        return ""

    def holds(self, folder: Path) -> bool:
        """``folder`` is the kept games' folder or inside it (nothing else is written there)."""
        try:
            return folder.resolve() == self.folder.resolve() or self.folder.resolve() in folder.resolve().parents
        except (OSError, RuntimeError):
            return False

    def set_aside(self, path: Path) -> Path | None:
        """Move an unreadable file out of the list (``name.corrupt``, ``name.corrupt-2``...; a long
        name is cut so that the new one still fits the file system's limit)."""
        base = path.name if len(path.name.encode("utf-8")) <= MAX_NAME else _cut(path.name, MAX_NAME)
        target = path.with_name(base + ".corrupt")
        n = 2
        while target.exists():
            target = path.with_name(f"{base}.corrupt-{n}")
            n += 1
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target
