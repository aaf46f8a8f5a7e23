"""The settings screen, driven through the real App by posted pygame events."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

pygame = pytest.importorskip("pygame")

from prefs import DEFAULTS, ENV_DIR, SPECS, load_prefs  # noqa: E402
from render.app import App, AppOptions  # noqa: E402
from render.scenes import Scene  # noqa: E402
from render.scenes.settings import RON_WARNING, SECTIONS, WINDOW_ROW, SettingsScene  # noqa: E402


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))  # the app's saved games
    return tmp_path / "prefs.json"


@pytest.fixture
def app(config: Path) -> Iterator[App]:
    app = App(AppOptions(size=(1280, 800)))
    app.push(Scene(app))  # the caller the settings screen returns to
    app.push(SettingsScene(app))
    app.step(0.0)
    yield app
    app.shutdown()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(1 / 60)


def saved(config: Path) -> dict:
    return json.loads(config.read_text(encoding="utf-8"))


def scene(app: App) -> SettingsScene:
    assert isinstance(app.top, SettingsScene)
    return app.top


def test_every_preference_is_on_the_screen_once() -> None:
    rows = [name for _, names in SECTIONS for name in names]
    assert len(rows) == len(set(rows))
    shown = (set(rows) - {WINDOW_ROW}) | {"window_width", "window_height"}
    assert shown == set(SPECS)


def test_clicking_a_check_box_saves_at_once(app: App, config: Path) -> None:
    assert not config.exists()
    box = scene(app).widgets["confirm_discard"].rect
    click(app, (box.x + 10, box.centery))
    assert app.prefs.confirm_discard is True
    assert saved(config)["confirm_discard"] is True
    click(app, (box.x + 10, box.centery))
    assert saved(config)["confirm_discard"] is False
    assert "saved" in scene(app).status


def test_choice_cycles_and_saves(app: App, config: Path) -> None:
    rect = scene(app).widgets["tile_set"].rect
    click(app, (rect.right - 20, rect.centery))
    assert saved(config)["tile_set"] == "annotated"
    click(app, (rect.right - 20, rect.centery), button=3)
    assert saved(config)["tile_set"] == "classic"


def test_volume_slider_saves_a_whole_number(app: App, config: Path) -> None:
    slider = scene(app).widgets["volume"]
    bar = slider._bar()
    click(app, (bar.x, bar.centery))
    assert saved(config)["volume"] == 0
    click(app, (bar.right - 1, bar.centery))
    assert saved(config)["volume"] == 100


def test_name_typed_and_an_empty_name_refused(app: App, config: Path) -> None:
    field = scene(app).widgets["player_name"]
    click(app, (field.rect.right - 10, field.rect.centery))
    for _ in range(len(DEFAULTS.player_name)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="", scancode=0))
    app.step(1 / 60)
    assert "1 to 20" in scene(app).status and scene(app).status_is_error
    assert app.prefs.player_name == "P"  # the last valid name stays in force
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Mika"))
    app.step(1 / 60)
    assert saved(config)["player_name"] == "Mika"


def test_ron_warning_drawn_and_loud_when_on(app: App) -> None:
    settings = scene(app)
    box = settings.widgets["auto_pass_ron"].rect
    strip = pygame.Rect(box.centerx, box.y, box.right - box.centerx, box.h)
    quiet = app.screen.subsurface(strip).copy()
    click(app, (box.x + 10, box.centery))
    assert app.prefs.auto_pass_ron
    loud = app.screen.subsurface(strip).copy()
    red = pygame.transform.average_color(loud)[0] - pygame.transform.average_color(quiet)[0]
    assert red > 0 and RON_WARNING.startswith("You will never win")


def test_restore_defaults_and_escape(app: App, config: Path) -> None:
    settings = scene(app)
    app.set_prefs(app.prefs.with_changes(volume=5, animations="off", player_name="Mika"))
    restore = settings.buttons[1]
    click(app, restore.rect.center)
    prefs, messages = load_prefs(config)
    assert messages == [] and prefs == DEFAULTS.with_changes(player_name="Mika")
    assert settings.widgets["volume"].value == DEFAULTS.volume
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                         scancode=0))
    app.step(1 / 60)
    assert not isinstance(app.top, SettingsScene)


def test_failed_save_is_shown_and_the_screen_goes_on(config: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    monkeypatch.setenv(ENV_DIR, str(blocker / "Kawa"))  # a folder that cannot be made
    app = App(AppOptions(size=(1024, 640)))
    try:
        app.push(SettingsScene(app))
        app.step(0.0)
        box = scene(app).widgets["sounds"].rect
        click(app, (box.x + 10, box.centery))
        assert app.prefs.sounds is False
        assert scene(app).status_is_error and scene(app).status.startswith("Not saved")
    finally:
        app.shutdown()


def test_layout_follows_a_small_window(app: App) -> None:
    settings = scene(app)
    settings.resized((640, 480))
    rects = [w.rect for w in settings.widgets.values()]
    assert all(r.bottom <= 480 - 80 and r.right <= 640 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_the_tile_set_row_previews_the_chosen_set(app: App) -> None:
    settings = scene(app)
    rects = settings.preview_rects()
    row = settings.widgets["tile_set"].rect
    box_left = row.x + row.w * 11 // 20  # where the choice box starts
    assert len(rects) == 5 and all(row.contains(r) and r.right <= box_left for r in rects)

    def shown() -> bytes:
        app.step(0.0)
        settings.draw(app.screen)
        return b"".join(pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in rects)

    classic = shown()
    settings.change("tile_set", "abstract")
    assert app.prefs.tile_set == "abstract" and shown() != classic
