"""The keys overlay at the table: K (or /) lays every key and what it does over the game; the same
key, Esc or a click outside closes it, and the game is where it was."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ai import make_player

from game.rules import EMA
from render.i18n import tr
from render.input import INTENTS, controls, translate
from render.scenes.keys import KeysScene
from render.scenes.table import TableScene
from render.setup import GameSetup
from render.widgets import recorded_texts
from tests.client_driver import click, draw_frame, open_app, play_as, press


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def app(request, tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, request.param)
    a.prefs = a.prefs.with_changes(first_game_guide=False)
    yield a
    a.shutdown()


def at_the_table(app) -> TableScene:
    table = TableScene.new(app, GameSetup(rules=EMA.with_options(game_length="single"), seed=5))
    app.push(table)
    app.step(1 / 60)
    return table


def test_k_and_slash_are_the_keys_intent_and_say_so() -> None:
    for key in (pygame.K_k, pygame.K_SLASH):
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        assert translate(event).intent == "keys"  # type: ignore[union-attr]
    assert "K for keys" in INTENTS["keys"][1]


@pytest.mark.parametrize("key", [pygame.K_k, pygame.K_SLASH])
def test_the_key_shows_every_control_over_the_table_and_closes_again(app, key: int) -> None:
    table = at_the_table(app)
    press(app, key)
    assert isinstance(app.top, KeysScene) and app.visible()[0] is table, "the table shows through"
    with recorded_texts() as seen:
        draw_frame(app)
    overlay = seen[seen.index(tr("Keys")):]
    for keys, what in controls():
        assert keys in overlay, keys
        first_words = " ".join(tr(what).split()[:2])
        assert any(line.startswith(first_words) for line in overlay), what
    assert "K, / or Esc closes this list." in overlay
    press(app, key)
    assert app.top is table


def test_esc_or_a_click_outside_closes_it(app) -> None:
    table = at_the_table(app)
    press(app, pygame.K_k)
    press(app, pygame.K_ESCAPE)
    assert app.top is table, "Esc closes the list, not the game menu behind it"
    press(app, pygame.K_k)
    click(app, (2, 2))
    assert app.top is table


def test_the_list_fits_inside_the_window_without_overlapping_lines(app) -> None:
    press_scene = KeysScene(app)
    w, h = app.size
    assert app.screen.get_rect().contains(press_scene.panel)
    line = int(press_scene.size * 1.35)
    rows = sum(len(lines) for _, lines in press_scene.rows)
    assert rows * line + len(press_scene.rows) * 3 + 2 * press_scene.size < press_scene.panel.h
    assert press_scene.size >= 12, "still readable"
    assert all(len(lines) >= 1 for _, lines in press_scene.rows)


def test_number_keys_press_the_buttons_by_place_and_r_ticks_riichi(app) -> None:
    """Full keyboard play: on a call, 1 presses the leftmost button (what it sends is what a click
    sends); R ticks and clears Riichi when the box is offered."""
    table = TableScene.new(app, GameSetup(rules=EMA.with_options(game_length="single"), seed=5))
    app.push(table)
    brain = make_player("normal", 5, 0)
    pressed = ticked = False
    deadline = time.monotonic() + 60
    while not (pressed and ticked) and time.monotonic() < deadline and isinstance(app.top, TableScene):
        app.step(1 / 60)
        d = table.control.decision
        if d is None:
            continue
        if table.riichi_button is not None and not ticked:
            press(app, pygame.K_r)
            assert table.control.riichi_ticked and table.riichi_button.checked
            press(app, pygame.K_r)
            assert not table.control.riichi_ticked
            ticked = True
        if d.phase == "calls" and len(table.buttons) >= 2 and not pressed:
            leftmost = min(table.buttons, key=lambda b: b.rect.x)
            sent = []
            table.control.session.submit, real = (lambda a: sent.append(a)), table.control.session.submit
            press(app, pygame.K_1)
            table.control.session.submit = real
            assert sent == [leftmost.action]
            real(leftmost.action)
            pressed = True
            continue
        play_as(table, brain)
    assert pressed, "no call was offered in this game"
