"""Replay a record and compare each real choice of one seat with the AI's ranking of its options.

A decision is any point where the seat was offered more than one action: a discard (with or
without riichi, a kan, a tsumo or nine terminals beside it), or a call, a ron or a pass on
another seat's tile. Tenpai declarations at a draw are not decisions of play and are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.danger import threats
from game.ai.houou import Shares, by_choice
from game.ai.player import Player, make_player
from game.ai.position import Position, from_view
from game.logs.record import RecordedGame
from game.logs.replay import GameReport, replay_game
from game.review.reasons import reason_for
from game.table import Action, Game
from game.table.view import SeatView

__all__ = ["KINDS", "SEVERITIES", "MISTAKE_COST", "RARE_SHARE", "REASON_COST", "TIE_COST",
           "STRONG_CHOICE_REALISED", "SELDOM_CHOICE_REALISED",
           "STRONG_SHARE", "STRONG_BESIDE_AI", "STRONG_FLOOR", "Shares", "Decision", "Review", "judge_choice",
           "review_choice", "review_game", "same_choice", "strong_players_make"]

KINDS: tuple[str, ...] = ("efficiency", "riichi_dama", "call", "push_fold", "win", "kan", "placement")
SEVERITIES: tuple[str, ...] = ("agree", "slip", "mistake", "strong_choice", "not_weighed")
"""``strong_choice``: the AI prefers another option, but houou players make this choice often
(``STRONG_SHARE``); ``not_weighed``: the AI did not value the choice (or its own), so no cost is given."""
STRONG_CHOICE_REALISED = 0.27
"""What a difference in the AI's values turns out to be worth at the table, per point, for a choice strong players
make (``strong_players_make``): the estimated cost of such a choice is this share of the difference.

The values look a hand ahead as if no later choice could make up for this one, so only part of a difference is
lost. How much was measured on strong-against-normal duplicate self-play (``tools/review_calibration.py``): the
realised difference of a seat-hand (strong's score from that seat and deal less normal's) regressed on the value
differences of normal's choices in it, those houou players make often apart from the others. Tenhou seed 86000
and ema seed 87000, 2,000 hands each (8,012 seat-hands): 0.27 +- 0.10 of a point here and 0.80 +- 0.17 for the
others (tenhou alone 0.24 and 0.88, ema alone 0.30 and 0.72; tenhou seed 83000, 1,211 hands fitted on nothing,
0.31 +- 0.16 and 0.76 +- 0.31). One share for every choice was 0.45 (seed 82000): where houou players often choose
what the AI values less, the AI's values are more often wrong."""
SELDOM_CHOICE_REALISED = 0.80
"""The same share for a choice houou players seldom make, and for every choice where no model says how often
(which the verdicts also read as seldom made; see ``STRONG_CHOICE_REALISED``)."""
MISTAKE_COST = 310.0
"""A choice whose estimated cost is at least this many points, and which houou players rarely make
(``RARE_SHARE``), is a mistake; any other costly choice is a slip. (It was 175 when every choice was charged 0.45
of the difference: the same differences make a mistake at ``SELDOM_CHOICE_REALISED``.)"""
RARE_SHARE = 0.02
"""A costly choice is a mistake only where houou players make it less often than this (or where no
model says how often): the value model alone cannot tell a houou player's judgement from a beginner's
oversight, and together with how rarely strong players choose the same, it can. Chosen with
``MISTAKE_COST`` (then 175 points at the single share of 0.45; the points below are on that scale) on games
nothing here is measured on (twelve houou hanchan of 2022-01-09, every seat, and the easy AI's five self-play
hanchan of seed 84000): 1.35 mistakes a houou player-hanchan and 9.9 in 100 of the easy AI's choices (at 250
points and no share rule: 2.31 and 9.1; at 200 points and 2%: 1.25 and 8.5; at 225 points and 3%: 1.42 and
8.6)."""
TIE_COST = 1.0
"""A choice valued within this many points of the AI's is a tie: agreement."""
REASON_COST = 180.0
"""Disagreements costing at least this much get a reason (100 at the single share of 0.45, as ``MISTAKE_COST``)."""
STRONG_SHARE = 0.1
"""A choice houou players make at least this often in the spot is a choice strong players make, not
a mistake (a learned model's second choice in a spot commonly gets 0.1-0.3, its oversights well under 0.05)."""
STRONG_BESIDE_AI = 0.5
"""A choice houou players make at least this share as often as the AI's own choice (and at least
``STRONG_FLOOR``) is also one strong players make: where houou players barely prefer the AI's option,
the AI's values are not the last word."""
STRONG_FLOOR = 0.05

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
    """Estimated points lost against the AI's choice (0 when it agreed, was not weighed, or repeats a
    riichi-or-quiet choice already charged in the hand)."""
    reason: dict[str, Any] | None = None
    position: Position | None = field(default=None, compare=False, repr=False)
    """What the seat knew when it chose (kept so a mistake can come back as a drill)."""
    shares: tuple[tuple[Action, float], ...] = ()
    """How often houou players take each option here, most often first (empty without a model)."""

    def share_of(self, action: Action) -> float | None:
        """The houou players' share of ``action`` (None without a model)."""
        if not self.shares:
            return None
        return sum(v for a, v in self.shares if same_choice(a, action))

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
                "cost": round(self.cost, 1), "reason": self.reason,
                "houou_shares": [{"action": a.to_dict(), "share": round(v, 3)} for a, v in self.shares]}


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


def _riichi_choice(actual: Action, ranked: Sequence[tuple[Action, float | None]]) -> bool:
    """The AI's choice and the seat's are the same tile, one with riichi and one without."""
    top = ranked[0][0]
    return ({actual.type, top.type} == {"discard", "riichi"} and actual.tile is not None and top.tile is not None
            and actual.tile >> 2 == top.tile >> 2)


def strong_players_make(share: float | None, ai_share: float | None) -> bool:
    """Whether houou players make a choice often enough for it to be a style, not a mistake: at least
    ``STRONG_SHARE`` of the time, or at least ``STRONG_FLOOR`` and ``STRONG_BESIDE_AI`` as often as
    the AI's choice (``ai_share``).

    >>> strong_players_make(0.12, 0.8), strong_players_make(0.06, 0.1), strong_players_make(0.04, 0.9)
    (True, True, False)
    """
    if share is None:
        return False
    return share >= STRONG_SHARE or (share >= STRONG_FLOOR and ai_share is not None
                                     and share >= STRONG_BESIDE_AI * ai_share)


def _judge(pos: Position, legal: list[Action], actual: Action, ranked: list[tuple[Action, float | None]],
           share: float | None = None, ai_share: float | None = None) -> tuple[str, float, str, dict[str, Any] | None]:
    """(kind, cost, severity, reason) of one decision: a tie is agreement, a choice houou players make
    often (``share``, against ``ai_share`` for the AI's choice) is one strong players make, and a costly
    one is a mistake where they rarely make it, else a slip."""
    top, best = ranked[0]
    place = next((n for n, (a, _) in enumerate(ranked) if same_choice(a, actual)), len(ranked))
    kind = _kind(pos, legal, actual, top)
    if place == 0:
        return kind, 0.0, "agree", None
    mine = ranked[place][1] if place < len(ranked) else None
    if best is None or mine is None:
        return kind, 0.0, "not_weighed", {"code": "not_weighed"}
    if best - mine < TIE_COST:
        return kind, 0.0, "agree", None
    often = strong_players_make(share, ai_share)  # no model (share None): read as seldom made
    cost = (STRONG_CHOICE_REALISED if often else SELDOM_CHOICE_REALISED) * (best - mine)
    if often:
        why: dict[str, Any] = {"code": "strong_choice", "share": round(share or 0.0, 3)}
        if share is not None and share < STRONG_SHARE and ai_share is not None:
            why["ai_share"] = round(ai_share, 3)  # a style for standing beside the AI's own choice
        return kind, cost, "strong_choice", why
    rare = share is None or share < RARE_SHARE
    severity = "mistake" if cost >= MISTAKE_COST and rare else "slip"
    reason = reason_for(pos, kind, actual, top, best, mine) if cost >= REASON_COST else None
    if reason is not None and cost >= MISTAKE_COST and not rare:
        reason["sometimes"] = round(share or 0.0, 3)  # why a choice this costly is only a slip
    return kind, cost, severity, reason


def _one_per_tile(ranked: list[tuple[Action, float | None]]) -> tuple[tuple[Action, float], ...]:
    """The AI's three best valued choices, one per tile: a riichi and a quiet discard of the same tile
    are one choice (the better of the two)."""
    out: list[tuple[Action, float]] = []
    seen: set[Any] = set()
    for a, v in ranked:
        if v is None and out:
            continue
        key = ("tile", a.tile >> 2) if a.type in ("discard", "riichi") and a.tile is not None else _key(a)
        if key in seen:
            continue
        seen.add(key)
        out.append((a, 0.0 if v is None else v))
        if len(out) == 3:
            break
    return tuple(out)


def judge_choice(ai: Player, view: SeatView, legal: Sequence[Action], action: Action,
                 shares: Shares | None = None) -> Decision:
    """The review of one choice: ``action`` taken at ``view`` among ``legal``, against ``ai``'s ranking."""
    pos = from_view(view)
    ranked = ai.rank(view, legal)
    found = by_choice(shares(view, legal)) if shares is not None else ()
    share = sum(v for a, v in found if same_choice(a, action)) if found else None
    ai_share = sum(v for a, v in found if same_choice(a, ranked[0][0])) if found and ranked else None
    kind, cost, severity, reason = _judge(pos, list(legal), action, ranked, share, ai_share)
    return Decision(view.hand_index, view.honba, pos.turn + 1, action, _one_per_tile(ranked), kind, severity, cost,
                    reason, pos, found)


def review_choice(view: SeatView, action: Action, level: str = "strong", shares: Shares | None = None) -> Decision:
    """The review of one choice in a position (its legal actions the view's), as a whole game's review gives it."""
    return judge_choice(make_player(level, 0, view.seat), view, view.legal_actions, action, shares)


def review_game(record: RecordedGame, seat: int, level: str = "strong",
                progress: Callable[[int, int], None] | None = None, shares: Shares | None = None) -> Review:
    """Every real choice ``seat`` made in ``record``, compared with the AI at ``level``; ``progress``, when
    given, is told (hands done, hands in all) as each hand is reviewed (an exception it raises stops the review);
    ``shares``, when given, says how often houou players take each option (``Shares``).

    A riichi-or-quiet choice that repeats in a hand (the same tenpai kept quiet turn after turn) is charged
    once: the later ones cost nothing more."""
    if seat not in range(4):
        raise ValueError(f"seat {seat!r} is not 0..3")
    ai = make_player(level, 0, seat)
    review = Review(seat, level)
    charged: set[tuple[int, int]] = set()  # hands whose riichi-or-quiet choice has been charged
    unsure: list[int] = []  # a pass on a call just judged: unknown if a stronger call or a ron takes the tile

    class Watched(Game):
        """The table the record is replayed on: each choice of the seat is judged as it is applied."""

        def apply(self, who: int, action: Action) -> list[Any]:
            if who != seat and unsure and action.type in ("pon", "daiminkan", "ron"):
                del review.decisions[unsure.pop()]  # the record keeps no call it overrode: the seat's choice is unknown
            if who != seat or action.type in _SKIPPED:
                if action.type not in ("pass", "chi", "pon", "daiminkan", "ron"):
                    unsure.clear()
                return super().apply(who, action)
            unsure.clear()
            legal = self.legal_actions(who)
            if len(legal) < 2:
                return super().apply(who, action)
            decision = judge_choice(ai, self.view(who), legal, action, shares)
            events = super().apply(who, action)  # a refused action raises before it is judged
            hand = (decision.hand_index, decision.honba)
            if decision.severity in ("slip", "mistake") and _riichi_choice(action, decision.options):
                if hand in charged:
                    decision = replace(decision, cost=0.0, severity="slip", reason={"code": "repeated"})
                charged.add(hand)
            if action.type == "pass" and any(a.type in ("chi", "pon") for a in legal):
                unsure.append(len(review.decisions))
            review.decisions.append(decision)
            return events

    report: GameReport = replay_game(record, Watched, progress)
    review.replay_problems = report.problems + [f"{h.label()}: {p}" for h in report.hands for p in h.problems]
    return review
