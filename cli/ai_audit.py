"""``main.py ai-audit``: self-play with one AI level in all four seats; every decision is
checked against the blunder classes of ``game.ai.audit`` with what that seat knew.

Rates are per 100 seat-hands (one seat playing one hand), so four per table hand.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from cli.selfplay import GameResult, play_game
from game.ai.audit import CLASSES, classify, push_spot
from game.ai.levels import LEVELS
from game.ai.position import from_view
from game.rules import PRESETS, RuleSet, preset

__all__ = ["add_arguments", "run", "audit"]

_RULES_TEXT = """blunder classes (each counted at a decision of an audited seat):
  dama_no_yaku        riichi offered on the discarded tile, declined; the hand stays closed
                      tenpai with live, non-furiten waits and the real scorer finds no ron
                      yaku on any wait
  open_no_yaku        no threat visible, more than 12 tiles left in the live wall: an open
                      hand's discard left a tenpai with live waits and no ron yaku on any of
                      them while another discard did not
  dead_riichi         riichi whose wait tiles are all visible to the seat
  furiten_riichi      riichi into own furiten (a wait in its river or the discarded kind)
                      while another riichi discard left a live, non-furiten tenpai
  late_tenpai_break   fewer than 4 tiles left in the live wall, no threat visible, a discard
                      kept tenpai and the seat broke it
  cheap_push          another seat in riichi; the seat (1-shanten, under 3 visible han: dora,
                      red fives, yakuhai triplets, +1 riichi if closed) held a genbutsu and
                      discarded a non-genbutsu; _deal_in: such a discard dealt in
  far_push            the same at 2+ shanten, whatever the value
  early_dora_discard  before the seat's 6th discard, no riichi on the table: a dora or red
                      five discarded while another tile kept the same shanten and as many
                      useful tiles without losing a dora or red five (a cut towards
                      a flush, at most two tiles left outside one suit and honours,
                      is not counted)
  declined_ron        last planned hand: a ron passed that would have changed the placement
  mangan_fold         no riichi, a threat visible: a tenpai worth a mangan by dama ron broken
genbutsu: the riichi seat's own discards, every tile discarded after its declaration, honours
with three copies visible (against every riichi seat at once).
threat visible: a riichi, an open hand with 3+ melds, or a pon/kan of a dora kind."""


class _Tally:
    """Blunder counts, with discards against riichi remembered until they deal in or not."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counts = {name: 0 for name in CLASSES}
        self.pending: dict[int, list[str]] = {}
        self.spots = {"cheap": 0, "far": 0}

    def watch(self, seat: int, view: Any, legal: Any, action: Any, events: list[Any]) -> None:
        if len(legal) > 1:
            pos = from_view(view)
            found = classify(pos, self.rules, legal, action)
            if action.type in ("discard", "riichi"):
                spot = push_spot(pos)
                if spot is not None:
                    self.spots[spot] += 1
            for name in found:
                self.counts[name] += 1
            if action.type in ("discard", "riichi"):
                self.pending[seat] = [n for n in found if n in ("cheap_push", "far_push")]
        for ev in events:
            if ev.type == "won" and not ev.tsumo:
                for name in self.pending.get(ev.from_seat, []):
                    self.counts[name + "_deal_in"] += 1
            if ev.type in ("hand_started", "hand_ended"):
                self.pending.clear()


def _style(games: list[GameResult]) -> dict[str, float]:
    rows = [sh for g in games for hand in g.hands for sh in hand]
    n = max(1, len(rows))
    return {"riichi": 100 * sum(r.riichi for r in rows) / n, "call": 100 * sum(r.called for r in rows) / n,
            "win": 100 * sum(r.won for r in rows) / n, "deal_in": 100 * sum(r.dealt_in for r in rows) / n}


def audit(rules: RuleSet, level: str, hands: int, seed: int) -> dict[str, Any]:
    """Play whole games (seed, seed+1, ...) until ``hands`` hands; the figures as one dict."""
    tally = _Tally(rules)
    games: list[GameResult] = []
    played = 0
    s = seed
    t0 = time.perf_counter()
    while played < hands:
        game = play_game(rules, s, (level,) * 4, tally.watch)
        games.append(game)
        played += len(game.hands)
        s += 1
    seat_hands = 4 * played
    times = sorted(t for g in games for t in g.times.get(level, []))
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else math.nan
    return {
        "level": level, "hands": played, "seat_hands": seat_hands, "games": len(games),
        "blunders": {name: {"count": c, "per_100": 100 * c / seat_hands} for name, c in tally.counts.items()},
        "push_share_pct": {spot: 100 * tally.counts[f"{spot}_push"] / n if n else 0.0
                           for spot, n in tally.spots.items()},
        "style_pct": _style(games),
        "decision_ms": {"p99": 1000 * p99, "max": 1000 * times[-1] if times else math.nan, "n": len(times)},
        "seconds": time.perf_counter() - t0,
    }


def _format(out: dict[str, Any]) -> str:
    lines = [f"level {out['level']}: {out['hands']} hands in {out['games']} games, all four seats audited"
             f" ({out['seat_hands']} seat-hands)",
             f"{'class':22}{'count':>8}{'per 100':>10}"]
    for name, b in out["blunders"].items():
        lines.append(f"{name:22}{b['count']:>8}{b['per_100']:>10.2f}")
    share = out["push_share_pct"]
    lines.append(f"pushes against riichi while holding a genbutsu: {share['cheap']:.0f}% of cheap 1-shanten"
                 f" turns, {share['far']:.0f}% of 2+ shanten turns")
    st = out["style_pct"]
    lines.append(f"style: riichi {st['riichi']:.1f}%  call {st['call']:.1f}%  win {st['win']:.1f}%"
                 f"  deal-in {st['deal_in']:.1f}% of seat-hands")
    t = out["decision_ms"]
    lines.append(f"decision time: p99 {t['p99']:.1f} ms, max {t['max']:.1f} ms ({t['n']} decisions);"
                 f" {out['seconds']:.0f} s")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = _RULES_TEXT
    parser.add_argument("--level", default="strong", help="the audited level, in all four seats")
    parser.add_argument("--hands", type=int, default=400, help="play whole games until this many hands")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (then seed+1, ...)")
    parser.add_argument("--preset", default="tenhou", help=f"rule preset: {', '.join(PRESETS)} (default tenhou)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")


def run(args: argparse.Namespace) -> int:
    if args.level not in LEVELS:
        print(f"--level must be one of {', '.join(LEVELS)}, got {args.level!r}", file=sys.stderr)
        return 2
    if args.hands < 1:
        print("--hands must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = preset(args.preset)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    out = audit(rules, args.level, args.hands, args.seed)
    out["command"] = {"level": args.level, "hands": args.hands, "seed": args.seed, "preset": args.preset}
    print(json.dumps(out, indent=1, default=float) if args.json else _format(out))
    return 0
