"""The help as short pages: page buttons, Left/Right, scroll limits, the furiten picture, the way to the yaku book."""

from __future__ import annotations

import pygame
import pytest

from game.hand.shanten import waits
from game.tiles import counts_of, kind_name, parse_kinds

from render.i18n import tr
from render.input import INTENTS, POINTER_INTENTS
from render.scenes.help import FURITEN_EXAMPLE, HELP_PAGES, HelpScene, key_lines
from render.scenes.yaku_book import YakuBookScene
from render.widgets import recorded_texts
from tests.client_driver import click, open_app, press


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (800, 600))
    yield a
    a.shutdown()


def _texts(app) -> list[str]:
    with recorded_texts() as seen:
        app.top.draw(app.screen)
    return seen


def test_the_pages_cover_turn_calls_riichi_furiten_scoring_options_and_keys():
    tabs = [page.tab for page in HELP_PAGES]
    assert tabs == ["A turn", "Calls", "Riichi", "Furiten", "Scoring", "The table", "Keys"]
    assert [page.picture for page in HELP_PAGES].count("furiten") == 1


def test_page_buttons_and_keys_turn_pages_and_stop_at_the_ends(app):
    scene = app.open("help")
    app.step(1 / 60)
    assert "How a turn works" in _texts(app) and "Page 1 of 7" in _texts(app)
    press(app, pygame.K_LEFT)
    assert scene.page == 0 and not scene.previous.enabled
    click(app, scene.next.rect.center)
    assert scene.page == 1 and "Calls: taking a discard" in _texts(app)
    click(app, scene.tabs[4].rect.center)
    assert scene.page == 4 and "Scoring" in _texts(app)
    for _ in range(5):
        press(app, pygame.K_RIGHT)
    assert scene.page == 6 and not scene.next.enabled
    shown = _texts(app)
    assert shown[shown.index("Keys and mouse:") + 1] == key_lines()[0]


def test_scrolling_stops_with_the_last_line_on_screen(app):
    scene = app.open("help")
    scene.show(6)  # the keys: longer than the window at 800x600
    app.step(1 / 60)
    assert scene.last_scroll() > 0
    assert "More below: scroll or press Down" in " ".join(_texts(app))
    for _ in range(40):
        press(app, pygame.K_DOWN)
    assert scene.scroll == scene.last_scroll()
    shown = _texts(app)
    assert key_lines()[-1] in shown, "the last line is reached"
    assert len([t for t in shown if ": " in t]) >= 6, "the page is not scrolled into emptiness"
    assert not any("More below" in t for t in shown)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    app.step(1 / 60)
    assert scene.scroll == scene.last_scroll()
    press(app, pygame.K_LEFT)
    press(app, pygame.K_DOWN)
    assert scene.page == 5 and scene.scroll == scene.last_scroll() == 0, "a page that fits does not scroll"
    assert len(key_lines()) == len(INTENTS) + len(POINTER_INTENTS)


def test_the_furiten_page_draws_the_hand_and_the_discard_that_makes_it_furiten(app, monkeypatch):
    scene = app.open("help")
    drawn: list[int] = []
    real_face = scene.tileset.face
    monkeypatch.setattr(scene.tileset, "face", lambda kind, red, h, r=0: drawn.append(kind) or real_face(kind, red, h, r))
    scene.show(3)
    shown = _texts(app)
    assert "Furiten: when you cannot Ron" in shown and "Your discards" in shown
    assert any(line in tr(FURITEN_EXAMPLE["caption"]) and line for line in shown)
    assert drawn == parse_kinds(FURITEN_EXAMPLE["hand"]) + parse_kinds(FURITEN_EXAMPLE["discards"])
    counts = counts_of(parse_kinds(FURITEN_EXAMPLE["hand"]))
    assert [kind_name(k) for k in waits(counts)] == ["3m", "6m"] and FURITEN_EXAMPLE["furiten"] == "6m"
    assert "6m" in FURITEN_EXAMPLE["discards"], "the picture is furiten by the engine's own waits"


def test_the_yaku_book_opens_from_the_help(app):
    app.open("help")
    app.step(1 / 60)
    click(app, app.top.book.rect.center)
    assert isinstance(app.top, YakuBookScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, HelpScene)
