"""The table's snapshot, the JSON form two games are compared by (a refused action must leave it
unchanged, a replayed record must reproduce it): every field of the hand, of each seat and of the
decision the table awaits, under its own name and with its value."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from game.melds import Meld
from game.rules import EMA
from game.table import Action, Game
from game.table.state import DiscardEntry, HandState, Pending, SeatState, meld_dict
from tests.table_helpers import build_wall, discard, find, new_game, pass_all, play_to
from tests.test_rule_calls import PRIORITY
from tests.test_rule_kans import pon_of_4m


def _plain(value: Any) -> Any:
    if isinstance(value, Meld):
        return meld_dict(value)
    if isinstance(value, (DiscardEntry, Action)):
        return value.to_dict()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _assert_snapshot_holds_the_state(game: Game) -> None:
    hand = game.hand
    snap = game.snapshot()["hand"]
    assert set(snap) == {f.name for f in fields(HandState)} - {"wall"}  # the wall comes from the seed or the record
    for name in set(snap) - {"seats", "pending"}:
        assert snap[name] == _plain(getattr(hand, name)), name
    for st, seat in zip(hand.seats, snap["seats"]):
        assert set(seat) == {f.name for f in fields(SeatState)}
        for name in set(seat) - {"hand"}:
            assert seat[name] == _plain(getattr(st, name)), name
        assert seat["hand"] == sorted(st.hand)
    if hand.pending is None:
        assert snap["pending"] is None
        return
    assert set(snap["pending"]) == {f.name for f in fields(Pending)}
    for name in snap["pending"]:
        value = getattr(hand.pending, name)
        assert snap["pending"][name] == (None if value is None else _plain(value)), name


def test_the_snapshot_holds_the_claims_collected_on_a_discard() -> None:
    game = new_game(EMA, build_wall(PRIORITY, "8s"))
    discard(game, 0, "5m")
    game.apply(1, find(game, 1, "chi"))  # the table still waits for seat 2's pon
    assert game.hand.pending.responses and game.hand.pending.offers
    _assert_snapshot_holds_the_state(game)
    game.apply(2, find(game, 2, "pon"))
    pass_all(game)
    assert game.hand.seats[2].melds and game.hand.seats[2].kuikae and game.hand.after_call
    _assert_snapshot_holds_the_state(game)


def test_the_snapshot_holds_an_added_kan_waiting_to_be_robbed() -> None:
    game = pon_of_4m()
    assert game.hand.seats[1].furiten_temp
    discard(game, 0, "1z")
    play_to(game, 0)
    game.apply(0, find(game, 0, "shouminkan"))
    pending = game.hand.pending
    assert pending.kan is not None and pending.waiting_on
    _assert_snapshot_holds_the_state(game)
    game.apply(1, Action("pass"))  # the kan stands: a replacement draw, a new dora indicator
    assert game.hand.kans == 1 and game.hand.kan_owners == [0] and game.hand.seats[0].rinshan
    _assert_snapshot_holds_the_state(game)


def test_the_snapshot_holds_a_seat_in_riichi() -> None:
    game = new_game(EMA, build_wall(["123m456m789m123p5p", "123s456s789s234p6p", "999m789p222s333s7s",
                                     "111m555s666s444p8p"], "1z"))
    discard(game, 0, None, riichi=True)
    pass_all(game)
    st = game.hand.seats[0]
    assert st.riichi and st.double_riichi and st.ippatsu and st.discarded_once
    _assert_snapshot_holds_the_state(game)


def test_the_snapshot_holds_the_game_around_the_hand() -> None:
    game = new_game(EMA, build_wall(PRIORITY, "8s"), {"hand_index": 1, "honba": 2, "sticks": 1,
                                                      "scores": [31000, 29000, 28000, 31000]})
    discard(game, 1, "1z")
    assert game.snapshot() == {"scores": [31000, 29000, 28000, 31000], "hand_index": 1, "honba": 2, "sticks": 1,
                               "finished": False, "final_standing": None, "hand": game.hand.to_dict(),
                               "events": len(game.events), "actions": 1, "results": 0}
