"""A process that records hands in a loop through the real statistics code, for the kill tests:
every game has five hands whose values carry the game's and the hand's numbers, so a torn write
would show."""

from __future__ import annotations

import sys
from pathlib import Path

from game.stats.hand_facts import HandFacts
from store.stats import GameInfo, StatsDB


def facts(game: int, number: int) -> HandFacts:
    return HandFacts(hand_index=number, honba=0, dealer=number == 0, won=True, dealt_in=False, riichi=True,
                     called=False, dama=False, tsumo=number % 2 == 0, win_value=1000 * game + number,
                     deal_in_value=0, draw="", tenpai=None, riichi_result="won", delta=1000 * game + number)


def main(folder: str, first: int) -> None:
    db = StatsDB(Path(folder))
    game = first
    while True:
        game_id = db.start_game(GameInfo(f"kill-{game}", "ema", ("easy", "easy", "easy"), False, game))
        for number in range(5):
            db.record_hand(game_id, number, facts(game, number), (1, 40000 + game, 25.0) if number == 4 else None)
            print(game, number, flush=True)
        game += 1


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
