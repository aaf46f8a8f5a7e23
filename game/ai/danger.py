"""Defence: who threatens, how much, and how dangerous each tile kind is against them.

A tile's danger is the estimated chance it deals in to a seat that is tenpai: genbutsu is
safe; otherwise the live ryanmen sides through it (cut by suji and kabe, weakened by
one-chance), plus kanchan, penchan, shanpon and tanki shapes, and honours by copies seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.position import Position
from game.ai.value import points_for_han, yakuhai_kinds
from game.tiles import RED_FIVES

__all__ = ["Threat", "threats", "open_tenpai_chance", "tile_danger", "danger_table", "genbutsu_kinds"]

# Shape weights, fitted to what tenpai hands wait on at self-play tables (strong against three
# normal, and four strong; about 170,000 tiles against a riichi): a tile's danger is the sum of
# the shapes still live through it. Suji and kabe cut the ryanmen sides; kanchan, penchan and
# pair waits stay.
_SIDE = 0.037       # one live ryanmen side
_KANCHAN = 0.022
_PENCHAN = 0.043
_PAIR = 0.042       # shanpon or tanki on the tile itself, while a copy is left
_HONOR = (0.045, 0.030, 0.010, 0.002, 0.0)  # by copies visible
_HONOR_YAKU = 1.3   # an honour that is a yaku to a seat with melds
_MATAGI = 1.03      # next to the riichi tile (hardly more dangerous)
_SOTO = 0.73        # outside a tile of the suit the seat let go early
_EARLY = 6          # discards that count as early
_OPEN = (1.0, 1.0, 0.85, 0.4, 0.0)  # how much a shape needing a tile is still possible, by copies visible
_ALL_OPEN = (1.0,) * 27


@dataclass(frozen=True)
class Threat:
    """A seat that may be tenpai: the chance it is, and what a deal-in to it costs."""

    seat: int
    tenpai: float
    value: float


_RED_FIVE_WORTH = 1.15
"""How much more a threat's hand is worth where red fives are in play (they add dora that no
indicator shows): measured, a riichi's ron pays about 8% more and an open hand's about 25%."""

_RIICHI_HAN = 2.65
"""Expected han of a riichi's ron (dora included): riichi rons pay about 4,800 points on average
where red fives are not in play, dealers' and others' together."""

_OPEN_HAN = 1.2
"""Han an open hand is expected to hold beyond what its melds show (its yaku, hidden dora)."""

_OPEN_TENPAI = {1: (0.05, 0.23, 0.41), 2: (0.11, 0.39, 0.57), 3: (0.45, 0.66, 0.82), 4: (1.0, 1.0, 1.0)}
"""Chance an open hand is tenpai, by its melds, after 3, 9 and 15 discards (in between: a
straight line; before and after: the end values)."""

_CLOSED_TENPAI_LATE = (8, 0.012, 0.08)
"""A closed hand without riichi: after this many discards its chance of a quiet tenpai grows
by this much per discard, up to this much."""

_CLOSED_HAN = 3.0
"""Han of a quiet closed tenpai (players keep quiet mostly when the hand pays without riichi)."""


def threats(pos: Position, reds_counted: bool = False) -> list[Threat]:
    """Every other seat as a threat: riichi, open hands by melds and visible value, and
    closed hands late in the hand. ``reds_counted`` (the full defence): the values include
    what red fives add to a hand where they are in play. The chances and values are measured
    at self-play tables, strong against three normal and four strong (what share of such hands
    is tenpai, what their rons pay)."""
    found = pos.derived("threats", _threats)
    if reds_counted and pos.red_fives:
        return [Threat(t.seat, t.tenpai, t.value * _RED_FIVE_WORTH) for t in found]
    return list(found)


def open_tenpai_chance(melds: int, discards: int) -> float:
    """Chance that a hand with ``melds`` open melds is tenpai after ``discards`` discards.

    >>> open_tenpai_chance(1, 3), open_tenpai_chance(1, 6), open_tenpai_chance(2, 20)
    (0.05, 0.14, 0.57)
    """
    early, mid, late = _OPEN_TENPAI[min(melds, 4)]
    if discards <= 3:
        return early
    if discards <= 9:
        return round(early + (mid - early) * (discards - 3) / 6, 4)
    return round(mid + (late - mid) * min(discards - 9, 6) / 6, 4)


def _threats(pos: Position) -> tuple[Threat, ...]:
    out = []
    for s in range(4):
        if s == pos.seat:
            continue
        dealer = s == pos.dealer
        n_discards = len(pos.discards[s])
        if s in pos.riichi_seats:
            out.append(Threat(s, 1.0, points_for_han(_RIICHI_HAN, dealer)))
            continue
        opened = [m for m in pos.melds[s] if m.opened]
        if opened:
            p = open_tenpai_chance(len(opened), n_discards)
            out.append(Threat(s, p, points_for_han(_OPEN_HAN + _shown_han(pos, s), dealer)))
            continue
        start, step, top = _CLOSED_TENPAI_LATE
        p = min(top, max(0.0, (n_discards - start) * step))
        if p > 0:
            # four tsumogiri in a row late in the hand: a sign of a quiet tenpai
            recent = pos.discards[s][-4:]
            if len(recent) == 4 and all(d.tsumogiri for d in recent):
                p = min(2 * top, p + 0.04)
            out.append(Threat(s, p, points_for_han(_CLOSED_HAN, dealer)))
    return tuple(out)


def _shown_han(pos: Position, seat: int) -> float:
    """Han an open hand shows: dora and red fives in its melds, yakuhai triplets, and two han
    when two or more melds keep to one suit (a flush is likely)."""
    dk = pos.dora_kinds
    yh = yakuhai_kinds(pos, seat)
    melds = pos.melds[seat]
    han = 0.0
    for m in melds:
        han += sum(dk[t >> 2] for t in m.tiles) + yh.get(m.first_kind, 0)
        if pos.red_fives:
            han += sum(1 for t in m.tiles if t in RED_FIVES)
    suits = [m.first_kind // 9 for m in melds if m.first_kind < 27]
    if len(suits) >= 2 and len(set(suits)) == 1:
        han += 2
    return han


def tile_danger(pos: Position, kind: int, seat: int, detailed: bool = True) -> float:
    """Chance that discarding ``kind`` deals in to ``seat`` if that seat is tenpai.

    ``detailed`` adds kabe, one-chance and the riichi tile's neighbours; without it only
    genbutsu, suji and honours seen count.
    """
    return _reading(pos, seat, detailed).danger(kind)


def _reading(pos: Position, seat: int, detailed: bool) -> _SeatReading:
    """The facts of ``seat``'s river the danger of every kind reads, gathered once per position."""
    return pos.derived(f"danger{seat}{detailed:d}", lambda p: _SeatReading(p, seat, detailed))


class _SeatReading:
    """What the danger of a tile against one seat depends on, read once for all kinds: its
    safe kinds, how open each number of each suit still is, the kinds outside an early
    discard (soto) and next to its riichi tile (matagi)."""

    __slots__ = ("safe", "visible", "honor_factor", "opened", "soto", "matagi", "cache")

    def __init__(self, pos: Position, seat: int, detailed: bool) -> None:
        self.safe = pos.safe_kinds(seat)
        self.visible = pos.visible
        self.honor_factor = (set(yakuhai_kinds(pos, seat)) if pos.melds[seat] else set())
        """Honours worth a yaku to a seat with melds: their danger is raised (``_HONOR_YAKU``)."""
        if detailed:
            self.opened = pos.derived("opened", _opened)
            self.soto = _soto_kinds(pos, seat)
            self.matagi = _matagi_kinds(pos, seat) if seat in pos.riichi_seats else set()
        else:
            self.opened = _ALL_OPEN
            self.soto = self.matagi = set()
        self.cache: dict[int, float] = {}

    def danger(self, kind: int) -> float:
        """``tile_danger`` of one kind (kept: a decision asks for the same kinds more than once)."""
        found = self.cache.get(kind)
        if found is None:
            found = self.cache[kind] = self._danger(kind)
        return found

    def _danger(self, kind: int) -> float:
        safe = self.safe
        if kind in safe:
            return 0.0
        vis = self.visible
        left = 4 - vis[kind]
        if kind >= 27:
            d = _HONOR[min(vis[kind], 4)]
            if kind in self.honor_factor:
                d *= _HONOR_YAKU
            return d
        n = kind % 9 + 1
        d = 0.0
        opened = self.opened  # by kind: how much a shape needing that tile is still possible (1 = fully)
        # ryanmen with the shape above (n+1, n+2): waits n and n+3
        if n <= 6 and kind + 3 not in safe:
            d += _SIDE * min(opened[kind + 1], opened[kind + 2])
        # ryanmen with the shape below (n-2, n-1): waits n-3 and n
        if n >= 4 and kind - 3 not in safe:
            d += _SIDE * min(opened[kind - 1], opened[kind - 2])
        # kanchan (n-1, n+1)
        if 2 <= n <= 8:
            d += _KANCHAN * min(opened[kind - 1], opened[kind + 1])
        # penchan: 3 from 1-2, 7 from 8-9
        if n == 3:
            d += _PENCHAN * min(opened[kind - 2], opened[kind - 1])
        elif n == 7:
            d += _PENCHAN * min(opened[kind + 1], opened[kind + 2])
        # shanpon or tanki on the tile itself
        if left >= 1:
            d += _PAIR
        if kind in self.soto:
            d *= _SOTO
        if kind in self.matagi:
            d *= _MATAGI
        return d


def _opened(pos: Position) -> list[float]:
    """By suited kind: how much a shape needing it is still possible, by the copies visible
    (kabe and one-chance); the same against every seat."""
    return [_OPEN[n] for n in pos.visible[:27]]


def _matagi_kinds(pos: Position, seat: int) -> set[int]:
    """Kinds of a suit within two ranks of a riichi tile the seat threw (not that kind itself)."""
    out: set[int] = set()
    for disc in pos.discards[seat]:
        k = disc.kind
        if disc.riichi and k < 27:
            base = k - k % 9
            out.update(n for n in range(max(base, k - 2), min(base + 9, k + 3)) if n != k)
    return out


def _soto_kinds(pos: Position, seat: int) -> set[int]:
    """Kinds outside a tile of their suit the seat threw early, towards the end of the suit
    (2 early makes 1 less likely, 7 early makes 8 and 9): shapes there were broken."""
    out: set[int] = set()
    for disc in pos.discards[seat][:_EARLY]:
        k = disc.kind
        if disc.riichi or k >= 27:
            continue
        m = k % 9 + 1
        base = k - (m - 1)
        if m <= 5:
            out.update(range(base, base + m - 1))
        if m >= 5:
            out.update(range(base + m, base + 9))
    return out


def danger_table(pos: Position, kinds: list[int], detailed: bool = True,
                 found: list[Threat] | None = None) -> dict[int, float]:
    """Expected loss (points) of discarding each kind: threat tenpai chance x danger x value."""
    found = threats(pos) if found is None else found
    readings = [(t.tenpai, t.value, _reading(pos, t.seat, detailed)) for t in found]
    dora = pos.dora_kinds
    out = {}
    for k in kinds:
        loss = 0.0
        for tenpai, value, reading in readings:
            dg = reading.danger(k)
            if dg:
                dora_bonus = 1.0 + 0.35 * dora[k]
                loss += tenpai * dg * value * dora_bonus
        out[k] = loss
    return out


def genbutsu_kinds(pos: Position) -> set[int]:
    """Kinds safe against every seat in riichi (other than this one)."""
    seats = [s for s in pos.riichi_seats if s != pos.seat]
    if not seats:
        return set()
    safe = set.intersection(*(pos.safe_kinds(s) for s in seats))
    vis = pos.visible
    safe.update(k for k in range(27, 34) if vis[k] >= 3)
    return safe
