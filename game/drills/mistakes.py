"""Your own mistakes: discards where the review found a costly disagreement come back as problems.

A problem is kept as JSON (the position the seat saw, the AI's top choices with their values, what
the seat threw); it is right when the player picks the AI's choice or one of its top three worth
within ``CLOSE`` points of it.

>>> from game.ai.position import Position
>>> pos = Position(seat=0, hand=tuple(range(0, 56, 4)), melds=((),) * 4, discards=((),) * 4,
...                dora_indicators=(100,), dealer=0)
>>> p = MistakeProblem(pos, chosen=0, options=((12, 1500.0), (0, 900.0)), kind="efficiency")
>>> restored = MistakeProblem.from_json(p.to_json())
>>> restored.position.hand == pos.hand, judge_mistake(restored, 12), judge_mistake(restored, 0)
(True, True, False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.ai.position import Discard, Position
from game.melds import Meld
from game.review.review import Decision

__all__ = ["DRILLED_KINDS", "CLOSE", "MistakeProblem", "mistake_problem", "judge_mistake"]

DRILLED_KINDS = ("efficiency", "push_fold", "riichi_dama")
"""Decision kinds that come back as problems: choices of a tile to discard."""
CLOSE = 100.0
"""A choice worth this few estimated points less than the AI's best counts as right."""
_DISCARDS = ("discard", "riichi")


@dataclass(frozen=True)
class MistakeProblem:
    """A position, the tile kind the seat threw, and the AI's choices (kind, estimated value), best first."""

    position: Position
    chosen: int
    options: tuple[tuple[int, float], ...]
    kind: str
    reason: dict[str, Any] | None = None

    def best(self) -> tuple[int, ...]:
        top = self.options[0][1]
        return tuple(k for k, v in self.options if v >= top - CLOSE)

    def to_json(self) -> str:
        p = self.position
        return json.dumps({
            "seat": p.seat, "hand": p.hand, "dealer": p.dealer, "round_wind": p.round_wind, "scores": p.scores,
            "honba": p.honba, "sticks": p.sticks, "wall_left": p.wall_left, "red_fives": p.red_fives,
            "riichi_seats": p.riichi_seats, "dora_indicators": p.dora_indicators,
            "discards": [[[d.tile, d.order, d.riichi, d.called, d.tsumogiri] for d in river] for river in p.discards],
            "melds": [[[m.type, m.tiles, m.called, m.from_seat, m.added] for m in melds] for melds in p.melds],
            "chosen": self.chosen, "options": self.options, "kind": self.kind, "reason": self.reason,
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> MistakeProblem:
        """The problem kept by ``to_json``; ValueError when the text is not one."""
        try:
            d = json.loads(text)
            pos = Position(
                seat=d["seat"], hand=tuple(d["hand"]), dealer=d["dealer"], round_wind=d["round_wind"],
                scores=tuple(d["scores"]), honba=d["honba"], sticks=d["sticks"], wall_left=d["wall_left"],
                red_fives=d["red_fives"], riichi_seats=tuple(d["riichi_seats"]),
                dora_indicators=tuple(d["dora_indicators"]),
                discards=tuple(tuple(Discard(*entry) for entry in river) for river in d["discards"]),
                melds=tuple(tuple(Meld(t, tuple(tiles), c, f, a) for t, tiles, c, f, a in melds)
                            for melds in d["melds"]))
            problem = cls(pos, int(d["chosen"]), tuple((int(k), float(v)) for k, v in d["options"]), str(d["kind"]),
                          d.get("reason"))
        except (ValueError, KeyError, TypeError, RecursionError) as exc:
            raise ValueError(f"not a kept mistake: {exc}") from None
        bad = _bad_value(problem)
        if bad:
            raise ValueError(f"not a kept mistake: {bad}")
        return problem


def _bad_value(problem: MistakeProblem) -> str:
    """What in a problem read back is not a tile, a kind or a seat the table knows, or ""."""
    pos = problem.position
    tiles = [*pos.hand, *pos.dora_indicators, *(d.tile for river in pos.discards for d in river),
             *(t for melds in pos.melds for m in melds for t in m.tiles)]
    if not pos.hand or any(isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 136 for t in tiles):
        return "a tile is not one of the 136"
    if any(not 0 <= k < 34 for k in (problem.chosen, *(k for k, _ in problem.options))) or not problem.options:
        return "a tile kind is not one of the 34"
    if not all(isinstance(s, int) and 0 <= s < 4 for s in (pos.seat, pos.dealer, *pos.riichi_seats)):
        return "a seat is not one of the four"
    if len(pos.discards) != 4 or len(pos.melds) != 4 or len(pos.scores) != 4:
        return "it does not hold four seats"
    return ""


def mistake_problem(decision: Decision) -> MistakeProblem | None:
    """The problem of a reviewed decision, if it was a mistake in the choice of a discard."""
    if decision.severity != "mistake" or decision.kind not in DRILLED_KINDS or decision.position is None:
        return None
    if decision.actual.type not in _DISCARDS or decision.actual.tile is None:
        return None
    options: list[tuple[int, float]] = []
    for action, value in decision.options:
        if action.type not in _DISCARDS or action.tile is None:
            return None  # the AI preferred something else than a discard (a kan, a win): not this drill
        if all(k != action.tile >> 2 for k, _ in options):
            options.append((action.tile >> 2, value))
    if decision.actual.tile >> 2 in dict(options[:1]):
        return None  # the same tile, riichi or not: a different question
    return MistakeProblem(decision.position, decision.actual.tile >> 2, tuple(options), decision.kind,
                          decision.reason)


def judge_mistake(problem: MistakeProblem, kind: int) -> bool:
    """Right when ``kind`` is the AI's choice or as good within ``CLOSE``; ValueError if not in the hand."""
    if all(t >> 2 != kind for t in problem.position.hand):
        raise ValueError(f"the hand holds no tile of kind {kind}")
    return kind in problem.best()
