"""Swap-calling (kuikae): what a seat may discard right after a chi or pon, and which calls the
table offers because of it; every shape of chi, both ends of the run, and the option that lifts it."""

from __future__ import annotations

import pytest

from game.rules import EMA, RuleSet
from game.table import Action, Game
from game.tiles import parse_kinds
from tests.table_helpers import (build_wall, call_shapes, claim, discard, discard_kinds, facing_a_discard, find, has,
                                 kinds_text, new_game, pass_all, play_to, refusal_of, refused, tile_of)

BANNED = EMA.with_options(kuikae_allowed=False)
ALLOWED = EMA.with_options(kuikae_allowed=True)


def _chi_game(rules: RuleSet, called: str, used: str, extra: str) -> Game:
    """Seat 0 discards ``called``; seat 1 holds ``used`` (the chi's two tiles) and ``extra``, and chis."""
    game = facing_a_discard(rules, called, used + extra)
    want = sorted(parse_kinds(used))
    chi = next(a for a in game.legal_actions(1)
               if a.type == "chi" and sorted(t >> 2 for t in a.tiles) == want)
    game.apply(1, chi)
    pass_all(game)
    return game


CHI_SHAPES = [
    pytest.param("4m", "2m3m", "1m4m7m", {"1m", "4m"}, {"7m"}, id="chi of 4 with 2-3: not the 1 nor the 4"),
    pytest.param("6m", "7m8m", "9m6m3m", {"9m", "6m"}, {"3m"}, id="chi of 6 with 7-8: not the 9 nor the 6"),
    pytest.param("5m", "4m6m", "2m8m5m", {"5m"}, {"2m", "8m"}, id="chi of 5 with 4-6: only not the 5"),
    pytest.param("3m", "1m2m", "3m6m", {"3m"}, {"6m"}, id="chi of 3 with 1-2: only not the 3"),
    pytest.param("7m", "8m9m", "7m4m", {"7m"}, {"4m"}, id="chi of 7 with 8-9: only not the 7"),
    pytest.param("1m", "2m3m", "1m4m", {"1m", "4m"}, set(), id="chi of 1 with 2-3: not the 1 nor the 4"),
    pytest.param("9m", "7m8m", "9m6m3m", {"9m", "6m"}, {"3m"}, id="chi of 9 with 7-8: not the 9 nor the 6"),
]


@pytest.mark.parametrize("called,used,extra,banned,still_allowed", CHI_SHAPES)
def test_after_a_chi_the_called_kind_and_the_other_end_of_the_run_may_not_be_discarded(
        called: str, used: str, extra: str, banned: set[str], still_allowed: set[str]) -> None:
    game = _chi_game(BANNED, called, used, extra)
    held = {kinds_text(t >> 2) for t in game.hand.seats[1].hand}
    assert discard_kinds(game, 1) == held - banned
    assert still_allowed <= held
    for kind in banned:
        exc = refusal_of(game, 1, Action("discard", tile_of(game, 1, kind)))
        assert exc.code == "kuikae" and "swap-calling" in exc.reason


OTHER_SUITS = [
    pytest.param("7p", "8p9p", "7p4p1s", {"7p"}, {"4p", "1s"}, id="chi of 7p with 8-9: the 1s beyond the suit stays free"),
    pytest.param("1s", "2s3s", "1s4s9p", {"1s", "4s"}, {"9p"}, id="chi of 1s with 2-3: not the 1s nor the 4s"),
    pytest.param("6s", "7s8s", "6s9s3s", {"6s", "9s"}, {"3s"}, id="chi of 6s with 7-8: not the 6s nor the 9s"),
    pytest.param("3p", "1p2p", "3p6p9m", {"3p"}, {"6p", "9m"}, id="chi of 3p with 1-2: only not the 3p"),
]
"""The same shapes in circles and bamboo, where a run's end must not be counted across the suit."""


@pytest.mark.parametrize("called,used,extra,banned,still_allowed", OTHER_SUITS)
def test_swap_calling_is_judged_within_the_suit_of_the_chi(
        called: str, used: str, extra: str, banned: set[str], still_allowed: set[str]) -> None:
    game = _chi_game(BANNED, called, used, extra)
    held = {kinds_text(t >> 2) for t in game.hand.seats[1].hand}
    assert still_allowed <= held
    assert discard_kinds(game, 1) == held - banned


@pytest.mark.parametrize("called,used,extra,banned,still_allowed", CHI_SHAPES)
def test_with_swap_calling_allowed_every_tile_may_be_discarded_after_a_chi(
        called: str, used: str, extra: str, banned: set[str], still_allowed: set[str]) -> None:
    game = _chi_game(ALLOWED, called, used, extra)
    assert banned | still_allowed <= discard_kinds(game, 1)


PON = ["7p19m19s1234567z9p", "258m258s1234z369m", "777p258p3689s567z", "1346m1346s44p66z8p"]


@pytest.mark.parametrize("rules", [BANNED, ALLOWED], ids=["swap-calling banned", "swap-calling allowed"])
def test_after_a_pon_its_own_kind_may_not_be_discarded_at_once(rules: RuleSet) -> None:
    game = new_game(rules, build_wall(PON, "8m"))
    discard(game, 0, "7p")
    game.apply(2, find(game, 2, "pon"))
    pass_all(game)
    assert ("7p" in discard_kinds(game, 2)) is rules.kuikae_allowed
    if not rules.kuikae_allowed:
        assert refused(game, 2, Action("discard", tile_of(game, 2, "7p"))) == "kuikae"


def test_the_swap_calling_ban_lasts_only_for_the_discard_right_after_the_call() -> None:
    game = _chi_game(BANNED, "4m", "2m3m", "1m4m7m")
    discard(game, 1, "7m")
    for seat in (2, 3, 0):
        discard(game, seat)
    pass_all(game)
    assert game.hand.current == 1
    assert {"1m", "4m"} <= discard_kinds(game, 1)


# Seat 1 pons West, North and 9s, then holds 2344m: a chi of 4m with 2-3 would leave only 4m 4m.
THREE_PONS = ["3z4m8m9m19p19s12567z", "2344m3344z99s1p9p1s", "4z2378p2378s1122z", "9s469p46s5m556677z"]


def _after_three_pons(rules: RuleSet, deal: list[str], aways: tuple[str, str, str], faced: str, left: str) -> Game:
    """Seat 1 pons West, North and 9s (throwing ``aways``), down to ``left``, then faces seat 0's ``faced``."""
    game = new_game(rules, build_wall(deal, "2s6m7m5s6p5p7p"))
    for (discarder, called), away in zip(((0, "3z"), (2, "4z"), (3, "9s")), aways):
        play_to(game, discarder)
        discard(game, discarder, called)
        claim(game, 1, "pon", away)
    play_to(game, 0)
    assert sorted(t >> 2 for t in game.view(1).hand) == parse_kinds(left)
    discard(game, 0, faced)
    return game


def _four_tiles_left(rules: RuleSet) -> Game:
    """Seat 1, down to 2344m after three pons, faces seat 0's 4m."""
    return _after_three_pons(rules, THREE_PONS, ("1p", "9p", "1s"), "4m", "2344m")


def test_a_chi_that_would_leave_only_tiles_banned_by_swap_calling_is_not_offered() -> None:
    game = _four_tiles_left(BANNED)
    assert not has(game, 1, "chi")
    assert has(game, 1, "pon")  # the pon leaves 2-3m, which may be discarded
    tile = game.hand.pending.tile
    chi = Action("chi", tile, (tile_of(game, 1, "2m"), tile_of(game, 1, "3m")))
    assert refused(game, 1, chi) == "kuikae_call"


# The same three pons in other suits; seat 1 then holds 1123p and faces a 1p.
THREE_PONS_CIRCLES = ["3z1p8m9m4m9p19s12567z", "1123p3344z99s1m9m1s", "4z2378p2378s1122z", "9s469p46s5m556677z"]


def test_a_chi_of_1_2_3_in_circles_that_would_leave_only_banned_tiles_is_refused_for_swap_calling() -> None:
    game = _after_three_pons(BANNED, THREE_PONS_CIRCLES, ("1m", "9m", "1s"), "1p", "1123p")
    assert not has(game, 1, "chi") and has(game, 1, "pon")  # the chi would leave 1p 1p, the called kind
    tile = game.hand.pending.tile
    chi = Action("chi", tile, (tile_of(game, 1, "2p"), tile_of(game, 1, "3p")))
    assert refused(game, 1, chi) == "kuikae_call"  # 1-2-3p is a run: the chi is refused for what it leaves


def test_with_swap_calling_allowed_the_same_chi_is_offered() -> None:
    game = _four_tiles_left(ALLOWED)
    assert call_shapes(game, 1, "chi") == {"23m"}


# The same three pons, but seat 1 then holds 1234m: a chi of 4m with 2-3 would leave 1m and 4m,
# the called kind and the other end of the run.
SUJI_LEFT = ["3z4m8m9m19p19s12567z", "1234m3344z99s1p9p1s", "4z2378p2378s1122z", "9s469p46s5m556677z"]


@pytest.mark.parametrize("rules", [BANNED, ALLOWED], ids=["swap-calling banned", "swap-calling allowed"])
def test_a_chi_that_would_leave_only_its_kind_and_the_other_end_of_the_run_is_offered_only_when_allowed(
        rules: RuleSet) -> None:
    game = _after_three_pons(rules, SUJI_LEFT, ("1p", "9p", "1s"), "4m", "1234m")
    assert call_shapes(game, 1, "chi") == ({"23m"} if rules.kuikae_allowed else set())
    if not rules.kuikae_allowed:  # nothing to offer (no yaku for a ron, one 4m): seat 1 draws at once
        assert game.hand.current == 1 and game.phase == "turn"
