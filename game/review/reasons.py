"""Why the AI's choice beats the seat's: a code with the numbers behind it (no words; the
command or the client words it).

Codes: ``lower_shanten`` (shanten [ai, you]), ``wider_wait`` / ``more_useful_tiles`` (ukeire
[ai, you]), ``wider_waits_ahead`` (at 1-shanten, the winning tiles its tenpai can expect
[ai, you], tenths), ``keeps_value`` (value [ai, you]), ``dangerous_against_riichi`` and
``dangerous_against_threat`` (seat, genbutsu_held, risk [ai, you]), ``worth_pushing``
(value [ai, you]), ``riichi`` / ``dama`` (points [dama, riichi]), ``missed_win`` (points),
``win_keeps_last_place``, ``call_worth_it`` / ``call_not_worth_it`` / ``kan`` / ``no_kan``
(value [ai, you]).
"""

from __future__ import annotations

from typing import Any

from game.ai.danger import danger_table, genbutsu_kinds, threats, tile_danger
from game.ai.efficiency import discard_candidates, wider_waits_ahead
from game.ai.position import Position
from game.ai.tenpai import TenpaiFacts, rules_for
from game.table import Action

__all__ = ["reason_for"]

_DISCARDS = ("discard", "riichi")
_KANS = ("ankan", "shouminkan")


def _values(best: float, mine: float) -> list[int]:
    return [round(best), round(mine)]


def reason_for(pos: Position, kind: str, actual: Action, top: Action, best: float,
               mine: float) -> dict[str, Any]:
    """The main reason ``top`` (valued ``best``) is preferred to ``actual`` (valued ``mine``)."""
    if top.type in ("ron", "tsumo"):
        return {"code": "missed_win", "points": round(best)}
    if actual.type in ("ron", "tsumo"):
        return {"code": "win_keeps_last_place", "value": _values(best, mine)}
    if kind == "call":
        code = "call_not_worth_it" if top.type == "pass" else "call_worth_it"
        return {"code": code, "value": _values(best, mine)}
    if top.type in _KANS or actual.type in _KANS:
        return {"code": "kan" if top.type in _KANS else "no_kan", "value": _values(best, mine)}
    if top.type not in _DISCARDS or actual.type not in _DISCARDS or top.tile is None or actual.tile is None:
        return {"code": "higher_value", "value": _values(best, mine)}
    ka, kp = top.tile >> 2, actual.tile >> 2
    if ka == kp and top.type != actual.type:
        tenpai = TenpaiFacts(pos, rules_for(pos.red_fives)).after_kind(ka)
        points = [tenpai.dama_points, tenpai.riichi_points] if tenpai is not None else [0, 0]
        return {"code": top.type if top.type == "riichi" else "dama", "points": points}
    found = threats(pos, reds_counted=True)  # the risks as the full defence weighs them
    counts = pos.counts
    opts = {o.kind: o for o in discard_candidates(counts, pos.seen, 8, [ka, kp])}
    a, p = opts[ka], opts[kp]
    threatened = any(t.tenpai >= 0.6 for t in found)
    gives_way = (a.shanten, -a.ukeire) > (p.shanten, -p.ukeire)  # the AI's tile slows the hand
    if found and (threatened or gives_way):
        risk = danger_table(pos, [ka, kp], True, found)
        if risk[kp] > risk[ka]:
            worst = max(found, key=lambda t: t.tenpai * t.value * tile_danger(pos, kp, t.seat))
            held = sum(1 for k in genbutsu_kinds(pos) if counts[k])
            code = "dangerous_against_riichi" if worst.seat in pos.riichi_seats else "dangerous_against_threat"
            return {"code": code, "seat": worst.seat, "genbutsu_held": held, "risk": _values(risk[ka], risk[kp])}
        if threatened:
            return {"code": "worth_pushing", "value": _values(best, mine)}
    if a.shanten < p.shanten:
        return {"code": "lower_shanten", "shanten": [a.shanten, p.shanten]}
    if a.shanten == p.shanten and a.ukeire > p.ukeire:
        return {"code": "wider_wait" if a.shanten == 0 else "more_useful_tiles", "ukeire": [a.ukeire, p.ukeire]}
    ahead = wider_waits_ahead(counts, pos.seen, a, p)
    if ahead is not None:
        return {"code": "wider_waits_ahead", "waits": ahead}
    return {"code": "keeps_value", "value": _values(best, mine)}
