"""Rule sets: presets, overrides and refusal of bad values."""

import pytest

from game.rules import EMA, TENHOU, RuleError, RuleSet, preset


def test_presets_follow_rules_md():
    assert preset("ema") is EMA and preset("tenhou") is TENHOU
    assert not EMA.red_fives and TENHOU.red_fives
    assert EMA.start_points == 30000 and TENHOU.start_points == 25000
    assert EMA.uma == (15000, 5000, -5000, -15000) and TENHOU.uma == (20000, 10000, -10000, -20000)
    assert not EMA.cumulative_yakuman and TENHOU.cumulative_yakuman
    assert not EMA.kazoe_yakuman and TENHOU.kazoe_yakuman
    assert EMA.abortive_draws == () and len(TENHOU.abortive_draws) == 5
    assert EMA.multi_ron == "triple" and TENHOU.multi_ron == "triple_aborts"
    assert not EMA.tenpai_yame and TENHOU.tenpai_yame and TENHOU.agari_yame


def test_options_round_trip_through_dict():
    rules = TENHOU.with_options(game_length="east", abortive_draws=["suucha_riichi"])
    assert RuleSet.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("changes, message", [
    ({"multi_ron": "all"}, "multi_ron"),
    ({"start_points": 12345}, "start_points"),
    ({"abortive_draws": ["nine_gates"]}, "unknown abortive draw"),
    ({"colour": "red"}, "unknown rule 'colour'"),
])
def test_bad_rules_are_refused(changes, message):
    with pytest.raises(RuleError, match=message):
        EMA.with_options(**changes)


def test_unknown_preset():
    with pytest.raises(RuleError, match="unknown preset"):
        preset("wrc")
