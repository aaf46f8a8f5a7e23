"""The statistics: the database (schema, migration, a corrupt file, kills mid-write), the facts of
self-played games read back as a direct count of their events gives, the command and the screen."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.rules import RuleSet
from game.stats.figures import report
from game.table import Game
from render.app import App, AppOptions
from render.input import Input
from render.i18n import tr
from render.scenes import stats as stats_scene
from render.scenes.stats import StatsScene
from render.widgets import recorded_texts
from store.stats import MIGRATIONS, SCHEMA_VERSION, GameInfo, GameRecorder, StatsDB

ROOT = Path(__file__).resolve().parent.parent
EAST = RuleSet().with_options(game_length="east")


def play(db: StatsDB, seed: int, levels: tuple[str, str, str] = ("easy", "easy", "easy"), demo: bool = False,
         stop_after_hands: int | None = None) -> Game:
    """One self-played game (the player's seat played by the easy AI) recorded as the client does."""
    game = Game(EAST, seed)
    players = [make_player("easy", seed, 0)] + [make_player(lv, seed, s) for s, lv in enumerate(levels, 1)]
    recorder = GameRecorder(db, GameInfo(f"test-{seed}", EAST.name, levels, demo, seed))
    recorder.begin(game.events)
    ended = 0
    while not game.finished:
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        events = game.apply(seat, players[seat].decide(view, view.legal_actions))
        recorder.observe(game.events, events)
        ended += sum(1 for ev in events if ev.type == "hand_ended")
        if stop_after_hands is not None and ended >= stop_after_hands:
            break
    assert recorder.error == ""
    return game


def direct_count(games: list[Game], seat: int = 0) -> dict[str, Any]:
    """The figures counted straight from the games' events, without the facts or the database."""
    hands = wins = deal_ins = riichis = calls = tsumos = 0
    win_points: list[int] = []
    places: list[int] = []
    for game in games:
        riichi = called = dealt = False
        for ev in game.events:
            if ev.type == "hand_started":
                riichi = called = dealt = False
            elif ev.type == "riichi_declared" and ev.seat == seat:
                riichi = True
            elif ev.type == "called" and ev.seat == seat and ev.call in ("chi", "pon", "daiminkan"):
                called = True
            elif ev.type == "won" and ev.seat == seat:
                wins += 1
                tsumos += ev.tsumo
                win_points.append(ev.points)
            elif ev.type == "won" and not ev.tsumo and ev.from_seat == seat:
                dealt = True
            elif ev.type == "hand_ended":
                hands += 1
                riichis += riichi
                calls += called
                deal_ins += dealt
            elif ev.type == "game_ended":
                places += [row["rank"] for row in ev.standing if row["seat"] == seat]
    return {"hands": hands, "win_rate": wins / hands, "deal_in_rate": deal_ins / hands,
            "riichi_rate": riichis / hands, "call_rate": calls / hands, "tsumo_share": tsumos / wins,
            "average_win_value": sum(win_points) / wins, "average_placement": sum(places) / len(places),
            "placement_shares": [places.count(p) / len(places) for p in (1, 2, 3, 4)]}


def columns(path: Path, table: str) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def test_a_new_database_has_the_current_schema(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    assert db.games() == [] and db.hands() == [] and db.message == ""
    with sqlite3.connect(db.path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert {"won", "dealt_in", "riichi", "called", "dama", "tsumo", "win_value", "deal_in_value", "tenpai",
            "riichi_result"} <= set(columns(db.path, "hands"))
    assert {"started", "rules", "levels", "demo", "placement", "score", "finished"} <= set(columns(db.path, "games"))


def test_a_version_1_database_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    with sqlite3.connect(path) as conn:
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        conn.execute("INSERT INTO games VALUES (1, 'old', '2026-01-01T00:00:00Z', 'ema', 'normal,normal,normal', 0,"
                     " 1, 41000, 1)")
        conn.executemany("INSERT INTO hands VALUES (1, ?, ?, 0, ?, 0, 0, ?, 0, '', NULL, ?)",
                         [(0, 1, 0, 3900, 3900), (1, 1, 1, 8000, 8000), (2, 0, 0, 0, -1000)])
    db = StatsDB(tmp_path)
    figures = report(db.games(), db.hands())
    assert (figures["games"], figures["hands"], figures["average_placement"]) == (1, 3, 1.0)
    assert figures["dama_rate"] == 0.5  # the closed win without riichi, counted by the migration
    assert db.games()[0]["hands"] == 3
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


@pytest.mark.parametrize("content", [b"this is not a database at all" * 40, b"SQLite format 3\x00" + b"\xff" * 3000])
def test_a_corrupt_database_is_set_aside_reported_and_replaced(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "stats.sqlite3").write_bytes(content)
    db = StatsDB(tmp_path)
    game = play(db, 5, stop_after_hands=1)
    assert "could not be read" in db.message and "stats.corrupt-1.sqlite3" in db.message
    assert (tmp_path / "stats.corrupt-1.sqlite3").read_bytes() == content
    assert len(db.hands()) == 1 and game.events


def test_a_newer_database_is_left_alone_with_a_clear_error(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "stats.sqlite3") as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    recorder = GameRecorder(StatsDB(tmp_path), GameInfo("k", "ema", ("easy",) * 3, False))
    recorder.begin([])
    assert "newer Kawa" in recorder.error
    assert not list(tmp_path.glob("*corrupt*"))


def test_a_kill_during_writes_leaves_no_half_written_game_or_hand(tmp_path: Path) -> None:
    rng = random.Random("stats-kills")
    first = 0
    for round_ in range(8):
        writer = subprocess.Popen([sys.executable, str(ROOT / "tests/stats_writer.py"), str(tmp_path), str(first)],
                                  stdout=subprocess.PIPE, text=True, cwd=ROOT,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert writer.stdout is not None
        writer.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.08))
        writer.kill()
        writer.wait(timeout=10)
        first += 1000
    db = StatsDB(tmp_path)
    with sqlite3.connect(db.path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    games, hands = db.games(), db.hands()
    assert len(games) >= 8 and db.message == ""
    assert any(g["finished"] for g in games) and any(not g["finished"] for g in games)
    for g in games:
        mine = [h for h in hands if h["game_id"] == g["id"]]
        assert g["hands"] == len(mine)
        assert [h["win_value"] for h in mine] == [1000 * g["seed"] + n for n in range(len(mine))]
        assert bool(g["finished"]) == (len(mine) == 5)
        assert g["score"] == (40000 + g["seed"] if g["finished"] else None)


def test_self_played_games_read_back_with_the_figures_of_a_direct_count(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    games = [play(db, seed, levels) for seed, levels in
             zip(range(100, 108), [("easy", "easy", "easy"), ("easy", "normal", "easy")] * 4)]
    got = report(db.games(), db.hands())
    want = direct_count(games)
    assert got["games"] == got["finished_games"] == 8
    for name, value in want.items():
        assert got[name] == pytest.approx(value), name
    assert set(got["by_level"]) == {"easy", "easy+normal"}
    assert got["by_level"]["easy"]["hands"] == direct_count(games[0::2])["hands"]
    assert got["recent"]["20"]["hands"] == want["hands"]
    assert got["placements"] == [next(r["rank"] for r in g.final_standing if r["seat"] == 0) for g in games]


def test_an_unfinished_game_counts_its_hands_and_a_resumed_one_continues_its_row(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    game = play(db, 7, stop_after_hands=2)
    assert [(g["hands"], g["finished"]) for g in db.games()] == [(2, 0)]
    resumed = Game.from_record(game.to_record())
    recorder = GameRecorder(db, GameInfo("another key", EAST.name, ("easy",) * 3, False, 7))
    recorder.begin(resumed.events)
    assert recorder.game_id == db.games()[0]["id"] and len(db.games()) == 1


def test_a_game_left_before_its_first_hand_ended_is_no_game(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    games = [play(db, seed) for seed in (41, 42)]
    left = Game(EAST, 43)  # a game begun and left at its first discard
    recorder = GameRecorder(db, GameInfo("test-43", EAST.name, ("easy",) * 3, False, 43))
    recorder.begin(left.events)
    view = left.view(left.waiting_seats()[0])
    recorder.observe(left.events, left.apply(view.seat, make_player("easy", 43, view.seat).decide(view, view.legal_actions)))
    with db.connect() as conn, conn:  # and a row an older version made as a game began, with no hand
        conn.execute("INSERT INTO games (key, started, rules, levels, demo, seed) VALUES ('old', "
                     "'2026-01-01T00:00:00Z', 'east', 'easy,easy,easy', 0, 9)")
    play(db, 44, stop_after_hands=1)  # a game left after its first hand
    db.close()
    assert len(db.games()) == 4
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    try:
        shown = pairs(stats_screen(app)[1])
        assert shown["Games"] == "2" and shown["Games left unfinished"] == "1"
        assert shown["Hands"] == str(direct_count(games)["hands"] + 1)
    finally:
        app.shutdown()
    out = subprocess.run([sys.executable, "main.py", "stats", "--lang", "en"], capture_output=True, text=True,
                         env={**os.environ, "KAWA_DATA_DIR": str(tmp_path)}, cwd=ROOT, check=True)
    rows = [line.split() for line in out.stdout.splitlines()]
    assert ["games", "2"] == next(r for r in rows if r[:1] == ["games"])[:2]  # the column of all games
    assert ["unfinished", "1"] == next(r for r in rows if r[:3] == ["games", "left", "unfinished"])[2:4]


def test_watched_games_are_left_out_unless_asked_for(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    play(db, 11, stop_after_hands=1)
    play(db, 12, demo=True, stop_after_hands=1)
    assert [g["demo"] for g in db.games()] == [0]
    assert [g["demo"] for g in db.games(include_demo=True)] == [0, 1]


def test_the_client_records_a_watched_game_hand_by_hand(tmp_path: Path) -> None:
    env = {**os.environ, "KAWA_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    subprocess.run([sys.executable, "main.py", "--demo", "--seed", "3", "--pace", "0", "--animations", "off",
                    "--exit-after-hands", "2", "--size", "800x600"], cwd=ROOT, env=env, check=True, timeout=120)
    db = StatsDB(tmp_path)
    assert db.games() == []  # watched games are left out of the player's figures
    (game,) = db.games(include_demo=True)
    assert (game["demo"], game["seed"], game["levels"], game["finished"]) == (1, 3, "normal,normal,normal", 0)
    assert game["hands"] >= 2 and len(db.hands(include_demo=True)) == game["hands"]


def run_stats_command(data: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "stats", *flags], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "KAWA_DATA_DIR": str(data)}, timeout=60)


def test_the_stats_command_prints_the_figures_as_json_and_as_a_table(tmp_path: Path) -> None:
    db = StatsDB(tmp_path)
    games = [play(db, seed) for seed in (21, 22)]
    play(db, 23, demo=True, stop_after_hands=2)
    want = direct_count(games)
    out = run_stats_command(tmp_path, "--json")
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert (figures["games"], figures["hands"]) == (2, want["hands"])
    assert figures["win_rate"] == pytest.approx(want["win_rate"])
    with_demo = json.loads(run_stats_command(tmp_path, "--json", "--include-demo").stdout)
    assert (with_demo["games"], with_demo["hands"]) == (3, want["hands"] + 2)
    table = run_stats_command(tmp_path).stdout.splitlines()
    assert table[1].split()[:3] == ["all", "last", "20"]
    win_line = next(line for line in table if line.startswith("win rate"))
    assert win_line.split()[2] == f"{100 * want['win_rate']:.1f}%"


def test_the_stats_command_reports_a_corrupt_database_and_starts_anew(tmp_path: Path) -> None:
    (tmp_path / "stats.sqlite3").write_text("garbage " * 500)
    out = run_stats_command(tmp_path, "--json")
    assert out.returncode == 0 and "could not be read" in out.stderr and "stats.corrupt-1.sqlite3" in out.stderr
    assert json.loads(out.stdout)["games"] == 0


def stats_screen(app: App) -> tuple[StatsScene, list[str]]:
    """The Statistics screen opened and drawn once its figures are read, with the texts it drew."""
    screen = app.open("stats")
    screen.wait_loaded()
    app.step(1 / 60)
    with recorded_texts() as texts:
        screen.draw(app.screen)
    return screen, list(texts)


def pairs(texts: list[str]) -> dict[str, str]:
    """Each text drawn and the one drawn after it, first occurrence kept (a label and its value)."""
    out: dict[str, str] = {}
    for label, value in zip(texts, texts[1:]):
        out.setdefault(label, value)
    return out


@pytest.mark.parametrize("language", ["en", "it", "ja"])
def test_before_any_review_the_invitation_to_review_stays_inside_its_panel(tmp_path: Path, monkeypatch,
                                                                         language: str) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    play(db, 31)
    db.close()
    drawn: list[tuple[str, Any]] = []
    original = stats_scene.draw_text

    def draw_text(surface: Any, s: str, *args: Any, **kwargs: Any) -> Any:
        rect = original(surface, s, *args, **kwargs)
        drawn.append((s, rect))
        return rect
    monkeypatch.setattr(stats_scene, "draw_text", draw_text)
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False, language=language))
    try:
        screen = app.open("stats")
        screen.wait_loaded()
        app.step(1 / 60)
        drawn.clear()
        screen.draw(app.screen)
        message = tr("Review a game to see your agreement with the AI")
        column = screen.chart_rects[3]
        lines = [(s, rect) for s, rect in drawn if s and s in message and rect.y > column.centery]
        joiner = " " if " " in message else ""  # Japanese wraps between characters
        assert joiner.join(s for s, _ in lines) == message  # every word is shown, in order
        assert len(lines) > 1  # wrapped: in one line it runs out of the window at this size
        assert all(column.left <= rect.left and rect.right <= column.right for _, rect in lines)
        no_drill = next(rect for s, rect in drawn if s == tr("No drill answered yet"))
        assert all(no_drill.right < rect.left for _, rect in lines)  # the two texts beside each other do not meet
    finally:
        app.shutdown()


def test_the_stats_screen_shows_the_figures_the_toggle_and_hover_values(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    db = StatsDB(tmp_path)
    games = [play(db, seed) for seed in (31, 32, 33)]
    play(db, 34, demo=True, stop_after_hands=1)
    db.close()
    want = direct_count(games)
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    try:
        app.open("title")
        title = app.top
        next(b for b in title.buttons if b.label == "Statistics").click()
        screen = app.top
        assert isinstance(screen, StatsScene)
        screen.wait_loaded()
        app.step(1 / 60)
        with recorded_texts() as texts:
            screen.draw(app.screen)
        shown = pairs(texts)
        assert shown["Games"] == "3" and shown["Games left unfinished"] == "0"
        assert shown["Hands"] == str(want["hands"])
        assert shown["Win rate"] == f"{100 * want['win_rate']:.1f}%"
        assert shown["Average placement"] == f"{want['average_placement']:.2f}"
        screen.handle(Input("press", intent="choose", pos=screen.demo_box.rect.center))
        screen.wait_loaded()
        with recorded_texts() as texts:
            screen.draw(app.screen)
        shown = pairs(texts)
        assert shown["Games"] == "3" and shown["Games left unfinished"] == "1"  # the watched game left after a hand
        for rect, tip in screen.zones:
            if tip.startswith("1st:"):
                screen.handle(Input("move", pos=rect.center))
                break
        with recorded_texts() as texts:
            screen.draw(app.screen)
        firsts = round(want["placement_shares"][0] * 3)
        assert any(t.startswith(f"1st: {firsts} game{'' if firsts == 1 else 's'} (") for t in texts)
    finally:
        app.shutdown()
