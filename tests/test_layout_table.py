"""The table's geometry holds together at every supported window size."""

from __future__ import annotations

import pygame
import pytest

from render.canvas import replay
from render.layout import Layout, relative
from render.table_view import Board, BoardPainter
from render.tileset import load_tileset
from render.widgets import recorded_places
from tests.test_board_painter import NAMES, plain, recorded_position

SIZES = [(1024, 640), (1280, 720), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
LATE = 24
"""Discards of every seat late in a long hand (a seat that calls can reach twenty and more)."""


def late_in_a_hand(riichi: tuple[bool, ...] = (True, True, True, True)) -> object:
    """A position late in a hand: ``LATE`` discards in every river, each with its riichi tile sideways (in
    a different row for each seat), two melds at each seat (one an added kan) and each seat's hand."""
    view = plain(recorded_position(240, 60).view(0))
    view.discards = [[{"tile": (seat * 31 + i * 5) % 136, "riichi": riichi[seat] and i == 4 + 6 * seat}
                      for i in range(LATE)] for seat in range(4)]
    view.riichi = list(riichi)
    view.melds = [({"type": "pon", "tiles": [0, 1, 2], "called": 0, "from_seat": (seat + 1) % 4, "added": None},
                   {"type": "shouminkan", "tiles": [8, 9, 10, 11], "called": 8, "from_seat": (seat + 2) % 4,
                    "added": 11}) for seat in range(4)]
    view.hand_sizes = (7, 7, 7, 8)
    view.hand = view.hand[:7] if view.drawn is None else [*view.hand[:7], view.drawn]
    return view


def painted_late(size: tuple[int, int], view: object) -> BoardPainter:
    painter, surface = BoardPainter(), pygame.Surface(size)
    replay(surface, painter.paint(size, Board(view, NAMES), load_tileset("classic")))
    painter.surface = surface  # type: ignore[attr-defined]
    return painter


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_late_in_a_hand_every_river_is_clear_of_the_hands_melds_plates_and_centre(size):
    lay = Layout(*size)
    view = late_in_a_hand()
    painter = painted_late(size, view)
    window = pygame.Rect(0, 0, *size)
    ponds = {seat: [r for (s, _), r in painter.pond_rects.items() if s == seat] for seat in range(4)}
    assert all(len(rects) == LATE for rects in ponds.values())
    own_hand = [r for _, r in painter.hand_rects(size, Board(view, NAMES), load_tileset("classic"))]
    others = {"centre": [lay.center_rect], "own hand": own_hand, "own plate": [lay.plate_rect],
              "sticks": list(painter.riichi_sticks.values()), "hands": list(painter.hand_anchor.values()),
              "melds": [r for rects in painter.meld_rects.values() for r in rects],
              "nameplates": list(painter.name_plates.values())}
    for seat, rects in ponds.items():
        for r in rects:
            assert window.contains(r), (seat, r)
            for name, things in others.items():
                assert not any(r.colliderect(t) for t in things), (seat, r, name)
            for other in range(seat + 1, 4):
                assert not any(r.colliderect(q) for q in ponds[other]), (seat, other, r)
    assert not any(r.colliderect(lay.buttons_rect) for r in ponds[0])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ui", [1.0, 1.5])
def test_the_centre_panels_words_and_dora_stay_inside_its_wall(size, ui):
    view = late_in_a_hand()
    view.honba, view.sticks = 12, 10  # the widest counters a long game shows
    painter, surface = BoardPainter(), pygame.Surface(size)
    with recorded_places() as found:
        replay(surface, painter.paint(size, Board(view, NAMES, ui=ui), load_tileset("classic")))
    box = Layout(*size, ui).center_rect
    ring = painter.wall_rows[0].unionall(painter.wall_rows[1:])
    inside = [(s, r) for s, r in found if s.strip() and box.contains(r) and ring.colliderect(r)]
    assert {s for s, _ in inside} >= {"Honba 12", "Riichi 10", f"Wall {view.live_left}"}
    for s, r in inside + [("dora", r) for r in painter.dora_rects]:
        assert ring.contains(r) and not any(r.colliderect(row) for row in painter.wall_rows), (s, r)


def test_discards_are_large_enough_to_read_across_the_table_at_1280x720():
    lay = Layout(1280, 720)
    assert (lay.pond_w, lay.pond_h) >= (36, 49)  # 33 x 44 before
    assert lay.pond_h >= 0.7 * lay.hand_h and min(r.w for r in lay.side_areas) >= 240


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_riichi_stick_lies_in_front_of_each_declarer_and_of_no_one_else(size):
    lay = Layout(*size)
    riichi = (True, False, True, False)
    painter = painted_late(size, late_in_a_hand(riichi))
    surface = painter.surface  # type: ignore[attr-defined]
    assert set(painter.riichi_sticks) == {0, 2}
    for seat in range(4):
        pos = relative(seat, 0)
        spot = lay.stick_rect(pos)
        assert not spot.colliderect(lay.center_rect) and spot.w * spot.h > 0
        river = [r for (s, _), r in painter.pond_rects.items() if s == seat]
        assert not any(spot.colliderect(r) for r in river)
        middle = surface.get_at(spot.center)[:3]
        ends = [surface.get_at(p)[:3] for p in ((spot.x + spot.w // 5, spot.centery), (spot.centerx, spot.y + spot.h // 5))]
        if riichi[seat]:
            assert middle[0] > 150 and middle[1] < 90, middle  # the red dot of a 1,000-point stick
            assert any(min(c) > 200 for c in ends), ends  # on a white stick
            assert (spot.w > spot.h) == (pos in (0, 2)), "turned to the seat's side"
        else:
            assert max(middle) < 120 and all(max(c) < 120 for c in ends), "only felt"


@pytest.mark.parametrize("size", SIZES)
def test_everything_fits_inside_the_window(size):
    lay = Layout(*size)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(lay.center_rect)
    assert window.contains(lay.buttons_rect)
    assert lay.hand_y + lay.hand_h + lay.reorder_h <= size[1]
    # 14 tiles plus four melds fit on the bottom row
    assert lay.hand_x + 15 * lay.hand_w + 4 * (2 * lay.meld_h * 0.75 + lay.meld_h) <= size[0]
    for pos in range(4):
        for index in range(LATE):  # every pond late in a hand
            slot = lay.pond_slot(pos, index, 1, False)
            assert window.contains(slot), (pos, index, slot)
            assert not slot.colliderect(lay.center_rect)
        assert not lay.pond_slot(0, LATE - 1, 1, False).colliderect(lay.buttons_rect)


@pytest.mark.parametrize("size", SIZES)
def test_ponds_of_different_seats_do_not_overlap(size):
    lay = Layout(*size)
    rects = [[lay.pond_slot(pos, i, 1, False) for i in range(LATE)] for pos in range(4)]
    for a in range(4):
        for b in range(a + 1, 4):
            assert not any(ra.colliderect(rb) for ra in rects[a] for rb in rects[b]), (a, b)


def test_tiles_grow_with_the_window():
    small, big = Layout(1024, 640), Layout(2560, 1440)
    assert big.hand_h > small.hand_h * 2
    assert big.pond_h > small.pond_h * 2


def test_a_sideways_tile_widens_its_row():
    lay = Layout(1280, 800)
    upright = lay.pond_slot(0, 1, 0, False)
    after_side = lay.pond_slot(0, 1, 1, False)
    assert after_side.x - upright.x == lay.pond_h - lay.pond_w
    side = lay.pond_slot(0, 0, 0, True)
    assert (side.w, side.h) == (lay.pond_h, lay.pond_w)


def test_relative_positions():
    assert [relative(s, 0) for s in range(4)] == [0, 1, 2, 3]
    assert [relative(s, 2) for s in range(4)] == [2, 3, 0, 1]
