"""The first-game guide: a hint the first time a call, riichi, furiten or win happens, once per player, off in Settings."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.ai import make_player
from game.rules import EMA
from game.table import Game
from prefs import DEFAULTS, PrefsError, load_prefs
from render.app import App, AppOptions
from prefs.model import GUIDE_HINTS
from render.guide import GUIDE_TITLE, HINTS, Guide
from render.scenes.table import TableScene
from render.setup import GameSetup
from render.widgets import recorded_texts
from tests.client_driver import click, open_app
from tests.table_helpers import first_events


@pytest.fixture(scope="module")
def events():
    return first_events()


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1280, 720))
    yield a
    a.shutdown()


def test_the_guide_is_on_by_default_and_its_record_is_checked():
    assert DEFAULTS.first_game_guide is True and DEFAULTS.guide_seen == ""
    assert DEFAULTS.with_changes(guide_seen="call,win").guide_seen == "call,win"
    with pytest.raises(PrefsError, match="guide_seen: 'dora' is not a hint"):
        DEFAULTS.with_changes(guide_seen="call,dora")
    assert set(HINTS) == set(GUIDE_HINTS)


def test_each_hint_comes_once_and_not_while_off(events):
    guide = Guide(True, set(), 0)
    assert [guide.event(ev) for ev in events.values()] == ["call", "riichi", "win"]
    assert [guide.event(ev) for ev in events.values()] == [None, None, None]
    assert Guide(False, set(), 0).event(events["called"]) is None
    assert Guide(True, {"call"}, 0).event(events["called"]) is None


def _shown(table) -> list[str]:
    with recorded_texts() as seen:
        table.draw(table.app.screen)
    return seen


def test_the_table_shows_a_hint_once_and_remembers_it(app, events, tmp_path):
    table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
    app.clear_to(table)
    app.step(1 / 60)
    table.guide_event(events["called"])
    app.step(1 / 60)
    shown = _shown(table)
    assert GUIDE_TITLE in shown and any(t.startswith("A call: a player took") for t in shown)
    assert json.loads((tmp_path / "config" / "prefs.json").read_text(encoding="utf-8"))["guide_seen"] == "call"
    click(app, table.guide_button.rect.center)
    assert table.guide.current is None and GUIDE_TITLE not in _shown(table)
    table.guide_event(events["called"])
    assert table.guide.current is None, "a hint is shown once"
    # furiten comes from the player's own view
    table.control.view = dataclasses.replace(table.control.view, furiten=True)
    app.step(1 / 60)
    assert table.guide.current == "furiten"
    # a new game of the same player: the hints seen stay seen
    again = TableScene.new(app, GameSetup(rules=EMA, seed=6))
    app.clear_to(again)
    again.guide_event(events["called"])
    again.guide_event(events["won"])
    assert again.guide.current == "win"
    assert load_prefs()[0].guide_seen == "call,furiten,win"


def test_switched_off_in_settings_no_hint_and_the_hints_can_come_back(app, events):
    table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
    app.clear_to(table)
    table.guide_event(events["riichi_declared"])
    settings = app.open("settings")
    app.step(1 / 60)
    box = settings.widgets["first_game_guide"]
    click(app, (box.rect.x + 10, box.rect.centery))
    assert app.prefs.first_game_guide is False
    assert table.guide.current is None, "turning the guide off takes the hint away"
    reset = settings.widgets["guide_seen"]
    assert reset.enabled
    click(app, reset.rect.center)
    assert app.prefs.guide_seen == "" and not reset.enabled
    app.pop()
    table.guide_event(events["won"])
    assert table.guide.current is None


def test_a_hint_whose_record_cannot_be_saved_still_shows_and_the_problem_is_reported(app, events, tmp_path,
                                                                                     monkeypatch):
    table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
    app.clear_to(table)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the config folder should be", encoding="utf-8")
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(blocked))
    table.guide_event(events["won"])
    assert table.guide.current == "win"
    assert app.messages and "not-a-folder" in " ".join(app.messages)


def first_result() -> tuple[list[object], object, object]:
    """The won events, the hand's end and the player's view of the first hand a seat wins (seed 5)."""
    game = Game(EMA, 5)
    players = [make_player("normal", 5, s) for s in range(4)]
    results: list[object] = []
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        for ev in game.apply(seat, players[seat].decide(game.view(seat), game.legal_actions(seat))):
            if ev.type in ("won", "drawn_hand"):
                results.append(ev)
            if ev.type == "hand_ended":
                if any(e.type == "won" for e in results):
                    return results, ev, game.view(0)
                results = []
    raise AssertionError("nobody won a hand")


def test_the_win_hint_shows_on_the_result_screen_and_leaves_with_it(app, events):
    results, ended, view = first_result()
    table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
    app.clear_to(table)
    table.guide_event(events["won"])
    assert GUIDE_TITLE not in _shown(table), "the hint about a result waits for the result screen"
    result = app.open("result", table, results, ended, view)
    result.reveal_all()
    with recorded_texts() as seen:
        app.redraw()
        app.step(1 / 60)
    assert GUIDE_TITLE in seen and seen.index(GUIDE_TITLE) > seen.index("Payments"), "drawn over the result"
    result.dismiss()
    assert app.top is table and table.guide.current is None, "gone with the result, not into the next hand"


def test_the_result_is_revealed_in_steps_and_a_click_shows_it_all(tmp_path, monkeypatch):
    results, ended, view = first_result()
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))

    def result_over_a_table(animations: str) -> tuple[App, object, object]:
        app = App(AppOptions(size=(1280, 720), pace=0, animations=animations))
        table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
        app.clear_to(table)
        result = app.open("result", table, results, ended, view)
        app.step(1 / 60)
        return app, table, result

    app, table, result = result_over_a_table("fast")
    try:
        assert result.revealing and result.reveal_y() < result.stops[-1], "the payments come last"
        first = result.reveal_y()
        for _ in range(12):
            app.step(1 / 30)
        assert result.reveal_y() > first, "the reveal moves on by itself"
        moving = next(((before, after) for _, before, after, _ in result.score_cells if before != after))
        while result.counted() == 0:
            app.step(1 / 30)
        with recorded_texts() as seen:
            result.draw(app.screen)
        low, high = sorted(moving)
        shown = [int(t.replace(",", "")) for t in seen if t.replace(",", "").lstrip("-").isdigit()]
        assert any(low < v < high for v in shown), "the scores move from the old values to the new"
        click(app, result.button.rect.center)
        assert app.top is result and not result.revealing, "a click shows the rest at once"
        click(app, result.button.rect.center)
        assert app.top is table, "the next click goes on"
    finally:
        app.shutdown()
    off, table, result = result_over_a_table("off")
    try:
        assert not result.revealing, "with animations off the whole result shows at once"
    finally:
        off.shutdown()
