"""The exhaustive draw as a hand's value sees it: the chance the hand reaches it, the chance a
hand is tenpai there, and what being tenpai rather than noten is worth when it comes.

Fitted on the learning houou games (Tenhou houou room, 2022-01-01..09: 616 hands won or drawn
in the first sixty hanchan, 98 exhaustive draws; ``tools/fit_draws.py`` prints the figures):

- reaching the draw, by the live wall left (of hands still going at that point): 0.16 at 60
  tiles, 0.18 at 40, 0.25 at 30, 0.37 at 20, 0.56 at 10, 0.73 at 5, 0.90 at 0;
- tenpai at the draw by shanten and wall left (10-tile bands): 1-shanten 0.23 / 0.38 / 0.51 /
  0.55 / 0.55 / 0.66 from 0-9 to 50-59 tiles left, 2-shanten 0.01 / 0.14 / 0.24 / 0.33 / 0.47 /
  0.44, 3-shanten 0.00 / 0.03 / 0.05 / 0.20 / 0.33 / 0.47; a tenpai hand stays tenpai 0.92-0.96;
- being tenpai rather than noten at a draw, the others as they were: 2,608 points on average
  (3,000 when alone or all are, 2,500 otherwise).
"""

from __future__ import annotations

import math

__all__ = ["TENPAI_PAYMENT", "reach_draw", "tenpai_at_draw", "draw_payment"]

TENPAI_PAYMENT = 2600.0
"""What being tenpai rather than noten at an exhaustive draw changes, on average (measured 2,608)."""

_LAST_TILE = 0.9
"""Of hands that reach the last tile, the share that end drawn (a win on the last tile ends the others)."""
_HALF_WALL, _STEEP = 14.9, 1.28
"""The chance of reaching the draw halves (from ``_LAST_TILE``) with this many tiles left, and falls
off this steeply further out."""
_TENPAI_BY_SHANTEN = {0: (0.94, 0.0, 0.0), 1: (0.62, 0.0, 12.0), 2: (0.50, 4.0, 22.0), 3: (0.50, 20.0, 25.0)}
"""By shanten: the share of hands tenpai at the draw when much of the wall is left, the tiles left
below which the hand hardly gets there, and how many tiles beyond that it takes to get most of the
way (a smooth curve through the measured bands)."""


def reach_draw(wall_left: int) -> float:
    """Chance that a hand with ``wall_left`` live tiles left ends in an exhaustive draw.

    >>> [round(reach_draw(w), 2) for w in (60, 40, 20, 10, 0)]
    [0.13, 0.2, 0.37, 0.56, 0.9]
    """
    return _LAST_TILE / (1.0 + (max(wall_left, 0) / _HALF_WALL) ** _STEEP)


def tenpai_at_draw(shanten: int, wall_left: int) -> float:
    """Chance that a hand ``shanten`` from ready with ``wall_left`` tiles left is tenpai if the draw comes.

    >>> [round(tenpai_at_draw(1, w), 2) for w in (5, 25, 55)], round(tenpai_at_draw(2, 35), 2)
    ([0.21, 0.54, 0.61], 0.38)
    """
    if shanten < 0:
        return 0.0  # a won hand does not reach the draw
    fit = _TENPAI_BY_SHANTEN.get(shanten)
    if fit is None:
        return 0.0
    share, late, spread = fit
    if spread <= 0:
        return share
    return share * max(0.0, 1.0 - math.exp(-(wall_left - late) / spread))


def draw_payment(shanten: int, wall_left: int) -> float:
    """What a hand's chance of being tenpai at the draw is worth in points."""
    return TENPAI_PAYMENT * reach_draw(wall_left) * tenpai_at_draw(shanten, wall_left)
