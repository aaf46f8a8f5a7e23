"""Riichi, double riichi, ippatsu and the three furiten as a player meets them: what the table
offers before and after, and what it refuses with the rule's words."""

from __future__ import annotations

import pytest

from game.rules import EMA, TENHOU
from game.table import Action, Game
from game.tiles import RED_FIVES
from tests.table_helpers import (build_wall, claim, discard, events_of, find, has, new_game, offered, pass_all, play_to,
                                 refusal_of, refused, tile_of, won_yaku)

# ---------------------------------------------------------------- declaring riichi

RIICHI4 = ["123m456m789m123p5p", "123s456s789s234p6p", "999m789p222s333s7s", "111m555s666s444p8p"]


def test_riichi_is_offered_only_with_a_discard_that_leaves_the_hand_tenpai() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z"))
    assert {a.tile >> 2 for a in offered(game, 0, "riichi")} == {tile_of(game, 0, "1z") >> 2,
                                                                 tile_of(game, 0, "5p") >> 2}
    exc = refusal_of(game, 0, Action("riichi", tile_of(game, 0, "1m")))
    assert exc.code == "riichi_not_tenpai" and "tenpai" in exc.reason


OPEN_TENPAI = ["6p1m4m7m8p3s6s9s1234z9m", "66p234m345s678s2p9p", "2p369m147p258s5z6z7z", "258m369p147s5z6z7z1z"]


def test_riichi_needs_a_closed_hand() -> None:
    game = new_game(EMA, build_wall(OPEN_TENPAI, "7z7z5z4z1z"))
    discard(game, 0, "6p")
    claim(game, 1, "pon", "9p")  # tenpai on 2p, but open
    play_to(game, 1)
    assert not has(game, 1, "riichi")
    assert refused(game, 1, Action("riichi", game.hand.seats[1].drawn)) == "riichi_open"


def test_riichi_is_refused_with_the_tiles_the_rules_want_left_in_the_wall() -> None:
    game = new_game(EMA.with_options(riichi_min_wall=70), build_wall(RIICHI4, "1z"))
    exc = refusal_of(game, 0, Action("riichi", tile_of(game, 0, "1z")))
    assert exc.code == "riichi_wall" and "at least 70 tiles" in exc.reason


def test_a_seat_already_in_riichi_may_not_declare_it_again() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z3z4z6z"))
    discard(game, 0, None, riichi=True)
    play_to(game, 0)
    assert not has(game, 0, "riichi")
    assert refused(game, 0, Action("riichi", game.hand.seats[0].drawn)) == "riichi_again"


RIICHI_RON = ["123m456m789m123p5p", "234m345s678p66s34p", "19m19p19s1234567z", "258s258p69p369m7z7s"]


def test_a_riichi_discard_that_is_won_on_costs_no_deposit() -> None:
    game = new_game(EMA, build_wall(RIICHI_RON, "1z"))
    discard(game, 0, "5p", riichi=True)
    assert events_of(game, "riichi_declared") and has(game, 1, "ron")
    game.apply(1, find(game, 1, "ron"))
    pass_all(game)
    won = events_of(game, "won")[0]
    assert not events_of(game, "riichi_accepted")
    assert won.deltas[0] == -won.points and game.sticks == 0 and sum(game.scores) == 120000


# ---------------------------------------------------------------- riichi and calls

RIICHI_CALLS = ["66s19m19p1234567z", "234m345s678p66s34p", "2378m2378p19s222z", "4679m4679p333z44z"]


def _seat_1_in_riichi(draws: str, calls_first: bool = False) -> Game:
    """Seat 1 (waiting on 2p-5p) lets seat 0's 6s go, may first check it could call it, and declares riichi."""
    game = new_game(EMA, build_wall(RIICHI_CALLS, draws))
    discard(game, 0, "6s")
    if calls_first:
        assert has(game, 1, "pon") and has(game, 1, "chi")  # before riichi, the same seat may call
    pass_all(game)
    discard(game, 1, "7z", riichi=True)
    return game


def test_a_seat_in_riichi_is_offered_no_pon_or_chi() -> None:
    game = _seat_1_in_riichi("5z7z9s1s6z", calls_first=True)
    play_to(game, 0)
    discard(game, 0, "6s")
    assert not has(game, 1, "pon") and not has(game, 1, "chi")


def test_a_seat_in_riichi_asking_to_pon_is_told_it_may_not_call() -> None:
    game = _seat_1_in_riichi("5z7z9s2p")
    play_to(game, 3)
    discard(game, 3)  # its drawn 2p: seat 1's winning tile, so the table waits for seat 1
    assert has(game, 1, "ron")
    tile = game.hand.pending.tile
    pon = Action("pon", tile, (tile_of(game, 1, "3p"), tile_of(game, 1, "4p")))
    exc = refusal_of(game, 1, pon)
    assert exc.code == "riichi_no_call" and "riichi" in exc.reason


def test_a_seat_in_riichi_is_offered_no_open_kan() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z3z"))
    play_to(game, 2)
    discard(game, 2, None, riichi=True)  # seat 2 holds 222s
    play_to(game, 1)
    discard(game, 1, "2s")
    assert not has(game, 2, "daiminkan") and not has(game, 2, "pon")


def test_in_riichi_only_the_drawn_tile_may_be_discarded() -> None:
    game = _seat_1_in_riichi("5z7z9s1s6z4z")
    play_to(game, 1)
    drawn = game.hand.seats[1].drawn
    assert [(a.type, a.tile) for a in game.legal_actions(1) if a.type == "discard"] == [("discard", drawn)]
    assert refused(game, 1, Action("discard", tile_of(game, 1, "2m"))) == "riichi_discard"


# ---------------------------------------------------------------- double riichi and ippatsu


@pytest.mark.parametrize("called", [False, True], ids=["no call: double riichi", "after a chi: plain riichi"])
def test_riichi_on_the_first_discard_is_double_unless_a_call_came_first(called: bool) -> None:
    game = new_game(EMA, build_wall(RIICHI4, "7s1z2z"))
    discard(game, 0, "7s")
    if called:
        claim(game, 1, "chi", "6p")
    play_to(game, 2)
    discard(game, 2, None, riichi=True)
    assert [e.double for e in events_of(game, "riichi_declared")] == [not called]


def test_ippatsu_ends_with_the_riichi_seats_next_discard() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z3z4z5z6z7z1z5p"))
    discard(game, 0, None, riichi=True)
    play_to(game, 0)
    discard(game, 0)  # one go-around without a win
    play_to(game, 0)
    game.apply(0, find(game, 0, "tsumo"))
    names = won_yaku(game)
    assert "double riichi" in names and "menzen tsumo" in names and "ippatsu" not in names


def test_a_call_ends_ippatsu() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z3z5p"))
    discard(game, 0, None, riichi=True)
    discard(game, 1, "6p")
    claim(game, 2, "chi", "7s")
    play_to(game, 0)
    game.apply(0, find(game, 0, "tsumo"))
    names = won_yaku(game)
    assert "double riichi" in names and "ippatsu" not in names


# ---------------------------------------------------------------- furiten

FURITEN_RIICHI = ["9m1m4m7m22p3s6s9s1234z", "234m345s678p66s34p", "5p369m147p258s6z7z1z",
                  "2p258m369p147s6z7z2z"]


def test_a_seat_in_riichi_that_let_its_winning_tile_pass_may_not_ron_later() -> None:
    game = new_game(EMA, build_wall(FURITEN_RIICHI, "7z5z5z6z4z3z"))
    discard(game, 0, "7z")
    discard(game, 1, None, riichi=True)
    discard(game, 2, "5p")
    assert has(game, 1, "ron")
    game.apply(1, Action("pass"))
    pass_all(game)
    discard(game, 3, "2p")  # the other wait, a go-around later: still furiten in riichi (seat 0 may pon it)
    assert not has(game, 1, "ron")
    assert game.view(1).furiten
    exc = refusal_of(game, 1, Action("ron", game.hand.pending.tile))
    assert exc.code == "furiten_riichi" and "rest of the hand" in exc.reason


PASSED = ["1m4m7m22p3s6s9s123z9p9m", "234m345s678p66s34p", "5p369m147p258s6z7z1z", "2p258m369p147s6z7z2z"]


def test_without_riichi_a_passed_ron_lasts_only_until_the_next_draw() -> None:
    game = new_game(EMA, build_wall(PASSED, "5z5z9s9s6z1s5p"))
    discard(game, 0, "5z")
    discard(game, 1)
    pass_all(game)
    discard(game, 2, "5p")
    game.apply(1, Action("pass"))
    pass_all(game)
    discard(game, 3, "2p")  # same go-around: temporary furiten (seat 0 may pon it)
    assert not has(game, 1, "ron")
    assert refused(game, 1, Action("ron", game.hand.pending.tile)) == "furiten_passed"
    pass_all(game)
    discard(game, 0)
    pass_all(game)
    discard(game, 1)  # seat 1 drew and discarded: its temporary furiten is over
    pass_all(game)
    discard(game, 2, "5p")
    assert has(game, 1, "ron")


CALL_CLEARS = ["19m19p19s1234567z", "23456m567s678p55p", "46m19m19p19s12345z", "5p2378m2378s19p67z"]


def test_a_call_ends_temporary_furiten() -> None:
    game = new_game(EMA, build_wall(CALL_CLEARS, "1z2z3z4z5z"))
    play_to(game, 2)
    discard(game, 2, "4m")
    assert has(game, 1, "ron")  # 4m completes 234m 456m with tanyao
    game.apply(1, Action("pass"))
    pass_all(game)
    discard(game, 3, "5p")
    claim(game, 1, "pon", "2m")  # 3456m 567s 678p: waits 3m 6m, none of them discarded
    discard(game, 2, "6m")
    assert has(game, 1, "ron")


OWN_DISCARD = ["5p1m4m7m2p8p3s6s9s1234z", "234m345s678p66s34p", "369m147p258s5z6z7z1z", "258m369p147s5z6z7z2z"]


def test_a_seat_that_discarded_one_of_its_waits_is_offered_no_ron_but_may_still_tsumo() -> None:
    game = new_game(EMA, build_wall(OWN_DISCARD, "9p2p7z7z6z5p"))
    discard(game, 0, "9p")
    pass_all(game)
    assert has(game, 1, "tsumo")
    discard(game, 1, "2p")  # seat 1 lets its drawn win go and discards it: one of its own waits
    for seat in (2, 3):
        discard(game, seat)
    discard(game, 0, "5p")  # the other wait, from another seat
    assert not has(game, 1, "ron")
    assert game.view(1).furiten
    assert refused(game, 1, Action("ron", game.hand.pending.tile)) == "furiten"
    play_to(game, 1)
    assert game.hand.seats[1].drawn >> 2 == tile_of(game, 1, "5p") >> 2
    assert has(game, 1, "tsumo")


SHANPON = ["66s19m19p1234567z", "234m345s678p66s22p", "2378m2378p19s222z", "4679m4679p333z44z"]


def test_asking_to_ron_a_discarded_wait_is_refused_as_furiten_while_the_pon_is_offered() -> None:
    game = new_game(EMA, build_wall(SHANPON, "5z2p9s1s"))
    discard(game, 0, "5z")
    assert has(game, 1, "tsumo")  # 2p completes the hand: seat 1 lets it go and discards it
    discard(game, 1, "2p")
    for seat in (2, 3):
        discard(game, seat)
    pass_all(game)
    discard(game, 0, "6s")
    assert has(game, 1, "pon") and not has(game, 1, "ron")
    exc = refusal_of(game, 1, Action("ron", game.hand.pending.tile))
    assert exc.code == "furiten" and "your own discards" in exc.reason


# ---------------------------------------------------------------- wins the hand does not make


def test_asking_to_ron_a_tile_that_does_not_complete_the_hand_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z"))
    discard(game, 0, "6s")
    assert has(game, 1, "pon") and not has(game, 1, "ron")
    assert refused(game, 1, Action("ron", game.hand.pending.tile)) == "not_waiting"


NO_YAKU = ["66s19m19p1234567z", "123m345s678p66s22p", "2378m2378p19s222z", "4679m4679p333z44z"]


def test_asking_to_ron_with_no_yaku_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(NO_YAKU, "5z7z9s1s6z"))
    discard(game, 0, "5z")
    for seat in (1, 2, 3):
        discard(game, seat)
    discard(game, 0, "6s")  # seat 1 waits on 6s and 2p, closed, with no yaku without riichi
    assert has(game, 1, "pon") and not has(game, 1, "ron")
    exc = refusal_of(game, 1, Action("ron", game.hand.pending.tile))
    assert exc.code == "no_yaku" and "no yaku" in exc.reason


def test_asking_to_tsumo_an_incomplete_hand_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z"))
    assert refused(game, 0, Action("tsumo", game.hand.seats[0].drawn)) == "not_complete"


# Seat 1 pons seat 0's 5m and keeps 1m 123p 456s 789s: open, waiting on 1m alone, with no yaku.
OPEN_TANKI = ["5m1m9m9p19s1234567z", "55m1m123p456s789s3z", "2378m2378p1122z6s", "469m469p3344z6z5p8s"]


def open_hand_on_a_tanki() -> Game:
    """Seat 1 has called its pon and drawn the 1m that completes its hand, which has no yaku."""
    game = new_game(EMA, build_wall(OPEN_TANKI, "6z5z7z4z1m"))
    discard(game, 0, "5m")
    claim(game, 1, "pon", "3z")
    play_to(game, 1)
    assert game.hand.seats[1].drawn >> 2 == tile_of(game, 1, "1m") >> 2
    return game


def test_a_complete_open_hand_with_no_yaku_may_not_tsumo() -> None:
    game = open_hand_on_a_tanki()
    assert not has(game, 1, "tsumo")
    exc = refusal_of(game, 1, Action("tsumo", game.hand.seats[1].drawn))
    assert exc.code == "no_yaku" and "no yaku" in exc.reason


def test_right_after_a_call_the_seat_may_not_tsumo() -> None:
    game = new_game(EMA, build_wall(OPEN_TANKI, "6z"))
    discard(game, 0, "5m")
    game.apply(1, find(game, 1, "pon"))
    assert game.hand.current == 1 and not has(game, 1, "tsumo")
    assert refused(game, 1, Action("tsumo", tile_of(game, 1, "1m"))) == "after_call"


# ---------------------------------------------------------------- the seat's own furiten light


def _own_turn(draws: str):
    game = new_game(EMA, build_wall(OWN_DISCARD, draws))
    discard(game, 0, "9p")
    pass_all(game)
    discard(game, 1)
    play_to(game, 1)
    assert len(game.view(1).hand) == 14
    return game


def test_on_its_own_turn_a_seat_that_discarded_its_wait_is_shown_furiten() -> None:
    assert _own_turn("9p2p7z7z6z9s").view(1).furiten  # seat 1 discarded 2p, one of its waits


def test_on_its_own_turn_a_seat_with_clean_discards_is_not_furiten() -> None:
    assert not _own_turn("9p9s7z7z6z1s").view(1).furiten


# Seat 0 holds the red 5p and waits on 5p alone; it draws a plain 5p while in riichi.
RED_TANKI = ["123m456m789m123p0p", "123s456s789s234p6p", "999m789p222s333s7s", "111m666s444p333z8p"]


def test_in_riichi_the_red_five_held_is_not_the_plain_five_drawn() -> None:
    game = new_game(TENHOU, build_wall(RED_TANKI, "1z2z3z4z5p", aka=True))
    discard(game, 0, None, riichi=True)
    play_to(game, 0)
    st = game.hand.seats[0]
    red = next(t for t in st.hand if t in RED_FIVES)
    assert st.drawn >> 2 == red >> 2 and st.drawn != red
    assert refused(game, 0, Action("discard", red)) == "riichi_discard"  # only the tile drawn may go


def test_a_riichi_that_passes_puts_its_1000_points_on_the_table() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z"))
    discard(game, 0, None, riichi=True)
    pass_all(game)
    accepted = events_of(game, "riichi_accepted")[0]
    assert (accepted.seat, accepted.scores, accepted.sticks) == (0, (29000, 30000, 30000, 30000), 1)
    assert game.scores == [29000, 30000, 30000, 30000] and game.sticks == 1
