"""What a player sees on the table at a glance: whose turn it is, every seat's points, the points
differences on hover, a table that fills the window, and texts and buttons that follow the UI scale."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from prefs import ENV_DIR
from render.app import App, AppOptions
from render.canvas import replay
from render.layout import PANEL_MIN_WIDTH, Layout, layout_for
from render.scenes import Scene
from render.scenes.settings import SettingsScene
from render.table_view import Board, BoardPainter, turn_seat
from render.tileset import load_tileset
from render.widgets import THEME, recorded_texts, set_ui_scale, ui_scale
from tests.test_board_painter import NAMES, recorded_position

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]


def painted(size: tuple[int, int], board: Board) -> tuple[BoardPainter, pygame.Surface, list[str]]:
    painter, surface = BoardPainter(), pygame.Surface(size)
    with recorded_texts() as texts:
        replay(surface, painter.paint(size, board, load_tileset("classic")))
    return painter, surface, list(texts)


def close(a: tuple[int, ...], b: tuple[int, ...], slack: int = 12) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a, b))


@pytest.mark.parametrize("actions", [20, 41, 60])
def test_the_lit_plate_belongs_to_the_seat_whose_turn_it_is(actions: int) -> None:
    game = recorded_position(240, actions)
    view = game.view(0)
    turn = turn_seat(view)
    assert turn is not None
    assert turn == view.current or (view.last_discard is not None and turn == view.last_discard[0])
    painter, surface, _ = painted((1920, 1080), Board(view, NAMES))
    lit = [seat for seat, rect in painter.seat_plates.items()
           if close(tuple(surface.get_at((rect.x + 3, rect.centery)))[:3], THEME["accent"])]
    assert lit == [turn]
    if turn != 0:
        plate = painter.name_plates[turn]
        assert close(tuple(surface.get_at((plate.x + 2, plate.centery)))[:3], THEME["accent"])


def test_every_seats_points_appear_and_the_differences_show_on_hover() -> None:
    view = recorded_position(240, 60).view(0)
    _, _, texts = painted((1920, 1080), Board(view, NAMES))
    for seat in range(4):
        assert f"{view.scores[seat]:,}" in texts, f"no points for seat {seat}"
    _, _, texts = painted((1920, 1080), Board(view, NAMES, differences=True))
    for seat in (1, 2, 3):
        assert f"{view.scores[seat] - view.scores[0]:+,}" in texts, f"no difference for seat {seat}"


def test_at_1920x1080_the_game_and_the_free_strips_beside_it_span_the_window() -> None:
    size = (1920, 1080)
    view = recorded_position(240, 60).view(0)
    board = Board(view, NAMES)
    painter, _, _ = painted(size, board)
    rects = [r for _, r in painter.hand_rects(size, board, load_tileset("classic"))]
    rects += list(painter.pond_rects.values()) + list(painter.hand_anchor.values())
    span = rects[0].unionall(rects[1:])
    assert span.w >= 0.55 * size[0] and span.h >= 0.85 * size[1], span
    lay = layout_for(size)
    left, right = lay.side_areas
    assert min(left.w, right.w) >= PANEL_MIN_WIDTH, "room beside the side hands for the panels"
    assert left.right <= span.x and right.x >= span.right, "the strips are free of the game"
    assert left.w + span.w + right.w >= 0.93 * size[0], "together they use the width"
    assert lay.hand_h >= 95 and lay.pond_h >= 60, "the tiles are large at full HD"
    assert lay.center_rect.w > lay.center_rect.h, "a wide window widens the centre panel"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_side_hands_stand_in_the_window_clear_of_the_rivers(size: tuple[int, int]) -> None:
    lay = Layout(*size)
    window = pygame.Rect(0, 0, *size)
    for pos in (1, 2, 3):
        band = lay.rect(pos, -7 * lay.opp_w, lay.out_hand[pos], 14 * lay.opp_w, lay.opp_h)
        assert window.contains(band), (pos, band)
        rivers = [lay.pond_slot(pos, i, 1, False) for i in range(24)]  # late in a long hand
        assert not any(band.colliderect(r) for r in rivers), pos


def test_the_ui_scale_grows_the_buttons_and_texts() -> None:
    small, big = Layout(1920, 1080, 0.75), Layout(1920, 1080, 1.5)
    assert big.button_h > small.button_h and big.text_size(0.3) > small.text_size(0.3)
    assert big.hand_h == small.hand_h, "the tiles follow the window, not the UI scale"
    set_ui_scale(3.0)
    assert ui_scale() == 1.5
    set_ui_scale(1.0)


def test_the_ui_scale_is_set_in_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=(1280, 800)))
    try:
        app.push(Scene(app))
        settings = SettingsScene(app)
        app.push(settings)
        assert "ui_scale" in settings.widgets
        settings.change("ui_scale", 125)
        assert app.prefs.ui_scale == 125 and ui_scale() == 1.25
        assert app.top.widgets["ui_scale"].rect.h > 0
    finally:
        app.set_prefs(replace(app.prefs, ui_scale=100))
        app.shutdown()
    assert ui_scale() == 1.0
