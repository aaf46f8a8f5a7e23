"""What a native player reads on the screens that were wrong in their language: the replay's play
button and the Settings heading (one English word, two senses), each yaku named once on the result
screen, Italian points and shares with the decimal comma on screen and in ``kawa stats``, a count of
one and of two in the language's own plural forms, key names, the default name, lists and line
breaks."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from prefs import LANGUAGES
from render.app import App
from render.i18n import (C_, NO_LINE_START, can_break, catalogue_dir, join_list, number, percent, series, set_language, tr,
                         trn)
from render.input import controls, key_name
from render.scenes.games import GamesScene
from render.scenes.result import ResultScene
from render.scenes.viewer import ViewerScene
from render.setup import GameSetup
from render.widgets import (READABLE, Button, Checkbox, Choice, Widget, label_lines, recorded_texts, text_width,
                            wrap)
from render.words import japanese_yaku_name, yaku_words
from store.stats import StatsDB
from tests.client_driver import run_until
from tests.conftest import shared_path
from tests.test_cli_language import data, run  # noqa: F401 (data: the statistics of a few games)
from tests.test_i18n_screens import make_app  # noqa: F401 (a window in a language, closed after the test)
from tests.test_stats import play

RECORD = ("data", "realgames", "mjlog", "fastmaj", "2014060513gm-00c1-0000-b2530541&tw=0.xml")
REPLAY_PLAY = {"en": "Play", "ja": "再生", "zh_CN": "播放", "ko": "재생", "it": "Riproduci"}
SETTINGS_PLAY = {"en": "Play", "ja": "対局", "zh_CN": "对局", "ko": "대국", "it": "Gioco"}
ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 720)
TANYAO_SEED = 7
"""A demo game whose single hand is won with all simples alone."""


def drawn(app: App) -> list[str]:
    """Every text the top screen draws."""
    with recorded_texts() as texts:
        app.top.draw(app.screen)
    return texts


def won_result(app: App, seed: int) -> ResultScene:
    app.clear_to(app.build("table", GameSetup(seed=seed, demo=True,
                                              rules=GameSetup().rules.with_options(game_length="single"))))
    run_until(app, lambda: isinstance(app.top, ResultScene), 120)
    result = app.top
    assert isinstance(result, ResultScene) and any(e.type == "won" for e in result.results)
    result.cache = None
    return result


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_plays_and_the_settings_heading_is_play_as_a_game(make_app, lang: str) -> None:
    app = make_app(SIZE, lang)
    app.push(GamesScene(app, shared_path(*RECORD)))
    assert isinstance(app.top, ViewerScene)
    app.step(1 / 60)
    assert REPLAY_PLAY[lang] in drawn(app)
    app.open("settings")
    settings = drawn(app)
    assert SETTINGS_PLAY[lang] in settings
    assert lang == "en" or REPLAY_PLAY[lang] not in settings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_screen_names_each_yaku_once(make_app, lang: str) -> None:
    app = make_app(SIZE, lang)
    result = won_result(app, TANYAO_SEED)
    texts = drawn(app)
    yaku = [name for e in result.results if e.type == "won" for name, _han in e.score["yaku"]]
    assert yaku == ["tanyao"]
    shown = yaku_words("tanyao")
    assert texts.count(shown) == 1, texts
    beside = japanese_yaku_name("tanyao")
    if lang in ("ja", "zh_CN"):  # the name shown is the Japanese one already: 断幺九, not 断幺九 断么九
        assert beside == "" and "断么九" not in texts and texts.count("断幺九") == 1
    else:  # the Japanese name beside the language's own
        assert beside == "断幺九" and beside in texts


def test_italian_payments_and_scores_write_the_decimal_comma(make_app) -> None:
    app = make_app(SIZE, "it")
    won_result(app, TANYAO_SEED)
    texts = drawn(app)
    grouped = [t for t in texts if re.fullmatch(r"[+-]?\d{1,3}(\.\d{3})+", t)]
    assert any(t.startswith(("+", "-")) for t in grouped), texts  # the payments: +1.000, -1.000
    assert not [t for t in texts if re.search(r"\d,\d{3}\b", t)], texts


def test_a_count_of_one_and_of_two_on_the_statistics_screen(make_app, tmp_path) -> None:
    db = StatsDB(tmp_path / "data")
    for seed in (31, 32, 34):  # placed 1st, 2nd and 2nd
        play(db, seed)
    db.close()
    tips = {}
    app = make_app(SIZE, "en")
    app.open("title")
    for lang in ("en", "it", "ja"):
        set_language(lang)
        screen = app.open("stats")
        screen.wait_loaded()  # the figures are read off the screen thread
        app.step(1 / 60)
        texts = drawn(app)
        tips[lang] = [tip for _rect, tip in screen.zones]
        app.pop()
        if lang == "it":
            assert "66,7%" in " ".join(tips[lang]) and not any(re.search(r"\d\.\d%", t) for t in texts)
    assert "1st: 1 game (33.3%)" in tips["en"] and "2nd: 2 games (66.7%)" in tips["en"]
    assert "1º: 1 partita (33,3%)" in tips["it"] and "2º: 2 partite (66,7%)" in tips["it"]
    assert "Partita 2: 2º posto, media delle ultime dieci 1,50" in tips["it"]
    assert "1位：1戦（33.3%）" in tips["ja"] and "2位：2戦（66.7%）" in tips["ja"]


def test_kawa_stats_in_italian_writes_numbers_the_italian_way(capsys, data: Path) -> None:
    code, out, err = run(capsys, "stats", "--lang", "it")
    assert (code, err) == (0, "")
    assert re.search(r"\b\d{1,2},\d%", out) and re.search(r"\b\d\.\d{3}\b", out), out
    assert not re.search(r"\d\.\d%|\d,\d{3}\b", out), out
    set_language("en")


def test_plural_forms_follow_each_language() -> None:
    want = {"en": ("1 mistake", "2 mistakes"), "it": ("1 errore", "2 errori"), "ja": ("ミス1回", "ミス2回"),
            "zh_CN": ("1次失误", "2次失误"), "ko": ("실수 1번", "실수 2번")}
    for lang, forms in want.items():
        set_language(lang)
        assert tuple(trn("{n} mistake", "{n} mistakes", n).format(n=n) for n in (1, 2)) == forms
    set_language("en")


def test_lists_numbers_and_keys_in_each_language() -> None:
    want = {"en": ("riichi, tsumo, and pinfu", "7,700", "16.7%", "Enter", "Player"),
            "ja": ("riichi、tsumo、pinfu", "7,700", "16.7%", "Enter", "プレイヤー"),
            "zh_CN": ("riichi、tsumo和pinfu", "7,700", "16.7%", "回车键", "玩家"),
            "ko": ("riichi, tsumo 및 pinfu", "7,700", "16.7%", "Enter", "플레이어"),
            "it": ("riichi, tsumo e pinfu", "7.700", "16,7%", "Invio", "Giocatore")}
    for lang, (listed, points, share, enter, name) in want.items():
        set_language(lang)
        assert join_list(["riichi", "tsumo", "pinfu"]) == listed
        assert (number(7700), percent(1 / 6), key_name(pygame.K_RETURN)) == (points, share, enter)
        assert tr(C_("default player name", "Player")) == name
        assert all(keys.isascii() or lang != "en" for keys, _what in controls())
    set_language("it")
    assert GameSetup().names()[0] == "Giocatore" and series(["E +3.900", "S -3.900"]) == "E +3.900, S -3.900"
    set_language("en")


@pytest.mark.parametrize("lang", ["ja", "zh_CN"])
def test_japanese_and_chinese_lines_never_start_with_a_comma_or_full_stop(make_app, lang: str) -> None:
    """Every longer message of the catalogue wrapped at three widths: no line starts with 、。）」
    or another character the line-breaking rules keep at the end of the line before."""
    make_app(SIZE, lang)
    catalogue = gettext.translation("kawa", catalogue_dir(), languages=[lang])
    texts = [s for key, s in catalogue._catalog.items() if key and isinstance(s, str) and len(s) > 30]  # type: ignore[attr-defined]
    assert len(texts) > 100
    bad = [(width, lines[i - 1][-6:], line[:6]) for s in texts for width in (200, 330, 470)
           for lines in [wrap(s, 16, width)] for i, line in enumerate(lines) if i and line[:1] in NO_LINE_START]
    assert not bad, bad[:5]
    sentence = "山の残りツモ牌は少なく、流局が近い。安全牌を残して、押し引きを考えましょう。"
    assert all("".join(wrap(sentence, 16, width)) == sentence for width in range(60, 400, 7))
    assert not can_break("ロン和了、立直後", 4) and can_break("ロン和了、立直後", 5)


def shrunk(widget: Widget) -> list[tuple[str, int]]:
    """The texts of ``widget`` (its label, each value of a choice) drawn below the readable size."""
    size, found = widget._font_size(), []
    if isinstance(widget, (Button, Checkbox, Choice)) and widget.label:
        room = widget.label_width - 8 if isinstance(widget, Choice) else widget.rect.w - 30
        found.append((tr(widget.label), label_lines(tr(widget.label), size, room, widget.rect.h)[1]))
    if isinstance(widget, Choice):
        room = widget.rect.w - widget.label_width - 2 * (12 + text_width(">", size))
        found += [(tr(words), label_lines(tr(words), size, room, widget.rect.h - 4, True)[1])
                  for _value, words in widget.options]
    return [(words, used) for words, used in found if used < READABLE]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_or_choice_is_shrunk_below_a_readable_size(make_app, lang: str) -> None:
    """The New game screen has the longest labels and values (the uma once shrank to 10 px, Italian
    labels to 11): a text that does not fit at 13 px takes two lines, or is written shorter."""
    app = make_app(SIZE, lang)
    app.push(app.build("title"))
    app.open("new_game", lambda setup: None, 1)
    app.step(1 / 60)
    widgets = {id(w): w for v in vars(app.top).values()
               for w in (v.values() if isinstance(v, dict) else v if isinstance(v, list) else [v])
               if isinstance(w, Widget)}
    assert len(widgets) > 20
    small = [found for w in widgets.values() for found in shrunk(w)]
    assert not small, small


def test_numbers_lists_and_plurals_need_no_locale_library_at_run_time() -> None:
    """Babel is a development tool: the game reads each language's number signs, list patterns and
    plural rule from its compiled catalogue alone."""
    script = ("import sys; sys.modules['babel'] = None\n"
              "from render.i18n import join_list, number, percent, set_language, trn\n"
              "set_language('it')\n"
              "print(number(23700, '+,'), percent(0.167), join_list(['a', 'b', 'c']),"
              " trn('{n} mistake', '{n} mistakes', 1).format(n=1), sep='|')\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "+23.700|16,7%|a, b e c|1 errore"


@pytest.mark.parametrize("lang, name", [("ja", "プレイヤー"), ("it", "Giocatore")])
def test_the_default_name_is_in_the_language_on_settings_and_new_game(make_app, lang: str, name: str) -> None:
    app = make_app(SIZE, lang)
    app.push(app.build("title"))
    app.open("settings")
    assert name in drawn(app) and "Player" not in drawn(app)
    app.pop()
    new_game = app.open("new_game", lambda setup: None, 1)
    assert name in drawn(app) and new_game.setup().names()[0] == name
