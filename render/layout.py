"""Where everything sits on the table, computed from the window size (and the UI scale) alone.

Seats are placed by their position relative to the player: 0 bottom (the player), 1 right,
2 across (top), 3 left. Each position has a frame: ``along`` runs from that seat's left to
its right, ``out`` from the table's centre towards that seat. ``Layout.rect`` turns a box in
a seat's frame into a screen rectangle, so ponds, hands and melds of all four seats share one
piece of placement code.

The height of the window sets the tiles of the middle (three rows of discards above and below a
centre panel fill it from the top hand down to the buttons), and on a wide window so does the
room across (the side seats' four rows, their hands and a free strip beside each for the panels);
the width sets the player's hand. A river keeps rows of six; from its nineteenth tile on (rarely
reached, late in a hand) the tiles go where the table has room: along the third row for the
seats above and below (the corners beside it are free), a fourth row for the seats beside. The
rivers turn around the centre panel like a pinwheel, each starting at its seat's left, so the
panel need not be as tall as a river is long. Between the panel and each river lies a band that
holds the seat's riichi stick.
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
GAP_SHARE = 0.22
"""The band between the centre panel and a river (holding the riichi stick), in river-tile heights."""
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
    def middle_top(self) -> int:
        """The top of the table's middle: below the top seat's hand and the added kan tile that may lie on
        its melds, towards the middle."""
        return 2 * self.margin + self.opp_h + max(0, 2 * self.opp_w - self.opp_h - self.margin + 2)

    @cached_property
    def middle_h(self) -> int:
        """The height between the top seat's hand and the buttons' row: the rivers and the centre panel."""
        return self.buttons_rect.top - self.margin - self.middle_top

    @cached_property
    def pond_h(self) -> int:
        """River tiles: as large as three rows above and below the least centre panel fit in the middle's
        height (``middle_h``), and (on a wide window) as leave a free strip of ``PANEL_MIN_WIDTH`` beside
        each side seat's hand; never larger than most of the player's own tiles."""
        tall = max(20, int(self.hand_h * 0.8))
        while tall > 20 and 2 * (self.least_half(tall) + self.gap_for(tall) + 3 * tall) > self.middle_h:
            tall -= 1
        h = tall
        while h > 20 and self.across(h) > self.width / 2 - self.margin - PANEL_MIN_WIDTH:
            h -= 1
        if h < 0.85 * tall:  # a narrow window: the panels go over the side hands instead
            h = tall
            while h > 20 and self.across(h) > self.width / 2 - self.margin:
                h -= 1
        return h

    def across(self, h: int) -> float:
        """From the table's middle to the outer edge of a side seat's hand, with river tiles ``h`` high:
        the least centre panel's half, the stick's band, four rows, the felt before the hand, the hand."""
        return self.least_half(h) + self.gap_for(h) + 4 * h + self.side_gap_for(h) + self.opp_h + self.margin

    @staticmethod
    def gap_for(h: int) -> int:
        """The band between the centre panel and a river (the riichi stick lies in it)."""
        return max(5, int(h * GAP_SHARE))

    def least_half(self, h: int) -> int:
        """The centre panel's least half-width and half-height for river tiles ``h`` high: with the stick's
        band, three tiles' width, so that each river's first rows clear the next seat's (each river starts
        at its seat's left and only its other end grows, by a sideways riichi tile)."""
        return 3 * int(h * TILE_ASPECT) - self.gap_for(h) + 1

    def side_gap_for(self, h: int) -> int:
        """Felt between a side seat's fourth river row and its hand: room for an added kan's tile, which
        lies on the called one, towards the middle."""
        return max(h // 3, self.margin * 2, 2 * self.opp_w - self.opp_h + self.margin // 2)

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
        """Height of the panel in the middle (round, sticks, wall, dora, scores): what the middle leaves
        beside three river rows above and below it, at most six river tiles and a bit, and never taller
        than it may be wide (``center_room``)."""
        left = self.middle_h - 2 * (self.pond_gap + 3 * self.pond_h)
        tallest = min(left, 6 * self.pond_w + self.pond_h * 0.9, self.center_room)
        return int(max(2 * self.least_half(self.pond_h), tallest))

    @cached_property
    def center_room(self) -> int:
        """The widest the centre panel may be: the side seats' rivers and hands inside the window and, when
        there is room for them, the free strips beside them."""
        strips = self.across(self.pond_h) <= self.width / 2 - self.margin - PANEL_MIN_WIDTH
        room = self.width / 2 - self.margin - (PANEL_MIN_WIDTH if strips else 0) \
            - (self.across(self.pond_h) - self.least_half(self.pond_h))
        return int(2 * room)

    @cached_property
    def center_width(self) -> int:
        """Width of the centre panel: wider on a wide window (up to ``CENTER_ASPECT``) when there is room."""
        least = 2 * self.least_half(self.pond_h)
        return int(max(least, min(self.center_side * CENTER_ASPECT, self.center_room)))

    @cached_property
    def center(self) -> tuple[int, int]:
        """Middle of the table: centred across; vertically between the top hand and the buttons."""
        return (self.width // 2, (self.middle_top + self.buttons_rect.top - self.margin) // 2)

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
        """The band between the centre panel and each river, which holds the seat's riichi stick."""
        return self.gap_for(self.pond_h)

    def pond_start(self, pos: int) -> tuple[float, float]:
        """(along, out) of the first river tile's corner in the frame of position ``pos``."""
        return (-3 * self.pond_w, self.half(pos) + self.pond_gap)

    def stick_rect(self, pos: int) -> pygame.Rect:
        """Where the riichi stick of the seat at ``pos`` lies: in the band between the centre panel and its
        river, across the river's middle, turned to the seat's side."""
        thick = max(4, self.pond_gap - 3)
        length = int(min(4 * self.pond_w, 2 * self.half((pos + 1) % 4) - 2 * self.margin))
        return self.rect(pos, -length / 2, self.half(pos) + (self.pond_gap - thick) / 2, length, thick)

    @cached_property
    def side_gap(self) -> int:
        """Felt between a side seat's four river rows and its hand (see ``side_gap_for``)."""
        return self.side_gap_for(self.pond_h)

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

    @staticmethod
    def pond_place(pos: int, index: int) -> tuple[int, int]:
        """(row, column) of discard number ``index`` in the river of position ``pos``: rows of six; the
        tiles after the eighteenth go on along the third row above and below the centre panel, on a
        fourth row beside it."""
        last = 2 if pos in (0, 2) else 3
        row, col = divmod(index, 6)
        if row > last:
            row, col = last, index - 6 * last
        return row, col

    def pond_slot(self, pos: int, index: int, sideways_before: int, sideways: bool) -> pygame.Rect:
        """Rect of discard number ``index`` (see ``pond_place``); ``sideways_before``: sideways tiles
        earlier in its row, each widening it."""
        row, col = self.pond_place(pos, index)
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
