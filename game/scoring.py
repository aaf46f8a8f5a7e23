"""Scoring a won hand: yaku, dora, fu, limits and payments.

``score_hand`` reads the hand every way it splits (``game.decompose``), places the winning
tile in every group it can complete, scores each reading with the yaku tables
(``game.yaku``) and the fu rules (``game.fu``), and keeps the reading that pays most (then:
a real yakuman over a counted one, more han, more fu).

What depends only on the tiles (readings, waits, shape yaku, set fu) is worked out once per
*shape*: the concealed counts, the melds, the winning kind and tsumo or ron. It is cached, so
scoring the same shape again (the AI does, with other dora, winds or flags) only adds the
situation: how the hand was won, the winds, the rules and the dora.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from game.decompose import REGULAR, TRIPLET, Reading, decompositions, readings_of, win_placements
from game.fu import FuLine, fu_lines, fu_total, pair_fu, shape_fu
from game.melds import Meld
from game.payment import Payment, base_points, make_payment, payment_total
from game.rules import RuleSet
from game.tiles import EAST, RED_FIVES, TERMINALS_AND_HONORS, WINDS, dora_from_indicator
from game.yaku import (
    SEAT_YAKU, SITUATION_YAKUMAN, WIN_YAKU, HandFacts, Yakuman, YakuScore, GREEN_KINDS, rows_by_openness,
    shape_yaku, yakuman_value,
)

__all__ = [
    "WinContext", "HandScore", "YakuScore", "FuLine", "Payment", "ScoringError", "NoYaku",
    "NotComplete", "score_hand", "decompositions", "clear_shape_cache",
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

    ``riichi`` may be true together with ``double_riichi`` (then only double riichi counts);
    ``dora_indicators`` and ``ura_indicators`` are physical tiles, kan indicators included;
    ``riichi_sticks`` counts every deposit on the table, the winner's own included.
    ``renhou`` (a non-dealer's ron before their first draw) pays a mangan under
    ``RuleSet.renhou_mangan`` and is ignored otherwise.
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


@dataclass(slots=True)
class HandScore:
    """The value of a won hand, as the reading that pays most scores it (treat as read-only).

    ``han`` includes dora (on a yakuman hand it is 13 x ``yakuman_count`` and dora do not
    count); ``fu`` is rounded (25 for seven pairs, 0 for kokushi); ``limit`` is None below
    mangan, else ``mangan`` ... ``sanbaiman``, ``kazoe yakuman``, ``yakuman``, ``yakuman x2``...
    ``reading`` and ``wait`` say how the hand was read; ``fu_lines`` (the fu breakdown) is
    worked out when first asked for.
    """

    han: int
    fu: int
    yaku: list[YakuScore]
    dora: int
    aka: int
    ura: int
    yakuman_count: int
    limit: str | None
    payment: Payment
    total_with_honba: int
    total_with_honba_and_sticks: int
    honba: int
    reading: Reading
    wait: str
    _fu_source: tuple[HandFacts, bool] | None = field(default=None, repr=False, compare=False)

    @property
    def fu_lines(self) -> list[FuLine]:
        """The fu breakdown, one line per source (empty for kokushi)."""
        if self._fu_source is None:
            return []
        facts, pinfu = self._fu_source
        return fu_lines(facts, pinfu)

    def payments(self, winner_seat: int, dealer_seat: int, from_seat: int | None = None) -> dict[int, int]:
        """What each paying seat pays, honba included (the table adds sticks and pao)."""
        return self.payment.payments(winner_seat, dealer_seat, self.honba, from_seat)


# --- input checks ------------------------------------------------------------------------

def _check_tiles(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int) -> None:
    if len(melds) > 4:
        raise ScoringError(f"{len(melds)} melds: a hand has at most 4")
    expected = 14 - 3 * len(melds)
    if len(concealed) != expected:
        raise ScoringError(f"{len(concealed)} concealed tiles with {len(melds)} melds: expected {expected}")
    everything = concealed
    if melds:
        everything = list(concealed)
        for meld in melds:
            everything.extend(meld.tiles)
    if min(everything) < 0 or max(everything) > 135:
        raise ScoringError("tiles must be 0..135")
    if len(set(everything)) != len(everything):
        raise ScoringError("the same physical tile appears twice")
    if win_tile not in concealed:
        raise ScoringError(f"the winning tile {win_tile} is not among the concealed tiles")


def _check_context(ctx: WinContext, melds: Sequence[Meld], closed: bool) -> None:
    if ctx.seat_wind not in WINDS or ctx.round_wind not in WINDS:
        raise ScoringError("seat_wind and round_wind must be wind kinds 27..30")
    if ctx.honba < 0 or ctx.riichi_sticks < 0:
        raise ScoringError("honba and riichi_sticks cannot be negative")
    riichi = ctx.riichi or ctx.double_riichi
    if not (ctx.ippatsu or ctx.rinshan or ctx.chankan or ctx.haitei or ctx.houtei or ctx.tenhou
            or ctx.chiihou or ctx.renhou or (riichi and not closed)):
        return
    problems = (
        (riichi and not closed, "riichi with an open hand"),
        (ctx.ippatsu and not riichi, "ippatsu without riichi"),
        (ctx.rinshan and not ctx.tsumo, "rinshan on a ron"),
        (ctx.rinshan and not any(m.is_kan for m in melds), "rinshan without a kan"),
        (ctx.chankan and ctx.tsumo, "chankan on a tsumo"),
        (ctx.haitei and not ctx.tsumo, "haitei on a ron"),
        (ctx.houtei and ctx.tsumo, "houtei on a tsumo"),
        (ctx.haitei and ctx.rinshan, "haitei together with rinshan"),
        (ctx.houtei and ctx.chankan, "houtei together with chankan"),
        ((ctx.tenhou or ctx.chiihou) and (not ctx.tsumo or bool(melds)),
         "tenhou/chiihou needs a tsumo without melds"),
        (ctx.tenhou and not ctx.dealer, "tenhou for a non-dealer"),
        (ctx.chiihou and ctx.dealer, "chiihou for the dealer"),
        (ctx.renhou and (ctx.tsumo or ctx.dealer or bool(melds)), "renhou needs a non-dealer ron without melds"),
    )
    for bad, what in problems:
        if bad:
            raise ScoringError(f"inconsistent win context: {what}")


# --- the shape of a hand, cached -----------------------------------------------------------

_TERMINAL_HONOR_COUNTS = itemgetter(*TERMINALS_AND_HONORS)
_TERMINAL_COUNTS = itemgetter(*(k for k in TERMINALS_AND_HONORS if k < 27))
_GREEN_COUNTS = itemgetter(*sorted(GREEN_KINDS))
"""Each picks those kinds' counts out of a 34-count list."""
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class _Shape(NamedTuple):
    """One reading with the winning tile placed: what its tiles alone decide."""

    reading: Reading
    wait: str
    pair: int
    runs: tuple[int, ...]
    triplets: tuple[int, ...]
    sets: tuple[tuple[int, bool, bool], ...]
    concealed_triplets: int
    shape_fu: int
    yaku: tuple[YakuScore, ...]
    shape_han: int
    yakuman: tuple[Yakuman, ...]


class _HandShape(NamedTuple):
    full: list[int]
    closed: bool
    all_simple: bool
    kans: int
    shapes: tuple[_Shape, ...]
    by_winds: dict[tuple[int, int, int], tuple[_SeatView, ...]]
    """Per (seat wind, round wind, double wind pair fu): what the winds decide for each shape."""


class _SeatView(NamedTuple):
    """A shape seen from one seat and round: its seat yaku (pinfu, winds) and its fu."""

    yaku: tuple[YakuScore, ...]
    han: int
    pinfu: bool
    fu: int
    raw_fu: int


_shape_cache: dict[tuple, _HandShape | None] = {}
_UNSEEN = object()
_SHAPE_CACHE_LIMIT = 100_000


def clear_shape_cache() -> None:
    """Forget cached hand shapes (for a cold benchmark, or to free memory)."""
    _shape_cache.clear()


def _chuuren(full: list[int], base: int, win_kind: int) -> int:
    """0, or 1 for nine gates, 2 when the thirteen tiles before the win were the pure shape."""
    extra = [n - p for n, p in zip(full[base:base + 9], _CHUUREN)]
    if min(extra) < 0 or sum(extra) != 1:
        return 0
    return 2 if extra[win_kind - base] == 1 else 1


def _hand_facts(counts: list[int], melds: Sequence[Meld], win_kind: int, tsumo: bool) -> HandFacts:
    full = counts[:]
    for meld in melds:
        for t in meld.tiles:
            full[t >> 2] += 1
    tiles = sum(full)
    suits = [any(full[base:base + 9]) for base in (0, 9, 18)]
    h = HandFacts()
    h.closed = not any(m.opened for m in melds)
    h.counts = full
    h.win_kind = win_kind
    h.tsumo = tsumo
    h.kans = sum(1 for m in melds if m.is_kan)
    h.has_honor = any(full[27:])
    h.all_terminal_honor = sum(_TERMINAL_HONOR_COUNTS(full)) == tiles
    h.has_terminal = any(_TERMINAL_COUNTS(full))
    h.all_simple = not h.has_honor and not h.has_terminal
    h.suits = sum(suits)
    h.all_green = sum(_GREEN_COUNTS(full)) == tiles
    h.chuuren = 0
    if not melds and h.suits == 1 and not h.has_honor:
        h.chuuren = _chuuren(full, 9 * suits.index(True), win_kind)
    return h


def _peikou(runs: Sequence[int]) -> int:
    if len(set(runs)) == len(runs):
        return 0
    seen: dict[int, int] = {}
    for r in runs:
        seen[r] = seen.get(r, 0) + 1
    return sum(n // 2 for n in seen.values())


def _placed(h: HandFacts, reading: Reading, index: int, wait: str,
            base_sets: list[tuple[int, bool, bool]], concealed_triplets: int) -> _Shape:
    """Fill ``h`` for one placement of the winning tile and read its shape yaku."""
    h.wait = wait
    h.sets = base_sets
    h.concealed_triplets = concealed_triplets
    if wait == "shanpon" and not h.tsumo:
        # a triplet completed by a discard counts as open, for fu and for sanankou
        kind = reading.groups[index] - TRIPLET
        sets = list(base_sets)
        sets[sets.index((kind, False, True))] = (kind, False, False)
        h.sets = sets
        h.concealed_triplets -= 1
    fu = shape_fu(h) if reading.form == REGULAR else 0
    yaku, yakuman = shape_yaku(h)
    return _Shape(reading, wait, h.pair, h.runs, h.triplets, tuple(h.sets), h.concealed_triplets, fu,
                  yaku, sum(y.han for y in yaku), yakuman)


def _build_shape(counts: list[int], melds: Sequence[Meld], win_kind: int, tsumo: bool) -> _HandShape | None:
    readings = readings_of(counts, melds)
    if not readings:
        return None
    h = _hand_facts(counts, melds, win_kind, tsumo)
    meld_runs = [m.first_kind for m in melds if m.type == "chi"]
    meld_sets = [(m.first_kind, m.is_kan, m.type == "ankan") for m in melds if m.type != "chi"]
    meld_triplets = [s[0] for s in meld_sets]
    ankans = sum(1 for s in meld_sets if s[2])
    shapes: list[_Shape] = []
    for reading in readings:
        h.form = reading.form
        if reading.form == REGULAR:
            groups = reading.groups
            concealed_runs = [g for g in groups if g < TRIPLET]
            concealed_triplets = [g - TRIPLET for g in groups if g >= TRIPLET]
            h.pair = reading.pair
            h.runs = tuple(meld_runs + concealed_runs) if meld_runs else tuple(concealed_runs)
            h.triplets = tuple(meld_triplets + concealed_triplets)
            h.peikou = _peikou(concealed_runs) if h.closed else 0
            base_sets = meld_sets + [(kind, False, True) for kind in concealed_triplets]
            for index, wait in win_placements(reading, win_kind):
                shapes.append(_placed(h, reading, index, wait, base_sets, ankans + len(concealed_triplets)))
        else:
            h.pair, h.runs, h.triplets, h.peikou = -1, (), (), 0
            shapes.append(_placed(h, reading, -1, "tanki", [], 0))
    return _HandShape(h.counts, h.closed, h.all_simple, h.kans, tuple(shapes), {})


def _hand_shape(counts: list[int], melds: Sequence[Meld], win_kind: int, tsumo: bool) -> _HandShape | None:
    """The cached shape (None for tiles that make no complete hand, cached as well)."""
    key = (bytes(counts), tuple((m.type, m.tiles[0] >> 2) for m in melds) if melds else (), win_kind, tsumo)
    found = _shape_cache.get(key, _UNSEEN)
    if found is _UNSEEN:
        found = _build_shape(counts, melds, win_kind, tsumo)
        if len(_shape_cache) >= _SHAPE_CACHE_LIMIT:
            _shape_cache.clear()
        _shape_cache[key] = found
    return found


# --- the scorer --------------------------------------------------------------------------

_DORA_OF = tuple(dora_from_indicator(k) for k in range(34))
_RED = frozenset(RED_FIVES)


_WIN_ROWS = rows_by_openness(WIN_YAKU)
_SEAT_ROWS = rows_by_openness(SEAT_YAKU)
_PINFU = _SEAT_ROWS[True][0][1]


def _seat_views(entry: _HandShape, h: HandFacts) -> tuple[_SeatView, ...]:
    """What the seat and round winds decide for each shape of the entry, memoised on it
    (the SEAT_YAKU rows and the pair's fu read nothing else; tsumo is part of the entry)."""
    key = (h.win.seat_wind, h.win.round_wind, h.rules.double_wind_pair_fu)
    found = entry.by_winds.get(key)
    if found is None:
        rows = _SEAT_ROWS[entry.closed]
        views = []
        for shape in entry.shapes:
            h.form = shape.reading.form
            h.pair = shape.pair
            h.triplets = shape.triplets
            h.fu_extra = shape.shape_fu + (pair_fu(shape.pair, h) if shape.pair >= 27 else 0)
            seat = tuple(score for test, score in rows if test(h))
            pinfu = bool(seat) and seat[0] is _PINFU
            fu, raw = fu_total(h, pinfu)
            views.append(_SeatView(seat, sum([y.han for y in seat]) if seat else 0, pinfu, fu, raw))
        found = entry.by_winds[key] = tuple(views)
    return found


def _count_dora(indicators: Sequence[int], full: list[int]) -> int:
    count = 0
    for t in indicators:
        count += full[_DORA_OF[t >> 2]]
    return count


def score_hand(concealed: list[int], melds: list[Meld], win_tile: int, ctx: WinContext,
               rules: RuleSet) -> HandScore:
    """Score a won hand. ``concealed`` holds the physical tiles in the hand, the winning tile
    included, kan tiles excluded. Raises ``NotComplete`` or ``NoYaku`` (``ScoringError``s),
    and ``ScoringError`` for inconsistent input."""
    _check_tiles(concealed, melds, win_tile)
    counts = [0] * 34
    for t in concealed:
        counts[t >> 2] += 1
    tsumo = ctx.tsumo
    entry = _hand_shape(counts, melds, win_tile >> 2, tsumo)
    closed = entry.closed if entry is not None else not any(m.opened for m in melds)
    _check_context(ctx, melds, closed)
    if entry is None:
        raise NotComplete("the tiles do not make a complete hand")

    full = entry.full
    dora = _count_dora(ctx.dora_indicators, full) if ctx.dora_indicators else 0
    aka = 0
    if rules.red_fives:
        aka = len(_RED.intersection(concealed))
        for meld in melds:
            aka += len(_RED.intersection(meld.tiles))
    ura = 0
    if (ctx.riichi or ctx.double_riichi) and rules.ura_dora and ctx.ura_indicators:
        ura = _count_dora(ctx.ura_indicators, full)
    bonus = dora + aka + ura
    renhou = ctx.renhou and rules.renhou_mangan
    dealer = ctx.dealer

    h = HandFacts()
    h.win = ctx
    h.rules = rules
    h.closed = closed
    h.all_simple = entry.all_simple
    win_yaku = [found for test, found in _WIN_ROWS[closed] if test(h)]
    win_han = sum(y.han for y in win_yaku)
    situation_yakuman = tuple(row for row in SITUATION_YAKUMAN if row.test(h)) if ctx.tenhou or ctx.chiihou else ()
    best_key: tuple[int, ...] | None = None
    best: tuple = ()
    for shape, view in zip(entry.shapes, _seat_views(entry, h)):
        rows = shape.yakuman + situation_yakuman if situation_yakuman else shape.yakuman
        fu = view.fu
        pinfu = view.pinfu
        if rows:
            yaku, yakuman = yakuman_value(rows, rules)
            han = 13 * yakuman
            counted = (0, 0, 0)
        else:
            yakuman = 0
            han = win_han + shape.shape_han + view.han
            if han:
                yaku = win_yaku + list(view.yaku)
                yaku.extend(shape.yaku)
                han += bonus
                counted = (dora, aka, ura)
            else:
                yaku, counted = [], (0, 0, 0)
            if renhou and han < 5:
                yaku, han, counted = [YakuScore("renhou", 5)], 5, (0, 0, 0)
        if yaku:
            base, limit = base_points(han, fu, yakuman, rules)
            key = (payment_total(base, tsumo, dealer), 1 if yakuman else 0, han, fu, view.raw_fu)
        else:
            key = (-1, 0, 0, fu, view.raw_fu)
            base, limit = 0, None
        if best_key is None or key > best_key:
            best_key = key
            best = (shape, han, fu, yaku, counted, yakuman, limit, base, pinfu)

    shape, han, fu, yaku, counted, yakuman, limit, base, pinfu = best
    if not yaku:
        raise NoYaku("the hand is complete but has no yaku")
    payment = make_payment(base, tsumo, dealer)
    h.form, h.pair, h.sets, h.wait = shape.reading.form, shape.pair, shape.sets, shape.wait
    with_honba = payment.total + 300 * ctx.honba
    return HandScore(
        han, fu, yaku, counted[0], counted[1], counted[2], yakuman, limit, payment,
        with_honba, with_honba + 1000 * ctx.riichi_sticks, ctx.honba, shape.reading, shape.wait,
        (h, pinfu),
    )
