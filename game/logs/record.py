"""The neutral record of a played game: what every log reader produces and every exporter reads.

Kawa's notation throughout: physical tiles 0..135 (red fives 16, 52, 88 when the game has red
fives), kinds 0..33, absolute seats 0..3 (seat 0 is the first dealer), scores in points.

A hand is its starting position (``haipai``, scores, counters) plus ``steps`` in true
chronological order, then its ``result``:

* ``draw``       seat draws ``tile`` from the wall; ``rinshan`` marks a replacement draw after a kan.
* ``discard``    seat discards ``tile``; ``tsumogiri`` when it is the tile just drawn;
                 ``riichi`` when the discard declares riichi (there is no separate riichi step;
                 the riichi is accepted unless the very next step is a ron on that discard).
* ``chi`` ``pon`` ``daiminkan``  seat calls ``tile`` discarded by ``from_seat`` using ``tiles``
                 (2 or 3 tiles from the hand).
* ``ankan``      seat declares a closed kan of ``tiles`` (4); ``tile`` is None.
* ``shouminkan`` seat adds ``tile`` to its pon; ``tiles`` are the pon's 3 tiles; ``from_seat``
                 is the pon's discarder.
* ``dora``       a new kan-dora indicator ``tile`` is revealed (``seat`` is None).
* ``tsumo``      seat wins on ``tile``, the tile it just drew.
* ``ron``        seat wins on ``tile`` from ``from_seat`` (a discard, or the added tile of a
                 shouminkan: chankan). A double ron is two ron steps, nearest the discarder first.
* ``kyuushu``    seat ends the hand with nine terminals and honours (on its first draw).

An exhaustive or abortive draw has no final step; the result says which.
"""

from __future__ import annotations

import json

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from game.rules import TENHOU, RuleSet

__all__ = [
    "StepKind", "STEP_KINDS", "DRAW_RESULTS", "LIMITS", "Step", "Win", "HandResult",
    "RecordedHand", "RecordedGame", "LogFormatError", "read_record_text",
]

StepKind = Literal["draw", "discard", "chi", "pon", "daiminkan", "ankan", "shouminkan", "dora",
                   "tsumo", "ron", "kyuushu"]
STEP_KINDS: tuple[str, ...] = ("draw", "discard", "chi", "pon", "daiminkan", "ankan", "shouminkan",
                               "dora", "tsumo", "ron", "kyuushu")
DRAW_RESULTS: tuple[str, ...] = ("exhaustive", "nagashi_mangan", "kyuushu_kyuuhai", "suucha_riichi",
                                 "sanchahou", "suukaikan", "suufon_renda")
"""``HandResult.draw`` values (the abortive names match ``game.rules.ABORTIVE_DRAWS``)."""
LIMITS: tuple[str, ...] = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")


class LogFormatError(ValueError):
    """A game record that cannot be read: the message names the file and the position."""


def read_record_text(path: Path) -> str:
    """A record file's text; a missing, unreadable or non-UTF-8 file is a LogFormatError."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogFormatError(f"{path}: cannot read: {problem(exc)}") from None


def problem(exc: BaseException) -> str:
    """What was wrong with a record, in the record's terms rather than Python's.

    >>> problem(KeyError("kyoku")), problem(ValueError("seat 7 is not 0..3"))
    ("'kyoku' is missing", 'seat 7 is not 0..3')
    >>> problem(IndexError("list index out of range"))
    'a list is shorter than the format needs'
    """
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON ({exc.msg} at column {exc.colno})"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.start})"
    if isinstance(exc, KeyError):
        return f"{exc.args[0]!r} is missing" if exc.args else "a field is missing"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, IndexError):
        return "a list is shorter than the format needs"
    if isinstance(exc, TypeError):
        return "a field holds the wrong kind of value (a list, text or number where another is needed)"
    if isinstance(exc, StopIteration):
        return "it names a tile or a seat that is not there"
    if isinstance(exc, OSError):
        return exc.strerror or "the file cannot be read"
    return str(exc)


@dataclass(frozen=True)
class Step:
    """One thing that happened at the table (see the module text for each kind)."""

    kind: StepKind
    seat: int | None
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    from_seat: int | None = None
    tsumogiri: bool = False
    riichi: bool = False
    rinshan: bool = False


@dataclass(frozen=True)
class Win:
    """One winner's result as recorded.

    ``han`` counts every yaku and dora (13 per yakuman on a yakuman hand); ``fu`` is None where
    the record does not say (tenhou.net/6 limit hands). ``yaku`` are (canonical English name,
    han) pairs, dora excluded: ``dora``, ``aka`` and ``ura`` count those. ``points`` is the hand's
    value without honba and sticks (ron: what the discarder pays; tsumo: the sum of the three
    payments). ``deltas`` are this win's score changes with honba and sticks, riichi deposits of
    this hand excluded. ``pao_who`` is the liable seat or None.
    """

    who: int
    from_who: int
    pao_who: int | None
    han: int
    fu: int | None
    yaku: tuple[tuple[str, int], ...]
    dora: int
    aka: int
    ura: int
    yakuman_count: int
    limit: str | None
    points: int
    deltas: tuple[int, int, int, int]

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: one or more wins, or a draw (``draw`` names it).

    ``tenpai`` lists the tenpai seats of an exhaustive draw when the record says (None
    otherwise). ``deltas`` are the total score changes (wins added up, or noten / nagashi
    payments), riichi deposits of this hand excluded.
    """

    wins: tuple[Win, ...] = ()
    draw: str | None = None
    tenpai: tuple[int, ...] | None = None
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class RecordedHand:
    """One hand (kyoku): start position, chronological steps and result."""

    hand_index: int
    """0-based: 0..3 East 1-4, 4..7 South, 8..11 West. The dealer is ``hand_index % 4``."""
    honba: int
    sticks: int
    """Riichi sticks on the table at the start of the hand."""
    scores: tuple[int, int, int, int]
    haipai: tuple[tuple[int, ...], ...]
    """Four 13-tile starting hands by absolute seat."""
    dora_indicators: tuple[int, ...]
    """In reveal order: the first, then one per ``dora`` step."""
    ura_indicators: tuple[int, ...]
    steps: tuple[Step, ...]
    result: HandResult

    @property
    def dealer(self) -> int:
        return self.hand_index % 4

    def live_draws(self) -> list[int]:
        """The wall tiles drawn in order, replacement draws left out."""
        return [s.tile for s in self.steps if s.kind == "draw" and not s.rinshan and s.tile is not None]

    def rinshan_draws(self) -> list[int]:
        """The replacement tiles drawn after kans, in order."""
        return [s.tile for s in self.steps if s.kind == "draw" and s.rinshan and s.tile is not None]

    def accepted_riichi(self) -> list[int]:
        """Seats whose riichi stick was paid (the declaring discard was not ronned)."""
        seats = []
        for i, step in enumerate(self.steps):
            if step.kind == "discard" and step.riichi:
                nxt = self.steps[i + 1] if i + 1 < len(self.steps) else None
                if nxt is None or nxt.kind != "ron":
                    seats.append(step.seat)
        return seats

    def by_seat(self, seat: int) -> Iterator[Step]:
        return (s for s in self.steps if s.seat == seat)


@dataclass(frozen=True)
class RecordedGame:
    """A whole game (or an extract of some of its hands) in Kawa's notation."""

    source: str
    """Where it was read from (a path), for error messages and reports."""
    game_id: str
    red_fives: bool
    east_only: bool
    names: tuple[str, str, str, str]
    hands: tuple[RecordedHand, ...]
    final_scores: tuple[int, int, int, int] | None = None
    """Final scores as the record states them (Tenhou gives sticks left on the table to the top
    player), or None when the record does not say."""
    owari: tuple[float, float, float, float] | None = None
    """Final game points after uma and oka as the record states them (informational)."""
    open_tanyao: bool = True
    room: str = ""
    """般 上 特 鳳 (or empty when unknown)."""
    extra: dict[str, str] = field(default_factory=dict, compare=False)
    """What the reader adds: ``format`` (mjlog, tenhou6, mjai) and format-specific details."""
    rule_set: RuleSet | None = field(default=None, compare=False)
    """The full rules when the record knows them (a game played on Kawa's table)."""

    def rules(self) -> RuleSet:
        """The rule set the game was played under: ``rule_set``, or else Tenhou's with this game's flags."""
        if self.rule_set is not None:
            return self.rule_set
        return TENHOU.with_options(red_fives=self.red_fives, open_tanyao=self.open_tanyao,
                                   game_length="east" if self.east_only else "south")
