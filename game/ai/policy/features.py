"""What the learned policy reads: one seat's knowledge as planes over the 34 tile kinds.

Every plane is 34 numbers, one per tile kind; a fact about the whole table (the turn, a score, a
riichi) fills its plane with one number. Seats are counted from the deciding seat: 0 itself, 1
the seat to its right (next to play), 2 across, 3 to its left. Besides what the seat sees, the
planes hold what Kawa's own engine works out from it: the shanten and improving tiles after each
discard, the tenpai a discard leaves (live winning copies, ron value, furiten) and each tile's
danger against each other seat. Only the seat's ``Position`` is read, so hidden tiles cannot leak.

>>> from game.ai.position import Position
>>> pos = Position(seat=0, hand=tuple(range(0, 56, 4)), melds=((),) * 4, discards=((),) * 4,
...                dora_indicators=(132,), dealer=0)
>>> x = encode(pos, DISCARD)
>>> x.shape == (CHANNELS, 34), float(x[0, 0]), float(x[0, 20])  # one 1m held, no 3s
(True, 1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.ai.danger import threats, tile_danger
from game.ai.efficiency import discard_candidates, hand_speed
from game.ai.policy.choices import call_class
from game.ai.position import Position
from game.ai.tenpai import TenpaiFacts, rules_for
from game.ai.value import plan_value, yakuhai_kinds
from game.melds import Meld
from game.table.actions import Action
from game.table.moves import kuikae_kinds
from game.hand.shanten import shanten
from game.tiles import RED_FIVES

__all__ = ["DISCARD", "RIICHI", "CALL", "KAN", "DECISIONS", "CHANNELS", "FEATURE_VERSION", "encode", "call_keeps_yaku", "as_question", "suji_safe"]

DISCARD, RIICHI, CALL, KAN = 0, 1, 2, 3
DECISIONS = ("discard", "riichi", "call", "kan")
"""The decisions the policy answers; ``encode`` marks which one is asked."""

_SEAT_PLANES = 9
"""Planes per seat: river, recent discards, early discards, hand-cut discards, riichi tile,
melds, safe kinds, suji-safe kinds, danger."""
_OWN = 14
_AHEAD = 9
_SCALARS = 32
_CALL_AHEAD = 21
"""For a call offer: the hand's own improving tiles, and for each kind of call (chi low, middle,
high, pon, kan) whether it is offered, the shanten and improving tiles after it and its best
discard, and whether a yaku stays within reach."""
CHANNELS = _OWN + 4 * _SEAT_PLANES + _AHEAD + _SCALARS + _CALL_AHEAD + 1
"""Planes in all (the last marks the candidate: the riichi discard, the called tile, the kan)."""

FEATURE_VERSION = 2
"""Raised whenever what a plane means changes (kept samples and models of another version are not reused)."""

_RECENT = 6
_EARLY = 6


def suji_safe(safe: set[int]) -> set[int]:
    """Suited kinds both of whose suji partners are safe (one for 1-3 and 7-9).

    >>> sorted(suji_safe({3}))  # 4m safe: 1m and 7m are suji
    [0, 6]
    >>> sorted(suji_safe({3, 9}))  # 4m and 1p: 7m, 1m; 4p needs 7p too
    [0, 6]
    """
    out = set()
    for k in range(27):
        n = k % 9
        low, high = k - 3, k + 3
        need = [p for p, ok in ((low, n >= 3), (high, n <= 5)) if ok]
        if need and all(p in safe for p in need):
            out.add(k)
    return out


def _fill(x: np.ndarray, row: int, kinds: Sequence[int] | set[int], value: float = 1.0) -> None:
    for k in kinds:
        x[row, k] = value


def _own_planes(x: np.ndarray, pos: Position, drawn: int | None) -> None:
    counts = pos.counts
    for k, n in enumerate(counts):
        for i in range(min(n, 4)):
            x[i, k] = 1.0
    if drawn is not None:
        x[4, drawn >> 2] = 1.0
    if pos.red_fives:
        for t in pos.hand:
            if t in RED_FIVES:
                x[5, t >> 2] = 1.0
    dora = pos.dora_kinds
    for k, n in enumerate(dora):
        x[6, k] = min(n, 3) / 2.0
    vis = pos.visible
    for k, n in enumerate(vis):
        for i in range(min(n, 4)):
            x[7 + i, k] = 1.0
    x[11, pos.round_wind] = 1.0
    x[12, pos.seat_wind(pos.seat)] = 1.0
    _fill(x, 13, yakuhai_kinds(pos))


def _seat_planes(x: np.ndarray, pos: Position, rel: int, seat: int) -> None:
    base = _OWN + rel * _SEAT_PLANES
    river = pos.discards[seat]
    for d in river:
        x[base, d.kind] += 0.25
    for d in river[-_RECENT:]:
        x[base + 1, d.kind] = 1.0
    for d in river[:_EARLY]:
        x[base + 2, d.kind] = 1.0
    for d in river:
        if not d.tsumogiri:
            x[base + 3, d.kind] = 1.0
        if d.riichi:
            x[base + 4, d.kind] = 1.0
    for m in pos.melds[seat]:
        for t in m.tiles:
            x[base + 5, t >> 2] += 0.25
    if rel == 0:
        return
    safe = pos.safe_kinds(seat)
    _fill(x, base + 6, safe)
    _fill(x, base + 7, suji_safe(safe))
    for k in range(34):
        x[base + 8, k] = tile_danger(pos, k, seat) * 5.0


def _ahead_planes(x: np.ndarray, pos: Position, legal_kinds: Sequence[int]) -> float:
    """Shanten, improving tiles and tenpai after each discard a 14-tile hand may make; the best
    shanten (or the hand's own shanten for 13 tiles, computed by the caller)."""
    base = _OWN + 4 * _SEAT_PLANES
    counts = pos.counts
    options = discard_candidates(counts, pos.seen, 1, list(legal_kinds))
    best = min(o.shanten for o in options)
    tenpai = TenpaiFacts(pos, rules_for(pos.red_fives)) if best == 0 else None
    for o in options:
        k = o.kind
        x[base, k] = 1.0  # may be discarded
        gap = o.shanten - best
        x[base + 1 + min(gap, 2), k] = 1.0
        if o.ukeire >= 0:
            x[base + 4, k] = o.ukeire / 40.0
        if tenpai is not None and o.shanten == 0:
            t = tenpai.after_kind(k)
            if t is not None:
                x[base + 5, k] = t.live / 8.0
                x[base + 6, k] = t.dama_points / 8000.0
                x[base + 7, k] = t.riichi_points / 8000.0
                x[base + 8, k] = 1.0 if t.furiten else 0.0
    return float(best)


def _scalars(pos: Position, decision: int, best_shanten: float, live_left: int) -> list[float]:
    me = pos.seat
    order = [(me + r) % 4 for r in range(4)]
    found = {t.seat: t for t in threats(pos)}
    out = [live_left / 70.0, len(pos.discards[me]) / 18.0, float(pos.is_dealer), float(pos.all_last),
           min(pos.honba, 4) / 4.0, min(pos.sticks, 4) / 4.0, float(pos.is_closed), float(pos.in_riichi),
           (pos.round_wind - 27) / 2.0, float(pos.red_fives), min(best_shanten, 4) / 4.0]
    out += [pos.scores[s] / 50000.0 for s in order]
    out += [(pos.scores[me] - pos.scores[s]) / 20000.0 for s in order[1:]]
    out += [float(pos.placement() == r) for r in range(4)]
    out += [float(s in pos.riichi_seats) for s in order[1:]]
    out += [found[s].tenpai if s in found else 0.0 for s in order[1:]]
    out += [float(d == decision) for d in range(4)]
    return out


def call_keeps_yaku(pos: Position, call: Action) -> bool:
    """Whether the hand after ``call`` still has a yaku within reach (an estimate of the yaku
    routes: yakuhai, all simples, flushes, all triplets)."""
    counts = pos.counts
    for t in call.tiles:
        counts[t >> 2] -= 1
    tile = call.tile if call.tile is not None else call.tiles[0]
    meld = Meld(call.type, tuple(call.tiles) + (tile,), called=tile, from_seat=None)
    aka = sum(1 for t in pos.hand if t in RED_FIVES and t not in call.tiles) if pos.red_fives else 0
    plan = plan_value(pos, counts, aka, pos.my_melds + (meld,))
    return plan.definite or plan.yaku_han >= 0.5


def _after_call(pos: Position, call: Action) -> tuple[int, int, bool]:
    """Shanten and improving tiles after ``call`` and its best discard (the swap-call ban kept),
    and whether the open hand keeps a yaku within reach."""
    counts = pos.counts
    for t in call.tiles:
        counts[t >> 2] -= 1
    tile = call.tile if call.tile is not None else call.tiles[0]
    banned = kuikae_kinds(rules_for(pos.red_fives), call.type, tile, call.tiles)
    kinds = [k for k in range(34) if counts[k] and (call.type == "daiminkan" or k not in banned)]
    keeps = call_keeps_yaku(pos, call)
    if call.type == "daiminkan":
        sh, uk = hand_speed(counts, pos.seen)
        return sh, uk, keeps
    if not kinds:
        return 8, 0, keeps
    best = min(discard_candidates(counts, pos.seen, 0, kinds), key=lambda o: (o.shanten, -o.ukeire))
    return best.shanten, max(best.ukeire, 0), keeps


def _call_scalars(pos: Position, offers: Sequence[Action]) -> list[float]:
    sh0, uk0 = hand_speed(pos.counts, pos.seen)
    out = [uk0 / 40.0]
    for cls in (1, 2, 3, 4, 5):
        found = [_after_call(pos, a) for a in offers if call_class(a) == cls]
        if not found:
            out += [0.0, 0.0, 0.0, 0.0]
            continue
        sh, uk, keeps = min(found, key=lambda f: (f[0], -f[1], not f[2]))
        out += [1.0, (sh - sh0) / 2.0, uk / 40.0, float(keeps)]
    return out


def encode(pos: Position, decision: int, candidate: int | None = None, drawn: int | None = None,
           legal_kinds: Sequence[int] | None = None, live_left: int | None = None,
           offers: Sequence[Action] = ()) -> np.ndarray:
    """The planes (``CHANNELS`` x 34, float32) for one decision of the seat whose ``pos`` it is.

    ``candidate`` is the kind the question is about (the riichi discard, the called tile, the
    kan); ``legal_kinds`` the kinds it may discard on its own turn (the improving tiles and the
    tenpai after each are worked out for them); ``drawn`` the tile just drawn; ``offers`` the
    calls offered (what each would leave is worked out).
    """
    x = np.zeros((CHANNELS, 34), dtype=np.float32)
    _own_planes(x, pos, drawn)
    for rel in range(4):
        _seat_planes(x, pos, rel, (pos.seat + rel) % 4)
    if legal_kinds and sum(pos.counts) % 3 == 2:
        best = _ahead_planes(x, pos, legal_kinds)
    else:
        best = float(shanten(pos.counts))
    scalars = _scalars(pos, decision, best, pos.wall_left if live_left is None else live_left)
    base = _OWN + 4 * _SEAT_PLANES + _AHEAD
    x[base:base + len(scalars), :] = np.asarray(scalars, dtype=np.float32)[:, None]
    if offers:
        more = _call_scalars(pos, offers)
        base += _SCALARS
        x[base:base + len(more), :] = np.asarray(more, dtype=np.float32)[:, None]
    if candidate is not None:
        x[CHANNELS - 1, candidate] = 1.0
    return x


_DECIDE = _OWN + 4 * _SEAT_PLANES + _AHEAD + _SCALARS - 4
"""The first of the four planes that say which decision is asked."""


def as_question(x: np.ndarray, decision: int, candidate: int) -> np.ndarray:
    """The planes of one decision asked as another about ``candidate`` (the riichi question
    about the discard the same planes chose)."""
    out = x.copy()
    out[_DECIDE:_DECIDE + 4, :] = 0.0
    out[_DECIDE + decision, :] = 1.0
    out[CHANNELS - 1, :] = 0.0
    out[CHANNELS - 1, candidate] = 1.0
    return out
