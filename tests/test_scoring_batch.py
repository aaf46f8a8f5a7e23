"""The batch entry points give, case by case, what scoring each case alone gives."""

from __future__ import annotations

import json

from cli.score import score_line, score_row
from game.hand.shanten import shanten
from game.rules import EMA, PRESETS, TENHOU, preset
from game.scoring.batch import score_many, shanten_many
from game.scoring.cases import parse_case
from game.scoring.score import HandScore, NoYaku
from game.tiles import counts_of, parse_kinds
from conftest import shared_path


def test_a_batch_of_sample_cases_scores_as_the_command_does() -> None:
    lines = shared_path("data", "scoring", "cases-sample.jsonl").read_text(encoding="utf-8").splitlines()[:600]
    cases = [json.loads(line) for line in lines]
    for name in PRESETS:
        answers = score_many(cases, preset(name))
        assert len(answers) == len(cases)
        for number, (case, answer, line) in enumerate(zip(cases, answers, lines), 1):
            alone = score_line(line, preset(name), number)
            if isinstance(answer, HandScore):
                assert score_row(case["id"], answer) == alone, case["id"]
            else:
                assert alone["error"] == ("no_yaku" if isinstance(answer, NoYaku) else f"bad input: {answer}")


def test_prepared_arguments_and_bad_cases_mix_without_stopping_the_batch() -> None:
    good = {"hand": "123m456p789s234m55s", "win_tile": "4m", "tsumo": True, "riichi": True}
    answers = score_many([good, {"hand": "123m", "melds": 3}, parse_case(good, TENHOU), {"hand": "1z"},
                          {**good, "honba": "2"}, good], EMA)
    assert [type(a).__name__ for a in answers] == ["HandScore", "ValueError", "HandScore", "ValueError",
                                                   "ValueError", "HandScore"]
    assert answers[0].payment.total == answers[5].payment.total == 3900
    assert answers[2].payment.total == 3900 and "honba must be a whole number" in str(answers[4])


def test_shanten_many_agrees_with_one_hand_at_a_time() -> None:
    hands = [json.loads(line)["hand"] for line in
             shared_path("data", "scoring", "shanten-sample.jsonl").read_text(encoding="utf-8").splitlines()[:500]]
    assert shanten_many(hands) == [shanten(counts_of(parse_kinds(hand))) for hand in hands]
    assert shanten_many([counts_of(parse_kinds(hands[0]))]) == shanten_many(hands[:1])


def test_a_case_field_of_the_wrong_shape_is_answered_with_what_went_wrong() -> None:
    answers = score_many([{"hand": "123m", "melds": 3}, {"hand": "123m", "melds": [None]}], EMA)
    assert [str(a) for a in answers] == ["bad case: 'int' object is not iterable",
                                         "bad case: 'NoneType' object has no attribute 'get'"]
