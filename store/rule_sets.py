"""The player's own rule sets: named ``RuleSet`` values kept in ``rule_sets.json`` in the data folder.

Writes are atomic (``store.writing``); reads go through the careful reader (``store.reading``). A
file that cannot be read is moved aside as ``rule_sets.corrupt-<n>.json`` and reported, never
raised: the player keeps the presets. When only some sets in it are bad, the good ones are kept
(and written back) and the original file is still moved aside, so nothing is lost.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import RuleSet
from store.paths import data_dir
from store.reading import excerpt, read_json_file
from store.writing import write_json_atomically

__all__ = ["RULE_SETS_VERSION", "MAX_NAME", "MAX_SETS", "RuleSetShelf", "LoadedRuleSets", "clean_name"]

RULE_SETS_VERSION = 1
MAX_NAME = 24
"""Longest name of a saved rule set, in characters."""
MAX_SETS = 100
"""Most rule sets kept; saving another is refused until one is deleted."""
MAX_FILE_BYTES = 1_000_000
"""A larger file is not a file of Kawa's rule sets."""


@dataclass
class LoadedRuleSets:
    """The saved rule sets by name, in the order saved; ``problem`` says why some or all could not
    be read (empty when all were), ``moved_to`` where the unreadable file now is."""

    sets: dict[str, RuleSet] = field(default_factory=dict)
    problem: str = ""
    moved_to: Path | None = None


def clean_name(name: str) -> str:
    """The name as kept: spaces trimmed and runs of white space made one space; ValueError for an
    empty name, one longer than ``MAX_NAME`` or one holding control characters."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise ValueError("the name is empty")
    if len(cleaned) > MAX_NAME:
        raise ValueError(f"the name is longer than {MAX_NAME} characters")
    if any(unicodedata.category(c).startswith("C") for c in cleaned):
        raise ValueError("the name holds control characters")
    return cleaned


def _parse(data: Any) -> tuple[dict[str, RuleSet], list[str]]:
    """The good sets of a file's value and a reason for each bad one; ValueError when the value is
    not a file of rule sets at all."""
    if not isinstance(data, dict) or data.get("version") != RULE_SETS_VERSION:
        raise ValueError("not a file of Kawa rule sets")
    entries = data.get("rule_sets")
    if not isinstance(entries, list):
        raise ValueError("its rule sets are not a list")
    sets: dict[str, RuleSet] = {}
    bad: list[str] = []
    for number, entry in enumerate(entries[:MAX_SETS], 1):
        try:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise ValueError("no name")
            name = clean_name(entry["name"])
            rules = entry.get("rules")
            if not isinstance(rules, dict):
                raise ValueError("no rules")
            sets[name] = RuleSet.from_dict(rules).with_options(name=name)
        except (ValueError, TypeError) as exc:  # RuleError is a ValueError
            bad.append(f"set {number} ({excerpt(entry.get('name') if isinstance(entry, dict) else entry, 30)}): {exc}")
    if len(entries) > MAX_SETS:
        bad.append(f"more than {MAX_SETS} sets")
    return sets, bad


class RuleSetShelf:
    """The saved rule sets (``rule_sets.json`` in the data folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / "rule_sets.json"

    def load(self) -> LoadedRuleSets:
        """Every saved set; an unreadable file is moved aside and the reason given."""
        if not self.path.exists():
            return LoadedRuleSets()
        try:
            sets, bad = _parse(read_json_file(self.path, MAX_FILE_BYTES))
        except (OSError, ValueError) as exc:
            return LoadedRuleSets({}, str(exc), self._set_aside())
        if not bad:
            return LoadedRuleSets(sets)
        moved = self._set_aside()
        if moved is not None:
            self._write(sets)
        return LoadedRuleSets(sets, "; ".join(bad[:3]) + (f"; {len(bad) - 3} more" if len(bad) > 3 else ""), moved)

    def save(self, name: str, rules: RuleSet) -> tuple[str, str | None]:
        """Keep ``rules`` as ``name`` (replacing a set of that name). Returns the name as kept and a
        problem, or None when it was written."""
        try:
            name = clean_name(name)
        except ValueError as exc:
            return str(name), str(exc)
        loaded = self.load()
        sets = dict(loaded.sets)
        if name not in sets and len(sets) >= MAX_SETS:
            return name, f"{MAX_SETS} rule sets are saved already; delete one first"
        sets[name] = rules.with_options(name=name)
        return name, self._write(sets)

    def delete(self, name: str) -> str | None:
        """Forget the set called ``name``; a problem, or None."""
        sets = dict(self.load().sets)
        if sets.pop(name, None) is None:
            return None
        return self._write(sets)

    def _write(self, sets: dict[str, RuleSet]) -> str | None:
        payload = {"version": RULE_SETS_VERSION,
                   "rule_sets": [{"name": name, "rules": rules.to_dict()} for name, rules in sets.items()]}
        try:
            write_json_atomically(self.path, payload, ".rule_sets-")
        except OSError as exc:
            return f"could not write {self.path}: {exc}"
        return None

    def _set_aside(self) -> Path | None:
        n = 1
        while (self.folder / f"rule_sets.corrupt-{n}.json").exists():
            n += 1
        target = self.folder / f"rule_sets.corrupt-{n}.json"
        try:
            os.replace(self.path, target)
        except OSError:
            return None
        return target

