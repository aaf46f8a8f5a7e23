"""The choices the learned policy answers, named the same way in learning, playing and measuring.

A call offer is one of ``CALL_CLASSES``: pass, a chi with the called tile lowest, in the middle
or highest of the run, a pon, an open kan. A kan on the own turn is judged kind by kind.

>>> from game.table.actions import Action
>>> call_class(Action("chi", 12, (16, 20)))  # 4m called into 4-5-6m: the lowest
1
>>> call_class(Action("pon", 12, (13, 14))), call_class(Action("pass"))
(4, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.table.actions import Action

__all__ = ["CALL_CLASSES", "CALL_TYPES", "KAN_TYPES", "call_class", "kan_kind", "discard_kinds",
           "is_call_offer", "is_own_turn"]

CALL_CLASSES = ("pass", "chi-low", "chi-middle", "chi-high", "pon", "kan")
CALL_TYPES = ("chi", "pon", "daiminkan")
KAN_TYPES = ("ankan", "shouminkan")


def call_class(action: Action) -> int:
    """The index in ``CALL_CLASSES`` of a call or a pass."""
    if action.type == "pon":
        return 4
    if action.type == "daiminkan":
        return 5
    if action.type != "chi" or action.tile is None:
        return 0
    called = action.tile >> 2
    used = sorted(t >> 2 for t in action.tiles)
    if called < used[0]:
        return 1
    if called > used[-1]:
        return 3
    return 2


def kan_kind(action: Action) -> int:
    """The tile kind a closed or added kan is made of."""
    tile = action.tile if action.tile is not None else action.tiles[0]
    return tile >> 2


def discard_kinds(legal: Sequence[Action]) -> list[int]:
    """The kinds the seat may discard (quietly or with riichi), in order."""
    return sorted({a.tile >> 2 for a in legal if a.type in ("discard", "riichi") and a.tile is not None})


def is_own_turn(legal: Sequence[Action]) -> bool:
    return any(a.type in ("discard", "riichi") for a in legal)


def is_call_offer(legal: Sequence[Action]) -> bool:
    return any(a.type in CALL_TYPES for a in legal)
