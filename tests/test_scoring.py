"""Readings, limits, payments, bad input, tile order, the score command, and a cross-check of
generated hands against the reference package."""

from __future__ import annotations

import argparse
import io
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import score as score_cli
from cli.bench import reference_score
from cli.score import score_case, score_line
from game.hand.decompose import CHIITOITSU, KOKUSHI, REGULAR, Reading, decompositions, regular_readings, win_placements
from game.melds import Meld
from game.scoring.payment import Payment, base_points, make_payment, payment_total
from game.rules import EMA, TENHOU, RuleSet
from game.scoring.score import HandScore, NoYaku, NotComplete, ScoringError, WinContext, score_hand
from game.tiles import EAST, SOUTH, counts_of, parse_kinds, parse_tiles
from game.scoring.won_hands import random_won_hand


def score(hand: str, win: str, melds: tuple[tuple[str, str], ...] = (), rules: RuleSet = EMA,
          **fields: Any) -> HandScore:
    case = {"hand": hand, "win_tile": win, "melds": [{"type": t, "tiles": x} for t, x in melds],
            "seat_wind": "S", "round_wind": "E", **fields}
    return score_case(case, rules)


# --- readings ----------------------------------------------------------------------------

def test_readings_of_a_many_way_hand() -> None:
    readings = decompositions(counts_of(parse_kinds("111222333m456p99s")))
    # three runs 123m, or triplets 111m 222m 333m (codes 34 + kind); 456p is run 12; pair 9s
    assert sorted(r.groups for r in readings) == [(0, 0, 0, 12), (12, 34, 35, 36)]
    assert {(r.form, r.pair) for r in readings} == {(REGULAR, 26)}


def _readings_by_hand(counts: list[int]) -> set[tuple[int, tuple[int, ...]]]:
    """Every (pair, sorted groups) of a hand, found the slow way: take a pair, then always
    the lowest tile as a triplet or as the start of a run."""
    def groups_of(rest: list[int]) -> list[tuple[int, ...]]:
        low = next((k for k in range(34) if rest[k]), None)
        if low is None:
            return [()]
        out = []
        if rest[low] >= 3:
            rest[low] -= 3
            out += [(34 + low, *more) for more in groups_of(rest)]
            rest[low] += 3
        if low < 27 and low % 9 <= 6 and rest[low + 1] and rest[low + 2]:
            for k in (low, low + 1, low + 2):
                rest[k] -= 1
            out += [(low, *more) for more in groups_of(rest)]
            for k in (low, low + 1, low + 2):
                rest[k] += 1
        return out

    found = set()
    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            found.update((pair, tuple(sorted(groups))) for groups in groups_of(rest))
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(34)), min_size=5, max_size=14).map(lambda kinds: kinds[:len(kinds) // 3 * 3 + 2]),
       st.randoms(use_true_random=False))
def test_readings_agree_with_a_slow_search(kinds: list[int], rng: random.Random) -> None:
    # half the time, build the hand from groups so that it is complete and often reads several ways
    if rng.random() < 0.5:
        kinds = [rng.randrange(34)] * 2
        while len(kinds) < 14:
            start = rng.choice([k for k in range(27) if k % 9 <= 6] + [27, 30, 33])
            kinds += [start] * 3 if start >= 27 or rng.random() < 0.4 else [start, start + 1, start + 2]
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    if max(counts) > 4:
        return
    got = {(r.pair, r.groups) for r in regular_readings(counts)}
    assert got == _readings_by_hand(counts)


def test_seven_pairs_and_kokushi_readings() -> None:
    both = decompositions(counts_of(parse_kinds("112233m556677p99s")))
    assert sorted(r.form for r in both) == [CHIITOITSU, REGULAR]
    assert [r.form for r in decompositions(counts_of(parse_kinds("19m19p19s12345677z")))] == [KOKUSHI]
    assert decompositions(counts_of(parse_kinds("1111m2222p3333s55z"))) == []  # no four-of-a-kind pairs


def test_readings_need_the_right_tile_count() -> None:
    counts = counts_of(parse_kinds("123m456p789s55z"))
    melds = [Meld("pon", tuple(parse_tiles("777z")))]
    assert decompositions(counts, melds)[0].pair == 31
    assert decompositions(counts) == []
    with pytest.raises(ValueError):
        decompositions([5] + [0] * 33)


def test_win_placements_name_each_wait() -> None:
    reading = decompositions(counts_of(parse_kinds("123m345m789m444p55s")))[0]
    assert sorted(win_placements(reading, 2)) == sorted([(0, "penchan"), (1, "ryanmen")])
    assert win_placements(reading, 6) == [(2, "penchan")]
    assert win_placements(reading, 7) == [(2, "kanchan")]
    assert win_placements(reading, 12) == [(3, "shanpon")]
    assert win_placements(reading, 22) == [(-1, "tanki")]


# --- limits and payments -------------------------------------------------------------------

@pytest.mark.parametrize("han,fu,expected", [
    (1, 30, (240, None)), (3, 60, (1920, None)), (4, 30, (1920, None)), (4, 40, (2000, "mangan")),
    (3, 70, (2000, "mangan")), (5, 30, (2000, "mangan")), (6, 30, (3000, "haneman")),
    (8, 30, (4000, "baiman")), (11, 30, (6000, "sanbaiman")), (13, 30, (6000, "sanbaiman")),
])
def test_base_points(han: int, fu: int, expected: tuple[int, str | None]) -> None:
    assert base_points(han, fu, 0, EMA) == expected


def test_kazoe_kiriage_and_yakuman_limits() -> None:
    assert base_points(13, 30, 0, EMA.with_options(kazoe_yakuman=True)) == (8000, "kazoe yakuman")
    kiriage = EMA.with_options(kiriage=True)
    assert base_points(4, 30, 0, kiriage) == (2000, "mangan")
    assert base_points(3, 60, 0, kiriage) == (2000, "mangan")
    assert base_points(3, 50, 0, kiriage) == (1600, None)
    assert base_points(13, 0, 1, EMA) == (8000, "yakuman")
    assert base_points(13, 0, 2, EMA) == (16000, "yakuman x2")


@pytest.mark.parametrize("base,tsumo,dealer,expected", [
    (240, False, False, {"ron": 1000}), (240, False, True, {"ron": 1500}),
    (240, True, False, {"tsumo_dealer": 500, "tsumo_nondealer": 300}),
    (240, True, True, {"tsumo_dealer": 0, "tsumo_nondealer": 500}),
    (1920, False, False, {"ron": 7700}), (2000, True, False, {"tsumo_dealer": 4000, "tsumo_nondealer": 2000}),
    (6000, True, True, {"tsumo_dealer": 0, "tsumo_nondealer": 12000}),  # a dealer's sanbaiman tsumo: 12,000 all
    (6000, True, False, {"tsumo_dealer": 12000, "tsumo_nondealer": 6000}),
    (16000, True, False, {"tsumo_dealer": 32000, "tsumo_nondealer": 16000}),  # a double yakuman
])
def test_payments_round_up_each_payer(base: int, tsumo: bool, dealer: bool, expected: dict[str, int]) -> None:
    assert make_payment(base, tsumo, dealer).to_dict() == expected


@pytest.mark.parametrize("base,tsumo,dealer,total", [
    (240, False, False, 1000), (240, False, True, 1500), (240, True, False, 1100), (240, True, True, 1500),
    (1920, False, False, 7700), (1920, False, True, 11600), (1920, True, False, 7900), (1920, True, True, 11700),
    (2000, True, False, 8000), (2000, True, True, 12000), (320, False, False, 1300), (320, True, False, 1500),
    (6000, True, True, 36000), (6000, True, False, 24000), (16000, True, False, 64000),
])
def test_what_the_winner_receives_adds_each_payers_rounded_share(base: int, tsumo: bool, dealer: bool,
                                                                  total: int) -> None:
    """A ron pays 4 (dealer 6) times the base, rounded up to 100; a tsumo adds each payer's
    rounded share, so it can come to more than the ron."""
    assert payment_total(base, tsumo, dealer) == total == make_payment(base, tsumo, dealer).total


@pytest.mark.parametrize("tsumo,dealer,ron,tsumo_dealer,tsumo_nondealer", [
    (False, False, 8000, 0, 0), (False, True, 12000, 0, 0), (True, True, 0, 0, 4000), (True, False, 0, 4000, 2000),
])
def test_a_payment_names_only_the_players_who_pay(tsumo: bool, dealer: bool, ron: int, tsumo_dealer: int,
                                                  tsumo_nondealer: int) -> None:
    """A ron is paid by the discarder alone; a dealer's tsumo by the three others alike; the
    score summary shows every field, so the ones nobody pays must be 0."""
    assert make_payment(2000, tsumo, dealer) == Payment(2000, tsumo, dealer, ron, tsumo_dealer, tsumo_nondealer)


def test_a_payment_without_honba_given_adds_none() -> None:
    assert make_payment(2000, False, False).payments(winner_seat=1, dealer_seat=0, from_seat=3) == {3: 8000}
    assert make_payment(2000, True, False).payments(winner_seat=1, dealer_seat=0) == {0: 4000, 2: 2000, 3: 2000}


@pytest.mark.parametrize("from_seat", [None, 1, 4, -1])
def test_a_ron_needs_a_discarder_at_the_table_other_than_the_winner(from_seat: int | None) -> None:
    with pytest.raises(ValueError) as refused:
        make_payment(2000, False, False).payments(winner_seat=1, dealer_seat=0, from_seat=from_seat)
    assert str(refused.value) == f"a ron needs the discarder's seat, other than the winner's, not {from_seat!r}"


def test_honba_sticks_and_who_pays() -> None:
    ron = score("123456m789p345s88p", "3s", riichi=True, honba=2, riichi_sticks=3)
    assert (ron.payment.ron, ron.total_with_honba, ron.total_with_honba_and_sticks) == (2000, 2600, 5600)
    assert ron.payments(winner_seat=1, dealer_seat=0, from_seat=3) == {3: 2600}
    tsumo = score("123456m789p345s88p", "3s", riichi=True, tsumo=True, honba=1)
    assert tsumo.payment.to_dict() == {"tsumo_dealer": 1300, "tsumo_nondealer": 700}
    assert tsumo.total_with_honba == 1300 + 2 * 700 + 300
    assert tsumo.payments(winner_seat=1, dealer_seat=0) == {0: 1400, 2: 800, 3: 800}
    dealer = score("123456m789p345s88p", "3s", riichi=True, tsumo=True, seat_wind="E", honba=1)
    assert dealer.payments(winner_seat=0, dealer_seat=0) == {1: 1400, 2: 1400, 3: 1400}
    with pytest.raises(ValueError):
        ron.payments(winner_seat=1, dealer_seat=0)


def test_dora_aka_and_ura() -> None:
    aka_rules = EMA.with_options(red_fives=True)
    result = score("123406m789p345s88p", "3s", rules=aka_rules, riichi=True,
                   dora_indicators="7p", ura_indicators="2m")
    assert (result.dora, result.aka, result.ura) == (3, 1, 1)
    assert result.han == 1 + 1 + 3 + 1 + 1  # riichi, pinfu, dora 8p x3, aka, ura 3m
    no_riichi = score("123406m789p345s88p", "3s", rules=aka_rules, houtei=True,
                      dora_indicators="7p", ura_indicators="2m")
    assert no_riichi.ura == 0
    # a red five indicator points at 6, and red fives count nothing without the rule
    plain = score("123456m789p345s88p", "3s", riichi=True, dora_indicators="5p")
    assert (plain.dora, plain.aka) == (0, 0)


def test_dora_alone_is_not_a_yaku() -> None:
    with pytest.raises(NoYaku, match="^the hand is complete but has no yaku$"):
        score("123456m789p345s88p", "8p", (), dora_indicators="7p")  # kanchan or tanki: no pinfu
    with pytest.raises(NoYaku):
        score("456m789p345s88p", "3s", (("chi", "123m"),), dora_indicators="7p")


def test_thirteen_orphans_are_won_on_a_single_wait_without_fu_and_read_with_their_pair() -> None:
    result = score("19m19p19s1234567z7z", "9m")
    assert (result.wait, result.fu, result.fu_lines) == ("tanki", 0, [])
    assert result.reading == Reading(KOKUSHI, 33, ())  # the doubled 7z


def test_seven_pairs_are_won_on_a_single_wait_and_read_as_their_pairs() -> None:
    result = score("2233m4455p6677s88s", "8s")
    assert result.wait == "tanki" and result.reading == Reading(CHIITOITSU, -1, (1, 2, 12, 13, 23, 24, 25))


# --- bad input -----------------------------------------------------------------------------

def test_incomplete_and_malformed_hands_are_refused() -> None:
    tiles = parse_tiles("123456m789p345s89p")
    with pytest.raises(NotComplete):
        score_hand(tiles, [], tiles[0], WinContext(), EMA)
    with pytest.raises(ScoringError, match="concealed tiles"):
        score_hand(tiles[:13], [], tiles[0], WinContext(), EMA)
    with pytest.raises(ScoringError, match="twice"):
        score_hand(tiles[:13] + [tiles[0]], [], tiles[0], WinContext(), EMA)
    with pytest.raises(ScoringError, match="winning tile"):
        score_hand(tiles, [], 135, WinContext(), EMA)


PINFU = parse_tiles("123456m789p345s88p")
PON_1Z, PON_9M, KAN_2Z = Meld("pon", (108, 109, 110)), Meld("pon", (32, 33, 34)), Meld("ankan", (112, 113, 114, 115))


@pytest.mark.parametrize("concealed,melds,win,message", [
    (PINFU[:13], [], 0, "13 concealed tiles with 0 melds: expected 14"),
    (PINFU[:10], [PON_1Z], 0, "10 concealed tiles with 1 melds: expected 11"),
    (PINFU[:3], [PON_1Z, PON_9M, KAN_2Z, Meld("pon", (116, 117, 118))], 0,
     "3 concealed tiles with 4 melds: expected 2"),
    ([], [PON_1Z, PON_9M, KAN_2Z, Meld("pon", (116, 117, 118)), Meld("pon", (120, 121, 122))], 0,
     "5 melds: a hand has at most 4"),
    (PINFU[:13] + [-1], [], 0, "tiles must be 0..135"),
    (PINFU[:13] + [136], [], 0, "tiles must be 0..135"),  # 136 would read as a 1m past the range check
    (PINFU[:11], [Meld("pon", (136, 137, 138))], 0, "tiles must be 0..135"),
    (PINFU[:11], [Meld("pon", (-4, -3, -2))], 0, "tiles must be 0..135"),
    (PINFU[:13] + [PINFU[0]], [], 0, "the same physical tile appears twice"),
    (PINFU[:11], [PON_9M], 32, "the winning tile 32 is not among the concealed tiles"),  # a tile of the pon
])
def test_a_malformed_hand_is_refused_with_the_reason(concealed: list[int], melds: list[Meld], win: int,
                                                     message: str) -> None:
    with pytest.raises(ScoringError) as refused:
        score_hand(concealed, melds, win, WinContext(), EMA)
    assert type(refused.value) is ScoringError and str(refused.value) == message


def test_tiles_that_make_no_hand_are_refused_as_incomplete() -> None:
    with pytest.raises(NotComplete, match="^the tiles do not make a complete hand$"):
        score_hand(parse_tiles("123456m789p345s89p"), [], 0, WinContext(), EMA)


@pytest.mark.parametrize("flags,reason", [
    ({"ippatsu": True}, "inconsistent win context: ippatsu without riichi"),
    ({"rinshan": True}, "inconsistent win context: rinshan on a ron"),
    ({"rinshan": True, "tsumo": True, "haitei": True}, "inconsistent win context: haitei together with rinshan"),
    ({"chankan": True, "tsumo": True}, "inconsistent win context: chankan on a tsumo"),
    ({"chankan": True, "houtei": True}, "inconsistent win context: houtei together with chankan"),
    ({"haitei": True}, "inconsistent win context: haitei on a ron"),
    ({"houtei": True, "tsumo": True}, "inconsistent win context: houtei on a tsumo"),
    ({"tenhou": True, "seat_wind": EAST}, "inconsistent win context: tenhou/chiihou needs a tsumo without melds"),
    ({"tenhou": True, "tsumo": True}, "inconsistent win context: tenhou for a non-dealer"),
    ({"chiihou": True, "tsumo": True, "seat_wind": EAST}, "inconsistent win context: chiihou for the dealer"),
    ({"renhou": True, "tsumo": True}, "inconsistent win context: renhou needs a non-dealer ron without melds"),
    ({"seat_wind": 5}, "seat_wind and round_wind must be wind kinds 27..30"),
    ({"round_wind": 31}, "seat_wind and round_wind must be wind kinds 27..30"),
    ({"honba": -1}, "honba and riichi_sticks cannot be negative"),
    ({"riichi_sticks": -1}, "honba and riichi_sticks cannot be negative"),
])
def test_inconsistent_context_is_refused_with_the_reason(flags: dict[str, Any], reason: str) -> None:
    with pytest.raises(ScoringError) as refused:
        WinContext(**{"seat_wind": SOUTH, **flags})
    assert str(refused.value) == reason


def test_riichi_with_an_open_hand_is_refused() -> None:
    with pytest.raises(ScoringError, match="^inconsistent win context: riichi with an open hand$"):
        score("456m789p345s88p", "3s", (("chi", "123m"),), riichi=True)


@pytest.mark.parametrize("melds,flags,reason", [
    ((), {"rinshan": True, "tsumo": True}, "rinshan without a kan"),
    ((("pon", "777z"),), {"rinshan": True, "tsumo": True}, "rinshan without a kan"),
    ((("ankan", "7777z"),), {"tenhou": True, "tsumo": True, "seat_wind": "E"},
     "tenhou/chiihou needs a tsumo without melds"),
    ((("chi", "123m"),), {"renhou": True}, "renhou needs a non-dealer ron without melds"),
])
def test_what_the_melds_rule_out_is_refused(melds: tuple, flags: dict[str, Any], reason: str) -> None:
    hand = "456m789p345s88p" if melds else "123m456m789p345s88p"
    with pytest.raises(ScoringError, match=f"^inconsistent win context: {reason}$"):
        score(hand, "3s", melds, **flags)


# --- tile order never matters ----------------------------------------------------------------

def _summary(result: HandScore) -> tuple:
    return (result.han, result.fu, sorted(result.yaku), result.payment, result.limit, result.dora)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), shuffle_seed=st.integers(0, 10**9))
def test_score_does_not_depend_on_tile_order(seed: int, shuffle_seed: int) -> None:
    hand = random_won_hand(random.Random(seed))
    shuffled = list(hand.concealed)
    random.Random(shuffle_seed).shuffle(shuffled)
    melds = list(hand.melds)
    random.Random(shuffle_seed).shuffle(melds)
    outcomes = []
    for concealed, meld_order in ((hand.concealed, hand.melds), (shuffled, melds)):
        try:
            outcomes.append(_summary(score_hand(concealed, meld_order, hand.win_tile, hand.ctx, TENHOU)))
        except NoYaku:
            outcomes.append("no yaku")
    assert outcomes[0] == outcomes[1]


# --- the reference package, on generated hands ------------------------------------------------

def test_generated_hands_agree_with_the_reference() -> None:
    pytest.importorskip("mahjong")
    rng = random.Random(20261121)
    rules_choices = (TENHOU, TENHOU.with_options(double_yakuman=True, kazoe_yakuman=False),
                     TENHOU.with_options(red_fives=False, open_tanyao=False))
    compared = 0
    for index in range(300):
        hand = random_won_hand(rng)
        rules = rules_choices[index % len(rules_choices)]
        expected = reference_score(hand, rules)
        try:
            result = score_hand(hand.concealed, hand.melds, hand.win_tile, hand.ctx, rules)
        except NoYaku:
            assert expected["error"] == "no_yaku", (hand, expected)
            continue
        assert expected["error"] is None, (hand, expected)
        got = {"han": result.han, "yaku": sorted(y.name for y in result.yaku),
               "payment": result.payment.to_dict(), "total": result.total_with_honba_and_sticks}
        want = {k: expected[k] for k in got}
        if result.yakuman_count == 0 and result.limit != "kazoe yakuman":
            got["fu"], want["fu"] = result.fu, expected["fu"]
        assert got == want, hand
        compared += 1
    assert compared > 150


# --- the score command ------------------------------------------------------------------------

def test_score_command_writes_one_line_per_case(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    good = {"id": "a", "hand": "123456m789p345s88p", "win_tile": "3s", "riichi": True,
            "seat_wind": "S", "round_wind": "E", "dora_indicators": "2m", "honba": 1, "riichi_sticks": 1,
            "rules": {"aka": False, "kazoe": False}}
    no_yaku = {**good, "id": "b", "riichi": False, "riichi_sticks": 0, "win_tile": "8p"}
    text = "\n".join([json.dumps(good), "{not json", json.dumps({"id": "c", "hand": "12m"}), json.dumps(no_yaku)])
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((text + "\n").encode())))
    assert score_cli.run(argparse.Namespace(file="-", preset="ema")) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["id"] for r in rows] == ["a", "line 2", "c", "b"]
    assert rows[0]["error"] is None and rows[0]["yaku"] == ["pinfu", "riichi"] and rows[0]["dora"] == 1
    assert rows[0]["payment"] == {"ron": 3900} and rows[0]["total_with_honba_and_sticks"] == 3900 + 300 + 1000
    assert rows[1]["error"].startswith("bad input") and rows[2]["error"].startswith("bad input")
    assert rows[3]["error"] == "no_yaku" and rows[3]["payment"] is None


def test_case_rules_override_the_preset() -> None:
    case = {"id": "k", "hand": "123345567m99m888m", "win_tile": "9m", "tsumo": True, "riichi": True,
            "dora_indicators": "7m8m", "seat_wind": "S", "round_wind": "E"}  # 6 + 1 + 1 + 5 dora
    assert score_line(json.dumps(case), EMA, 1)["limit"] == "sanbaiman"
    kazoe = score_line(json.dumps({**case, "rules": {"kazoe": True}}), EMA, 1)
    assert (kazoe["han"], kazoe["limit"], kazoe["yakuman_count"]) == (13, "kazoe yakuman", 0)
    unknown = json.dumps({"id": "u", "hand": "123456m789p345s88p", "win_tile": "3s", "rules": {"nope": 1}})
    assert "unknown rule" in score_line(unknown, EMA, 1)["error"]


def test_dora_on_a_kan_and_red_fives_in_melds() -> None:
    aka = EMA.with_options(red_fives=True)
    result = score("123m456p55s", "5s", (("ankan", "9999m"), ("chi", "406s")), rules=aka, houtei=True,
                   dora_indicators="8m")
    assert (result.dora, result.aka) == (4, 1)


def test_ura_dora_follow_the_rule() -> None:
    hand = ("123456m789p345s88p", "3s")
    with_ura = score(*hand, riichi=True, ura_indicators="7p")
    without = score(*hand, riichi=True, ura_indicators="7p", rules=EMA.with_options(ura_dora=False))
    assert (with_ura.ura, without.ura) == (3, 0)
