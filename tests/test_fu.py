"""Each fu rule, on a hand where it decides the total, and the breakdown adding up."""

from __future__ import annotations

import pytest

from game.scoring.fu import FU_START, fu_start, pair_fu, round_fu, set_fu
from game.rules import EMA
from game.scoring.score import HandScore, waits_of
from test_scoring import score


def reasons(result: HandScore) -> dict[str, int]:
    return {line.reason: line.fu for line in result.fu_lines}


@pytest.mark.parametrize("kind,kan,concealed,fu", [
    (4, False, False, 2), (4, False, True, 4), (0, False, False, 4), (27, False, True, 8),
    (4, True, False, 8), (4, True, True, 16), (8, True, False, 16), (33, True, True, 32),
])
def test_set_fu_table(kind: int, kan: bool, concealed: bool, fu: int) -> None:
    assert set_fu(kind, kan, concealed) == fu


@pytest.mark.parametrize("closed,tsumo,fu", [(True, False, 30), (True, True, 22), (False, False, 20), (False, True, 22)])
def test_every_reading_starts_from_20_plus_10_for_a_closed_ron_or_2_for_a_tsumo(closed: bool, tsumo: bool,
                                                                                 fu: int) -> None:
    assert fu_start(closed, tsumo) == fu == FU_START[closed, tsumo]


E, S, W, N, WHITE, RED = 27, 28, 29, 30, 31, 33


@pytest.mark.parametrize("pair,seat,round_,double,fu", [
    (0, E, E, 4, 0), (8, E, E, 4, 0), (13, S, E, 4, 0), (26, S, E, 4, 0),  # numbers never count
    (WHITE, S, E, 4, 2), (RED, S, E, 4, 2),  # dragons always
    (E, S, E, 4, 2), (S, S, E, 4, 2), (W, S, E, 4, 0), (N, S, E, 4, 0),  # the round's or the seat's wind
    (E, E, E, 4, 4), (E, E, E, 2, 2), (S, S, S, 2, 2),  # both: the rule's value
])
def test_a_pair_counts_only_as_a_dragon_or_the_seat_or_round_wind(pair: int, seat: int, round_: int, double: int,
                                                                   fu: int) -> None:
    assert pair_fu(pair, seat, round_, double) == fu


TANKI, SHANPON, RUN_FROM_TWO_BELOW, RUN_FROM_ONE_BELOW, RUN_FROM_IT = 16, 8, 1, 2, 4


@pytest.mark.parametrize("win,places,waits", [
    (2, TANKI, ("tanki",)), (27, SHANPON, ("shanpon",)), (2, TANKI | SHANPON, ("tanki", "shanpon")),
    (4, RUN_FROM_TWO_BELOW, ("ryanmen",)), (2, RUN_FROM_TWO_BELOW, ("penchan",)),  # 345m / 123m on 3m
    (4, RUN_FROM_ONE_BELOW, ("kanchan",)), (13, RUN_FROM_ONE_BELOW, ("kanchan",)),  # 456m / 456p
    (4, RUN_FROM_IT, ("ryanmen",)), (24, RUN_FROM_IT, ("penchan",)),  # 567m / 789s on 7s
    (15, RUN_FROM_TWO_BELOW | RUN_FROM_ONE_BELOW | RUN_FROM_IT, ("ryanmen", "kanchan", "penchan")),  # 7p
    (2, TANKI | SHANPON | RUN_FROM_TWO_BELOW | RUN_FROM_IT, ("tanki", "shanpon", "penchan", "ryanmen")),
    (4, 0, ()),
])
def test_the_winning_tile_names_each_wait_it_completes(win: int, places: int, waits: tuple[str, ...]) -> None:
    """Tanki for the pair, shanpon for a triplet, then the runs: ryanmen on either end of an open
    two-sided shape, penchan on a 3 or a 7 that closes an edge, kanchan in the middle."""
    assert waits_of(win, places) == waits


def test_rounding() -> None:
    assert [round_fu(n) for n in (20, 22, 30, 32, 38, 40, 41)] == [20, 30, 30, 40, 40, 40, 50]


def test_pinfu_ron_is_30_and_tsumo_20() -> None:
    ron = score("123456m789p345s88p", "3s")
    tsumo = score("123456m789p345s88p", "3s", tsumo=True)
    assert (ron.fu, reasons(ron)) == (30, {"base": 20, "closed ron": 10})
    assert (tsumo.fu, reasons(tsumo)) == (20, {"base": 20})


def test_tsumo_adds_2_without_pinfu() -> None:
    result = score("123456789m234p55s", "5s", tsumo=True)  # tanki: no pinfu
    assert reasons(result) == {"base": 20, "tanki wait": 2, "tsumo": 2} and result.fu == 30


@pytest.mark.parametrize("hand,win,wait", [
    ("123456m789p345s88p", "4s", "kanchan"),     # 3_5s
    ("123456m789p123s88p", "3s", "penchan"),     # 12_s
    ("123456m789p789s88p", "7s", "penchan"),     # _89s
    ("123456m789p345s22p", "2p", "tanki"),       # 2_p
])
def test_single_waits_add_2(hand: str, win: str, wait: str) -> None:
    result = score(hand, win, riichi=True)
    assert result.wait == wait
    assert reasons(result)[f"{wait} wait"] == 2
    assert "pinfu" not in {y.name for y in result.yaku}


def test_the_wait_that_pays_most_is_chosen() -> None:
    # 34555s + win 5s: a tanki on 55s (40 fu) or 345s ryanmen with the pinfu (30 fu, 1 han more)
    result = score("123m456p789p34555s", "5s", riichi=True)
    assert result.wait == "ryanmen" and result.fu == 30
    assert {y.name for y in result.yaku} == {"riichi", "pinfu"}


def test_ron_on_shanpon_counts_the_triplet_open() -> None:
    result = score("123m456p789p22s444s", "4s", riichi=True)
    assert reasons(result)["open triplet 4s"] == 2 and result.wait == "shanpon"
    tsumo = score("123m456p789p22s444s", "4s", tsumo=True)
    assert reasons(tsumo)["closed triplet 4s"] == 4


def test_triplets_and_kans() -> None:
    result = score("123m456p99s", "9s", (("pon", "999m"), ("ankan", "1111z")))
    lines = reasons(result)
    assert lines["open triplet 9m"] == 4 and lines["closed kan 1z"] == 32
    assert result.fu == round_fu(20 + 4 + 32 + 2)


@pytest.mark.parametrize("pair,seat,round_,fu", [
    ("55z", "S", "E", 2),   # dragon
    ("22z", "S", "E", 2),   # seat wind
    ("11z", "S", "E", 2),   # round wind
    ("33z", "S", "E", 0),   # guest wind
])
def test_valued_pairs(pair: str, seat: str, round_: str, fu: int) -> None:
    result = score(f"123m456p789p234s{pair}", "2s", seat_wind=seat, round_wind=round_, riichi=True)
    valued = [line.fu for line in result.fu_lines if line.reason.startswith("valued pair")]
    assert sum(valued) == fu
    assert ("pinfu" in {y.name for y in result.yaku}) == (fu == 0)


def test_double_wind_pair_follows_the_rule() -> None:
    hand = "123m456p999s234s11z"  # 20 + 10 closed ron + 8 closed 999s + the East pair
    four = score(hand, "2s", seat_wind="E", round_wind="E", riichi=True)
    two = score(hand, "2s", seat_wind="E", round_wind="E", riichi=True,
                rules=EMA.with_options(double_wind_pair_fu=2))
    assert reasons(four)["valued pair 1z"] == 4 and four.fu == 50
    assert reasons(two)["valued pair 1z"] == 2 and two.fu == 40


def test_open_hand_without_fu_is_30() -> None:
    # houtei gives the open hand its yaku
    result = score("456p789p234s88m", "2s", (("chi", "123m"),), houtei=True)
    assert result.fu == 30 and reasons(result)["open hand without fu: 30"] == 10


def test_seven_pairs_is_25_flat() -> None:
    result = score("1133m5577p2299s11z", "1z", tsumo=True)
    assert result.fu == 25 and reasons(result) == {"seven pairs": 25}


def test_lines_add_up_to_the_fu() -> None:
    for hand, win, melds in (("123m456p99s", "9s", (("pon", "999m"), ("ankan", "1111z"))),
                             ("123456789m234p55s", "5s", ()), ("123m456p789p22s444s", "4s", ())):
        result = score(hand, win, melds, riichi=not melds, houtei=bool(melds))
        assert round_fu(sum(line.fu for line in result.fu_lines)) == result.fu
