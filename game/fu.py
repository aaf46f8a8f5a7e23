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
from game.yaku import HandFacts

__all__ = ["FuLine", "set_fu", "pair_fu", "WAIT_FU", "shape_fu", "fu_lines", "round_fu"]

_TERMINAL_HONOR = frozenset(TERMINALS_AND_HONORS)

WAIT_FU = {"ryanmen": 0, "shanpon": 0, "kanchan": 2, "penchan": 2, "tanki": 2}


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


def pair_fu(pair: int, h: HandFacts) -> int:
    """A dragon pair 2; seat wind 2 and round wind 2, or the rule's value when both."""
    if pair < 27:
        return 0
    if pair in DRAGONS:
        return 2
    seat = pair == h.win.seat_wind
    round_ = pair == h.win.round_wind
    if seat and round_:
        return h.rules.double_wind_pair_fu
    return 2 if seat or round_ else 0


def shape_fu(h: HandFacts) -> int:
    """Fu from the sets and the wait of a regular reading (the pair's fu depends on the winds
    and is added by the caller: ``fu_extra`` = shape fu + pair fu, 0 is the pinfu shape)."""
    total = WAIT_FU[h.wait]
    for kind, kan, concealed in h.sets:
        total += set_fu(kind, kan, concealed)
    return total


def round_fu(raw: int) -> int:
    return -(-raw // 10) * 10


def fu_total(h: HandFacts, pinfu: bool) -> tuple[int, int]:
    """(rounded fu, raw sum) of a reading whose ``fu_extra`` is filled in."""
    if h.form == "chiitoitsu":
        return 25, 25
    if h.form == "kokushi":
        return 0, 0
    raw = 20 + h.fu_extra
    if h.closed and not h.win.tsumo:
        raw += 10
    if h.win.tsumo and not pinfu:
        raw += 2
    if not h.closed and raw == 20:
        return 30, 30
    return round_fu(raw), raw


def fu_lines(h: HandFacts, pinfu: bool) -> list[FuLine]:
    """The breakdown behind ``fu_total``, one line per source."""
    if h.form == "chiitoitsu":
        return [FuLine(25, "seven pairs")]
    if h.form == "kokushi":
        return []
    lines = [FuLine(20, "base")]
    for kind, kan, concealed in h.sets:
        what = ("closed " if concealed else "open ") + ("kan" if kan else "triplet")
        lines.append(FuLine(set_fu(kind, kan, concealed), f"{what} {kind_name(kind)}"))
    if h.pair >= 0:
        fu = pair_fu(h.pair, h)
        if fu:
            lines.append(FuLine(fu, f"valued pair {kind_name(h.pair)}"))
    if WAIT_FU[h.wait]:
        lines.append(FuLine(WAIT_FU[h.wait], f"{h.wait} wait"))
    if h.closed and not h.win.tsumo:
        lines.append(FuLine(10, "closed ron"))
    if h.win.tsumo and not pinfu:
        lines.append(FuLine(2, "tsumo"))
    if not h.closed and sum(line.fu for line in lines) == 20:
        lines.append(FuLine(10, "open hand without fu: 30"))
    return [line for line in lines if line.fu]
