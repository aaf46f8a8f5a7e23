"""Where everything sits on the table, computed from the window size (and the UI scale) alone.

Seats are placed by their position relative to the player: 0 bottom (the player), 1 right,
2 across (top), 3 left. Each position has a frame: ``along`` runs from that seat's left to
its right, ``out`` from the table's centre towards that seat. ``Layout.rect`` turns a box in
a seat's frame into a screen rectangle, so ponds, hands and melds of all four seats share one
piece of placement code.

The height of the window sets the tiles of the middle (three rows of discards on each side of
the centre panel fill it from the top hand down to the buttons); the width sets the player's
hand. On a wide window the centre panel widens (up to ``CENTER_ASPECT``), which spreads the
left and right rivers; the side seats' hands stand just beyond their rivers, and the strips
outside them hold those seats' nameplates.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import pygame

__all__ = ["TILE_ASPECT", "CENTER_ASPECT", "Layout", "ROTATION", "relative", "layout_for"]

TILE_ASPECT = 0.75
"""A tile's width over its height (upright)."""

CENTER_ASPECT = 1.15
"""The centre panel's widest width over its height (on a wide window): kept near square, so that a
16:9 window leaves a free strip beside each side seat's hand for the panels (the guide, the coach,
a review) that must not cover the game."""

# (along vector, out vector) for relative positions 0 bottom, 1 right, 2 top, 3 left
_FRAMES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((1, 0), (0, 1)),
    ((0, -1), (1, 0)),
    ((-1, 0), (0, -1)),
    ((0, 1), (-1, 0)),
)
PANEL_MIN_WIDTH = 240
"""The narrowest free strip a side panel (the guide, the coach, a review) is put in."""

ROTATION = (0, 90, 180, 270)
"""Counter-clockwise degrees that turn an upright tile to face each relative position."""


def relative(seat: int, me: int) -> int:
    """Position of ``seat`` as ``me`` sees the table: 0 me, 1 right, 2 across, 3 left."""
    return (seat - me) % 4


@dataclass(frozen=True)
class Layout:
    """The table's geometry for one window size; ``ui`` scales the texts and buttons (0.75 to 1.5)."""

    width: int
    height: int
    ui: float = 1.0

    # tile sizes ---------------------------------------------------------------
    @cached_property
    def hand_h(self) -> int:
        """Height of the player's own hand tiles: 14 tiles and four melds fill the bottom row."""
        by_height = self.height / 8.6
        by_width = (self.width - 6 * self.margin) / 18.6
        return max(28, int(min(by_height, by_width)))

    @cached_property
    def hand_w(self) -> int:
        return int(self.hand_h * TILE_ASPECT)

    @cached_property
    def pond_h(self) -> int:
        """River tiles: three rows on each side of the centre panel fill the height between the top hand and
        the buttons."""
        room = self.buttons_rect.top - self.margin - (2 * self.margin + self.opp_h)
        by_width = (self.width / 2 - 3 * self.margin - self.opp_h) / 7.6
        return max(20, int(min(self.hand_h * 0.8, room / 11.7, by_width)))

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
        return max(22, int(self.hand_h * 0.72))

    @cached_property
    def margin(self) -> int:
        return max(6, self.height // 90)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def text_size(self, share: float, least: int = 12) -> int:
        """A text size: ``share`` of the player's tile height, times the UI scale."""
        return max(least, int(self.hand_h * share * self.ui))

    # the centre -----------------------------------------------------------------
    @cached_property
    def center_side(self) -> int:
        """Height of the panel in the middle (round, sticks, wall, dora, scores): six river tiles and a bit."""
        return int(6 * self.pond_w + self.pond_h * 0.9)

    @cached_property
    def center_width(self) -> int:
        """Width of the centre panel: wider on a wide window, keeping the side seats' hands inside it."""
        room = self.width / 2 - 2 * self.margin - self.opp_h - self.pond_gap - 4 * self.pond_h - self.side_gap
        return int(max(self.center_side, min(self.center_side * CENTER_ASPECT, 2 * room)))

    @cached_property
    def center(self) -> tuple[int, int]:
        """Middle of the table: centred across; vertically between the top hand and the buttons."""
        top = 2 * self.margin + self.opp_h
        bottom = self.buttons_rect.top - self.margin
        return (self.width // 2, (top + bottom) // 2)

    @cached_property
    def center_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.center_width, self.center_side)
        r.center = self.center
        return r

    def half(self, pos: int) -> float:
        """Distance from the centre to the centre panel's edge facing position ``pos``."""
        return (self.center_side if pos in (0, 2) else self.center_width) / 2

    @cached_property
    def pond_gap(self) -> int:
        return max(3, self.pond_h // 10)

    def pond_start(self, pos: int) -> tuple[float, float]:
        """(along, out) of the first river tile's corner in the frame of position ``pos``."""
        return (-3 * self.pond_w, self.half(pos) + self.pond_gap)

    @cached_property
    def side_gap(self) -> int:
        """Felt between a side seat's four river rows and its hand (room for its melds' called tiles)."""
        return max(self.pond_h // 3, self.margin * 2)

    # the player's row ---------------------------------------------------------------
    @cached_property
    def button_h(self) -> int:
        return max(30, int(self.hand_h * 0.55 * self.ui))

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
        return pygame.Rect(row.x, row.y, max(300, int(self.width * 2 / 9 * min(1.0, self.ui))), row.h)

    @cached_property
    def out_hand(self) -> dict[int, float]:
        """Distance from the centre to the near edge of each other seat's hand (by position).

        The top hand stands at the top of the window; a side seat's hand just beyond its river's fourth row.
        """
        cx, cy = self.center
        side = {pos: min(self.half(pos) + self.pond_gap + 4 * self.pond_h + self.side_gap,
                         (self.width - cx if pos == 1 else cx) - self.margin - self.opp_h) for pos in (1, 3)}
        return {1: side[1], 2: cy - self.margin - self.opp_h, 3: side[3]}

    @cached_property
    def side_areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The free strips left of the left seat's hand and right of the right seat's hand, from below the
        top hand down to the buttons' row."""
        cx, _ = self.center
        top = 3 * self.margin + self.opp_h
        bottom = self.buttons_rect.top - self.margin
        left_end = int(cx - self.out_hand[3] - self.opp_h - self.margin)
        right_start = int(cx + self.out_hand[1] + self.opp_h + self.margin)
        return (pygame.Rect(self.margin, top, max(0, left_end - self.margin), bottom - top),
                pygame.Rect(right_start, top, max(0, self.width - self.margin - right_start), bottom - top))

    @cached_property
    def right_plate_band(self) -> tuple[int, int]:
        """The rows the right seat's nameplate takes: the foot of the free strip beside its hand (the coach
        and reviews keep the rest of the strip)."""
        bottom = self.side_areas[1].bottom
        return (bottom - 2 * self.opp_h, bottom)

    def free_strip(self, side: int) -> pygame.Rect:
        """A panel's place: the free strip on ``side`` (0 left, 1 right) when it is ``PANEL_MIN_WIDTH`` wide,
        else ``side_panel`` (over the right seat's hand on a narrow window)."""
        strip = self.side_areas[side]
        return strip if strip.w >= PANEL_MIN_WIDTH else self.side_panel

    @cached_property
    def side_panel(self) -> pygame.Rect:
        """Room for a panel (a review): the free strip right of the right seat's hand when it is wide enough,
        else right of that seat's river (over its hand); below the top hand, above the buttons."""
        if self.side_areas[1].w >= PANEL_MIN_WIDTH:
            return self.side_areas[1]
        cx, _ = self.center
        left = int(cx + self.half(1) + self.pond_gap + 3 * self.pond_h + self.margin)
        left = min(left, self.width - self.margin - max(240, self.width // 5))
        top = 3 * self.margin + self.opp_h
        return pygame.Rect(left, top, self.width - self.margin - left, self.buttons_rect.top - self.margin - top)

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
        a0, o0 = self.pond_start(pos)
        along = a0 + col * self.pond_w + sideways_before * (self.pond_h - self.pond_w)
        out = o0 + row * self.pond_h
        w = self.pond_h if sideways else self.pond_w
        h = self.pond_w if sideways else self.pond_h
        return self.rect(pos, along, out + (self.pond_h - h), w, h)


@lru_cache(maxsize=8)
def layout_for(size: tuple[int, int], ui: float = 1.0) -> Layout:
    """The (cached) layout of a window size and UI scale; its figures are computed once."""
    return Layout(size[0], size[1], ui)
