"""The screens around the table: title, new game (every rule option), help, menu."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import RuleSet
from render.scenes.help import HelpScene
from render.scenes.new_game import OPTION_ROWS, NewGameScene
from render.scenes.title import TitleScene
from tests.client_driver import button_labelled, click, open_app, press


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1024, 640))
    yield a
    a.shutdown()


def test_every_rule_is_on_the_new_game_screen():
    covered = {name for name, _, _ in OPTION_ROWS} | {"abortive_draws", "name"}
    assert covered == {f.name for f in dataclasses.fields(RuleSet)}
    for name, _, choices in OPTION_ROWS:
        for value, _ in choices:
            RuleSet().with_options(**{name: value})  # every choice is a valid rule value


def test_preset_and_options_are_chosen_by_clicks(app):
    chosen = []
    ng = NewGameScene(app, chosen.append, seed=42)
    app.push(ng)
    app.step(1 / 60)
    preset = ng.widgets[0]
    assert ng.rules.name == "mahjongsoul" and ng.rules.red_fives and ng.rules.start_points == 25000, \
        "a first game is offered red fives and 25,000 points"
    click(app, (preset.box().right - 6, preset.rect.centery))  # its ">"
    assert ng.rules.name == "tenhou" and ng.rules.red_fives
    click(app, ng.advanced_button.rect.center)
    assert ng.rule_widgets["red_fives"].value is True
    click(app, ng.rule_widgets["red_fives"].rect.center)
    assert ng.rules.red_fives is False
    click(app, ng.abortive["kyuushu_kyuuhai"].rect.center)
    assert "kyuushu_kyuuhai" not in ng.rules.abortive_draws
    for widget in ng.widgets:
        assert app.screen.get_rect().contains(widget.rect), widget.rect
    press(app, pygame.K_RETURN)
    assert chosen and chosen[0].seed == 42 and chosen[0].rules == ng.rules


def test_title_help_and_back(app):
    app.push(TitleScene(app))
    app.step(1 / 60)
    labels = [b.label for b in app.top.buttons]
    assert labels == ["New game", "Games", "Practice", "Statistics", "Settings", "Help", "Quit"], "no Continue without a saved game"
    click(app, button_labelled(app.top.buttons, "Help").rect.center)
    assert isinstance(app.top, HelpScene)
    press(app, pygame.K_RIGHT)
    assert app.top.page == 1
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    click(app, button_labelled(app.top.buttons, "Quit").rect.center)
    assert not app.running and app.exit_code == 0


def test_the_title_draws_rivers_of_tiles_behind_its_choices(app):
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60)
    w, h = app.size
    back = title.draw_backdrop((w, h))
    band = {tuple(back.get_at((x, y))) for x in range(0, w, 7) for y in range(int(h * 0.8), h - 1, 5)}
    middle = {tuple(back.get_at((x, int(h * 0.5)))) for x in range(0, w, 7)}
    assert len(band) > 40 > len(middle), "tile faces in the river, plain felt behind the choices"
    assert title.draw_backdrop((w, h)) is back  # made once per size
    assert title.draw_backdrop((800, 600)).get_size() == (800, 600)


@pytest.mark.parametrize("lang, words", [("en", "An external bot needs its command line"), ("ja", "外部ボット")])
def test_an_external_bot_without_a_command_is_explained_in_the_players_language(tmp_path, monkeypatch, lang, words):
    from render.app import App, AppOptions
    from render.widgets import recorded_texts
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", language=lang))
    try:
        started = []
        ng = NewGameScene(app, started.append, seed=3)
        app.push(ng)
        ng.levels[0], ng.bot_command = "bot", ""
        ng.start()
        with recorded_texts() as texts:
            ng.draw(app.screen)
        assert not started and any(words in t for t in texts), texts[-3:]
    finally:
        app.shutdown()
