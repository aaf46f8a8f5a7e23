"""Hand value in view: expected han from dora and the yaku a hand is heading for, and points.

These are estimates for choosing between plans, not scoring: the table scores real wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from game.ai.position import Position
from game.melds import Meld
from game.tiles import DRAGONS, RED_FIVES, is_simple

__all__ = ["POINTS_NONDEALER", "points_for_han", "points_won", "yakuhai_kinds", "HandPlan", "plan_value", "visible_han"]

POINTS_NONDEALER: tuple[int, ...] = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)
"""Typical non-dealer value by whole han (30-40 fu below mangan); the dealer gets 1.5 times."""


@lru_cache(maxsize=4096)
def points_for_han(han: float, dealer: bool) -> float:
    """Typical points for a (fractional, expected) han count (kept: the han estimates of one
    hand's options repeat)."""
    if han <= 0:
        return 0.0
    top = len(POINTS_NONDEALER) - 1
    h = min(han, float(top))
    lo = int(h)
    frac = h - lo
    hi = min(lo + 1, top)
    pts = POINTS_NONDEALER[lo] * (1 - frac) + POINTS_NONDEALER[hi] * frac
    return pts * (1.5 if dealer else 1.0)


_WON_CLOSED = (3000.0, 0.5)
_WON_OPEN = (400.0, 0.6)
"""What strong's own wins paid at self-play tables, against the typical points of the estimate
they were made from: a base plus a share of the estimate (non-dealer). Closed wins pay more
than the han estimate says (ura-dora, tsumo, pinfu and fu on top) and the dear estimates less;
open wins pay well under it."""


@lru_cache(maxsize=4096)
def points_won(han: float, dealer: bool, closed: bool) -> float:
    """Points a win estimated at ``han`` paid on average, closed or open (the dealer 1.5 times).

    >>> points_for_han(2, False), points_won(2, False, closed=True), points_won(2, False, closed=False)
    (2600.0, 4300.0, 1960.0)
    """
    if han <= 0:
        return 0.0
    base, share = _WON_CLOSED if closed else _WON_OPEN
    return (base + share * points_for_han(han, False)) * (1.5 if dealer else 1.0)


def yakuhai_kinds(pos: Position, seat: int | None = None) -> dict[int, int]:
    """Kinds that are a yaku as a triplet for a seat (default: this one), with their han
    (double winds 2)."""
    return dict(_yakuhai_items(pos.round_wind, pos.seat_wind(pos.seat if seat is None else seat)))


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


@lru_cache(maxsize=64)
def _yakuhai_items(round_wind: int, seat_wind: int) -> tuple[tuple[int, int], ...]:
    """``yakuhai_kinds`` as (kind, han) pairs, by the two winds that decide them."""
    out = {k: 1 for k in DRAGONS}
    for k in (round_wind, seat_wind):
        out[k] = out.get(k, 0) + 1
    return tuple(out.items())


class _MeldFacts(NamedTuple):
    """What the yaku estimate reads from a hand's melds."""

    closed: bool
    kinds: tuple[int, ...]
    simple: bool
    """No meld holds a terminal or honour (tanyao is still possible)."""
    suits: tuple[int, int, int]
    """Tiles of each suit the melds hold, three a meld."""
    honors: int
    no_chi: bool


_NO_MELDS = _MeldFacts(True, (), True, (0, 0, 0), 0, True)


@lru_cache(maxsize=1024)
def _meld_facts(melds: tuple[Meld, ...]) -> _MeldFacts:
    suits = [0, 0, 0]
    honors = 0
    for m in melds:
        k = m.first_kind
        if k >= 27:
            honors += 3
        else:
            suits[k // 9] += 3
    return _MeldFacts(closed=all(not m.opened for m in melds), kinds=tuple(m.first_kind for m in melds),
                      simple=all(all(is_simple(x) for x in m.kinds) for m in melds),
                      suits=(suits[0], suits[1], suits[2]), honors=honors,
                      no_chi=all(m.type != "chi" for m in melds))


def _dora_count(counts: Sequence[int], melds: Sequence[Meld], pos: Position, aka_tiles: int) -> int:
    total = aka_tiles
    for k, n in pos.dora_items:
        total += counts[k] * n
    if melds:
        dk = pos.dora_kinds
        for m in melds:
            total += sum(dk[t >> 2] for t in m.tiles)
            if pos.red_fives:
                total += sum(1 for t in m.tiles if t in RED_FIVES)
    return total


def plan_value(pos: Position, counts: Sequence[int], aka_tiles: int = 0,
               melds: Sequence[Meld] | None = None) -> HandPlan:
    """Estimate the yaku a hand (concealed ``counts`` plus ``melds``) can reach.

    ``aka_tiles`` is the number of red fives among the concealed tiles.
    """
    melds = pos.my_melds if melds is None else melds
    facts = _meld_facts(tuple(melds)) if melds else _NO_MELDS
    closed = facts.closed
    yaku = 0.0
    definite = False
    # yakuhai: a meld or a concealed triplet is certain; a pair is a chance
    for k, han in _yakuhai_items(pos.round_wind, pos.seat_wind(pos.seat)):
        if k in facts.kinds or counts[k] >= 3:
            yaku += han
            definite = True
        elif counts[k] == 2:
            yaku += 0.45 * han
    honors = sum(counts[27:34])
    # tanyao
    if facts.simple:
        outside = honors + counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26]
        t = (1.0, 0.75, 0.45, 0.15)[outside] if outside < 4 else 0.0
        if t >= 1.0:
            definite = True
        yaku += t
    # flushes
    melded = facts.suits
    suit_tiles = (sum(counts[0:9]) + melded[0], sum(counts[9:18]) + melded[1], sum(counts[18:27]) + melded[2])
    honors += facts.honors
    others = sum(suit_tiles) - max(suit_tiles)  # the tiles outside the suit held most
    if others <= 3:
        han = (3 if closed else 2) if honors else (6 if closed else 5)
        chance = (1.0, 0.55, 0.3, 0.12)[others]
        yaku += han * chance
        if others == 0:
            definite = True
    singles = counts.count(1)
    pairs = len(counts) - counts.count(0) - singles  # kinds held two or more times
    # toitoi (open hands built of pons)
    if not closed and facts.no_chi:
        if singles <= 1 and pairs >= 1:
            yaku += 2 * (0.8 if singles == 0 else 0.5)
            if singles == 0 and pairs <= 1:
                definite = True
    # chiitoitsu
    if closed and not melds:
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
