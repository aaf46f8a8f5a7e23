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

from cli.language import add_lang_argument, apply_language, code_or_name, lower_first, pad, width
from game.stats.drills import agreement_series, drill_figures
from render.drill_words import DRILL_NAMES
from render.i18n import N_, number, percent, tr, trn
from render.words import stats_words
from store.stats import StatsDB, StatsError

__all__ = ["add_arguments", "run", "table_lines", "practice_lines", "ROWS"]


def _pct(value: Any) -> str:
    return percent(value)


def _num(digits: int) -> Callable[[Any], str]:
    return lambda value: "-" if value is None else number(value, f",.{digits}f")


def _riichi(result: str) -> Callable[[dict[str, Any]], Any]:
    return lambda f: f["riichi_results"][result]


ROWS: tuple[tuple[str, Callable[[dict[str, Any]], Any], Callable[[Any], str]], ...] = (
    (N_("Games"), lambda f: f["finished_games"], _num(0)),
    (N_("Games left unfinished"), lambda f: f["games"] - f["finished_games"], _num(0)),
    (N_("Hands"), lambda f: f["hands"], _num(0)),
    (N_("Average placement"), lambda f: f["average_placement"], _num(2)),
    (N_("1st"), lambda f: f["placement_shares"][0], _pct),
    (N_("2nd"), lambda f: f["placement_shares"][1], _pct),
    (N_("3rd"), lambda f: f["placement_shares"][2], _pct),
    (N_("4th"), lambda f: f["placement_shares"][3], _pct),
    (N_("Score per game"), lambda f: f["score_per_game"], _num(0)),
    (N_("Win rate"), lambda f: f["win_rate"], _pct),
    (N_("Deal-in rate"), lambda f: f["deal_in_rate"], _pct),
    (N_("Riichi rate"), lambda f: f["riichi_rate"], _pct),
    (N_("Call rate"), lambda f: f["call_rate"], _pct),
    (N_("dama (of wins)"), lambda f: f["dama_rate"], _pct),
    (N_("tsumo (of wins)"), lambda f: f["tsumo_share"], _pct),
    (N_("Average win"), lambda f: f["average_win_value"], _num(0)),
    (N_("Average deal-in"), lambda f: f["average_deal_in_value"], _num(0)),
    (N_("tenpai at a draw"), lambda f: f["draw_tenpai_rate"], _pct),
    (N_("won"), _riichi("won"), _pct),
    (N_("dealt in"), _riichi("dealt_in"), _pct),
    (N_("other won"), _riichi("other_won"), _pct),
    (N_("draw"), _riichi("draw"), _pct),
)
"""Each line of the table: its label (shown with a lower-case first letter; the riichi results after
'riichi: '), how to read it from a scope's figures, how to print it."""
RIICHI_ROWS = frozenset({"won", "dealt in", "other won", "draw"})
RECENT_NAMES = {"20": N_("Last 20"), "100": N_("Last 100")}
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "strong": N_("Strong"), "bot": N_("External bot")}
"""The opponents' levels as the Stats screen names them (the code in English)."""


def _label(message: str) -> str:
    label = lower_first(tr(message))
    return tr("riichi: {result}").format(result=label) if message in RIICHI_ROWS else label


def _scope_name(window: str) -> str:
    if window in RECENT_NAMES:
        return lower_first(tr(RECENT_NAMES[window]))
    return tr("last {n}").format(n=window)


def table_lines(figures: dict[str, Any]) -> list[str]:
    """The figures as a text table: one line per figure, one column per scope."""
    scopes = [(tr("all"), figures)] + [(_scope_name(w), f) for w, f in figures["recent"].items()]
    scopes += [(tr("vs {levels}").format(levels="+".join(code_or_name(part, LEVEL_NAMES) for part in name.split("+"))), f)
               for name, f in figures["by_level"].items()]
    labels = [_label(label) for label, _, _ in ROWS]
    label_width = max(width(label) for label in labels)
    cells = [[show(get(f)) for _, f in scopes] for _, get, show in ROWS]
    widths = [max(width(name), *(len(row[i]) for row in cells)) for i, (name, _) in enumerate(scopes)]
    lines = [" " * label_width + "".join("  " + pad(name, w, right=True) for (name, _), w in zip(scopes, widths))]
    for label, row in zip(labels, cells):
        lines.append(pad(label, label_width) + "".join(f"  {cell:>{w}}" for cell, w in zip(row, widths)))
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--include-demo", action="store_true", help="count the games watched with --demo too")
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    if not apply_language(args, "stats"):
        return 2
    db = StatsDB()
    try:
        db.open()
        figures = db.report(args.include_demo)
        skipped = figures["skipped"]
        figures["drills"] = drill_figures(db.drill_answers())
        skipped += db.skipped
        figures["review_agreement"] = agreement_series(db.reviews())
        skipped += db.skipped
    except (StatsError, sqlite3.Error, OSError) as exc:
        print(f"kawa stats: {stats_words(error=exc)}", file=sys.stderr)
        return 1
    figures["skipped"] = skipped
    for message in (stats_words(db=db), stats_words(skipped=skipped)):
        if message:
            print(f"kawa stats: {message}", file=sys.stderr)
    figures["include_demo"] = bool(args.include_demo)
    figures["database"] = str(db.path)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(tr("Statistics in {path}").format(path=db.path)
          + (tr(" (watched games included)") if args.include_demo else ""))
    if not figures["games"]:
        print(tr("No game recorded yet.") if args.include_demo else
              tr("No game recorded yet (watched games count with --include-demo)."))
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
    lines = [tr("drill {name}: {correct} of {answered} right ({accuracy}), streak {streak}, best {best}").format(
             name=code_or_name(name, DRILL_NAMES), correct=f["correct"], answered=f["answered"],
             accuracy=_pct(f["accuracy"]), streak=f["streak"], best=f["best_streak"]) for name, f in drills.items()]
    if agreement:
        lines.append(trn("review agreement: {agreement} (last of {n} reviewed game)",
                         "review agreement: {agreement} (last of {n} reviewed games)", len(agreement)).format(
            agreement=_pct(agreement[-1]), n=len(agreement)))
    return lines
