"""Defence: another seat has declared riichi; pick the safest tile of the hand. The answer names,
for each tile, what protects it against the riichi (genbutsu, suji, kabe, one chance, honours
seen) and the estimated chance it deals in if that seat is ready.

>>> p = defence_problem(2, "easy")
>>> p.riichi_seat != 0, len(p.tiles)
(True, 14)
>>> judge_defence(p, p.best()[0]).correct
True
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.danger import tile_danger
from game.ai.position import Position, from_view
from game.drills.selfplay import check_level, discard_turns, pick
from game.table import SeatView

__all__ = ["LEVELS", "PROTECTIONS", "TileSafety", "DefenceProblem", "DefenceAnswer", "protection",
           "defence_problem", "defence_problem_of", "judge_defence"]

LEVELS = ("easy", "hard")
"""easy: the hand holds a genbutsu; hard: it holds none, so suji, kabe and counts decide."""
PROTECTIONS = ("genbutsu", "suji", "kabe", "one_chance", "honour", "half_suji", "none")
"""What can protect a tile, strongest first (``honour`` is qualified by the copies seen)."""
_CLOSE = 0.004
"""Tiles whose estimated deal-in chance is within this of the safest count as safest too."""


@dataclass(frozen=True)
class TileSafety:
    """One kind of the hand against the riichi: its protection and estimated deal-in chance."""

    kind: int
    protection: str
    seen: int
    """Copies of the kind the seat can account for (its own included)."""
    danger: float


@dataclass(frozen=True)
class DefenceProblem:
    """The seat's 14 tiles, the riichi seat, and the safety of each kind in the hand."""

    position: Position
    riichi_seat: int
    safety: tuple[TileSafety, ...]
    """One entry per kind in the hand, safest first."""

    @property
    def tiles(self) -> tuple[int, ...]:
        return self.position.hand

    def best(self) -> tuple[int, ...]:
        """The kinds as safe as the safest, or nearly (within ``_CLOSE``)."""
        low = self.safety[0].danger
        return tuple(s.kind for s in self.safety if s.danger <= low + _CLOSE)

    def of(self, kind: int) -> TileSafety:
        return next(s for s in self.safety if s.kind == kind)


@dataclass(frozen=True)
class DefenceAnswer:
    chosen: TileSafety
    best: tuple[int, ...]
    correct: bool


def _ryanmen_sides(kind: int) -> list[tuple[int, int, int]]:
    """The two-sided waits that win on ``kind``: (other winning kind, the shape's two kinds)."""
    n = kind % 9 + 1
    sides = []
    if n <= 6:
        sides.append((kind + 3, kind + 1, kind + 2))
    if n >= 4:
        sides.append((kind - 3, kind - 2, kind - 1))
    return sides


def protection(pos: Position, kind: int, seat: int) -> str:
    """What protects discarding ``kind`` against ``seat``'s riichi, in ``PROTECTIONS`` words.

    >>> from game.ai.position import Discard
    >>> p = Position(seat=0, hand=(), melds=((),) * 4, dealer=0, dora_indicators=(),
    ...              discards=((), (Discard(12, 1, False, False),), (), ()))
    >>> protection(p, 3, 1), protection(p, 0, 1), protection(p, 6, 1)
    ('genbutsu', 'suji', 'suji')
    """
    if kind in pos.safe_kinds(seat):
        return "genbutsu"
    if kind >= 27:
        return "honour"
    safe = pos.safe_kinds(seat)
    vis = pos.visible
    open_sides, by_suji, by_wall, by_chance = 0, 0, 0, 0
    for other, a, b in _ryanmen_sides(kind):
        if other in safe:
            by_suji += 1
        elif 4 in (vis[a], vis[b]):
            by_wall += 1
        elif 3 in (vis[a], vis[b]):
            by_chance += 1
        else:
            open_sides += 1
    if open_sides == 0 and by_chance == 0:
        return "kabe" if by_wall else "suji"
    if open_sides == 0:
        return "one_chance"
    return "half_suji" if by_suji else "none"


def defence_problem_of(pos: Position, riichi_seat: int) -> DefenceProblem:
    """The problem of a position: the safety of each kind the seat holds against ``riichi_seat``."""
    kinds = sorted({t >> 2 for t in pos.hand})
    safety = [TileSafety(k, protection(pos, k, riichi_seat), pos.visible[k], tile_danger(pos, k, riichi_seat))
              for k in kinds]
    safety.sort(key=lambda s: (s.danger, PROTECTIONS.index(s.protection), s.kind))
    return DefenceProblem(pos, riichi_seat, tuple(safety))


def defence_problem(seed: int, level: str = "easy") -> DefenceProblem:
    """A position of ``level`` (``LEVELS``), the same for the same seed: seat 0 to discard, not in
    riichi itself, one or more turns after another seat's riichi."""
    check_level(level, LEVELS)

    def fitting(view: SeatView) -> DefenceProblem | None:
        others = [s for s in range(4) if s != view.seat and view.riichi[s]]
        if len(others) != 1 or view.riichi[view.seat]:
            return None
        pos = from_view(view)
        declared = pos.riichi_order(others[0])
        if declared is None or not any(d.order > declared for d in pos.discards[view.seat]):
            return None
        problem = defence_problem_of(pos, others[0])
        has_genbutsu = problem.safety[0].protection == "genbutsu"
        if has_genbutsu != (level == "easy") or len(problem.best()) == len(problem.safety):
            return None
        return problem
    return pick(map(fitting, discard_turns(seed * 2 + (level == "hard"))), "defence", seed, level)


def judge_defence(problem: DefenceProblem, kind: int) -> DefenceAnswer:
    """Discarding ``kind``: right when it is among the safest; ValueError if the hand holds none."""
    if not any(s.kind == kind for s in problem.safety):
        raise ValueError(f"the hand holds no tile of kind {kind}")
    best = problem.best()
    return DefenceAnswer(problem.of(kind), best, kind in best)
