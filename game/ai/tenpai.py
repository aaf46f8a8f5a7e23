"""A tenpai the seat could keep: its waits, how many copies are live, its own furiten, and
what a ron on each wait pays by the real scorer (so "no yaku" is a fact, not a guess).

Used only for discards that leave the hand tenpai, a few per decision; ``TenpaiFacts``
caches the answers for one decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.position import Position
from game.hand.shanten import shanten, waits
from game.melds import Meld
from game.rules import EMA, TENHOU, RuleSet
from game.scoring import ScoringError, WinContext, score_hand
from game.tiles import RED_FIVES

__all__ = ["Tenpai", "TenpaiFacts", "rules_for", "ron_score", "tsumo_score", "placement_after_ron"]


@dataclass(frozen=True)
class Tenpai:
    """The tenpai left after one discard (``discard`` is a physical tile).

    ``live_each`` counts the copies of each wait kind this seat has not seen; ``furiten`` is
    true when a wait lies in the seat's own river or is the discarded kind itself;
    ``dama_each`` is a ron's payment on each wait without riichi (0 where that wait has no
    yaku); ``dama_points`` and ``riichi_points`` are the best ron payment over the waits
    without and with a riichi (0 when no wait has a yaku), honba and sticks included.
    """

    discard: int
    waits: tuple[int, ...]
    live_each: tuple[int, ...]
    furiten: bool
    dama_han: int
    dama_points: int
    riichi_points: int
    dama_each: tuple[int, ...]

    @property
    def live(self) -> int:
        """The unseen copies of all the waits."""
        return sum(self.live_each)

    @property
    def dead(self) -> bool:
        """Every copy of every wait is already visible: the hand cannot win."""
        return self.live == 0

    @property
    def ron_has_yaku(self) -> bool:
        return self.dama_points > 0

    @property
    def yakuless(self) -> bool:
        """Live waits, but a ron on none of them has a yaku (only a closed hand's tsumo or
        riichi could still win it)."""
        return not self.dead and not self.ron_has_yaku

    @property
    def mean_dama_points(self) -> float:
        """What a ron without riichi pays on average over the live copies (0 when none is live)."""
        if not self.live:
            return 0.0
        return sum(n * p for n, p in zip(self.live_each, self.dama_each)) / self.live


def rules_for(red_fives: bool) -> RuleSet:
    """The rules to score with when a seat view gives none: the preset matching the red fives."""
    return TENHOU if red_fives else EMA


def _win_tile(kind: int, hand: Sequence[int], melds: Sequence[Meld], red_fives: bool) -> int | None:
    """A physical copy of ``kind`` that is not in the hand or melds (a plain one if possible)."""
    held = set(hand)
    for m in melds:
        held.update(m.tiles)
    copies = [kind * 4 + i for i in range(4) if kind * 4 + i not in held]
    if not copies:
        return None
    if red_fives and len(copies) > 1 and copies[0] in RED_FIVES:
        return copies[1]
    return copies[0]


def ron_score(pos: Position, rules: RuleSet, concealed: Sequence[int], win_tile: int, riichi: bool,
              melds: Sequence[Meld] | None = None) -> tuple[int, int]:
    """(han, points with honba and sticks) of a ron on ``win_tile``; (0, 0) without a yaku."""
    return _win_score(pos, rules, concealed, win_tile, riichi, melds, tsumo=False)


def tsumo_score(pos: Position, rules: RuleSet, concealed: Sequence[int], win_tile: int, riichi: bool,
                melds: Sequence[Meld] | None = None) -> tuple[int, int]:
    """(han, points with honba and sticks) of a tsumo on ``win_tile`` (the three payments together)."""
    return _win_score(pos, rules, concealed, win_tile, riichi, melds, tsumo=True)


def _win_score(pos: Position, rules: RuleSet, concealed: Sequence[int], win_tile: int, riichi: bool,
               melds: Sequence[Meld] | None, tsumo: bool) -> tuple[int, int]:
    melds = pos.my_melds if melds is None else melds
    closed = all(not m.opened for m in melds)
    ctx = WinContext(tsumo=tsumo, riichi=riichi and closed, seat_wind=pos.seat_wind(pos.seat),
                     round_wind=pos.round_wind, dora_indicators=tuple(pos.dora_indicators),
                     honba=pos.honba, riichi_sticks=pos.sticks + (1 if riichi and closed else 0))
    try:
        score = score_hand(list(concealed) + [win_tile], list(melds), win_tile, ctx, rules)
    except ScoringError:
        return 0, 0
    return score.han, score.total_with_honba_and_sticks


def _discarder(pos: Position, tile: int) -> int | None:
    """The seat whose last discard (or added kan tile) is ``tile``."""
    for s, river in enumerate(pos.discards):
        if river and river[-1].tile == tile:
            return s
    for s, melds in enumerate(pos.melds):
        if s != pos.seat and any(tile in m.tiles for m in melds):
            return s
    return None


def placement_after_ron(pos: Position, rules: RuleSet, tile: int) -> tuple[int, int]:
    """(points, the seat's placement 0..3 afterwards) of a ron on ``tile``: the discarder pays
    the points less the sticks; points 0 and the placement unchanged when it has no yaku."""
    _, points = ron_score(pos, rules, pos.hand, tile, riichi=pos.in_riichi)
    scores = list(pos.scores)
    payer = _discarder(pos, tile)
    if points > 0:
        scores[pos.seat] += points
        if payer is not None and payer != pos.seat:
            scores[payer] -= points - 1000 * pos.sticks
    return points, sorted(range(4), key=lambda s: (-scores[s], s)).index(pos.seat)


class TenpaiFacts:
    """The tenpai after each candidate discard of one decision, computed once each."""

    def __init__(self, pos: Position, rules: RuleSet) -> None:
        self.pos = pos
        self.rules = rules
        self._own_river = {d.kind for d in pos.discards[pos.seat]}
        self._memo: dict[int, Tenpai | None] = {}

    def after(self, discard: int) -> Tenpai | None:
        """The tenpai left by discarding the physical tile ``discard``, or None if noten."""
        if discard not in self._memo:
            self._memo[discard] = self._tenpai_after(discard)
        return self._memo[discard]

    def after_kind(self, kind: int) -> Tenpai | None:
        """As ``after`` for a copy of ``kind`` held (a plain one before a red five)."""
        tiles = [t for t in self.pos.hand if t >> 2 == kind]
        if not tiles:
            return None
        plain = [t for t in tiles if t not in RED_FIVES]
        return self.after((plain or tiles)[0])

    def _tenpai_after(self, discard: int) -> Tenpai | None:
        pos = self.pos
        rest = list(pos.hand)
        rest.remove(discard)
        counts = [0] * 34
        for t in rest:
            counts[t >> 2] += 1
        if shanten(counts) != 0:
            return None
        kinds = tuple(waits(counts))
        if not kinds:
            return None
        vis = pos.visible
        live_each = tuple(max(0, 4 - vis[k]) for k in kinds)  # the hand, the discard included, is in vis
        furiten = any(k in self._own_river or k == discard >> 2 for k in kinds)
        best_dama = (0, 0)
        best_riichi = 0
        dama_each = []
        closed = pos.is_closed
        for k in kinds:
            tile = _win_tile(k, rest, pos.my_melds, pos.red_fives)
            if tile is None:
                dama_each.append(0)
                continue
            dama = ron_score(pos, self.rules, rest, tile, riichi=False)
            dama_each.append(dama[1])
            if dama[1] > best_dama[1]:
                best_dama = dama
            if closed:
                best_riichi = max(best_riichi, ron_score(pos, self.rules, rest, tile, riichi=True)[1])
        return Tenpai(discard, kinds, live_each, furiten, best_dama[0], best_dama[1], best_riichi, tuple(dama_each))
