"""Presenting only what changed: the window after many partial repaints equals a fresh full repaint."""

from __future__ import annotations

import sys

import pygame
import pytest

from render import app as app_module
from render.app import App, AppOptions
from render.canvas import Canvas, changed_areas, merge_areas, replay
from render.scenes.table import TableScene
from render.setup import GameSetup
from render.table_view import BoardPainter

SIZE = (1024, 640)


@pytest.fixture
def demo(tmp_path, monkeypatch):
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=SIZE, pace=0.25, animations="fast", save_games=False))
    table = TableScene.new(app, GameSetup(seed=240, player_name="Demo AI", demo=True))
    app.push(table)
    yield app, table
    app.shutdown()


def fresh_repaint(table: TableScene, size: tuple[int, int] = SIZE) -> bytes:
    """The whole window painted from scratch for the table's present state (a new board painter)."""
    kept = table.painter
    table.painter = BoardPainter()
    try:
        ops = table.compose()
    finally:
        table.painter = kept
    surface = pygame.Surface(size, 0, pygame.display.get_surface())
    replay(surface, ops)
    return pygame.image.tobytes(surface, "RGB")


def pointer_spots(table: TableScene) -> list[tuple[int, int]]:
    """Where the mouse goes: over hand tiles, pond tiles, the centre's labels and widgets."""
    spots = [r.center for _, r in table.hand_rects()[:3]]
    spots += [r.center for r in list(table.painter.pond_rects.values())[-2:]]
    spots += [h.rect.center for h in table.painter.hits[:2]] + [table.menu_button.rect.center, (5, 5)]
    return spots


def test_partial_repaints_leave_the_window_equal_to_a_full_repaint(demo, monkeypatch):
    app, table = demo
    presented: list[list[pygame.Rect]] = []
    flips = []
    real_update = pygame.display.update

    def update(rects=None):  # type: ignore[no-untyped-def]
        presented.append(list(rects))
        return real_update(rects)
    monkeypatch.setattr(pygame.display, "update", update)
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    discards_seen = 0
    for frame in range(360):
        if frame % 9 == 0:
            spots = pointer_spots(table)
            pos = spots[(frame // 9) % len(spots)]
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
        if app.top is not table:
            break
        if not flips or app.drawing_postponed:
            continue  # a heavy update left its drawing to the next frame: the window shows the state before
        shown = pygame.image.tobytes(app.screen, "RGB")
        assert shown == fresh_repaint(table), f"stale pixels after frame {frame}"
        discards_seen = sum(len(d) for d in table.control.view.discards)
    assert discards_seen >= 4, "the demo should have moved on"
    assert flips, "the first frame is presented whole"
    window = SIZE[0] * SIZE[1]
    small = [rs for rs in presented if sum(r.w * r.h for r in rs) < window // 4]
    assert len(small) >= 10, "moves should be presented as small rectangles"


def test_changed_areas_are_the_operations_that_differ():
    image = pygame.Surface((10, 10))
    other = pygame.Surface((10, 10))
    before, after = Canvas(), Canvas()
    before.blit(image, (0, 0))
    before.rect((1, 2, 3), pygame.Rect(50, 50, 5, 5))
    after.blit(image, (0, 0))
    after.blit(other, (100, 0))
    after.rect((1, 2, 3), pygame.Rect(60, 50, 5, 5))
    areas = sorted(tuple(r) for r in changed_areas(before.ops, after.ops))
    assert areas == [(50, 50, 5, 5), (60, 50, 5, 5), (100, 0, 10, 10)]
    assert changed_areas(before.ops, before.ops) == []


def test_merge_areas_joins_near_rectangles_and_clips_to_the_window():
    bounds = pygame.Rect(0, 0, 200, 100)
    merged = merge_areas([pygame.Rect(0, 0, 10, 10), pygame.Rect(15, 0, 10, 10), pygame.Rect(150, 80, 100, 100)],
                         bounds, gap=10)
    assert sorted(tuple(r) for r in merged) == [(0, 0, 25, 10), (150, 80, 50, 20)]


def test_a_resize_is_drawn_and_presented_whole(demo, monkeypatch):
    app, table = demo
    for _ in range(30):
        app.step(1 / 60)
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: pytest.fail("a resize is presented whole"))
    size = (1280, 800)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.step(1 / 60)
    if app.drawing_postponed:
        app.step(1 / 60)
    assert flips
    assert pygame.image.tobytes(app.screen, "RGB") == fresh_repaint(table, size)


@pytest.mark.parametrize(("platform", "env", "asked"), [
    ("linux", {"DISPLAY": ":0"}, True),
    ("linux", {"DISPLAY": ":0", "SDL_VIDEODRIVER": "x11"}, True),
    ("linux", {"DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"}, False),
    ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, False),
    ("linux", {"DISPLAY": ":0", "SDL_FRAMEBUFFER_ACCELERATION": "1"}, False),
    ("win32", {}, True),
    ("darwin", {}, False),
])
def test_the_window_buffer_of_the_system_is_asked_for_where_sdl_has_one(monkeypatch, platform, env, asked):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_FRAMEBUFFER_ACCELERATION"):
        monkeypatch.setenv(name, "")  # noted, so that whatever the call sets is undone afterwards
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert app_module._direct_framebuffer() is asked


def test_the_players_turn_hover_and_discard_leave_no_stale_pixels(tmp_path, monkeypatch):
    """Tiles lift under the mouse, tooltips come and go, a discard flies: the window stays exact."""
    from tests.client_driver import run_until
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=SIZE, pace=0, animations="fast", save_games=False))
    try:
        table = TableScene.new(app, GameSetup(seed=240))
        app.push(table)
        run_until(app, lambda: table.control.decision is not None and table.control.decision.phase == "turn")

        def check() -> None:
            app.step(1 / 60)
            if not app.drawing_postponed:
                assert pygame.image.tobytes(app.screen, "RGB") == fresh_repaint(table)
        check()
        slots = table.hand_rects()
        for _, rect in [*slots, *reversed(slots[:4])]:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
            check()
        tile = next(t for t, _ in slots if t in table.control.decision.discards)
        before = len(table.control.view.discards[0])
        rect = dict(table.hand_rects())[tile]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
        check()
        for _ in range(40):
            check()
        run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
        check()
    finally:
        app.shutdown()
