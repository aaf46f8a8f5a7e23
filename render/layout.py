"""Where everything sits on the table, computed from the window size alone.

Seats are placed by their position relative to the player: 0 bottom (the player), 1 right,
2 across (top), 3 left. Each position has a frame: ``along`` runs from that seat's left to
its right, ``out`` from the table's centre towards that seat. ``Layout.rect`` turns a box in
a seat's frame into a screen rectangle, so ponds, hands and melds of all four seats share one
piece of placement code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import pygame

__all__ = ["TILE_ASPECT", "Layout", "ROTATION", "relative", "layout_for"]

TILE_ASPECT = 0.75
"""A tile's width over its height (upright)."""

# (along vector, out vector) for relative positions 0 bottom, 1 right, 2 top, 3 left
_FRAMES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((1, 0), (0, 1)),
    ((0, -1), (1, 0)),
    ((-1, 0), (0, -1)),
    ((0, 1), (-1, 0)),
)
ROTATION = (0, 90, 180, 270)
"""Counter-clockwise degrees that turn an upright tile to face each relative position."""


def relative(seat: int, me: int) -> int:
    """Position of ``seat`` as ``me`` sees the table: 0 me, 1 right, 2 across, 3 left."""
    return (seat - me) % 4


@dataclass(frozen=True)
class Layout:
    """The table's geometry for one window size."""

    width: int
    height: int

    # tile sizes ---------------------------------------------------------------
    @cached_property
    def hand_h(self) -> int:
        """Height of the player's own hand tiles."""
        by_height = self.height / 9.6
        by_width = self.width * 0.86 / 23 / TILE_ASPECT
        return max(28, int(min(by_height, by_width)))

    @cached_property
    def hand_w(self) -> int:
        return int(self.hand_h * TILE_ASPECT)

    @cached_property
    def pond_h(self) -> int:
        """Pond tiles: three rows on each side of the centre square fit between the top hand and the buttons."""
        half = (self.buttons_rect.top - self.margin - (self.margin + self.opp_h)) / 2
        return max(20, int(min(self.hand_h * 0.74, half / 5.9)))

    @cached_property
    def pond_w(self) -> int:
        return int(self.pond_h * TILE_ASPECT)

    @cached_property
    def opp_h(self) -> int:
        """Tiles of the other seats' hands and of every meld but the player's."""
        return max(18, int(self.hand_h * 0.6))

    @cached_property
    def opp_w(self) -> int:
        return int(self.opp_h * TILE_ASPECT)

    @cached_property
    def meld_h(self) -> int:
        """The player's own melds."""
        return max(22, int(self.hand_h * 0.8))

    @cached_property
    def margin(self) -> int:
        return max(6, self.height // 90)

    # the centre -----------------------------------------------------------------
    @cached_property
    def center_side(self) -> int:
        """Side of the square in the middle (round, sticks, wall, dora, scores)."""
        return int(6 * self.pond_w + self.pond_h * 0.9)

    @cached_property
    def center(self) -> tuple[int, int]:
        """Middle of the table: centred across; vertically between the top hand and the buttons."""
        top = self.margin + self.opp_h
        bottom = self.buttons_rect.top - self.margin
        return (self.width // 2, (top + bottom) // 2)

    @cached_property
    def center_rect(self) -> pygame.Rect:
        s = self.center_side
        r = pygame.Rect(0, 0, s, s)
        r.center = self.center
        return r

    @cached_property
    def pond_gap(self) -> int:
        return max(3, self.pond_h // 10)

    @cached_property
    def pond_start(self) -> tuple[float, float]:
        """(along, out) of the first pond tile's corner in every seat's frame."""
        return (-3 * self.pond_w, self.center_side / 2 + self.pond_gap)

    # the player's row ---------------------------------------------------------------
    @cached_property
    def button_h(self) -> int:
        return max(30, int(self.hand_h * 0.62))

    @cached_property
    def hand_y(self) -> int:
        """Top of the player's hand tiles."""
        return self.height - self.margin - self.hand_h - max(8, self.hand_h // 5)

    @cached_property
    def hand_x(self) -> int:
        """Left of the player's first hand tile."""
        return self.margin * 3 + max(26, self.hand_w // 2)

    @cached_property
    def reorder_h(self) -> int:
        """Height of the swap buttons under the hand (when reordering is on)."""
        return max(8, self.hand_h // 5)

    @cached_property
    def buttons_rect(self) -> pygame.Rect:
        """Where the call / action buttons go: a row above the player's hand."""
        y = self.hand_y - self.button_h - self.margin
        return pygame.Rect(self.margin, y, self.width - 2 * self.margin, self.button_h)

    @cached_property
    def plate_rect(self) -> pygame.Rect:
        """The player's nameplate: the left end of the buttons' row."""
        row = self.buttons_rect
        return pygame.Rect(row.x, row.y, max(300, self.width * 2 // 9), row.h)

    @cached_property
    def out_hand(self) -> dict[int, float]:
        """Distance from the centre to the near edge of each other seat's hand (by position)."""
        cx, cy = self.center
        return {1: self.width - cx - self.margin - self.opp_h, 2: cy - self.margin - self.opp_h,
                3: cx - self.margin - self.opp_h}

    # mapping --------------------------------------------------------------------------
    def point(self, pos: int, along: float, out: float) -> tuple[float, float]:
        (ax, ay), (ox, oy) = _FRAMES[pos]
        cx, cy = self.center
        return (cx + ax * along + ox * out, cy + ay * along + oy * out)

    def rect(self, pos: int, along: float, out: float, w: float, h: float) -> pygame.Rect:
        """Screen rect of the box [along, along+w] x [out, out+h] in the frame of position ``pos``."""
        x1, y1 = self.point(pos, along, out)
        x2, y2 = self.point(pos, along + w, out + h)
        return pygame.Rect(int(min(x1, x2)), int(min(y1, y2)), int(abs(x2 - x1)) or 1, int(abs(y2 - y1)) or 1)

    def pond_slot(self, pos: int, index: int, sideways_before: int, sideways: bool) -> pygame.Rect:
        """Rect of discard number ``index`` (six per row; a sideways tile widens its row)."""
        row, col = divmod(index, 6)
        row = min(row, 3)
        if index >= 24:
            col = index - 18
        a0, o0 = self.pond_start
        along = a0 + col * self.pond_w + sideways_before * (self.pond_h - self.pond_w)
        out = o0 + row * self.pond_h
        w = self.pond_h if sideways else self.pond_w
        h = self.pond_w if sideways else self.pond_h
        return self.rect(pos, along, out + (self.pond_h - h), w, h)


@lru_cache(maxsize=8)
def layout_for(size: tuple[int, int]) -> Layout:
    """The (cached) layout of a window size; its figures are computed once."""
    return Layout(*size)
