"""Actions: what a seat asks the table to do, and the error for a refused one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from game.tiles import tiles_to_mpsz

__all__ = ["ACTION_TYPES", "Action", "IllegalAction"]

ACTION_TYPES: tuple[str, ...] = ("discard", "riichi", "chi", "pon", "daiminkan", "ankan", "shouminkan",
                                 "tsumo", "ron", "kyuushu", "pass", "tenpai", "noten")

_TYPES = frozenset(ACTION_TYPES)


class IllegalAction(ValueError):
    """An action the table refuses in its current state; the message names it and the reason."""

    def __init__(self, seat: int, action: object, reason: str, code: str = "not_now") -> None:
        super().__init__(f"seat {seat}: {action} refused: {reason}")
        self.seat = seat
        self.action = action
        self.reason = reason
        self.code = code
        """A stable name of the rule broken (``game.table.refusals.REASONS``), for the client to word."""


@dataclass(frozen=True)
class Action:
    """One decision.

    ``tile``: the tile discarded (discard, riichi), called (chi, pon, daiminkan, ron), added
    (shouminkan) or drawn (tsumo); None otherwise. ``tiles``: the hand tiles a call uses (two
    for chi and pon, three for daiminkan, four for ankan), sorted.
    """

    type: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in _TYPES:
            raise ValueError(f"unknown action type {self.type!r}; choose from {', '.join(ACTION_TYPES)}")
        tile = self.tile
        if tile is not None and not (isinstance(tile, int) and 0 <= tile < 136):
            raise ValueError(f"action tile {tile!r} is not a tile 0..135")
        given = self.tiles
        if not given and given.__class__ is tuple:  # most actions use no hand tiles: nothing to sort
            return
        tiles = tuple(sorted(given))
        for t in tiles:
            if not isinstance(t, int) or not 0 <= t < 136:
                raise ValueError(f"action tiles {given!r} are not tiles 0..135")
        object.__setattr__(self, "tiles", tiles)

    def __str__(self) -> str:
        parts = [self.type]
        if self.tile is not None:
            parts.append(tiles_to_mpsz([self.tile]))
        if self.tiles:
            parts.append("with " + tiles_to_mpsz(list(self.tiles)))
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.tiles:
            out["tiles"] = list(self.tiles)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(f"an action record needs a type: {data!r}")
        return cls(data["type"], data.get("tile"), tuple(data.get("tiles", ())))
