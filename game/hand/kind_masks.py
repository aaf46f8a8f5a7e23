"""Sets of tile kinds as int bitmasks: bit ``k`` stands for kind ``k`` (0..33).

The scorer reads a hand as a few masks (the kinds present, the triplets, the runs' first
kinds), so that a yaku test is one or two bit operations: "every tile is a terminal or an
honour" is ``present & ~TERMINALS_HONORS == 0``.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.tiles import DRAGONS, WINDS

__all__ = [
    "mask_of", "KIND_BITS", "TERMINALS", "HONORS", "TERMINALS_HONORS", "NUMBERS", "WIND_MASK",
    "DRAGON_MASK", "GREEN_MASK", "SUIT_MASKS", "OUTSIDE_RUNS", "covered_by_runs",
]


def mask_of(kinds: Iterable[int]) -> int:
    """The mask holding these kinds."""
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


TERMINALS = mask_of((0, 8, 9, 17, 18, 26))
HONORS = mask_of(range(27, 34))
TERMINALS_HONORS = TERMINALS | HONORS
NUMBERS = mask_of(range(27))
"""Every kind of the three suits."""
KIND_BITS = tuple(1 << k for k in range(34))
"""Each kind's bit, for or-ing many kinds at C speed."""
WIND_MASK = mask_of(WINDS)
DRAGON_MASK = mask_of(DRAGONS)
GREEN_MASK = mask_of((19, 20, 21, 23, 25, 32))
"""All green: 2 3 4 6 8 of bamboo and the green dragon."""
SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
"""Characters, circles, bamboo."""
OUTSIDE_RUNS = mask_of(k for k in range(27) if k % 9 in (0, 6))
"""First kinds of the runs that hold a terminal: 123 and 789 of each suit."""


def covered_by_runs(runs: int) -> int:
    """The kinds the runs of a first-kind mask cover (a run starts at 1..7 of its suit, so
    the shifts never leave the suit)."""
    return runs | runs << 1 | runs << 2
