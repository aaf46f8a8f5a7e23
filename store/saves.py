"""The saved game: the last unfinished game as seed + rules + action list, written after every action.

The file lives in ``platformdirs.user_data_dir("Kawa", appauthor=False)`` (``KAWA_DATA_DIR``
overrides it). Writes are atomic (a temporary file renamed over the old one). A file that
cannot be read back is moved aside as ``current.corrupt-<n>.json`` and reported, never raised.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from store.paths import data_dir
from store.writing import write_json_atomically
from store.reading import read_json_file

__all__ = ["SAVE_VERSION", "SaveSlot", "LoadResult"]

SAVE_VERSION = 1


@dataclass
class LoadResult:
    """What loading found: the saved data, or None with a message saying why."""

    data: dict[str, Any] | None
    message: str = ""


class SaveSlot:
    """The one saved game (``current.json`` in the data folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / "current.json"

    def remove_leftovers(self) -> int:
        """Delete temporary files a killed write left behind; how many were removed."""
        removed = 0
        for leftover in self.folder.glob(".current-*.tmp"):
            try:
                leftover.unlink()
                removed += 1
            except OSError:
                pass
        return removed

    def exists(self) -> bool:
        return self.path.is_file()

    def write(self, data: dict[str, Any]) -> str | None:
        """Write atomically; returns an error message instead of raising."""
        payload = dict(data)
        payload["version"] = SAVE_VERSION
        try:
            write_json_atomically(self.path, payload, ".current-")
        except OSError as exc:
            return f"could not save the game in {self.folder}: {exc}"
        return None

    def clear(self) -> None:
        """Forget the saved game (it finished)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass

    def set_aside(self) -> Path | None:
        """Move an unreadable save out of the way; returns its new path."""
        n = 1
        while (self.folder / f"current.corrupt-{n}.json").exists():
            n += 1
        target = self.folder / f"current.corrupt-{n}.json"
        try:
            os.replace(self.path, target)
        except OSError:
            return None
        return target

    def load(self) -> LoadResult:
        """The saved data, or None and a message (a corrupt file is set aside)."""
        if not self.exists():
            return LoadResult(None, "no saved game")
        try:
            data = read_json_file(self.path)
            if not isinstance(data, dict) or data.get("version") != SAVE_VERSION or not isinstance(data.get("game"), dict):
                raise ValueError("not a Kawa saved game")
            if not isinstance(data.get("setup", {}), dict):
                raise ValueError("its game settings are not an object")
        except (OSError, ValueError) as exc:
            return self._corrupt(exc)
        return LoadResult(data)

    def _corrupt(self, exc: Exception) -> LoadResult:
        moved = self.set_aside()
        where = f"; it was moved to {moved}" if moved else ""
        return LoadResult(None, f"the saved game could not be read ({exc}){where}")

    def reject(self, exc: Exception) -> LoadResult:
        """The data loaded but the game could not be rebuilt from it: set it aside."""
        return self._corrupt(exc)
