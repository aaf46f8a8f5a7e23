"""What the table tells: each refusal names the seat, the action and the rule; each event carries
what the screen, the records and the mjai wire show (who, which tiles, the hands revealed)."""

from __future__ import annotations

import random

import pytest

from game.rules import EMA, TENHOU
from game.table import Action, Game
from game.tiles import parse_kinds
from tests.table_helpers import (build_wall, discard, draws_of, events_of, facing_a_discard, find, new_game,
                                 pass_all, play_to, refusal_of, refused)
from tests.test_rule_draws import RIICHI4
from tests.test_rule_kans import added_kan_of_4m, pon_of_4m
from tests.test_table_game import ANY_HANDS
from tests.test_table_play import play
from tests.test_table_rules import KANS, RON3, _triple


def _held(game: Game, seat: int, text: str) -> list[int]:
    kind = parse_kinds(text)[0]
    return sorted(t for t in game.hand.seats[seat].hand if t >> 2 == kind)


def _not_held(game: Game, seat: int, text: str) -> int:
    """A copy of that kind ``seat`` does not hold."""
    kind = parse_kinds(text)[0]
    return next(t for t in range(kind * 4, kind * 4 + 4) if t not in game.hand.seats[seat].hand)


# ---------------------------------------------------------------- a game that cannot start

def test_a_game_without_rules_a_whole_seed_or_a_wall_is_refused_in_words() -> None:
    with pytest.raises(TypeError, match="^rules must be a RuleSet$"):
        Game("ema")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^seed must be an int$"):
        Game(EMA, "7")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^walls\(\) must return a Wall$"):
        Game(EMA, 0, lambda hand_index, honba: "a wall")  # type: ignore[arg-type,return-value]


def test_a_game_given_no_seed_deals_as_seed_0() -> None:
    dealt = events_of(Game(), "hand_started")[0].hands
    assert dealt == events_of(Game(EMA, 0), "hand_started")[0].hands != events_of(Game(EMA, 1), "hand_started")[0].hands


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("seat", [4, -1, "0"], ids=["seat 4", "seat -1", "seat as text"])
def test_a_seat_that_is_not_0_to_3_is_a_bad_request(seat: object) -> None:
    game = new_game(EMA, build_wall(ANY_HANDS, "5z"))
    assert refused(game, seat, Action("discard", game.hand.seats[0].hand[0])) == "bad_request"  # type: ignore[arg-type]


def test_an_action_that_is_no_action_is_a_bad_request() -> None:
    game = new_game(EMA, build_wall(ANY_HANDS, "5z"))
    assert refused(game, 0, "discard 6s") == "bad_request"  # type: ignore[arg-type]


def test_a_finished_game_refuses_every_move_as_over() -> None:
    game = play(EMA.with_options(game_length="single"), 2, random.Random(2))
    assert game.finished
    assert refused(game, 0, Action("discard", 0)) == "game_over"


def test_a_copy_of_a_held_kind_that_is_not_in_the_hand_is_refused_as_not_in_hand() -> None:
    game = new_game(EMA, build_wall(ANY_HANDS, "5z"))  # seat 0 holds 66s and one 1m
    assert refused(game, 0, Action("discard", _not_held(game, 0, "1m"))) == "not_in_hand"
    assert refused(game, 0, Action("riichi", _not_held(game, 0, "1m"))) == "not_in_hand"


@pytest.mark.parametrize("asked", ["6m", "7m"])
def test_a_discard_of_a_kind_not_held_is_refused_with_the_moves_offered_beside_a_red_five(asked: str) -> None:
    hands = ["0m23m456p789s5566z", *ANY_HANDS[1:]]  # seat 0 holds the red 5m and no 6m or 7m
    game = new_game(TENHOU, build_wall(hands, "8s", aka=True))
    exc = refusal_of(game, 0, Action("discard", _not_held(game, 0, asked)))
    assert exc.code == "not_in_hand" and str(exc).endswith(" (you may: discard)")


def test_a_call_with_a_copy_the_caller_does_not_hold_is_refused_as_not_in_hand() -> None:
    game = facing_a_discard(EMA, "5m", "55m")
    pon = find(game, 1, "pon")
    other = next(t for t in range(16, 20) if t not in game.hand.seats[1].hand and t != pon.tile)
    assert refused(game, 1, Action("pon", pon.tile, (pon.tiles[0], other))) == "not_in_hand"


def test_a_call_on_another_copy_than_the_tile_in_play_is_refused_naming_the_tile_in_play() -> None:
    game = facing_a_discard(EMA, "5m", "55m")
    pon = find(game, 1, "pon")
    other = next(t for t in range(16, 20) if t not in game.hand.seats[1].hand and t != pon.tile)
    exc = refusal_of(game, 1, Action("pon", other, pon.tiles))
    assert exc.code == "wrong_tile"
    assert exc.reason.endswith(f" (the tile in play is {pon.tile}, not {other})")


def test_riichi_may_throw_any_copy_of_the_kind_offered() -> None:
    # seat 0 holds three 9p; the menu lists one riichi on 9p, and each copy held is the same choice
    game = new_game(EMA, build_wall(["123m456m789m23p99p", *ANY_HANDS[1:]], "9p"))
    offered = find(game, 0, "riichi", "9p")
    other = next(t for t in _held(game, 0, "9p") if t != offered.tile)
    game.apply(0, Action("riichi", other))
    assert events_of(game, "discarded")[-1].tile == other and events_of(game, "riichi_declared")[0].seat == 0


def test_an_added_kan_must_name_the_fourth_tile_in_the_hand() -> None:
    game = pon_of_4m()
    discard(game, 0, "1z")
    play_to(game, 0)
    in_the_pon = game.hand.seats[0].melds[0].tiles[0]
    assert refused(game, 0, Action("shouminkan", in_the_pon)) == "not_in_hand"


def test_a_refusal_says_whom_the_table_waits_for_or_what_this_moment_allows() -> None:
    game = new_game(EMA, build_wall(KANS, "9s"))  # seat 0 holds 1111m and 2222m
    exc = refusal_of(game, 0, Action("pass"))
    assert str(exc).endswith(" (you may: ankan, discard)")
    game = Game(TENHOU, seed=1)
    first = game.legal_actions(0)[0]
    game.apply(0, first)
    exc = refusal_of(game, 0, first)
    assert exc.code == "not_your_turn" and str(exc).endswith(" (waiting for seat(s) [1])")


# ---------------------------------------------------------------- events


def test_a_hand_starts_told_with_its_dealer_wind_position_and_wall() -> None:
    start = {"hand_index": 5, "honba": 2, "sticks": 1, "scores": [31000, 29000, 25000, 14000]}
    game = Game(EMA, 3, start=start)
    started = events_of(game, "hand_started")[0]
    assert (started.seat, started.dealer, started.hand_index, started.round_wind) == (1, 1, 5, parse_kinds("2z")[0])
    assert (started.honba, started.sticks, started.scores) == (2, 1, (31000, 29000, 25000, 14000))
    assert started.live_left == 70 - 1 + 1  # told before the dealer's first draw
    assert started.dora_indicators == tuple(game.hand.dora_indicators())


def test_a_discard_is_told_with_its_seat_and_whether_it_was_the_tile_just_drawn() -> None:
    game = new_game(EMA, build_wall(ANY_HANDS, "5z"))
    discard(game, 0, "1m")
    told = events_of(game, "discarded")[0]
    assert (told.seat, told.tsumogiri, told.riichi) == (0, False, False)
    assert game.view(0).drawn is None, "a discarded seat shows no drawn tile set apart"
    play_to(game, 1)
    discard(game, 1)
    assert events_of(game, "discarded")[1].tsumogiri is True


def test_a_riichi_is_declared_by_its_seat() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z"))
    discard(game, 0, None, riichi=True)
    pass_all(game)
    discard(game, 1, None, riichi=True)
    assert [e.seat for e in events_of(game, "riichi_declared")] == [0, 1]


def test_an_added_kan_is_told_and_shown_with_the_seat_the_pon_came_from() -> None:
    game = added_kan_of_4m()  # seat 0 ponned seat 2's 4m, then added the fourth
    told = events_of(game, "called")[-1]
    pon = game.hand.seats[0].melds[0]
    assert (told.seat, told.call, told.from_seat, told.added) == (0, "shouminkan", 2, pon.added)
    assert told.called == events_of(game, "called")[0].called == pon.called
    assert len(told.tiles) == 4 and pon.from_seat == 2
    assert game.view(0).drawn is None, "while the kan may be robbed the declarer has no drawn tile"


def test_a_closed_kan_turns_its_dora_at_once_even_where_open_kans_wait_for_the_discard() -> None:
    game = new_game(EMA.with_options(kan_dora_delayed=True), build_wall(KANS, "9s", rinshan="1z2z"))
    game.apply(0, find(game, 0, "ankan", "1m"))
    assert len(game.hand.dora_indicators()) == 2


def test_four_kans_by_one_seat_with_an_open_one_among_them_do_not_abort() -> None:
    hands = ["9s4m5m7m2p5p8p3s6s1234z", "999s1111m2222m33m", "568m147p1468s7z56z", "469m369p2578s1z23z"]
    game = new_game(EMA.with_options(abortive_draws=("suukaikan",)), build_wall(hands, "7z", rinshan="3m3m7z7z"))
    discard(game, 0, "9s")
    game.apply(1, find(game, 1, "daiminkan"))
    pass_all(game)
    for kind in ("1m", "3m", "2m"):
        game.apply(1, find(game, 1, "ankan", kind))
    assert game.hand.kans == 4
    discard(game, 1, "7z")
    pass_all(game)
    assert draws_of(game) == [] and game.hand.current == 2


NORTHS = ["4z147m258p369s123z", "4z147m258p369s125z", "4z147m258p369s136z", "4z147m258p369s235z"]
WHITES = ["5z147m258p369s123z", "5z147m258p369s124z", "5z147m258p369s136z", "5z147m258p369s234z"]


@pytest.mark.parametrize("hands,aborted", [(NORTHS, True), (WHITES, False)], ids=["four North", "four White"])
def test_four_winds_counts_north_and_not_the_dragons(hands: list[str], aborted: bool) -> None:
    game = new_game(EMA.with_options(abortive_draws=("suufon_renda",)), build_wall(hands, "9m9m9m9m"))
    kind = hands[0][:2]
    for seat in range(4):
        discard(game, seat, kind)
    pass_all(game)
    assert draws_of(game) == (["suufon_renda"] if aborted else [])


def test_four_riichi_shows_all_four_hands() -> None:
    game = new_game(EMA.with_options(abortive_draws=("suucha_riichi",)), build_wall(RIICHI4, "1z2z3z4z"))
    for seat in range(3):
        discard(game, seat, None, riichi=True)
    pass_all(game)
    shown = {str(s): sorted(game.hand.seats[s].hand) for s in range(3)}
    shown["3"] = sorted(set(game.hand.seats[3].hand) - {game.hand.seats[3].drawn})
    discard(game, 3, None, riichi=True)  # the drawn tile
    drawn = events_of(game, "drawn_hand")[0]
    assert drawn.draw == "suucha_riichi" and drawn.hands == shown


def test_a_triple_ron_that_aborts_shows_the_three_winning_hands() -> None:
    game = new_game(EMA.with_options(multi_ron="triple_aborts"), build_wall(RON3, "7z"))
    discard(game, 0, "5p")
    shown = {str(s): sorted(game.hand.seats[s].hand) for s in (1, 2, 3)}
    for seat in (1, 2, 3):
        game.apply(seat, find(game, seat, "ron"))
    drawn = events_of(game, "drawn_hand")[0]
    assert drawn.draw == "sanchahou" and drawn.hands == shown


def test_a_won_hand_ends_told_with_the_scores_and_sticks_after_it_and_its_summary_kept() -> None:
    start = {"hand_index": 0, "honba": 1, "sticks": 2, "scores": [30000, 29000, 30000, 29000]}
    game = _triple(EMA.with_options(multi_ron="head_bump"), start)
    ended = events_of(game, "hand_ended")[0]
    assert (ended.result, ended.scores, ended.sticks) == ("won", tuple(game.scores), 0)
    assert game.scores[1] > 29000 + 2000  # the hand, the honba and both sticks
    summary = game.hand_results[0]
    assert (summary["hand_index"], summary["honba"], summary["dealer"], summary["sticks"]) == (0, 1, 0, 0)
    assert (summary["draw"], summary["tenpai"], summary["scores"], summary["dealer_stays"]) == \
        (None, None, game.scores, False)


def test_the_last_hand_ends_told_with_no_next_hand() -> None:
    game = play(EMA.with_options(game_length="single"), 2, random.Random(2))
    last = events_of(game, "hand_ended")[-1]
    assert game.finished and (last.next_hand_index, last.next_honba) == (None, None)
    assert all(e.next_hand_index is not None for e in events_of(game, "hand_ended")[:-1])
