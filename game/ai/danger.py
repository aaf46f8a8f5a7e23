"""Defence: who threatens, how much, and how dangerous each tile kind is against them.

A tile's danger is the estimated chance it deals in to a seat that is tenpai: genbutsu is
safe; otherwise the live ryanmen sides through it (cut by suji and kabe, weakened by
one-chance), plus kanchan, penchan, shanpon and tanki shapes, and honours by copies seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.position import Position
from game.ai.value import points_for_han, yakuhai_kinds

__all__ = ["Threat", "threats", "tile_danger", "danger_table", "genbutsu_kinds"]

_SIDE = 0.052       # one live ryanmen side
_KANCHAN = 0.012
_PENCHAN = 0.012
_SHANPON = 0.010    # per pair shape still possible
_TANKI = 0.005
_HONOR = (0.075, 0.055, 0.025, 0.006, 0.0)  # by copies visible
_MATAGI = 1.25      # next to the riichi tile
_SOTO = 0.8         # outside a tile of the suit the seat let go early
_EARLY = 6          # discards that count as early
_OPEN = (1.0, 1.0, 0.85, 0.4, 0.0)  # how much a shape needing a tile is still possible, by copies visible
_ALL_OPEN = (1.0,) * 9


@dataclass(frozen=True)
class Threat:
    """A seat that may be tenpai: the chance it is, and what a deal-in to it costs."""

    seat: int
    tenpai: float
    value: float


def threats(pos: Position) -> list[Threat]:
    """Every other seat as a threat: riichi, open hands by melds and visible value, and
    closed hands late in the hand."""
    return list(pos.derived("threats", _threats))


def _threats(pos: Position) -> tuple[Threat, ...]:
    out = []
    dk = pos.dora_kinds
    for s in range(4):
        if s == pos.seat:
            continue
        dealer = s == pos.dealer
        melds = pos.melds[s]
        n_discards = len(pos.discards[s])
        if s in pos.riichi_seats:
            han = 2.7 + 0.5 * sum(dk) / max(1, len(pos.dora_indicators))
            out.append(Threat(s, 1.0, points_for_han(han, dealer)))
            continue
        opened = [m for m in melds if m.opened]
        if opened:
            p = (0.0, 0.18, 0.38, 0.65, 0.92)[min(len(opened), 4)]
            p = min(0.97, p + max(0, n_discards - 7) * 0.03)
            visible_han = 0.0
            yh = yakuhai_kinds(pos, s)
            for m in melds:
                visible_han += sum(dk[t >> 2] for t in m.tiles)
                if pos.red_fives:
                    visible_han += sum(1 for t in m.tiles if t in (16, 52, 88))
                visible_han += yh.get(m.first_kind, 0)
            suits = {m.first_kind // 9 for m in melds if m.first_kind < 27}
            if len(suits) == 1:
                visible_han += 2
            han = 1.2 + visible_han
            out.append(Threat(s, p, points_for_han(han, dealer)))
        else:
            p = min(0.35, max(0.0, (n_discards - 8) * 0.035))
            if p > 0:
                # four tsumogiri in a row late in the hand: a sign of a quiet tenpai
                recent = pos.discards[s][-4:]
                if len(recent) == 4 and all(d.tsumogiri for d in recent):
                    p = min(0.5, p + 0.1)
                out.append(Threat(s, p, points_for_han(2.5, dealer)))
    return tuple(out)


def tile_danger(pos: Position, kind: int, seat: int, detailed: bool = True) -> float:
    """Chance that discarding ``kind`` deals in to ``seat`` if that seat is tenpai.

    ``detailed`` adds kabe, one-chance and the riichi tile's neighbours; without it only
    genbutsu, suji and honours seen count.
    """
    safe = pos.safe_kinds(seat)
    if kind in safe:
        return 0.0
    vis = pos.visible
    left = 4 - vis[kind]
    if kind >= 27:
        d = _HONOR[min(vis[kind], 4)]
        if kind in yakuhai_kinds(pos, seat) and pos.melds[seat]:
            d *= 1.2
        return d
    n = kind % 9 + 1
    base = kind - (n - 1)
    d = 0.0
    open_by_number = [_OPEN[vis[base + i]] for i in range(9)] if detailed else _ALL_OPEN

    def blocked(num: int) -> float:
        """How much a shape needing tile number ``num`` is still possible (1 = fully)."""
        return open_by_number[num - 1]

    # ryanmen with the shape above (n+1, n+2): waits n and n+3
    if n <= 6 and base + n + 2 not in safe:
        d += _SIDE * min(blocked(n + 1), blocked(n + 2))
    # ryanmen with the shape below (n-2, n-1): waits n-3 and n
    if n >= 4 and base + n - 4 not in safe:
        d += _SIDE * min(blocked(n - 1), blocked(n - 2))
    # kanchan (n-1, n+1)
    if 2 <= n <= 8:
        d += _KANCHAN * min(blocked(n - 1), blocked(n + 1))
    # penchan: 3 from 1-2, 7 from 8-9
    if n == 3:
        d += _PENCHAN * min(blocked(1), blocked(2))
    elif n == 7:
        d += _PENCHAN * min(blocked(8), blocked(9))
    # pair waits on the tile itself
    if left >= 2:
        d += _SHANPON * (1.3 if n in (1, 9) else 1.0)
    if left >= 1:
        d += _TANKI
    if detailed and _outside_early_discard(pos, seat, kind):
        d *= _SOTO
    if detailed and seat in pos.riichi_seats:
        for disc in pos.discards[seat]:
            if disc.riichi and disc.kind < 27 and disc.kind // 9 == kind // 9 and 0 < abs(disc.kind - kind) <= 2:
                d *= _MATAGI
                break
    return d


def _outside_early_discard(pos: Position, seat: int, kind: int) -> bool:
    """True when the seat threw a tile of this suit early that lies between ``kind`` and the
    middle (2 early makes 1 less likely, 7 early makes 8 and 9): shapes there were broken."""
    n = kind % 9 + 1
    if n == 5:
        return False
    suit = kind // 9
    for disc in pos.discards[seat][:_EARLY]:
        k = disc.kind
        if disc.riichi or k >= 27 or k // 9 != suit:
            continue
        m = k % 9 + 1
        if (n < m <= 5) or (5 <= m < n):
            return True
    return False


def danger_table(pos: Position, kinds: list[int], detailed: bool = True,
                 found: list[Threat] | None = None) -> dict[int, float]:
    """Expected loss (points) of discarding each kind: threat tenpai chance x danger x value."""
    found = threats(pos) if found is None else found
    out = {}
    for k in kinds:
        loss = 0.0
        for t in found:
            dg = tile_danger(pos, k, t.seat, detailed)
            if dg:
                dora_bonus = 1.0 + 0.35 * pos.dora_kinds[k]
                loss += t.tenpai * dg * t.value * dora_bonus
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
