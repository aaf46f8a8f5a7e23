"""Seeded random won hands, for tests and speed figures.

``random_won_hand(rng)`` builds a complete hand (regular, seven pairs or kokushi), with
0-4 melds, a winning tile and a consistent ``WinContext``: every physical tile used at most
once, flags only where they can happen. The tile pool leans towards one suit, honours or
terminals now and then, so that the rarer yaku turn up.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from game.melds import Meld
from game.scoring.score import WinContext
from game.tiles import TERMINALS_AND_HONORS, WINDS

__all__ = ["WonHand", "random_won_hand"]


class WonHand(NamedTuple):
    concealed: list[int]
    melds: list[Meld]
    win_tile: int
    ctx: WinContext


_POOLS: tuple[tuple[int, ...], ...] = (
    tuple(range(34)),
    tuple(range(34)),
    tuple(range(27)),
    tuple(range(27)),
    tuple(range(9)) + tuple(range(27, 34)),
    tuple(range(18, 27)),
    tuple(k for k in range(34) if k < 27 and k % 9 not in (0, 8)),
    tuple(TERMINALS_AND_HONORS),
    tuple(range(27, 34)) + (0, 8, 9, 17),
    (19, 20, 21, 23, 25, 32),
)


class _Tiles:
    """The physical tiles still free, each kind's copies in a shuffled order."""

    def __init__(self, rng: random.Random) -> None:
        self.free = [[k * 4 + c for c in range(4)] for k in range(34)]
        for pile in self.free:
            rng.shuffle(pile)

    def left(self, kind: int) -> int:
        return len(self.free[kind])

    def take(self, kind: int) -> int:
        return self.free[kind].pop()


def _group(rng: random.Random, pool: tuple[int, ...], tiles: _Tiles) -> list[int] | None:
    """A run or triplet of kinds from the pool with copies free, or None."""
    for _ in range(20):
        kind = rng.choice(pool)
        if rng.random() < 0.75 and kind < 27 and kind % 9 <= 6 and kind + 1 in pool and kind + 2 in pool:
            kinds = [kind, kind + 1, kind + 2]
        else:
            kinds = [kind] * 3
        need = {k: kinds.count(k) for k in kinds}
        if all(tiles.left(k) >= n for k, n in need.items()):
            return kinds
    return None


def _regular(rng: random.Random, pool: tuple[int, ...], tiles: _Tiles) -> tuple[list[int], list[Meld]] | None:
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
    concealed: list[int] = []
    melds: list[Meld] = []
    for index in range(4):
        kinds = _group(rng, pool, tiles)
        if kinds is None:
            return None
        if index < n_melds:
            is_set = kinds[0] == kinds[1]
            if is_set and tiles.left(kinds[0]) >= 4 and rng.random() < 0.3:
                kind_type = rng.choice(("ankan", "daiminkan", "shouminkan"))
                melds.append(Meld(kind_type, tuple(tiles.take(kinds[0]) for _ in range(4))))
            else:
                melds.append(Meld("pon" if is_set else "chi", tuple(tiles.take(k) for k in kinds)))
        else:
            concealed.extend(tiles.take(k) for k in kinds)
    pair = [k for k in pool if tiles.left(k) >= 2]
    if not pair:
        return None
    kind = rng.choice(pair)
    concealed.extend((tiles.take(kind), tiles.take(kind)))
    return concealed, melds


def _chiitoitsu(rng: random.Random, pool: tuple[int, ...], tiles: _Tiles) -> list[int] | None:
    kinds = [k for k in pool if tiles.left(k) >= 2]
    if len(kinds) < 7:
        return None
    return [tiles.take(k) for k in rng.sample(kinds, 7) for _ in range(2)]


def _kokushi(rng: random.Random, tiles: _Tiles) -> list[int]:
    hand = [tiles.take(k) for k in TERMINALS_AND_HONORS]
    hand.append(tiles.take(rng.choice(TERMINALS_AND_HONORS)))
    return hand


def _indicators(rng: random.Random, tiles: _Tiles, count: int) -> tuple[int, ...]:
    out = []
    for _ in range(count):
        kind = rng.choice([k for k in range(34) if tiles.left(k)])
        out.append(tiles.take(kind))
    return tuple(out)


def random_won_hand(rng: random.Random) -> WonHand:
    """A random complete hand with a consistent win context (seeded by ``rng``). Red fives
    are ordinary copies here; they count only under rules with red fives."""
    while True:
        tiles = _Tiles(rng)
        pool = rng.choice(_POOLS)
        roll = rng.random()
        melds: list[Meld] = []
        if roll < 0.08:
            concealed: list[int] | None = _chiitoitsu(rng, pool, tiles)
        elif roll < 0.11:
            concealed = _kokushi(rng, tiles)
        else:
            built = _regular(rng, pool, tiles)
            concealed, melds = built if built else (None, [])
        if concealed:
            break
    win_tile = rng.choice(concealed)
    closed = not any(m.opened for m in melds)
    has_kan = any(m.is_kan for m in melds)
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.5
    double = riichi and not has_kan and rng.random() < 0.1
    seat = rng.choice(WINDS)
    dealer = seat == WINDS[0]
    first = not melds and not riichi and tsumo and rng.random() < 0.03
    late = rng.random() < 0.08
    dora = _indicators(rng, tiles, 1 + sum(1 for m in melds if m.is_kan) + rng.choice((0, 0, 1)))
    ura = _indicators(rng, tiles, len(dora)) if riichi or rng.random() < 0.2 else ()
    ippatsu = riichi and rng.random() < 0.2
    rinshan = tsumo and has_kan and rng.random() < 0.3
    ctx = WinContext(
        tsumo=tsumo, riichi=riichi, double_riichi=double,
        ippatsu=ippatsu and not rinshan, rinshan=rinshan,
        haitei=tsumo and late and not rinshan, houtei=not tsumo and late,
        tenhou=first and dealer, chiihou=first and not dealer,
        seat_wind=seat, round_wind=rng.choice(WINDS[:3]),
        dora_indicators=dora, ura_indicators=ura,
        honba=rng.choice((0, 0, 1, 2, 5)), riichi_sticks=int(riichi) + rng.choice((0, 0, 1)),
    )
    return WonHand(concealed, melds, win_tile, ctx)
