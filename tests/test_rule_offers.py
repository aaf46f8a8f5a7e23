"""Rules of the table as a player meets them: what each seat is offered, both ways, and what
the table refuses (with the rule broken, leaving the table as it was)."""

from __future__ import annotations

import pytest

from game.rules import EMA, TENHOU, RuleSet
from game.table import Action, Game
from game.tiles import parse_kinds
from tests.table_helpers import (build_wall, discard, discard_kinds, find, has, new_game, pass_all, refused,
                                 tile_of)

# ---------------------------------------------------------------- swap-calling (kuikae)

FILLER = ["1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
"""Tiles that fill seat 1's hand to 13 around the tiles a test needs."""


def _chi_game(rules: RuleSet, called: str, used: str, extra: str) -> Game:
    """Seat 0 discards ``called``; seat 1 holds ``used`` (the chi's two tiles) and ``extra``."""
    seat1 = used + extra
    seat1 += "".join(FILLER[:13 - len(parse_kinds(seat1))])
    hands = [called + "19p19s1234567z9m", seat1, "2378p2378s11227z", "469p469s334455z6z"]
    game = new_game(rules, build_wall(hands, "8s"))
    discard(game, 0, called)
    want = sorted(parse_kinds(used))
    chi = next(a for a in game.legal_actions(1)
               if a.type == "chi" and sorted(t >> 2 for t in a.tiles) == want)
    game.apply(1, chi)
    pass_all(game)
    return game


@pytest.mark.parametrize("called,used,extra,banned,still_allowed", [
    ("4m", "2m3m", "1m4m7m", {"1m", "4m"}, {"7m"}),      # the called tile tops the run: its suji below
    ("6m", "7m8m", "9m6m3m", {"9m", "6m"}, {"3m"}),      # the called tile starts the run: its suji above
    ("5m", "4m6m", "2m8m5m", {"5m"}, {"2m", "8m"}),      # the called tile in the middle: only its kind
    ("3m", "1m2m", "3m6m", {"3m"}, {"6m"}),              # 1-2 + 3: nothing below 1, only the kind
    ("7m", "8m9m", "7m4m", {"7m"}, {"4m"}),              # 7 + 8-9: nothing above 9, only the kind
])
def test_after_a_chi_the_called_kind_and_the_other_end_of_the_run_may_not_be_discarded(
        called: str, used: str, extra: str, banned: set[str], still_allowed: set[str]) -> None:
    game = _chi_game(EMA.with_options(kuikae_allowed=False), called, used, extra)
    offered = discard_kinds(game, 1)
    assert not banned & offered
    assert still_allowed <= offered
    for kind in banned:
        assert refused(game, 1, Action("discard", tile_of(game, 1, kind))) == "kuikae"


@pytest.mark.parametrize("called,used,extra,banned", [("4m", "2m3m", "1m4m7m", {"1m", "4m"}),
                                                      ("6m", "7m8m", "9m6m3m", {"9m", "6m"})])
def test_with_swap_calling_allowed_every_tile_may_be_discarded_after_a_chi(
        called: str, used: str, extra: str, banned: set[str]) -> None:
    game = _chi_game(EMA.with_options(kuikae_allowed=True), called, used, extra)
    assert banned <= discard_kinds(game, 1)


PON = ["7p19m19s1234567z9p", "258m258s1234z369m", "777p258p3689s567z", "1346m1346s44p66z8p"]


@pytest.mark.parametrize("allowed", [False, True])
def test_after_a_pon_its_own_kind_may_not_be_discarded_at_once(allowed: bool) -> None:
    game = new_game(EMA.with_options(kuikae_allowed=allowed), build_wall(PON, "8m"))
    discard(game, 0, "7p")
    game.apply(2, find(game, 2, "pon"))
    pass_all(game)
    assert ("7p" in discard_kinds(game, 2)) is allowed
    if not allowed:
        assert refused(game, 2, Action("discard", tile_of(game, 2, "7p"))) == "kuikae"


# ---------------------------------------------------------------- riichi

RIICHI_CALLS = ["66s19m19p1234567z", "234m345s678p66s34p", "2378m2378p19s222z", "4679m4679p333z44z"]


def test_a_seat_in_riichi_is_offered_no_pon_or_chi() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z7z9s1s6z"))
    discard(game, 0, "6s")
    assert has(game, 1, "pon") and has(game, 1, "chi")  # before riichi, the same seat may call
    pass_all(game)
    discard(game, 1, "7z", riichi=True)
    pass_all(game)
    discard(game, 2)
    pass_all(game)
    discard(game, 3)
    pass_all(game)
    discard(game, 0, "6s")
    assert not has(game, 1, "pon") and not has(game, 1, "chi")


def test_in_riichi_only_the_drawn_tile_may_be_discarded() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z7z9s1s6z4z"))
    discard(game, 0, "6s")
    pass_all(game)
    discard(game, 1, "7z", riichi=True)
    for seat in (2, 3, 0):
        discard(game, seat)
    pass_all(game)
    drawn = game.hand.seats[1].drawn
    assert [(a.type, a.tile) for a in game.legal_actions(1) if a.type == "discard"] == [("discard", drawn)]
    assert refused(game, 1, Action("discard", tile_of(game, 1, "2m"))) == "riichi_discard"


FURITEN_RIICHI = ["9m1m4m7m2p8p3s6s9s1234z", "234m345s678p66s34p", "5p369m147p258s6z7z1z",
                  "2p258m369p147s6z7z2z"]


def test_a_seat_in_riichi_that_let_its_winning_tile_pass_may_not_ron_later() -> None:
    game = new_game(EMA, build_wall(FURITEN_RIICHI, "7z5z5z6z4z3z"))
    discard(game, 0, "7z")
    discard(game, 1, None, riichi=True)
    discard(game, 2, "5p")
    assert has(game, 1, "ron")
    game.apply(1, Action("pass"))
    pass_all(game)
    discard(game, 3, "2p")  # the other wait, a go-around later: still furiten in riichi
    assert not has(game, 1, "ron")
    assert game.view(1).furiten


def test_without_riichi_a_passed_ron_lasts_only_until_the_next_draw() -> None:
    hands = ["1m4m7m8p3s6s9s1234z9p9m", "234m345s678p66s34p", "5p369m147p258s6z7z1z", "2p258m369p147s6z7z2z"]
    game = new_game(EMA, build_wall(hands, "5z5z9s9s6z1s5p"))
    discard(game, 0, "5z")
    discard(game, 1)
    pass_all(game)
    discard(game, 2, "5p")
    game.apply(1, Action("pass"))
    pass_all(game)
    discard(game, 3, "2p")  # same go-around: temporary furiten
    assert not has(game, 1, "ron")
    pass_all(game)
    discard(game, 0)
    pass_all(game)
    discard(game, 1)  # seat 1 drew and discarded: its temporary furiten is over
    pass_all(game)
    discard(game, 2, "5p")
    assert has(game, 1, "ron")


def test_a_seat_that_discarded_one_of_its_waits_is_offered_no_ron() -> None:
    hands = ["5p1m4m7m2p8p3s6s9s1234z", "234m345s678p66s34p", "369m147p258s5z6z7z1z", "258m369p147s5z6z7z2z"]
    game = new_game(EMA, build_wall(hands, "9p2p"))
    discard(game, 0, "9p")
    pass_all(game)
    discard(game, 1, "2p")  # seat 1 lets its drawn win go and discards it: one of its own waits
    pass_all(game)
    discard(game, 2)
    discard(game, 3)
    pass_all(game)
    discard(game, 0, "5p")  # the other wait, from another seat
    assert not has(game, 1, "ron")
    assert game.view(1).furiten


# ---------------------------------------------------------------- the last discard

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
    assert not has(game, 0, "chi")  # chi only from the player on your left
    pass_all(game)
    _to_the_last_turn(game)
    discard(game, 1, "3m")
    assert not has(game, 2, "chi") and not has(game, 3, "pon")


# ---------------------------------------------------------------- nine terminals

NINE_RULES = EMA.with_options(abortive_draws=("kyuushu_kyuuhai",))


@pytest.mark.parametrize("hand,draw,offered", [("19m19p19s123z2346m", "7m", True),
                                               ("19m19p19s12z23467m", "8m", False)])
def test_nine_terminals_needs_nine_different_terminal_and_honour_kinds(hand: str, draw: str, offered: bool) -> None:
    hands = [hand, "2346m2346p2346s7s", "88s78p78m9m9p9s2346z", "4678p2346s5677z1s"]
    game = new_game(NINE_RULES, build_wall(hands, draw))
    assert has(game, 0, "kyuushu") is offered
    if not offered:
        assert refused(game, 0, Action("kyuushu")) == "kyuushu"


KYUUSHU_AFTER_CALL = ["8s2346m2346p2346s", "2346m2346p2346s7s", "88s78m78p2346z9m9p9s", "19m19p19s123z4678p"]


@pytest.mark.parametrize("called", [False, True])
def test_nine_terminals_only_before_any_call_breaks_the_first_go_around(called: bool) -> None:
    game = new_game(NINE_RULES, build_wall(KYUUSHU_AFTER_CALL, "5z6z7z4z"))
    discard(game, 0, "8s")
    if called:
        game.apply(2, find(game, 2, "pon"))
        pass_all(game)
        discard(game, 2, "9m")
    else:
        pass_all(game)
        discard(game, 1)
        discard(game, 2)
    pass_all(game)
    assert game.hand.current == 3
    assert has(game, 3, "kyuushu") is not called


# ---------------------------------------------------------------- refusals in a player's words


def test_a_discard_of_a_tile_not_in_the_hand_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z"))
    other = tile_of(game, 1, "2m")
    assert refused(game, 0, Action("discard", other)) == "not_in_hand"


def test_on_its_own_turn_a_seat_that_discarded_its_wait_is_shown_furiten() -> None:
    hands = ["5p1m4m7m2p8p3s6s9s1234z", "234m345s678p66s34p", "369m147p258s5z6z7z1z", "258m369p147s5z6z7z2z"]
    game = new_game(EMA, build_wall(hands, "9p2p7z7z6z9s"))
    discard(game, 0, "9p")
    pass_all(game)
    discard(game, 1, "2p")  # its own wait, discarded
    for seat in (2, 3, 0):
        discard(game, seat)
    pass_all(game)
    assert game.hand.current == 1 and len(game.view(1).hand) == 14
    assert game.view(1).furiten  # 14 tiles in hand: still furiten from its own discard


def test_on_its_own_turn_a_seat_with_clean_discards_is_not_furiten() -> None:
    hands = ["5p1m4m7m2p8p3s6s9s1234z", "234m345s678p66s34p", "369m147p258s5z6z7z1z", "258m369p147s5z6z7z2z"]
    game = new_game(EMA, build_wall(hands, "9p9s7z7z6z1s"))
    discard(game, 0, "9p")
    pass_all(game)
    discard(game, 1)
    for seat in (2, 3, 0):
        discard(game, seat)
    pass_all(game)
    assert game.hand.current == 1 and not game.view(1).furiten


# ---------------------------------------------------------------- each refusal names its rule

def test_a_seat_in_riichi_asking_to_pon_is_told_it_may_not_call() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z7z9s2p"))
    discard(game, 0, "6s")
    pass_all(game)
    discard(game, 1, "7z", riichi=True)
    pass_all(game)
    discard(game, 2)
    pass_all(game)
    discard(game, 3)  # its drawn 2p: seat 1's winning tile, so seat 1 has a decision
    assert has(game, 1, "ron")
    tile = game.hand.pending.tile
    assert refused(game, 1, Action("pon", tile, (tile_of(game, 1, "3p"), tile_of(game, 1, "4p")))) \
        == "riichi_no_call"


def test_asking_to_ron_a_tile_that_does_not_complete_the_hand_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z"))
    discard(game, 0, "6s")
    assert has(game, 1, "pon") and not has(game, 1, "ron")
    assert refused(game, 1, Action("ron", game.hand.pending.tile)) == "not_waiting"


SHANPON = ["66s19m19p1234567z", "123m345s678p66s22p", "2378m2378p19s222z", "4679m4679p333z44z"]


def test_asking_to_ron_with_no_yaku_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(SHANPON, "5z7z9s1s6z"))
    discard(game, 0, "5z")
    for seat in (1, 2, 3):
        discard(game, seat)
    pass_all(game)
    discard(game, 0, "6s")  # seat 1 waits on 6s and 2p, closed, with no yaku without riichi
    assert has(game, 1, "pon") and not has(game, 1, "ron")
    assert refused(game, 1, Action("ron", game.hand.pending.tile)) == "no_yaku"


def test_asking_to_ron_in_furiten_is_refused_as_such() -> None:
    hands = ["66s19m19p1234567z", "234m345s678p66s22p", "2378m2378p19s222z", "4679m4679p333z44z"]
    game = new_game(EMA, build_wall(hands, "5z2p9s1s"))
    discard(game, 0, "5z")
    assert has(game, 1, "tsumo")  # 2p completes the hand: seat 1 lets it go and discards it
    discard(game, 1, "2p")
    for seat in (2, 3):
        discard(game, seat)
    pass_all(game)
    discard(game, 0, "6s")
    assert has(game, 1, "pon") and not has(game, 1, "ron")
    assert refused(game, 1, Action("ron", game.hand.pending.tile)) == "furiten"


def test_asking_to_chi_from_a_seat_not_on_the_left_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(PON, "8m"))
    discard(game, 0, "7p")
    assert has(game, 2, "pon") and not has(game, 2, "chi")
    tile = game.hand.pending.tile
    assert refused(game, 2, Action("chi", tile, (tile_of(game, 2, "5p"), tile_of(game, 2, "8p")))) \
        == "chi_from_left_only"


def test_asking_for_riichi_without_tenpai_is_refused_with_what_riichi_needs() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z"))
    assert not has(game, 0, "riichi")
    assert refused(game, 0, Action("riichi", tile_of(game, 0, "5z"))) == "riichi_needs"


def test_passing_on_ones_own_turn_is_refused_as_not_a_move_now() -> None:
    game = new_game(EMA, build_wall(RIICHI_CALLS, "5z"))
    assert refused(game, 0, Action("pass")) == "not_now"
