"""Hand value in view: expected han from dora and the yaku a hand is heading for, and points.

These are estimates for choosing between plans, not scoring: the table scores real wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.position import Position
from game.melds import Meld
from game.tiles import DRAGONS, RED_FIVES, is_simple, is_terminal_or_honor

__all__ = ["POINTS_NONDEALER", "points_for_han", "yakuhai_kinds", "HandPlan", "plan_value", "visible_han"]

POINTS_NONDEALER: tuple[int, ...] = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)
"""Typical non-dealer value by whole han (30-40 fu below mangan); the dealer gets 1.5 times."""


def points_for_han(han: float, dealer: bool) -> float:
    """Typical points for a (fractional, expected) han count."""
    if han <= 0:
        return 0.0
    top = len(POINTS_NONDEALER) - 1
    h = min(han, float(top))
    lo = int(h)
    frac = h - lo
    hi = min(lo + 1, top)
    pts = POINTS_NONDEALER[lo] * (1 - frac) + POINTS_NONDEALER[hi] * frac
    return pts * (1.5 if dealer else 1.0)


def yakuhai_kinds(pos: Position, seat: int | None = None) -> dict[int, int]:
    """Kinds that are a yaku as a triplet for a seat (default: this one), with their han
    (double winds 2)."""
    out = {k: 1 for k in DRAGONS}
    for k in (pos.round_wind, pos.seat_wind(pos.seat if seat is None else seat)):
        out[k] = out.get(k, 0) + 1
    return out


class HandPlan:
    """The yaku estimate of one hand shape (concealed counts plus own melds)."""

    __slots__ = ("yaku_han", "definite", "dora", "closed")

    def __init__(self, yaku_han: float, definite: bool, dora: float, closed: bool) -> None:
        self.yaku_han = yaku_han
        self.definite = definite
        self.dora = dora
        self.closed = closed

    def han(self, riichi: bool) -> float:
        """Expected han of the win; 0 when the hand has no reachable yaku."""
        base = self.yaku_han + (1.6 if riichi and self.closed else 0.0)
        if base < 0.5:
            return 0.0
        return base + self.dora


def _dora_count(counts: Sequence[int], melds: Sequence[Meld], pos: Position, aka_tiles: int) -> float:
    dk = pos.dora_kinds
    total = sum(dk[k] * n for k, n in enumerate(counts) if n and dk[k])
    for m in melds:
        total += sum(dk[t >> 2] for t in m.tiles)
        if pos.red_fives:
            total += sum(1 for t in m.tiles if t in (16, 52, 88))
    return total + aka_tiles


def plan_value(pos: Position, counts: Sequence[int], aka_tiles: int = 0,
               melds: Sequence[Meld] | None = None) -> HandPlan:
    """Estimate the yaku a hand (concealed ``counts`` plus ``melds``) can reach.

    ``aka_tiles`` is the number of red fives among the concealed tiles.
    """
    melds = pos.my_melds if melds is None else melds
    closed = all(not m.opened for m in melds)
    yaku = 0.0
    definite = False
    yh = yakuhai_kinds(pos)
    meld_kinds = [m.first_kind for m in melds]
    # yakuhai: a meld or a concealed triplet is certain; a pair is a chance
    for k, han in yh.items():
        if k in meld_kinds or counts[k] >= 3:
            yaku += han
            definite = True
        elif counts[k] == 2:
            yaku += 0.45 * han
    # tanyao
    if all(all(is_simple(x) for x in m.kinds) for m in melds):
        outside = sum(n for k, n in enumerate(counts) if n and is_terminal_or_honor(k))
        t = (1.0, 0.75, 0.45, 0.15)[outside] if outside < 4 else 0.0
        if t >= 1.0:
            definite = True
        yaku += t
    # flushes
    suit_tiles = [0, 0, 0]
    honors = 0
    for k, n in enumerate(counts):
        if n:
            if k >= 27:
                honors += n
            else:
                suit_tiles[k // 9] += n
    for m in melds:
        k = m.first_kind
        if k >= 27:
            honors += 3
        else:
            suit_tiles[k // 9] += 3
    total = sum(suit_tiles) + honors
    best = max(range(3), key=lambda s: suit_tiles[s])
    others = total - suit_tiles[best] - honors
    if others <= 3:
        han = (3 if closed else 2) if honors else (6 if closed else 5)
        chance = (1.0, 0.55, 0.3, 0.12)[others]
        yaku += han * chance
        if others == 0:
            definite = True
    # toitoi (open hands built of pons)
    if not closed and all(m.type != "chi" for m in melds):
        singles = sum(1 for n in counts if n == 1)
        pairs = sum(1 for n in counts if n >= 2)
        if singles <= 1 and pairs >= 1:
            yaku += 2 * (0.8 if singles == 0 else 0.5)
            if singles == 0 and pairs <= 1:
                definite = True
    # chiitoitsu
    if closed and not melds:
        pairs = sum(1 for n in counts if n >= 2)
        if pairs >= 5:
            yaku += 2 * (pairs - 4) / 3
    return HandPlan(yaku, definite, _dora_count(counts, melds, pos, aka_tiles), closed)


def visible_han(pos: Position, counts: Sequence[int]) -> int:
    """Han a hand shows for sure: dora and red fives held or melded, yakuhai triplets, and one
    for riichi when closed."""
    dk = pos.dora_kinds
    han = sum(dk[k] * n for k, n in enumerate(counts))
    yh = yakuhai_kinds(pos)
    for k, h in yh.items():
        if counts[k] >= 3:
            han += h
    for m in pos.my_melds:
        han += sum(dk[t >> 2] for t in m.tiles)
        han += yh.get(m.first_kind, 0) if m.type != "chi" else 0
        if pos.red_fives:
            han += sum(1 for t in m.tiles if t in RED_FIVES)
    if pos.red_fives:
        han += sum(1 for t in pos.hand if t in RED_FIVES)
    return han + (1 if pos.is_closed else 0)
