"""The table: seeded walls, whole games of random legal play, records, refused actions."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from game.rules import EMA, TENHOU, RuleSet
from game.table import Action, Game, IllegalAction, Wall
from game.table.events import EVENT_TYPES, Drawn, event_from_dict
from game.table.wall import WallError, _WordStream, shuffled_tiles
from tests.table_helpers import (build_wall, claim, discard, facing_a_discard, find, new_game, pass_all, refusal_of,
                                 refused, tile_of)
from tests.test_rule_riichi_furiten import RIICHI4
from tests.test_rule_kans import FIVE_QUADS
from tests.test_table_play import check_invariants, pick, play

ANY_HANDS = ["66s19m19p1234567z", "234m345s678p66s34p", "2378m2378p19s222z", "4679m4679p333z44z"]


def test_wall_is_a_reproducible_permutation() -> None:
    tiles = shuffled_tiles(7, 0, 0)
    assert sorted(tiles) == list(range(136))
    assert tiles == shuffled_tiles(7, 0, 0)
    assert tiles != shuffled_tiles(7, 0, 1) != shuffled_tiles(7, 1, 0)
    # fixed values: the shuffle must give the same walls on every platform and version
    assert tiles[:8] == [53, 60, 46, 56, 58, 17, 126, 134]
    assert shuffled_tiles(2, 0, 0)[:2] == [62, 59]  # the shuffle's last step swaps these two
    wall = Wall.from_seed(7, 0, 0)
    assert len(wall.live) == 70 and len(wall.rinshan) == 4 and len(wall.dora_indicators) == 5
    for hand_index, honba in ((0, 0), (1, 0), (0, 1)):  # each hand's wall is the shuffle of its seed, hand and honba
        assert Wall.from_seed(7, hand_index, honba).all_tiles() == shuffled_tiles(7, hand_index, honba)


def test_wall_refuses_a_duplicate_tile() -> None:
    wall = Wall.from_seed(1, 0, 0)
    live = list(wall.live)
    live[0] = live[1]
    with pytest.raises(WallError, match=f"once; tile {live[0]} repeats"):
        Wall(wall.haipai, live, wall.rinshan, wall.dora_indicators, wall.ura_indicators)
    live[0] = 136
    with pytest.raises(WallError, match="tile 136 repeats or is out of range"):
        Wall(wall.haipai, live, wall.rinshan, wall.dora_indicators, wall.ura_indicators)


def test_a_wall_is_saved_and_read_back_field_by_field() -> None:
    wall = build_wall(ANY_HANDS, "5z")
    data = wall.to_dict()
    assert data == {"haipai": [list(h) for h in wall.haipai], "live": list(wall.live), "rinshan": list(wall.rinshan),
                    "dora_indicators": list(wall.dora_indicators), "ura_indicators": list(wall.ura_indicators)}
    assert json.loads(json.dumps(data)) == data
    again = Wall.from_dict(data)
    for name in ("haipai", "live", "rinshan", "dora_indicators", "ura_indicators"):
        assert getattr(again, name) == getattr(wall, name), name
    assert again.haipai == tuple(tuple(hand) for hand in data["haipai"])  # the deal is fixed once read
    with pytest.raises(WallError, match="bad wall record"):
        Wall.from_dict({k: v for k, v in data.items() if k != "rinshan"})


def test_a_game_on_given_walls_saves_them_and_replays_on_them() -> None:
    wall = build_wall(ANY_HANDS, "5z")
    game = new_game(EMA, wall)
    game.apply(0, Action("discard", game.hand.seats[0].drawn))
    record = json.loads(json.dumps(game.to_record()))
    assert record["walls"] == [wall.to_dict()]
    again = Game.from_record(record)
    assert again.used_walls == [wall] and again.snapshot() == game.snapshot()
    assert "walls" not in Game(EMA, 3).to_record()  # a seeded game's walls come from its seed


@pytest.mark.parametrize("part,size", [("live", 70), ("rinshan", 4), ("dora_indicators", 5), ("ura_indicators", 5)])
def test_a_wall_refuses_a_part_of_the_wrong_size(part: str, size: int) -> None:
    data = Wall.from_seed(1, 0, 0).to_dict()
    data[part] = data[part][:-1]
    with pytest.raises(WallError, match=f"{part} must hold {size} tiles, not {size - 1}"):
        Wall.from_dict(data)


def test_a_wall_deals_four_hands_of_13() -> None:
    data = Wall.from_seed(1, 0, 0).to_dict()
    data["haipai"] = data["haipai"][:3]
    with pytest.raises(WallError, match="^a wall deals four hands of 13 tiles$"):
        Wall.from_dict(data)


@pytest.mark.parametrize("words,drawn", [((2**32 - 1, 4), 1), ((2**32 - 2, 4), 2)], ids=["rejected", "kept"])
def test_the_shuffle_draws_without_favouring_small_numbers(words: tuple[int, ...], drawn: int) -> None:
    # the 2**32 words do not split evenly three ways: the top word (2**32 % 3 == 1) is drawn again, the next kept
    stream = _WordStream(b"")
    stream.word = iter(words).__next__  # type: ignore[method-assign]
    assert stream.below(3) == drawn


def test_an_action_is_kept_with_its_hand_tiles_sorted_and_reads_back_from_its_record_form() -> None:
    chi = Action("chi", 12, (8, 4))
    assert chi.tiles == (4, 8) and Action("chi", 12, [8, 4]) == chi and Action("pass", None, []) == Action("pass")
    assert str(chi) == "chi 4m with 23m" and str(Action("pass")) == "pass"
    assert chi.to_dict() == {"type": "chi", "tile": 12, "tiles": [4, 8]}
    assert Action("pass").to_dict() == {"type": "pass"}
    for action in (chi, Action("pass"), Action("discard", 135), Action("ankan", None, (0, 1, 2, 3))):
        assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


@pytest.mark.parametrize("make,message", [
    (lambda: Action("draw"), "^unknown action type 'draw'; choose from discard, riichi, chi, pon, daiminkan, "),
    (lambda: Action("discard", 136), r"^action tile 136 is not a tile 0\.\.135$"),
    (lambda: Action("discard", -1), r"^action tile -1 is not a tile 0\.\.135$"),
    (lambda: Action("pon", 4, (5, 136)), r"^action tiles \(5, 136\) are not tiles 0\.\.135$"),
    (lambda: Action("pon", 4, (5, -1)), r"^action tiles \(5, -1\) are not tiles 0\.\.135$"),
    (lambda: Action.from_dict({"tile": 3}), "^an action record needs a type"),
    (lambda: Action.from_dict(["discard", 3]), "^an action record needs a type"),
], ids=["type", "tile 136", "tile -1", "tiles 136", "tiles -1", "no type", "not a dict"])
def test_an_action_that_is_no_action_is_refused_in_words(make, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_dealer_starts_with_fourteen_and_a_menu() -> None:
    game = Game(EMA, 3)
    assert len(game.hand.seats[0].hand) == 14
    assert all(len(game.hand.seats[s].hand) == 13 for s in (1, 2, 3))
    assert game.legal_actions(0) and not game.legal_actions(1)
    assert [e.type for e in game.events] == ["hand_started", "drawn"]


@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_and_keep_their_invariants(seed: int) -> None:
    rules = TENHOU if seed % 2 else EMA
    game = play(rules, seed, random.Random(seed))
    assert game.finished and game.final_standing is not None
    assert sum(r["score"] for r in game.final_standing) == 4 * rules.start_points
    assert game.events[-1].type == "game_ended"
    json.dumps([e.to_dict() for e in game.events])  # every event is JSON-ready
    json.dumps(game.to_record())


def test_record_replays_to_the_identical_state_at_every_step() -> None:
    """Save after every action of a whole hand (and a few of the next), resume, compare."""
    rng = random.Random(11)
    game = Game(TENHOU, 11)
    while not game.finished and len(game.hand_results) < 1:
        seat = rng.choice(game.waiting_seats())
        game.apply(seat, pick(game, seat, game.legal_actions(seat), rng))
        again = Game.from_record(game.to_record())
        assert again.snapshot() == game.snapshot()
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]
    for _ in range(40):  # the resumed game plays on exactly as the original
        seat = rng.choice(game.waiting_seats())
        action = pick(game, seat, game.legal_actions(seat), random.Random(len(game.actions)))
        assert again.legal_actions(seat) == game.legal_actions(seat)
        assert [e.to_dict() for e in again.apply(seat, action)] == [e.to_dict() for e in game.apply(seat, action)]


def test_a_record_keeps_the_start_position_and_replays_from_it() -> None:
    start = {"hand_index": 5, "honba": 2, "sticks": 1, "scores": [31000, 29000, 28000, 31000]}
    game = Game(EMA, 4, start=start)
    record = json.loads(json.dumps(game.to_record()))
    assert record["start"] == start and "walls" not in record
    again = Game.from_record(record)
    assert (again.hand_index, again.honba, again.sticks, again.scores) == (5, 2, 1, [31000, 29000, 28000, 31000])
    assert again.snapshot() == game.snapshot() and "walls" not in again.to_record()
    assert "start" not in Game(EMA, 4).to_record()


def test_a_record_without_seed_or_rules_plays_seed_0_under_the_default_rules() -> None:
    game = Game.from_record({"actions": []})
    assert game.seed == 0 and game.rules == RuleSet() and game.used_walls == [Wall.from_seed(0, 0, 0)]


@pytest.mark.parametrize("record,message", [
    ({"seed": 1}, "^a game record is a dict with seed, rules and actions$"),
    ([], "^a game record is a dict with seed, rules and actions$"),
    ({"actions": [], "walls": []}, "^the record holds fewer walls than hands$"),
], ids=["no actions", "not a dict", "no walls"])
def test_a_record_that_is_no_game_is_refused_in_words(record: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.from_record(record)  # type: ignore[arg-type]


def test_a_start_position_takes_what_it_gives_and_the_rest_from_a_new_game() -> None:
    game = Game(EMA, 0, start={"honba": 2})
    assert (game.hand_index, game.honba, game.sticks, game.scores) == (0, 2, 0, [30000] * 4)
    game = Game(EMA, 0, start={"scores": [40000, 30000, 30000, 20000]})
    assert (game.hand_index, game.honba, game.sticks, game.scores) == (0, 0, 0, [40000, 30000, 30000, 20000])


@pytest.mark.parametrize("start,message", [
    ({"scores": [30000] * 3}, "^a start position has 4 scores, a hand index 0..15 and counters >= 0$"),
    ({"hand_index": 16}, "^a start position has 4 scores, a hand index 0..15 and counters >= 0$"),
    ({"honba": -1}, "^a start position has 4 scores, a hand index 0..15 and counters >= 0$"),
    ({"sticks": -1}, "^a start position has 4 scores, a hand index 0..15 and counters >= 0$"),
    ({"honba": "two"}, "^bad start position: invalid literal"),
], ids=["3 scores", "hand 16", "honba -1", "sticks -1", "honba not a number"])
def test_a_start_position_out_of_range_is_refused_in_words(start: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game(EMA, 0, start=start)


def test_only_seats_0_to_3_have_a_view_or_a_menu_and_a_finished_game_offers_nothing() -> None:
    game = Game(EMA, 2)
    for seat in (4, -1, "0"):
        assert game.legal_actions(seat) == []  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=f"^seat {seat!r} is not 0..3$"):
            game.view(seat)  # type: ignore[arg-type]
    game = play(EMA.with_options(game_length="single"), 2, random.Random(2))
    assert game.finished and all(game.legal_actions(s) == [] for s in range(4)) and game.waiting_seats() == []


def test_a_record_with_a_bad_action_is_refused() -> None:
    game = Game(EMA, 4)
    record = game.to_record()
    record["actions"] = [[1, {"type": "discard", "tile": 0}]]
    with pytest.raises(ValueError, match="record action 0"):
        Game.from_record(record)


def test_views_and_events_hide_other_hands() -> None:
    game = Game(EMA, 6)
    view = game.view(1)
    assert view.hand == tuple(sorted(game.hand.seats[1].hand)) and view.drawn is None
    assert view.hand_sizes == (14, 13, 13, 13) and not view.legal_actions
    started, drawn = game.events_for(1)
    assert started.hands[0] is None and started.hands[1] is not None
    assert drawn.seat == 0 and drawn.tile is None
    assert game.events_for(0)[1].tile == game.hand.seats[0].drawn
    names = {f.name for f in fields(view)}
    assert not names & {"wall", "hands", "live", "ura_indicators"}
    others = {t for s in (0, 2, 3) for t in game.hand.seats[s].hand}
    assert not others & set(view.hand)


def test_a_seat_sees_the_table_as_it_stands() -> None:
    game = facing_a_discard(EMA, "4m", "2356m")  # seat 0 has discarded 4m; seat 1 may chi it
    tile = game.hand.pending.tile
    view = game.view(1)
    assert (view.seat, view.drawn, view.hand_sizes, view.seat_winds, view.round_wind) == \
        (1, None, (13, 13, 13, 13), (27, 28, 29, 30), 27)
    assert (view.hand_index, view.honba, view.sticks, view.scores, view.dealer) == (0, 0, 0, (30000,) * 4, 0)
    assert (view.current, view.phase, view.last_discard, view.finished, view.all_last) == \
        (0, "calls", (0, tile), False, False)
    assert view.legal_actions == tuple(game.legal_actions(1)) and view.rules is EMA
    assert view.discards[0] == ({"tile": tile, "tsumogiri": False, "riichi": False, "called": False, "order": 1},)
    game.apply(1, find(game, 1, "chi"))
    view = game.view(1)
    assert view.last_discard is None and view.current == 1 and view.phase == "turn"
    assert view.discards[0][0]["called"] and view.hand_sizes == (13, 11, 13, 13)
    discard(game, 1, "9p")
    pass_all(game)
    view = game.view(2)
    assert view.drawn == game.hand.seats[2].drawn is not None and view.current == 2


def test_a_seat_sees_who_is_in_riichi_and_the_riichi_discard_as_such() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z"))
    discard(game, 0, None, riichi=True)
    pass_all(game)
    view = game.view(2)
    assert view.riichi == (True, False, False, False)
    assert view.discards[0] == ({"tile": game.hand.seats[0].discards[0].tile, "tsumogiri": True, "riichi": True,
                                 "called": False, "order": 1},)


def test_an_open_hand_that_discarded_its_own_wait_is_shown_furiten() -> None:
    game = new_game(EMA, build_wall(OPEN_FURITEN, "6z"))
    discard(game, 0, "5m")
    claim(game, 1, "pon", "1m")  # 1m 123p 456s 789s left: ten tiles, waiting on the 1m just discarded
    assert len(game.hand.seats[1].hand) == 10 and game.view(1).furiten


OPEN_FURITEN = ["5m1m9m9p19s1234567z", "55m11m123p456s789s", "2378m2378p1122z6s", "469m469p3344z6z5p8s"]


def test_every_event_of_a_game_reads_back_from_its_record_form() -> None:
    game = play(TENHOU, 3, random.Random(3))
    assert {e.type for e in game.events} == set(EVENT_TYPES)  # this game has every kind of event
    for event in game.events:
        record = json.loads(json.dumps(event.to_dict()))
        assert record["type"] == event.type and record["seat"] == event.seat and "seat" not in record["data"]
        assert event_from_dict(record) == event
    called = next(e for e in game.events if e.type == "called")
    assert called.to_dict()["data"]["type"] == called.call  # a call's kind is recorded as its type
    wins = [w for result in game.hand_results for w in result["wins"]]
    assert [e.entry() for e in game.events if e.type == "won"] == wins  # a win as the hand results keep it
    with pytest.raises(ValueError, match="not an event record"):
        event_from_dict({"type": "shuffled"})
    assert event_from_dict({"type": "drawn", "seat": 1}) == Drawn(1, None, None, None)  # a record without its data


def test_a_replacement_draw_is_told_to_the_others_as_one_with_its_tile_hidden() -> None:
    game = new_game(EMA, build_wall(FIVE_QUADS, "9s9s", rinshan="1z2z3z4z"))
    first = [e for e in game.events if e.type == "drawn"][0]
    assert first.rinshan is False and first.live_left == game.hand.live_left == 69  # a draw from the live wall
    game.apply(0, find(game, 0, "ankan", "1m"))
    drawn = [e for e in game.events if e.type == "drawn"][-1]
    assert drawn.seat == 0 and drawn.rinshan and drawn.tile == game.hand.seats[0].drawn
    assert drawn.live_left == game.hand.live_left == 68  # the kan took the last live tile into the dead wall
    seen = drawn.for_seat(1)
    assert (seen.seat, seen.tile, seen.rinshan, seen.live_left) == (0, None, True, drawn.live_left)
    assert drawn.for_seat(0) == drawn


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    rng = random.Random(5)
    game = Game(TENHOU, 5)
    kinds = ("discard", "riichi", "chi", "pon", "daiminkan", "ankan", "shouminkan", "tsumo", "ron",
             "kyuushu", "pass", "tenpai", "noten")
    refused = 0
    for _ in range(400):
        if game.finished:
            break
        before = game.snapshot()
        seat = rng.randrange(4)
        bogus = Action(rng.choice(kinds), rng.choice([None, rng.randrange(136)]),
                       tuple(rng.randrange(136) for _ in range(rng.choice([0, 2, 3]))))
        legal = game.legal_actions(seat)
        if bogus not in legal:
            try:
                game.apply(seat, bogus)
            except IllegalAction as exc:
                refused += 1
                assert exc.reason and str(bogus.type) in str(exc)
                assert game.snapshot() == before
        seat = rng.choice(game.waiting_seats())
        game.apply(seat, pick(game, seat, game.legal_actions(seat), rng))
        if not game.finished:
            check_invariants(game)
    assert refused > 100


def test_a_seat_without_a_decision_is_told_so() -> None:
    game = Game(EMA, 2)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        game.apply(1, Action("discard", game.hand.seats[1].hand[0]))


def test_a_discard_of_a_tile_not_in_the_hand_is_refused_as_such() -> None:
    game = new_game(EMA, build_wall(ANY_HANDS, "5z"))
    assert refused(game, 0, Action("discard", tile_of(game, 1, "2m"))) == "not_in_hand"


def test_a_move_of_another_moment_is_refused_with_what_this_moment_allows() -> None:
    game = new_game(EMA, build_wall(ANY_HANDS, "5z"))
    exc = refusal_of(game, 0, Action("pass"))
    assert exc.code == "on_your_turn" and "discard" in exc.reason
    assert refused(game, 1, Action("discard", tile_of(game, 1, "2m"))) == "not_your_turn"
