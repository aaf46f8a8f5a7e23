"""The last hand's placement as points: a smooth expected uma from the final scores.

Each other seat's final score is read as its score now plus a spread the size of one hand's
score changes (measured on the learning houou games: a seat's score changes by 4,787 points
(standard deviation) in a hand), so the chance of finishing above each seat moves smoothly
with the points a win brings, and the uma of each place is weighed by its chance. A win that
passes a seat is worth its points plus the uma gained, a win far short of the seat above is
worth nearly its points alone: no cliff at a gap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["HAND_SPREAD", "expected_uma", "placement_gain"]

HAND_SPREAD = 4787.0
"""Standard deviation of one seat's score change in one hand (houou games, 2022-01-01..09)."""


def _above(gap: float) -> float:
    """Chance that a seat ``gap`` points ahead now is ahead at the end (two seats' changes spread)."""
    return 0.5 * (1.0 + math.erf(gap / (2.0 * HAND_SPREAD)))


def expected_uma(scores: Sequence[float], seat: int, uma: Sequence[int]) -> float:
    """The uma ``seat`` can expect with these scores, every other seat above it or not by chance.

    >>> round(expected_uma([25000, 25000, 25000, 25000], 0, (15000, 5000, -5000, -15000)))
    0
    >>> round(expected_uma([45000, 25000, 20000, 10000], 0, (15000, 5000, -5000, -15000)))
    14983
    """
    ahead = [1.0]  # chance that n other seats finish above, by n
    for other in range(len(scores)):
        if other == seat:
            continue
        p = _above(scores[other] - scores[seat])
        nxt = [0.0] * (len(ahead) + 1)
        for n, q in enumerate(ahead):
            nxt[n] += q * (1.0 - p)
            nxt[n + 1] += q * p
        ahead = nxt
    return sum(q * uma[n] for n, q in enumerate(ahead))


def placement_gain(scores: Sequence[float], seat: int, uma: Sequence[int], points: float) -> float:
    """What ``points`` more for ``seat`` change its expected uma (the others' scores as they are).

    >>> uma = (15000, 5000, -5000, -15000)
    >>> [round(placement_gain([30000, 26000, 24000, 20000], 3, uma, p)) for p in (1000, 4000, 8000)]
    [1159, 5367, 11878]
    """
    after = list(scores)
    after[seat] += points
    return expected_uma(after, seat, uma) - expected_uma(scores, seat, uma)
