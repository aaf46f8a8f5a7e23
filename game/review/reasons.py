"""Why the AI's choice beats the seat's: a code with the numbers behind it (no words; the
command or the client words it).

The reason is the term of the value that makes the cost, named as a learner knows it: the danger
(against whom, and how often each tile deals in there), a wait that cannot win (``dead_wait``) or
wins by tsumo only (``furiten_wait``), a broken pair or the hand's speed, and the value given up
(a dora, a red five, a yakuhai pair).

Codes: ``lower_shanten`` (shanten [ai, you]), ``pair_broken`` (kind, ukeire [ai, you]),
``wider_wait`` / ``more_useful_tiles`` (ukeire [ai, you]), ``wider_waits_ahead`` (at 1-shanten,
the winning tiles its tenpai can expect [ai, you], tenths), ``dora_given_up`` / ``red_five_given_up``
/ ``yakuhai_pair_broken`` (kind), ``dead_wait`` / ``furiten_wait`` (kinds: the waits),
``wide_over_narrow`` (shanten [ai, you], ukeire [ai, you]: a step further from ready, with
many more tiles that help), ``keeps_value`` (value [ai, you]), ``dangerous_against_riichi`` and ``dangerous_against_threat``
(seat, genbutsu_held, risk [ai, you], deal_in [ai, you]: the chance in hundredths that each tile
deals in if that seat is ready), ``worth_pushing`` (value [ai, you]), ``riichi`` / ``dama`` (points
[dama, riichi]), ``missed_win`` (points), ``win_keeps_last_place``, ``call_worth_it`` /
``call_not_worth_it`` / ``kan`` / ``no_kan`` (value [ai, you]). The review adds ``repeated`` (a
riichi-or-quiet choice already charged in the hand), ``not_weighed`` and ``strong_choice`` (share), and to
the reason of a costly choice houou players make now and then, ``sometimes`` (its share: why it is a slip)."""

from __future__ import annotations

from typing import Any

from game.ai.danger import danger_table, genbutsu_kinds, threats, tile_danger
from game.ai.efficiency import Option, discard_candidates, wider_waits_ahead
from game.ai.position import Position
from game.ai.tenpai import TenpaiFacts, rules_for
from game.ai.value import yakuhai_kinds
from game.table import Action
from game.tiles import RED_FIVES

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
        if risk[kp] > risk[ka] and risk[kp] - risk[ka] >= 0.5 * (best - mine):  # the danger makes the cost
            worst = max(found, key=lambda t: t.tenpai * t.value * tile_danger(pos, kp, t.seat))
            held = sum(1 for k in genbutsu_kinds(pos) if counts[k])
            code = "dangerous_against_riichi" if worst.seat in pos.riichi_seats else "dangerous_against_threat"
            chance = [round(100 * tile_danger(pos, k, worst.seat)) for k in (ka, kp)]
            return {"code": code, "seat": worst.seat, "genbutsu_held": held, "risk": _values(risk[ka], risk[kp]),
                    "deal_in": chance}
        if threatened and risk[ka] > risk[kp]:  # the AI's tile is the riskier one: the hand is worth it
            return {"code": "worth_pushing", "value": _values(best, mine)}
    wait = _wait_problem(pos, top.tile, actual.tile)
    if wait is not None:
        return wait
    if (p.shanten, -p.ukeire) > (a.shanten, -a.ukeire):
        return _slower(pos, counts, a, p)
    if a.shanten > p.shanten and a.ukeire > p.ukeire:
        return {"code": "wide_over_narrow", "shanten": [a.shanten, p.shanten], "ukeire": [a.ukeire, p.ukeire]}
    given_up = _value_given_up(pos, counts, actual.tile, ka)
    if given_up is not None:
        return given_up
    ahead = wider_waits_ahead(counts, pos.seen, a, p)
    if ahead is not None:
        return {"code": "wider_waits_ahead", "waits": ahead}
    return {"code": "keeps_value", "value": _values(best, mine)}


def _slower(pos: Position, counts: list[int], a: Option, p: Option) -> dict[str, Any]:
    """The seat's tile leaves the slower hand: a broken pair, a step further from ready, fewer tiles that help."""
    if counts[p.kind] == 2 and counts[a.kind] != 2 and p.ukeire < a.ukeire:
        return {"code": "pair_broken", "kind": p.kind, "ukeire": [a.ukeire, p.ukeire]}
    if a.shanten < p.shanten:
        return {"code": "lower_shanten", "shanten": [a.shanten, p.shanten]}
    return {"code": "wider_wait" if a.shanten == 0 else "more_useful_tiles", "ukeire": [a.ukeire, p.ukeire]}


def _value_given_up(pos: Position, counts: list[int], tile: int, other: int) -> dict[str, Any] | None:
    """The seat's tile is no slower but throws value away: a dora, a red five, a yakuhai pair."""
    kind = tile >> 2
    if pos.red_fives and tile in RED_FIVES:
        return {"code": "red_five_given_up", "kind": kind}
    if pos.dora_kinds[kind] > pos.dora_kinds[other]:
        return {"code": "dora_given_up", "kind": kind}
    if counts[kind] == 2 and kind in yakuhai_kinds(pos) and counts[other] < 2:
        return {"code": "yakuhai_pair_broken", "kind": kind}
    return None


def _wait_problem(pos: Position, top_tile: int, tile: int) -> dict[str, Any] | None:
    """The seat's tile leaves a tenpai that cannot win (every wait in sight) or wins by tsumo only (furiten),
    where the AI's does not."""
    facts = TenpaiFacts(pos, rules_for(pos.red_fives))
    mine, theirs = facts.after(tile), facts.after(top_tile)
    if mine is None:
        return None
    if mine.dead and (theirs is None or not theirs.dead):
        return {"code": "dead_wait", "kinds": list(mine.waits)}
    if mine.furiten and (theirs is None or not theirs.furiten):
        return {"code": "furiten_wait", "kinds": list(mine.waits)}
    return None
