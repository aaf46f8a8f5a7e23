"""The yaku and yakuman: a table of names and values, and the tests that find them.

The tables say what each yaku is worth (han closed and open, 0 open = closed only) and what it
asks of the hand, in the words of the rules page. The tests read a hand as kind masks
(``game.hand.kind_masks``): ``present`` (every kind in the hand), ``triplets`` (triplet and kan
kinds, called ones included), ``runs`` (the runs' first kinds, called runs included) and the
pair. They are grouped by what they read, because the scorer asks each group once:

* ``situation_yaku``: how and when the hand was won (once per hand);
* ``hand_yaku`` / ``hand_yakuman``: the kinds present, the honours, the kans (once per hand:
  every reading of a hand holds the same kinds and the same honour sets);
* ``reading_yaku``: the runs and triplets of one reading;
* the wait (pinfu) and the concealed triplets (sanankou, suuankou), which depend on where the
  winning tile sits, are read by the scorer for each placement.

Each test returns the rows it found as a set of bits (bit ``i`` = row ``i`` of ``YAKU`` or
``YAKUMAN``), so that the scorer joins them with ``|``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.hand.kind_masks import (
    DRAGON_MASK, GREEN_MASK, HONORS, NUMBERS, OUTSIDE_RUNS, SUIT_MASKS, TERMINALS, TERMINALS_HONORS, WIND_MASK,
)

if TYPE_CHECKING:
    from game.rules import RuleSet
    from game.scoring.score import WinContext

__all__ = [
    "YakuScore", "Yaku", "Yakuman", "YAKU", "YAKUMAN", "RENHOU",
    "yaku_value", "COMBINATIONS", "clear_cache", "situation_yaku", "hand_yaku", "reading_yaku", "hand_yakuman",
    "chuuren_kind", "yakuman_count", "yakuman_value", "NEVER_IN_ONE_FAMILY",
]


class YakuScore(NamedTuple):
    """A yaku as counted in one hand: its canonical name and han (13 x multiplier for yakuman)."""

    name: str
    han: int


class Yaku(NamedTuple):
    name: str
    han_closed: int
    han_open: int
    """0: the yaku needs a closed hand."""
    rule: str


class Yakuman(NamedTuple):
    name: str
    double: bool
    """One of the four patterns worth a double yakuman when ``RuleSet.double_yakuman``."""
    rule: str


YAKU: tuple[Yaku, ...] = (
    # how and when the hand was won
    Yaku("menzen tsumo", 1, 0, "a closed hand won on a self-drawn tile"),
    Yaku("riichi", 1, 0, "riichi declared"),
    Yaku("double riichi", 2, 0, "riichi declared on the first uninterrupted turn"),
    Yaku("ippatsu", 1, 0, "won within one turn of riichi, no call between"),
    Yaku("chankan", 1, 1, "won on a tile added to a pon"),
    Yaku("rinshan", 1, 1, "won on the replacement tile of a kan"),
    Yaku("haitei", 1, 1, "won on the last tile of the wall"),
    Yaku("houtei", 1, 1, "won on the last discard"),
    # the wait
    Yaku("pinfu", 1, 0, "four runs, a pair worth no fu, a two-sided wait"),
    # the kinds present
    Yaku("tanyao", 1, 1, "only simples (open too where the rules allow it)"),
    # sequences
    Yaku("iipeikou", 1, 0, "two identical runs"),
    Yaku("ryanpeikou", 3, 0, "two pairs of identical runs"),
    Yaku("sanshoku doujun", 2, 1, "the same run in all three suits"),
    Yaku("ittsu", 2, 1, "123 456 789 of one suit"),
    # honours
    Yaku("seat wind", 1, 1, "a triplet of the seat's wind"),
    Yaku("round wind", 1, 1, "a triplet of the round's wind"),
    Yaku("haku", 1, 1, "a triplet of white dragons"),
    Yaku("hatsu", 1, 1, "a triplet of green dragons"),
    Yaku("chun", 1, 1, "a triplet of red dragons"),
    Yaku("shousangen", 2, 2, "two dragon triplets and a dragon pair"),
    # terminals
    Yaku("chanta", 2, 1, "a terminal or honour in every set and the pair, a run, an honour"),
    Yaku("junchan", 3, 2, "a terminal in every set and the pair, a run, no honour"),
    Yaku("honroutou", 2, 2, "only terminals and honours, both"),
    # triplets and quads
    Yaku("toitoi", 2, 2, "four triplets or kans"),
    Yaku("sanankou", 2, 2, "three concealed triplets"),
    Yaku("sankantsu", 2, 2, "three kans"),
    Yaku("sanshoku doukou", 2, 2, "the same triplet in all three suits"),
    # special form and one suit
    Yaku("chiitoitsu", 2, 0, "seven different pairs"),
    Yaku("honitsu", 3, 2, "one suit with honours"),
    Yaku("chinitsu", 6, 5, "one suit, no honours"),
)
"""Every yaku below yakuman, in the order a result lists them. Dora, red fives and ura dora
are counted apart: never a yaku."""

YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi musou", False, "one of each terminal and honour and one more of them"),
    Yakuman("kokushi musou 13-sided wait", True, "kokushi waiting on all thirteen"),
    Yakuman("chuuren poutou", False, "1112345678999 of one suit and one more of it, closed"),
    Yakuman("junsei chuuren poutou", True, "chuuren poutou waiting on all nine"),
    Yakuman("suuankou", False, "four concealed triplets"),
    Yakuman("suuankou tanki", True, "four concealed triplets, won on the pair"),
    Yakuman("daisangen", False, "three dragon triplets"),
    Yakuman("shousuushii", False, "three wind triplets and a wind pair"),
    Yakuman("daisuushii", True, "four wind triplets"),
    Yakuman("ryuuiisou", False, "only 23468 of bamboo and green dragons"),
    Yakuman("tsuuiisou", False, "only honours"),
    Yakuman("chinroutou", False, "only terminals"),
    Yakuman("suukantsu", False, "four kans"),
    Yakuman("tenhou", False, "the dealer wins on the first draw"),
    Yakuman("chiihou", False, "a non-dealer wins on the first draw, no call before"),
)

RENHOU = YakuScore("renhou", 5)
"""A non-dealer's ron before their first draw, counted as a mangan under ``renhou_mangan``."""


(MENZEN_TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, CHANKAN, RINSHAN, HAITEI, HOUTEI, PINFU, TANYAO,
 IIPEIKOU, RYANPEIKOU, SANSHOKU, ITTSU, SEAT_WIND, ROUND_WIND, HAKU, HATSU, CHUN, SHOUSANGEN,
 CHANTA, JUNCHAN, HONROUTOU, TOITOI, SANANKOU, SANKANTSU, SANSHOKU_DOUKOU, CHIITOITSU, HONITSU,
 CHINITSU) = (1 << i for i in range(len(YAKU)))
(KOKUSHI, KOKUSHI_13, CHUUREN, JUNSEI_CHUUREN, SUUANKOU, SUUANKOU_TANKI, DAISANGEN, SHOUSUUSHII,
 DAISUUSHII, RYUUIISOU, TSUUIISOU, CHINROUTOU, SUUKANTSU, TENHOU, CHIIHOU) = (1 << i for i in range(len(YAKUMAN)))
"""Each row as a bit: the tests return the rows they find as a set of these bits."""


def _rows(found: int) -> list[int]:
    """The row indices of a set of bits, lowest first."""
    return [i for i in range(found.bit_length()) if found >> i & 1]


_HAN = {closed: tuple(row.han_closed if closed else row.han_open for row in YAKU) for closed in (True, False)}
_SCORES = {closed: tuple(YakuScore(row.name, han) for row, han in zip(YAKU, _HAN[closed]))
           for closed in (True, False)}
COMBINATIONS: dict[bool, dict[int, tuple[int, tuple[YakuScore, ...]]]] = {True: {}, False: {}}
"""Per openness: a set of rows found -> its han and its scores (the sets that occur are few)."""


def yaku_value(found: int, closed: bool) -> tuple[int, tuple[YakuScore, ...]]:
    """The han of a set of rows and the rows as names with their han, in table order."""
    known = COMBINATIONS[closed]
    value = known.get(found)
    if value is None:
        scores = tuple(_SCORES[closed][i] for i in _rows(found))
        value = known[found] = (sum(score.han for score in scores), scores)
    return value


def clear_cache() -> None:
    """Forget the combinations seen (for a cold benchmark)."""
    for known in COMBINATIONS.values():
        known.clear()
    _YAKUMAN_VALUES.clear()


# --- the tests ---------------------------------------------------------------------------

_SUIT_STARTS = 1 | 1 << 9 | 1 << 18
"""The first kind of each suit: 123 456 789 of one suit are runs from s, s + 3 and s + 6."""
NEVER_IN_ONE_FAMILY = ~(GREEN_MASK | HONORS | TERMINALS) & ((1 << 34) - 1)
"""Kinds outside every one-family yakuman (all green, all honours, all terminals): a hand
holding one, with fewer than four kans and no honour triplet, has none of ``hand_yakuman``."""


def situation_yaku(win: WinContext, closed: bool) -> int:
    """How and when the hand was won."""
    found = 0
    if closed:
        if win.tsumo:
            found |= MENZEN_TSUMO
        if win.double_riichi:
            found |= DOUBLE_RIICHI
        elif win.riichi:
            found |= RIICHI
        if win.ippatsu:
            found |= IPPATSU
    if win.chankan:
        found |= CHANKAN
    if win.rinshan:
        found |= RINSHAN
    if win.haitei:
        found |= HAITEI
    if win.houtei:
        found |= HOUTEI
    return found


def hand_yaku(present: int, triplets: int, pair: int, kans: int, closed: bool, win: WinContext,
              rules: RuleSet) -> int:
    """What the kinds present, the honour triplets, the pair's kind and the kans give, the
    same in every reading of the hand (``pair`` -1 for seven pairs)."""
    found = 0
    if not present & TERMINALS_HONORS:
        if closed or rules.open_tanyao:
            found |= TANYAO
    else:
        honors = triplets & HONORS
        if honors:
            if honors >> win.seat_wind & 1:
                found |= SEAT_WIND
            if honors >> win.round_wind & 1:
                found |= ROUND_WIND
            dragons = honors & DRAGON_MASK
            if dragons:
                if dragons >> 31 & 1:
                    found |= HAKU
                if dragons >> 32 & 1:
                    found |= HATSU
                if dragons >> 33 & 1:
                    found |= CHUN
                if dragons.bit_count() == 2 and pair >= 0 and DRAGON_MASK >> pair & 1:
                    found |= SHOUSANGEN
        if not present & ~TERMINALS_HONORS and present & HONORS and present & TERMINALS:
            found |= HONROUTOU
    if kans == 3:
        found |= SANKANTSU
    numbers = present & NUMBERS
    if numbers and not numbers & ~SUIT_MASKS[(numbers.bit_length() - 1) // 9]:
        # every number tile is of the suit of the highest one
        found |= HONITSU if present & HONORS else CHINITSU
    return found


def reading_yaku(runs: int, triplets: int, pair: int, peikou: int, closed: bool, has_honor: bool) -> int:
    """What one reading's runs and triplets give (the peikou count is of concealed runs)."""
    found = 0
    if runs:
        if peikou and closed:
            found |= IIPEIKOU if peikou == 1 else RYANPEIKOU
        if runs & runs >> 9 & runs >> 18:
            found |= SANSHOKU
        if runs & runs >> 3 & runs >> 6 & _SUIT_STARTS:
            found |= ITTSU
        if not runs & ~OUTSIDE_RUNS and not triplets & ~TERMINALS_HONORS and TERMINALS_HONORS >> pair & 1:
            found |= CHANTA if has_honor else JUNCHAN
    else:
        found |= TOITOI
    if triplets & triplets >> 9 & triplets >> 18 & 0x1FF:
        found |= SANSHOKU_DOUKOU
    return found


def hand_yakuman(present: int, triplets: int, pair: int, kans: int) -> int:
    """The yakuman every reading of the hand shares (chuuren and the concealed triplets are
    the scorer's to add)."""
    if present & NEVER_IN_ONE_FAMILY and kans < 4 and not triplets & HONORS:
        return 0  # the usual hand: nothing below can hold it
    found = 0
    big = triplets & (DRAGON_MASK | WIND_MASK)
    if big.bit_count() >= 3:
        if (triplets & DRAGON_MASK).bit_count() == 3:
            found |= DAISANGEN
        winds = (triplets & WIND_MASK).bit_count()
        if winds == 4:
            found |= DAISUUSHII
        elif winds == 3 and pair >= 0 and WIND_MASK >> pair & 1:
            found |= SHOUSUUSHII
    if not present & ~GREEN_MASK:
        found |= RYUUIISOU
    if not present & ~HONORS:
        found |= TSUUIISOU
    if not present & ~TERMINALS:
        found |= CHINROUTOU
    if kans == 4:
        found |= SUUKANTSU
    return found


_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def chuuren_kind(suit_counts: bytes, win_offset: int) -> int:
    """For the nine counts of a closed one-suit hand: CHUUREN, JUNSEI_CHUUREN when the
    thirteen tiles before the win were the pure shape, or 0."""
    extra = [n - p for n, p in zip(suit_counts, _CHUUREN)]
    if min(extra) < 0 or sum(extra) != 1:
        return 0
    return JUNSEI_CHUUREN if extra[win_offset] == 1 else CHUUREN


_DOUBLE_ROWS = sum(1 << i for i, row in enumerate(YAKUMAN) if row.double)


def yakuman_count(found: int, rules: RuleSet) -> int:
    """The multiplier of a set of yakuman rows: the four double patterns count 2 under
    ``double_yakuman``; several yakuman add up under ``cumulative_yakuman``, else the largest
    counts."""
    doubles = found & _DOUBLE_ROWS if rules.double_yakuman else 0
    if rules.cumulative_yakuman:
        return found.bit_count() + doubles.bit_count()
    return 2 if doubles else 1


_YAKUMAN_VALUES: dict[tuple[int, bool, bool], tuple[tuple[YakuScore, ...], int]] = {}


def yakuman_value(found: int, rules: RuleSet) -> tuple[list[YakuScore], int]:
    """Yakuman as listed (26 han for a counted double, else 13) and the hand's multiplier."""
    key = (found, rules.double_yakuman, rules.cumulative_yakuman)
    value = _YAKUMAN_VALUES.get(key)
    if value is None:
        double_on = rules.double_yakuman
        rows = [YAKUMAN[i] for i in _rows(found)]
        scores = tuple(YakuScore(row.name, 26 if row.double and double_on else 13) for row in rows)
        value = _YAKUMAN_VALUES[key] = (scores, yakuman_count(found, rules))
    return list(value[0]), value[1]
