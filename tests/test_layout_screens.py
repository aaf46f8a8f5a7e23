"""One layout that scales: every screen drawn at 1280x720, 1920x1080 and 2560x1440 (and at 150% UI
scale) keeps each text inside the window, no two texts on top of each other, and its content
spread over the window rather than a block in a corner. The check reads where the painter put
each text (``recorded_places``), as a player would see it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ai import make_player
from render.app import App, AppOptions
from render.i18n import set_language, tr
from render.scenes.result import ResultScene
from render.scenes.stats import figure_lines
from render.setup import GameSetup
from render.widgets import recorded_places, set_ui_scale
from tests.client_driver import play_as, run_until

SIZES = ((1280, 720), (1920, 1080), (2560, 1440))
SEED = 21
EMPTY_BAND = 0.3
"""A screen leaves no band emptier than this share of the window's height between its texts."""


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    apps: list[App] = []

    def make(size: tuple[int, int], ui: int = 100) -> App:
        app = App(AppOptions(size=size, pace=0, animations="off", save_games=False))
        if ui != 100:
            app.set_prefs(app.prefs.with_changes(ui_scale=ui))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    set_ui_scale(1.0)  # the scale is the widgets' own setting: the next tests start from 100%


def placed(app: App) -> list[tuple[str, pygame.Rect]]:
    """The texts the top screen draws (itself only, not what shows through from beneath) and where."""
    scene = app.top
    if isinstance(scene, ResultScene):
        scene.cache = None
        scene.reveal_all()
    painter = getattr(scene, "painter", None)
    if painter is not None:
        painter.key = None  # the board's kept layer is drawn anew, its texts with it
    with recorded_places() as found:
        scene.draw(app.screen)
    return [(s, r) for s, r in found if s.strip()]


def problems(name: str, app: App, texts: list[tuple[str, pygame.Rect]], spread: float, bands: bool) -> list[str]:
    """What a player would see wrong: a text cut by the window's edge, two texts over each other, the
    content bunched up (its texts spanning less than ``spread`` of the window's width or height), texts too
    small for the window, and (``bands``: a screen of words, not of tiles) a wide empty band across it."""
    window = pygame.Rect((0, 0), app.size)
    found = [f"{name}: {s!r} cut at {tuple(r)}" for s, r in texts if not window.contains(r)]
    for i, (s, r) in enumerate(texts):
        for t, q in texts[i + 1:]:
            inner, other = r.inflate(-4, -4), q.inflate(-4, -4)
            if inner.colliderect(other) and (s, tuple(r)) != (t, tuple(q)):
                found.append(f"{name}: {s!r} {tuple(r)} over {t!r} {tuple(q)}")
    if texts and spread:
        span = texts[0][1].unionall([r for _, r in texts[1:]])
        if span.w < spread * window.w or span.h < spread * window.h:
            found.append(f"{name}: the content spans only {tuple(span)} of {app.size}")
        heights = sorted(r.h for _, r in texts)
        if heights[len(heights) // 2] < window.h / 50:
            found.append(f"{name}: most texts are {heights[len(heights) // 2]} px high on a {window.h} px window")
        rows = sorted((r.top, r.bottom) for _, r in texts)
        reach = rows[0][1]
        for top, bottom in rows[1:] if bands else ():
            if top - reach > EMPTY_BAND * window.h:
                found.append(f"{name}: nothing from y={reach} to y={top} of {window.h}")
            reach = max(reach, bottom)
    return found


def play_one(app: App, table: Any, brain: Any) -> bool:
    """The player's next choice, as the AI would make it; False once the hand's result shows."""
    run_until(app, lambda: table.control.decision is not None or isinstance(app.top, ResultScene), 60)
    if isinstance(app.top, ResultScene):
        return False
    play_as(table, brain)
    app.step(1 / 60)
    return True


def every_screen(app: App) -> list[tuple[str, Any]]:
    """Open each screen in turn; returns (name, list of problems) for each."""
    report: list[tuple[str, Any]] = []

    def check(name: str, spread: float = 0.6, bands: bool = True) -> None:
        app.step(1 / 60)
        report.append((name, problems(name, app, placed(app), spread, bands)))

    app.push(app.build("title"))
    check("title", 0.3)
    new_game = app.open("new_game", lambda setup: None, 1)
    check("new game")
    new_game.toggle_advanced()
    check("new game, advanced")
    app.pop()
    app.open("settings")
    check("settings")
    app.pop()
    app.open("help")
    check("help")
    app.pop()
    practice = app.open("practice", None, 5)
    practice.choose_drill("defence")
    practice.wait_problem()
    check("practice", bands=False)  # tiles fill the rows between its words
    app.pop()
    table = app.build("table", GameSetup(seed=SEED, player_name="Ayaka",
                                         rules=GameSetup().rules.with_options(game_length="single")))
    app.clear_to(table)
    brain = make_player("normal", SEED, 0)
    turns = 0
    while turns < 8 and play_one(app, table, brain):  # the player's seat plays as the AI would: mid-game
        turns += 1
    if app.top is table:
        table.control.message = ""  # the table's passing announcements are overlays
        table.banners.clear()
        check("table", bands=False)
        app.open("menu")
        check("pause menu", 0.0)  # a small panel over the table: nothing cut or covered is asked of it
        app.pop()
    while play_one(app, table, brain):
        pass
    check("result", 0.4)
    return report


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fills_the_window_with_nothing_cut_or_covered(make_app, size: tuple[int, int]) -> None:
    report = every_screen(make_app(size))
    wrong = [p for _, found in report for p in found]
    assert not wrong, "\n".join(wrong[:20])


def test_the_ui_scale_enlarges_the_texts_and_nothing_is_cut_or_covered(make_app) -> None:
    report = every_screen(make_app((1920, 1080), 150))
    wrong = [p for _, found in report for p in found]
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("lang", ["en", "it", "ja"])
def test_settings_at_1280x720_and_150_percent_fit_whole_in_larger_type(tmp_path, monkeypatch, lang: str) -> None:
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    heights = {}
    for ui in (100, 150):
        app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False, language=lang))
        try:
            app.set_prefs(app.prefs.with_changes(ui_scale=ui))
            settings = app.open("settings")
            app.step(1 / 60)
            texts = placed(app)
            assert not problems(f"settings at {ui}%", app, texts, 0.6, True)
            labels = {tr(widget.label) for widget in settings.widgets.values() if getattr(widget, "label", "")}
            shown = {s for s, _ in texts}
            assert labels <= shown, f"settings not on the page at {ui}%: {labels - shown}"  # no scrolling needed
            heights[ui] = sorted(r.h for s, r in texts if s in labels)[len(labels) // 2]
        finally:
            app.shutdown()
            set_ui_scale(1.0)
            set_language("en")
    assert heights[150] >= 1.2 * heights[100], heights


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_statistics_panel_draws_its_labels_at_one_size(tmp_path, monkeypatch, lang: str) -> None:
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False, language=lang))
    try:
        scene = app.open("stats")
        scene.wait_loaded()  # the figures are read off the screen thread
        app.step(1 / 60)
        labels = {label for label, _ in figure_lines(scene.figures)}
        with recorded_places() as found:
            scene.draw(app.screen)
        heights = {r.h for s, r in found if s in labels and scene.figures_rect.contains(r)}
        assert len(heights) == 1, f"the labels of one panel in {len(heights)} sizes"
    finally:
        app.shutdown()
        set_language("en")
