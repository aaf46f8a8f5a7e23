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

from cli.language import add_lang_argument, apply_language, code_or_name, lower_first, pad, width
from cli.logs import read_any
from game.ai.levels import LEVELS
from game.logs.record import LogFormatError, RecordedGame, problem
from game.ai.policy import shipped_shares
from game.review import Decision, Review, review_game
from game.table import Action
from game.tiles import kind_of, tiles_to_mpsz
from render.i18n import N_, current_language, join_list, number, percent, series, tr, trn
from render.review_words import (ACTION_WORDS, KIND_NAMES, SEVERITY_NAMES, hand_code_words, reason_words, seat_words,
                                  severity_counts, shares_words)
from render.words import tile_words

__all__ = ["add_arguments", "run", "describe", "explain"]

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "strong": N_("Strong")}
"""The AI levels as the window names them (the code in English)."""
CLI_ACTION_WORDS = {"chi": N_("chi {tile} with {tiles}"), "pon": N_("pon {tile}")}
"""The actions the command words its own way; the others as the review screen does (``ACTION_WORDS``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a game record: mjlog XML, tenhou.net/6 JSON, mjai or a Kawa game")
    parser.add_argument("--seat", type=int, choices=range(4), metavar="N",
                        help="the seat to review, 0..3 (0 is the first dealer). Default: 0 for Kawa's own "
                             "games (your seat); required for records from elsewhere, whose player is unknown")
    parser.add_argument("--level", choices=tuple(LEVELS), default="strong", help="the AI to compare with")
    parser.add_argument("--json", action="store_true", help="print one JSON object: agreement, decisions, summary")
    parser.add_argument("--bench", action="store_true", help="print only how long the review took")
    add_lang_argument(parser)


def _tiles(tiles: list[int]) -> str:
    """Tiles in 1m..7z notation in English (0 for a red five), else in the language's words."""
    if current_language() == "en":
        return tiles_to_mpsz(tiles)
    return " ".join(tile_words(kind_of(t)) for t in tiles)


def describe(action: Action) -> str:
    """An action in a player's words (in English, tiles in 1m..7z notation, 0 for a red five)."""
    t = "" if action.tile is None else _tiles([action.tile])
    words = CLI_ACTION_WORDS.get(action.type) or ACTION_WORDS.get(action.type)
    if words is None:
        return action.type
    if action.type == "ankan":  # the kind, as the first two of its four tiles in English
        held = list(action.tiles)
        t = tiles_to_mpsz(held)[:2] if current_language() == "en" else _tiles(held[:1])
    return tr(words).format(tile=t, tiles=_tiles(list(action.tiles)) if action.tiles else "")


def explain(reason: dict[str, Any], me: int, hand_index: int) -> str:
    """A reason code and its numbers in a player's words: as the review screen gives them
    (``reason_words``), but for two the command words more fully."""
    code = reason["code"]
    if code == "wider_wait":
        a, p = reason["ukeire"]
        text = tr("its wait has {ai} tiles left, yours {you}").format(ai=a, you=p)
        return text + (tr(" ({ratio:.1f}x as many)").format(ratio=a / p) if p else "")
    if code == "dama":
        return tr("the hand already pays {dama} points without riichi: stay quiet and keep your options").format(
            dama=reason["points"][0])
    return reason_words(reason, me, hand_index)


def _choice(action: Action) -> str:
    """An option as the houou line names it: '9p', 'riichi 9p', 'pon 3s', 'pass'."""
    if action.type == "discard" and action.tile is not None:
        return _tiles([action.tile])
    if action.type == "riichi" and action.tile is not None:
        return tr("riichi {tile}").format(tile=_tiles([action.tile]))
    return describe(action)


def _line(d: Decision, me: int) -> str:
    ai = series([describe(a) for a, _ in d.options])
    text = tr("{hand} turn {turn}: you chose {yours}; the AI: {ai} [{severity}, {kind}, about {cost:.0f} points]").format(
        hand=hand_code_words(d.hand_label), turn=d.turn, yours=describe(d.actual), ai=ai,
        severity=tr(SEVERITY_NAMES.get(d.severity, d.severity)),
        kind=code_or_name(d.kind, KIND_NAMES, english=d.kind.replace("_", " ")), cost=d.cost)
    if d.reason:
        text += ": " + explain(d.reason, me, d.hand_index)
    houou = shares_words(d.shares, _choice)
    if houou:
        text += "; " + houou
    return text


def _text(review: Review, record: RecordedGame) -> str:
    s = review.summary()
    name = record.names[review.seat] if record.names[review.seat] else tr("seat {n}").format(n=review.seat)
    lines = [tr("Review of {name} in {source} against the {level} AI").format(
        name=name, source=record.source, level=lower_first(code_or_name(review.level, LEVEL_NAMES)))]
    lines += [_line(d, review.seat) for d in review.decisions if not d.agreed]
    sev = s["severity"]
    lines.append(tr("Agreement {agreement:.0f}% ({agree} of {decisions} decisions): {counts}, estimated cost {cost:.0f} "
                    "points").format(agreement=100 * s["agreement"], agree=sev["agree"], decisions=s["decisions"],
                                     counts=severity_counts(sev["mistake"], sev["slip"]), cost=s["cost"]))
    if sev["strong_choice"]:
        lines.append(trn("{n} choice the AI would not make is one houou players make often: not counted as a mistake",
                         "{n} choices the AI would not make are ones houou players make often: not counted as "
                         "mistakes", sev["strong_choice"]).format(n=sev["strong_choice"]))
    if sev["not_weighed"]:
        lines.append(trn("{n} choice the AI did not weigh: no cost given", "{n} choices the AI did not weigh: no cost given",
                         sev["not_weighed"]).format(n=sev["not_weighed"]))
    kinds = {kind: lower_first(tr(KIND_NAMES[kind])) for kind in s["by_kind"]}
    column = max([24, *(width(words) for words in kinds.values())])
    for kind, k in s["by_kind"].items():
        lines.append("  " + pad(kinds[kind], column) + " " + tr("{agreement:4.0f}% of {decisions}").format(
            agreement=100 * k["agreement"], decisions=k["decisions"]))
    lines.append(tr("By hand: {hands}").format(hands=series([
        tr("{hand} {agreement}").format(hand=hand_code_words(h["label"]), agreement=percent(h["agreement"], 0)) for h in s["by_hand"]])))
    if s["mistakes"]:
        lines.append(tr("Mistakes by cost:"))
        lines += ["  " + tr("{hand} turn {turn}: {action}, about {cost:.0f} points").format(
                  hand=hand_code_words(review.decisions[i].hand_label), turn=review.decisions[i].turn,
                  action=describe(review.decisions[i].actual), cost=review.decisions[i].cost)
                  for i in s["mistakes"]]
    problems = s["replay_problems"]
    if problems:
        lines.append(trn("note: the table and the record differ in {n} place, first at {first}; "
                         "a hand stopped by a difference is reviewed up to it",
                         "note: the table and the record differ in {n} places, first at {first}; "
                         "a hand stopped by a difference is reviewed up to it", len(problems)).format(n=len(problems), first=problems[0]))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if not apply_language(args, "review"):
        return 2
    try:
        record = read_any(args.file)
    except LogFormatError as exc:
        print(tr("error: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
        print(tr("error: {file}: not a game record Kawa can read ({problem})").format(file=args.file, problem=problem(exc)),
              file=sys.stderr)
        return 2
    seat = args.seat
    if seat is None:
        if record.extra.get("format") != "kawa":
            names = ", ".join(f"{n}: {name or '?'}" for n, name in enumerate(record.names))
            print(tr("error: {file}: say which seat to review with --seat N ({names})").format(file=args.file, names=names),
                  file=sys.stderr)
            return 2
        seat = 0
    if not record.hands:
        print(tr("error: {file}: the record holds no finished hand to review").format(file=args.file), file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    review = review_game(record, seat, args.level, shares=shipped_shares())
    seconds = time.perf_counter() - t0
    if args.bench:
        print(f"reviewed {len(review.decisions)} decisions of seat {seat} in {len(record.hands)} hands "
              f"in {seconds:.2f} s")
    elif args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False))
    else:
        print(_text(review, record))
    return 0
