"""Scoring a won hand: yaku, dora, fu, limits and payments.

``score_hand`` reads the concealed tiles every way they split (``game.decompose``: one
``Split`` per reading, as kind masks), places the winning tile in every group it can
complete, scores each placement with the yaku tests (``game.yaku``) and the fu rules
(``game.fu``), and keeps the one that pays most (then: a real yakuman over a counted one, more
han, more fu). What is the same in every reading (the kinds present, the honours, the
situation, the dora) is read once per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.decompose import CHIITOITSU, KOKUSHI, REGULAR, TRIPLET, Reading, Split, decompositions, \
    reading_of_split, regular_splits, run_wait
from game.fu import CHIITOITSU_FU, WAIT_FU, FuLine, fu_lines, pair_fu, regular_fu
from game.kind_masks import HONORS, TERMINALS_HONORS, mask_of
from game.melds import Meld
from game.payment import Payment, base_points, make_payment, payment_total
from game.rules import RuleSet
from game.tiles import EAST, RED_FIVES, TERMINALS_AND_HONORS, WINDS, dora_from_indicator
from game.yaku import (
    CHIIHOU, CHIITOITSU as CHIITOITSU_YAKU, CHINITSU, KOKUSHI as KOKUSHI_YAKUMAN, KOKUSHI_13, PINFU, RENHOU,
    SANANKOU, SUUANKOU, SUUANKOU_TANKI, TENHOU, YAKUMAN, YakuScore, chuuren_kind, han_table,
    hand_yaku, hand_yakuman, reading_yaku, situation_yaku, yaku_scores, yakuman_value,
)

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
    ``wait`` says how the winning tile completed the hand; ``reading`` (the ``Reading``
    used) and ``fu_lines`` (the fu breakdown) are worked out when first asked for.
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
    wait: str
    _how: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    """(form, split, kinds, wait, open shanpon, melds, closed, pair fu, tsumo, pinfu): what
    the reading needs to explain itself later."""

    @property
    def reading(self) -> Reading:
        """How the concealed tiles were read."""
        assert self._how is not None
        form, split, kinds = self._how[:3]
        if form == REGULAR:
            return reading_of_split(split)
        if form == CHIITOITSU:
            return Reading(CHIITOITSU, -1, kinds)
        return Reading(KOKUSHI, kinds[0], ())

    @property
    def fu_lines(self) -> list[FuLine]:
        """The fu breakdown, one line per source (empty for kokushi)."""
        if self._how is None:
            return []
        form, split, kinds, wait, open_shanpon, melds, closed, pair_value, tsumo, pinfu = self._how
        if form == CHIITOITSU:
            return [FuLine(CHIITOITSU_FU, "seven pairs")]
        if form == KOKUSHI:
            return []
        sets = [(m.tiles[0] >> 2, m.is_kan, m.type == "ankan") for m in melds if m.type != "chi"]
        for group in sorted(split.groups):
            if group >= TRIPLET:
                kind = group - TRIPLET
                sets.append((kind, False, not (open_shanpon and kind == kinds[0])))
        return fu_lines(sets, split.pair, pair_value, wait, closed, tsumo, pinfu)

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


# --- what the melds and the tiles add ----------------------------------------------------

_MELD_SET_FU = {"pon": 2, "daiminkan": 8, "shouminkan": 8, "ankan": 16}
"""A called set's fu before the terminal-or-honour doubling."""


def _meld_facts(melds: Sequence[Meld]) -> tuple[int, int, int, int, int, bool]:
    """(runs mask, triplets mask, set fu, kans, closed kans, closed hand) of the melds."""
    runs = triplets = fu = kans = closed_kans = 0
    closed = True
    for meld in melds:
        kind = meld.tiles[0] >> 2
        what = meld.type
        if what == "chi":
            runs |= 1 << kind
            closed = False
            continue
        triplets |= 1 << kind
        fu += _MELD_SET_FU[what] << (TERMINALS_HONORS >> kind & 1)
        if what == "pon":
            closed = False
        else:
            kans += 1
            if what == "ankan":
                closed_kans += 1
            else:
                closed = False
    return runs, triplets, fu, kans, closed_kans, closed


_DORA_OF = tuple(dora_from_indicator(k) for k in range(34))
_RED = frozenset(RED_FIVES)
_KOKUSHI_KINDS = TERMINALS_AND_HONORS
_TENHOU, _CHIIHOU = [TENHOU], [CHIIHOU]


def _with_melds(counts: list[int], melds: Sequence[Meld]) -> list[int]:
    """The counts of every tile, kans as four."""
    full = counts[:]
    for meld in melds:
        for t in meld.tiles:
            full[t >> 2] += 1
    return full


def _is_kokushi(counts: list[int]) -> bool:
    return counts.count(0) == 21 and all(counts[k] for k in _KOKUSHI_KINDS)


_RUN_PLACES: tuple[tuple[tuple[int, str], ...], ...] = tuple(
    tuple((first, run_wait(first, w)) for first in (w - 2, w - 1, w) if 0 <= first < 27 and first % 9 <= 6)
    if w < 27 else () for w in range(34))
"""Per winning kind: each run (by first kind) that can hold it, with the wait it makes."""
_SINGLE_WAITS = frozenset(w for w, fu in WAIT_FU.items() if fu)


def _yakuman_count(found: list[int], rules: RuleSet) -> int:
    values = [2 if YAKUMAN[i].double and rules.double_yakuman else 1 for i in found]
    return sum(values) if rules.cumulative_yakuman else max(values)


# --- the scorer --------------------------------------------------------------------------

def score_hand(concealed: list[int], melds: list[Meld], win_tile: int, ctx: WinContext,
               rules: RuleSet) -> HandScore:
    """Score a won hand. ``concealed`` holds the physical tiles in the hand, the winning tile
    included, kan tiles excluded. Raises ``NotComplete`` or ``NoYaku`` (``ScoringError``s),
    and ``ScoringError`` for inconsistent input."""
    _check_tiles(concealed, melds, win_tile)
    counts = [0] * 34
    for t in concealed:
        counts[t >> 2] += 1
    if melds:
        meld_runs, meld_triplets, meld_fu, kans, closed_kans, closed = _meld_facts(melds)
    else:
        meld_runs = meld_triplets = meld_fu = kans = closed_kans = 0
        closed = True
    _check_context(ctx, melds, closed)
    key = bytes(counts)
    splits = regular_splits(key)
    # seven pairs that also read as four groups are always ryanpeikou-shaped
    seven_pairs = (not melds and (not splits or splits[0].peikou == 2 or len(splits) > 1)
                   and counts.count(2) == 7)
    kokushi = not splits and not seven_pairs and not melds and _is_kokushi(counts)
    if not (splits or seven_pairs or kokushi):
        raise NotComplete("the tiles do not make a complete hand")

    win_kind = win_tile >> 2
    tsumo = ctx.tsumo
    dealer = ctx.seat_wind == EAST
    full = _with_melds(counts, melds) if melds else counts
    dora = aka = ura = 0
    for t in ctx.dora_indicators:
        dora += full[_DORA_OF[t >> 2]]
    if rules.red_fives:
        aka = len(_RED.intersection(concealed))
        for meld in melds:
            aka += len(_RED.intersection(meld.tiles))
    if (ctx.riichi or ctx.double_riichi) and rules.ura_dora:
        for t in ctx.ura_indicators:
            ura += full[_DORA_OF[t >> 2]]
    bonus = dora + aka + ura

    situation = situation_yaku(ctx, closed)
    hans = han_table(closed)
    situation_han = 0
    for i in situation:
        situation_han += hans[i]
    lucky = _TENHOU if ctx.tenhou else _CHIIHOU if ctx.chiihou else []

    # every placement of the winning tile is a candidate: (han before dora, fu, raw fu, yaku found,
    # yakuman found, how the tiles were read: form, split, kinds, wait, open shanpon, pinfu)
    candidates: list[tuple[Any, ...]] = []

    if kokushi:
        doubled = next(k for k in _KOKUSHI_KINDS if counts[k] == 2)
        found_yakuman = [KOKUSHI_13 if counts[win_kind] == 2 else KOKUSHI_YAKUMAN] + lucky
        candidates.append((0, 0, 0, [], found_yakuman, (KOKUSHI, None, (doubled,), "tanki", False, False)))

    pair_value = 0
    if splits:
        first = splits[0]
        pair = first.pair
        triplets_all = first.triplets | meld_triplets
        all_runs = first.runs | meld_runs
        present = all_runs | all_runs << 1 | all_runs << 2 | triplets_all | 1 << pair
        has_honor = present & HONORS != 0
        shared = situation + hand_yaku(present, triplets_all, pair, kans, closed, ctx, rules)
        shared_han = 0
        for i in shared:
            shared_han += hans[i]
        shared_yakuman = hand_yakuman(present, triplets_all, pair, kans) + lucky
        if not melds and CHINITSU in shared:
            base = 9 * (win_kind // 9)
            kind = chuuren_kind(key[base:base + 9], win_kind - base)
            if kind >= 0:
                shared_yakuman.append(kind)
        if pair >= 27:
            pair_value = pair_fu(pair, ctx.seat_wind, ctx.round_wind, rules.double_wind_pair_fu)
        win_is_outer = TERMINALS_HONORS >> win_kind & 1
        run_places = _RUN_PLACES[win_kind]
        for split in splits:
            split_pair, runs, triplets, peikou, triplet_fu, concealed_triplets, _ = split
            waits = []
            if split_pair == win_kind:
                waits.append("tanki")
            if triplets >> win_kind & 1:
                waits.append("shanpon")
            for start, wait in run_places:
                if runs >> start & 1:
                    waits.append(wait)
            all_triplets = triplets | meld_triplets
            found = shared + reading_yaku(runs | meld_runs, all_triplets, split_pair, peikou, closed, has_honor)
            han = shared_han
            for i in found[len(shared):]:
                han += hans[i]
            for wait in waits:
                hidden = concealed_triplets + closed_kans
                set_fu = triplet_fu + meld_fu
                open_shanpon = wait == "shanpon" and not tsumo
                if open_shanpon:
                    # a triplet completed by a discard counts as open, for fu and for sanankou
                    hidden -= 1
                    set_fu -= 4 if win_is_outer else 2
                pinfu = closed and not all_triplets and not pair_value and wait == "ryanmen"
                fu, raw = regular_fu(set_fu + pair_value + (2 if wait in _SINGLE_WAITS else 0), closed, tsumo, pinfu)
                how = (REGULAR, split, (win_kind,), wait, open_shanpon, pinfu)
                if hidden == 4:
                    candidates.append((0, fu, raw, [], shared_yakuman + [SUUANKOU_TANKI if wait == "tanki" else SUUANKOU],
                                       how))
                elif shared_yakuman:
                    candidates.append((0, fu, raw, [], shared_yakuman, how))
                elif pinfu:
                    candidates.append((han + hans[PINFU], fu, raw, found + [PINFU], (), how))
                elif hidden == 3:
                    candidates.append((han + hans[SANANKOU], fu, raw, found + [SANANKOU], (), how))
                else:
                    candidates.append((han, fu, raw, found, (), how))

    if seven_pairs:
        kinds = tuple(sorted({t >> 2 for t in concealed}))
        present = mask_of(kinds)
        how = (CHIITOITSU, None, kinds, "tanki", False, False)
        found_yakuman = hand_yakuman(present, 0, -1, 0) + lucky
        found = situation + hand_yaku(present, 0, -1, 0, True, ctx, rules) + [CHIITOITSU_YAKU]
        han = 0
        for i in found:
            han += hans[i]
        candidates.append((han, CHIITOITSU_FU, CHIITOITSU_FU, found, found_yakuman, how))

    renhou = ctx.renhou and rules.renhou_mangan
    best = candidates[0]
    value = _value(best, bonus, renhou, rules)
    if len(candidates) > 1:
        best_rank = _rank(best, value, tsumo, dealer)
        for candidate in candidates[1:]:
            other = _value(candidate, bonus, renhou, rules)
            rank = _rank(candidate, other, tsumo, dealer)
            if rank > best_rank:
                best, value, best_rank = candidate, other, rank
    _, fu, _, found, found_yakuman, how = best
    han, yakuman, base, limit, what = value
    counted = (0, 0, 0)
    if what == _YAKUMAN:
        yaku, yakuman = yakuman_value(found_yakuman, rules)
    elif what == _YAKU:
        yaku, counted = yaku_scores(found, closed), (dora, aka, ura)
    elif what == _RENHOU:
        yaku = [RENHOU]
    else:
        raise NoYaku("the hand is complete but has no yaku")
    payment = make_payment(base, tsumo, dealer)
    with_honba = payment_total(base, tsumo, dealer) + 300 * ctx.honba
    form, split, kinds, wait, open_shanpon, pinfu = how
    return HandScore(
        han, fu, yaku, counted[0], counted[1], counted[2], yakuman, limit, payment,
        with_honba, with_honba + 1000 * ctx.riichi_sticks, ctx.honba, wait,
        (form, split, kinds, wait, open_shanpon, melds, closed, pair_value, tsumo, pinfu),
    )


_YAKUMAN, _YAKU, _RENHOU, _NONE = range(4)


def _value(candidate: tuple[Any, ...], bonus: int, renhou: bool, rules: RuleSet
           ) -> tuple[int, int, int, str | None, int]:
    """(han, yakuman count, base points, limit name, what counts: _YAKUMAN, _YAKU, _RENHOU or
    _NONE) of one candidate placement."""
    han, fu, _, found, found_yakuman, _ = candidate
    if found_yakuman:
        count = _yakuman_count(found_yakuman, rules)
        return 13 * count, count, 8000 * count, "yakuman" if count == 1 else f"yakuman x{count}", _YAKUMAN
    if not han:
        if renhou:
            return 5, 0, 2000, "mangan", _RENHOU
        return 0, 0, 0, None, _NONE
    han += bonus
    if renhou and han < 5:
        return 5, 0, 2000, "mangan", _RENHOU
    base, limit = base_points(han, fu, 0, rules)
    return han, 0, base, limit, _YAKU


def _rank(candidate: tuple[Any, ...], value: tuple[int, int, int, str | None, int], tsumo: bool, dealer: bool
          ) -> tuple[int, ...]:
    """What decides between two readings: what the winner receives, then a real yakuman over a
    counted one, more han, more fu (rounded, then raw)."""
    han, yakuman, base, _, what = value
    if what == _NONE:
        return (-1, 0, 0, candidate[1], candidate[2])
    return (payment_total(base, tsumo, dealer), 1 if yakuman else 0, han, candidate[1], candidate[2])
