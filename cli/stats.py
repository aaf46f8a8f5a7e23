"""`python main.py stats [--json] [--include-demo]`: the player's figures from the statistics database.

The figures of all games first, then the last 20 and 100 games and each opponent level side by
side. Watched games (``--demo``) count only with ``--include-demo``. The JSON has ``games`` and
``hands`` at its top level, ``recent`` and ``by_level`` below.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from typing import Any

from game.stats.drills import agreement_series, drill_figures
from game.stats.figures import report
from store.stats import StatsDB, StatsError

__all__ = ["add_arguments", "run", "table_lines", "practice_lines", "ROWS"]


def _pct(value: Any) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(digits: int) -> Callable[[Any], str]:
    return lambda value: "-" if value is None else f"{value:,.{digits}f}"


ROWS: tuple[tuple[str, Callable[[dict[str, Any]], Any], Callable[[Any], str]], ...] = (
    ("games", lambda f: f["games"], _num(0)),
    ("hands", lambda f: f["hands"], _num(0)),
    ("average placement", lambda f: f["average_placement"], _num(2)),
    ("1st", lambda f: f["placement_shares"][0], _pct),
    ("2nd", lambda f: f["placement_shares"][1], _pct),
    ("3rd", lambda f: f["placement_shares"][2], _pct),
    ("4th", lambda f: f["placement_shares"][3], _pct),
    ("score per game", lambda f: f["score_per_game"], _num(0)),
    ("win rate", lambda f: f["win_rate"], _pct),
    ("deal-in rate", lambda f: f["deal_in_rate"], _pct),
    ("riichi rate", lambda f: f["riichi_rate"], _pct),
    ("call rate", lambda f: f["call_rate"], _pct),
    ("dama (of wins)", lambda f: f["dama_rate"], _pct),
    ("tsumo (of wins)", lambda f: f["tsumo_share"], _pct),
    ("average win", lambda f: f["average_win_value"], _num(0)),
    ("average deal-in", lambda f: f["average_deal_in_value"], _num(0)),
    ("tenpai at a draw", lambda f: f["draw_tenpai_rate"], _pct),
    ("riichi: won", lambda f: f["riichi_results"]["won"], _pct),
    ("riichi: dealt in", lambda f: f["riichi_results"]["dealt_in"], _pct),
    ("riichi: other won", lambda f: f["riichi_results"]["other_won"], _pct),
    ("riichi: draw", lambda f: f["riichi_results"]["draw"], _pct),
)
"""Each line of the table: its label, how to read it from a scope's figures, how to print it."""


def table_lines(figures: dict[str, Any]) -> list[str]:
    """The figures as a text table: one line per figure, one column per scope."""
    scopes = [("all", figures)] + [(f"last {w}", f) for w, f in figures["recent"].items()]
    scopes += [(f"vs {name}", f) for name, f in figures["by_level"].items()]
    width = max(len(label) for label, _, _ in ROWS)
    cells = [[show(get(f)) for _, f in scopes] for _, get, show in ROWS]
    widths = [max(len(name), *(len(row[i]) for row in cells)) for i, (name, _) in enumerate(scopes)]
    lines = [" " * width + "".join(f"  {name:>{w}}" for (name, _), w in zip(scopes, widths))]
    for (label, _, _), row in zip(ROWS, cells):
        lines.append(f"{label:<{width}}" + "".join(f"  {cell:>{w}}" for cell, w in zip(row, widths)))
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--include-demo", action="store_true", help="count the games watched with --demo too")


def run(args: argparse.Namespace) -> int:
    db = StatsDB()
    try:
        message = db.open()
        figures = report(db.games(args.include_demo), db.hands(args.include_demo))
        figures["drills"] = drill_figures(db.drill_answers())
        figures["review_agreement"] = agreement_series(db.reviews())
    except (StatsError, sqlite3.Error, OSError) as exc:
        print(f"kawa stats: {exc}", file=sys.stderr)
        return 1
    if message:
        print(f"kawa stats: {message}", file=sys.stderr)
    figures["include_demo"] = bool(args.include_demo)
    figures["database"] = str(db.path)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"Statistics in {db.path}" + (" (watched games included)" if args.include_demo else ""))
    if not figures["games"]:
        print("No game recorded yet" + ("." if args.include_demo else " (watched games count with --include-demo)."))
    else:
        print("\n".join(table_lines(figures)))
    print("\n".join(practice_lines(figures["drills"], figures["review_agreement"])))
    return 0


def practice_lines(drills: dict[str, dict[str, Any]], agreement: list[float]) -> list[str]:
    """The drills' accuracy and streaks, and the reviews' agreement, a line each.

    >>> practice_lines({"waits": {"answered": 4, "correct": 3, "accuracy": 0.75, "streak": 1, "best_streak": 2}},
    ...                [0.5, 0.7])
    ['drill waits: 3 of 4 right (75.0%), streak 1, best 2', 'review agreement: 70.0% (last of 2 reviewed games)']
    """
    lines = [f"drill {name}: {f['correct']} of {f['answered']} right ({_pct(f['accuracy'])}), "
             f"streak {f['streak']}, best {f['best_streak']}" for name, f in drills.items()]
    if agreement:
        lines.append(f"review agreement: {_pct(agreement[-1])} (last of {len(agreement)} reviewed games)")
    return lines
