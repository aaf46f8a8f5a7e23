"""The AI review in the client, headless: Review on a kept game shows the engine's agreement and the
mistakes by cost, a mistake clicked opens the replay at that choice, N / P walk the mistakes in the
order of the game, the progress bar shows while the review runs and Esc stops waiting."""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

import pygame
import pytest

import render.review_job
import store.stats
from game.ai.policy import shipped_shares
from game.ai.player import make_player
from game.logs.record import RecordedGame
from game.review import Decision, Review, review_game, same_choice
from game.rules import EMA
from game.table import Game
from render.app import App
from render.review_words import shares_words
from render.scenes.games import GamesScene
from render.scenes.review_report import ReviewReportScene, ReviewWaitScene
from render.scenes.viewer import ViewerScene
from render.widgets import recorded_texts
from store.games import GameShelf, header_for
from store.records import record_of_kawa_game
from store.stats import StatsDB
from tests.client_driver import click, draw_frame, open_app, press, run_until

SEED = 11
"""Seat 0 played by the easy AI: the strong AI finds a few dozen mistakes."""


def _played() -> Game:
    game = Game(EMA, SEED)
    players = [make_player(level, SEED, s) for s, level in enumerate(("easy", "normal", "normal", "normal"))]
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        game.apply(seat, players[seat].decide(game.view(seat), game.legal_actions(seat)))
    return game


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    return _played().to_record()


def _games(tmp_path: Any, monkeypatch: Any, record: dict[str, Any]) -> tuple[App, GamesScene, RecordedGame]:
    """The app on the Games screen with one kept game; the game's record as the screen reads it."""
    app = open_app(tmp_path, monkeypatch, size=(1280, 800))
    shelf = GameShelf()
    shelf.keep(record, header_for(record, ["You", "Ann", "Bo", "Cy"], ["player", "normal", "normal", "normal"],
                                  [25000] * 4, True, False, 2, 1_700_000_000))
    kept = shelf.list()[0]
    app.push(app.build("title"))
    games = app.open("games")
    games.wait_listed()
    assert isinstance(games, GamesScene)
    return app, games, record_of_kawa_game(shelf.record(kept), kept.path, tuple(kept.names), unfinished=True)


def _texts(app: App) -> list[str]:
    with recorded_texts() as texts:
        draw_frame(app)
    return list(texts)


def _report(app: App, games: GamesScene) -> ReviewReportScene:
    click(app, games.buttons["review"].rect.center)
    report = run_until(app, lambda: isinstance(app.top, ReviewReportScene) and app.top, 30)
    assert isinstance(report, ReviewReportScene)
    return report


def _check_at(viewer: ViewerScene, record: RecordedGame, d: Decision) -> None:
    """The replay shows the moment of decision ``d``, read from the record: its hand, the seat to choose
    with the choice it made among its options, and the record's next step (unless a pass) that choice."""
    pos = viewer.position
    hand = record.hands[pos.hand]
    assert (hand.hand_index, hand.honba) == (d.hand_index, d.honba)
    assert viewer.me == 0 and any(same_choice(a, d.actual) for a in pos.views[0].legal_actions)
    following = [s for s in hand.steps[pos.step:] if s.kind != "dora"]
    if d.actual.type in ("discard", "riichi", "shouminkan", "chi", "pon", "daiminkan"):
        step = following[0]
        assert step.seat == 0 and step.tile is not None and d.actual.tile is not None
        assert step.tile >> 2 == d.actual.tile >> 2
        assert step.kind == ("discard" if d.actual.type == "riichi" else d.actual.type)


def _mistake_lines(texts: list[str]) -> list[str]:
    return [t for t in texts if t.endswith(" pts")]


def test_the_review_button_reports_the_engines_agreement_and_the_mistakes_by_cost(tmp_path, monkeypatch, played):
    app, games, record = _games(tmp_path, monkeypatch, played)
    expected: Review = review_game(record, 0, shares=shipped_shares())  # the screen reads the shipped model too
    report = _report(app, games)
    texts = _texts(app)
    summary = expected.summary()
    assert f"{100 * expected.agreement:.0f}%" in texts
    assert f"{summary['severity']['agree']} of {summary['decisions']} decisions" in texts
    assert f"{summary['severity']['mistake']} mistakes, {summary['severity']['slip']} slips" in texts
    assert f"{round(summary['cost']):,}" in texts  # the chart's running total, as the summary rounds it
    mistakes = expected.mistakes()
    assert len(mistakes) >= 5
    assert f"Mistakes, costliest first ({len(mistakes)})" in texts
    shown = _mistake_lines(texts)
    assert shown == [f"{round(d.cost):,} pts" for d in mistakes[:len(shown)]] and len(shown) >= 3
    costs = [int(line.removesuffix(" pts").replace(",", "")) for line in shown]
    assert costs == sorted(costs, reverse=True)
    assert any(t.startswith("East 1, 0 honba") for t in texts)  # the hands, each with its agreement
    # each listed mistake says how often houou players choose what there: on its line, or on hover where it is long
    for rect, n in report.rows[:3]:
        houou = shares_words(expected.decisions[n].shares, most=2)
        assert houou.startswith("houou players: ")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        assert houou in " ".join(_texts(app))
    # every choice the AI would not make, once the filter is off: the slips too, still by cost
    click(app, report.filter.rect.center)
    texts = _texts(app)
    slips = summary["severity"]["slip"] + summary["severity"]["mistake"]
    assert f"Choices the AI would not make, costliest first ({slips})" in texts
    costs = [int(line.removesuffix(" pts").replace(",", "")) for line in _mistake_lines(texts)]
    assert costs == sorted(costs, reverse=True)
    # hovering the chart tells a decision's hand, what was chosen and what the AI preferred
    rect = report.chart_rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.x + rect.w // 2, rect.centery), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    tip = " ".join(_texts(app)[-3:])  # the tooltip is drawn last, wrapped over lines
    assert "turn" in tip and "you chose" in tip and "the AI preferred" in tip


def test_a_mistake_clicked_opens_the_replay_at_that_choice_and_n_p_walk_the_mistakes(tmp_path, monkeypatch, played):
    app, games, record = _games(tmp_path, monkeypatch, played)
    report = _report(app, games)
    _texts(app)
    rect, n = report.rows[1]
    click(app, rect.center)
    viewer = app.top
    assert isinstance(viewer, ViewerScene)
    decision = report.review.decisions[n]
    assert decision is report.review.mistakes()[1]
    _check_at(viewer, record, decision)
    texts = _texts(app)
    assert any(t.startswith("AI review: mistake") for t in texts)
    assert any(t.startswith("You: ") for t in texts) and "The AI's best choices:" in texts
    # from the start of the game, N goes through every mistake in the order of the game, P back
    press(app, pygame.K_HOME)
    in_order = [d for d in report.review.decisions if d.severity == "mistake"]
    seen = []
    for d in in_order:
        press(app, pygame.K_n)
        _check_at(viewer, record, d)
        seen.append((viewer.hand, viewer.index))
    assert seen == sorted(seen) and len(set(seen)) == len(in_order)
    press(app, pygame.K_n)
    assert (viewer.hand, viewer.index) == seen[-1] and "No later mistake." in _texts(app)
    for place in reversed(seen[:-1]):
        click(app, viewer.side["prev_mistake"].rect.center)
        assert (viewer.hand, viewer.index) == place
    press(app, pygame.K_ESCAPE)
    assert app.top is report


def test_review_from_the_replay_shows_a_clicked_mistake_in_that_replay(tmp_path, monkeypatch, played):
    app, games, record = _games(tmp_path, monkeypatch, played)
    click(app, games.buttons["open"].rect.center)
    viewer = app.top
    assert isinstance(viewer, ViewerScene) and "Mistake >" not in _texts(app)
    press(app, pygame.K_r)
    report = run_until(app, lambda: isinstance(app.top, ReviewReportScene) and app.top, 30)
    _texts(app)
    rect, n = report.rows[0]
    click(app, rect.center)
    assert app.top is viewer and len(app.scenes) == 3  # title, games, the same replay
    _check_at(viewer, record, report.review.decisions[n])
    assert "Mistake >" in _texts(app) and viewer.side["review"].label == "Review report"


def test_the_progress_bar_shows_while_the_review_runs_and_escape_stops_waiting(tmp_path, monkeypatch, played):
    app, games, record = _games(tmp_path, monkeypatch, played)
    gate, first_hand = threading.Event(), threading.Event()
    real = render.review_job.review_game

    def held(record: RecordedGame, seat: int, level: str, progress: Any, shares: Any = None) -> Review:
        """The real review, held after its first hand until the test lets it go."""
        def tick(done: int, total: int) -> None:
            progress(done, total)
            if done == 1:
                first_hand.set()
                gate.wait(10)
        return real(record, seat, level, tick, shares)

    monkeypatch.setattr(render.review_job, "review_game", held)
    click(app, games.buttons["review"].rect.center)
    wait = app.top
    assert isinstance(wait, ReviewWaitScene)
    assert first_hand.wait(10)
    texts = _texts(app)
    hands = len(record.hands)
    assert "Reviewing your choices against the AI" in texts
    assert f"Hand 1 of {hands}: judging the choices  {100 / (2 * hands):.0f}%" in texts
    assert "Games" in texts  # the screen below still drawn under the bar
    press(app, pygame.K_ESCAPE)
    assert app.top is games
    gate.set()
    assert wait.job.wait(10) and wait.job.result is None  # stopped at the next hand, its result dropped
    for _ in range(3):
        app.step(1 / 60)
    assert app.top is games


def test_a_review_the_statistics_cannot_keep_is_shown_and_the_player_told(tmp_path, monkeypatch, played):
    app, games, record = _games(tmp_path, monkeypatch, played)
    monkeypatch.setattr(store.stats, "BUSY_SECONDS", 0.1)
    db = StatsDB(tmp_path / "data")
    db.open()
    db.close()
    holder = sqlite3.connect(db.path, isolation_level=None)  # another program holds the statistics
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        _report(app, games)
        texts = " ".join(_texts(app))
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert "Mistakes, costliest first" in texts  # the review itself is shown
    assert "This review was not kept in the statistics, so its mistakes will not come back in Practice." in texts
    assert "The statistics are in use by another program (another Kawa?)" in texts
    assert StatsDB(tmp_path / "data").reviews() == []
    press(app, pygame.K_ESCAPE)
    assert app.top is games
    _report(app, games)  # asked again once the database is free: kept, and nothing said
    assert "not kept" not in " ".join(_texts(app))
    assert [r["key"] for r in StatsDB(tmp_path / "data").reviews()] == [record.game_id or record.source]
