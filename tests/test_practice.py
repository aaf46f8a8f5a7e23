"""The Practice screen as a player meets it: problems shown, answers checked, figures kept."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.drills import defence_problem, discard_problem, scoring_problem, waits_problem
from game.drills.mistakes import MistakeProblem, mistake_problem
from game.logs.from_game import record_from_game
from game.ai import make_player
from game.review import review_game
from game.stats.level_rates import level_rates
from game.rules import RuleSet
from game.table import Game
from render.app import App, AppOptions
from render.drill_words import payment_words
from render.i18n import set_language
from render.input import Input
from render.review_job import keep_review
from render.scenes.practice import PracticeScene
from render.scenes.stats import read_level_rates
from render.widgets import recorded_texts
from render.words import tile_words
from store.stats import StatsDB


@pytest.fixture
def app(tmp_path: Path, monkeypatch) -> Any:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    app = App(AppOptions(size=(1280, 800), pace=0, animations="off", save_games=False))
    yield app
    app.shutdown()


def practice(app: Any, drill: str = "discard", level: str = "easy", seed: int = 100) -> PracticeScene:
    app.open("practice", None, seed)
    scene = app.top
    assert isinstance(scene, PracticeScene)
    scene.wait_problem()
    if level != scene.level:
        scene.choose_level(level)
        scene.wait_problem()
    if drill != scene.drill:
        scene.choose_drill(drill)
        scene.wait_problem()
    return scene


def drawn(app: Any, scene: PracticeScene) -> list[str]:
    with recorded_texts() as texts:
        scene.draw(app.screen)
    return list(texts)


def click_tile(scene: PracticeScene, kind: int, what: str = "tile") -> None:
    rect = next(r for r, hit in scene.hits if hit == (what, kind))
    scene.handle(Input("press", intent="choose", pos=rect.center))


def key(scene: PracticeScene, intent: str) -> None:
    scene.handle(Input("key", intent=intent))


def test_practice_opens_from_the_title_and_deals_the_discard_problem_of_its_seed(app):
    app.open("title")
    next(b for b in app.top.buttons if b.label == "Practice").click()
    scene = app.top
    assert isinstance(scene, PracticeScene)
    scene.wait_problem()
    texts = drawn(app, scene)
    assert any("Which discard" in t for t in texts)
    assert len(scene.problem.tiles) == 14 and scene.answer is None


def test_the_best_discard_clicked_is_right_and_counted(app):
    scene = practice(app, seed=200)
    problem = discard_problem(scene.seed, "easy")
    assert scene.problem == problem
    drawn(app, scene)
    best = problem.best()[0]
    click_tile(scene, best.kind)
    texts = drawn(app, scene)
    assert "Right!" in texts
    assert any(t.startswith(f"{tile_words(best.kind)}:") and f"{best.total} tiles" in t for t in texts)
    assert "1 answered, 100% right, streak 1 (best 1)" in texts
    key(scene, "confirm")  # the next problem
    scene.wait_problem()
    drawn(app, scene)
    worst = scene.problem.options[-1]
    click_tile(scene, worst.kind)
    texts = drawn(app, scene)
    assert "Not the best." in texts
    assert "2 answered, 50% right, streak 0 (best 1)" in texts


def test_defence_answer_names_what_protects_each_tile(app):
    scene = practice(app, "defence", seed=300)
    problem = defence_problem(scene.seed, "easy")
    assert scene.problem.best() == problem.best()
    drawn(app, scene)
    assert any(t.endswith("riichi") for t in drawn(app, scene))
    # keyboard: walk to the safest tile, then Enter
    kinds = scene.hand_kinds()
    target = problem.best()[0]
    for _ in range(kinds.index(target)):
        key(scene, "right")
    key(scene, "confirm")
    texts = drawn(app, scene)
    assert "Right!" in texts
    assert any(t.startswith(f"{tile_words(target)}: genbutsu") for t in texts)


def test_waits_are_marked_then_checked_with_what_was_missed(app):
    scene = practice(app, "waits", "hard", seed=400)
    problem = waits_problem(scene.seed, "hard")
    assert scene.problem == problem
    drawn(app, scene)
    for kind in problem.waits[1:]:
        click_tile(scene, kind, "wait")
    key(scene, "confirm")
    texts = drawn(app, scene)
    assert "Not right." in texts
    assert f"Missed: {tile_words(problem.waits[0])}" in texts
    key(scene, "confirm")
    scene.wait_problem()
    drawn(app, scene)
    for kind in scene.problem.waits:
        click_tile(scene, kind, "wait")
    scene.check.click()
    assert "Right!" in drawn(app, scene)


def test_scoring_needs_han_fu_and_points_and_shows_the_engines_breakdown(app):
    scene = practice(app, "scoring", seed=500)
    problem = scoring_problem(scene.seed, "easy")
    won = problem.won
    drawn(app, scene)
    scene.check.click()
    assert "Choose the han, the fu and the points first." in drawn(app, scene)
    for row, value in (("han", won.han), ("fu", won.fu), ("points", problem.payment)):
        rect = next(r for r, hit in scene.hits if hit == (row, value))
        scene.handle(Input("press", intent="choose", pos=rect.center))
    scene.check.click()
    texts = drawn(app, scene)
    assert "Right!" in texts
    assert any(t.endswith(f"=  {payment_words(problem.payment)}") and t.startswith(f"{won.han} han {won.fu} fu")
               for t in texts)


def test_answers_are_kept_in_the_database_per_drill(app, tmp_path):
    scene = practice(app, seed=600)
    drawn(app, scene)
    click_tile(scene, scene.problem.best()[0].kind)
    scene.choose_drill("waits")
    scene.wait_problem()
    drawn(app, scene)
    scene.check.click()  # nothing marked: wrong
    scene.wait_problem()  # the answers are written in the background
    rows = StatsDB(tmp_path).drill_answers()
    assert [(r["drill"], r["level"], r["correct"]) for r in rows] == [("discard", "easy", 1), ("waits", "easy", 0)]


def _own_review(tmp_path: Path) -> tuple[Any, Any]:
    """A game played by a weak seat 0 among strong ones, kept like the window keeps games, and reviewed."""
    game = Game(RuleSet(), 11)
    players = [make_player("easy", 11, 0)] + [make_player("strong", 11, s) for s in (1, 2, 3)]
    while not game.finished and game.hand_index < 3:
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        game.apply(seat, players[seat].decide(view, view.legal_actions))
    record = record_from_game(game, ("You", "A", "B", "C"), source=str(tmp_path / "games" / "g.json"))
    return record, review_game(record, 0)


def test_a_reviewed_games_mistakes_come_back_until_answered_right_twice(app, tmp_path):
    (tmp_path / "games").mkdir()
    record, review = _own_review(tmp_path)
    kept = [p for d in review.decisions if (p := mistake_problem(d)) is not None]
    assert kept, "an easy seat among strong ones makes discard mistakes"
    assert keep_review(review, record) is None
    db = StatsDB(tmp_path)
    assert db.reviews()[0]["agreement"] == pytest.approx(review.agreement)
    assert len(db.open_mistakes()) == len(kept)
    scene = practice(app, "mistakes")
    problem = scene.problem
    assert isinstance(problem, MistakeProblem)
    drawn(app, scene)
    click_tile(scene, problem.options[0][0])
    texts = drawn(app, scene)
    assert "Right!" in texts and f"In the game you threw {tile_words(problem.chosen)}." in texts
    scene.wait_problem()
    mid = scene.mistake_id
    assert next(m for m in StatsDB(tmp_path).open_mistakes() if m["id"] == mid)["times_right"] == 1
    StatsDB(tmp_path).answer_mistake(mid, True)
    assert all(m["id"] != mid for m in StatsDB(tmp_path).open_mistakes())


def test_no_kept_mistakes_says_how_to_get_them(app):
    scene = practice(app, "mistakes")
    texts = drawn(app, scene)
    assert any(t.startswith("No mistakes kept yet.") for t in texts)
    key(scene, "page_down")  # Page Down moves to the next drill, round to the first
    assert scene.drill == "discard"


def test_the_stats_screen_shows_each_drills_accuracy_and_the_review_agreement(app, tmp_path):
    db = StatsDB(tmp_path)
    for correct in (1, 1, 0, 1):
        db.record_drill("waits", "hard", 1, bool(correct))
    db.record_review("g1", 0, 0.5, 40, [])
    db.record_review("g2", 0, 0.75, 44, [])
    db.close()
    app.open("stats")
    screen = app.top
    screen.wait_loaded()
    app.step(1 / 60)
    with recorded_texts() as texts:
        screen.draw(app.screen)
    assert "Waits: 75.0% of 4, streak 1" in texts
    assert "Agreement with the AI: 75.0%" in texts
    tips = [tip for _, tip in screen.zones]
    assert "Waits: 3 right of 4, best streak 2" in tips
    assert "Reviewed game 1: 50.0% agreement" in tips


def test_the_stats_command_prints_the_drills_and_the_review_agreement(tmp_path):
    db = StatsDB(tmp_path)
    for correct in (0, 1, 1):
        db.record_drill("scoring", "hard", 9, bool(correct))
    db.record_review("g1", 0, 0.8, 30, [])
    db.close()
    env = {**os.environ, "KAWA_DATA_DIR": str(tmp_path)}
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "main.py", "stats", "--json"], cwd=root, env=env, capture_output=True,
                         text=True, check=True).stdout
    data = json.loads(out)
    assert data["drills"]["scoring"]["correct"] == 2 and data["drills"]["scoring"]["best_streak"] == 2
    assert data["review_agreement"] == [0.8]
    text = subprocess.run([sys.executable, "main.py", "stats"], cwd=root, env=env, capture_output=True, text=True,
                          check=True).stdout
    assert "drill scoring: 2 of 3 right (66.7%), streak 2, best 2" in text


def test_the_rates_chart_shows_the_ai_levels_measured_rates(app, tmp_path):
    kept = read_level_rates()
    assert set(kept) == {"easy", "normal", "strong"}
    # the file is what the measuring script prints: the first level's figures measured again agree
    command = json.loads((Path(__file__).resolve().parent.parent / "assets" / "level_rates.json").read_text())
    assert command["levels"]["easy"]["hands"] > 1000
    small = level_rates("easy", 8, seed=2)
    assert small["hands"] >= 32 and 0 <= small["call_rate"] <= 1
    app.open("stats")
    screen = app.top
    screen.wait_loaded()
    app.step(1 / 60)
    with recorded_texts():
        screen.draw(app.screen)
    tip = next(t for _, t in screen.zones if t.startswith("Win: you"))
    assert f"Strong {100 * kept['strong']['win_rate']:.1f}%" in tip
    assert f"Easy {100 * kept['easy']['win_rate']:.1f}%" in tip
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert read_level_rates(tmp_path / "broken.json") == {}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_corrupt_statistics_file_is_told_on_the_stats_screen_in_the_players_language(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    (tmp_path / "stats.sqlite3").write_bytes(b"this is not a database" * 100)
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False, language=lang))
    try:
        app.open("stats")
        screen = app.top
        screen.wait_loaded()
        app.step(1 / 60)
        with recorded_texts() as texts:
            screen.draw(app.screen)
        told = next(t for t in texts if "stats.corrupt-1.sqlite3" in t)
        english = "The statistics file could not be read: it was moved to"
        assert (english in told) == (lang == "en")
        assert (tmp_path / "stats.corrupt-1.sqlite3").exists()
    finally:
        app.shutdown()
        set_language("en")


def test_a_statistics_file_from_a_newer_kawa_is_left_alone_and_said_so(tmp_path, monkeypatch):
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    with sqlite3.connect(tmp_path / "stats.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 99")
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    try:
        scene = practice(app)
        texts = drawn(app, scene)
        assert "The statistics were written by a newer Kawa: they are left as they are and not shown." in texts
    finally:
        app.shutdown()
