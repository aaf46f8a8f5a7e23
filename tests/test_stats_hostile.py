"""The statistics under stress: a database another program holds, values of the wrong type, a table
gone, hands that cannot be written, kept mistakes that are not problems. The player's history is
never moved or lost, the figures of the good rows are shown, and what was left out is said."""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

import store.stats as stats_store
from cli import stats as stats_command
from game.ai import make_player
from game.ai.position import Position
from game.drills.mistakes import MistakeProblem
from game.stats.figures import report
from game.table import Game
from render.app import App, AppOptions
from render.charts import moving_average, placement_line
from render.input import Input
from render.scenes.practice import PracticeScene
from render.session import stats_recorder
from render.setup import GameSetup
from render.widgets import recorded_texts
from store.stats import MIGRATIONS, GameInfo, GameRecorder, StatsDB
from tests.client_driver import open_app, run_until
from tests.test_stats import EAST, play, stats_screen

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def short_wait(monkeypatch) -> None:
    """A held database is waited for a tenth of a second here (two seconds in the game)."""
    monkeypatch.setattr(stats_store, "BUSY_SECONDS", 0.1)


@contextmanager
def held(path: Path) -> Iterator[None]:
    """The database held by another program, as a second Kawa or a backup tool holds it."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("COMMIT")
        holder.close()


def stats_run(capsys, *flags: str) -> tuple[int, str, str]:
    args = argparse.Namespace(json="--json" in flags, include_demo=False, lang=None)
    code = stats_command.run(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_database_another_program_holds_is_reported_busy_and_never_moved(tmp_path: Path, monkeypatch,
                                                                           capsys) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    play(db, 41)
    db.close()
    with held(db.path):
        code, _, err = stats_run(capsys)
        assert code == 1 and "in use by another program" in err and "Traceback" not in err
        app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
        try:
            screen = app.open("stats")
            screen.wait_loaded()
            assert "in use by another program" in screen.notice and screen.figures is None
        finally:
            app.shutdown()
    assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []
    code, out, _ = stats_run(capsys, "--json")
    assert code == 0 and json.loads(out)["games"] == 1  # the game is still there once the other program lets go


def hand_by_hand(game: Game, players: list[Any], recorder: GameRecorder, hands: int) -> int:
    """Play on until ``hands`` more hands have ended; the number of hands ended in all."""
    ended = 0
    while ended < hands and not game.finished:
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        events = game.apply(seat, players[seat].decide(view, view.legal_actions))
        recorder.observe(game.events, events)
        ended += sum(1 for ev in events if ev.type == "hand_ended")
    return sum(1 for ev in game.events if ev.type == "hand_ended")


def game_recorded(db: StatsDB, key: str, seed: int) -> tuple[Game, list[Any], GameRecorder, list[str]]:
    """A game of the easy AI recorded as the client records it, its first hand played; what it told."""
    told: list[str] = []
    recorder = GameRecorder(db, GameInfo(key, EAST.name, ("easy",) * 3, False, seed), on_error=lambda e: told.append(str(e)))
    game = Game(EAST, seed)
    players = [make_player("easy", seed, s) for s in range(4)]
    recorder.begin(game.events)
    hand_by_hand(game, players, recorder, 1)
    return game, players, recorder, told


def test_hands_that_cannot_be_written_are_told_once_and_written_with_the_next(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    game, players, recorder, told = game_recorded(db, "busy-game", 7)
    db.close()
    with held(db.path):
        hand_by_hand(game, players, recorder, 2)
    assert len(told) == 1 and "in use by another program" in told[0]  # once, not at every hand
    ended = hand_by_hand(game, players, recorder, 1)
    assert recorder.error == ""
    assert [h["number"] for h in StatsDB(tmp_path).hands()] == list(range(ended))  # the hands missed are in


def test_a_new_game_with_a_held_database_is_played_and_the_player_told(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    play(db, 42)
    db.close()
    told: list[str] = []
    with held(db.path):
        recorder = stats_recorder(GameSetup(seed=3), told.append)
        recorder.begin(Game(EAST, 3).events)
    assert len(told) == 1 and "in use by another program" in told[0] and "next hand" in told[0]
    assert not list(tmp_path.glob("stats.corrupt*"))


def version_3(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    for statements in MIGRATIONS[:3]:
        for statement in statements:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 3")
    return conn


def hand_row(game_id: int, number: int, **values: Any) -> tuple[Any, ...]:
    row = {"won": 1, "dealt_in": 0, "riichi": 0, "called": 0, "tsumo": 0, "win_value": 3900, "deal_in_value": 0,
           "draw": "", "tenpai": None, "delta": 3900, "dama": 1, "riichi_result": None, **values}
    return (game_id, number, *row.values())


HAND_SQL = ("INSERT INTO hands (game_id, number, won, dealt_in, riichi, called, tsumo, win_value, deal_in_value, draw,"
            " tenpai, delta, dama, riichi_result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
GAME_SQL = "INSERT INTO games (id, key, started, rules, levels, placement, score, finished) VALUES (?, ?, ?, ?, ?, ?, ?, 1)"


def hostile_history(path: Path) -> None:
    """Two good games and rows of every wrong kind the probe wrote."""
    conn = version_3(path)
    conn.executemany(GAME_SQL, [(1, "a", "2026-01-01", "ema", "normal,normal,normal", 1, 40000),
                                (2, "b", "2026-01-02", "ema", "easy,easy,easy", 3, 20000),
                                (3, "c", "2026-01-03", "ema", "easy,easy,easy", 7, 20000),  # placement 7
                                (4, "d", "2026-01-04", "ema", "easy,easy,easy", "first", 20000),
                                (5, "e", "2026-01-05", "ema", b"\x00\x01", 2, 20000),  # a BLOB
                                (6, "f", "2026-01-06", "ema", "easy,easy,easy", 2, "lots")])
    conn.executemany(HAND_SQL, [hand_row(1, 0), hand_row(1, 1, won=0, win_value=0, dama=0, delta=-1000),
                                hand_row(2, 0, won=0, dealt_in=1, win_value=0, deal_in_value=8000, dama=0),
                                hand_row(2, 1, won="yes"), hand_row(2, 2, won=b"\x01"),
                                hand_row(2, 3, win_value=9.5e300), hand_row(2, 4, riichi=1, riichi_result="lost")])
    conn.execute("INSERT INTO drill_answers (drill, level, seed, correct, answered) VALUES ('waits', 'easy', 1, 1, 'x'),"
                 " ('waits', 'easy', 2, 'maybe', 'x')")
    conn.execute("INSERT INTO reviews VALUES ('a', 0, '2026', 0.75, 40, 1), ('b', 0, '2026', 'NaN', 40, 1),"
                 " ('c', 9, '2026', 0.5, 40, 1)")
    conn.close()


def test_values_of_the_wrong_type_are_left_out_counted_and_the_rest_shown(tmp_path: Path, monkeypatch,
                                                                          capsys) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    hostile_history(tmp_path / "stats.sqlite3")
    code, out, err = stats_run(capsys, "--json")
    figures = json.loads(out)
    assert code == 0 and "Traceback" not in err
    assert (figures["games"], figures["hands"], figures["average_placement"]) == (2, 3, 2.0)
    assert figures["win_rate"] == pytest.approx(1 / 3) and figures["deal_in_rate"] == pytest.approx(1 / 3)
    assert figures["drills"]["waits"]["answered"] == 1 and figures["review_agreement"] == [0.75]
    left_out = 4 + 4 + 1 + 2  # games, hands, drill answers, reviews
    assert figures["skipped"] == left_out
    assert f"could not be read are left out: {left_out}." in err
    assert not list(tmp_path.glob("stats.corrupt*"))  # a readable database with bad rows is never set aside
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    try:
        screen, texts = stats_screen(app)
        assert f"could not be read are left out: {left_out}." in screen.notice and "Games" in texts
        assert screen.figures is not None and screen.figures["games"] == 2
    finally:
        app.shutdown()


def test_a_current_database_with_bad_kept_counts_or_a_table_gone_still_reads(tmp_path: Path, capsys,
                                                                             monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    play(db, 43)
    play(db, 44)
    db.close()
    with sqlite3.connect(db.path) as conn:
        conn.execute("UPDATE games SET n_wins = 'many' WHERE key = 'test-44'")
        conn.execute("DROP TABLE reviews")
        conn.execute("DROP TABLE mistakes")
    code, out, err = stats_run(capsys, "--json")
    assert code == 0 and "no such table" not in err
    figures = json.loads(out)
    assert figures["games"] == 1 and figures["skipped"] == 1 and figures["review_agreement"] == []
    with sqlite3.connect(db.path) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"reviews", "mistakes"} <= tables  # made again, empty
    StatsDB(tmp_path).record_review("g", 0, 0.5, 10, [])  # and used at once


def test_the_figures_summed_in_the_database_are_those_counted_hand_by_hand(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    for seed, levels in ((51, ("easy",) * 3), (52, ("easy", "normal", "easy")), (53, ("easy",) * 3)):
        play(db, seed, levels)
    summed = db.report()
    counted = report(db.games(), db.hands())
    assert summed.pop("skipped") == 0
    assert rounded(summed) == rounded(counted) and counted["games"] == 3


def rounded(value: Any) -> Any:
    """Figures with their fractions rounded (a sum divided in SQL and in Python may differ in the last bit)."""
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return round(value, 9) if isinstance(value, float) else value


def test_the_command_reads_a_database_of_an_older_version_with_bad_rows(tmp_path: Path) -> None:
    hostile_history(tmp_path / "stats.sqlite3")
    done = subprocess.run([sys.executable, "main.py", "stats"], cwd=ROOT, capture_output=True, text=True,
                          env={"KAWA_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "left out: 11." in done.stderr and "average placement" in done.stdout


def kept_problem(hand: tuple[int, ...] = tuple(range(0, 56, 4))) -> str:
    pos = Position(seat=0, hand=hand, melds=((),) * 4, discards=((),) * 4, dora_indicators=(100,), dealer=0)
    return MistakeProblem(pos, chosen=0, options=((12, 1500.0), (0, 900.0)), kind="efficiency").to_json()


def test_kept_mistakes_that_are_not_problems_are_left_out_of_the_drill(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    db.record_review("g", 0, 0.5, 40, [(kept_problem(), 900.0), (kept_problem((500,) + tuple(range(0, 52, 4))), 800.0),
                                       ("[" * 5000 + "]" * 5000, 700.0), ('{"seat": 0}', 600.0)])
    db.close()
    app = App(AppOptions(size=(1280, 800), pace=0, animations="off", save_games=False))
    try:
        app.open("practice", None, 3)
        scene = app.top
        assert isinstance(scene, PracticeScene)
        scene.wait_problem()
        for _ in range(4):  # every kept mistake is met in turn
            scene.choose_drill("mistakes")
            scene.wait_problem()
            with recorded_texts():
                scene.draw(app.screen)
            assert isinstance(scene.problem, MistakeProblem) and 500 not in scene.problem.position.hand
        assert "could not be read are left out" in scene.notice
    finally:
        app.shutdown()


@pytest.mark.parametrize("harm", ["DROP TABLE hands", "DROP TABLE games"])
def test_a_table_lost_during_a_game_is_made_again_and_the_game_recorded_whole(tmp_path: Path, harm: str) -> None:
    db = StatsDB(tmp_path)
    game, players, recorder, told = game_recorded(db, "lost-table", 8)
    with sqlite3.connect(db.path) as conn:  # another program harms the file between two hands
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute(harm)
    hand_by_hand(game, players, recorder, 1)
    ended = hand_by_hand(game, players, recorder, 1)
    assert len(told) == 1 and "no such table" in told[0] and recorder.error == ""
    assert [h["number"] for h in StatsDB(tmp_path).hands()] == list(range(ended))
    assert [g["key"] for g in StatsDB(tmp_path).games()] == ["lost-table"]


def test_a_placement_chart_of_100000_games_draws_one_game_a_pixel_column() -> None:
    surface = pygame.Surface((600, 300))
    placements = [1 + (i * 7) % 4 for i in range(100_000)]
    zones = placement_line(surface, pygame.Rect(0, 0, 600, 300), "Placement", placements, 10,
                           "game {game}: {place} ({average})", "none", "{average}", ("1st", "2nd", "3rd", "4th"), 14)
    assert 0 < len(zones) <= 600  # not one zone (and dot) per game
    assert zones[0][1].startswith("game 1:") and zones[-1][1].startswith("game 100000:")
    assert moving_average(placements, 10)[-1] == sum(placements[-10:]) / 10


def frames(app: App, n: int = 5) -> list[str]:
    """What the window shows over ``n`` frames (each frame drawn whole)."""
    texts: list[str] = []
    for _ in range(n):
        app.step(1 / 60)
        with recorded_texts() as drawn:
            app.top.draw(app.screen)
        texts += drawn
    return texts


def test_practice_with_a_held_database_goes_on_drawing_then_shows_the_figures_once_free(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(stats_store, "BUSY_SECONDS", 120.0)  # held far longer than the test looks
    db = StatsDB(tmp_path)
    db.record_review("g", 0, 0.5, 40, [(kept_problem(), 900.0)])
    db.record_drill("discard", "easy", 1, True)
    db.close()
    app = App(AppOptions(size=(1280, 800), pace=0, animations="off", save_games=False))
    try:
        with held(db.path):
            scene = app.open("practice", None, 3)  # returns at once: the database is waited for elsewhere
            assert isinstance(scene, PracticeScene)
            while scene.problem is None:  # the discard drill needs no statistics: dealt while they wait
                scene.wait_problem(0.05)
                frames(app, 1)
            texts = frames(app)
            assert texts.count("Reading the statistics\u2026") == 5 and "What to discard" in texts
            scene.choose_drill("mistakes")
            assert frames(app).count("Reading the statistics\u2026") == 10  # the figures line and the problem
        scene.wait_problem()
        texts = frames(app, 1)
        assert isinstance(scene.problem, MistakeProblem) and "No answers yet in this drill" in texts
        assert not any("in use by another program" in t for t in texts)
        scene.choose_drill("discard")
        scene.wait_problem()
        assert "1 answered, 100% right, streak 1 (best 1)" in frames(app, 1)
    finally:
        app.shutdown()


def test_practice_with_a_held_database_says_so_and_writes_the_answers_once_free(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    db.record_review("g", 0, 0.5, 40, [(kept_problem(), 900.0)])
    db.close()
    busy = ("The statistics are in use by another program (another Kawa?): they are left as they are; "
            "try again in a moment.")
    app = App(AppOptions(size=(1280, 800), pace=0, animations="off", save_games=False))
    try:
        with held(db.path):
            scene = app.open("practice", None, 3)
            scene.choose_drill("mistakes")
            scene.wait_problem()
            texts = frames(app, 1)
            assert busy in texts and scene.problem is None  # in the problem's place, once
            assert texts.count(busy) == 1 and "No answers yet in this drill" not in texts
            scene.choose_drill("discard")
            scene.wait_problem()
            scene.pick_tile(scene.problem.best()[0].kind)
            scene.wait_problem()
            texts = frames(app, 1)
            assert busy in texts and "Right!" in texts
            scene.choose_drill("mistakes")
            scene.wait_problem()
            assert busy in frames(app, 1) and scene.problem is None
        assert StatsDB(tmp_path).drill_answers() == []
        scene.handle(Input("key", intent="confirm"))  # tried again once the database is free: the kept mistake
        scene.wait_problem()
        assert isinstance(scene.problem, MistakeProblem) and not any(busy in t for t in frames(app, 1))
        scene.pick_tile(12)
        scene.wait_problem()
        rows = StatsDB(tmp_path).drill_answers()
        assert [(r["drill"], r["correct"]) for r in rows] == [("discard", 1), ("mistakes", 1)]
        assert StatsDB(tmp_path).open_mistakes()[0]["times_right"] == 1
    finally:
        app.shutdown()


def test_a_hand_a_held_database_cannot_take_is_told_at_the_table_and_written_once_free(tmp_path: Path,
                                                                                      monkeypatch) -> None:
    app = open_app(tmp_path, monkeypatch)
    db = StatsDB(tmp_path / "data")
    db.open()
    db.close()
    try:
        with held(db.path):
            table = app.open("table", GameSetup(seed=3, player_name="Demo AI", demo=True))
            run_until(app, lambda: any("could not be recorded" in m for m in app.messages), 60)
            app.step(1 / 60)
            told = " ".join(frames(app, 1))
            assert "This hand could not be recorded in the statistics" in told and "in use by another program" in told
        run_until(app, lambda: len(table.control.session.game.hand_results) >= 3, 60)
        app.goto("title")  # the game left: every hand it finished is in the statistics
        ended = len(table.control.session.game.hand_results)
        assert [h["number"] for h in StatsDB(tmp_path / "data").hands(include_demo=True)] == list(range(ended))
        assert sum("could not be recorded" in m for m in app.messages) == 1  # told once
        assert not list((tmp_path / "data").glob("stats.corrupt*"))
    finally:
        app.shutdown()


def test_a_corrupt_file_read_twice_at_once_is_set_aside_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    (tmp_path / "stats.sqlite3").write_bytes(b"not a database at all" * 100)
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    try:
        screen = app.open("stats")
        screen.toggle_demo(True)  # a second reading while the first one runs
        screen.wait_loaded()
        assert "it was moved to" in screen.notice and screen.figures is not None
    finally:
        app.shutdown()
    assert sorted(p.name for p in tmp_path.glob("stats.corrupt*")) == ["stats.corrupt-1.sqlite3"]
