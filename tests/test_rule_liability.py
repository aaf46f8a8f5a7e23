"""Liability (pao): the seat whose discard completed the third dragon set or the fourth wind set
pays for the yakuman, in full on a tsumo or when it deals in, half on another seat's ron."""

from __future__ import annotations

import pytest

from game.rules import EMA, RuleSet
from game.table import Game
from game.table.events import Won
from game.tiles import parse_kinds
from tests.table_helpers import build_wall, claim, discard, events_of, find, new_game, pass_all, play_to

PAO = ["567z1m4m7m2p8p3s6s9s1z9m", "55z66z77z23m55p89p9s", "147m369p258s1z2z3s4s", "258m147p369s2z3z4z7p"]


def _three_dragons(rules: RuleSet) -> Game:
    """Seat 1 pons White, Green and Red, all from seat 0, and waits on 1m-4m."""
    game = new_game(rules, build_wall(PAO, "1p1p1p9m1s1s9m1s1s9m4m"))
    for dragon, away in (("5z", "8p"), ("6z", "9p"), ("7z", "9s")):
        discard(game, 0, dragon)
        claim(game, 1, "pon", away)
        if dragon != "7z":
            play_to(game, 0)
    return game


def _assert_tsumo_paid(game: Game, yakuman: str, liable: bool) -> None:
    """Seat 1 wins the yakuman by tsumo; seat 0, the dealer, fed the last set: it pays all, or its share."""
    game.apply(1, find(game, 1, "tsumo"))
    won = events_of(game, "won")[0]
    assert (yakuman, 13) in won.yaku
    if liable:
        assert won.pao == 0 and won.deltas == (-32000, 32000, 0, 0)
    else:
        assert won.pao is None and won.deltas == (-16000, 32000, -8000, -8000)


@pytest.mark.parametrize("pao", [("daisangen",), ()], ids=["pao", "no pao"])
def test_the_seat_that_fed_the_third_dragon_pays_the_whole_tsumo(pao: tuple[str, ...]) -> None:
    game = _three_dragons(EMA.with_options(pao=pao))
    play_to(game, 0)
    discard(game, 0)
    pass_all(game)
    _assert_tsumo_paid(game, "daisangen", liable=bool(pao))


def _ron_on_seat_2s_4m() -> tuple[Game, Won]:
    """Seat 1 rons seat 2's 4m (seat 0 fed all three dragons): the game and the won event."""
    game = _three_dragons(EMA)
    discard(game, 2, "4m")
    game.apply(1, find(game, 1, "ron"))
    pass_all(game)
    return game, events_of(game, "won")[0]


def test_on_another_seats_ron_the_liable_seat_pays_half() -> None:
    game, won = _ron_on_seat_2s_4m()
    assert won.pao == 0 and won.deltas == (-16000, 32000, -16000, 0)
    assert all(type(points) is int for points in (*won.deltas, *game.scores))  # the half is in whole points


def test_the_won_event_shows_the_winning_hand_its_melds_its_limit_and_its_full_score() -> None:
    game, won = _ron_on_seat_2s_4m()
    assert sorted(t >> 2 for t in won.hand) == parse_kinds("234m55p")  # the concealed tiles, the 4m won on among them
    assert [(m["type"], m["called"] >> 2) for m in won.melds] == [("pon", k) for k in parse_kinds("567z")]
    for meld in won.melds:  # each pon as it lies on the table: its tiles, the one called, from whom
        assert meld == {"type": "pon", "tiles": meld.get("tiles"), "called": meld["called"], "from_seat": 0,
                        "added": None}
        assert len(meld["tiles"]) == 3 and meld["called"] in meld["tiles"]
        assert {t >> 2 for t in meld["tiles"]} == {meld["called"] >> 2}
    assert won.limit == "yakuman" and won.points == 32000
    assert won.score["payment"]["total"] == 32000 and won.score["yakuman_count"] == 1
    assert game.hand_results[0]["wins"][0]["hand"] == list(won.hand)


def test_when_the_liable_seat_deals_in_it_pays_the_whole_ron() -> None:
    game = _three_dragons(EMA)
    play_to(game, 0)
    discard(game, 0, "1m")
    game.apply(1, find(game, 1, "ron"))
    pass_all(game)
    won = events_of(game, "won")[0]
    assert won.pao == 0 and won.deltas == (-32000, 32000, 0, 0)


WINDS = ["14z258m258p258s67z", "11223344z5m9p9s1p1s", "2z369m369p369s567z", "3z147m147p147s57z8m"]


@pytest.mark.parametrize("pao", [("daisuushii",), ()], ids=["pao", "no pao"])
def test_the_seat_that_fed_the_fourth_wind_pays_the_whole_tsumo(pao: tuple[str, ...]) -> None:
    game = new_game(EMA.with_options(pao=pao), build_wall(WINDS, "6p6s2m2p2s3m3p3s4m4p5m"))
    for discarder, wind, away in ((0, "1z", "9p"), (2, "2z", "9s"), (3, "3z", "1p"), (0, "4z", "1s")):
        play_to(game, discarder)
        discard(game, discarder, wind)
        claim(game, 1, "pon", away)
    play_to(game, 1)
    _assert_tsumo_paid(game, "daisuushii", liable=bool(pao))


FED_LAST = ["7z23z1m4m7m2p8p3s6s9s1z9m", PAO[1], PAO[2], "258m147p369s56z4z7p"]


def test_the_seat_that_fed_the_third_dragon_is_liable_not_the_one_that_fed_the_first_two() -> None:
    game = new_game(EMA, build_wall(FED_LAST, "1p1p1p9m1s1s9m1s1s4m"))
    play_to(game, 3)
    for dragon, away in (("5z", "8p"), ("6z", "9p")):
        discard(game, 3, dragon)
        claim(game, 1, "pon", away)
        play_to(game, 3)
    play_to(game, 0)
    discard(game, 0, "7z")
    claim(game, 1, "pon", "9s")
    discard(game, 2, "4m")
    game.apply(1, find(game, 1, "ron"))
    pass_all(game)
    won = events_of(game, "won")[0]
    assert ("daisangen", 13) in won.yaku and won.pao == 0 and won.deltas == (-16000, 32000, -16000, 0)
