"""Decisions without long pauses of Python's cyclic garbage collector.

The AI keeps large caches; a full collection that scans them mid-hand stalls one decision by
30 to 180 ms. Whoever runs a game calls ``hand_started`` at each new hand: everything alive
then is set aside from later collections (``gc.freeze``), so a collection during the hand
scans only what the hand made. ``game_over`` puts it all back and collects once, at a moment
when a pause does not matter, so nothing set aside is kept for ever.

>>> import gc
>>> hand_started(); gc.get_freeze_count() > 0
True
>>> game_over(); gc.get_freeze_count()
0
"""

from __future__ import annotations

import gc

__all__ = ["hand_started", "game_over"]


def hand_started() -> None:
    """Set aside what is alive now from the collections of the coming hand."""
    gc.freeze()


def game_over() -> None:
    """Return everything set aside to the collector and collect once."""
    gc.unfreeze()
    gc.collect()
