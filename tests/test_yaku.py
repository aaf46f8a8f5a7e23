"""One hand per yaku and yakuman, with the yaku it must get, closed and open values."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import EMA, TENHOU
from game.scoring.score import HandScore, NoYaku
from game.scoring.yaku import YAKU, YAKUMAN
from test_scoring import score


def yaku_of(result: HandScore) -> dict[str, int]:
    return {y.name: y.han for y in result.yaku}


# (what, hand, win, melds, flags, expected yaku with han)
CASES: list[tuple[str, str, str, tuple, dict[str, Any], dict[str, int]]] = [
    ("pinfu", "123456m789p345s88p", "3s", (), {}, {"pinfu": 1}),
    ("menzen tsumo", "123456m789p345s88p", "3s", (), {"tsumo": True}, {"menzen tsumo": 1, "pinfu": 1}),
    ("riichi", "123456m789p345s88p", "3s", (), {"riichi": True}, {"riichi": 1, "pinfu": 1}),
    ("double riichi", "123456m789p345s88p", "3s", (), {"riichi": True, "double_riichi": True},
     {"double riichi": 2, "pinfu": 1}),
    ("ippatsu", "123456m789p345s88p", "3s", (), {"riichi": True, "ippatsu": True},
     {"riichi": 1, "ippatsu": 1, "pinfu": 1}),
    ("chankan", "123456m789p345s88p", "3s", (), {"chankan": True}, {"chankan": 1, "pinfu": 1}),
    ("houtei", "123456m789p345s88p", "3s", (), {"houtei": True}, {"houtei": 1, "pinfu": 1}),
    ("haitei", "123456m789p345s88p", "3s", (), {"tsumo": True, "haitei": True},
     {"haitei": 1, "menzen tsumo": 1, "pinfu": 1}),
    ("rinshan", "123456m345s88p", "5s", (("ankan", "9999s"),), {"tsumo": True, "rinshan": True},
     {"rinshan": 1, "menzen tsumo": 1}),
    ("tanyao closed", "234567m345p55678s", "2m", (), {}, {"tanyao": 1, "pinfu": 1}),
    ("tanyao open", "567m345p55678s", "5m", (("chi", "234m"),), {}, {"tanyao": 1}),
    ("iipeikou", "112233m456p789s55s", "4p", (), {}, {"iipeikou": 1, "pinfu": 1}),
    ("ryanpeikou", "112233m556677p99s", "1m", (), {}, {"ryanpeikou": 3, "pinfu": 1}),
    ("sanshoku closed", "123m123p123s456s99m", "4s", (), {}, {"sanshoku doujun": 2, "pinfu": 1}),
    ("sanshoku open", "123p123s456s99m", "6s", (("chi", "123m"),), {}, {"sanshoku doujun": 1}),
    ("ittsu closed", "123456789m234p55s", "5s", (), {}, {"ittsu": 2}),
    ("ittsu open", "123789m234p55s", "5s", (("chi", "456m"),), {}, {"ittsu": 1}),
    ("haku", "555z123m456p789s22p", "2p", (), {}, {"haku": 1}),
    ("hatsu", "666z123m456p789s22p", "2p", (), {}, {"hatsu": 1}),
    ("chun", "123m456p789s22p", "2p", (("pon", "777z"),), {}, {"chun": 1}),
    ("seat wind", "222z123m456p789s22p", "2p", (), {}, {"seat wind": 1}),
    ("round wind", "111z123m456p789s22p", "2p", (), {}, {"round wind": 1}),
    ("double wind", "111z123m456p789s22p", "2p", (), {"seat_wind": "E"}, {"seat wind": 1, "round wind": 1}),
    ("chanta closed", "123m789p333z789s99s", "1m", (), {}, {"chanta": 2}),
    ("chanta open", "789p333z789s99s", "9s", (("chi", "123m"),), {}, {"chanta": 1}),
    ("junchan closed", "123m789p123s789s99s", "1m", (), {}, {"junchan": 3, "pinfu": 1}),
    ("junchan open", "789p123s789s99s", "9s", (("chi", "123m"),), {}, {"junchan": 2}),
    ("honroutou", "111s333z99s", "3z", (("pon", "111m"), ("pon", "999p")), {},
     {"honroutou": 2, "toitoi": 2}),
    ("shousangen", "555z666z77z123m456p", "4p", (), {},
     {"shousangen": 2, "haku": 1, "hatsu": 1}),
    ("toitoi", "666s888m55p", "5p", (("pon", "111m"), ("pon", "444p")), {}, {"toitoi": 2}),
    ("sanankou", "222m444p666s55s", "5s", (("chi", "789m"),), {}, {"sanankou": 2}),
    ("sankantsu", "789m55s", "5s", (("kan", "2222m"), ("ankan", "4444p"), ("shouminkan", "6666s")), {},
     {"sankantsu": 2}),
    ("sanshoku doukou", "222m222p222s456s88m", "8m", (), {},
     {"sanshoku doukou": 2, "sanankou": 2, "tanyao": 1}),
    ("chiitoitsu", "1133m5577p2299s11z", "1z", (), {}, {"chiitoitsu": 2}),
    ("honitsu closed", "123m456m678m333z22z", "2z", (), {}, {"honitsu": 3}),
    ("honitsu open", "456m678m333z22z", "2z", (("chi", "123m"),), {}, {"honitsu": 2}),
    ("chinitsu closed", "123345567m99m888m", "9m", (), {}, {"chinitsu": 6}),
    ("chinitsu open", "345567m99m888m", "9m", (("chi", "123m"),), {}, {"chinitsu": 5}),
    # yakuman
    ("kokushi", "19m19p19s1234567z1m", "9m", (), {}, {"kokushi musou": 13}),
    ("kokushi 13-sided", "19m19p19s1234567z1m", "1m", (), {}, {"kokushi musou 13-sided wait": 13}),
    ("chuuren", "11123455678999m", "3m", (), {}, {"chuuren poutou": 13}),
    ("junsei chuuren", "11123455678999m", "5m", (), {}, {"junsei chuuren poutou": 13}),
    ("suuankou", "222m444p666s888s55m", "2m", (), {"tsumo": True}, {"suuankou": 13}),
    ("suuankou tanki", "222m444p666s888s55m", "5m", (), {}, {"suuankou tanki": 13}),
    ("daisangen", "555z666z777z123m55p", "5p", (), {}, {"daisangen": 13}),
    ("shousuushii", "111z222z333z44z123m", "1m", (), {}, {"shousuushii": 13}),
    ("daisuushii", "222z333z444z55m", "5m", (("pon", "111z"),), {}, {"daisuushii": 13}),
    ("ryuuiisou", "223344s666s888s66z", "6z", (), {}, {"ryuuiisou": 13}),
    ("tsuuiisou", "111z222z333z77z", "7z", (("pon", "555z"),), {}, {"tsuuiisou": 13}),
    ("chinroutou", "999m111p999p11s", "1s", (("pon", "111m"),), {}, {"chinroutou": 13}),
    ("suukantsu", "55m", "5m", (("kan", "2222m"), ("ankan", "4444p"), ("shouminkan", "6666s"),
                                ("kan", "8888s")), {}, {"suukantsu": 13}),
    ("tenhou", "123456m789p345s88p", "3s", (), {"tsumo": True, "tenhou": True, "seat_wind": "E"},
     {"tenhou": 13}),
    ("chiihou", "123456m789p345s88p", "3s", (), {"tsumo": True, "chiihou": True}, {"chiihou": 13}),
]


@pytest.mark.parametrize("what,hand,win,melds,flags,expected", CASES, ids=[c[0] for c in CASES])
def test_yaku(what: str, hand: str, win: str, melds: tuple, flags: dict[str, Any],
              expected: dict[str, int]) -> None:
    assert yaku_of(score(hand, win, melds, **flags)) == expected


def test_every_table_row_has_a_case() -> None:
    named = {name for case in CASES for name in case[5]}
    rows = {row.name for row in (*YAKU, *YAKUMAN)}
    assert rows - named == set()


def test_open_tanyao_follows_the_rule() -> None:
    with pytest.raises(NoYaku):
        score("567m345p55678s", "5m", (("chi", "234m"),), rules=EMA.with_options(open_tanyao=False))


def test_closed_only_yaku_vanish_when_open() -> None:
    # an open hand with the iipeikou and pinfu shape in hand and a called run: tanyao only
    result = score("223344m456p55s", "4p", (("chi", "678s"),))
    assert yaku_of(result) == {"tanyao": 1}


def test_ron_on_shanpon_breaks_suuankou() -> None:
    assert yaku_of(score("222m444p666s888s55m", "2m")) == {"sanankou": 2, "toitoi": 2, "tanyao": 1}


def test_ron_shanpon_stays_concealed_when_the_tile_also_completes_a_run() -> None:
    # 456p + 666p: ron on 6p can be the run's tile, so 666p stays a concealed triplet
    result = score("222m444s456666p99s", "6p")
    assert "sanankou" in yaku_of(result)


def test_double_yakuman_rule() -> None:
    single = score("19m19p19s1234567z1m", "1m")
    double = score("19m19p19s1234567z1m", "1m", rules=EMA.with_options(double_yakuman=True))
    assert (single.yakuman_count, single.limit) == (1, "yakuman")
    assert (double.yakuman_count, double.limit, double.han) == (2, "yakuman x2", 26)
    assert yaku_of(single) == {"kokushi musou 13-sided wait": 13}
    assert yaku_of(double) == {"kokushi musou 13-sided wait": 26}
    assert double.payment.ron == 64000


def test_cumulative_yakuman_rule() -> None:
    hand, win, melds = "666z777z111z22z", "2z", (("pon", "555z"),)  # daisangen + tsuuiisou
    once = score(hand, win, melds, rules=EMA)
    added = score(hand, win, melds, rules=TENHOU.with_options(red_fives=False))
    assert set(yaku_of(once)) == set(yaku_of(added)) == {"daisangen", "tsuuiisou"}
    assert (once.yakuman_count, once.payment.ron) == (1, 32000)
    assert (added.yakuman_count, added.payment.ron) == (2, 64000)


def test_yakuman_ignores_dora_and_other_yaku() -> None:
    result = score("555z666z777z123m55p", "5p", riichi=True, dora_indicators="4p")
    assert yaku_of(result) == {"daisangen": 13} and (result.dora, result.han) == (0, 13)


def test_renhou_mangan_rule() -> None:
    plain = "123456m789p345s88p"
    result = score(plain, "3s", renhou=True)
    assert yaku_of(result) == {"renhou": 5} and result.limit == "mangan" and result.payment.ron == 8000
    # worth more without it: the hand keeps its own yaku
    rich = score("123345567m99m888m", "9m", renhou=True)
    assert "renhou" not in yaku_of(rich) and "chinitsu" in yaku_of(rich)
    # not a yaku under the tenhou preset
    assert yaku_of(score(plain, "3s", rules=TENHOU, renhou=True)) == {"pinfu": 1}


def test_renhou_counts_as_a_plain_mangan_of_five_han() -> None:
    result = score("123456m789p345s88p", "3s", renhou=True)
    assert (result.han, result.yakuman_count, result.limit, result.payment.base_points) == (5, 0, "mangan", 2000)


def test_renhou_counts_no_dora() -> None:
    """The mangan is renhou's own value: dora add nothing to it and are not listed."""
    result = score("123456m789p345s88p", "3s", renhou=True, dora_indicators="7p")
    assert (result.han, result.dora, result.payment.ron) == (5, 0, 8000)


def test_a_hand_worth_exactly_five_han_keeps_its_own_yaku_over_renhou() -> None:
    result = score("112233456m77722z", "6m", renhou=True)
    assert yaku_of(result) == {"iipeikou": 1, "chun": 1, "honitsu": 3} and result.limit == "mangan"


def test_a_real_yakuman_is_preferred_to_a_counted_one_of_the_same_value() -> None:
    """111m 222m 333m 555m 99m by tsumo: four concealed triplets, or three 123m runs worth 14 han
    with the dora (chinitsu, tsumo, iipeikou, six dora), a counted yakuman under tenhou rules."""
    result = score("111222333555m99m", "5m", rules=TENHOU, tsumo=True, dora_indicators="9m4m")
    assert yaku_of(result) == {"suuankou": 13} and (result.yakuman_count, result.limit) == (1, "yakuman")


def test_chiitoitsu_combines_with_suit_and_terminal_yaku() -> None:
    assert yaku_of(score("11z22z33z44z55z66z77z", "7z")) == {"tsuuiisou": 13}
    assert yaku_of(score("1199m1199p11s22z33z", "3z")) == {"chiitoitsu": 2, "honroutou": 2}
    assert yaku_of(score("1133557799m1122z", "2z")) == {"chiitoitsu": 2, "honitsu": 3}


def test_best_reading_wins() -> None:
    # ryanpeikou beats seven pairs; 111222333m reads as triplets (sanankou) or runs
    assert "ryanpeikou" in yaku_of(score("112233m556677p99s", "9s"))
    triplets = score("111222333m456p99s", "9s", tsumo=True)
    assert "sanankou" in yaku_of(triplets)


def test_four_kans_add_to_the_other_yakuman_of_the_hand_where_yakuman_add_up() -> None:
    """Four closed honour kans and a tanki on the pair: suuankou tanki, tsuuiisou and
    suukantsu, three yakuman under tenhou rules, one under EMA (the largest counts)."""
    kans = (("ankan", "1111z"), ("ankan", "2222z"), ("ankan", "6666z"), ("ankan", "7777z"))
    names = {"suuankou tanki": 13, "tsuuiisou": 13, "suukantsu": 13}
    tenhou = score("55z", "5z", kans, rules=TENHOU, tsumo=True)
    assert yaku_of(tenhou) == names and (tenhou.yakuman_count, tenhou.limit) == (3, "yakuman x3")
    ema = score("55z", "5z", kans, rules=EMA, tsumo=True)
    assert yaku_of(ema) == names and (ema.yakuman_count, ema.limit) == (1, "yakuman")


def test_all_green_needs_every_tile_green_the_middle_of_a_run_included() -> None:
    """456s: its ends are green, its 5s is not."""
    assert yaku_of(score("222s456s888s33s666z", "3s")) == {"hatsu": 1, "sanankou": 2, "honitsu": 3}


def test_seven_pairs_of_simples_are_tanyao_where_open_tanyao_is_not_allowed() -> None:
    """Seven pairs are always a closed hand."""
    result = score("2233m4455p6677s88s", "8s", rules=EMA.with_options(open_tanyao=False))
    assert yaku_of(result) == {"tanyao": 1, "chiitoitsu": 2}


@pytest.mark.parametrize("hand,win,fu,wait", [
    ("123m456m789p34555s", "5s", 40, "tanki"),  # the tanki on 55s (no yaku) or 345s ryanmen (pinfu)
    ("111222333m456p99s", "3m", 50, "shanpon"),  # three triplets (sanankou) or 123m x3 (iipeikou)
])
def test_renhou_is_a_mangan_in_every_reading_and_the_reading_of_most_fu_is_shown(hand: str, win: str, fu: int,
                                                                                 wait: str) -> None:
    result = score(hand, win, renhou=True)
    assert yaku_of(result) == {"renhou": 5} and (result.han, result.yakuman_count, result.limit) == (5, 0, "mangan")
    assert (result.payment.ron, result.fu, result.wait) == (8000, fu, wait)


@pytest.mark.parametrize("hand,win,melds,flags,fu,wait,form", [
    # daisangen: the tanki on 33s (52 fu) or 345s ryanmen (50 fu)
    ("33345s666z", "3s", (("shouminkan", "5555z"), ("pon", "777z")), {}, 50, "tanki", "regular"),
    # chiihou: seven pairs (25 fu) or ryanpeikou with pinfu by tsumo (20 fu)
    ("99m445566p556677s", "5s", (), {"tsumo": True, "chiihou": True}, 25, "tanki", "chiitoitsu"),
])
def test_a_yakuman_hand_is_shown_in_its_reading_of_most_fu(hand: str, win: str, melds: tuple, flags: dict[str, Any],
                                                            fu: int, wait: str, form: str) -> None:
    result = score(hand, win, melds, **flags)
    assert result.yakuman_count == 1 and (result.fu, result.wait, result.reading.form) == (fu, wait, form)
