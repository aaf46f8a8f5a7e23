"""Mjai bots at Kawa's table: the `mjai` package's rule-based bot plays whole games in three
seats; a bot that sleeps, prints garbage or exits is replaced by Kawa's AI, the player is told
once, and the game goes on to its end."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bots.seat import MjaiBotSeat, bot_name
from cli.selfplay import GameResult, play_game
from game.ai import make_player
from game.rules import TENHOU
from game.table import Agent
from render.scenes.new_game import NewGameScene
from render.scenes.table import TableScene
from render.scenes.title import TitleScene
from render.widgets import recorded_texts
from tests.client_driver import button_labelled, click, open_app, play_decision, run_until, type_text

ROOT = Path(__file__).resolve().parent.parent
EAST = TENHOU.with_options(game_length="east")
ECHO_NONE = "import sys\nfor line in sys.stdin:\n    print('{\"type\":\"none\"}', flush=True)\n"


def bot_seat(command: list[str], seat: int, log: Path, time_limit: float = 5.0) -> MjaiBotSeat:
    return MjaiBotSeat(command, seat, True, make_player("normal", 1, seat), time_limit, log)


def play(agents: dict[int, Agent]) -> GameResult:
    """One east-only game under Tenhou's rules: the given agents, Kawa's normal AI elsewhere."""
    seats = [agents.get(s) or make_player("normal", 3, s) for s in range(4)]
    return play_game(EAST, 3, ("normal",) * 4, agents=seats)


@pytest.mark.parametrize("name, code, limit, told, why", [
    ("sleeps", "import time\ntime.sleep(60)\n", 0.5, "no answer within 0.5 s", "late"),
    ("garbage", "import sys\nfor line in sys.stdin:\n    print('hello there', flush=True)\n", 5.0,
     "the answer is not JSON: 'hello there'", "bad_answer"),
    ("exits", "import sys\nsys.stderr.write('bot: out of memory\\n')\n", 5.0, "the bot has ended (exit code 0)",
     "ended"),
    ("passes on its own turn", ECHO_NONE, 5.0, "'none' is no answer on your own turn", "bad_answer"),
])
def test_a_failing_bot_is_replaced_by_kawas_ai_and_the_game_goes_on(name: str, code: str, limit: float, told: str,
                                                                   why: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture) -> None:
    log = tmp_path / "bots" / "seat2.log"
    bot = bot_seat([sys.executable, "-c", code], 2, log, limit)
    result = play({2: bot})
    assert len(result.placement) == 4 and sorted(result.placement) == [0, 1, 2, 3]  # the game reached its end
    assert bot.notice is not None and told in bot.notice, bot.notice
    assert bot.notice_code == why
    assert capsys.readouterr().err.count("Kawa's AI plays the seat from here on") == 1  # told once
    assert bot.replaced and log.exists()
    if name == "exits":
        assert "out of memory" in log.read_text()


def test_a_bot_that_cannot_start_is_replaced_before_the_first_hand(tmp_path: Path) -> None:
    bot = bot_seat([str(tmp_path / "no-such-bot")], 1, tmp_path / "seat1.log")
    assert bot.replaced and "cannot start" in (bot.notice or "") and bot.notice_code == "cannot_start"
    assert sorted(play({1: bot}).placement) == [0, 1, 2, 3]


def test_the_bots_name_is_its_programs_name() -> None:
    assert bot_name(".venv/bin/python main.py mjai-bot") == "python"
    assert bot_name("/opt/mortal/mortal --weights w.pth") == "mortal"


def test_kawas_table_drives_the_rule_based_bot_in_three_seats_for_a_whole_game(mjai_python: Path,
                                                                               tmp_path: Path) -> None:
    command = [str(mjai_python), str(ROOT / "tests/mjai_ref/rulebase_bot.py")]
    bots = {s: bot_seat(command, s, tmp_path / f"seat{s}.log", 30.0) for s in (1, 2, 3)}
    result = play(bots)
    assert sorted(result.placement) == [0, 1, 2, 3]
    assert [bots[s].notice for s in (1, 2, 3)] == [None, None, None]  # every answer was legal and in time
    assert sum(len(hand) for hand in result.hands) >= 4 * 4


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    opened = open_app(tmp_path, monkeypatch)
    yield opened
    opened.shutdown()


def test_a_player_seats_a_bot_from_the_new_game_screen_and_is_told_when_it_fails(app, tmp_path: Path) -> None:
    """Across: an external bot whose command prints garbage. The table names it, the player
    is told once that Kawa's AI took over, the command is remembered, its stderr is logged."""
    garbage = tmp_path / "garbage_bot.py"
    garbage.write_text("import sys\nprint('warming up', file=sys.stderr, flush=True)\n"
                       "for line in sys.stdin:\n    print('hello there', flush=True)\n")
    command = f"{sys.executable} {garbage}"
    app.push(TitleScene(app))
    app.step(1 / 60)
    click(app, button_labelled(app.top.buttons, "New game").rect.center)
    screen = app.top
    assert isinstance(screen, NewGameScene)
    across = next(w for w in screen.widgets if getattr(w, "label", "") == "Across opponent")
    while across.value != "bot":
        click(app, across.rect.center)
    click(app, screen.bot_field._box().center)
    type_text(app, command)
    click(app, screen.start_button.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.setup.names()[2] == "python 2"
    assert app.prefs.bot_command == command
    brain = make_player("normal", table.setup.seed, 0)
    with recorded_texts() as texts:
        for _ in range(200):
            run_until(app, lambda: table.control.decision is not None or "stopped" in table.control.message)
            if "stopped" in table.control.message:
                break
            view = table.control.view
            play_decision(app, table, brain.decide(view, view.legal_actions))
        app.step(1 / 60)
    shown = " ".join(texts)
    assert "python 2 stopped (its answer was not a legal move): Kawa's AI plays that seat from now on." in shown
    logs = list((tmp_path / "data" / "bots").glob("seat2-*.log"))
    assert logs and "warming up" in logs[0].read_text()  # the bot's own standard error
    assert "[kawa] replaced by Kawa's AI: the answer is not JSON: 'hello there'" in logs[0].read_text()
