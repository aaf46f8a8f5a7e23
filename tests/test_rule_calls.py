"""Calls on a discard as a player meets them: who may chi, pon or open a kan, with which tiles,
and whose claim the table carries out when several seats claim the same discard."""

from __future__ import annotations

from game.rules import EMA, TENHOU
from game.table import Action
from tests.table_helpers import (build_wall, call_shapes, discard, events_of, facing_a_discard, find, has, new_game,
                                 offered, pass_all, play_to, refusal_of, refused, tile_of)
from tests.test_rule_kans import added_kan_of_4m

# ---------------------------------------------------------------- chi


def test_chi_is_offered_for_every_run_the_hand_makes_with_the_discard() -> None:
    game = facing_a_discard(EMA, "4m", "2356m")
    assert call_shapes(game, 1, "chi") == {"23m", "35m", "56m"}


def test_a_chi_never_runs_across_two_suits() -> None:
    game = facing_a_discard(EMA, "1p", "89m23p")
    assert call_shapes(game, 1, "chi") == {"23p"}
    tile = game.hand.pending.tile
    exc = refusal_of(game, 1, Action("chi", tile, (tile_of(game, 1, "8m"), tile_of(game, 1, "9m"))))
    assert exc.code == "chi_needs_run" and "run of one suit" in exc.reason


HONOURS = ["3z19m19p19s12567z5m", "33z1245z258m258p2s", "369m369p369s67z47m", "147m147p147s567z8m"]


def test_honours_make_no_chi() -> None:
    game = new_game(EMA, build_wall(HONOURS, "8s"))
    discard(game, 0, "3z")
    assert has(game, 1, "pon") and not has(game, 1, "chi")  # 1z2z, 2z4z and 4z5z lie around the 3z
    tile = game.hand.pending.tile
    assert refused(game, 1, Action("chi", tile, (tile_of(game, 1, "2z"), tile_of(game, 1, "4z")))) == "chi_needs_run"


PON = ["7p19m19s1234567z9p", "258m258s1234z369m", "777p268p3689s567z", "1346m1346s44p66z8p"]


def test_chi_takes_only_the_discard_of_the_player_on_the_left() -> None:
    game = new_game(EMA, build_wall(PON, "8m"))
    discard(game, 0, "7p")
    assert has(game, 2, "pon") and not has(game, 2, "chi")  # 6p 8p lie around the 7p, but seat 2 sits across
    tile = game.hand.pending.tile
    exc = refusal_of(game, 2, Action("chi", tile, (tile_of(game, 2, "6p"), tile_of(game, 2, "8p"))))
    assert exc.code == "chi_from_left_only" and "on your left" in exc.reason


# ---------------------------------------------------------------- pon and open kan


def test_a_pon_is_offered_to_any_seat_holding_two_and_an_open_kan_to_one_holding_three() -> None:
    game = new_game(EMA, build_wall(PON, "8m"))
    discard(game, 0, "7p")
    assert call_shapes(game, 2, "pon") == {"77p"} and call_shapes(game, 2, "daiminkan") == {"777p"}
    green = new_game(EMA, build_wall(PON, "8m"))
    discard(green, 0, "6z")  # seat 3, on the discarder's left, holds two; seat 2 one
    assert call_shapes(green, 3, "pon") == {"66z"}
    assert not has(green, 3, "daiminkan") and not has(green, 2, "pon")


def test_a_pon_needs_two_of_the_kind_and_an_open_kan_three() -> None:
    game = new_game(EMA, build_wall(PON, "8m"))
    discard(game, 0, "7p")
    tile = game.hand.pending.tile
    assert refused(game, 2, Action("pon", tile, (tile_of(game, 2, "7p"), tile_of(game, 2, "6p")))) == "pon_needs_two"
    green = new_game(EMA, build_wall(PON, "8m"))
    discard(green, 0, "6z")
    pair = [t for t in green.hand.seats[3].hand if t >> 2 == green.hand.pending.tile >> 2]
    kan = Action("daiminkan", green.hand.pending.tile, (*pair, tile_of(green, 3, "4p")))
    assert refused(green, 3, kan) == "kan_needs_three"


KANS_LATER = ["7p19m19s1234567z9p", "258m258s1234z369m", "777p2222p8p369s56z", "1346m1346s44p66z8p"]


def test_right_after_a_pon_the_seat_only_discards_and_may_kan_on_its_next_turn() -> None:
    game = new_game(EMA, build_wall(KANS_LATER, "8m"))
    discard(game, 0, "7p")
    game.apply(2, find(game, 2, "pon"))
    pass_all(game)
    assert {a.type for a in game.legal_actions(2)} == {"discard"}
    quad = tuple(t for t in game.hand.seats[2].hand if t >> 2 == tile_of(game, 2, "2p") >> 2)
    assert refused(game, 2, Action("ankan", None, quad)) == "after_call"
    assert refused(game, 2, Action("shouminkan", tile_of(game, 2, "7p"))) == "after_call"
    discard(game, 2, "5z")
    play_to(game, 2)
    assert call_shapes(game, 2, "ankan") == {"2222p"}
    assert [a.tile >> 2 for a in offered(game, 2, "shouminkan")] == [tile_of(game, 2, "7p") >> 2]


# ---------------------------------------------------------------- who gets the discard

PRIORITY = ["5m19p19s1234567z9m", "46m19p19s1234567z", "1m55m99m2378p2378s", "2378m6m2469p469s3s"]


def test_a_pon_goes_before_a_chi_and_the_table_waits_for_every_answer() -> None:
    game = new_game(EMA, build_wall(PRIORITY, "8s"))
    discard(game, 0, "5m")
    assert has(game, 1, "chi") and has(game, 2, "pon")
    game.apply(1, find(game, 1, "chi"))
    assert game.phase == "calls" and has(game, 2, "pon") and not events_of(game, "called")
    game.apply(2, find(game, 2, "pon"))
    pass_all(game)
    assert [(e.seat, e.call) for e in events_of(game, "called")] == [(2, "pon")]
    assert game.hand.current == 2 and len(game.hand.seats[1].hand) == 13


def test_a_chi_is_carried_out_when_the_pon_is_passed() -> None:
    game = new_game(EMA, build_wall(PRIORITY, "8s"))
    discard(game, 0, "5m")
    game.apply(2, Action("pass"))
    game.apply(1, find(game, 1, "chi"))
    pass_all(game)
    assert [(e.seat, e.call) for e in events_of(game, "called")] == [(1, "chi")]
    assert game.hand.current == 1


RON_OR_PON = ["5p1m4m7m2p8p3s6s9s1234z", "234m345s678p66s34p", "369m147p258s5z6z7z1z", "258m3p55p147s5z6z7z2z"]


def test_a_ron_goes_before_a_pon() -> None:
    game = new_game(EMA, build_wall(RON_OR_PON, "9p"))
    discard(game, 0, "5p")
    assert has(game, 1, "ron") and has(game, 3, "pon")
    game.apply(3, find(game, 3, "pon"))
    assert game.phase == "calls" and has(game, 1, "ron")
    game.apply(1, find(game, 1, "ron"))
    assert [e.seat for e in events_of(game, "won")] == [1] and not events_of(game, "called")


# ---------------------------------------------------------------- red fives

RED_5P = 52


def test_with_red_fives_the_red_and_the_plain_five_are_offered_apart() -> None:
    hands = ["6p19m19s1234567z9p", "340p5p258m258s147z", "2378m2378s1122z6s", "469m469s334455z6z"]
    for rules, choices in ((TENHOU, 2), (EMA, 1)):
        game = new_game(rules, build_wall(hands, "8m", aka=True))  # tile 52, the red 5p, is a plain 5p under EMA
        discard(game, 0, "6p")
        chis = offered(game, 1, "chi")
        assert len(chis) == choices  # 4p with the red 5p, and 4p with a plain one
        if choices == 2:
            assert {RED_5P in a.tiles for a in chis} == {True, False}
        pass_all(game)
        fives = [a.tile for a in offered(game, 1, "discard") if a.tile >> 2 == RED_5P >> 2]
        assert len(fives) == choices


def test_a_pon_with_the_red_five_and_one_with_two_plain_fives_are_offered_apart() -> None:
    hands = ["5p19m19s1234567z9p", "258m258s147z369p9s", "055p2378m2378s12z", "469m469s334455z6z"]
    for rules, choices in ((TENHOU, 2), (EMA, 1)):
        game = new_game(rules, build_wall(hands, "8m", aka=True))
        discard(game, 0, "5p")
        pons = offered(game, 2, "pon")
        assert len(pons) == choices  # the red five kept back, or given into the pon
        if choices == 2:
            assert {RED_5P in a.tiles for a in pons} == {True, False}


# ---------------------------------------------------------------- what a refused call names


def test_a_chi_whose_tiles_skip_a_number_is_not_a_run() -> None:
    game = facing_a_discard(EMA, "4m", "2356m")
    tile = game.hand.pending.tile
    assert refused(game, 1, Action("chi", tile, (tile_of(game, 1, "2m"), tile_of(game, 1, "6m")))) == "chi_needs_run"


def test_a_chi_that_crosses_from_one_suit_into_the_next_is_not_a_run() -> None:
    # 9m 1p 2p are three kinds in a row in the engine's numbering, but not a run: the suit changes after 9m
    game = facing_a_discard(EMA, "1p", "89m23p")
    tile = game.hand.pending.tile
    assert refused(game, 1, Action("chi", tile, (tile_of(game, 1, "9m"), tile_of(game, 1, "2p")))) == "chi_needs_run"


def test_a_call_with_no_discard_on_the_table_is_refused_in_words() -> None:
    game = new_game(EMA, build_wall(PON, "8m"))  # seat 0 to discard: nothing to call
    code = refused(game, 2, Action("pon", tile_of(game, 0, "7p"), (tile_of(game, 2, "7p"), tile_of(game, 2, "7p"))))
    assert code != "kuikae_call"


def test_on_an_added_kan_only_a_ron_may_answer() -> None:
    game = added_kan_of_4m()
    robbed = game.hand.pending.tile
    exc = refusal_of(game, 1, Action("chi", robbed, (tile_of(game, 1, "2m"), tile_of(game, 1, "3m"))))
    assert exc.code == "rob_kan_only" and "rob it with a ron" in exc.reason


def test_a_pon_with_tiles_not_in_the_hand_is_refused_as_such() -> None:
    game = facing_a_discard(EMA, "4m", "2356m")  # seat 1 holds no 4m
    tile = game.hand.pending.tile
    others = [t for t in range(tile & ~3, (tile & ~3) + 4) if t != tile]
    assert refused(game, 1, Action("pon", tile, tuple(others[:2]))) == "not_in_hand"


# Seat 3 discards 4m; seat 0, next after it round the table, holds 2356m.
ROUND_THE_TABLE = ["2356m19p19s12345z", "258m258s1234z369p", "2378p2378s1122z9m", "4m469p46s5m556677z"]


def test_seat_0_may_chi_the_discard_of_seat_3_on_its_left() -> None:
    game = new_game(EMA, build_wall(ROUND_THE_TABLE, "9s8p7s6s"))
    play_to(game, 3)
    discard(game, 3, "4m")
    assert call_shapes(game, 0, "chi") == {"23m", "35m", "56m"}
    tile = game.hand.pending.tile
    # a chi of tiles that make no run is refused for the run, not for the seat it comes from
    assert refused(game, 0, Action("chi", tile, (tile_of(game, 0, "2m"), tile_of(game, 0, "6m")))) == "chi_needs_run"


def test_a_seat_offered_nothing_on_a_discard_is_told_which_rule_its_call_or_ron_breaks() -> None:
    game = facing_a_discard(EMA, "4m", "2356m")  # seat 2 holds 2378p 2378s 1z1z 2z2z 7z: nothing to claim
    tile = game.hand.pending.tile
    assert not game.legal_actions(2)
    east, south = (tuple(t for t in game.hand.seats[2].hand if t >> 2 == tile_of(game, 2, z) >> 2) for z in ("1z", "2z"))
    assert refused(game, 2, Action("chi", tile, (tile_of(game, 2, "2p"), tile_of(game, 2, "3p")))) == "chi_from_left_only"
    assert refused(game, 2, Action("pon", tile, east)) == "pon_needs_two"
    assert refused(game, 2, Action("daiminkan", tile, (*east, south[0]))) == "kan_needs_three"
    assert refused(game, 2, Action("ron", tile)) == "not_waiting"
    # a pass, or the discarder's own claim, has no rule to explain: the seat has nothing to decide
    assert refused(game, 2, Action("pass")) == "not_your_turn"
    assert refused(game, 0, Action("ron", tile)) == "not_your_turn"
