"""Game end, the final standing and the next hand's position under the game-flow options."""

from __future__ import annotations

import random

import pytest

from game.rules import EMA, TENHOU, RuleSet
from game.table import Game
from game.table.settle import final_standing, game_over, nagashi_payments, noten_payments
from tests.test_table_play import play


def at(rules: RuleSet, hand_index: int, scores: list[int], sticks: int = 0) -> Game:
    """A game positioned at a hand with these scores (the hand just played)."""
    return Game(rules, 1, start={"hand_index": hand_index, "honba": 0, "sticks": sticks, "scores": scores})


EVEN = [30000, 30000, 30000, 30000]


def test_east_south_and_single_lengths() -> None:
    assert not game_over(at(EMA, 6, EVEN), False, "win")
    assert game_over(at(EMA, 7, EVEN), False, "win")
    east = EMA.with_options(game_length="east")
    assert game_over(at(east, 3, EVEN), False, "exhaustive")
    single = EMA.with_options(game_length="single")
    assert game_over(at(single, 0, EVEN), True, "win")
    assert not game_over(at(single, 0, EVEN), True, "exhaustive")


def test_bust_ends_the_game_only_with_the_rule() -> None:
    scores = [-100, 40100, 40000, 40000]
    assert game_over(at(EMA.with_options(bust=True), 1, scores), False, "win")
    assert not game_over(at(EMA, 1, scores), False, "win")
    assert not game_over(at(EMA.with_options(bust=True), 1, [0, 40000, 40000, 40000]), False, "win")  # 0 is not below


def test_no_game_runs_past_north_4() -> None:
    single = EMA.with_options(game_length="single")
    assert game_over(at(single, 15, EVEN), False, "exhaustive")  # the dealer lost the deal at North 4
    assert game_over(at(EMA.with_options(tie_break=True), 15, [35000, 35000, 25000, 25000]), True, "win")
    assert not game_over(at(TENHOU, 15, [25000] * 4), True, "win")  # the dealer keeps North 4 while nobody reached


def test_west_extension_while_nobody_reached_the_return_points() -> None:
    low = [29000, 29000, 31000, 31000]
    under = [29000, 29000, 29000, 33000]
    rules = TENHOU
    assert game_over(at(rules, 7, under), False, "win")
    assert not game_over(at(rules, 7, [25000] * 4), False, "win")
    assert game_over(at(rules, 8, low), False, "win")
    assert not game_over(at(rules, 8, [25000] * 4), False, "win")  # West 1 passes to West 2
    assert game_over(at(rules, 7, [30000, 25000, 25000, 20000]), False, "win")  # exactly the return points
    assert not game_over(at(rules.with_options(west_extension=False), 6, low), False, "win")
    assert game_over(at(rules.with_options(west_extension=False), 7, [25000] * 4), False, "win")
    assert game_over(at(rules, 11, [25000] * 4), False, "win")
    east = TENHOU.with_options(game_length="east")
    assert not game_over(at(east, 3, [25000] * 4), False, "win")  # an East game extends into South
    assert game_over(at(east, 7, [25000] * 4), False, "win")


def test_agari_yame_and_tenpai_yame() -> None:
    lead = [20000, 20000, 20000, 40000]  # seat 3 deals the last hand (South 4) and leads
    assert game_over(at(TENHOU, 7, lead), True, "win")
    assert game_over(at(TENHOU, 7, lead), True, "exhaustive")
    assert not game_over(at(TENHOU.with_options(tenpai_yame=False), 7, lead), True, "exhaustive")
    assert not game_over(at(TENHOU, 7, lead), True, "abortive")
    assert not game_over(at(TENHOU.with_options(agari_yame=False), 7, lead), True, "win")
    trail = [40000, 20000, 20000, 20000]
    assert not game_over(at(TENHOU, 7, trail), True, "win")
    # with the west extension the leading dealer needs the return points, exactly 30,000 will do; without it, not
    assert game_over(at(TENHOU, 7, [20000, 20000, 20000, 30000]), True, "win")
    assert not game_over(at(TENHOU, 7, [20000, 20000, 20000, 29900]), True, "win")
    assert game_over(at(TENHOU.with_options(west_extension=False), 7, [20000, 20000, 20000, 29900]), True, "win")


def test_tie_break_plays_on_while_first_place_is_shared() -> None:
    tied = [35000, 35000, 25000, 25000]
    assert game_over(at(EMA, 7, tied), False, "win")
    rules = EMA.with_options(tie_break=True)
    assert not game_over(at(rules, 7, tied), False, "win")
    assert game_over(at(rules, 8, [36000, 34000, 25000, 25000]), False, "win")


def test_final_standing_uma_oka_and_leftover_sticks() -> None:
    game = at(TENHOU, 7, [37900, 32200, 16600, 12300], sticks=1)
    rows = final_standing(game)
    assert [r["seat"] for r in rows] == [0, 1, 2, 3]
    assert rows[0]["score"] == 38900
    # (38900 - 30000 + 20000 + 20000 oka) / 1000 = 48.9
    assert rows[0]["points"] == pytest.approx(48.9)
    assert rows[3]["points"] == pytest.approx((12300 - 30000 - 20000) / 1000)
    assert sum(r["points"] for r in rows) == pytest.approx(0)
    ema = final_standing(at(EMA, 7, [30000, 30000, 30000, 30000]))
    assert [r["points"] for r in ema] == [15.0, 5.0, -5.0, -15.0]  # a tie goes to the seat nearer seat 0
    assert [r["rank"] for r in ema] == [1, 2, 3, 4]


def test_without_oka_the_top_gets_no_bonus_whatever_the_start_and_return_points() -> None:
    rules = EMA.with_options(start_points=25000)  # return points 30,000, no oka
    rows = final_standing(at(rules, 7, [40000, 25000, 20000, 15000]))
    assert [r["points"] for r in rows] == [25.0, 0.0, -15.0, -30.0]


@pytest.mark.parametrize("length,last", [("single", 0), ("east", 3), ("south", 7)])
def test_the_view_tells_all_last_from_the_last_planned_hand(length: str, last: int) -> None:
    rules = EMA.with_options(game_length=length)
    assert at(rules, last, EVEN).view(0).all_last
    if last:
        assert not at(rules, last - 1, EVEN).view(0).all_last


@pytest.mark.parametrize("start", [20000, 25000, 30000])
def test_start_points(start: int) -> None:
    game = Game(EMA.with_options(start_points=start), 0)
    assert game.scores == [start] * 4


def test_noten_and_nagashi_payments() -> None:
    assert noten_payments([1]) == [-1000, 3000, -1000, -1000]
    assert noten_payments([0, 2]) == [1500, -1500, 1500, -1500]
    assert noten_payments([0, 1, 2]) == [1000, 1000, 1000, -3000]
    assert noten_payments([]) == noten_payments([0, 1, 2, 3]) == [0, 0, 0, 0]
    assert nagashi_payments(0, [2]) == [-4000, -2000, 8000, -2000]


@pytest.mark.parametrize("seed", range(6))
def test_random_option_sets_play_whole_games(seed: int) -> None:
    rng = random.Random(100 + seed)
    rules = (TENHOU if seed % 2 else EMA).with_options(
        red_fives=rng.random() < 0.5, kan_dora=rng.random() < 0.8, kan_dora_delayed=rng.random() < 0.5,
        ura_dora=rng.random() < 0.8, kuikae_allowed=rng.random() < 0.3, nagashi_mangan=rng.random() < 0.5,
        multi_ron=rng.choice(["head_bump", "double", "triple", "triple_aborts"]),
        game_length=rng.choice(["single", "east", "south"]), bust=rng.random() < 0.5,
        tie_break=rng.random() < 0.5, agari_yame=rng.random() < 0.5, riichi_min_wall=rng.choice([0, 4, 10]),
        start_points=rng.choice([20000, 25000, 30000]),
        abortive_draws=tuple(d for d in ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan",
                                         "sanchahou") if rng.random() < 0.5))
    game = play(rules, seed, rng)
    assert game.finished
    assert sum(r["score"] for r in game.final_standing or []) == 4 * rules.start_points


def test_the_game_ended_event_shows_the_final_standing_and_no_stick_is_left() -> None:
    game = play(EMA.with_options(game_length="single"), 2, random.Random(2))
    ended = [e for e in game.events if e.type == "game_ended"]
    assert len(ended) == 1 and game.finished and game.sticks == 0
    assert ended[0].standing == tuple(game.final_standing) and ended[0].scores == tuple(game.scores)
    assert [game.scores[r["seat"]] for r in game.final_standing] == [r["score"] for r in game.final_standing]
