"""The order of the player's concealed tiles on screen, and where each one sits.

Sorted by default. With tile reordering on, the player's own order is kept as tiles leave, and
a tile that joins the hand (the drawn tile, once another is discarded) goes to the right end,
never sorted in. The drawn tile stands apart at the right while it is the drawn tile.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from render.layout import Layout

__all__ = ["HandOrder", "hand_slots"]


class HandOrder:
    """The display order of the concealed tiles (the drawn tile apart)."""

    def __init__(self) -> None:
        self.order: list[int] = []

    def update(self, hand: Sequence[int], drawn: int | None, reorder: bool) -> list[int]:
        """The order for this hand; ``drawn`` is left out (it is shown apart)."""
        body = [t for t in hand if t != drawn]
        if not reorder:
            self.order = sorted(body)
            return self.order
        present = set(body)
        kept = [t for t in self.order if t in present]
        known = set(kept)
        self.order = kept + [t for t in body if t not in known]
        return self.order

    def swap(self, i: int) -> None:
        """Swap tiles ``i`` and ``i + 1``."""
        if 0 <= i < len(self.order) - 1:
            self.order[i], self.order[i + 1] = self.order[i + 1], self.order[i]

    def sort(self) -> None:
        self.order.sort()


def hand_slots(lay: Layout, order: Sequence[int], drawn: int | None, tile_w: int,
               right_limit: int | None = None) -> list[tuple[int, pygame.Rect]]:
    """(tile, rect) of every concealed tile, left to right, the drawn tile set apart.

    The hand is centred in the window, moved left as far as needed to stay clear of
    ``right_limit`` (the left edge of the player's melds) but never left of ``lay.hand_x``.
    """
    width = (len(order) + 1) * tile_w + tile_w // 2  # room for a drawn tile, so the hand does not jump
    x = (lay.width - width) // 2
    if right_limit is not None:
        x = min(x, right_limit - tile_w // 2 - width)
    x = max(lay.hand_x, x)
    out: list[tuple[int, pygame.Rect]] = []
    for t in order:
        out.append((t, pygame.Rect(x, lay.hand_y, tile_w, lay.hand_h)))
        x += tile_w
    if drawn is not None:
        x += tile_w // 2
        out.append((drawn, pygame.Rect(x, lay.hand_y, tile_w, lay.hand_h)))
    return out
