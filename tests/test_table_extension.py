"""The extra round (West after a hanchan, South after an East-only game) on constructed games.

Each test deals one hand of a game started at a chosen hand with chosen scores, plays it to its
end (a tsumo on the winner's second draw, or an exhaustive draw with chosen seats tenpai) and
reads what the player meets next: the next hand dealt (wind, number and honba) or the game's end
with its final standing. The ending follows Tenhou's records: the extension ends after the first
hand after which someone holds 30,000, unless the dealer keeps the deal without leading with the
30,000 in hand (the all-last rule), and at the end of the extra round at the latest.
"""

from __future__ import annotations

import pytest

from game.logs.replay import replay_file
from game.rules import MAHJONGSOUL, TENHOU, RuleSet
from game.table import Action, Game
from tests.conftest import shared_path
from tests.table_helpers import build_wall, discard, events_of, new_game, pass_all

EXTENDED = [pytest.param(TENHOU, id="tenhou"), pytest.param(MAHJONGSOUL, id="mahjongsoul")]
"""Every preset with the extension rule."""

WAITING = ["234m567p678s2233s", "678m234p345s7799p"]
"""Tenpai hands: the first waits on 2s/3s (tanyao, 30 fu once the 3s is drawn), the second on 7p/9p."""
JUNK = ["147m258p369s1234z", "258m369p147s1234z", "369m147p258s5677z", "159m159p159s1234z"]
"""Hands far from tenpai."""
SAFE_DRAWS = ["9m", "8m", "1p", "9s", "1s", "6z", "5z"]
"""Draws that complete nobody's hand, for the turns before the winning draw."""
WINS_2000 = "3s"
"""The tile that completes the first waiting hand: tanyao and tsumo, 2 han 30 fu."""


def deal(waiting: tuple[int, ...]) -> list[str]:
    """The four starting hands: the ``waiting`` seats tenpai, the others far from it."""
    tenpai, junk = iter(WAITING), iter(JUNK)
    return [next(tenpai) if seat in waiting else next(junk) for seat in range(4)]


def start_at(rules: RuleSet, label: str, scores: list[int], waiting: tuple[int, ...],
             winner: int | None = None) -> Game:
    """A game dealt at ``label`` (``"W2-0"``: West 2, no honba) with these scores; with a
    ``winner`` (one of the ``waiting`` seats) its second draw completes its hand."""
    wind, number, honba = "ESWN".index(label[0]), int(label[1]), int(label[3:])
    index = wind * 4 + number - 1
    dealer = index % 4
    draws: list[str] = []
    if winner is not None:
        assert winner in waiting
        turns_before = 4 + (winner - dealer) % 4
        draws = SAFE_DRAWS[:turns_before] + [WINS_2000]
    wall = build_wall(deal(waiting), "".join(draws), dora="4z", aka=True)
    game = new_game(rules, wall, {"hand_index": index, "honba": honba, "sticks": 0, "scores": scores})
    assert game.hand.dealer == dealer
    return game


def win_by_tsumo(game: Game, winner: int) -> None:
    """Every seat discards what it draws until the winner draws its winning tile and takes it."""
    while not any(a.type == "tsumo" for a in game.legal_actions(winner)):
        discard(game, game.hand.current)
        pass_all(game)
    tsumo = next(a for a in game.legal_actions(winner) if a.type == "tsumo")
    game.apply(winner, tsumo)


def draw_out(game: Game) -> None:
    """Every seat discards what it draws until the wall runs out; the tenpai seats say so."""
    while game.phase in ("turn", "calls"):
        pass_all(game)
        if game.phase == "turn":
            discard(game, game.hand.current)
    for seat in game.waiting_seats():
        game.apply(seat, Action("tenpai"))


def after_the_hand(game: Game) -> str:
    """What the table shows once the hand is settled: the next hand dealt, or the game's end."""
    if game.finished:
        standing = events_of(game, "game_ended")[-1].standing
        return "game over: " + ", ".join(f"seat {row['seat']} {row['score']}" for row in standing)
    started = events_of(game, "hand_started")[-1]
    return f"{'ESWN'[started.hand_index // 4]}{started.hand_index % 4 + 1}-{started.honba} dealt"


def scores_after(game: Game) -> list[int]:
    return list(events_of(game, "hand_ended")[-1].scores)


@pytest.mark.parametrize("rules", EXTENDED)
def test_nobody_at_the_target_after_south_4_deals_west_1(rules: RuleSet) -> None:
    game = start_at(rules, "S4-0", [26000, 26000, 25000, 23000], waiting=(0,))
    draw_out(game)  # the dealer (seat 3) is noten: the deal passes
    assert scores_after(game) == [29000, 25000, 24000, 22000]
    assert after_the_hand(game) == "W1-1 dealt"


@pytest.mark.parametrize("rules", EXTENDED)
def test_nobody_at_the_target_after_east_4_of_an_east_game_deals_south_1(rules: RuleSet) -> None:
    game = start_at(rules.with_options(game_length="east"), "E4-0", [26000, 26000, 25000, 23000], waiting=(0,))
    draw_out(game)
    assert after_the_hand(game) == "S1-1 dealt"


def test_without_the_extension_south_4_ends_the_game_whoever_leads() -> None:
    game = start_at(TENHOU.with_options(west_extension=False), "S4-0", [26000, 26000, 25000, 23000], waiting=(0,))
    draw_out(game)
    assert after_the_hand(game) == "game over: seat 0 29000, seat 1 25000, seat 2 24000, seat 3 22000"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_target_reached_in_the_first_extra_hand_ends_the_game(rules: RuleSet) -> None:
    game = start_at(rules, "W1-0", [26000, 28000, 24000, 22000], waiting=(1,), winner=1)
    win_by_tsumo(game, 1)  # 500 / 1,000 from the dealer
    assert scores_after(game) == [25000, 30000, 23500, 21500]
    assert after_the_hand(game) == "game over: seat 1 30000, seat 0 25000, seat 2 23500, seat 3 21500"


@pytest.mark.parametrize("rules", EXTENDED)
def test_an_extra_hand_that_leaves_everyone_below_the_target_deals_the_next(rules: RuleSet) -> None:
    game = start_at(rules, "W1-0", [26000, 27900, 24100, 22000], waiting=(1,), winner=1)
    win_by_tsumo(game, 1)
    assert scores_after(game) == [25000, 29900, 23600, 21500]
    assert after_the_hand(game) == "W2-0 dealt"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_target_reached_in_the_first_south_hand_of_an_east_game_ends_it(rules: RuleSet) -> None:
    game = start_at(rules.with_options(game_length="east"), "S1-0", [26000, 28000, 24000, 22000], waiting=(1,),
                    winner=1)
    win_by_tsumo(game, 1)
    assert after_the_hand(game) == "game over: seat 1 30000, seat 0 25000, seat 2 23500, seat 3 21500"


@pytest.mark.parametrize("rules", EXTENDED)
def test_a_dealer_tenpai_in_the_extension_plays_on_though_another_player_reached_the_target(rules: RuleSet) -> None:
    # Tenhou's game 2022010223gm-00e1-0000-e9ff3179 at South 1: the dealer kept the deal, another
    # player had 30,000 and the game went on
    game = start_at(rules, "W2-0", [29000, 25000, 24000, 22000], waiting=(0, 1))
    draw_out(game)
    assert scores_after(game) == [30500, 26500, 22500, 20500]
    assert after_the_hand(game) == "W2-1 dealt"


@pytest.mark.parametrize("rules", EXTENDED)
def test_a_dealer_win_in_the_extension_plays_on_while_the_dealer_is_not_first(rules: RuleSet) -> None:
    game = start_at(rules, "W2-0", [29500, 22000, 24000, 24500], waiting=(1,), winner=1)
    win_by_tsumo(game, 1)  # 1,000 from everyone
    assert scores_after(game) == [28500, 25000, 23000, 23500]
    assert after_the_hand(game) == "W2-1 dealt"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_leading_dealer_s_win_to_the_target_ends_the_extension(rules: RuleSet) -> None:
    game = start_at(rules, "W2-0", [24000, 28000, 24000, 24000], waiting=(1,), winner=1)
    win_by_tsumo(game, 1)
    assert scores_after(game) == [23000, 31000, 23000, 23000]
    assert after_the_hand(game) == "game over: seat 1 31000, seat 0 23000, seat 2 23000, seat 3 23000"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_leading_dealer_below_the_target_plays_on(rules: RuleSet) -> None:
    game = start_at(rules, "W2-0", [24000, 26000, 24000, 26000], waiting=(1,), winner=1)
    win_by_tsumo(game, 1)
    assert scores_after(game) == [23000, 29000, 23000, 25000]
    assert after_the_hand(game) == "W2-1 dealt"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_leading_dealer_tenpai_with_the_target_ends_the_extension(rules: RuleSet) -> None:
    game = start_at(rules, "W3-0", [24000, 24000, 28000, 24000], waiting=(2,))
    draw_out(game)  # tenpai-yame
    assert scores_after(game) == [23000, 23000, 31000, 23000]
    assert after_the_hand(game) == "game over: seat 2 31000, seat 0 23000, seat 1 23000, seat 3 23000"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_extra_round_runs_out_after_west_4(rules: RuleSet) -> None:
    game = start_at(rules, "W4-0", [26000, 26000, 25000, 23000], waiting=(0,))
    draw_out(game)  # the dealer (seat 3) is noten and nobody has 30,000: the game ends all the same
    assert after_the_hand(game) == "game over: seat 0 29000, seat 1 25000, seat 2 24000, seat 3 22000"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_extra_round_of_an_east_game_runs_out_after_south_4(rules: RuleSet) -> None:
    game = start_at(rules.with_options(game_length="east"), "S4-0", [26000, 26000, 25000, 23000], waiting=(0,))
    draw_out(game)
    assert after_the_hand(game) == "game over: seat 0 29000, seat 1 25000, seat 2 24000, seat 3 22000"


@pytest.mark.parametrize("rules", EXTENDED)
def test_the_dealer_keeps_west_4_while_nobody_has_the_target(rules: RuleSet) -> None:
    game = start_at(rules, "W4-0", [26000, 26000, 25000, 23000], waiting=(3,))
    draw_out(game)
    assert scores_after(game) == [25000, 25000, 24000, 26000]
    assert after_the_hand(game) == "W4-1 dealt"


def test_the_recorded_east_game_that_went_on_after_a_dealer_tenpai_in_south_1_replays_exactly() -> None:
    report = replay_file(shared_path("data", "houou", "east", "2022010223gm-00e1-0000-e9ff3179.xml"))
    assert report.ok and report.matched == len(report.hands) == 6
