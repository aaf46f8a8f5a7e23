"""The table's geometry holds together at every supported window size."""

from __future__ import annotations

import pygame
import pytest

from render.layout import Layout, relative

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]


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
        for index in range(18):  # three full rows of every pond
            slot = lay.pond_slot(pos, index, 1, False)
            assert window.contains(slot), (pos, index, slot)
            assert not slot.colliderect(lay.center_rect)
        assert not lay.pond_slot(0, 17, 1, False).colliderect(lay.buttons_rect)


@pytest.mark.parametrize("size", SIZES)
def test_ponds_of_different_seats_do_not_overlap(size):
    lay = Layout(*size)
    rects = [[lay.pond_slot(pos, i, 0, False) for i in range(18)] for pos in range(4)]
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
