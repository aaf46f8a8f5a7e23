"""The AI levels' own figures: each level plays seeded games against itself and its hands are
counted exactly as the player's are (``hand_facts`` and ``figures``), so the Stats screen can show
the player's rates beside each opponent's.

>>> rates = level_rates("easy", hands=4, seed=3)
>>> rates["hands"] >= 16, 0.0 <= rates["win_rate"] <= 1.0
(True, True)
"""

from __future__ import annotations

from typing import Any

from game.ai import make_player
from game.rules import RuleSet
from game.stats.figures import figures
from game.stats.hand_facts import hand_facts, hands_of
from game.table import Game

__all__ = ["RATES", "level_rates"]

RATES = ("win_rate", "deal_in_rate", "riichi_rate", "call_rate")
"""The rates drawn beside the player's."""


def level_rates(level: str, hands: int, seed: int = 1, rules: RuleSet | None = None) -> dict[str, Any]:
    """``RATES`` of ``level`` over whole games of four seats of it, from ``seed`` on, until at least
    ``hands`` hands were played; every seat's hands count (``hands`` in the result is their number)."""
    rows: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    played = 0
    game_seed = seed
    while played < hands:
        game = Game(rules or RuleSet(), game_seed)
        players = [make_player(level, game_seed, s) for s in range(4)]
        while not game.finished:
            seat = game.waiting_seats()[0]
            view = game.view(seat)
            game.apply(seat, players[seat].decide(view, view.legal_actions))
        for seat in range(4):
            games.append({"id": (game_seed, seat)})
            rows += [{**hand_facts(h, seat).to_row(), "game_id": (game_seed, seat)} for h in hands_of(game.events)]
        played += len(hands_of(game.events))
        game_seed += 1
    found = figures(games, rows)
    return {"hands": found["hands"], **{name: found[name] for name in RATES}}
