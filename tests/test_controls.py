"""Controls behave as they look: the selectors' arrows, the Riichi button, dragging hand tiles,
hotkeys that never type into a text box, the window size Settings reports."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.ai import make_player
from game.rules import EMA
from render.input import Input
from render.scenes.result import ResultScene
from render.scenes.settings import WINDOW_ROW
from render.scenes.table import TableScene
from render.scenes.yaku_book import YakuBookScene
from render.setup import GameSetup
from render.widgets import Choice, recorded_texts
from tests.client_driver import click, draw_frame, open_app, play_as, press, run_until

RIICHI_SEED = 892
"""The player (choosing as the normal AI) declares riichi within three hands."""


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1280, 720))
    yield a
    a.shutdown()


def choice() -> Choice:
    return Choice((100, 100, 400, 40), "Length", [("a", "East"), ("b", "South"), ("c", "Single")], "b")


def test_the_arrow_halves_of_a_selector_step_back_and_forward():
    c = choice()
    box = c.box()
    c.handle(Input("press", intent="choose", pos=(box.x + 6, box.centery)))
    assert c.value == "a", '"<" steps back'
    c.handle(Input("press", intent="choose", pos=(box.right - 6, box.centery)))
    c.handle(Input("press", intent="choose", pos=(box.right - 6, box.centery)))
    assert c.value == "c", '">" steps forward'
    c.handle(Input("press", intent="choose_back", pos=(box.right - 6, box.centery)))
    assert c.value == "b", "a right click steps back"


def test_a_clicked_selector_keeps_the_arrow_keys_until_a_click_elsewhere():
    c = choice()
    box = c.box()
    c.handle(Input("press", intent="choose", pos=(box.right - 6, box.centery)))
    c.handle(Input("move", pos=(900, 900)))  # the mouse moves away
    c.handle(Input("key", intent="left"))
    assert c.value == "b"
    c.handle(Input("key", intent="right"))
    assert c.value == "c"
    c.handle(Input("press", intent="choose", pos=(900, 900)))
    c.handle(Input("key", intent="right"))
    assert c.value == "c", "after a click elsewhere the keys are not the selector's"


def test_the_new_game_selectors_step_back_from_their_left_arrow(app):
    scene = app.open("new_game", lambda setup: None, 1)
    app.step(1 / 60)
    widget = next(w for w in scene.widgets if isinstance(w, Choice))
    before = widget.index
    click(app, (widget.box().x + 4, widget.box().centery))
    assert widget.index == (before - 1) % len(widget.options)


def _brightness(surface: pygame.Surface, rect: pygame.Rect) -> float:
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return sum(pygame.transform.average_color(sub)[:3]) / 3


def test_riichi_shows_only_with_a_riichi_discard_and_dims_the_other_tiles(app):
    table = TableScene.new(app, GameSetup(rules=EMA.with_options(game_length="single"), seed=RIICHI_SEED))
    app.push(table)
    brain = make_player("normal", RIICHI_SEED, 0)
    turns = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        top = run_until(app, lambda: (isinstance(app.top, ResultScene) and app.top)
                        or (table.control.decision is not None and table))
        if isinstance(top, ResultScene):
            top.dismiss()
            continue
        view, d = table.control.view, table.control.decision
        riichi_legal = any(a.type == "riichi" for a in view.legal_actions)
        if d.phase == "turn":
            turns += 1
            assert (table.riichi_button is not None) == riichi_legal, "the Riichi button shows exactly with a riichi discard"
        if riichi_legal and table.riichi_button is not None:
            break
        action = brain.decide(view, view.legal_actions)
        if action.type == "discard":
            table.control.send_discard(action.tile)
        else:
            table.control.submit(action)
    else:
        pytest.fail("the seed never offered riichi")
    assert turns > 3, "several turns without a riichi discard were seen first"
    d = table.control.decision
    wrong = [t for t in d.discards if t not in d.riichi and t in dict(table.hand_rects())]
    right = [t for t in d.riichi if t in dict(table.hand_rects())]
    assert wrong and right
    app.redraw()
    app.step(1 / 60)
    rects = dict(table.hand_rects())
    lit_before = {t: _brightness(app.screen, rects[t]) for t in wrong}
    click(app, table.riichi_button.rect.center)
    assert table.riichi_button.checked and table.control.riichi_ticked
    app.redraw()
    app.step(1 / 60)
    for t in wrong:
        assert _brightness(app.screen, rects[t]) < lit_before[t] - 20, "a tile that cannot declare riichi is dimmed"
    for t in right:
        assert table.board().playable is not None and t in table.board().playable
    press(app, pygame.K_r)
    assert not table.control.riichi_ticked and not table.riichi_button.checked, "R clears it again"


def test_a_hotkey_that_opens_a_screen_types_nothing_into_it(app):
    table = TableScene.new(app, GameSetup(rules=EMA, seed=7))
    app.push(table)
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="y"))
    app.step(1 / 60)
    book = app.top
    assert isinstance(book, YakuBookScene)
    assert book.search.value == "", "the Y that opened the book is not typed into its search"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="y"))
    app.step(1 / 60)
    assert app.top is book and book.search.value == "y", "in the open book Y is typed as a letter"


def test_settings_tells_the_real_window_size(app):
    assert (app.prefs.window_width, app.prefs.window_height) != (1280, 720)
    settings = app.open("settings")
    app.step(1 / 60)
    assert "1280 x 720" in settings.widgets[WINDOW_ROW].label


def test_a_tooltip_gives_way_once_its_target_is_clicked(app):
    table = TableScene.new(app, GameSetup(rules=EMA, seed=7))
    app.push(table)
    run_until(app, lambda: table.painter.dora_rects)
    dora = table.painter.dora_rects[0].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dora, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert table.current_tip().startswith("Dora indicator")
    click(app, dora)
    assert table.current_tip() == "", "clicked: its explanation no longer covers it"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dora, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert table.current_tip().startswith("Dora indicator"), "back again after the mouse left it"


def test_a_call_buttons_tooltip_leaves_the_hand_in_view(app):
    """Hovering Pon or Chi explains it above the buttons: every tile of the hand stays uncovered."""
    table = TableScene.new(app, GameSetup(rules=EMA, seed=7))
    app.push(table)
    brain = make_player("normal", 7, 0)
    for _ in range(400):
        run_until(app, lambda: table.control.decision is not None)
        calls = [b for b in table.buttons if b.action is not None and b.action.type in ("chi", "pon")]
        if calls:
            break
        play_as(table, brain)
        app.step(1 / 60)
    else:
        pytest.fail("no call offered to the player in 400 decisions")
    screen = pygame.display.get_surface()
    hand = table.hand_rects()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    draw_frame(app)
    top = pygame.Rect(0, 0, screen.get_width(), calls[0].rect.top)

    def seen() -> tuple[list[bytes], bytes]:
        return ([pygame.image.tobytes(screen.subsurface(r), "RGB") for _, r in hand],
                pygame.image.tobytes(screen.subsurface(top), "RGB"))

    hand_before, top_before = seen()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=calls[0].rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    draw_frame(app)
    assert table.current_tip(), "the call button explains itself"
    hand_after, top_after = seen()
    assert hand_after == hand_before, "the tooltip covers part of the hand"
    assert top_after != top_before, "the tooltip shows above the buttons"


def test_without_a_display_the_game_says_so_and_stops():
    """SDL falls back to drawing off screen when there is no display: the game says so in one line and
    exits 1, instead of playing unseen until killed."""
    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = subprocess.run([sys.executable, "main.py", "--demo"], cwd=root, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines()[-1].startswith("Kawa cannot open its window: no display")


def test_quitting_says_closing_at_once(app):
    table = TableScene.new(app, GameSetup(rules=EMA, seed=7))
    app.push(table)
    app.step(1 / 60)
    with recorded_texts() as seen:
        app.shutdown()
    assert "Closing…" in seen, "the player sees the game is closing while its workers stop"
