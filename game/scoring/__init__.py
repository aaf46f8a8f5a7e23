"""Scoring a won hand: the win's situation, yaku rows, fu, limits and payments.

The entry point is :func:`score_hand` (``game.scoring.score``); yaku live as table rows in
``yaku``, fu in ``fu``, limits and payments in ``payment``.
"""

from game.scoring.score import (FuLine, HandScore, NoYaku, NotComplete, Payment, ScoringError, WinContext, YakuScore,
                                clear_caches, score_hand)

__all__ = ["WinContext", "HandScore", "YakuScore", "FuLine", "Payment", "ScoringError", "NoYaku", "NotComplete",
           "score_hand", "clear_caches"]
