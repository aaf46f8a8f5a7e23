"""Fu: the minipoints of a won hand, with a breakdown a player can read.

20 base; sets 2 (open simple triplet), doubled for terminals and honours, doubled again when
concealed, times four for a kan; the pair 2 for a dragon, the seat wind and the round wind
(a double wind pair: ``RuleSet.double_wind_pair_fu``); 2 for a kanchan, penchan or tanki
wait; 10 for a closed ron; 2 for tsumo except with pinfu; an open hand without fu is raised
to 30; round up to the next 10. Seven pairs: 25 flat.
"""

from __future__ import annotations

from typing import NamedTuple

from game.tiles import DRAGONS, TERMINALS_AND_HONORS, kind_name

__all__ = [
    "FuLine", "set_fu", "pair_fu", "WAIT_FU", "round_fu", "fu_start", "FU_START", "fu_lines", "BASE_FU",
    "CLOSED_RON_FU", "TSUMO_FU", "OPEN_WITHOUT_FU", "CHIITOITSU_FU",
]

_TERMINAL_HONOR = frozenset(TERMINALS_AND_HONORS)

WAIT_FU = {"ryanmen": 0, "shanpon": 0, "kanchan": 2, "penchan": 2, "tanki": 2}
CHIITOITSU_FU = 25


class FuLine(NamedTuple):
    fu: int
    reason: str


def set_fu(kind: int, kan: bool, concealed: bool) -> int:
    """A triplet or kan: 2, x2 terminal/honour, x2 concealed, x4 kan."""
    fu = 2
    if kind in _TERMINAL_HONOR:
        fu *= 2
    if concealed:
        fu *= 2
    if kan:
        fu *= 4
    return fu


def pair_fu(pair: int, seat_wind: int, round_wind: int, double_wind_fu: int) -> int:
    """A dragon pair 2; seat wind 2 and round wind 2, or the rule's value when both."""
    if pair < 27:
        return 0
    if pair in DRAGONS:
        return 2
    seat = pair == seat_wind
    round_ = pair == round_wind
    if seat and round_:
        return double_wind_fu
    return 2 if seat or round_ else 0


def round_fu(raw: int) -> int:
    return -(-raw // 10) * 10


BASE_FU = 20
CLOSED_RON_FU = 10
TSUMO_FU = 2
OPEN_WITHOUT_FU = 30
"""An open hand whose fu add up to the base alone counts 30."""


def fu_start(closed: bool, tsumo: bool) -> int:
    """What every four-sets reading of a hand starts from: the base, 10 for a closed ron, 2
    for a tsumo (which pinfu gives back). The scorer adds the sets, the pair and the wait,
    then rounds with ``round_fu`` (``OPEN_WITHOUT_FU`` when an open hand has only the base)."""
    return BASE_FU + (CLOSED_RON_FU if closed and not tsumo else 0) + (TSUMO_FU if tsumo else 0)


FU_START = {(closed, tsumo): fu_start(closed, tsumo) for closed in (True, False) for tsumo in (True, False)}
"""``fu_start`` as a table, keyed (closed, tsumo)."""


def fu_lines(sets: list[tuple[int, bool, bool]], pair: int, pair_value: int, wait: str, closed: bool,
             tsumo: bool, pinfu: bool) -> list[FuLine]:
    """The breakdown of a four-sets reading's fu, one line per source: ``sets`` as (kind, is kan,
    concealed), the pair's kind and fu, the wait."""
    lines = [FuLine(20, "base")]
    for kind, kan, concealed in sets:
        what = ("closed " if concealed else "open ") + ("kan" if kan else "triplet")
        lines.append(FuLine(set_fu(kind, kan, concealed), f"{what} {kind_name(kind)}"))
    if pair_value:
        lines.append(FuLine(pair_value, f"valued pair {kind_name(pair)}"))
    if WAIT_FU[wait]:
        lines.append(FuLine(WAIT_FU[wait], f"{wait} wait"))
    if closed and not tsumo:
        lines.append(FuLine(10, "closed ron"))
    if tsumo and not pinfu:
        lines.append(FuLine(2, "tsumo"))
    if not closed and sum(line.fu for line in lines) == BASE_FU:
        lines.append(FuLine(OPEN_WITHOUT_FU - BASE_FU, "open hand without fu: 30"))
    return lines
