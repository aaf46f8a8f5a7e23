"""The yaku book: the engine's yaku under the rules in force, real example hands, search, scroll, reached by a key."""

from __future__ import annotations

import pygame
import pytest

from cli.score import score_case
from game.rules import EMA, PRESETS
from game.scoring.yaku import RENHOU, YAKU, YAKUMAN
from render.input import INTENTS
from render.scenes.table import TableScene
from render.scenes.yaku_book import YakuBookScene, han_words
from render.setup import GameSetup
from render.widgets import recorded_texts
from render.words import yaku_words
from render.yaku_notes import EXAMPLES, NOTES, book
from tests.client_driver import open_app, press, type_text

RULE_VARIANTS = [*PRESETS.values(), EMA.with_options(open_tanyao=False, double_yakuman=True, renhou_mangan=False)]


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1280, 720))
    yield a
    a.shutdown()


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: f"{r.name}-{r.open_tanyao}-{r.double_yakuman}")
def test_the_book_lists_the_engines_yaku_with_the_engines_han(rules):
    entries = {e.name: e for e in book(rules)}
    expected = [y.name for y in YAKU] + ([RENHOU.name] if rules.renhou_mangan else []) + [y.name for y in YAKUMAN]
    assert list(entries) == expected
    for row in YAKU:
        assert entries[row.name].han_closed == row.han_closed
    assert entries["tanyao"].han_open == (1 if rules.open_tanyao else 0)
    assert entries["chinitsu"].han_open == 5 and entries["pinfu"].han_open == 0
    assert entries["daisuushii"].yakuman == (2 if rules.double_yakuman else 1)
    assert entries["daisangen"].yakuman == 1
    assert set(NOTES) == set(EXAMPLES) >= set(entries)


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: f"{r.name}-{r.open_tanyao}-{r.double_yakuman}")
def test_every_example_hand_scores_with_its_yaku(rules):
    for entry in book(rules):
        scored = score_case(entry.example, rules)
        names = [y.name for y in scored.yaku]
        assert entry.name in names, f"{entry.name}: the engine finds {names}"
        if entry.yakuman:
            assert scored.yakuman_count >= 1


def test_the_value_is_told_as_a_player_reads_it():
    entries = {e.name: e for e in book(EMA.with_options(double_yakuman=True))}
    assert han_words(entries["pinfu"]) == "1 han, closed hand only"
    assert han_words(entries["honitsu"]) == "3 han closed, 2 han open"
    assert han_words(entries["toitoi"]) == "2 han, open or closed"
    assert han_words(entries["renhou"]) == "Mangan"
    assert han_words(entries["suuankou tanki"]) == "Double yakuman"
    assert han_words(entries["daisangen"]) == "Yakuman"


def _texts(app) -> list[str]:
    with recorded_texts() as seen:
        app.top.draw(app.screen)
    return seen


def test_typing_searches_and_scrolling_stops_at_both_ends(app):
    scene = app.open("yaku_book", EMA)
    app.step(1 / 60)
    shown = _texts(app)
    assert "Fully concealed self-draw" in shown and "1 han, closed hand only" in shown
    assert "46 of 46, rules: EMA" in shown
    press(app, pygame.K_UP)
    assert scene.scroll == 0
    for _ in range(80):
        press(app, pygame.K_DOWN)
    assert scene.scroll == scene.last_scroll() == 46 - scene.per_page() > 0
    assert yaku_words("chiihou") in _texts(app), "the last yaku is reached"
    type_text(app, "dragon")
    assert scene.scroll == 0
    names = {e.name for e in scene.shown()}
    assert {"haku", "hatsu", "chun", "shousangen", "daisangen"} <= names and "riichi" not in names
    assert "7 of 46, rules: EMA" in _texts(app)
    type_text(app, "zzz")
    assert "No yaku matches \u201cdragonzzz\u201d." in _texts(app)
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, YakuBookScene)


def test_the_tables_key_opens_the_book_with_the_games_rules(app):
    rules = PRESETS["tenhou"]
    table = TableScene.new(app, GameSetup(rules=rules, seed=7))
    app.push(table)
    app.step(1 / 60)
    press(app, INTENTS["yaku_book"][0][0])
    book_scene = app.top
    assert isinstance(book_scene, YakuBookScene) and book_scene.rules == rules
    assert "renhou" not in {e.name for e in book_scene.entries}, "Tenhou's rules do not count renhou"
    press(app, pygame.K_ESCAPE)
    assert app.top is table
