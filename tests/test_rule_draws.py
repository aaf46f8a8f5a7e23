"""Abortive draws, the first go-around, the last tile, the tenpai declarations of an exhaustive draw
and the end of the game on a leading dealer's win or tenpai, as the table plays them."""

from __future__ import annotations

import pytest

from game.rules import EMA, TENHOU, RuleSet
from game.table import Action, Game
from tests.table_helpers import (build_wall, claim, discard, draws_of, events_of, find, has, new_game, pass_all,
                                 play_to, refusal_of, refused, tile_of, won_yaku)

# ---------------------------------------------------------------- nine terminals

NINE_RULES = EMA.with_options(abortive_draws=("kyuushu_kyuuhai",))


@pytest.mark.parametrize("hand,draw,offered", [("19m19p19s123z2346m", "7m", True),
                                               ("19m19p19s12z23467m", "8m", False)],
                         ids=["nine kinds", "eight kinds"])
def test_nine_terminals_needs_nine_different_terminal_and_honour_kinds(hand: str, draw: str, offered: bool) -> None:
    hands = [hand, "2346m2346p2346s7s", "88s78p78m9m9p9s2346z", "4678p2346s5677z1s"]
    game = new_game(NINE_RULES, build_wall(hands, draw))
    assert has(game, 0, "kyuushu") is offered
    if not offered:
        exc = refusal_of(game, 0, Action("kyuushu"))
        assert exc.code == "kyuushu" and "nine different" in exc.reason


def test_nine_terminals_is_refused_where_the_rules_have_no_such_draw() -> None:
    hands = ["19m19p19s123z2346m", "2346m2346p2346s7s", "88s78p78m9m9p9s2346z", "4678p2346s5677z1s"]
    game = new_game(EMA, build_wall(hands, "7m"))
    assert not has(game, 0, "kyuushu")
    assert refused(game, 0, Action("kyuushu")) == "kyuushu_off"


NINE_KINDS = ["19m19p19s123z2346m", "2346m2346p2346s7s", "88s78p78m9m9p9s2346z", "4678p2346s5677z1s"]


def test_nine_terminals_ends_the_hand_with_no_payments_the_hand_shown_and_the_deal_kept() -> None:
    game = new_game(NINE_RULES, build_wall(NINE_KINDS, "7m"))
    shown = sorted(game.hand.seats[0].hand)
    game.apply(0, find(game, 0, "kyuushu"))
    drawn = events_of(game, "drawn_hand")[0]
    assert (drawn.draw, drawn.tenpai, drawn.hands, drawn.deltas, drawn.nagashi) == \
        ("kyuushu_kyuuhai", None, {"0": shown}, (0, 0, 0, 0), ())
    result = game.hand_results[0]
    assert (result["wins"], result["draw"], result["tenpai"], result["deltas"], result["dealer_stays"]) == \
        ([], "kyuushu_kyuuhai", None, [0, 0, 0, 0], True)
    ended = events_of(game, "hand_ended")[0]
    assert (ended.result, ended.dealer_stays, ended.next_hand_index, ended.next_honba) == ("kyuushu_kyuuhai", True, 0, 1)
    assert game.scores == [30000] * 4


def test_an_abortive_draw_in_the_last_hand_does_not_end_the_game_for_the_leading_dealer() -> None:
    hands = [*NINE_KINDS[1:], NINE_KINDS[0]]  # seat 3 deals South 4
    start = {"hand_index": 7, "scores": [20000, 20000, 20000, 40000]}
    game = new_game(TENHOU, build_wall(hands, "7m"), start)  # agari-yame would end it on a win or tenpai
    game.apply(3, find(game, 3, "kyuushu"))
    assert not game.finished and game.hand_index == 7 and game.honba == 1


KYUUSHU_LATER = ["8s2346m2346p2346s", "2346m2346p2346s7s", "88s78m78p2346z9m9p9s", "19m19p19s123z4678p"]


@pytest.mark.parametrize("called", [False, True], ids=["no call", "after a pon"])
def test_nine_terminals_only_before_any_call_breaks_the_first_go_around(called: bool) -> None:
    game = new_game(NINE_RULES, build_wall(KYUUSHU_LATER, "5z6z7z4z"))
    discard(game, 0, "8s")
    if called:
        claim(game, 2, "pon", "9m")
    play_to(game, 3)
    assert has(game, 3, "kyuushu") is not called


def test_nine_terminals_only_on_the_first_draw() -> None:
    game = new_game(NINE_RULES, build_wall(KYUUSHU_LATER, "5z6z7z4z"))
    play_to(game, 3)
    assert has(game, 3, "kyuushu")
    discard(game, 3, "4p")
    play_to(game, 3)
    assert not has(game, 3, "kyuushu")  # still nine kinds, but its second draw
    assert refused(game, 3, Action("kyuushu")) == "kyuushu"


# ---------------------------------------------------------------- four winds

FOUR_WINDS = ["1z147m258p369s235z", "1z147m258p369s236z", "1z147m258p369s245z", "1z147m258p369s346z"]
WINDS_RULES = EMA.with_options(abortive_draws=("suufon_renda",))


@pytest.mark.parametrize("last,aborted", [("1z", True), ("4z", False)], ids=["four East", "three East, a North"])
def test_four_winds_needs_the_same_wind_from_all_four(last: str, aborted: bool) -> None:
    game = new_game(WINDS_RULES, build_wall(FOUR_WINDS, "9m9m9m9m"))
    for seat in range(3):
        discard(game, seat, "1z")
    discard(game, 3, last)
    pass_all(game)
    assert draws_of(game) == (["suufon_renda"] if aborted else [])


KAN_FIRST = ["1z9999m258p369s23z", "1z147m258p369s236z", "1z147m258p369s245z", "1z147m258p369s346z"]


@pytest.mark.parametrize("kan", [False, True], ids=["no kan", "after a closed kan"])
def test_four_winds_only_in_an_unbroken_first_go_around(kan: bool) -> None:
    game = new_game(WINDS_RULES, build_wall(KAN_FIRST, "8m8m8m8m", rinshan="7z"))
    if kan:
        game.apply(0, find(game, 0, "ankan", "9m"))
    for seat in range(4):
        discard(game, seat, "1z")
    pass_all(game)
    assert draws_of(game) == ([] if kan else ["suufon_renda"])


# ---------------------------------------------------------------- four riichi

RIICHI4 = ["123m456m789m123p5p", "123s456s789s234p6p", "999m789p222s333s7s", "111m555s666s444p8p"]


def test_a_fourth_riichi_discard_that_is_won_on_is_a_win_not_a_draw() -> None:
    game = new_game(EMA.with_options(abortive_draws=("suucha_riichi",)), build_wall(RIICHI4, "1z2z3z5p"))
    for seat in range(3):
        discard(game, seat, None, riichi=True)
    discard(game, 3, "5p", riichi=True)  # seat 0 waits on 5p
    assert has(game, 0, "ron")
    game.apply(0, find(game, 0, "ron"))
    pass_all(game)
    assert not draws_of(game) and [e.seat for e in events_of(game, "won")] == [0]
    assert len(events_of(game, "riichi_accepted")) == 3


# ---------------------------------------------------------------- four kans

ONE_SEAT_KANS = ["1111m2222m3333m4m", "567m19p19s123456z", "89m2345678p567z9p", "2345678s9s56789m"]


def test_four_kans_by_one_seat_do_not_abort_the_hand() -> None:
    rules = EMA.with_options(abortive_draws=("suukaikan",))
    game = new_game(rules, build_wall(ONE_SEAT_KANS, "4m", rinshan="4m4m7z7z"))
    for kind in ("1m", "2m", "3m", "4m"):
        game.apply(0, find(game, 0, "ankan", kind))
    assert game.hand.kans == 4
    discard(game, 0)
    pass_all(game)
    assert draws_of(game) == [] and game.hand.current == 1 and not game.hand.over


# ---------------------------------------------------------------- the first go-around

CHIIHOU = ["1z19m19p19s234567z", "123m456m789m123p5p", "11z258m258p258s6m6p", "369m369p369s47s7z7p"]


@pytest.mark.parametrize("called", [False, True], ids=["no call", "after a pon"])
def test_a_win_on_the_first_draw_is_chiihou_unless_a_call_came_first(called: bool) -> None:
    game = new_game(EMA, build_wall(CHIIHOU, "2z3z4z5p" if called else "2z5p"))
    discard(game, 0, "1z")
    if called:
        claim(game, 2, "pon", "6m")
    play_to(game, 1)
    game.apply(1, find(game, 1, "tsumo"))
    assert ("chiihou" in won_yaku(game)) is not called


TENHOU_DEAL = [CHIIHOU[1], CHIIHOU[0], CHIIHOU[2], CHIIHOU[3]]


def test_the_dealers_win_on_the_first_draw_is_tenhou_and_not_chiihou() -> None:
    game = new_game(EMA, build_wall(TENHOU_DEAL, "5p"))
    game.apply(0, find(game, 0, "tsumo"))
    assert "tenhou" in won_yaku(game) and "chiihou" not in won_yaku(game)


# ---------------------------------------------------------------- the last tile

LAST = ["24m19p19s1234567z", "33m258p258s12345z", "24m369p369s12345z", "33m47p47s8p8s66z77z9m"]


def _to_the_last_turn(game: Game) -> None:
    """Every seat discards what it draws until seat 1 holds the last live tile."""
    pass_all(game)
    while not (game.hand.live_left == 0 and game.hand.current == 1):
        discard(game, game.hand.current)
        pass_all(game)


def test_the_last_discard_may_not_be_called_though_the_same_tile_earlier_could() -> None:
    game = new_game(TENHOU, build_wall(LAST, "8m8m"))
    discard(game, 0)
    pass_all(game)
    discard(game, 1, "3m")
    assert has(game, 2, "chi") and has(game, 3, "pon")
    assert not has(game, 0, "chi")  # seat 0 holds 2m 4m, but a chi takes only the discard of the seat on the left
    pass_all(game)
    _to_the_last_turn(game)
    discard(game, 1, "3m")
    assert not has(game, 2, "chi") and not has(game, 3, "pon")


HOUTEI = ["33m19p19s1234567z", "33m258p258s147z69m", "12m456p789p234s55s", "5678m36p3679s256z"]


def test_a_ron_on_the_last_discard_is_houtei_even_where_the_hand_had_no_other_yaku() -> None:
    game = new_game(EMA, build_wall(HOUTEI))
    play_to(game, 1)
    discard(game, 1)
    play_to(game, 1)  # past the first go-around (a ron there would be renhou)
    discard(game, 1, "3m")  # seat 2 waits on 3m with no yaku: it may chi, not ron
    assert has(game, 2, "chi") and not has(game, 2, "ron")
    _to_the_last_turn(game)
    discard(game, 1, "3m")
    assert has(game, 2, "ron") and not has(game, 2, "chi")
    refused_chi = Action("chi", game.hand.pending.tile, (tile_of(game, 2, "1m"), tile_of(game, 2, "2m")))
    assert refused(game, 2, refused_chi) == "last_discard"
    game.apply(2, find(game, 2, "ron"))
    pass_all(game)
    assert won_yaku(game) == ["houtei"]


# ---------------------------------------------------------------- the exhaustive draw

DECLARE = ["123m456m789m123p5p", "123s456s789s234p6p", "999m789p222s333s7s", "111m555s666s4p8p9p1z"]


def test_at_the_exhaustive_draw_only_tenpai_hands_out_of_riichi_choose_what_to_show() -> None:
    game = new_game(EMA, build_wall(DECLARE, "2z"))
    discard(game, 0, None, riichi=True)
    while game.phase != "tenpai":
        discard(game, game.hand.current)
        pass_all(game)
    assert game.legal_actions(0) == [] and game.legal_actions(3) == []
    assert {a.type for a in game.legal_actions(1)} == {a.type for a in game.legal_actions(2)} == {"tenpai", "noten"}
    assert refused(game, 0, Action("noten")) == "riichi_shows_tenpai"
    assert refused(game, 3, Action("tenpai")) == "noten_hand"
    shown = {str(s): sorted(game.hand.seats[s].hand) for s in (0, 1)}
    game.apply(1, Action("tenpai"))
    for again in (Action("tenpai"), Action("noten")):  # seat 1 has answered: its tenpai hand is not called noten
        assert refused(game, 1, again) == "not_now"
    game.apply(2, Action("noten"))
    drawn = events_of(game, "drawn_hand")[0]
    assert drawn.tenpai == (0, 1) and drawn.deltas == (1500, 1500, -1500, -1500)
    assert drawn.hands == shown, "the tenpai hands are shown, the noten ones kept hidden"


# ---------------------------------------------------------------- the last hand: agari-yame, tenpai-yame

LAST_HAND = {"hand_index": 7, "honba": 0, "sticks": 0, "scores": [20000, 20000, 20000, 40000]}
DEALER_READY = ["19m19p19s123456z5m", "258m258p258s1467z", "369m369p369s2357z", "123m456m789m123p5p"]


@pytest.mark.parametrize("rules,ends", [(TENHOU, True), (TENHOU.with_options(agari_yame=False), False)],
                         ids=["agari-yame", "no agari-yame"])
def test_a_leading_dealers_win_in_the_last_hand_ends_the_game_only_with_agari_yame(rules: RuleSet,
                                                                                   ends: bool) -> None:
    game = new_game(rules.with_options(red_fives=False), build_wall(DEALER_READY, "5p"), LAST_HAND)
    game.apply(3, find(game, 3, "tsumo"))
    assert game.finished is ends
    if not ends:
        assert game.hand_index == 7 and game.honba == 1


@pytest.mark.parametrize("rules,ends", [(TENHOU, True), (TENHOU.with_options(tenpai_yame=False), False)],
                         ids=["tenpai-yame", "no tenpai-yame"])
def test_a_leading_dealers_tenpai_in_the_last_hand_ends_the_game_only_with_tenpai_yame(rules: RuleSet,
                                                                                       ends: bool) -> None:
    game = new_game(rules.with_options(red_fives=False), build_wall(DEALER_READY, "1z"), LAST_HAND)
    while game.phase != "tenpai":
        discard(game, game.hand.current)
        pass_all(game)
    for seat in game.waiting_seats():
        game.apply(seat, Action("tenpai"))
    assert draws_of(game) == ["exhaustive"] and events_of(game, "drawn_hand")[0].tenpai == (3,)
    assert game.finished is ends
