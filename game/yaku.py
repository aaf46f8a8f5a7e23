"""The yaku and yakuman, as rows of a table over one typed view of a won hand.

Each row reads like the rules page: a name, its han closed and open (0 open = closed only),
and a test on ``HandFacts``. The rows are grouped by what their test reads, because the
scorer caches per hand shape what the tiles alone decide:

* ``SHAPE_YAKU`` / ``SHAPE_YAKUMAN``: the tiles, the reading and the wait (cached per shape);
* ``SEAT_YAKU``: the reading and the two winds (pinfu, seat and round wind; cached per wind pair);
* ``WIN_YAKU`` / ``SITUATION_YAKUMAN``: the win's situation (flags), the rules and tile-wide facts
  (tested on every call).

A new row goes in the group whose inputs its test reads, and in no earlier one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from game.tiles import DRAGONS, WINDS

if TYPE_CHECKING:
    from game.rules import RuleSet
    from game.scoring import WinContext

__all__ = [
    "YakuScore", "Yaku", "Yakuman", "WIN_YAKU", "SEAT_YAKU", "SHAPE_YAKU", "YAKU", "SHAPE_YAKUMAN",
    "SITUATION_YAKUMAN", "YAKUMAN", "GREEN_KINDS", "HandFacts", "shape_yaku", "yakuman_value",
    "rows_by_openness",
]


class YakuScore(NamedTuple):
    """A yaku as counted in one hand: its canonical name and han (13 x multiplier for yakuman)."""

    name: str
    han: int


class HandFacts:
    """Everything a yaku or fu rule looks at, for one reading of one won hand.

    Hand-wide: ``win`` (the WinContext), ``rules``, ``closed`` (no open meld), ``counts``
    (34 counts of every tile, kans as four), ``win_kind``, ``tsumo``, ``kans``, ``all_simple``,
    ``all_terminal_honor``, ``has_honor``, ``has_terminal``, ``suits`` (number of suits
    present), ``all_green``, ``chuuren`` (0 none, 1 nine gates, 2 with the nine-sided wait).
    Per reading: ``form``, ``pair`` (kind or -1), ``runs`` (first kinds, called runs
    included), ``sets`` ((kind, is_kan, concealed) for every triplet and kan), ``triplets``
    (their kinds), ``peikou`` (pairs of identical concealed runs), ``wait``,
    ``concealed_triplets`` and ``fu_extra`` (fu from sets, pair and wait: 0 is the pinfu shape).
    """

    __slots__ = (
        "win", "rules", "closed", "counts", "win_kind", "tsumo", "kans", "all_simple",
        "all_terminal_honor", "has_honor", "has_terminal", "suits", "all_green", "chuuren",
        "form", "pair", "runs", "sets", "triplets", "peikou", "wait",
        "concealed_triplets", "fu_extra",
    )

    win: WinContext
    rules: RuleSet
    closed: bool
    counts: list[int]
    win_kind: int
    tsumo: bool
    kans: int
    all_simple: bool
    all_terminal_honor: bool
    has_honor: bool
    has_terminal: bool
    suits: int
    all_green: bool
    chuuren: int
    form: str
    pair: int
    runs: tuple[int, ...]
    sets: list[tuple[int, bool, bool]]
    triplets: tuple[int, ...]
    peikou: int
    wait: str
    concealed_triplets: int
    fu_extra: int


Test = Callable[[HandFacts], bool]


class Yaku(NamedTuple):
    name: str
    han_closed: int
    han_open: int
    """0: the yaku needs a closed hand."""
    test: Test


class Yakuman(NamedTuple):
    name: str
    double: bool
    """One of the four patterns worth a double yakuman when ``RuleSet.double_yakuman``."""
    test: Test


# --- small predicates the rows read ------------------------------------------------------

GREEN_KINDS = frozenset((19, 20, 21, 23, 25, 32))
"""The tiles of all green: 2 3 4 6 8 of bamboo and the green dragon."""
_TERMINAL_HONOR = frozenset((0, 8, 9, 17, 18, 26, *WINDS, *DRAGONS))
_DRAGON_SET = frozenset(DRAGONS)
_WIND_SET = frozenset(WINDS)


def _outside(h: HandFacts) -> bool:
    """Every group and the pair hold a terminal or honour, and there is a run."""
    return (h.pair in _TERMINAL_HONOR and bool(h.runs)
            and all(r % 9 in (0, 6) for r in h.runs) and _TERMINAL_HONOR.issuperset(h.triplets))


def _sanshoku(kinds: tuple[int, ...]) -> bool:
    """The same number in all three suits (kinds: runs' first tiles, or triplets)."""
    if len(kinds) < 3:
        return False
    have = set(kinds)
    return any(n < 9 and n + 9 in have and n + 18 in have for n in have)


def _ittsu(h: HandFacts) -> bool:
    runs = h.runs
    if len(runs) < 3:
        return False
    have = set(runs)
    return any(b in have and b + 3 in have and b + 6 in have for b in (0, 9, 18))


def _dragon_triplets(h: HandFacts) -> int:
    return len(_DRAGON_SET.intersection(h.triplets))


def _wind_triplets(h: HandFacts) -> int:
    return len(_WIND_SET.intersection(h.triplets))


def _one_suit(h: HandFacts) -> bool:
    return h.suits == 1


# --- the tables --------------------------------------------------------------------------

WIN_YAKU: tuple[Yaku, ...] = (
    # how and when the hand was won
    Yaku("menzen tsumo", 1, 0, lambda h: h.win.tsumo),
    Yaku("riichi", 1, 0, lambda h: h.win.riichi and not h.win.double_riichi),
    Yaku("double riichi", 2, 0, lambda h: h.win.double_riichi),
    Yaku("ippatsu", 1, 0, lambda h: h.win.ippatsu),
    Yaku("chankan", 1, 1, lambda h: h.win.chankan),
    Yaku("rinshan", 1, 1, lambda h: h.win.rinshan),
    Yaku("haitei", 1, 1, lambda h: h.win.haitei),
    Yaku("houtei", 1, 1, lambda h: h.win.houtei),
    # all simples, open only where the rules allow it
    Yaku("tanyao", 1, 1, lambda h: h.all_simple and (h.closed or h.rules.open_tanyao)),
)
"""Yaku of the win's situation and the whole hand's tiles: tested once per call."""

SEAT_YAKU: tuple[Yaku, ...] = (
    Yaku("pinfu", 1, 0, lambda h: h.form == "regular" and h.fu_extra == 0),
    Yaku("seat wind", 1, 1, lambda h: h.win.seat_wind in h.triplets),
    Yaku("round wind", 1, 1, lambda h: h.win.round_wind in h.triplets),
)
"""Yaku of a reading seen from the winner's seat and round: tested per reading on every call
(pinfu needs no fu, and a wind pair's fu depends on the winds)."""

SHAPE_YAKU: tuple[Yaku, ...] = (
    # sequences
    Yaku("iipeikou", 1, 0, lambda h: h.peikou == 1),
    Yaku("ryanpeikou", 3, 0, lambda h: h.peikou == 2),
    Yaku("sanshoku doujun", 2, 1, lambda h: _sanshoku(h.runs)),
    Yaku("ittsu", 2, 1, _ittsu),
    # terminals and honours
    Yaku("haku", 1, 1, lambda h: 31 in h.triplets),
    Yaku("hatsu", 1, 1, lambda h: 32 in h.triplets),
    Yaku("chun", 1, 1, lambda h: 33 in h.triplets),
    Yaku("chanta", 2, 1, lambda h: h.has_honor and _outside(h)),
    Yaku("junchan", 3, 2, lambda h: not h.has_honor and _outside(h)),
    Yaku("honroutou", 2, 2, lambda h: h.all_terminal_honor and h.has_honor and h.has_terminal),
    Yaku("shousangen", 2, 2, lambda h: _dragon_triplets(h) == 2 and h.pair in DRAGONS),
    # triplets and quads
    Yaku("toitoi", 2, 2, lambda h: len(h.triplets) == 4),
    Yaku("sanankou", 2, 2, lambda h: h.concealed_triplets == 3),
    Yaku("sankantsu", 2, 2, lambda h: h.kans == 3),
    Yaku("sanshoku doukou", 2, 2, lambda h: _sanshoku(h.triplets)),
    # special forms and suits
    Yaku("chiitoitsu", 2, 0, lambda h: h.form == "chiitoitsu"),
    Yaku("honitsu", 3, 2, lambda h: _one_suit(h) and h.has_honor),
    Yaku("chinitsu", 6, 5, lambda h: _one_suit(h) and not h.has_honor),
)
"""Yaku of the hand's shape alone (its tiles, reading and wait): cached with the reading."""

YAKU: tuple[Yaku, ...] = WIN_YAKU + SEAT_YAKU + SHAPE_YAKU
"""Every yaku below yakuman. Dora, red fives and ura dora are counted apart: never a yaku."""

SHAPE_YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("kokushi musou", False, lambda h: h.form == "kokushi" and h.counts[h.win_kind] == 1),
    Yakuman("kokushi musou 13-sided wait", True,
            lambda h: h.form == "kokushi" and h.counts[h.win_kind] == 2),
    Yakuman("chuuren poutou", False, lambda h: h.chuuren == 1),
    Yakuman("junsei chuuren poutou", True, lambda h: h.chuuren == 2),
    Yakuman("suuankou", False, lambda h: h.concealed_triplets == 4 and h.wait != "tanki"),
    Yakuman("suuankou tanki", True, lambda h: h.concealed_triplets == 4 and h.wait == "tanki"),
    Yakuman("daisangen", False, lambda h: _dragon_triplets(h) == 3),
    Yakuman("shousuushii", False, lambda h: _wind_triplets(h) == 3 and h.pair in WINDS),
    Yakuman("daisuushii", True, lambda h: _wind_triplets(h) == 4),
    Yakuman("ryuuiisou", False, lambda h: h.all_green),
    Yakuman("tsuuiisou", False, lambda h: h.suits == 0),
    Yakuman("chinroutou", False, lambda h: h.all_terminal_honor and not h.has_honor),
    Yakuman("suukantsu", False, lambda h: h.kans == 4),
)

SITUATION_YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("tenhou", False, lambda h: h.win.tenhou),
    Yakuman("chiihou", False, lambda h: h.win.chiihou),
)

YAKUMAN: tuple[Yakuman, ...] = SHAPE_YAKUMAN + SITUATION_YAKUMAN


def rows_by_openness(rows: tuple[Yaku, ...]) -> dict[bool, tuple[tuple[Test, YakuScore], ...]]:
    """Each row's test with its score, made once, for closed (True) and open (False) hands;
    rows worth nothing open are left out of the open list."""
    return {closed: tuple((row.test, YakuScore(row.name, row.han_closed if closed else row.han_open))
                          for row in rows if (row.han_closed if closed else row.han_open))
            for closed in (True, False)}


_SHAPE_ROWS = rows_by_openness(SHAPE_YAKU)
_YAKUMAN_ROWS = tuple((row.test, row) for row in SHAPE_YAKUMAN)


def shape_yaku(h: HandFacts) -> tuple[tuple[YakuScore, ...], tuple[Yakuman, ...]]:
    """The shape yaku of one reading (at the hand's closed or open value) and its shape
    yakuman rows."""
    yakuman = tuple([row for test, row in _YAKUMAN_ROWS if test(h)])
    if yakuman or h.form == "kokushi":
        return (), yakuman
    return tuple([score for test, score in _SHAPE_ROWS[h.closed] if test(h)]), yakuman


def yakuman_value(rows: list[Yakuman] | tuple[Yakuman, ...], rules: RuleSet) -> tuple[list[YakuScore], int]:
    """Yakuman as listed (13 han per multiple) and the hand's multiplier: the four double
    patterns count 2 under ``double_yakuman``; several yakuman add up under
    ``cumulative_yakuman``, else the largest counts."""
    double_on = rules.double_yakuman
    values = [2 if row.double and double_on else 1 for row in rows]
    scores = [YakuScore(row.name, 13 * v) for row, v in zip(rows, values)]
    return scores, sum(values) if rules.cumulative_yakuman else max(values)
