"""Property: under any mix of the table's options, every hand keeps its 136 tiles and its points.

Hypothesis draws the options and the seed; seeded random play (biased towards wins, riichi and
calls so that kans, multiple rons and abortive draws happen) runs whole games, and after every
action every tile is somewhere exactly once and the scores plus the riichi sticks on the table
add up to the points the game started with.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import EMA, TENHOU, RuleSet
from tests.test_table_play import play

ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")


@st.composite
def option_sets(draw: st.DrawFn) -> RuleSet:
    base = draw(st.sampled_from([EMA, TENHOU]))
    return base.with_options(
        red_fives=draw(st.booleans()), kan_dora=draw(st.booleans()), kan_dora_delayed=draw(st.booleans()),
        ura_dora=draw(st.booleans()), kuikae_allowed=draw(st.booleans()), nagashi_mangan=draw(st.booleans()),
        multi_ron=draw(st.sampled_from(["head_bump", "double", "triple", "triple_aborts"])),
        game_length=draw(st.sampled_from(["single", "east"])), bust=draw(st.booleans()),
        tie_break=draw(st.booleans()), agari_yame=draw(st.booleans()), tenpai_yame=draw(st.booleans()),
        riichi_min_wall=draw(st.sampled_from([0, 4, 10])), start_points=draw(st.sampled_from([20000, 25000, 30000])),
        open_tanyao=draw(st.booleans()),
        abortive_draws=tuple(d for d in ABORTIVE if draw(st.booleans())))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(rules=option_sets(), seed=st.integers(0, 2**31 - 1))
def test_every_hand_keeps_its_tiles_and_points_under_any_options(rules: RuleSet, seed: int) -> None:
    game = play(rules, seed, random.Random(seed))  # checks the invariants after every action
    assert game.finished
    assert sum(row["score"] for row in game.final_standing or []) == 4 * rules.start_points
