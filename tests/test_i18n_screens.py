"""Every main screen in every language, at 1280x720 and 2560x1440: no glyph missing from the
font that draws it, no widget label wider than its box, and the words are the language's own."""

from __future__ import annotations

import gettext
import json
from typing import Any

import pygame
import pytest

from prefs import LANGUAGES
from render.app import App, AppOptions
from render.i18n import catalogue_dir, set_language, tr
from render.scenes.result import ResultScene
from render.setup import GameSetup
from render.widgets import (Button, Checkbox, Choice, Slider, TextField, Widget, covers, fitted_size, font_for,
                            recorded_texts, text_width)
from tests.client_driver import click, run_until

SIZES = ((1280, 720), (1920, 1080), (2560, 1440))
SEED = 21


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    apps: list[App] = []

    def make(size: tuple[int, int], lang: str) -> App:
        app = App(AppOptions(size=size, pace=0, animations="off", language=lang, save_games=False))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    set_language("en")


def widgets_of(scene: Any) -> list[Widget]:
    """The widgets a screen shows, wherever it keeps them."""
    found: list[Widget] = []
    for name in ("buttons", "widgets", "back", "button", "save_button", "riichi_button", "tabs", "levels", "check",
                 "next"):
        value = getattr(scene, name, None)
        if isinstance(value, dict):
            found += list(value.values())
        elif isinstance(value, list):
            found += value
        elif isinstance(value, Widget):
            found.append(value)
    return [w for w in found if isinstance(w, Widget)]


def clipped(widget: Widget) -> str | None:
    """The label of ``widget`` if even shrunk it does not fit its box, else None."""
    size = widget._font_size()
    if isinstance(widget, Button):
        words, room, bold = tr(widget.label), widget.rect.w - 8 - (widget.icon.get_width() + 6 if widget.icon else 0), True
    elif isinstance(widget, Checkbox):
        side = widget.side()
        words, room, bold = tr(widget.label), widget.rect.w - side - 10, False
    elif isinstance(widget, Choice):
        shown = tr(widget.options[widget.index][1])
        box_room = widget.rect.w - widget.label_width - 2 * (12 + text_width(">", size))
        if text_width(shown, fitted_size(shown, size, box_room, True), True) > box_room:
            return shown
        words, room, bold = tr(widget.label), widget.label_width - 8, False
    elif isinstance(widget, (Slider, TextField)):
        words, room, bold = tr(widget.label), widget.label_width - 8, False
    else:
        return None
    return words if text_width(words, fitted_size(words, size, room, bold), bold) > room else None


def check_screen(app: App, lang: str) -> list[str]:
    """Draw the top screen; return its texts after checking glyphs and widget boxes."""
    scene = app.top
    if isinstance(scene, ResultScene):
        scene.cache = None
    with recorded_texts() as texts:
        scene.draw(app.screen)
    missing = [t for t in texts if not covers(font_for(t, 20), t)]
    assert not missing, f"{lang} {type(scene).__name__}: no glyph for {missing[:5]}"
    over = [w for w in (clipped(w) for w in widgets_of(scene)) if w]
    assert not over, f"{lang} {type(scene).__name__} at {app.size}: clipped {over}"
    return texts


TITLES = {"en": ("New game", "Settings", "How to play", "Paused", "Payments"),
          "ja": ("新しい対局", "設定", "遊び方", "一時停止", "支払い"),
          "zh_CN": ("新对局", "设置", "玩法", "暂停", "支付"),
          "ko": ("새 대국", "설정", "하는 법", "일시 정지", "지불"),
          "it": ("Nuova partita", "Impostazioni", "Come si gioca", "In pausa", "Pagamenti")}
"""What each screen says first, in each language: the proof the screen is in that language."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_in_every_language(make_app, lang: str, size: tuple[int, int]) -> None:
    app = make_app(size, lang)
    new_game, settings, help_title, paused, payments = TITLES[lang]
    app.push(app.build("title"))
    app.step(1 / 60)
    assert tr("New game") in [tr(b.label) for b in app.top.buttons]
    check_screen(app, lang)
    app.open("new_game", lambda setup: None, 1)
    assert new_game in check_screen(app, lang)
    app.pop()
    app.open("settings")
    assert settings in check_screen(app, lang)
    app.pop()
    app.open("help")
    assert help_title in check_screen(app, lang)
    app.pop()
    for drill in ("defence", "scoring"):  # the tallest problem and the widest rows of buttons
        practice = app.open("practice", None, 5)
        practice.choose_drill(drill)
        practice.wait_problem()
        assert tr("Practice") in check_screen(app, lang)
        app.pop()
    app.clear_to(app.build("table", GameSetup(seed=SEED, player_name="Ayaka", demo=True,
                                              rules=GameSetup().rules.with_options(game_length="single"))))
    run_until(app, lambda: app.top.control.view is not None, 60)
    check_screen(app, lang)
    app.open("menu")
    assert paused in check_screen(app, lang)
    app.pop()
    run_until(app, lambda: isinstance(app.top, ResultScene), 120)
    assert payments in check_screen(app, lang)


def test_the_language_changes_in_settings_at_once_and_is_saved(make_app, tmp_path) -> None:
    app = make_app((1280, 720), None)
    app.push(app.build("title"))
    settings = app.open("settings")
    with recorded_texts() as before:
        settings.draw(app.screen)
    assert "Settings" in before and "Language" in before
    for _ in range(2):  # system, en, ja: a click steps to the next (the screen is laid out anew)
        click(app, app.top.widgets["language"].rect.center)
    assert app.prefs.language == "ja"
    settings = app.top
    with recorded_texts() as after:
        settings.draw(app.screen)
    assert "設定" in after and "言語" in after and "日本語" in after and "Settings" not in after
    app.pop()
    with recorded_texts() as title:
        app.top.draw(app.screen)
    assert "新しい対局" in title
    assert json.loads((tmp_path / "config" / "prefs.json").read_text(encoding="utf-8"))["language"] == "ja"


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_translated_message_has_its_glyphs(make_app, lang: str) -> None:
    """Not only what the main screens show: tooltips, reasons and rare messages too. A catalogue
    that gains a character its font subset lacks (``assets/make_cjk_fonts.py`` not run again)
    would draw an empty box."""
    make_app((1280, 720), lang)
    catalogue = gettext.translation("kawa", catalogue_dir(), languages=[lang])
    texts = [s for key, s in catalogue._catalog.items() if key and isinstance(s, str)]  # type: ignore[attr-defined]
    assert len(texts) > 300
    missing = {ch for s in texts for line in s.splitlines() for ch in line
               if not covers(font_for(line, 20), ch)}
    assert not missing, f"{lang}: no glyph for {''.join(sorted(missing))}"
