"""What a player reads on the result and standings screens is what the engine decided.

The drawing helper records every string rendered in a frame (``recorded_texts``); the test
compares that text with the engine's own result: yaku with their han, dora, fu lines, the
total, the points paid, each seat's payment and score, and the final standing.
"""

from __future__ import annotations

import pytest

from render.app import App
from render.scenes.result import ResultScene
from render.scenes.standings import StandingsScene, score_flow
from render.setup import GameSetup
from render.widgets import recorded_texts, text
from render.words import fu_words, japanese_yaku_name, yaku_words
from tests.client_driver import open_app, run_until

SEED = 21


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.shutdown()


def _read(app: App) -> list[str]:
    """Every string of one full frame of the top screen (a result screen keeps its frame: drawn afresh)."""
    if isinstance(app.top, ResultScene):
        app.top.cache = None
    with recorded_texts() as texts:
        app.top.draw(app.screen)
    return texts


def _next_screen(app: App) -> ResultScene | StandingsScene:
    return run_until(app, lambda: isinstance(app.top, (ResultScene, StandingsScene)) and app.top, 120)


def test_the_result_and_standings_screens_show_what_the_engine_decided(app: App) -> None:
    app.push(app.build("table", GameSetup(seed=SEED, player_name="Ayaka", demo=True,
                                          rules=GameSetup().rules.with_options(game_length="single"))))
    wins_checked = rounded = 0
    while True:
        screen = _next_screen(app)
        texts = _read(app)
        if isinstance(screen, StandingsScene):
            break
        ended = screen.ended
        for seat in range(4):
            delta = ended.deltas[seat]
            assert (f"{delta:+,}" if delta else "0") in texts
            assert f"{ended.scores[seat]:,}" in texts
        for win in (e for e in screen.results if e.type == "won"):
            wins_checked += 1
            unit = "yakuman" if win.yakuman_count else "han"
            for name, han in win.yaku:
                assert yaku_words(name) in texts and f"{han} {unit}" in texts
                japanese = japanese_yaku_name(name)  # beside the English name, where it fits
                assert japanese and (japanese in texts or len(yaku_words(name)) > 24)
            for label, count in (("Dora", win.dora), ("Red fives", win.aka), ("Ura dora", win.ura)):
                assert (label in texts) == bool(count) and (not count or f"{count} han" in texts)
            if not win.yakuman_count:
                total = f"{win.han} han {win.fu} fu"
                assert any(t.startswith(total) for t in texts), total
                for fu, reason in win.score["fu_lines"]:
                    assert fu_words(str(reason)) in texts and str(fu) in texts
                counted = sum(fu for fu, _ in win.score["fu_lines"])
                rounding = f"{counted} fu, rounded up to {win.fu}"
                assert (rounding in texts) == (counted != win.fu), "the fu lines add up to the total shown"
                rounded += counted != win.fu
                assert counted <= win.fu < counted + 10
            assert f"{win.points:,} points" in texts
        app.top.button.click()
    standing = screen.standing
    assert [row["rank"] for row in standing] == [1, 2, 3, 4]
    labels, flow = score_flow(screen.game.events)  # the graph: the start, then every hand's scores
    assert "Scores hand by hand" in texts and labels[0] == "Start" and len(labels) == len(flow) >= 2
    assert flow[0] == (screen.rules.start_points,) * 4
    assert [flow[-1][row["seat"]] for row in standing] == [row["score"] for row in standing]
    for row in standing:
        assert f"{row['rank']}." in texts and f"{row['score']:,}" in texts and f"{row['points']:+.1f}" in texts
    assert wins_checked >= 1 and rounded >= 1


def test_an_exhaustive_draw_shows_each_tenpai_hand_with_its_waits(app: App, monkeypatch) -> None:
    """Seed 3, a single hand: it ends in an exhaustive draw with one seat tenpai. The screen
    shows that hand, then "Waits:" and one tile of each kind the engine says it waits on."""
    from game.hand.shanten import waits
    from game.tiles import counts_of
    app.push(app.build("table", GameSetup(seed=3, player_name="Ayaka", demo=True,
                                          rules=GameSetup().rules.with_options(game_length="single"))))
    screen = _next_screen(app)
    drawn = next(e for e in screen.results if e.type == "drawn_hand")
    assert drawn.draw == "exhaustive" and 0 < len(drawn.tenpai) < 4
    rows: list[list[int]] = []
    real_row = screen.tiles_row
    monkeypatch.setattr(screen, "tiles_row", lambda surf, x, y, tiles, h, marked=None: (
        rows.append(list(tiles)), real_row(surf, x, y, tiles, h, marked))[1])
    texts = _read(app)
    assert texts.count("Waits:") == len(drawn.tenpai)
    for seat in drawn.tenpai:
        held = sorted(drawn.hands[str(seat)])
        expected = waits(counts_of([t >> 2 for t in held]))
        assert expected and held in rows
        assert rows[rows.index(held) + 1] == [k * 4 + 1 for k in expected]


def test_clicking_a_yaku_on_the_result_opens_the_yaku_book_at_it(app: App) -> None:
    from render.scenes.yaku_book import YakuBookScene
    from tests.client_driver import click
    app.push(app.build("table", GameSetup(seed=SEED, player_name="Ayaka", demo=True,
                                          rules=GameSetup().rules.with_options(game_length="single"))))
    while True:
        screen = _next_screen(app)
        assert isinstance(screen, ResultScene), "the game had no win"
        if any(e.type == "won" for e in screen.results):
            break
        screen.button.click()
    _read(app)
    rect, name = screen.yaku_spots[-1]
    click(app, rect.center)
    book = app.top
    assert isinstance(book, YakuBookScene) and book.rules == screen.table.setup.rules
    page = book.shown()[book.scroll:book.scroll + book.per_page()]
    assert name.replace("_", " ") in [e.name.replace("_", " ") for e in page]
    assert screen.auto_time is None  # the watched game waits while the player reads


def test_a_japanese_yaku_name_shown_in_english_is_drawn_with_ink(app: App) -> None:
    """The English face has no kanji and pygame reports them as empty boxes: the CJK face must draw them."""
    name = japanese_yaku_name("riichi")
    assert name == "立直"
    surface = text(name, 24)
    inked = sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
                if surface.get_at((x, y)).a > 0)
    assert inked > 40, "the kanji came out blank"
