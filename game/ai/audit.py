"""Blunder classes: a decision is looked at with what the seat knew, and named when it is a
known mistake. Pure: a Position, the rules, the offered actions and the chosen one.

The exact rules (also printed by ``main.py ai-audit --help`` and written in docs/AI.md):

- ``dama_no_yaku``: a riichi was offered on the discarded tile, the seat discarded without
  it, the hand stayed closed tenpai with live waits, not furiten (a furiten wait wins only by
  tsumo, where a closed hand always has a yaku), and no wait wins by ron (the real scorer
  finds no yaku without riichi).
- ``cheap_push`` / ``far_push``: another seat is in riichi, the seat is not; it held a
  genbutsu (a kind safe against every riichi seat: its own discards, tiles let pass after
  the declaration, honours with three copies visible) but discarded a tile that is not one;
  ``cheap`` when the hand was 1-shanten worth under 3 visible han (dora, red fives, yakuhai
  triplets, +1 for a closed hand's riichi), ``far`` at 2+ shanten. The ``_deal_in`` variants
  count those discards that dealt in.
- ``dead_riichi``: a riichi whose waits are all visible to the seat.
- ``furiten_riichi``: a riichi into its own furiten (a wait in its river, or the discarded
  kind) while another riichi discard left a live, non-furiten tenpai.
- ``open_no_yaku``: no threat visible, more than 12 tiles left in the live wall (later, a
  tenpai for the draw payment is a plan): an open hand's discard left a tenpai with live
  waits on none of which a ron has a yaku (the real scorer; an open hand has no tsumo yaku
  either) while another discard did not.
- ``late_tenpai_break``: with fewer than four tiles left in the live wall and no threat
  visible, the seat was able to stay tenpai and did not.
- ``mangan_fold``: no seat in riichi, a threat visible, and the seat broke a tenpai that
  pays at least a mangan by ron without riichi.
- ``declined_ron``: in the last planned hand the seat passed on a ron that would have
  changed its placement.
- ``early_dora_discard``: before the seat's 6th discard, with no riichi on the table, it
  discarded a dora or a red five while another tile left the same shanten and at least as
  many useful tiles without giving up a dora or red five; a cut towards a flush (the tile is
  outside the main suit and at most two tiles outside it and the honours remain) is not one.

A threat is visible when another seat is in riichi, has 3+ open melds, or a pon or kan of a
dora kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.danger import genbutsu_kinds
from game.ai.efficiency import discard_candidates
from game.ai.levels import KEITEN_WALL
from game.ai.position import Position
from game.ai.tenpai import Tenpai, TenpaiFacts, placement_after_ron
from game.ai.value import visible_han
from game.hand.shanten import shanten
from game.rules import RuleSet
from game.tiles import RED_FIVES

__all__ = ["CLASSES", "classify", "push_spot", "threat_visible"]

CLASSES: tuple[str, ...] = (
    "dama_no_yaku", "open_no_yaku", "dead_riichi", "furiten_riichi", "late_tenpai_break", "cheap_push",
    "cheap_push_deal_in", "far_push", "far_push_deal_in", "early_dora_discard", "declined_ron",
    "mangan_fold",
)

EARLY_DISCARDS = 5
"""Discards made before the one counted as the 6th."""


def threat_visible(pos: Position) -> bool:
    """Another seat in riichi, with 3+ open melds, or with a pon or kan of a dora kind."""
    dk = pos.dora_kinds
    for s in range(4):
        if s == pos.seat:
            continue
        if s in pos.riichi_seats:
            return True
        opened = [m for m in pos.melds[s] if m.opened]
        if len(opened) >= 3:
            return True
        if any(m.type != "chi" and dk[m.first_kind] for m in opened):
            return True
    return False


def _own_turn(pos: Position, rules: RuleSet, legal: Sequence[Any], chosen: Any, facts: TenpaiFacts) -> list[str]:
    out: list[str] = []
    riichis = [a for a in legal if a.type == "riichi"]
    discards = [a for a in legal if a.type in ("discard", "riichi")]
    tenpai = facts.after(chosen.tile)
    if chosen.type == "discard" and _no_yaku(tenpai) and pos.is_closed \
            and any(a.tile == chosen.tile for a in riichis) and not tenpai.furiten:
        out.append("dama_no_yaku")
    if chosen.type == "discard" and not pos.is_closed and _no_yaku(tenpai) and pos.wall_left > KEITEN_WALL \
            and not threat_visible(pos) and not all(_no_yaku(facts.after(a.tile)) for a in discards):
        out.append("open_no_yaku")
    if chosen.type == "riichi" and tenpai is not None:
        if tenpai.dead:
            out.append("dead_riichi")
        elif tenpai.furiten and any((t := facts.after(a.tile)) is not None and not t.furiten and not t.dead
                                    for a in riichis):
            out.append("furiten_riichi")
    keeps = [a for a in discards if facts.after(a.tile) is not None]
    if keeps and tenpai is None:
        if pos.wall_left < 4 and not threat_visible(pos):
            out.append("late_tenpai_break")
        if not set(pos.riichi_seats) - {pos.seat} and threat_visible(pos):
            limit = 12000 if pos.is_dealer else 8000
            extra = 300 * pos.honba + 1000 * pos.sticks
            if any(facts.after(a.tile).dama_points - extra >= limit for a in keeps):  # type: ignore[union-attr]
                out.append("mangan_fold")
    out.extend(_push_against_riichi(pos, chosen))
    out.extend(_early_dora(pos, legal, chosen))
    return out


def _no_yaku(tenpai: Tenpai | None) -> bool:
    """A tenpai with live waits, none of which wins a ron with a yaku."""
    return tenpai is not None and tenpai.yakuless


def push_spot(pos: Position) -> str | None:
    """``cheap`` or ``far`` when the seat, on its turn against a riichi, holds a genbutsu and a
    cheap 1-shanten or a 2+ shanten hand (the spots where a non-genbutsu is a push)."""
    if pos.in_riichi or not set(pos.riichi_seats) - {pos.seat}:
        return None
    safe = genbutsu_kinds(pos)
    if not any(t >> 2 in safe for t in pos.hand):
        return None
    counts = pos.counts
    sh = shanten(counts)
    if sh >= 2:
        return "far"
    if sh == 1 and visible_han(pos, counts) < 3:
        return "cheap"
    return None


def _push_against_riichi(pos: Position, chosen: Any) -> list[str]:
    spot = push_spot(pos)
    if spot is None or chosen.tile >> 2 in genbutsu_kinds(pos):
        return []
    return [f"{spot}_push"]


def _is_dora_tile(pos: Position, tile: int) -> bool:
    return bool(pos.dora_kinds[tile >> 2]) or (pos.red_fives and tile in RED_FIVES)


def _flush_cut(pos: Position, tile: int) -> bool:
    """The tile lies outside the hand's main suit, and without it at most two tiles (melds
    counted) lie outside that suit and the honours: a flush is in sight."""
    kinds = [t >> 2 for t in pos.hand] + [t >> 2 for m in pos.my_melds for t in m.tiles]
    kinds.remove(tile >> 2)
    per_suit = [sum(1 for k in kinds if k < 27 and k // 9 == s) for s in range(3)]
    main = max(range(3), key=lambda s: per_suit[s])
    return (tile >> 2) // 9 != main and sum(per_suit) - per_suit[main] <= 2


def _early_dora(pos: Position, legal: Sequence[Any], chosen: Any) -> list[str]:
    if pos.turn >= EARLY_DISCARDS or pos.riichi_seats or not _is_dora_tile(pos, chosen.tile):
        return []
    if chosen.tile >> 2 < 27 and _flush_cut(pos, chosen.tile):
        return []
    counts = pos.counts
    options = {o.kind: o for o in discard_candidates(counts, list(pos.seen), 8)}
    mine = options[chosen.tile >> 2]
    for a in legal:
        if a.type != "discard" or a.tile == chosen.tile or _is_dora_tile(pos, a.tile):
            continue
        o = options.get(a.tile >> 2)
        if o is not None and o.shanten == mine.shanten and o.ukeire >= mine.ukeire:
            return ["early_dora_discard"]
    return []


def _declined_ron(pos: Position, rules: RuleSet, ron: Any) -> list[str]:
    if not pos.all_last:
        return []
    points, after = placement_after_ron(pos, rules, ron.tile)
    return ["declined_ron"] if points > 0 and after != pos.placement() else []


def classify(pos: Position, rules: RuleSet, legal: Sequence[Any], chosen: Any,
             facts: TenpaiFacts | None = None) -> list[str]:
    """The blunder classes (names from ``CLASSES``) the chosen action falls in; ``facts``, when given,
    are the position's tenpai facts under ``rules``, shared by a caller that weighs several choices."""
    if chosen.type in ("discard", "riichi") and chosen.tile is not None and len(pos.hand) % 3 == 2:
        return _own_turn(pos, rules, legal, chosen, facts or TenpaiFacts(pos, rules))
    if chosen.type == "pass":
        rons = [a for a in legal if a.type == "ron"]
        if rons:
            return _declined_ron(pos, rules, rons[0])
    return []
