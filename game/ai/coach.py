"""The coach: on a seat's own turn, the strong AI's suggestion and the figures a player can check
for every discard (shanten and ukeire after it, its danger against each threat and what protects
it), with the main reason for the suggestion as a code and its numbers. It never decides.

Reason codes (``Advice.reason``, a dict with ``code`` and the numbers named):

- ``win`` (points): the AI takes the tsumo; ``kan`` (kind), ``abort``: a kan or nine terminals;
- ``only``: a single kind may go;
- ``lower_shanten`` (shanten [it, other], other): it leaves the hand nearer to ready than any other;
- ``more_ukeire`` (ukeire [it, other], other): as near to ready as the next best, with more
  improving tiles; ``tie`` (ukeire, other): as many as the next best, the AI keeps more value;
  ``equal`` (ukeire, other): as many, and the AI weighs both the same;
- ``value`` (ukeire [it, other], shanten [it, other], other): fewer improving tiles than the most
  efficient discard ``other``, for the hand's value;
- ``waits`` (ukeire [it, other], waits [it, other], other): at 1-shanten, no more improving tiles
  than ``other`` (as many, or fewer), but its tenpai can expect more winning tiles (tenths);
- ``fold`` (shanten, seat, riichi, protection, seen, other): the hand is ``shanten`` from ready
  and ``seat`` threatens: the AI gives up efficiency for a safer tile;
- ``safe`` (seat, riichi, protection, seen, ukeire, shanten): the most efficient discard is also
  (nearly) safe against every threat;
- ``push`` (seat, riichi, danger, protection, ukeire, shanten): the hand is worth the danger.

Every code may add ``riichi_now`` (True): the AI declares riichi with the suggested tile, or ``quiet``
(True): riichi is offered with it, and the AI stays quiet (dama).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.danger import Threat, danger_table, threats, tile_danger
from game.ai.efficiency import wider_waits_ahead
from game.ai.houou import Shares, by_choice
from game.ai.player import Player, make_player
from game.ai.position import Position, from_view
from game.drills.defence import protection
from game.hand.shanten import discard_options
from game.table.actions import Action
from game.table.view import SeatView

__all__ = ["COACH_LEVEL", "THREAT_AT", "SAFE_AT", "Danger", "Figures", "Menace", "Advice", "Shares", "coach_player",
           "advise"]

COACH_LEVEL = "strong"
"""The AI whose choice the coach shows."""
THREAT_AT = 0.6
"""A seat counts as a threat from this chance of being ready (a riichi always does)."""
SAFE_AT = 0.01
"""A tile dealing in less often than this against every threat counts as (nearly) safe."""
_DISCARDS = ("discard", "riichi")
_SAME = 1.0
"""Values (estimated points) closer than this are the same to the AI."""



@dataclass(frozen=True)
class Danger:
    """One discard against one threat: the chance it deals in if that seat is ready, and why."""

    seat: int
    chance: float
    protection: str
    """One of ``game.drills.defence.PROTECTIONS``."""
    seen: int
    """Copies of the kind in sight (the seat's own included)."""


@dataclass(frozen=True)
class Figures:
    """What discarding one kind leaves: shanten, improving tiles unseen, danger against each threat."""

    kind: int
    shanten: int
    ukeire: int
    dangers: tuple[Danger, ...]

    @property
    def worst(self) -> float:
        """The highest chance of dealing in against any threat (0 without threats)."""
        return max((d.chance for d in self.dangers), default=0.0)


@dataclass(frozen=True)
class Menace:
    """Another seat that threatens: in riichi, or likely ready."""

    seat: int
    riichi: bool
    tenpai: float


@dataclass(frozen=True)
class Advice:
    """The coach's word on one own turn."""

    action: Action
    """The strong AI's choice."""
    kind: int | None
    """The kind it discards (None for a win, a kan or an abort)."""
    figures: tuple[Figures, ...]
    """Every kind that may go, most efficient first (``discard_options`` order)."""
    threats: tuple[Menace, ...]
    reason: dict[str, Any]
    shares: tuple[tuple[Action, float], ...] = ()
    """How often houou players take each option here, most often first (empty without a model);
    a riichi and a quiet discard of one tile count apart."""

    def of(self, kind: int) -> Figures | None:
        """The figures of discarding ``kind`` (None when it may not go)."""
        return next((f for f in self.figures if f.kind == kind), None)

    @property
    def suggested(self) -> Figures | None:
        return None if self.kind is None else self.of(self.kind)


def coach_player(seed: int, seat: int) -> Player:
    """The AI the coach asks (its ranking leaves random noise out)."""
    return make_player(COACH_LEVEL, seed, seat)


def advise(view: SeatView, player: Player, legal: Sequence[Action] | None = None,
           shares: Shares | None = None) -> Advice | None:
    """The advice for ``view``'s own turn; None when no discard is offered or the hand is not 3n+2.
    ``shares``, when given, says how often houou players take each option (``Advice.shares``)."""
    legal = tuple(view.legal_actions if legal is None else legal)
    kinds = {a.tile >> 2 for a in legal if a.type in _DISCARDS and a.tile is not None}
    if not kinds or len(view.hand) % 3 != 2:
        return None
    ranked = player.rank(view, legal)
    top, value = ranked[0]
    pos = from_view(view)
    found = threats(pos)
    menaces = tuple(Menace(t.seat, t.seat in pos.riichi_seats, t.tenpai) for t in found
                    if t.seat in pos.riichi_seats or t.tenpai >= THREAT_AT)
    figures = tuple(Figures(o.kind, o.shanten, o.total, _dangers(pos, o.kind, menaces))
                    for o in discard_options(pos.counts, pos.seen) if o.kind in kinds)
    kind = top.tile >> 2 if top.type in _DISCARDS and top.tile is not None else None
    advice = Advice(top, kind, figures, menaces, {})
    reason = _reason(pos, advice, found, ranked)
    if top.type == "riichi":
        reason["riichi_now"] = True
    elif kind is not None and any(a.type == "riichi" and a.tile is not None and a.tile >> 2 == kind for a in legal):
        reason["quiet"] = True
    found_shares = shares(view, legal) if shares is not None else None
    return Advice(top, kind, figures, menaces, reason, by_choice(found_shares))



def _dangers(pos: Position, kind: int, menaces: Sequence[Menace]) -> tuple[Danger, ...]:
    return tuple(Danger(m.seat, tile_danger(pos, kind, m.seat), protection(pos, kind, m.seat), pos.visible[kind])
                 for m in menaces)


def _value_of(ranked: Sequence[tuple[Action, float | None]], kind: int) -> float | None:
    """The AI's value of discarding ``kind`` (its best action of that kind)."""
    return next((v for a, v in ranked if a.type in _DISCARDS and a.tile is not None and a.tile >> 2 == kind), None)


def _reason(pos: Position, advice: Advice, found: list[Threat], ranked: Sequence[tuple[Action, float]]
            ) -> dict[str, Any]:
    """The main reason for the AI's choice, as a code and its numbers."""
    top, value = ranked[0]
    if top.type in ("tsumo", "ron"):
        return {"code": "win", "points": round(value)}
    if top.type == "kyuushu":
        return {"code": "abort"}
    if advice.kind is None:
        tile = top.tile if top.tile is not None else (top.tiles[0] if top.tiles else 0)
        return {"code": "kan", "kind": tile >> 2}
    it = advice.suggested
    best = advice.figures[0]
    assert it is not None
    if len(advice.figures) == 1:
        return {"code": "only"}
    less_efficient = (it.shanten, -it.ukeire) > (best.shanten, -best.ukeire)
    if found and less_efficient:
        risk = danger_table(pos, [it.kind, best.kind], True, found)
        if risk[it.kind] < risk[best.kind]:
            worst = max(found, key=lambda t: t.tenpai * t.value * tile_danger(pos, best.kind, t.seat))
            return {"code": "fold", "shanten": best.shanten, "seat": worst.seat,
                    "riichi": worst.seat in pos.riichi_seats, "protection": protection(pos, it.kind, worst.seat),
                    "seen": pos.visible[it.kind], "other": best.kind}
    if advice.threats and not less_efficient:
        main = max(advice.threats, key=lambda m: (m.riichi, m.tenpai))
        danger = next(d for d in it.dangers if d.seat == main.seat)
        facts = {"seat": main.seat, "riichi": main.riichi, "protection": danger.protection, "seen": danger.seen,
                 "ukeire": it.ukeire, "shanten": it.shanten}
        if it.worst < SAFE_AT:
            return {"code": "safe", **facts}
        return {"code": "push", "danger": danger.chance, **facts}
    if less_efficient:
        waits = _waits_reason(pos, it, best)
        if waits is not None:
            return waits
        return {"code": "value", "ukeire": [it.ukeire, best.ukeire], "shanten": [it.shanten, best.shanten],
                "other": best.kind}
    other = next(f for f in advice.figures if f.kind != it.kind)
    if other.shanten > it.shanten:
        return {"code": "lower_shanten", "shanten": [it.shanten, other.shanten], "other": other.kind}
    if other.ukeire < it.ukeire:
        return {"code": "more_ukeire", "ukeire": [it.ukeire, other.ukeire], "other": other.kind}
    theirs = _value_of(ranked, other.kind)
    if theirs is not None and value is not None and value - theirs >= _SAME:
        return _waits_reason(pos, it, other) or {"code": "tie", "ukeire": it.ukeire, "other": other.kind}
    return {"code": "equal", "ukeire": it.ukeire, "other": other.kind}


def _waits_reason(pos: Position, it: Figures, other: Figures) -> dict[str, Any] | None:
    """The ``waits`` reason when the suggestion's tenpai can expect more winning tiles than
    ``other``'s (both 1-shanten)."""
    waits = wider_waits_ahead(pos.counts, pos.seen, it, other)
    if waits is None:
        return None
    return {"code": "waits", "ukeire": [it.ukeire, other.ukeire], "waits": waits, "other": other.kind}
