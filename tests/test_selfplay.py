"""The selfplay command: figures per level and seat, duplicate rotation, bad arguments."""

from __future__ import annotations

import argparse
import json

import pytest

from cli import selfplay
from game.rules import EMA, TENHOU


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


def test_records_of_another_preset_or_another_long_bot_command_never_replace_one_another(tmp_path) -> None:
    single = EMA.with_options(game_length="single")
    game = selfplay.Game(single, 3)
    long_a = "mjai:python3 /opt/bots/some-long-folder/bot.py --model a"
    long_b = "mjai:python3 /opt/bots/some-long-folder/bot.py --model b"  # the first 24 letters agree
    stems = {selfplay.record_stem(3, rules, levels) for rules, levels in
             ((single, ("strong",) * 4), (TENHOU.with_options(game_length="single"), ("strong",) * 4),
              (single, (long_a, "normal", "normal", "normal")), (single, (long_b, "normal", "normal", "normal")))}
    assert len(stems) == 4
    first = selfplay.keep_record(game, tmp_path, "same")
    again = selfplay.keep_record(game, tmp_path, "same")  # the same game kept again: left as it is
    other = selfplay.Game(single, 4)
    third = selfplay.keep_record(other, tmp_path, "same")  # another game under a taken name: beside it
    assert first == again and third.name == "same-2.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["same-2.json", "same.json"]
    assert json.loads(first.read_text())["seed"] == 3 and json.loads(third.read_text())["seed"] == 4


def test_decision_times_are_summarised_in_bounded_memory_to_within_a_percent() -> None:
    times = selfplay.Durations()
    values = [0.0001 * (1 + (i * 7919) % 1000) for i in range(100_000)]  # 0.1 ms to 100 ms, evenly
    for v in values:
        times.add(v)
    ordered = sorted(values)
    figures = times.figures()
    assert figures["n"] == 100_000 and figures["max"] == pytest.approx(1000 * ordered[-1])
    assert figures["median"] == pytest.approx(1000 * ordered[50_000], rel=0.01)
    assert figures["p99"] == pytest.approx(1000 * ordered[99_000], rel=0.01)
    assert len(times.bins) < 1000  # one count per 1% band, not one entry per decision
