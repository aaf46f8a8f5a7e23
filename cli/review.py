"""``main.py review FILE [--seat N] [--level strong] [--json] [--bench]``: one seat's decisions
in a recorded game, compared with the AI's.

FILE is any record ``main.py logs`` reads (Tenhou mjlog XML, tenhou.net/6 JSON, mjai, Kawa's
own game records). Prints one line per disagreement and a summary; ``--json`` one object with
``agreement``, ``decisions`` and ``summary``. An unreadable file is one line on standard error
and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from cli.logs import read_any
from game.ai.levels import LEVELS
from game.logs.record import LogFormatError, RecordedGame, problem
from game.review import Decision, Review, review_game
from game.table import Action
from game.tiles import tiles_to_mpsz

__all__ = ["add_arguments", "run", "describe", "explain"]

_WINDS = ("East", "South", "West", "North")
_WHERE = ("you", "the player on your right", "the player opposite", "the player on your left")
_KIND_WORDS = {"efficiency": "hand efficiency", "riichi_dama": "riichi or dama", "call": "calls",
               "push_fold": "push or fold", "win": "wins", "kan": "kans", "placement": "placement (last hand)"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a game record: mjlog XML, tenhou.net/6 JSON, mjai or a Kawa game")
    parser.add_argument("--seat", type=int, choices=range(4), metavar="N",
                        help="the seat to review, 0..3 (0 is the first dealer). Default: 0 for Kawa's own "
                             "games (your seat); required for records from elsewhere, whose player is unknown")
    parser.add_argument("--level", choices=tuple(LEVELS), default="strong", help="the AI to compare with")
    parser.add_argument("--json", action="store_true", help="print one JSON object: agreement, decisions, summary")
    parser.add_argument("--bench", action="store_true", help="print only how long the review took")


def _tile(tile: int | None) -> str:
    return "" if tile is None else tiles_to_mpsz([tile])


def describe(action: Action) -> str:
    """An action in a player's words (tiles in 1m..7z notation, 0 for a red five)."""
    t = _tile(action.tile)
    with_tiles = tiles_to_mpsz(list(action.tiles)) if action.tiles else ""
    words = {"discard": f"discard {t}", "riichi": f"riichi discarding {t}", "chi": f"chi {t} with {with_tiles}",
             "pon": f"pon {t}", "daiminkan": f"open kan on {t}", "ankan": f"closed kan of {with_tiles[:2]}",
             "shouminkan": f"add {t} to your pon", "tsumo": f"win by tsumo on {t}", "ron": f"win by ron on {t}",
             "kyuushu": "abort with nine terminals", "pass": "pass"}
    return words.get(action.type, action.type)


def _who(seat: int, me: int, hand_index: int) -> str:
    return f"{_WINDS[(seat - hand_index % 4) % 4]} ({_WHERE[(seat - me) % 4]})"


def explain(reason: dict[str, Any], me: int, hand_index: int) -> str:
    """A reason code and its numbers in a player's words."""
    code = reason["code"]
    v = reason.get("value", [0, 0])
    if code == "lower_shanten":
        a, p = (("tenpai" if s == 0 else f"{s}-shanten") for s in reason["shanten"])
        return f"it leaves the hand {a}; yours leaves it {p}"
    if code == "wider_wait":
        a, p = reason["ukeire"]
        return f"its wait has {a} tiles left, yours {p}" + (f" ({a / p:.1f}x as many)" if p else "")
    if code == "more_useful_tiles":
        a, p = reason["ukeire"]
        return f"{a} tiles improve the hand after it, {p} after yours"
    if code in ("dangerous_against_riichi", "dangerous_against_threat"):
        threat = "riichi" if code == "dangerous_against_riichi" else "likely tenpai"
        held = reason["genbutsu_held"]
        safe = f" and you held {held} kind(s) of genbutsu" if held else ""
        return (f"against the {threat} of {_who(reason['seat'], me, hand_index)} your tile is dangerous{safe} "
                f"(expected loss {reason['risk'][1]} against {reason['risk'][0]} points)")
    if code == "riichi":
        dama, riichi = reason["points"]
        return f"riichi raises a ron from {dama} to {riichi} points"
    if code == "dama":
        dama, riichi = reason["points"]
        return f"the hand already pays {dama} points without riichi: stay quiet and keep your options"
    if code == "missed_win":
        return f"you passed a win worth about {reason['points']} points"
    if code == "win_keeps_last_place":
        return "this win still leaves you last in the final hand"
    words = {"worth_pushing": "the hand is worth pushing", "keeps_value": "it keeps more of the hand's value",
             "call_worth_it": "the call speeds the hand up enough", "call_not_worth_it": "the call is not worth what it gives up",
             "kan": "the kan costs nothing and adds a dora", "no_kan": "the kan is not worth it here",
             "higher_value": "it is worth more"}
    return f"{words.get(code, code)} (about {v[0]} against {v[1]} points)"


def _line(d: Decision, me: int) -> str:
    ai = ", ".join(describe(a) for a, _ in d.options)
    text = (f"{d.hand_label} turn {d.turn}: you chose {describe(d.actual)}; the AI: {ai} "
            f"[{d.severity}, {d.kind.replace('_', ' ')}, about {d.cost:.0f} points]")
    if d.reason:
        text += f": {explain(d.reason, me, d.hand_index)}"
    return text


def _text(review: Review, record: RecordedGame) -> str:
    s = review.summary()
    name = record.names[review.seat] if record.names[review.seat] else f"seat {review.seat}"
    lines = [f"Review of {name} in {record.source} against the {review.level} AI"]
    lines += [_line(d, review.seat) for d in review.decisions if not d.agreed]
    sev = s["severity"]
    lines.append(f"Agreement {100 * s['agreement']:.0f}% ({sev['agree']} of {s['decisions']} decisions): "
                 f"{sev['mistake']} mistakes, {sev['slip']} slips, estimated cost {s['cost']:.0f} points")
    for kind, k in s["by_kind"].items():
        lines.append(f"  {_KIND_WORDS[kind]:24} {100 * k['agreement']:4.0f}% of {k['decisions']}")
    lines.append("By hand: " + ", ".join(f"{h['label']} {100 * h['agreement']:.0f}%" for h in s["by_hand"]))
    if s["mistakes"]:
        lines.append("Mistakes by cost:")
        lines += [f"  {review.decisions[i].hand_label} turn {review.decisions[i].turn}: "
                  f"{describe(review.decisions[i].actual)}, about {review.decisions[i].cost:.0f} points"
                  for i in s["mistakes"]]
    problems = s["replay_problems"]
    if problems:
        lines.append(f"note: the table and the record differ in {len(problems)} place(s), first at {problems[0]}; "
                     "a hand stopped by a difference is reviewed up to it")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        record = read_any(args.file)
    except LogFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
        print(f"error: {args.file}: not a game record Kawa can read ({problem(exc)})", file=sys.stderr)
        return 2
    seat = args.seat
    if seat is None:
        if record.extra.get("format") != "kawa":
            names = ", ".join(f"{n}: {name or '?'}" for n, name in enumerate(record.names))
            print(f"error: {args.file}: say which seat to review with --seat N ({names})", file=sys.stderr)
            return 2
        seat = 0
    if not record.hands:
        print(f"error: {args.file}: the record holds no finished hand to review", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    review = review_game(record, seat, args.level)
    seconds = time.perf_counter() - t0
    if args.bench:
        print(f"reviewed {len(review.decisions)} decisions of seat {seat} in {len(record.hands)} hands "
              f"in {seconds:.2f} s")
    elif args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False))
    else:
        print(_text(review, record))
    return 0
