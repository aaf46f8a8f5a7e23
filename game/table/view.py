"""A seat's view of the table: only what that seat may know (a value; ``game.table.seeing`` builds it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.melds import Meld
from game.rules import RuleSet
from game.table.actions import Action

__all__ = ["SeatView"]


@dataclass(frozen=True)
class SeatView:
    """What one seat sees. Seats are absolute (0..3); ``seat`` is the viewer.

    ``furiten``: one of the three furiten of ``moves.FURITEN`` holds on the waits of
    ``furiten_waits``: the seat may not ron now, or, on its own turn, the hand it held before
    this draw was furiten (its waits among its discards, a winning tile let pass in riichi).
    ``discards[s]`` are dicts (tile, tsumogiri, riichi, called, order: the discard's number
    in the hand across all seats); ``melds[s]`` the seat's melds; ``hand_sizes[s]`` how many
    concealed tiles each seat holds; ``all_last`` says the hand is the last planned one (or
    later).
    """

    seat: int
    hand: tuple[int, ...]
    drawn: int | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[dict[str, Any], ...], ...]
    riichi: tuple[bool, ...]
    scores: tuple[int, ...]
    dealer: int
    seat_winds: tuple[int, ...]
    round_wind: int
    hand_index: int
    honba: int
    sticks: int
    dora_indicators: tuple[int, ...]
    live_left: int
    furiten: bool
    last_discard: tuple[int, int] | None
    """(seat, tile) of the discard on the table, while it may still be called."""
    current: int
    phase: str
    legal_actions: tuple[Action, ...]
    finished: bool
    rules: RuleSet
    all_last: bool
