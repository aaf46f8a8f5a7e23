"""The replay viewer and the Games screen, headless: real records stepped through to the end and back,
every position what the record says; kept games listed, deleted after asking; bad files explained."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pygame
import pytest

import main
from game.logs.positions import play_on, undealable
from game.logs.record import RecordedHand
from render import launch
from render.input import Input
from render.scenes.games import GamesScene
from render.scenes.table import TableScene
from render.scenes.viewer import ViewerScene
from render.setup import GameSetup
from store.records import read_any
from tests.client_driver import click, open_app, press, run_until
from tests.conftest import shared_path

REAL = [("mjlog", "fastmaj", "2014060513gm-00c1-0000-b2530541&tw=0.xml"),
        ("tenhou6", "mjai-reviewer", "ranked_game.json")]


def expected(hand: RecordedHand, steps: int) -> tuple[list[Counter[int]], list[list[int]]]:
    """Each seat's concealed tiles and pond after the first ``steps`` recorded steps, read from the
    record alone (no table): the deal, draws in, discards out to the pond, called tiles out."""
    concealed = [Counter(h) for h in hand.haipai]
    ponds: list[list[int]] = [[], [], [], []]
    for step in hand.steps[:steps]:
        if step.kind == "draw":
            concealed[step.seat][step.tile] += 1
        elif step.kind == "discard":
            concealed[step.seat][step.tile] -= 1
            ponds[step.seat].append(step.tile)
        elif step.kind in ("chi", "pon", "daiminkan", "ankan"):
            concealed[step.seat].subtract(step.tiles)
        elif step.kind == "shouminkan":
            concealed[step.seat][step.tile] -= 1
    return [+c for c in concealed], ponds


def check_position(viewer: ViewerScene) -> None:
    """What the painter is handed for the shown position is what the record says."""
    pos = viewer.position
    hand = viewer.record.hands[pos.hand]
    board = viewer.board()
    hands, ponds = expected(hand, pos.step)
    assert board.open_hands is not None
    for seat in range(4):
        assert Counter(board.open_hands[seat]) == hands[seat], (pos.hand, pos.step, seat)
        assert [d["tile"] for d in board.view.discards[seat]] == ponds[seat], (pos.hand, pos.step, seat)
    if pos.step <= 1:
        assert tuple(board.view.scores) == hand.scores
        assert board.view.hand_index == hand.hand_index and board.view.honba == hand.honba
    if pos.result is not None:
        assert pos.result == hand.result and pos.step == len(hand.steps)


@pytest.mark.parametrize("parts", REAL, ids=[p[0] for p in REAL])
def test_the_viewer_steps_a_real_record_to_the_end_and_back_matching_the_record(tmp_path, monkeypatch, parts):
    path = shared_path("data", "realgames", *parts)
    app = open_app(tmp_path, monkeypatch, size=(1280, 720))
    app.push(GamesScene(app, path))
    viewer = app.top
    assert isinstance(viewer, ViewerScene), getattr(viewer, "error", "")
    app.step(1 / 60)
    seen = 0
    while True:  # forward with the Right key to the last position
        check_position(viewer)
        seen += 1
        before = (viewer.hand, viewer.index)
        app.dispatch(Input("key", intent="right"))
        if (viewer.hand, viewer.index) == before:
            break
    assert viewer.at_end and viewer.position.result == viewer.record.hands[-1].result
    assert all(not problem for _, problem in viewer.cache.values()), "every hand followed to its end"
    total = sum(len(viewer.positions(k)[0]) for k in range(len(viewer.record.hands)))
    assert seen == total
    app.step(1 / 60)
    back = 0
    while (viewer.hand, viewer.index) != (0, 0):  # and back with the Left key to the deal
        app.dispatch(Input("key", intent="left"))
        back += 1
        if back % 97 == 0:
            check_position(viewer)
    assert back == total - 1
    check_position(viewer)
    # the hand keys, Home / End, and the list of hands
    press(app, pygame.K_DOWN)
    assert (viewer.hand, viewer.index) == (1, 0)
    press(app, pygame.K_END)
    assert viewer.at_end
    press(app, pygame.K_HOME)
    assert (viewer.hand, viewer.index) == (0, 0)
    app.dispatch(Input("wheel", pos=(400, 300), dy=-1))
    assert (viewer.hand, viewer.index) == (0, 1)
    app.dispatch(Input("wheel", pos=(400, 300), dy=1))
    assert (viewer.hand, viewer.index) == (0, 0)
    click(app, viewer.side["hands"].rect.center)
    assert viewer.show_hands and len(viewer.hand_rows) == len(viewer.record.hands)
    click(app, viewer.hand_rows[-1].center)
    assert (viewer.hand, viewer.index, viewer.show_hands) == (len(viewer.record.hands) - 1, 0, False)


def test_play_turn_and_one_seat_view(tmp_path, monkeypatch):
    app = open_app(tmp_path, monkeypatch, size=(1280, 720))
    app.push(GamesScene(app, shared_path("data", "realgames", *REAL[1])))
    viewer = app.top
    press(app, pygame.K_SPACE)
    assert viewer.playing and viewer.buttons["play"].label == "Pause"
    click(app, viewer.buttons["speed"].rect.center)
    assert viewer.buttons["speed"].label == "x2"
    start = viewer.index
    for _ in range(30):
        viewer.update(0.5)  # at x2, half a second is a step (0.8 s at x1)
    assert viewer.hand == 0 and viewer.index - start == 30
    press(app, pygame.K_SPACE)
    assert not viewer.playing
    click(app, viewer.side["turn"].rect.center)
    board = viewer.board()
    assert board.me == 1 and board.view.seat == 1 and board.view.hand == viewer.position.views[1].hand
    click(app, viewer.side["open"].rect.center)
    assert viewer.board().open_hands is None and viewer.side["open"].label == "Show all hands"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, GamesScene)


def test_a_demo_game_is_kept_listed_and_deleted_after_asking(tmp_path, monkeypatch):
    app = open_app(tmp_path, monkeypatch, size=(1280, 720))
    app.push(app.build("title"))
    table = app.open("table", GameSetup(seed=3, player_name="Demo AI", demo=True))
    run_until(app, lambda: len(table.control.session.game.hand_results) >= 1, 20)
    app.goto("title")  # leave the game: it is kept
    click(app, next(b for b in app.top.buttons if b.label == "Games").rect.center)
    games = app.top
    assert isinstance(games, GamesScene)
    games.wait_listed()
    app.step(1 / 60)  # the list drawn
    assert len(games.games) == 1
    kept = games.games[0]
    cells = games._cells(kept)
    assert cells[1] == "EMA" and cells[2] == "Normal AI 1, Normal AI 2, Normal AI 3" and cells[5] == "left, demo"
    assert kept.header["scores"] == list(table.control.session.game.scores)
    click(app, games.rows[0].center)
    click(app, games.buttons["open"].rect.center)
    viewer = app.top
    assert isinstance(viewer, ViewerScene) and viewer.names[0] == "Demo AI"
    played = table.control.session.game
    assert len(viewer.record.hands) == len(played.hand_results) + 1, "the hand left unfinished is shown too"
    press(app, pygame.K_END)
    assert viewer.position.views[0].hand == played.view(0).hand, "as far as it went"
    press(app, pygame.K_ESCAPE)
    click(app, games.buttons["export"].rect.center)
    exported = sorted(p.name for p in (tmp_path / "data" / "exports").iterdir())
    assert exported == [kept.path.stem + ".json", kept.path.stem + ".mjson"]
    click(app, games.buttons["delete"].rect.center)
    assert games.confirming and kept.path.exists(), "nothing is deleted before the player confirms"
    click(app, games.buttons["no"].rect.center)
    assert not games.confirming and kept.path.exists()
    click(app, games.buttons["delete"].rect.center)
    click(app, games.buttons["yes"].rect.center)
    assert games.games == [] and not kept.path.exists()


def test_a_corrupt_kept_file_is_reported_and_the_others_listed(tmp_path, monkeypatch):
    app = open_app(tmp_path, monkeypatch)
    folder = tmp_path / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "game-bad.json").write_text("{not json", encoding="utf-8")
    good = {"version": 1, "record": {"seed": 1, "rules": {}, "actions": []},
            "header": {"date": "2026-01-02T03:04:05Z", "rules": "ema", "names": ["A", "B", "C", "D"],
                       "scores": [25000, 25000, 25000, 25000], "placement": 1, "finished": False}}
    (folder / "game-good.json").write_text(json.dumps(good), encoding="utf-8")
    games = app.open("games")
    games.wait_listed()
    app.step(1 / 60)
    assert [g.path.name for g in games.games] == ["game-good.json"]
    assert "game-bad.json could not be read" in games.error and (folder / "game-bad.json.corrupt").exists()
    click(app, games.buttons["open"].rect.center)  # left at the deal: the deal is shown
    viewer = app.top
    assert isinstance(viewer, ViewerScene) and viewer.names == ["A", "B", "C", "D"]
    assert len(viewer.record.hands) == 1 and len(viewer.positions(0)[0]) == 1 and viewer.position.result is None


@pytest.mark.parametrize("content, words", [
    ('{"title": ["x"], "log": [[[0, 0, 0], [25000]]]}', "bad.json"),
    ("", "bad.json"),
    (b"\xff\xfe<mjloggm", "not UTF-8"),
])
def test_opening_a_bad_file_shows_the_record_error(tmp_path, monkeypatch, content, words):
    bad = tmp_path / "bad.json"
    if isinstance(content, bytes):
        bad.write_bytes(content)
    else:
        bad.write_text(content, encoding="utf-8")
    app = open_app(tmp_path, monkeypatch)
    games = GamesScene(app, bad)  # as main.py open FILE starts the window
    app.push(games)
    app.step(1 / 60)
    assert app.top is games
    assert games.error.startswith("This file cannot be opened: ") and words in games.error
    # the same through a file dropped on the window, and through the path box
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "missing.xml")))
    app.step(1 / 60)
    assert app.top is games and "missing.xml: cannot read" in games.error
    games.path_box.value = str(bad)
    click(app, games.buttons["file"].rect.center)
    assert app.top is games and words in games.error


def test_main_open_starts_the_client_on_a_record(tmp_path, monkeypatch):
    shown: list[str] = []

    def run(self, first):  # the window's loop, stopped after the first screens are shown
        self.push(first)
        shown.extend(type(s).__name__ for s in self.scenes)
        self.shutdown()
        return 0
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(launch.App, "run", run)
    assert main.main(["open", str(shared_path("data", "realgames", *REAL[1])), "--size", "800x600"]) == 0
    assert shown == ["GamesScene", "ViewerScene"]


def test_play_on_from_a_replayed_position_at_any_seat(tmp_path, monkeypatch):
    app = open_app(tmp_path, monkeypatch, size=(1280, 720))
    app.push(GamesScene(app, shared_path("data", "realgames", *REAL[1])))
    viewer = app.top
    press(app, pygame.K_DOWN)
    for _ in range(10):
        press(app, pygame.K_RIGHT)
    pos = viewer.position
    for seat in range(4):  # the seat taken becomes seat 0; what it holds, the ponds and the scores are the replay's
        game = play_on(viewer.record, pos.hand, pos.step, seat, seed=5)
        mine, shown = game.view(0), pos.views[seat]
        assert sorted(mine.hand) == sorted(shown.hand) and mine.drawn == shown.drawn
        assert [len(d) for d in mine.discards] == [len(shown.discards[(s + seat) % 4]) for s in range(4)]
        assert list(mine.scores) == [shown.scores[(s + seat) % 4] for s in range(4)]
        assert mine.seat_winds[0] == shown.seat_winds[seat] and mine.live_left == shown.live_left
    click(app, viewer.side["turn"].rect.center)
    click(app, viewer.side["play_on"].rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.setup.player_name == viewer.names[1]
    first = run_until(app, lambda: table.control.view)
    assert sorted(first.hand) == sorted(pos.views[1].hand)
    app.goto("title")


def test_a_record_whose_hand_cannot_be_dealt_is_refused_before_the_viewer_opens():
    record = read_any(shared_path("data", "realgames", *REAL[1]))
    assert undealable(record) == ""
    bad_hand = replace(record.hands[1], haipai=(record.hands[1].haipai[1],) + record.hands[1].haipai[1:])
    broken = replace(record, hands=(record.hands[0], bad_hand, *record.hands[2:]))
    why = undealable(broken)
    assert why.startswith("hand 2 cannot be dealt: ") and "once" in why
