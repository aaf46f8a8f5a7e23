"""``kawa agree FILES...``: how often the AI chooses what the players of real games chose.

Every decision of every seat of each record (mjlog XML, tenhou.net/6 JSON, mjai, a game Kawa
kept; folders are searched for ``.xml`` and ``.json``)
is put to the AI with that seat's view only, and its answer compared with the recorded one:

* discard: the kind discarded, on the own turn with two or more kinds to choose from (not in riichi);
  ``discard vs riichi``: the same while another seat is in riichi;
* riichi: riichi declared or not, where a riichi discard is offered;
* call: pass, or which chi, pon or open kan, where a call is offered (and no ron);
* kan: a closed or added kan declared or not, and which;
* win: a win taken or passed.

Also printed: the decision times (median, p99, max) and the slowest decisions.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
import multiprocessing
from pathlib import Path

from cli.replay import collect
from store.records import read_any
from game.ai import LEVELS, make_player
from game.ai.policy.choices import CALL_TYPES, KAN_TYPES, call_class, discard_kinds, is_call_offer, is_own_turn
from game.ai.policy.net import model_problem
from game.logs.choices import Choice, choices_of
from game.table import Action

__all__ = ["add_arguments", "run", "KINDS", "Tally", "tally_file"]

KINDS = ("discard", "discard vs riichi", "riichi", "call", "kan", "win")
_SLOWEST = 5


@dataclass
class Tally:
    """Decisions and agreements per kind, and the decision times."""

    asked: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    agreed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    times_ms: list[float] = field(default_factory=list)
    slowest: list[tuple[float, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def count(self, kind: str, same: bool) -> None:
        self.asked[kind] += 1
        self.agreed[kind] += int(same)

    def merge(self, other: Tally) -> None:
        for k in KINDS:
            self.asked[k] += other.asked[k]
            self.agreed[k] += other.agreed[k]
        self.times_ms += other.times_ms
        self.slowest = sorted(self.slowest + other.slowest, reverse=True)[:_SLOWEST]
        self.problems += other.problems


def _kind_of(a: Action) -> int | None:
    return None if a.tile is None else a.tile >> 2


def _kan_of(a: Action) -> int | None:
    if a.type not in KAN_TYPES:
        return None
    return (a.tile if a.tile is not None else a.tiles[0]) >> 2


def judge(c: Choice, ai: Action, tally: Tally) -> None:
    """Count the kinds of decision ``c`` is, and whether the AI's ``ai`` agrees with the record."""
    legal, taken = c.legal, c.taken
    if any(a.type in ("tsumo", "ron") for a in legal):
        tally.count("win", (ai.type in ("tsumo", "ron")) == (taken.type in ("tsumo", "ron")))
        if taken.type in ("tsumo", "ron"):
            return
    if is_own_turn(legal):
        in_riichi = c.view.riichi[c.view.seat]
        if any(a.type in KAN_TYPES for a in legal):
            tally.count("kan", _kan_of(ai) == _kan_of(taken))
        if taken.type not in ("discard", "riichi") or in_riichi:
            return
        if any(a.type == "riichi" for a in legal):
            tally.count("riichi", (ai.type == "riichi") == (taken.type == "riichi"))
        if len(discard_kinds(legal)) >= 2:
            same = ai.type in ("discard", "riichi") and _kind_of(ai) == _kind_of(taken)
            tally.count("discard", same)
            if any(r for s, r in enumerate(c.view.riichi) if s != c.view.seat):
                tally.count("discard vs riichi", same)
    elif is_call_offer(legal) and not any(a.type == "ron" for a in legal):
        ai_class = call_class(ai) if ai.type in CALL_TYPES + ("pass",) else -1
        tally.count("call", ai_class == call_class(taken))


def tally_file(path: Path, level: str) -> Tally:
    """Ask the AI at every decision of one record."""
    tally = Tally()
    try:
        choices = choices_of(read_any(path))
    except Exception as exc:  # noqa: BLE001 - one record the table cannot follow is reported, not fatal
        tally.problems.append(f"{path}: {exc}")
        return tally
    players = [make_player(level, 0, s) for s in range(4)]
    for c in choices:
        start = time.perf_counter()
        ai = players[c.view.seat].decide(c.view, list(c.legal))
        ms = (time.perf_counter() - start) * 1000
        tally.times_ms.append(ms)
        if len(tally.slowest) < _SLOWEST or ms > tally.slowest[-1][0]:
            where = f"{path.name} hand {c.hand + 1} seat {c.view.seat} ({c.taken.type})"
            tally.slowest = sorted(tally.slowest + [(ms, where)], reverse=True)[:_SLOWEST]
        judge(c, ai, tally)
    return tally


def _one(job: tuple[Path, str]) -> Tally:
    """``tally_file`` for a worker process (one argument)."""
    return tally_file(*job)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="game records (mjlog XML, tenhou.net/6 JSON, mjai, a kept Kawa game) or folders")
    parser.add_argument("--level", default="strong", choices=sorted(LEVELS), help="the AI level asked (default strong)")
    parser.add_argument("--jobs", type=int, default=1, help="records read at once (one process each)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(tally: Tally, files: int, level: str) -> dict[str, object]:
    """The figures ``run`` prints."""
    return {
        "level": level, "files": files,
        "agreement": {k: (tally.agreed[k] / tally.asked[k] if tally.asked[k] else None) for k in KINDS},
        "decisions": dict(tally.asked),
        "time_ms": {"median": _percentile(tally.times_ms, 0.5), "p99": _percentile(tally.times_ms, 0.99),
                    "max": max(tally.times_ms, default=0.0)},
        "slowest": [{"ms": round(ms, 2), "where": where} for ms, where in tally.slowest],
        "problems": tally.problems,
        "model": model_problem() or "loaded",
    }


def run(args: argparse.Namespace) -> int:
    files = collect(args.paths)
    if not files:
        print("no records to read")
        return 2
    total = Tally()
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for t in pool.imap_unordered(_one, [(f, args.level) for f in files]):
                total.merge(t)
    else:
        for f in files:
            total.merge(tally_file(f, args.level))
    out = summary(total, len(files), args.level)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.level} against {len(files)} records")
    for k in KINDS:
        n = total.asked[k]
        share = f"{total.agreed[k] / n:6.1%}" if n else "     -"
        print(f"  {k:<18} {share}  of {n} decisions")
    t = out["time_ms"]
    print(f"  decision time: median {t['median']:.2f} ms, p99 {t['p99']:.2f} ms, max {t['max']:.2f} ms")  # type: ignore[index]
    for ms, where in total.slowest:
        print(f"    {ms:7.2f} ms  {where}")
    for p in total.problems:
        print(f"  not read: {p}")
    return 0
