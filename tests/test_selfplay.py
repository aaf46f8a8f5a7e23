"""The selfplay command: figures per level and seat, duplicate rotation, bad arguments."""

from __future__ import annotations

import argparse
import json

import pytest

from cli import selfplay
from game.rules import EMA


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_json_figures_for_every_level_and_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code = selfplay.run(_args("--hands", "4", "--seed", "3", "--ai", "normal,easy,easy,easy",
                              "--duplicate", "--length", "single", "--json"))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4  # one seed, four rotations
    assert set(out["groups"]) == {"level easy", "level normal", "seat 0", "seat 1", "seat 2", "seat 3"}
    normal = out["groups"]["level normal"]
    assert normal["delta"]["n"] == out["hands"]  # the challenger sits in every hand once
    assert out["groups"]["level easy"]["delta"]["n"] == 3 * out["hands"]
    assert 0 <= normal["win"]["mean"] <= 1
    assert out["edge"]["challenger"] == "normal"
    assert set(out["decision_ms"]) == {"easy", "normal"}


def test_duplicate_rotates_the_levels_through_the_seats() -> None:
    games = selfplay._unit((EMA.with_options(game_length="single").to_dict(), 9, ("strong", "easy", "easy", "easy"), True))
    assert [g.levels.index("strong") for g in games] == [0, 1, 2, 3]
    # the same first wall in every rotation: the first hand's tiles per seat do not depend on levels
    for g in games:
        assert len(g.hands) >= 1 and len(g.placement) == 4
        assert sum(h.delta for h in g.hands[0]) <= 0  # riichi sticks may stay on the table


def test_score_changes_add_up() -> None:
    game = selfplay.play_game(EMA.with_options(game_length="east"), 4, ("normal", "strong", "easy", "normal"))
    start = EMA.start_points * 4
    total = start + sum(h.delta for hand in game.hands for h in hand)
    missing = start - total  # only riichi sticks left on the table go missing
    assert missing >= 0 and missing % 1000 == 0
    assert sorted(game.placement) == [0, 1, 2, 3]


@pytest.mark.parametrize("argv", [["--ai", "strong,normal"], ["--ai", "strong,normal,normal,expert"],
                                  ["--hands", "0"], ["--preset", "nope"]])
def test_bad_arguments_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.run(_args(*argv)) == 2
    assert capsys.readouterr().err.strip()
