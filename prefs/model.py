"""The player's preferences as one immutable, validated value.

Every field carries its default, its range (``choices`` for a text, ``low``/``high`` for a
number; a bool is on or off), a short label and a docstring, so the settings screen, the
command line and the file loader all read the same table.
"""

from __future__ import annotations

from dataclasses import Field, asdict, dataclass, field, fields, replace
from typing import Any

from store.reading import excerpt

__all__ = ["Preferences", "PrefsError", "DEFAULTS", "TILE_SETS", "ANIMATION_SPEEDS", "SPECS",
           "FieldSpec", "check_value", "LANGUAGES", "GUIDE_HINTS"]

TILE_SETS = ("classic", "annotated", "abstract")
"""Classic faces; the same with the number and letter in the corner; plain shapes and digits."""

ANIMATION_SPEEDS = ("off", "fast", "slow")
"""Tile movement off (instant), fast or slow: scales of the same tweens."""


LANGUAGES = ("en", "ja", "zh_CN", "ko", "it")
"""The languages Kawa speaks: English, Japanese, Simplified Chinese, Korean, Italian."""

LANGUAGE_CHOICES = ("system", *LANGUAGES)
"""A language preference: one of ``LANGUAGES``, or ``system`` for the system locale's."""


GUIDE_HINTS = ("call", "riichi", "furiten", "win")
"""The first-game guide's hints, each shown once: the first call, riichi, furiten and win at the table."""


class PrefsError(ValueError):
    """An unknown preference name or a value outside its range."""


def _pref(default: Any, label: str, doc: str, *, choices: tuple[str, ...] = (),
          low: int | None = None, high: int | None = None, max_len: int | None = None, min_len: int = 1) -> Any:
    """A dataclass field with its range, label and docstring kept in the field's metadata."""
    meta = {"label": label, "doc": doc, "choices": choices, "low": low, "high": high,
            "max_len": max_len, "min_len": min_len}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Preferences:
    """Everything the player can set, each with a default and a range. Build changed copies
    with ``with_changes``; a value out of range raises ``PrefsError``."""

    # language
    language: str = _pref("system", "Language",
                          "The language of the game: the system's, or English, Japanese, "
                          "Simplified Chinese, Korean or Italian.", choices=LANGUAGE_CHOICES)
    japanese_terms: bool = _pref(False, "Japanese terms",
                                 "Say riichi, ron, pon, tsumo and the yaku by their Japanese "
                                 "names in romaji, in any language.")
    # appearance
    tile_set: str = _pref("classic", "Tile set",
                          "Tile faces: classic, annotated (a corner index), or abstract shapes.",
                          choices=TILE_SETS)
    animations: str = _pref("fast", "Animations",
                            "Tiles moving across the table: off, fast or slow.",
                            choices=ANIMATION_SPEEDS)
    ui_scale: int = _pref(100, "UI scale",
                          "The size of texts and buttons in percent, for high-resolution screens "
                          "(75 to 150).", low=75, high=150)
    show_waits: bool = _pref(True, "Show waits",
                             "When your hand is ready, show the tiles that complete it.")
    tile_reordering: bool = _pref(False, "Allow reordering tiles",
                                  "Drag a tile of your hand to a new place; a button under the hand sorts it "
                                  "again. A drawn tile is never sorted in.")
    # play
    confirm_discard: bool = _pref(False, "Confirm discards",
                                  "A discard waits for a confirmation click, against slips.")
    auto_pass_chi: bool = _pref(False, "Auto-pass chi", "Decline every chi offer without asking.")
    auto_pass_pon_kan: bool = _pref(False, "Auto-pass pon and kan",
                                    "Decline every pon and open kan offer without asking.")
    auto_pass_ron: bool = _pref(False, "Auto-pass ron",
                                "Decline every ron offer without asking: you give up wins on "
                                "discards.")
    auto_pass_riichi: bool = _pref(False, "Auto-pass riichi",
                                   "On your own turn, decline the riichi offer without asking.")
    auto_discard_after_riichi: bool = _pref(False, "Auto-discard after riichi",
                                            "After your riichi, discard each drawn tile unless you "
                                            "can win or make a closed kan.")
    coach: bool = _pref(False, "Coach",
                        "On your turn, a panel shows the strong AI's suggested discard with its improving "
                        "tiles, shanten and danger; hover a tile for its figures, Why? for the reason. It "
                        "never plays for you.")
    first_game_guide: bool = _pref(True, "First-game guide",
                                   "Short hints at the table the first time a call, a riichi, furiten "
                                   "or a win happens; each is shown once.")
    guide_seen: str = _pref("", "Guide hints seen",
                            "The first-game guide's hints already shown, comma-separated: call, riichi, "
                            "furiten, win (empty: none yet).", max_len=40, min_len=0)
    last_rules: str = _pref("", "Last rules",
                            "The rule options of the last game started, offered again on the New game "
                            "screen (empty: the Mahjong Soul-like preset).", max_len=4000, min_len=0)
    # sound
    sounds: bool = _pref(True, "Sounds", "Play sounds at all.")
    custom_sounds: bool = _pref(True, "Call sounds",
                                "A distinct percussive sound for each call, riichi and win, in "
                                "place of the plain tile sound.")
    volume: int = _pref(70, "Volume", "Sound volume in percent.", low=0, high=100)
    # the client's window and the player's seat
    player_name: str = _pref("Player", "Name", "Your name at the table (1 to 20 characters).",
                             max_len=20)
    window_width: int = _pref(1280, "Window width", "The window's last width in pixels.",
                              low=640, high=7680)
    window_height: int = _pref(800, "Window height", "The window's last height in pixels.",
                               low=480, high=4320)
    fullscreen: bool = _pref(False, "Full screen", "Start in full screen.")
    varied_opponents: bool = _pref(False, "Varied opponents", "Each AI opponent leans aggressive, defensive or "
                                   "towards calls (shown beside its name), drawn from the game's seed.")
    # external bots
    bot_command: str = _pref("", "Bot command", "The command line that starts an external mjai bot, for the "
                             "opponents set to External bot (empty: none).", max_len=300, min_len=0)
    bot_time_limit: int = _pref(5, "Bot time limit", "Seconds an external bot may think over one move before "
                                "Kawa's AI takes its seat.", low=1, high=60)

    def __post_init__(self) -> None:
        for f in fields(self):
            check_value(f.name, getattr(self, f.name))

    def with_changes(self, **changes: Any) -> Preferences:
        """A copy with some fields changed; an unknown name or a bad value raises PrefsError."""
        for name, value in changes.items():
            check_value(name, value)
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values, in field order."""
        return asdict(self)


@dataclass(frozen=True)
class FieldSpec:
    """One preference's row of the table: what the loader checks and the screen shows."""

    name: str
    type: type
    default: Any
    label: str
    doc: str
    choices: tuple[str, ...]
    low: int | None
    high: int | None
    max_len: int | None
    min_len: int = 1

    def describe_range(self) -> str:
        """The allowed values in words: ``on/off``, ``a|b|c``, ``0..100``, ``1-20 characters``."""
        if self.type is bool:
            return "on/off"
        if self.choices:
            return "|".join(self.choices)
        if self.type is int:
            return f"{self.low}..{self.high}"
        return f"text of {self.min_len} to {self.max_len} characters"

    def show(self, value: Any) -> str:
        """A value as the player reads it: ``on``/``off`` for a bool, else as is."""
        if self.type is bool:
            return "on" if value else "off"
        return str(value)


def _spec(f: Field) -> FieldSpec:
    kind = {"bool": bool, "int": int, "str": str}[str(f.type)]
    m = f.metadata
    return FieldSpec(f.name, kind, f.default, m["label"], m["doc"], m["choices"], m["low"],
                     m["high"], m["max_len"], m["min_len"])


SPECS: dict[str, FieldSpec] = {f.name: _spec(f) for f in fields(Preferences)}
"""Every preference by name, in the order the settings screen lists them."""


def check_value(name: str, value: Any) -> None:
    """Raise PrefsError unless ``value`` is allowed for the preference ``name``."""
    spec = SPECS.get(name)
    if spec is None:
        raise PrefsError(f"unknown preference {name!r}")
    # bool is a subclass of int: an int preference refuses True/False, a bool one refuses 0/1
    if type(value) is not spec.type:
        kind = {bool: "on/off (true/false)", int: "a whole number", str: "text"}[spec.type]
        raise PrefsError(f"{name}: {excerpt(value)} is not {kind}")
    if spec.choices and value not in spec.choices:
        what = "is not a language Kawa speaks" if name == "language" else "is not allowed"
        raise PrefsError(f"{name}: {excerpt(value)} {what}; choose from {', '.join(spec.choices)}")
    if spec.type is int and not spec.low <= value <= spec.high:
        raise PrefsError(f"{name}: {value} is outside {spec.low}..{spec.high}")
    if name == "guide_seen" and isinstance(value, str):
        unknown = [code for code in value.split(",") if code and code not in GUIDE_HINTS]
        if unknown:
            raise PrefsError(f"guide_seen: {excerpt(unknown[0])} is not a hint; use {', '.join(GUIDE_HINTS)}")
    if spec.max_len is not None and not (spec.min_len <= len(value.strip()) and len(value) <= spec.max_len
                                         and value.isprintable()):
        raise PrefsError(f"{name}: {excerpt(value)} must be {spec.min_len} to {spec.max_len} printable characters")


DEFAULTS = Preferences()
