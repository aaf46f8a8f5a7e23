"""Walls: each hand's 136 tiles, shuffled by Kawa's own seeded shuffle.

The shuffle reads 32-bit words from SHA-256 in counter mode keyed by (game seed, hand index,
honba), so a seed reproduces the same walls on every platform and Python version.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from game.tiles import NUM_TILES

__all__ = ["Wall", "WallError", "shuffled_tiles", "LIVE_SIZE", "DEAD_WALL_SIZE"]

HAND_SIZE = 13
LIVE_SIZE = 70
"""Tiles left in the live wall after the deal (136 - 14 dead - 52 dealt)."""
DEAD_WALL_SIZE = 14


class WallError(ValueError):
    """A wall that does not hold each of the 136 tiles exactly once in the right places."""


class _WordStream:
    """Deterministic 32-bit words: SHA-256 of (key, block counter), eight words per block."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._words: list[int] = []

    def word(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self._key + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i:i + 4], "big") for i in range(28, -4, -4)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        limit = (1 << 32) - (1 << 32) % n
        while True:
            w = self.word()
            if w < limit:
                return w % n


def shuffled_tiles(seed: int, hand_index: int, honba: int) -> list[int]:
    """The 136 tiles in the order Kawa's Fisher-Yates shuffle puts them for this hand."""
    key = hashlib.sha256(f"kawa-wall/{seed}/{hand_index}/{honba}".encode()).digest()
    stream = _WordStream(key)
    tiles = list(range(NUM_TILES))
    for i in range(NUM_TILES - 1, 0, -1):
        j = stream.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


@dataclass(frozen=True)
class Wall:
    """One hand's tiles: the deal, the live wall in draw order and the dead wall.

    ``haipai`` holds four 13-tile hands by absolute seat; ``live`` the 70 tiles drawn in order
    (a kan moves the last live tile to the dead wall, so haitei comes earlier); ``rinshan`` the
    four replacement tiles; ``dora_indicators`` and ``ura_indicators`` five each, in reveal order.
    """

    haipai: tuple[tuple[int, ...], ...]
    live: tuple[int, ...]
    rinshan: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "haipai", tuple(tuple(h) for h in self.haipai))
        for name in ("live", "rinshan", "dora_indicators", "ura_indicators"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if len(self.haipai) != 4 or any(len(h) != HAND_SIZE for h in self.haipai):
            raise WallError("a wall deals four hands of 13 tiles")
        sizes = {"live": LIVE_SIZE, "rinshan": 4, "dora_indicators": 5, "ura_indicators": 5}
        for name, size in sizes.items():
            if len(getattr(self, name)) != size:
                raise WallError(f"{name} must hold {size} tiles, not {len(getattr(self, name))}")
        every = self.all_tiles()
        if sorted(every) != list(range(NUM_TILES)):
            seen: set[int] = set()  # the sizes above make 136 tiles, so one is out of range or repeats
            bad = next(t for t in every if not (isinstance(t, int) and 0 <= t < NUM_TILES)
                       or t in seen or seen.add(t))  # type: ignore[func-returns-value]
            raise WallError(f"a wall holds each tile 0..135 once; tile {bad} repeats or is out of range")

    def all_tiles(self) -> list[int]:
        """Every tile of the wall, deal first."""
        return [t for h in self.haipai for t in h] + [*self.live, *self.rinshan,
                                                       *self.dora_indicators, *self.ura_indicators]

    @classmethod
    def from_tiles(cls, tiles: list[int]) -> Wall:
        """Cut a 136-tile order into deal, live wall, replacement tiles and indicators."""
        deal = tuple(tuple(tiles[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(4))
        live_end = 4 * HAND_SIZE + LIVE_SIZE
        return cls(deal, tuple(tiles[4 * HAND_SIZE:live_end]), tuple(tiles[live_end:live_end + 4]),
                   tuple(tiles[live_end + 4:live_end + 9]), tuple(tiles[live_end + 9:live_end + 14]))

    @classmethod
    def from_seed(cls, seed: int, hand_index: int, honba: int) -> Wall:
        """This hand's wall from the game seed, the hand index and the repeat counter."""
        return cls.from_tiles(shuffled_tiles(seed, hand_index, honba))

    def to_dict(self) -> dict[str, Any]:
        return {"haipai": [list(h) for h in self.haipai], "live": list(self.live),
                "rinshan": list(self.rinshan), "dora_indicators": list(self.dora_indicators),
                "ura_indicators": list(self.ura_indicators)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Wall:
        try:
            return cls(data["haipai"], data["live"], data["rinshan"], data["dora_indicators"],
                       data["ura_indicators"])
        except (KeyError, TypeError) as exc:
            raise WallError(f"bad wall record: {exc}") from None
