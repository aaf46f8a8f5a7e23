"""Waits: a ready hand of 13 tiles; the player names every tile that completes it. Hard problems
keep to one suit, where a hand can wait on three to nine kinds at once.

>>> p = waits_problem(4, "hard")
>>> len(p.tiles), len(p.waits) >= 3
(13, True)
>>> judge_waits(p, p.waits).correct, judge_waits(p, p.waits[:1]).missed == p.waits[1:]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from game.drills.selfplay import check_level
from game.hand.shanten import waits
from game.tiles import NUM_KINDS

__all__ = ["LEVELS", "WaitsProblem", "WaitsAnswer", "waits_problem", "waits_problem_of", "judge_waits"]

LEVELS: dict[str, tuple[int, int]] = {"easy": (1, 2), "hard": (3, 9)}
"""Difficulty -> the fewest and most waits the hand has."""
_TRIES = 10_000


@dataclass(frozen=True)
class WaitsProblem:
    tiles: tuple[int, ...]
    waits: tuple[int, ...]
    """Every kind that completes the hand (kinds held four times cannot come and are left out)."""


@dataclass(frozen=True)
class WaitsAnswer:
    named: tuple[int, ...]
    missed: tuple[int, ...]
    wrong: tuple[int, ...]
    """Kinds named that do not complete the hand."""

    @property
    def correct(self) -> bool:
        return not self.missed and not self.wrong


def _tiles_of(counts: list[int]) -> tuple[int, ...]:
    """Physical tiles for the counts, plain copies before the red five."""
    return tuple(4 * k + 3 - i for k in range(NUM_KINDS) for i in range(counts[k]))


def waits_problem_of(tiles: Iterable[int]) -> WaitsProblem:
    """The problem of a 13-tile hand; ValueError unless it is ready."""
    tiles = tuple(sorted(tiles))
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t >> 2] += 1
    found = waits(counts)
    if len(tiles) != 13 or not found:
        raise ValueError("a waits problem needs a ready hand of 13 tiles")
    return WaitsProblem(tiles, tuple(found))


def _complete_hand(rng: random.Random, kinds: list[int]) -> list[int] | None:
    """Counts of four groups and a pair drawn from ``kinds`` (None if the draw ran out of copies)."""
    counts = [0] * NUM_KINDS
    for group in range(5):
        k = rng.choice(kinds)
        runs = [k] if k < 27 and k % 9 <= 6 and k + 2 in kinds else []
        if group < 4 and runs and rng.random() < 0.65:
            shape = [k, k + 1, k + 2]
        else:
            shape = [k] * (3 if group < 4 else 2)
        for s in shape:
            counts[s] += 1
        if max(counts) > 4:
            return None
    return counts


def waits_problem(seed: int, level: str = "easy") -> WaitsProblem:
    """A ready hand of ``level`` (``LEVELS``), the same for the same seed."""
    check_level(level, LEVELS)
    rng = random.Random(f"kawa-waits/{seed}/{level}")
    low, high = LEVELS[level]
    for _ in range(_TRIES):
        suit = rng.randrange(3)
        kinds = list(range(9 * suit, 9 * suit + 9)) if level == "hard" else list(range(NUM_KINDS))
        counts = _complete_hand(rng, kinds)
        if counts is None:
            continue
        counts[rng.choice([k for k in range(NUM_KINDS) if counts[k]])] -= 1
        found = waits(counts)
        if low <= len(found) <= high:
            return WaitsProblem(_tiles_of(counts), tuple(found))
    raise RuntimeError(f"no {level} waits problem in {_TRIES} tries")


def judge_waits(problem: WaitsProblem, named: Iterable[int]) -> WaitsAnswer:
    """The kinds the player named, against the hand's waits."""
    named = tuple(sorted(set(named)))
    return WaitsAnswer(named, tuple(k for k in problem.waits if k not in named),
                       tuple(k for k in named if k not in problem.waits))
