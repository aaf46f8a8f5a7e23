"""Scoring a won hand: yaku, dora, fu, limits and payments.

``score_hand`` reads the hand every way it splits (``game.decompose``), places the winning
tile in every group it can complete, scores each reading with the yaku table
(``game.yaku``) and the fu rules (``game.fu``), and keeps the reading that pays most (then:
a real yakuman over a counted one, more han, more fu).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.decompose import (
    REGULAR, TRIPLET, Reading, decompositions, win_placements,
)
from game.fu import FuLine, fu_lines, fu_total, shape_fu
from game.melds import Meld
from game.payment import Payment, base_points, make_payment
from game.rules import RuleSet
from game.tiles import EAST, RED_FIVES, TERMINALS_AND_HONORS, WINDS, dora_from_indicator
from game.yaku import HandFacts, YakuScore, find_yaku, is_green

__all__ = [
    "WinContext", "HandScore", "YakuScore", "FuLine", "Payment", "ScoringError", "NoYaku",
    "NotComplete", "score_hand", "decompositions",
]


class ScoringError(ValueError):
    """A hand that cannot be scored: the message says why."""


class NoYaku(ScoringError):
    """The hand is complete but has no yaku (dora are not a yaku)."""


class NotComplete(ScoringError):
    """The tiles do not make a complete hand."""


@dataclass(frozen=True, slots=True)
class WinContext:
    """How and where the hand was won. The dealer is the seat whose wind is East.

    ``riichi`` is true for double riichi as well; ``dora_indicators`` and ``ura_indicators``
    are physical tiles, kan indicators included; ``riichi_sticks`` counts every deposit on
    the table, the winner's own included.
    """

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: int = EAST
    round_wind: int = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST


@dataclass(frozen=True)
class HandScore:
    """The value of a won hand, as the reading that pays most scores it.

    ``han`` includes dora (on a yakuman hand it is 13 x ``yakuman_count`` and dora do not
    count); ``fu`` is rounded (25 for seven pairs, 0 for kokushi); ``limit`` is None below
    mangan, else ``mangan`` ... ``sanbaiman``, ``kazoe yakuman``, ``yakuman``, ``yakuman x2``...
    """

    han: int
    fu: int
    yaku: list[YakuScore]
    dora: int
    aka: int
    ura: int
    yakuman_count: int
    limit: str | None
    fu_lines: list[FuLine]
    payment: Payment
    total_with_honba: int
    total_with_honba_and_sticks: int
    honba: int = 0
    reading: Reading | None = None
    wait: str = ""

    def payments(self, winner_seat: int, dealer_seat: int, from_seat: int | None = None) -> dict[int, int]:
        """What each paying seat pays, honba included (the table adds sticks and pao)."""
        return self.payment.payments(winner_seat, dealer_seat, self.honba, from_seat)


# --- input checks ------------------------------------------------------------------------

def _check(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, ctx: WinContext) -> None:
    if len(melds) > 4:
        raise ScoringError(f"{len(melds)} melds: a hand has at most 4")
    expected = 14 - 3 * len(melds)
    if len(concealed) != expected:
        raise ScoringError(f"{len(concealed)} concealed tiles with {len(melds)} melds: expected {expected}")
    everything = list(concealed)
    for meld in melds:
        everything.extend(meld.tiles)
    if any(not isinstance(t, int) or not 0 <= t < 136 for t in everything):
        raise ScoringError("tiles must be ints 0..135")
    if len(set(everything)) != len(everything):
        raise ScoringError("the same physical tile appears twice")
    if win_tile not in concealed:
        raise ScoringError(f"the winning tile {win_tile} is not among the concealed tiles")
    if ctx.seat_wind not in WINDS or ctx.round_wind not in WINDS:
        raise ScoringError("seat_wind and round_wind must be wind kinds 27..30")
    if ctx.honba < 0 or ctx.riichi_sticks < 0:
        raise ScoringError("honba and riichi_sticks cannot be negative")
    opened = any(m.opened for m in melds)
    problems = (
        ((ctx.riichi or ctx.double_riichi) and opened, "riichi with an open hand"),
        (ctx.ippatsu and not (ctx.riichi or ctx.double_riichi), "ippatsu without riichi"),
        (ctx.rinshan and not ctx.tsumo, "rinshan on a ron"),
        (ctx.rinshan and not any(m.is_kan for m in melds), "rinshan without a kan"),
        (ctx.chankan and ctx.tsumo, "chankan on a tsumo"),
        (ctx.haitei and not ctx.tsumo, "haitei on a ron"),
        (ctx.houtei and ctx.tsumo, "houtei on a tsumo"),
        (ctx.haitei and ctx.rinshan, "haitei together with rinshan"),
        (ctx.houtei and ctx.chankan, "houtei together with chankan"),
        ((ctx.tenhou or ctx.chiihou) and (not ctx.tsumo or melds), "tenhou/chiihou needs a tsumo without melds"),
        (ctx.tenhou and not ctx.dealer, "tenhou for a non-dealer"),
        (ctx.chiihou and ctx.dealer, "chiihou for the dealer"),
        (ctx.renhou and (ctx.tsumo or ctx.dealer or melds), "renhou needs a non-dealer ron without melds"),
    )
    for bad, what in problems:
        if bad:
            raise ScoringError(f"inconsistent win context: {what}")


# --- hand-wide facts ---------------------------------------------------------------------

_TERMINAL_HONOR = frozenset(TERMINALS_AND_HONORS)
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _chuuren(counts: list[int], base: int, win_kind: int) -> int:
    """0, or 1 for nine gates, 2 when the thirteen tiles before the win were the pure shape."""
    suit = counts[base:base + 9]
    extra = [n - p for n, p in zip(suit, _CHUUREN)]
    if min(extra) < 0 or sum(extra) != 1:
        return 0
    return 2 if extra[win_kind - base] == 1 else 1


def _count_dora(indicators: Sequence[int], full: list[int]) -> int:
    return sum(full[dora_from_indicator(t >> 2)] for t in indicators)


def _hand_facts(counts: list[int], melds: Sequence[Meld], win_kind: int, ctx: WinContext,
                rules: RuleSet) -> tuple[HandFacts, list[int]]:
    full = counts[:]
    for meld in melds:
        for t in meld.tiles:
            full[t >> 2] += 1
    kinds = [k for k in range(34) if full[k]]
    h = HandFacts()
    h.win = ctx
    h.rules = rules
    h.closed = not any(m.opened for m in melds)
    h.counts = full
    h.win_kind = win_kind
    h.kans = sum(1 for m in melds if m.is_kan)
    h.has_honor = kinds[-1] >= 27
    h.all_terminal_honor = all(k in _TERMINAL_HONOR for k in kinds)
    h.has_terminal = any(k < 27 and k in _TERMINAL_HONOR for k in kinds)
    h.all_simple = not h.has_honor and not h.has_terminal
    h.suits = len({k // 9 for k in kinds if k < 27})
    h.all_green = all(is_green(k) for k in kinds)
    h.chuuren = 0
    if not melds and h.suits == 1 and not h.has_honor:
        h.chuuren = _chuuren(full, kinds[0] // 9 * 9, win_kind)
    return h, full


def _meld_groups(melds: Sequence[Meld]) -> tuple[list[int], list[tuple[int, bool, bool]]]:
    runs: list[int] = []
    sets: list[tuple[int, bool, bool]] = []
    for meld in melds:
        if meld.type == "chi":
            runs.append(meld.first_kind)
        else:
            sets.append((meld.first_kind, meld.is_kan, meld.type == "ankan"))
    return runs, sets


def _peikou(runs: Sequence[int]) -> int:
    seen: dict[int, int] = {}
    for r in runs:
        seen[r] = seen.get(r, 0) + 1
    return sum(n // 2 for n in seen.values())


# --- the scorer --------------------------------------------------------------------------

def score_hand(concealed: list[int], melds: list[Meld], win_tile: int, ctx: WinContext,
               rules: RuleSet) -> HandScore:
    """Score a won hand. ``concealed`` holds the physical tiles in the hand, the winning tile
    included, kan tiles excluded. Raises ``NotComplete`` or ``NoYaku`` (``ScoringError``s),
    and ``ScoringError`` for inconsistent input."""
    _check(concealed, melds, win_tile, ctx)
    counts = [0] * 34
    for t in concealed:
        counts[t >> 2] += 1
    readings = decompositions(counts, melds)
    if not readings:
        raise NotComplete("the tiles do not make a complete hand")
    win_kind = win_tile >> 2
    h, full = _hand_facts(counts, melds, win_kind, ctx, rules)

    dora = _count_dora(ctx.dora_indicators, full)
    aka = 0
    if rules.red_fives:
        aka = sum(1 for t in concealed if t in RED_FIVES) + sum(
            1 for m in melds for t in m.tiles if t in RED_FIVES)
    ura = 0
    if (ctx.riichi or ctx.double_riichi) and rules.ura_dora:
        ura = _count_dora(ctx.ura_indicators, full)
    bonus = dora + aka + ura
    renhou = ctx.renhou and rules.renhou_mangan

    meld_runs, meld_sets = _meld_groups(melds)
    tsumo = ctx.tsumo
    dealer = ctx.dealer
    best_key: tuple[int, ...] | None = None
    best: tuple | None = None

    for reading in readings:
        h.form = reading.form
        if reading.form == REGULAR:
            groups = reading.groups
            h.pair = reading.pair
            concealed_runs = [g for g in groups if g < TRIPLET]
            h.runs = tuple(meld_runs + concealed_runs)
            h.triplets = tuple([s[0] for s in meld_sets] + [g - TRIPLET for g in groups if g >= TRIPLET])
            h.peikou = _peikou(concealed_runs) if h.closed else 0
            base_sets = meld_sets + [(g - TRIPLET, False, True) for g in groups if g >= TRIPLET]
            base_concealed = sum(1 for s in base_sets if s[2])
            placements = win_placements(reading, win_kind)
        else:
            h.pair = -1
            h.runs = ()
            h.triplets = ()
            h.peikou = 0
            base_sets = []
            base_concealed = 0
            placements = [(-1, "tanki")]
        for index, wait in placements:
            h.wait = wait
            h.sets = base_sets
            h.concealed_triplets = base_concealed
            if wait == "shanpon" and not tsumo:
                # a triplet completed by a discard counts as open, for fu and for sanankou
                kind = reading.groups[index] - TRIPLET
                h.sets = [s for s in base_sets]
                position = h.sets.index((kind, False, True))
                h.sets[position] = (kind, False, False)
                h.concealed_triplets -= 1
            h.fu_extra = shape_fu(h) if reading.form == REGULAR else 0
            pinfu = h.closed and reading.form == REGULAR and h.fu_extra == 0
            yaku, yakuman = find_yaku(h)
            fu, raw = fu_total(h, pinfu)
            if yakuman:
                han = 13 * yakuman
                counted = (0, 0, 0)
            else:
                han = sum(y.han for y in yaku)
                counted = (dora, aka, ura) if yaku else (0, 0, 0)
                han += bonus if yaku else 0
                if renhou and han < 5:
                    yaku, han, counted = [YakuScore("renhou", 5)], 5, (0, 0, 0)
            if yaku:
                base, limit = base_points(han, fu, yakuman, rules)
                payment = make_payment(base, tsumo, dealer)
                key = (payment.total, 1 if yakuman else 0, han, fu, raw)
            else:
                key = (-1, 0, 0, fu, raw)
                payment, limit = make_payment(0, tsumo, dealer), None
            if best_key is None or key > best_key:
                best_key = key
                best = (han, fu, yaku, counted, yakuman, limit, fu_lines(h, pinfu), payment, reading, wait)

    assert best is not None
    han, fu, yaku, counted, yakuman, limit, lines, payment, reading, wait = best
    if not yaku:
        raise NoYaku("the hand is complete but has no yaku")
    with_honba = payment.total + 300 * ctx.honba
    return HandScore(
        han=han, fu=fu, yaku=yaku, dora=counted[0], aka=counted[1], ura=counted[2],
        yakuman_count=yakuman, limit=limit, fu_lines=lines, payment=payment,
        total_with_honba=with_honba, total_with_honba_and_sticks=with_honba + 1000 * ctx.riichi_sticks,
        honba=ctx.honba, reading=reading, wait=wait,
    )
