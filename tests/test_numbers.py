"""Numbers as each language writes them: Italian groups thousands with a point and writes decimals
with a comma; the other languages keep 7,700 and 1.5%."""

from __future__ import annotations

import pytest

from game.scoring.payment import make_payment
from render.drill_words import payment_words
from render.app import App, AppOptions
from render.i18n import number, set_language, tr
from render.setup import GameSetup
from render.widgets import recorded_texts
from tests.client_driver import draw_frame, run_until


@pytest.fixture
def language():
    yield set_language
    set_language("en")


def test_italian_points_and_shares_use_the_italian_separators(language):
    language("it")
    assert payment_words(make_payment(1920, False, False)) == "7.700"
    assert payment_words(make_payment(2000, True, False)) == "2.000 / 4.000"
    assert tr("{points:,} points").format(points=12000) == "12.000 punti"
    line = tr("{tile}: {protection} (deal-in about {chance:.1%} if ready)").format(
        tile="5 bambù", protection="suji", chance=0.027)
    assert "2,7%" in line


@pytest.mark.parametrize("code", ["en", "ja", "zh_CN", "ko"])
def test_other_languages_keep_the_comma_grouping(language, code):
    language(code)
    assert payment_words(make_payment(1920, False, False)) == "7,700"
    assert "1.5%" in tr("{share:.1%}").format(share=0.015)


def test_words_and_flags_pass_through_unchanged(language):
    language("it")
    assert tr("{n}. {action}: {value:,}").format(n=True, action="pon 3.5", value=1200) == "True. pon 3.5: 1.200"


def test_the_score_plates_write_points_the_italian_way(language, tmp_path, monkeypatch):
    assert number(-3900) == "-3,900"
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False, language="it"))
    try:
        table = app.build("table", GameSetup(seed=3))
        with recorded_texts() as texts:
            app.push(table)
            # the player deals: the table waits for the first discard, so nobody's points can move
            run_until(app, lambda: table.control.decision is not None)
            draw_frame(app)
        start = f"{GameSetup().rules.start_points:,}".replace(",", ".")
        assert start in texts and number(-3900) == "-3.900"
    finally:
        app.shutdown()


def test_the_new_game_screen_offers_points_the_italian_way(language, tmp_path, monkeypatch):
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False, language="it"))
    try:
        scene = app.open("new_game", lambda setup: None, 1)
        shown = [label for _, label in scene.rule_widgets["start_points"].options]
        assert shown == ["20.000", "25.000", "30.000"]
    finally:
        app.shutdown()
