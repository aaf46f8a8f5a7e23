"""Every case of the shared scoring sample must agree with Kawa's scorer.

Cases that differ only by a rule Kawa's preset sets otherwise are skipped and counted:
``multi_yakuman`` cases under ``ema`` (yakuman count once there; the reference adds them up).
Each case's own ``rules`` object applies on top of its preset.
"""

from __future__ import annotations

import json

import pytest

from cli.score import score_line
from game.rules import preset
from conftest import shared_path

COMPARED = ("error", "han", "fu", "yaku", "yaku_han", "dora", "aka", "ura", "yakuman_count", "limit",
            "payment", "total_with_honba", "total_with_honba_and_sticks")


def _differs_by_preset(case: dict, preset_name: str) -> bool:
    return preset_name == "ema" and "multi_yakuman" in case["flags"]


def test_every_sample_case_agrees() -> None:
    path = shared_path("data", "scoring", "cases-sample.jsonl")
    compared = skipped = 0
    failures: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        case = json.loads(line)
        preset_name = case["id"].split("-")[0]
        if _differs_by_preset(case, preset_name):
            skipped += 1
            continue
        row = score_line(line, preset(preset_name), number)
        expected = case["expected"]
        for key in COMPARED:
            if key == "fu" and expected["yakuman_count"]:
                continue  # informational on yakuman hands
            if row[key] != expected[key]:
                failures.append(f"{case['id']} {key}: got {row[key]!r}, expected {expected[key]!r}")
        compared += 1
    assert not failures, f"{len(failures)} differences, first: " + "; ".join(failures[:5])
    assert compared + skipped == 3000
    assert skipped == sum(1 for line in path.read_text(encoding="utf-8").splitlines()
                          if '"multi_yakuman"' in line and line.startswith('{"id":"ema-'))


def test_multi_yakuman_counts_once_under_ema() -> None:
    """The skipped cases, scored under ema, pay a single yakuman (times the largest pattern)."""
    path = shared_path("data", "scoring", "cases-sample.jsonl")
    seen = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        case = json.loads(line)
        if not case["id"].startswith("ema-") or "multi_yakuman" not in case["flags"]:
            continue
        row = score_line(line, preset("ema"), number)
        assert row["error"] is None and row["yakuman_count"] == 1, (case["id"], row)
        assert row["limit"] == "yakuman" and len(row["yaku"]) >= 2
        assert set(row["yaku"]) == set(case["expected"]["yaku"])
        seen += 1
    assert seen > 0


# --- reading a case: what each field means and what the command says of a bad one ----------

PINFU_RON = {"id": "x", "hand": "123456m789p345s88p", "win_tile": "3s"}
"""Pinfu alone, 30 fu: 1,000 from a non-dealer, 1,500 from the dealer."""


def _answer(case: object, rules_name: str = "ema") -> dict:
    return score_line(json.dumps(case), preset(rules_name), 1)


def test_a_case_without_seat_wind_honba_or_sticks_is_the_dealers_with_nothing_on_the_table() -> None:
    row = _answer(PINFU_RON)
    assert (row["error"], row["payment"], row["total_with_honba"], row["total_with_honba_and_sticks"]) == (
        None, {"ron": 1500}, 1500, 1500)
    south = _answer({**PINFU_RON, "seat_wind": "S", "honba": 2, "riichi_sticks": 1})
    assert (south["payment"], south["total_with_honba"], south["total_with_honba_and_sticks"]) == (
        {"ron": 1000}, 1600, 2600)


def test_honba_and_sticks_up_to_999_are_read() -> None:
    row = _answer({**PINFU_RON, "honba": 999, "riichi_sticks": 999})
    assert (row["total_with_honba"], row["total_with_honba_and_sticks"]) == (1500 + 299_700, 1500 + 299_700 + 999_000)


def test_a_winning_tile_written_with_spaces_is_read_as_one_tile() -> None:
    assert _answer({**PINFU_RON, "win_tile": " 3s "})["payment"] == {"ron": 1500}
    assert _answer({**PINFU_RON, "win_tile": "3 s"})["payment"] == {"ron": 1500}


@pytest.mark.parametrize("change,message", [
    ({"rules": [1]}, "rules must be an object"),
    ({"rules": {"aka": True, "foo": True}}, "unknown rule 'foo' (known: aka, open_tanyao, double_yakuman, kazoe, kiriage)"),
    ({"rules": {"aka": 1}}, "rules.aka must be true or false, not 1"),
    ({"win_tile": "12m"}, "win_tile '12m' must be one tile"),
    ({"win_tile": "9s"}, "win_tile '9s' is not in the hand"),
    ({"win_tile": None}, "'None': unknown letter 'N' at position 0 (use m, p, s, z)"),
    ({"seat_wind": "X"}, "seat_wind 'X': use E, S, W or N"),
    ({"round_wind": "e"}, "round_wind 'e': use E, S, W or N"),
    ({"riichi": 1}, "riichi must be true or false, not 1"),
    ({"tsumo": "yes"}, "tsumo must be true or false, not 'yes'"),
    ({"honba": "2"}, "honba must be a whole number, not '2'"),
    ({"honba": -1}, "honba -1 is out of range (0 to 999)"),
    ({"honba": 1000}, "honba 1000 is out of range (0 to 999)"),
    ({"riichi_sticks": True}, "riichi_sticks must be a whole number, not True"),
    ({"riichi_sticks": -1}, "riichi_sticks -1 is out of range (0 to 999)"),
    ({"riichi_sticks": 1000}, "riichi_sticks 1000 is out of range (0 to 999)"),
    ({"melds": [{"type": "pon"}]}, "a pon has 3 tiles, not 0"),
    ({"melds": [{"type": "xx", "tiles": "111z"}]}, "unknown meld type 'xx'"),
    ({"hand": "111123m789p345s88p", "dora_indicators": "1m"}, "'1m': a fifth copy of 1m"),
    ({"melds": [{"type": "pon", "tiles": "999p"}], "hand": "123456m345s88p", "dora_indicators": "99p"},
     "'99p': a fifth copy of 9p"),
    ({"dora_indicators": "8p", "ura_indicators": "8p8p"}, "'8p8p': a fifth copy of 8p"),
    ({"rules": {"aka": False}, "dora_indicators": "0m"}, "'0m': red five 0m given, but these rules have no red fives"),
    ({"rules": {"aka": False}, "ura_indicators": "0p"}, "'0p': red five 0p given, but these rules have no red fives"),
])
def test_a_bad_field_is_refused_with_its_name_and_the_reason(change: dict, message: str) -> None:
    row = _answer({**PINFU_RON, **change})
    assert row["error"] == f"bad input: {message}" and row["payment"] is None


def test_a_case_missing_its_hand_or_winning_tile_says_which() -> None:
    no_hand = {k: v for k, v in PINFU_RON.items() if k != "hand"}
    no_win = {k: v for k, v in PINFU_RON.items() if k != "win_tile"}
    assert _answer(no_hand)["error"] == "bad input: win_tile '3s' is not in the hand"
    assert _answer(no_win)["error"] == "bad input: win_tile '' must be one tile"
    assert _answer([1, 2])["error"] == "bad input: a case must be a JSON object"


def test_a_rule_given_as_1_is_refused_even_after_the_same_rule_given_as_true() -> None:
    """1 == True in Python: the rule sets kept between cases must not let a 1 through."""
    assert _answer({**PINFU_RON, "rules": {"aka": True}})["error"] is None
    assert _answer({**PINFU_RON, "rules": {"aka": 1}})["error"] == "bad input: rules.aka must be true or false, not 1"
    assert _answer({**PINFU_RON, "rules": {"aka": False, "open_tanyao": 0}})["error"] == (
        "bad input: rules.open_tanyao must be true or false, not 0")
