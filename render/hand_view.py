"""The order of the player's concealed tiles on screen, and where each one sits.

Sorted by default. With tile reordering on, the player's own order is kept as tiles leave, and
a tile that joins the hand (the drawn tile, once another is discarded) goes to the right end,
never sorted in. The drawn tile stands apart at the right while it is the drawn tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.hand.shanten import shanten, waits
from render.layout import Layout

__all__ = ["HandOrder", "hand_slots", "visible_counts", "waits_for"]


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

    def move(self, tile: int, index: int) -> bool:
        """Put ``tile`` at place ``index`` (the others keep their order); whether anything moved."""
        if tile not in self.order:
            return False
        rest = [t for t in self.order if t != tile]
        index = max(0, min(len(rest), index))
        moved = rest[:index] + [tile] + rest[index:]
        if moved == self.order:
            return False
        self.order = moved
        return True

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


def visible_counts(view: Any) -> list[int]:
    """How many of each kind the seat can see outside its concealed hand: ponds, melds, dora indicators."""
    seen = [0] * 34
    for seat_discards in view.discards:
        for entry in seat_discards:
            if not entry.get("called"):  # a called tile is counted in its meld
                seen[entry["tile"] >> 2] += 1
    for seat_melds in view.melds:
        for meld in seat_melds:
            for t in (meld["tiles"] if isinstance(meld, dict) else meld.tiles):
                seen[t >> 2] += 1
    for t in view.dora_indicators:
        seen[t >> 2] += 1
    return seen


def waits_for(view: Any, left_out: int | None = None) -> list[tuple[int, int]]:
    """(kind, copies still unseen) for each wait of the concealed hand, less ``left_out`` when given.

    Empty unless the hand (3n+1 tiles once ``left_out`` is set aside) is ready.
    """
    tiles = list(view.hand)
    if left_out is not None:
        tiles.remove(left_out)
    if len(tiles) % 3 != 1:
        return []
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    if shanten(counts) != 0:
        return []
    seen = visible_counts(view)
    if left_out is not None:
        seen[left_out >> 2] += 1
    return [(k, max(0, 4 - counts[k] - seen[k])) for k in waits(counts)]
