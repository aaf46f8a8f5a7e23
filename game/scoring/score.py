"""Scoring a won hand: yaku, dora, fu, limits and payments.

``score_hand`` reads the concealed tiles every way they split (``game.hand.decompose``: one
``Split`` per reading, as kind masks), places the winning tile in every group it can
complete, scores each placement with the yaku tests (``game.scoring.yaku``) and the fu rules
(``game.scoring.fu``), and keeps the one that pays most (then: a real yakuman over a counted one, more
han, more fu). What is the same in every reading (the kinds present, the honours, the
situation, the dora) is read once per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any, NamedTuple

from game.hand.decompose import CHIITOITSU, KOKUSHI, REGULAR, TRIPLET, Reading, Split, decompositions, reading_of_split, \
    regular_splits, run_wait
from game.hand.decompose import clear_cache as clear_split_cache
from game.scoring.fu import (
    BASE_FU, CHIITOITSU_FU, FU_START, OPEN_WITHOUT_FU, TSUMO_FU, WAIT_FU, FuLine, fu_lines, pair_fu, round_fu,
)
from game.hand.kind_masks import HONORS, KIND_BITS, TERMINALS_HONORS
from game.melds import Meld
from game.scoring.payment import PAYMENTS, Payment, base_points, payment_of, payment_total
from game.scoring.payment import clear_cache as clear_payment_cache
from game.rules import RuleSet
from game.tiles import EAST, RED_FIVES, TERMINALS_AND_HONORS, WINDS, dora_from_indicator
from game.scoring.yaku import (
    CHIIHOU, CHIITOITSU as CHIITOITSU_YAKU, CHINITSU, COMBINATIONS, KOKUSHI as KOKUSHI_YAKUMAN, KOKUSHI_13,
    NEVER_IN_ONE_FAMILY,
    PINFU, RENHOU, SANANKOU, SUUANKOU, SUUANKOU_TANKI, TENHOU, YakuScore, chuuren_kind,
    hand_yaku, hand_yakuman, reading_yaku, situation_yaku, yaku_value, yakuman_count, yakuman_value,
)
from game.scoring.yaku import clear_cache as clear_yaku_cache

__all__ = [
    "WinContext", "HandScore", "YakuScore", "FuLine", "Payment", "ScoringError", "NoYaku",
    "NotComplete", "score_hand", "decompositions", "clear_caches", "waits_of",
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
    ``RuleSet.renhou_mangan`` and is ignored otherwise. Flags that cannot go together (ippatsu
    without riichi, rinshan on a ron...) are refused here with a ``ScoringError``; what needs
    the melds too (riichi with an open hand, rinshan without a kan) is checked when scoring.
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

    def __post_init__(self) -> None:
        _check_situation(self)

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST


class HandScore(NamedTuple):
    """The value of a won hand, as the reading that pays most scores it.

    ``han`` includes dora (on a yakuman hand it is 13 x ``yakuman_count`` and dora do not
    count); ``fu`` is rounded (25 for seven pairs, 0 for kokushi); ``limit`` is None below
    mangan, else ``mangan`` ... ``sanbaiman``, ``kazoe yakuman``, ``yakuman``, ``yakuman x2``...
    ``wait`` says how the winning tile completed the hand; ``reading`` (the ``Reading``
    used) and ``fu_lines`` (the fu breakdown) are worked out from ``detail`` when asked for.
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
    detail: tuple[Any, ...] | None = None
    """(form, split, kinds, wait, open shanpon, melds, closed, pair fu, tsumo, pinfu): what the
    reading needs to explain itself later; ``kinds`` holds the seven pair kinds, kokushi's
    doubled kind, or (regular hands) the winning kind, whose triplet an open shanpon opened."""

    @property
    def reading(self) -> Reading:
        """How the concealed tiles were read."""
        assert self.detail is not None
        form, split, kinds = self.detail[:3]
        if form == REGULAR:
            return reading_of_split(split)
        if form == CHIITOITSU:
            return Reading(CHIITOITSU, -1, kinds)
        return Reading(KOKUSHI, kinds[0], ())

    @property
    def fu_lines(self) -> list[FuLine]:
        """The fu breakdown, one line per source (empty for kokushi)."""
        if self.detail is None:
            return []
        form, split, kinds, wait, open_shanpon, melds, closed, pair_value, tsumo, pinfu = self.detail
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


def clear_caches() -> None:
    """Forget the per-suit splits, the yaku combinations and the payments seen (small tables
    filled on first use; a cold benchmark clears them)."""
    clear_split_cache()
    clear_yaku_cache()
    clear_payment_cache()


# --- input checks ------------------------------------------------------------------------

def _read_tiles(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int) -> tuple[bytes, set[int]]:
    """The kinds of the concealed tiles, lowest first, and the set of every tile of the hand,
    melds included, once they are known to be a hand's worth of distinct tiles 0..135 (a
    meld's tiles are sorted: its ends are its extremes)."""
    if len(concealed) != 14 - 3 * len(melds):
        if len(melds) > 4:
            raise ScoringError(f"{len(melds)} melds: a hand has at most 4")
        raise ScoringError(f"{len(concealed)} concealed tiles with {len(melds)} melds: "
                           f"expected {14 - 3 * len(melds)}")
    ordered = sorted(concealed)
    if ordered[0] < 0 or ordered[-1] > 135:
        raise ScoringError("tiles must be 0..135")
    distinct = set(ordered)
    held = len(ordered)
    for meld in melds:
        tiles = meld.tiles
        if tiles[0] < 0 or tiles[-1] > 135:
            raise ScoringError("tiles must be 0..135")
        distinct.update(tiles)
        held += len(tiles)
    if len(distinct) != held:
        raise ScoringError("the same physical tile appears twice")
    if win_tile not in (concealed if melds else distinct):
        raise ScoringError(f"the winning tile {win_tile} is not among the concealed tiles")
    return bytes(ordered).translate(KIND_OF_TILE), distinct


def _check_situation(ctx: WinContext) -> None:
    """Refuse a context whose winds, counters or flags cannot go together."""
    if ctx.seat_wind not in WINDS or ctx.round_wind not in WINDS:
        raise ScoringError("seat_wind and round_wind must be wind kinds 27..30")
    if ctx.honba < 0 or ctx.riichi_sticks < 0:
        raise ScoringError("honba and riichi_sticks cannot be negative")
    if ctx.ippatsu and not (ctx.riichi or ctx.double_riichi):
        _inconsistent("ippatsu without riichi")
    if ctx.rinshan:
        if not ctx.tsumo:
            _inconsistent("rinshan on a ron")
        if ctx.haitei:
            _inconsistent("haitei together with rinshan")
    if ctx.chankan:
        if ctx.tsumo:
            _inconsistent("chankan on a tsumo")
        if ctx.houtei:
            _inconsistent("houtei together with chankan")
    if ctx.haitei and not ctx.tsumo:
        _inconsistent("haitei on a ron")
    if ctx.houtei and ctx.tsumo:
        _inconsistent("houtei on a tsumo")
    if ctx.tenhou or ctx.chiihou:
        if not ctx.tsumo:
            _inconsistent("tenhou/chiihou needs a tsumo without melds")
        if ctx.tenhou and not ctx.dealer:
            _inconsistent("tenhou for a non-dealer")
        if ctx.chiihou and ctx.dealer:
            _inconsistent("chiihou for the dealer")
    if ctx.renhou and (ctx.tsumo or ctx.dealer):
        _inconsistent("renhou needs a non-dealer ron without melds")


def _check_context(ctx: WinContext, melds: Sequence[Meld], closed: bool) -> None:
    """Refuse what the context and the melds together rule out."""
    if (ctx.riichi or ctx.double_riichi) and not closed:
        _inconsistent("riichi with an open hand")
    if ctx.rinshan and not any(m.is_kan for m in melds):
        _inconsistent("rinshan without a kan")
    if melds and (ctx.tenhou or ctx.chiihou):
        _inconsistent("tenhou/chiihou needs a tsumo without melds")
    if melds and ctx.renhou:
        _inconsistent("renhou needs a non-dealer ron without melds")


def _inconsistent(what: str) -> None:
    raise ScoringError(f"inconsistent win context: {what}")


# --- what the melds and the tiles add ----------------------------------------------------

_MELD_SET_FU = {"pon": 2, "daiminkan": 8, "shouminkan": 8, "ankan": 16}
"""A called set's fu before the terminal-or-honour doubling."""


def _meld_facts(melds: Sequence[Meld]) -> tuple[int, int, int, int, int, bool, bytes]:
    """(runs mask, triplets mask, set fu, kans, closed kans, closed hand, kinds of their tiles)
    of the melds."""
    runs = triplets = fu = kans = closed_kans = 0
    closed = True
    kinds = b""
    for meld in melds:
        kinds += bytes(meld.tiles).translate(KIND_OF_TILE)
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
    return runs, triplets, fu, kans, closed_kans, closed, kinds


_DORA_OF = tuple(dora_from_indicator(k) for k in range(34))
_RED = frozenset(RED_FIVES)
_KOKUSHI_KINDS = TERMINALS_AND_HONORS


KIND_OF_TILE = bytes(t >> 2 for t in range(136)) + bytes(120)
"""``bytes(tiles).translate(KIND_OF_TILE)``: the kinds of physical tiles (0..135), in one step."""
_KOKUSHI_SET = frozenset(_KOKUSHI_KINDS)


def _is_seven_pairs(kinds: bytes) -> bool:
    """Fourteen sorted kinds that are seven different pairs."""
    pairs = kinds[::2]
    return len(kinds) == 14 and pairs == kinds[1::2] and len(set(pairs)) == 7


def waits_of(win_kind: int, places: int) -> tuple[str, ...]:
    """The waits a winning kind makes in one reading, from five bits: the pair is of that kind
    (16), a concealed triplet is (8), a run starts two below it (1), one below (2), at it (4).

    >>> waits_of(2, 16 | 1 | 4)  # 3m: the pair, the run 123m (penchan) and 345m (ryanmen)
    ('tanki', 'penchan', 'ryanmen')
    """
    waits = []
    if places & 16:
        waits.append("tanki")
    if places & 8:
        waits.append("shanpon")
    for bit, start in ((1, win_kind - 2), (2, win_kind - 1), (4, win_kind)):
        if places & bit:
            waits.append(run_wait(start, win_kind))
    return tuple(waits)


_WAITS = tuple(tuple(waits_of(w, places) for places in range(32)) for w in range(34))
"""Per winning kind, the waits for each combination of places (a run's first kind is always a
real run's, 1-7 of a suit, so a set bit never names a run of another suit)."""


# --- the scorer --------------------------------------------------------------------------

class Candidate(NamedTuple):
    """One way to read a won hand: a placement of the winning tile with what it is worth."""

    yaku: int
    """The yaku found, as bits of the ``YAKU`` rows."""
    yakuman: int
    """The yakuman found, as bits of the ``YAKUMAN`` rows."""
    fu: int
    raw_fu: int
    """Fu before rounding (it breaks ties between readings of equal rounded fu)."""
    form: str
    split: Split | None
    wait: str
    open_shanpon: bool
    """A triplet completed by a discard: open for fu and for sanankou."""
    pinfu: bool
    kinds: tuple[int, ...] | None
    """The kinds that make the reading when there is no split (seven pairs, thirteen orphans)."""


_ROUNDED_FU = tuple(round_fu(raw) for raw in range(256))
"""``round_fu`` as a table (a hand's raw fu stays far below 256)."""

_candidate = tuple.__new__
"""Builds a Candidate from its values without the Python-level constructor (hot path)."""


def _bonus_tiles(kinds: bytes, meld_kinds: bytes, every_tile: set[int], ctx: WinContext, rules: RuleSet
                 ) -> tuple[int, int, int]:
    """(dora, red fives, ura dora) in the hand (``every_tile``: melds included); ura only under
    riichi and where the rules count it."""
    every_kind = kinds + meld_kinds
    dora = aka = ura = 0
    for t in ctx.dora_indicators:
        dora += every_kind.count(_DORA_OF[t >> 2])
    if rules.red_fives:
        aka = len(_RED.intersection(every_tile))
    if (ctx.riichi or ctx.double_riichi) and rules.ura_dora:
        for t in ctx.ura_indicators:
            ura += every_kind.count(_DORA_OF[t >> 2])
    return dora, aka, ura


def score_hand(concealed: list[int], melds: list[Meld], win_tile: int, ctx: WinContext,
               rules: RuleSet) -> HandScore:
    """Score a won hand. ``concealed`` holds the physical tiles in the hand, the winning tile
    included, kan tiles excluded. Raises ``NotComplete`` or ``NoYaku`` (``ScoringError``s),
    and ``ScoringError`` for inconsistent input.

    >>> from game.rules import EMA
    >>> from game.tiles import parse_tiles
    >>> hand = parse_tiles("123m456p789s234m55s")
    >>> score = score_hand(hand, [], hand[11], WinContext(tsumo=True, riichi=True), EMA)  # on the 4m
    >>> score.han, score.fu, [y.name for y in score.yaku], score.payment.total
    (3, 20, ['menzen tsumo', 'riichi', 'pinfu'], 3900)
    """
    kinds, every_tile = _read_tiles(concealed, melds, win_tile)
    if melds:
        meld_runs, meld_triplets, meld_fu, kans, closed_kans, closed, meld_kinds = _meld_facts(melds)
    else:
        meld_runs = meld_triplets = meld_fu = kans = closed_kans = 0
        closed = True
        meld_kinds = b""
    if ctx.rinshan or (melds and (ctx.riichi or ctx.double_riichi or ctx.tenhou or ctx.chiihou or ctx.renhou)):
        _check_context(ctx, melds, closed)
    splits = regular_splits(kinds)  # kept per shape: a shape seen before is one look-up
    # seven pairs that also read as four groups are always ryanpeikou-shaped
    seven_pairs = not melds and (not splits or splits[0].peikou == 2 or len(splits) > 1) and _is_seven_pairs(kinds)
    kokushi = not splits and not seven_pairs and not melds and _KOKUSHI_SET.issuperset(kinds) \
        and len(set(kinds)) == 13
    if not (splits or seven_pairs or kokushi):
        raise NotComplete("the tiles do not make a complete hand")

    win_kind = win_tile >> 2
    tsumo = ctx.tsumo
    dealer = ctx.seat_wind == EAST
    dora, aka, ura = _bonus_tiles(kinds, meld_kinds, every_tile, ctx, rules)
    bonus = dora + aka + ura

    situation = situation_yaku(ctx, closed)
    lucky = TENHOU if ctx.tenhou else CHIIHOU if ctx.chiihou else 0

    # every placement of the winning tile is a candidate reading
    candidates: list[Candidate] = []
    if kokushi:
        doubled = next(k for k in _KOKUSHI_KINDS if kinds.count(k) == 2)
        candidates.append(_candidate(Candidate, (0, (KOKUSHI_13 if kinds.count(win_kind) == 2 else KOKUSHI_YAKUMAN)
                                                 | lucky, 0, 0, KOKUSHI, None, "tanki", False, False, (doubled,))))

    pair_value = 0
    if splits:
        first = splits[0]
        pair = first.pair
        all_triplets = first.triplets | meld_triplets
        runs = first.runs | meld_runs
        present = runs | runs << 1 | runs << 2 | all_triplets | 1 << pair  # covered_by_runs inlined
        has_honor = present & HONORS != 0
        shared = situation | hand_yaku(present, all_triplets, pair, kans, closed, ctx, rules)
        if present & NEVER_IN_ONE_FAMILY and kans < 4 and not all_triplets & HONORS:
            shared_yakuman = lucky  # the usual hand: hand_yakuman's first test, without the call
        else:
            shared_yakuman = hand_yakuman(present, all_triplets, pair, kans) | lucky
        if not melds and shared & CHINITSU:
            base = 9 * (win_kind // 9)
            shared_yakuman |= chuuren_kind(bytes(kinds.count(k) for k in range(base, base + 9)), win_kind - base)
        if pair >= 27:
            pair_value = pair_fu(pair, ctx.seat_wind, ctx.round_wind, rules.double_wind_pair_fu)
        win_is_outer = TERMINALS_HONORS >> win_kind & 1
        win_waits = _WAITS[win_kind]
        start_fu = FU_START[closed, tsumo]
        for split in splits:
            split_pair, runs, triplets, peikou, triplet_fu, concealed_triplets, _ = split
            waits = win_waits[(split_pair == win_kind) << 4 | (triplets >> win_kind & 1) << 3
                              | runs << 2 >> win_kind & 7]
            all_triplets = triplets | meld_triplets
            found = shared | reading_yaku(runs | meld_runs, all_triplets, split_pair, peikou, closed, has_honor)
            for wait in waits:
                hidden = concealed_triplets + closed_kans
                set_fu = triplet_fu + meld_fu
                open_shanpon = wait == "shanpon" and not tsumo
                if open_shanpon:
                    # a triplet completed by a discard counts as open, for fu and for sanankou
                    hidden -= 1
                    set_fu -= 4 if win_is_outer else 2
                pinfu = closed and not all_triplets and not pair_value and wait == "ryanmen"
                raw = start_fu + set_fu + pair_value + WAIT_FU[wait]
                if pinfu and tsumo:
                    raw -= TSUMO_FU
                fu = OPEN_WITHOUT_FU if raw == BASE_FU and not closed else _ROUNDED_FU[raw]
                if hidden == 4:
                    candidates.append(_candidate(Candidate, (
                        0, shared_yakuman | (SUUANKOU_TANKI if wait == "tanki" else SUUANKOU),
                        fu, raw, REGULAR, split, wait, open_shanpon, pinfu, None)))
                else:
                    candidates.append(_candidate(Candidate, (
                        found | PINFU if pinfu else found | SANANKOU if hidden == 3 else found,
                        shared_yakuman, fu, raw, REGULAR, split, wait, open_shanpon, pinfu, None)))

    if seven_pairs:
        pairs = tuple(kinds[::2])
        present = reduce(or_, map(KIND_BITS.__getitem__, pairs))
        found = situation | hand_yaku(present, 0, -1, 0, True, ctx, rules) | CHIITOITSU_YAKU
        candidates.append(_candidate(Candidate, (found, hand_yakuman(present, 0, -1, 0) | lucky, CHIITOITSU_FU,
                                                 CHIITOITSU_FU, CHIITOITSU, None, "tanki", False, False, pairs)))

    renhou = ctx.renhou and rules.renhou_mangan
    if len(candidates) == 1:  # the usual hand: one reading, nothing to rank
        best = candidates[0]
        value = _value(best[0], best[1], best[2], bonus, renhou, closed, rules)  # yaku, yakuman, fu
    else:
        best, value = _best_reading(candidates, bonus, renhou, closed, tsumo, dealer, rules)
    _, found_yakuman, fu, _, form, split, wait, open_shanpon, pinfu, reading_kinds = best
    han, yakuman, base, limit, yaku = value
    if yakuman:
        yaku, yakuman = yakuman_value(found_yakuman, rules)
        counted_dora = counted_aka = counted_ura = 0
    elif yaku is _RENHOU_ONLY:
        yaku = [RENHOU]
        counted_dora = counted_aka = counted_ura = 0
    elif yaku:
        yaku = list(yaku)
        counted_dora, counted_aka, counted_ura = dora, aka, ura
    else:
        raise NoYaku("the hand is complete but has no yaku")
    known = PAYMENTS.get((base, tsumo, dealer))
    payment, total = known if known is not None else payment_of(base, tsumo, dealer)
    with_honba = total + 300 * ctx.honba
    return _new_score(HandScore, (
        han, fu, yaku, counted_dora, counted_aka, counted_ura, yakuman, limit, payment,
        with_honba, with_honba + 1000 * ctx.riichi_sticks, ctx.honba, wait,
        (form, split, reading_kinds or (win_kind,), wait, open_shanpon, melds, closed, pair_value, tsumo, pinfu),
    ))


def _best_reading(candidates: list[Candidate], bonus: int, renhou: bool, closed: bool, tsumo: bool, dealer: bool,
                  rules: RuleSet) -> tuple[Candidate, tuple[int, int, int, str | None, tuple[YakuScore, ...]]]:
    """The reading that pays the winner most (see ``_rank``) and its value."""
    best = candidates[0]
    value = _value(best[0], best[1], best[2], bonus, renhou, closed, rules)  # yaku, yakuman, fu
    best_rank = _rank(best, value, tsumo, dealer)
    for candidate in candidates[1:]:
        other = _value(candidate.yaku, candidate.yakuman, candidate.fu, bonus, renhou, closed, rules)
        rank = _rank(candidate, other, tsumo, dealer)
        if rank > best_rank:
            best, value, best_rank = candidate, other, rank
    return best, value


_RENHOU_ONLY = (RENHOU,)
_new_score = tuple.__new__
"""Builds a HandScore from its values without the Python-level constructor (hot path)."""


def _value(found: int, found_yakuman: int, fu: int, bonus: int, renhou: bool, closed: bool, rules: RuleSet
           ) -> tuple[int, int, int, str | None, tuple[YakuScore, ...]]:
    """(han, yakuman count, base points, limit name, yaku) of one candidate placement; the
    yaku are () when there is none, and () with a yakuman count for yakuman."""
    if found_yakuman:
        count = yakuman_count(found_yakuman, rules)
        return 13 * count, count, 8000 * count, "yakuman" if count == 1 else f"yakuman x{count}", ()
    value = COMBINATIONS[closed].get(found)
    han, yaku = value if value is not None else yaku_value(found, closed)
    if not han:
        if renhou:
            return 5, 0, 2000, "mangan", _RENHOU_ONLY
        return 0, 0, 0, None, ()
    han += bonus
    if renhou and han < 5:
        return 5, 0, 2000, "mangan", _RENHOU_ONLY
    base, limit = base_points(han, fu, 0, rules)
    return han, 0, base, limit, yaku


def _rank(candidate: Candidate, value: tuple[int, int, int, str | None, tuple[YakuScore, ...]], tsumo: bool,
          dealer: bool
          ) -> tuple[int, ...]:
    """What decides between two readings: what the winner receives (nothing for a reading without
    yaku, whose base is 0), then a real yakuman over a counted one, more han, more fu (rounded, then raw)."""
    han, yakuman, base, _, _ = value
    return (payment_total(base, tsumo, dealer), 1 if yakuman else 0, han, candidate.fu, candidate.raw_fu)
