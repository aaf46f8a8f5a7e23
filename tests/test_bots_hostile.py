"""Outside bots under stress: answers nested thousands deep or of the wrong type, a bot that closes
its output and lives on, one that floods its error output, commands with unbalanced quotes, and a
saved game whose bot command would run on Continue. Kawa's AI takes the seat with a message, every
process is reaped, the logs stay small, and no program starts without the player's word."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bots.process import LOG_CAP, LOGS_TOTAL, parse_command, prune_logs
from bots.seat import MjaiBotSeat, make_seat
from game.ai import make_player
from game.table import Game
from render.scenes.new_game import NewGameScene
from render.scenes.table import TableScene
from render.scenes.title import TitleScene
from render.session import Session
from render.setup import GameSetup
from render.widgets import recorded_texts
from store.saves import SaveSlot
from tests.client_driver import button_labelled, click, open_app, run_until
from tests.test_bot_seats import EAST, play

ROOT = Path(__file__).resolve().parent.parent


def bot(code: str, seat: int, log: Path | None = None) -> MjaiBotSeat:
    return MjaiBotSeat([sys.executable, "-c", code], seat, True, make_player("normal", 1, seat), 5.0, log)


def answers(line: str) -> str:
    """A bot that answers every message with ``line``."""
    return f"import sys\nfor _ in sys.stdin:\n    print({line!r}, flush=True)\n"


@pytest.mark.parametrize("name, line, told", [
    ("nested 30,000 deep", "[" * 30_000, "nested deeper than"),
    ("a number for an object", "12", "not a JSON object"),
    ("a type that is a list", '{"type": ["dahai"]}', "a reaction is a JSON object with a type"),
])
def test_a_malformed_answer_hands_the_seat_to_kawas_ai_and_the_game_ends(name: str, line: str, told: str) -> None:
    seat = bot(answers(line), 1)
    process = seat.process
    assert process is not None
    result = play({1: seat})
    assert sorted(result.placement) == [0, 1, 2, 3]  # the game went on to its end
    assert seat.notice_code == "bad_answer" and told in (seat.notice or "")
    assert process.proc.poll() is not None  # reaped


def chi_offer() -> tuple[Game, int]:
    """A game played by the AI up to the first chi offered to some seat, and that seat."""
    game = Game(EAST, 11)
    players = [make_player("normal", 11, s) for s in range(4)]
    while True:
        for seat in range(4):
            if any(a.type == "chi" for a in game.legal_actions(seat)):
                return game, seat
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        game.apply(seat, players[seat].decide(view, view.legal_actions))


def test_a_chi_whose_consumed_tiles_are_a_number_is_a_fallback_not_a_crash() -> None:
    game, seat = chi_offer()
    chi = bot(answers('{"type": "chi", "actor": %d, "pai": "3m", "consumed": 5}' % seat), seat)
    for event in game.events:
        chi.observe(event.for_seat(seat))
    view = game.view(seat)
    chosen = chi.decide(view, view.legal_actions)
    assert chosen in view.legal_actions  # Kawa's AI answered in its place
    assert chi.replaced and chi.notice_code == "bad_answer" and "TypeError" in (chi.notice or "")


def test_a_bot_that_closes_its_output_and_lives_on_is_replaced_and_killed() -> None:
    code = "import os, time\nos.close(1)\ntime.sleep(60)\n"
    seat = bot(code, 2)
    process = seat.process
    assert process is not None
    result = play({2: seat})
    assert sorted(result.placement) == [0, 1, 2, 3]
    assert seat.notice_code == "ended" and "closed its output" in (seat.notice or "")
    assert process.proc.poll() is not None  # killed, not left running


def test_a_bot_flooding_its_error_output_keeps_a_capped_log(tmp_path: Path) -> None:
    flood = ("import sys\nfor line in sys.stdin:\n    sys.stderr.write('x' * 10_000_000)\n    sys.stderr.flush()\n"
             "    print('{\"type\":\"none\"}', flush=True)\n")  # 10 MB before each answer, as the probe's bot
    log = tmp_path / "bots" / "seat3.log"
    seat = bot(flood, 3, log)
    result = play({3: seat})
    assert sorted(result.placement) == [0, 1, 2, 3]
    text = log.read_bytes()
    assert LOG_CAP <= len(text) < LOG_CAP + 10_000
    assert b"the log is cut here" in text and b"[kawa] replaced by Kawa's AI" in text


def test_the_oldest_bot_logs_are_removed_past_the_total(tmp_path: Path) -> None:
    for n in range(5):
        path = tmp_path / f"seat1-{n}.log"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (1_000_000 + n, 1_000_000 + n))
    (tmp_path / "notes.txt").write_bytes(b"y" * 5000)
    prune_logs(tmp_path, total=3000)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "seat1-2.log", "seat1-3.log", "seat1-4.log"]


def test_a_bot_started_in_a_folder_of_old_logs_removes_the_oldest_past_the_total(tmp_path: Path) -> None:
    folder = tmp_path / "bots"
    folder.mkdir()
    for n in range(4):  # 80 MB of logs from earlier games (sparse files: no disk is used)
        path = folder / f"old-{n}.log"
        with path.open("wb") as log:
            log.truncate(20_000_000)
        os.utime(path, (1_000_000 + n, 1_000_000 + n))
    seat = bot(answers('{"type": "none"}'), 1, folder / "seat1.log")
    seat.close()
    left = sorted(p.name for p in folder.iterdir())
    assert left == ["old-2.log", "old-3.log", "seat1.log"]  # the newest, under LOGS_TOTAL
    assert sum(p.stat().st_size for p in folder.iterdir()) <= LOGS_TOTAL


def test_a_command_keeps_its_quotes_and_an_unbalanced_one_is_told() -> None:
    assert parse_command("python3 -c 'print(1)'") == ["python3", "-c", "print(1)"]
    seat = make_seat("mjai:python3 -c 'print(1)", 7, 1, True)
    assert isinstance(seat, MjaiBotSeat) and seat.replaced and seat.notice_code == "cannot_start"
    assert "check its quotes" in (seat.notice or "")


def test_selfplay_with_a_bot_that_closes_its_output_ends_cleanly(tmp_path: Path) -> None:
    closer = tmp_path / "closer_bot.py"
    closer.write_text("import os, time\nos.close(1)\ntime.sleep(60)\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "main.py", "selfplay", "--hands", "1", "--length", "single",
                           "--ai", f"mjai:{sys.executable} {closer},mjai:{sys.executable} {closer},normal,normal"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "KAWA_DATA_DIR": str(tmp_path)})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stderr.count("closed its output") == 2 and "hands in 1 games" in done.stdout
    left = subprocess.run(["pgrep", "-f", str(closer)], capture_output=True, text=True).stdout.split()
    assert left == []  # no bot process left running


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    opened = open_app(tmp_path, monkeypatch)
    yield opened
    opened.shutdown()


def test_a_bot_command_with_an_unbalanced_quote_is_refused_on_the_new_game_screen(app) -> None:
    app.push(TitleScene(app))
    app.step(1 / 60)
    click(app, button_labelled(app.top.buttons, "New game").rect.center)
    screen = app.top
    assert isinstance(screen, NewGameScene)
    screen.levels[1] = "bot"
    screen.bot_command = "python3 -c 'print(1)"
    screen.start()
    assert app.top is screen and "quotes are in pairs" in screen.error


def test_a_saved_games_bot_command_is_shown_and_asked_about_before_it_runs(app, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    command = f"{sys.executable} -c \"open('{marker}', 'w')\""
    setup = GameSetup(seed=5, ai_levels=("normal", "bot", "normal"), bot_command=command)
    game = Game(setup.rules, 5)
    assert SaveSlot().write({"game": game.to_record(), "setup": setup.to_dict()}) is None
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60)
    click(app, button_labelled(title.buttons, "Continue").rect.center)
    with recorded_texts() as texts:
        title.draw(app.screen)
    assert app.top is title and title.asking_bot == command
    assert any("Continuing runs this program" in t for t in texts) and " ".join(texts).count("ran") >= 1
    assert not marker.exists()  # nothing started yet
    click(app, button_labelled(title.buttons, "Cancel").rect.center)
    assert app.top is title and not title.asking_bot and not marker.exists()
    click(app, button_labelled(title.buttons, "Continue").rect.center)
    click(app, button_labelled(title.buttons, "Run it and continue").rect.center)
    assert isinstance(app.top, TableScene)
    run_until(app, marker.exists, 30)  # confirmed: it runs


def test_leaving_the_table_while_a_bot_thinks_stops_it_at_once(tmp_path: Path) -> None:
    asked = tmp_path / "asked"
    thinker = MjaiBotSeat([sys.executable, "-c", f"import sys, time\nsys.stdin.readline()\nopen({str(asked)!r}, 'w')"
                           "\ntime.sleep(120)\n"], 1, True, make_player("normal", 1, 1), 60.0)
    process = thinker.process
    assert process is not None
    setup = GameSetup(seed=9, demo=True)
    agents = {0: make_player("normal", 9, 0), 1: thinker, 2: make_player("normal", 9, 2), 3: make_player("normal", 9, 3)}
    session = Session(Game(setup.rules, 9), setup, agents)
    session.start()
    for _ in range(600):  # until the bot has its question (a minute at most)
        if asked.exists():
            break
        session.poll()
        time.sleep(0.1)
    assert asked.exists()
    actions = len(session.game.actions)
    session.stop()  # the bot's time limit is a minute: leaving does not wait for it
    assert not session.alive and process.proc.poll() is not None
    assert len(session.game.actions) == actions  # no move made for the bot after the player left


def test_continue_on_a_save_whose_bot_command_has_an_unbalanced_quote_plays_on_with_kawas_ai(app) -> None:
    command = "python3 -c 'print(1)"
    setup = GameSetup(seed=5, ai_levels=("normal", "bot", "normal"), bot_command=command, demo=True)
    assert SaveSlot().write({"game": Game(setup.rules, 5).to_record(), "setup": setup.to_dict()}) is None
    for _ in range(2):  # every time, not only the first
        title = app.goto("title")
        app.step(1 / 60)
        click(app, button_labelled(title.buttons, "Continue").rect.center)
        assert title.asking_bot == command
        click(app, button_labelled(title.buttons, "Run it and continue").rect.center)
        table = app.top
        assert isinstance(table, TableScene) and app.running
        run_until(app, lambda: "stopped (it could not be started)" in " ".join(shown_now(app)), 30)
        run_until(app, lambda: len(table.control.session.game.actions) > 8, 60)  # the game goes on
        assert isinstance(app.top, TableScene)


def shown_now(app) -> list[str]:
    """The texts of the frame the window shows now."""
    app.step(1 / 60)
    with recorded_texts() as texts:
        for scene in app.visible():
            scene.draw(app.screen)
    return list(texts)
