"""Melds: called runs, triplets and quads, and closed quads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.tiles import kind_of

__all__ = ["Meld", "MeldType", "MELD_TYPES"]

MeldType = Literal["chi", "pon", "daiminkan", "shouminkan", "ankan"]
MELD_TYPES: tuple[str, ...] = ("chi", "pon", "daiminkan", "shouminkan", "ankan")


@dataclass(frozen=True)
class Meld:
    """One meld as it lies on the table.

    ``tiles`` are physical tiles (sorted), the called tile included. ``called`` is the tile
    taken from a discard (for an added kan: the tile of the original pon), ``from_seat`` the
    absolute seat (0..3) it came from; both are None for a closed kan. ``added`` is the tile
    added to a pon to make an added kan (shouminkan).
    """

    type: MeldType
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    added: int | None = None

    def __post_init__(self) -> None:
        if self.type not in MELD_TYPES:
            raise ValueError(f"unknown meld type {self.type!r}")
        size = 3 if self.type in ("chi", "pon") else 4
        if len(self.tiles) != size:
            raise ValueError(f"a {self.type} has {size} tiles, not {len(self.tiles)}")
        kinds = sorted(kind_of(t) for t in self.tiles)
        if self.type == "chi":
            if kinds[0] >= 27 or kinds[0] % 9 > 6 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
                raise ValueError(f"a chi is three consecutive tiles of one suit, not kinds {kinds}")
        elif len(set(kinds)) != 1:
            raise ValueError(f"a {self.type} is {size} tiles of one kind, not kinds {kinds}")
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles)))

    @property
    def opened(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.type != "ankan"

    @property
    def is_kan(self) -> bool:
        return self.type in ("daiminkan", "shouminkan", "ankan")

    @property
    def kinds(self) -> list[int]:
        """The kinds of the tiles, sorted."""
        return [kind_of(t) for t in self.tiles]

    @property
    def first_kind(self) -> int:
        """The lowest kind: the kind of a set, or the start of a run."""
        return kind_of(self.tiles[0])
