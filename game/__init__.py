"""The embedded rules engine and AI: pure Python, no pygame, no files, deterministic from a seed.

The names other programs use are importable from here and load their module on first use,
so ``import game.tiles`` stays cheap (``docs/ENGINE_API.md`` describes each):

>>> from game import EMA, Game, score_hand, shanten, parse_kinds, counts_of
>>> shanten(counts_of(parse_kinds("123m456p789s1122z")))
0
"""

from __future__ import annotations

import sys

from game.public import loader

PUBLIC: dict[str, str] = {
    **dict.fromkeys(("parse_tiles", "parse_kinds", "tiles_to_mpsz", "kinds_to_mpsz", "counts_of", "kind_of",
                     "RED_FIVES"), "game.tiles"),
    "Meld": "game.melds",
    **dict.fromkeys(("RuleSet", "EMA", "TENHOU", "preset"), "game.rules"),
    **dict.fromkeys(("shanten", "waits", "ukeire", "discard_options", "is_complete"), "game.hand.shanten"),
    **dict.fromkeys(("score_hand", "WinContext", "HandScore", "ScoringError", "NoYaku", "NotComplete"),
                    "game.scoring"),
    **dict.fromkeys(("Game", "Action", "IllegalAction", "Agent", "Event", "SeatView", "Wall"), "game.table"),
    **dict.fromkeys(("make_player", "LEVELS"), "game.ai"),
}
"""Each public name and the module it lives in."""

__all__ = sorted(PUBLIC)

__getattr__ = loader(sys.modules[__name__], PUBLIC)
