"""The yaku and yakuman: a table of names and values, and the tests that find them.

The tables say what each yaku is worth (han closed and open, 0 open = closed only) and what it
asks of the hand, in the words of the rules page. The tests read a hand as kind masks
(``game.kind_masks``): ``present`` (every kind in the hand), ``triplets`` (triplet and kan
kinds, called ones included), ``runs`` (the runs' first kinds, called runs included) and the
pair. They are grouped by what they read, because the scorer asks each group once:

* ``situation_yaku``: how and when the hand was won (once per hand);
* ``hand_yaku`` / ``hand_yakuman``: the kinds present, the honours, the kans (once per hand:
  every reading of a hand holds the same kinds and the same honour sets);
* ``reading_yaku``: the runs and triplets of one reading;
* the wait (pinfu) and the concealed triplets (sanankou, suuankou), which depend on where the
  winning tile sits, are read by the scorer for each placement.

Each test returns the indices of the rows it found (``YAKU`` / ``YAKUMAN``), in table order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.kind_masks import (
    DRAGON_MASK, GREEN_MASK, HONORS, OUTSIDE_RUNS, SUIT_MASKS, TERMINALS, TERMINALS_HONORS, WIND_MASK,
)

if TYPE_CHECKING:
    from game.rules import RuleSet
    from game.scoring import WinContext

__all__ = [
    "YakuScore", "Yaku", "Yakuman", "YAKU", "YAKUMAN", "RENHOU", "yaku_index", "yakuman_index",
    "han_table", "yaku_scores", "situation_yaku", "hand_yaku", "reading_yaku", "hand_yakuman",
    "chuuren_kind", "yakuman_value",
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


def yaku_index(name: str) -> int:
    return next(i for i, row in enumerate(YAKU) if row.name == name)


def yakuman_index(name: str) -> int:
    return next(i for i, row in enumerate(YAKUMAN) if row.name == name)


(MENZEN_TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, CHANKAN, RINSHAN, HAITEI, HOUTEI, PINFU, TANYAO,
 IIPEIKOU, RYANPEIKOU, SANSHOKU, ITTSU, SEAT_WIND, ROUND_WIND, HAKU, HATSU, CHUN, SHOUSANGEN,
 CHANTA, JUNCHAN, HONROUTOU, TOITOI, SANANKOU, SANKANTSU, SANSHOKU_DOUKOU, CHIITOITSU, HONITSU,
 CHINITSU) = range(len(YAKU))
(KOKUSHI, KOKUSHI_13, CHUUREN, JUNSEI_CHUUREN, SUUANKOU, SUUANKOU_TANKI, DAISANGEN, SHOUSUUSHII,
 DAISUUSHII, RYUUIISOU, TSUUIISOU, CHINROUTOU, SUUKANTSU, TENHOU, CHIIHOU) = range(len(YAKUMAN))


def han_table(closed: bool) -> tuple[int, ...]:
    """Each row's han for a closed or an open hand (0: not counted)."""
    return _HAN[closed]


_HAN = {closed: tuple(row.han_closed if closed else row.han_open for row in YAKU) for closed in (True, False)}
_SCORES = {closed: tuple(YakuScore(row.name, han) for row, han in zip(YAKU, _HAN[closed]))
           for closed in (True, False)}


def yaku_scores(found: list[int], closed: bool) -> list[YakuScore]:
    """The rows found, as names with their han, in table order."""
    scores = _SCORES[closed]
    return [scores[i] for i in sorted(found)]


# --- the tests ---------------------------------------------------------------------------

def situation_yaku(win: WinContext, closed: bool) -> list[int]:
    """How and when the hand was won."""
    found = []
    if closed:
        if win.tsumo:
            found.append(MENZEN_TSUMO)
        if win.double_riichi:
            found.append(DOUBLE_RIICHI)
        elif win.riichi:
            found.append(RIICHI)
        if win.ippatsu:
            found.append(IPPATSU)
    if win.chankan:
        found.append(CHANKAN)
    if win.rinshan:
        found.append(RINSHAN)
    if win.haitei:
        found.append(HAITEI)
    if win.houtei:
        found.append(HOUTEI)
    return found


def _suits(present: int) -> int:
    return (present & SUIT_MASKS[0] != 0) + (present & SUIT_MASKS[1] != 0) + (present & SUIT_MASKS[2] != 0)


def hand_yaku(present: int, triplets: int, pair: int, kans: int, closed: bool, win: WinContext,
              rules: RuleSet) -> list[int]:
    """What the kinds present, the honour triplets, the pair's kind and the kans give, the
    same in every reading of the hand (``pair`` -1 for seven pairs)."""
    found = []
    if not present & TERMINALS_HONORS:
        if closed or rules.open_tanyao:
            found.append(TANYAO)
    else:
        honors = triplets & HONORS
        if honors:
            if honors >> win.seat_wind & 1:
                found.append(SEAT_WIND)
            if honors >> win.round_wind & 1:
                found.append(ROUND_WIND)
            dragons = honors & DRAGON_MASK
            if dragons:
                if dragons >> 31 & 1:
                    found.append(HAKU)
                if dragons >> 32 & 1:
                    found.append(HATSU)
                if dragons >> 33 & 1:
                    found.append(CHUN)
                if dragons.bit_count() == 2 and pair >= 0 and DRAGON_MASK >> pair & 1:
                    found.append(SHOUSANGEN)
        if not present & ~TERMINALS_HONORS and present & HONORS and present & TERMINALS:
            found.append(HONROUTOU)
    if kans == 3:
        found.append(SANKANTSU)
    if _suits(present) == 1:
        found.append(HONITSU if present & HONORS else CHINITSU)
    return found


def reading_yaku(runs: int, triplets: int, pair: int, peikou: int, closed: bool, has_honor: bool) -> list[int]:
    """What one reading's runs and triplets give (the peikou count is of concealed runs)."""
    found = []
    if runs:
        if peikou and closed:
            found.append(IIPEIKOU if peikou == 1 else RYANPEIKOU)
        if runs & runs >> 9 & runs >> 18:
            found.append(SANSHOKU)
        for start in (0, 9, 18):
            if runs >> start & 0b1001001 == 0b1001001:
                found.append(ITTSU)
                break
        if not runs & ~OUTSIDE_RUNS and not triplets & ~TERMINALS_HONORS and TERMINALS_HONORS >> pair & 1:
            found.append(CHANTA if has_honor else JUNCHAN)
    else:
        found.append(TOITOI)
    if triplets & triplets >> 9 & triplets >> 18 & 0x1FF:
        found.append(SANSHOKU_DOUKOU)
    return found


def hand_yakuman(present: int, triplets: int, pair: int, kans: int) -> list[int]:
    """The yakuman every reading of the hand shares (chuuren and the concealed triplets are
    the scorer's to add)."""
    found = []
    big = triplets & (DRAGON_MASK | WIND_MASK)
    if big and big.bit_count() >= 3:
        if (triplets & DRAGON_MASK).bit_count() == 3:
            found.append(DAISANGEN)
        winds = (triplets & WIND_MASK).bit_count()
        if winds == 4:
            found.append(DAISUUSHII)
        elif winds == 3 and pair >= 0 and WIND_MASK >> pair & 1:
            found.append(SHOUSUUSHII)
    if not present & ~GREEN_MASK:
        found.append(RYUUIISOU)
    if not present & ~HONORS:
        found.append(TSUUIISOU)
    if not present & ~TERMINALS:
        found.append(CHINROUTOU)
    if kans == 4:
        found.append(SUUKANTSU)
    return found


_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def chuuren_kind(suit_counts: bytes, win_offset: int) -> int:
    """For the nine counts of a closed one-suit hand: CHUUREN, JUNSEI_CHUUREN when the
    thirteen tiles before the win were the pure shape, or -1."""
    extra = [n - p for n, p in zip(suit_counts, _CHUUREN)]
    if min(extra) < 0 or sum(extra) != 1:
        return -1
    return JUNSEI_CHUUREN if extra[win_offset] == 1 else CHUUREN


def yakuman_value(found: list[int], rules: RuleSet) -> tuple[list[YakuScore], int]:
    """Yakuman as listed (13 han per multiple) and the hand's multiplier: the four double
    patterns count 2 under ``double_yakuman``; several yakuman add up under
    ``cumulative_yakuman``, else the largest counts."""
    double_on = rules.double_yakuman
    rows = [YAKUMAN[i] for i in sorted(found)]
    values = [2 if row.double and double_on else 1 for row in rows]
    scores = [YakuScore(row.name, 13 * v) for row, v in zip(rows, values)]
    return scores, sum(values) if rules.cumulative_yakuman else max(values)
