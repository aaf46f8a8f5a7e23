"""A saved game with a table that is not the default comes back as it was: levels, rules, state."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai import make_player
from game.rules import TENHOU, RuleSet
from game.table import Game
from render.app import App
from render.scenes.table import TableScene
from render.scenes.title import TitleScene
from render.setup import GameSetup
from store.saves import SaveSlot
from tests.client_driver import button_labelled, click, open_app, run_until

RULES = TENHOU.with_options(kuikae_allowed=True, multi_ron="double", ura_dora=False, kan_dora_delayed=False,
                            riichi_min_wall=8, start_points=30000, game_length="east")
SETUP = GameSetup(rules=RULES, seed=4242, player_name="Ayaka", ai_levels=("strong", "easy", "normal"))


def _played(actions: int) -> Game:
    """A game under RULES where every seat's AI has made ``actions`` moves between them."""
    game = Game(RULES, SETUP.seed)
    players = [make_player(level, SETUP.seed, seat) for seat, level in enumerate(("normal", *SETUP.ai_levels))]
    for _ in range(actions):
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        game.apply(seat, players[seat].decide(view, view.legal_actions))
    return game


def test_the_rules_differ_from_the_default_in_every_field_this_file_saves() -> None:
    default = RuleSet()
    changed = [f.name for f in dataclasses.fields(RuleSet) if getattr(RULES, f.name) != getattr(default, f.name)]
    assert {"kuikae_allowed", "multi_ron", "ura_dora", "riichi_min_wall", "game_length"} <= set(changed)


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.shutdown()


def test_a_saved_game_with_its_own_table_resumes_with_the_same_levels_rules_and_state(app: App) -> None:
    game = _played(40)
    assert SaveSlot().write({"game": game.to_record(), "setup": SETUP.to_dict()}) is None
    app.push(TitleScene(app))
    app.step(1 / 60)
    click(app, button_labelled(app.top.buttons, "Continue").rect.center)
    resumed = app.top
    assert isinstance(resumed, TableScene)
    run_until(app, lambda: resumed.control.decision is not None or resumed.control.session.game.actions != game.actions)
    again = resumed.setup
    for field in dataclasses.fields(RuleSet):
        assert getattr(again.rules, field.name) == getattr(RULES, field.name), field.name
    assert again.ai_levels == SETUP.ai_levels and again.player_name == "Ayaka" and again.seed == 4242
    assert [resumed.control.session.ai[seat].level.name for seat in (1, 2, 3)] == list(SETUP.ai_levels)
    assert resumed.names[1:] == SETUP.names()[1:]
    rebuilt = Game.from_record(game.to_record())
    assert rebuilt.snapshot() == game.snapshot()
    assert resumed.control.session.first_view == game.view(0)


def test_the_resumed_table_is_the_saved_table_field_by_field(app: App) -> None:
    game = _played(60)
    assert game.hand.discard_count > 0 and not game.finished
    assert SaveSlot().write({"game": game.to_record(), "setup": SETUP.to_dict()}) is None
    scene, message = TableScene.resume_saved(app, SaveSlot())
    assert scene is not None, message
    resumed = scene.control.session.game  # not started: no seat has moved since the save
    assert resumed.rules == RULES and scene.setup.ai_levels == SETUP.ai_levels
    assert [scene.control.session.ai[seat].level.name for seat in (1, 2, 3)] == list(SETUP.ai_levels)
    saved, again = game.snapshot(), resumed.snapshot()
    assert saved.keys() == again.keys()
    for key in saved:
        if key != "hand":
            assert again[key] == saved[key], key
    for key, value in saved["hand"].items():
        if key != "seats":
            assert again["hand"][key] == value, key
    for seat, (before, after) in enumerate(zip(saved["hand"]["seats"], again["hand"]["seats"])):
        for key, value in before.items():
            assert after[key] == value, (seat, key)
    assert [(s, a.to_dict()) for s, a in resumed.actions] == [(s, a.to_dict()) for s, a in game.actions]
    assert resumed.used_walls == game.used_walls
    for seat in range(4):
        assert resumed.legal_actions(seat) == game.legal_actions(seat)
