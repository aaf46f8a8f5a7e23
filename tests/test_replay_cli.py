"""`main.py replay`: one line per file, the summary line, and the exit status."""

from __future__ import annotations

import argparse

from cli.replay import add_arguments, run
from game.logs.replay import replay_file, wall_of
from tests.conftest import shared_path


def _run(paths: list[str], capsys) -> tuple[int, list[str]]:  # noqa: ANN001
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    code = run(parser.parse_args(paths))
    return code, capsys.readouterr().out.splitlines()


def test_replay_prints_a_line_per_file_and_the_summary(capsys) -> None:  # noqa: ANN001
    folder = shared_path("data", "realgames", "mjlog", "jim137")
    code, lines = _run([str(folder)], capsys)
    assert code == 0
    assert lines[-1].startswith("replayed 23 hands: 23 matched, 0 mismatched")
    assert sum(": ok " in line for line in lines) == 4


def test_replay_fails_on_an_unreadable_file(tmp_path, capsys) -> None:  # noqa: ANN001
    bad = tmp_path / "broken.xml"
    bad.write_text("<mjloggm ver=\"2.3\"><INIT seed=\"x\"/></mjloggm>")
    code, lines = _run([str(bad)], capsys)
    assert code == 1 and "ERROR" in lines[0] and lines[-1].startswith("replayed 0 hands")


def test_a_recorded_wall_holds_the_recorded_draws() -> None:
    path = shared_path("data", "realgames", "mjlog", "mjx", "double-ron.xml")
    from game.logs.replay import read_record
    hand = read_record(path).hands[0]
    wall = wall_of(hand)
    assert list(wall.live[:len(hand.live_draws())]) == hand.live_draws()
    assert list(wall.dora_indicators[:len(hand.dora_indicators)]) == list(hand.dora_indicators)
    assert replay_file(path).ok
