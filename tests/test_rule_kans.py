"""Kans as a player meets them: no fifth kan, no kan without a tile to draw after it, and who may
rob a kan (any waiting hand an added kan, only thirteen orphans a closed one)."""

from __future__ import annotations

import pytest

from game.rules import EMA
from game.table import Action, Game
from game.tiles import parse_kinds
from tests.table_helpers import (build_wall, call_shapes, discard, events_of, find, has, new_game, pass_all, play_to,
                                 refusal_of, refused, tile_of)
from tests.test_rule_riichi_furiten import open_hand_on_a_tanki

FIVE_QUADS = ["1111m2222m34567p", "3333m4444m5555s9p", "999p268s147z69m1s3z", "369s257z789m13p8p1s"]


def _four_kans() -> Game:
    """Seats 0 and 1 each make two closed kans; seat 1 still holds a fifth quad, 5555s."""
    game = new_game(EMA, build_wall(FIVE_QUADS, "9s9s", rinshan="1z2z3z4z"))
    for kind in ("1m", "2m"):
        game.apply(0, find(game, 0, "ankan", kind))
    discard(game, 0)
    pass_all(game)
    assert call_shapes(game, 1, "ankan") == {"3333m", "4444m", "5555s"}
    for kind in ("3m", "4m"):
        game.apply(1, find(game, 1, "ankan", kind))
    return game


def test_after_four_kans_no_fifth_kan_is_offered() -> None:
    game = _four_kans()
    assert game.hand.kans == 4 and not has(game, 1, "ankan")
    quad = tuple(t for t in game.hand.seats[1].hand if t >> 2 == tile_of(game, 1, "5s") >> 2)
    assert refused(game, 1, Action("ankan", None, quad)) == "kan_limit"
    discard(game, 1, "9p")
    assert has(game, 2, "pon") and not has(game, 2, "daiminkan")  # seat 2 holds 999p
    tile = game.hand.pending.tile
    three = tuple(t for t in game.hand.seats[2].hand if t >> 2 == tile >> 2)
    assert refused(game, 2, Action("daiminkan", tile, three)) == "kan_limit"


def test_a_closed_kan_needs_all_four_tiles_of_one_kind_from_the_hand() -> None:
    game = new_game(EMA, build_wall(FIVE_QUADS, "9s9s", rinshan="1z2z3z4z"))  # seat 0 holds 1111m 2222m
    ones, twos = ([t for t in game.hand.seats[0].hand if t >> 2 == kind] for kind in parse_kinds("12m"))
    seat1_quad = tuple(t for t in game.hand.seats[1].hand if t >> 2 == parse_kinds("3m")[0])
    for tiles in ((*ones[:2], *twos[:2]), tuple(ones[:3]), seat1_quad):  # two kinds, three tiles, not held
        assert refused(game, 0, Action("ankan", None, tiles)) == "ankan_needs_four"


LAST_KAN = ["19m19p19s2345677z", "1111z3m258p258s47m", "24m369p369s23456z", "333m47p47s8p8s66z59m"]


def test_no_kan_on_the_last_tile_and_no_call_on_the_last_discard() -> None:
    game = new_game(EMA, build_wall(LAST_KAN))
    play_to(game, 1)
    assert has(game, 1, "ankan")  # the quad of East may be declared while tiles are left to draw
    while not (game.hand.live_left == 0 and game.hand.current == 1):
        discard(game, game.hand.current)
        pass_all(game)
    assert not has(game, 1, "ankan")
    quad = tuple(t for t in game.hand.seats[1].hand if t >> 2 == tile_of(game, 1, "1z") >> 2)
    assert refused(game, 1, Action("ankan", None, quad)) == "kan_no_tile"
    discard(game, 1, "3m")  # seat 3 holds three 3m, seat 2 holds 2m 4m
    assert not has(game, 3, "daiminkan") and not has(game, 3, "pon") and not has(game, 2, "chi")


RYANMEN = ["4444m19p19s12345z", "23m345s678p66s789s", "369m147p258s1z6z7z3z", "258m369p147s5z6z7z4z"]


def test_a_closed_kan_may_not_be_robbed_by_a_hand_that_is_not_thirteen_orphans() -> None:
    game = new_game(EMA, build_wall(RYANMEN, "9m", rinshan="2z"))
    game.apply(0, find(game, 0, "ankan", "4m"))  # seat 1 waits on 1m-4m
    assert not has(game, 1, "ron")
    assert game.phase == "turn" and game.hand.current == 0 and game.hand.seats[0].rinshan
    assert [e.call for e in events_of(game, "called")] == ["ankan"]


KOKUSHI = ["1111z2345m678p23s", "19m19p19s234567z9s", "2345678m22p11s6z3p", "3456789p34s7z55s8s"]


# Seat 0 makes a closed kan of 1m: seat 2 (thirteen orphans) waits on it, and so does seat 1 (2-3m).
KOKUSHI_AND_RYANMEN = ["1111m2345p2345s5z", "23m345s678p66s789s", "99m19p19s1234567z", "2345678m4p6p8p9p7s8s"]


def test_a_waiting_hand_that_is_not_thirteen_orphans_is_told_only_thirteen_orphans_may_rob_a_closed_kan() -> None:
    game = new_game(EMA, build_wall(KOKUSHI_AND_RYANMEN, "6z"))
    game.apply(0, find(game, 0, "ankan", "1m"))
    assert has(game, 2, "ron") and not has(game, 1, "ron")
    exc = refusal_of(game, 1, Action("ron", game.hand.pending.tile))
    assert exc.code == "closed_kan_kokushi_only" and "thirteen-orphans" in exc.reason


def test_thirteen_orphans_may_rob_a_closed_kan() -> None:
    game = new_game(EMA, build_wall(KOKUSHI, "6s"))
    game.apply(0, find(game, 0, "ankan", "1z"))  # seat 1 holds every terminal and honour but East
    assert has(game, 1, "ron")
    game.apply(1, find(game, 1, "ron"))
    assert events_of(game, "won")[0].yakuman_count >= 1


ADDED = ["44m1p4p7p2s5s8s1234z9m", "23m345s678p66s789s", "369m147p258s6z7z4m1z", "258m369p147s5z6z7z2z"]


def pon_of_4m() -> Game:
    """Seat 0 pons seat 2's 4m; seat 1, waiting on 4m too, lets the ron pass. Seat 0 to discard."""
    game = new_game(EMA, build_wall(ADDED, "9m9p9s1s2p3p4m"))
    discard(game, 0, "9m")
    play_to(game, 2)
    discard(game, 2, "4m")
    game.apply(0, find(game, 0, "pon"))
    game.apply(1, Action("pass"))
    pass_all(game)
    return game


def added_kan_of_4m() -> Game:
    """After ``pon_of_4m`` seat 0 adds the fourth 4m: the table waits on seat 1's answer to the kan."""
    game = pon_of_4m()
    discard(game, 0, "1z")
    play_to(game, 0)
    game.apply(0, find(game, 0, "shouminkan"))
    return game


def test_an_added_kan_may_be_robbed_by_any_hand_waiting_on_it() -> None:
    game = added_kan_of_4m()
    assert has(game, 1, "ron")
    game.apply(1, find(game, 1, "ron"))
    won = events_of(game, "won")[0]
    assert won.seat == 1 and won.how == "chankan" and "chankan" in [name for name, _ in won.yaku]


KOKUSHI_ACROSS = ["1111z2345m678p23s", "2345678m22p11s6z3p", "19m19p19s234567z9s", "3456789p34s7z55s8s"]


def test_thirteen_orphans_across_the_table_may_rob_a_closed_kan_the_next_seat_cannot() -> None:
    game = new_game(EMA, build_wall(KOKUSHI_ACROSS, "6s"))
    game.apply(0, find(game, 0, "ankan", "1z"))  # seat 2 holds every terminal and honour but East
    assert not has(game, 1, "ron") and has(game, 2, "ron")
    game.apply(2, find(game, 2, "ron"))
    won = events_of(game, "won")[0]
    assert won.seat == 2 and won.yakuman_count >= 1


# Seat 1 waits on 4m with a closed kanchan and no yaku of its own: robbing the kan is its only yaku.
ONLY_CHANKAN = ["44m1p4p7p2s5s8s1234z9m", "35m345s678p66s789s", "369m147p258s6z7z4m1z", "258m369p147s5z6z7z2z"]


def test_robbing_an_added_kan_is_a_yaku_of_its_own() -> None:
    game = new_game(EMA, build_wall(ONLY_CHANKAN, "9m9p9s1s2p3p4m"))
    discard(game, 0, "9m")
    play_to(game, 2)
    discard(game, 2, "4m")
    assert not has(game, 1, "ron")  # a ron on a discard has no yaku
    game.apply(0, find(game, 0, "pon"))
    pass_all(game)
    discard(game, 0, "1z")
    play_to(game, 0)
    game.apply(0, find(game, 0, "shouminkan"))
    assert has(game, 1, "ron")
    game.apply(1, find(game, 1, "ron"))
    won = events_of(game, "won")[0]
    assert won.how == "chankan" and [name for name, _ in won.yaku] == ["chankan"]


def test_an_added_kan_needs_a_pon_of_the_kind_added() -> None:
    game = open_hand_on_a_tanki()  # seat 1 has a pon of 5m and holds no 5m: every tile it holds is refused
    assert not has(game, 1, "shouminkan")
    for tile in game.hand.seats[1].hand:
        assert refused(game, 1, Action("shouminkan", tile)) == "shouminkan_needs_pon"


RIICHI_WITH_A_QUAD = ["1111m23m999p789s5s", "456m1234p5678s11z", "789m5678p1234s22z", "456m9m33z44z55z66z7z"]


QUAD_IN_A_RUN = ["1111m23m456p789p5s", *RIICHI_WITH_A_QUAD[1:]]


@pytest.mark.parametrize("hands,draw,kans", [
    (RIICHI_WITH_A_QUAD, "9p", {"9999p"}),  # 1111m (111m and 123m) and 999p, waiting on 5s: the fourth 9p
    (QUAD_IN_A_RUN, "4m", set()),  # 1111m 23m: a kan of 1m would leave 234m and the same 5s wait, but 1m was not drawn
], ids=["the drawn kind", "a quad held before"])
def test_in_riichi_only_the_kind_just_drawn_may_be_made_a_closed_kan(hands: list[str], draw: str,
                                                                      kans: set[str]) -> None:
    game = new_game(EMA, build_wall(hands, "1z7z7z7z" + draw))
    discard(game, 0, None, riichi=True)
    play_to(game, 0)
    assert call_shapes(game, 0, "ankan") == kans
