"""Replay a record and compare each real choice of one seat with the AI's ranking of its options.

A decision is any point where the seat was offered more than one action: a discard (with or
without riichi, a kan, a tsumo or nine terminals beside it), or a call, a ron or a pass on
another seat's tile. Tenpai declarations at a draw are not decisions of play and are left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.danger import threats
from game.ai.player import make_player
from game.ai.position import Position, from_view
from game.logs.record import RecordedGame
from game.logs.replay import GameReport, replay_game
from game.review.reasons import reason_for
from game.table import Action, Game

__all__ = ["KINDS", "SEVERITIES", "MISTAKE_COST", "REASON_COST", "Decision", "Review", "review_game", "same_choice"]

KINDS: tuple[str, ...] = ("efficiency", "riichi_dama", "call", "push_fold", "win", "kan", "placement")
SEVERITIES: tuple[str, ...] = ("agree", "slip", "mistake")
MISTAKE_COST = 400.0
"""A choice outside the AI's top three that costs at least this many estimated points is a mistake."""
REASON_COST = 200.0
"""Disagreements costing at least this much get a reason."""
_WINDS = "ESWN"
_SKIPPED = {"tenpai", "noten"}


def _key(action: Action) -> tuple[Any, ...]:
    return (action.type, None if action.tile is None else action.tile >> 2, tuple(t >> 2 for t in action.tiles))


def same_choice(a: Action, b: Action) -> bool:
    """The same choice up to which copy of a kind (a red five or a plain one)."""
    return _key(a) == _key(b)


@dataclass(frozen=True)
class Decision:
    """One choice of the seat and the AI's view of it."""

    hand_index: int
    honba: int
    turn: int
    """The seat's discards so far in the hand, plus one."""
    actual: Action
    options: tuple[tuple[Action, float], ...]
    """The AI's top three with their values (estimated points), best first."""
    kind: str
    severity: str
    cost: float
    """Estimated points lost against the AI's choice (0 when it agreed)."""
    reason: dict[str, Any] | None = None
    position: Position | None = field(default=None, compare=False, repr=False)
    """What the seat knew when it chose (kept so a mistake can come back as a drill)."""

    @property
    def agreed(self) -> bool:
        return self.severity == "agree"

    @property
    def round_wind(self) -> str:
        return _WINDS[min(self.hand_index // 4, 3)]

    @property
    def hand_number(self) -> int:
        return self.hand_index % 4 + 1

    @property
    def hand_label(self) -> str:
        return f"{self.round_wind}{self.hand_number}-{self.honba}"

    def to_dict(self) -> dict[str, Any]:
        return {"hand": {"round_wind": self.round_wind, "hand_number": self.hand_number, "honba": self.honba,
                         "hand_index": self.hand_index, "label": self.hand_label},
                "turn": self.turn, "actual": self.actual.to_dict(),
                "options": [{"action": a.to_dict(), "score": round(v, 1)} for a, v in self.options],
                "agreed": self.agreed, "kind": self.kind, "severity": self.severity,
                "cost": round(self.cost, 1), "reason": self.reason}


@dataclass
class Review:
    """Every decision of one seat, in order, and what the replay found amiss (if anything)."""

    seat: int
    level: str
    decisions: list[Decision] = field(default_factory=list)
    replay_problems: list[str] = field(default_factory=list)

    @property
    def agreement(self) -> float:
        if not self.decisions:
            return 1.0
        return sum(d.agreed for d in self.decisions) / len(self.decisions)

    def mistakes(self) -> list[Decision]:
        """The mistakes, costliest first."""
        return sorted((d for d in self.decisions if d.severity == "mistake"), key=lambda d: -d.cost)

    def summary(self) -> dict[str, Any]:
        """Agreement overall, per kind and per hand; severities; the mistakes by cost."""
        def rate(ds: list[Decision]) -> dict[str, Any]:
            agreed = sum(d.agreed for d in ds)
            return {"decisions": len(ds), "agreed": agreed, "agreement": agreed / len(ds) if ds else 1.0,
                    "cost": round(sum(d.cost for d in ds), 1)}
        by_kind = {k: rate([d for d in self.decisions if d.kind == k]) for k in KINDS}
        hands: dict[tuple[int, int], list[Decision]] = {}
        for d in self.decisions:
            hands.setdefault((d.hand_index, d.honba), []).append(d)
        index = {id(d): n for n, d in enumerate(self.decisions)}
        return {"seat": self.seat, "level": self.level, "decisions": len(self.decisions),
                "agreement": self.agreement,
                "severity": {s: sum(d.severity == s for d in self.decisions) for s in SEVERITIES},
                "cost": round(sum(d.cost for d in self.decisions), 1),
                "by_kind": {k: v for k, v in by_kind.items() if v["decisions"]},
                "by_hand": [dict(label=ds[0].hand_label, **rate(ds)) for ds in hands.values()],
                "mistakes": [index[id(d)] for d in self.mistakes()],
                "replay_problems": list(self.replay_problems)}

    def to_dict(self) -> dict[str, Any]:
        return {"agreement": self.agreement, "decisions": [d.to_dict() for d in self.decisions],
                "summary": self.summary()}


def _kind(pos: Position, legal: list[Action], actual: Action, top: Action) -> str:
    types = {a.type for a in legal}
    chosen = {actual.type, top.type}
    if types & {"tsumo", "ron"}:
        return "placement" if pos.all_last else "win"
    if types & {"chi", "pon", "daiminkan"}:
        return "call"
    if chosen & {"ankan", "shouminkan"} or (types & {"ankan", "shouminkan"} and same_choice(actual, top)):
        return "kan"  # a kan offered: declared by either, or both let it go the same way
    if "riichi" in types and actual.tile is not None and top.tile is not None and actual.tile >> 2 == top.tile >> 2:
        return "placement" if pos.all_last else "riichi_dama"  # the same tile: riichi with it or not
    if any(s != pos.seat for s in pos.riichi_seats) or any(t.tenpai >= 0.6 for t in threats(pos)):
        return "push_fold"
    return "efficiency"


def _judge(pos: Position, legal: list[Action], actual: Action,
           ranked: list[tuple[Action, float]]) -> tuple[str, float, str, dict[str, Any] | None]:
    """(kind, cost, severity, reason) of one decision."""
    top, best = ranked[0]
    place = next((n for n, (a, _) in enumerate(ranked) if same_choice(a, actual)), len(ranked))
    kind = _kind(pos, legal, actual, top)
    if place == 0:
        return kind, 0.0, "agree", None
    mine = ranked[place][1] if place < len(ranked) else min(v for _, v in ranked)
    cost = max(0.0, best - mine)
    severity = "slip" if place < 3 or cost < MISTAKE_COST else "mistake"
    reason = reason_for(pos, kind, actual, top, best, mine) if cost >= REASON_COST else None
    return kind, cost, severity, reason


def review_game(record: RecordedGame, seat: int, level: str = "strong",
                progress: Callable[[int, int], None] | None = None) -> Review:
    """Every real choice ``seat`` made in ``record``, compared with the AI at ``level``; ``progress``, when
    given, is told (hands done, hands in all) as each hand is reviewed (an exception it raises stops the review)."""
    if seat not in range(4):
        raise ValueError(f"seat {seat!r} is not 0..3")
    ai = make_player(level, 0, seat)
    review = Review(seat, level)

    class Watched(Game):
        """The table the record is replayed on: each choice of the seat is judged as it is applied."""

        def apply(self, who: int, action: Action) -> list[Any]:
            if who != seat or action.type in _SKIPPED:
                return super().apply(who, action)
            legal = self.legal_actions(who)
            if len(legal) < 2:
                return super().apply(who, action)
            view = self.view(who)
            hand_index, honba = self.hand_index, self.honba
            pos = from_view(view)
            ranked = ai.rank(view, legal)
            events = super().apply(who, action)  # a refused action raises before it is judged
            kind, cost, severity, reason = _judge(pos, legal, action, ranked)
            review.decisions.append(Decision(hand_index, honba, pos.turn + 1, action, tuple(ranked[:3]),
                                             kind, severity, cost, reason, pos))
            return events

    report: GameReport = replay_game(record, Watched, progress)
    review.replay_problems = report.problems + [f"{h.label()}: {p}" for h in report.hands for p in h.problems]
    return review
