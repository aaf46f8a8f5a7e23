"""What to discard: a closed hand of 14 tiles met in a self-played game. The player picks a tile;
the engine shows every choice's shanten and ukeire (the unseen tiles that bring the hand closer
to ready) and which choices are best.

>>> p = discard_problem(3, "easy")
>>> len(p.tiles), p.shanten in LEVELS["easy"]
(14, True)
>>> judge_discard(p, p.options[0].kind).correct
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.drills.selfplay import check_level, discard_turns, pick
from game.hand.shanten import DiscardOption, discard_options, shanten
from game.table import SeatView
from game.tiles import NUM_KINDS

__all__ = ["LEVELS", "DiscardProblem", "DiscardAnswer", "discard_problem", "discard_problem_of", "judge_discard",
           "seen_by"]

LEVELS: dict[str, tuple[int, ...]] = {"easy": (1,), "hard": (2, 3)}
"""Difficulty -> the shanten of the hands asked about (one step from ready, or two or three)."""


@dataclass(frozen=True)
class DiscardProblem:
    """A seat's 14 concealed tiles (the drawn one last), what it sees elsewhere, and every choice."""

    tiles: tuple[int, ...]
    seen: tuple[int, ...]
    """Copies of each kind seen outside the hand (rivers, melds, dora indicators)."""
    options: tuple[DiscardOption, ...]
    """Every distinct discard, best first (lowest shanten, then most unseen improving tiles)."""
    dora_indicators: tuple[int, ...] = ()

    @property
    def shanten(self) -> int:
        counts = [0] * NUM_KINDS
        for t in self.tiles:
            counts[t >> 2] += 1
        return shanten(counts)

    def best(self) -> tuple[DiscardOption, ...]:
        """The choices as good as the first: same shanten and the same number of improving tiles."""
        top = self.options[0]
        return tuple(o for o in self.options if (o.shanten, o.total) == (top.shanten, top.total))


@dataclass(frozen=True)
class DiscardAnswer:
    """The player's choice judged: right when it is among the best."""

    chosen: DiscardOption
    best: tuple[DiscardOption, ...]
    correct: bool


def seen_by(view: SeatView) -> list[int]:
    """Copies of each kind the seat sees outside its own hand: rivers, every meld, dora indicators."""
    seen = [0] * NUM_KINDS
    tiles = [t for t in view.dora_indicators]
    tiles += [d["tile"] for river in view.discards for d in river if not d.get("called")]
    tiles += [t for melds in view.melds for m in melds for t in m.tiles]
    for t in tiles:
        seen[t >> 2] = min(4, seen[t >> 2] + 1)
    return seen


def discard_problem_of(tiles: Sequence[int], seen: Sequence[int], dora_indicators: Sequence[int] = ()
                       ) -> DiscardProblem:
    """The problem of a 14-tile concealed hand; ValueError for any other size."""
    if len(tiles) != 14:
        raise ValueError(f"a discard problem needs 14 concealed tiles, not {len(tiles)}")
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t >> 2] += 1
    return DiscardProblem(tuple(tiles), tuple(seen), tuple(discard_options(counts, seen)), tuple(dora_indicators))


def discard_problem(seed: int, level: str = "easy") -> DiscardProblem:
    """A position of ``level`` (``LEVELS``), the same for the same seed: seat 0's closed hand at one
    of its turns, from the third on, once it has the shanten asked for."""
    check_level(level, LEVELS)

    def fitting(view: SeatView) -> DiscardProblem | None:
        if view.melds[view.seat] or len(view.discards[view.seat]) < 2 or len(view.hand) != 14:
            return None
        tiles = [t for t in view.hand if t != view.drawn] + [view.drawn]
        problem = discard_problem_of(tiles, seen_by(view), view.dora_indicators)
        if problem.shanten not in LEVELS[level] or len(problem.best()) == len(problem.options):
            return None
        return problem
    return pick(map(fitting, discard_turns(seed * 2 + (level == "hard"))), "discard", seed, level)


def judge_discard(problem: DiscardProblem, kind: int) -> DiscardAnswer:
    """The choice of discarding a tile of ``kind``; ValueError if the hand holds none."""
    chosen = next((o for o in problem.options if o.kind == kind), None)
    if chosen is None:
        raise ValueError(f"the hand holds no tile of kind {kind}")
    best = problem.best()
    return DiscardAnswer(chosen, best, chosen in best)
