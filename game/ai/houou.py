"""What houou players do in a spot, as a learned model says: the provider's shape and its answer by choice.

A provider is ``houou_shares(view, legal) -> dict[Action, float] | None``: for each legal action the
chance that a player of the Tenhou houou room takes it (None when no model is at hand). The review and
the coach take one as an optional argument and show its shares beside the AI's values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.table.actions import Action
from game.table.view import SeatView

__all__ = ["Shares", "by_choice"]

Shares = Callable[[SeatView, Sequence[Action]], "dict[Action, float] | None"]


def _choice(action: Action) -> tuple[Any, ...]:
    return (action.type, None if action.tile is None else action.tile >> 2, tuple(t >> 2 for t in action.tiles))


def by_choice(found: dict[Action, float] | None) -> tuple[tuple[Action, float], ...]:
    """The shares by choice (the copies of one kind together: a red five and a plain one), most often first;
    empty without an answer. A riichi and a quiet discard of one tile stay apart: they are different choices.

    >>> a, b, c = Action("discard", tile=16), Action("discard", tile=17), Action("discard", tile=100)
    >>> [(x.tile, round(v, 2)) for x, v in by_choice({a: 0.2, b: 0.3, c: 0.5})]
    [(16, 0.5), (100, 0.5)]
    """
    if not found:
        return ()
    merged: dict[tuple[Any, ...], tuple[Action, float]] = {}
    for action, share in found.items():
        first, total = merged.get(_choice(action), (action, 0.0))
        merged[_choice(action)] = (first, total + float(share))
    return tuple(sorted(merged.values(), key=lambda av: -av[1]))
