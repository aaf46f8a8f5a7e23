"""AI players: ``make_player(level, seed, seat).decide(view, legal_actions) -> Action``."""

from game.ai.levels import LEVELS, Level
from game.ai.player import Player, make_player, rules_player

__all__ = ["LEVELS", "Level", "Player", "make_player", "rules_player"]
