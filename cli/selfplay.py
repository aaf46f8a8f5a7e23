"""``main.py selfplay``: AI seats play whole games headless; figures per seat and per level.

With ``--duplicate`` each game seed is played four times with the level list rotated, so
every level sits in every seat on the same walls and the luck of the deal cancels out.
The challenger's edge is measured per hand as its score change minus the others' average.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bots.seat import MJAI_PREFIX, make_seat
from game.ai import pauses
from game.ai.levels import LEVELS
from game.rules import PRESETS, RuleSet, preset
from game.table import Agent, Game
from game.table.events import GameEnded, HandEnded, HandStarted, Won
from store.paths import data_dir

__all__ = ["add_arguments", "run", "play_game", "summarise", "GameResult", "Watcher"]


@dataclass
class SeatHand:
    """One seat's figures for one hand."""

    won: bool = False
    dealt_in: bool = False
    riichi: bool = False
    called: bool = False
    win_points: int = 0
    delta: int = 0


@dataclass
class GameResult:
    """Per-hand figures by seat, final placements (0 = first) and decision times by level."""

    levels: tuple[str, ...]
    hands: list[list[SeatHand]] = field(default_factory=list)
    placement: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    illegal: int = 0


Watcher = Callable[[int, Any, Sequence[Any], Any, list[Any]], None]
"""Called after every decision: (seat, view, legal actions, chosen action, events)."""


def play_game(rules: RuleSet, seed: int, levels: tuple[str, ...], watch: Watcher | None = None,
              agents: Sequence[Agent] | None = None, records: Path | None = None) -> GameResult:
    """Play one whole game with the seat named in ``levels`` at each seat (0..3): an AI level or
    ``mjai:COMMAND``; ``agents``, when given, are the four seats instead. ``watch`` sees every
    decision with the seat's view and the events it caused. With ``records`` the game's record
    (``Game.to_record``) is written there as JSON."""
    game = Game(rules, seed)
    players = list(agents) if agents else [make_seat(levels[s], seed, s, rules.red_fives, data_dir())
                                           for s in range(4)]
    try:
        told: set[int] = set()
        for s, player in enumerate(players):
            for event in game.events:
                player.observe(event.for_seat(s))
        result = GameResult(levels)
        result.times = {lv: [] for lv in set(levels)}
        current: list[SeatHand] = [SeatHand() for _ in range(4)]
        start_scores = list(game.scores)
        while not game.finished:
            for seat in range(4):
                legal = game.legal_actions(seat)
                if legal:
                    break
            else:  # pragma: no cover - the table always waits on someone until the game ends
                raise RuntimeError("nobody has a decision but the game is not over")
            view = game.view(seat)
            t0 = time.perf_counter()
            action = players[seat].decide(view, legal)
            elapsed = time.perf_counter() - t0
            if len(legal) > 1:
                result.times[levels[seat]].append(elapsed)
            events = game.apply(seat, action)
            for s, player in enumerate(players):
                for event in events:
                    player.observe(event.for_seat(s))
            notice = getattr(players[seat], "notice", None)
            if notice and seat not in told:
                told.add(seat)
                print(f"seat {seat} ({levels[seat]}): {notice}; Kawa's AI plays the seat from here on", file=sys.stderr)
            if watch is not None:
                watch(seat, view, legal, action, events)
            for ev in events:
                if isinstance(ev, HandStarted):
                    pauses.hand_started()
                    current = [SeatHand() for _ in range(4)]
                    start_scores = list(ev.scores)
                elif ev.type == "riichi_declared":
                    current[ev.seat].riichi = True
                elif ev.type == "called":
                    current[ev.seat].called = True
                elif isinstance(ev, Won):
                    current[ev.seat].won = True
                    current[ev.seat].win_points = ev.points
                    if not ev.tsumo:
                        current[ev.from_seat].dealt_in = True
                elif isinstance(ev, HandEnded):
                    for s in range(4):
                        current[s].delta = ev.scores[s] - start_scores[s]
                    result.hands.append(current)
                elif isinstance(ev, GameEnded):
                    place = [0] * 4
                    for row in ev.standing:
                        place[row["seat"]] = row["rank"] - 1
                    result.placement = place
    finally:  # the bots end however the game ends (an error in one seat included)
        for player in players:
            player.close()
    pauses.game_over()
    if records is not None:
        keep_record(game, records, record_stem(seed, rules, levels))
    return result


def _safe(level: str) -> str:
    """A seat's level as part of a file name (an mjai command reduced to letters and digits)."""
    return "".join(c if c.isalnum() else "_" for c in level)[:24]


def record_stem(seed: int, rules: RuleSet, levels: Sequence[str]) -> str:
    """A record's file name without its end: seed, rules and seats readable, and a digest of the whole
    rules and seat specs, so that games of another preset or of bots whose commands begin alike differ."""
    digest = hashlib.sha256(json.dumps([rules.to_dict(), list(levels)], sort_keys=True).encode("utf-8")).hexdigest()
    return f"selfplay-{seed}-{_safe(rules.name)}-{'-'.join(_safe(lv) for lv in levels)}-{digest[:10]}"


def keep_record(game: Game, folder: Path, stem: str) -> Path:
    """Write the game's record as JSON to ``folder/stem.json``, whole or not at all, never over another
    file (``stem-2.json``... when the name is taken by another game; the same game kept again is left
    as it is); the path written."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".selfplay-", suffix=".tmp", dir=folder)
    try:
        data = json.dumps(game.to_record()).encode("utf-8")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        n = 1
        while True:
            path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
            try:
                os.link(tmp, path)  # fails, rather than replaces, when the name is taken
                return path
            except FileExistsError:
                if _same_bytes(path, data):
                    return path
                n += 1
    finally:
        os.unlink(tmp)


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _unit(job: tuple[Any, ...]) -> list[GameResult]:
    """One seed (rules, seed, levels, duplicate[, records folder]): one game, or four with the
    levels rotated (duplicate)."""
    rules_dict, seed, levels, duplicate = job[:4]
    rules = RuleSet.from_dict(rules_dict)
    folder = Path(job[4]) if len(job) > 4 and job[4] else None
    if not duplicate:
        return [play_game(rules, seed, levels, records=folder)]
    return [play_game(rules, seed, levels[-r:] + levels[:-r] if r else levels, records=folder) for r in range(4)]


def _results(rules: RuleSet, seed: int, levels: tuple[str, ...], duplicate: bool, hands: int,
             jobs: int, records: Path | None = None) -> Iterator[GameResult]:
    """Games in seed order until ``hands`` hands are played (whole seeds only)."""
    def jobs_from() -> Iterator[tuple[dict[str, Any], int, tuple[str, ...], bool, str | None]]:
        s = seed
        while True:
            yield rules.to_dict(), s, levels, duplicate, str(records) if records else None
            s += 1

    played = 0
    if jobs <= 1:
        source: Iterator[list[GameResult]] = map(_unit, jobs_from())
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        source = pool.imap(_unit, jobs_from(), chunksize=1)
    try:
        for unit in source:
            for game in unit:
                played += len(game.hands)
                yield game
            if played >= hands:
                break
    finally:
        if pool is not None:
            pool.terminate()


class Running:
    """A mean and its 95% confidence interval kept as values arrive (Welford's sums): the memory
    stays the same however many hands are played."""

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        step = value - self.mean
        self.mean += step / self.n
        self.m2 += step * (value - self.mean)

    def figures(self) -> dict[str, float]:
        """{"mean", "ci95", "n"}: NaN where there are too few values."""
        if not self.n:
            return {"mean": math.nan, "ci95": math.nan, "n": 0}
        ci = 1.96 * math.sqrt(self.m2 / (self.n - 1)) / math.sqrt(self.n) if self.n > 1 else math.nan
        return {"mean": self.mean, "ci95": ci, "n": self.n}


class Durations:
    """Decision times kept as counts in bins 1% wide (1 µs to 1000 s): the median and the 99th
    percentile to within 1%, the longest exactly, in the same memory for any number of decisions."""

    PER_DECADE = 230
    """Bins per factor of ten: each bin 1% wider than the one before."""

    def __init__(self) -> None:
        self.bins: dict[int, int] = {}
        self.n = 0
        self.longest = 0.0

    def add(self, seconds: float) -> None:
        self.n += 1
        self.longest = max(self.longest, seconds)
        key = max(0, int(math.log10(max(seconds, 1e-6) / 1e-6) * self.PER_DECADE))
        self.bins[key] = self.bins.get(key, 0) + 1

    def percentile(self, q: float) -> float:
        """The time below which a share ``q`` of the decisions fell (the middle of its bin)."""
        if not self.n:
            return math.nan
        rank, seen = min(self.n - 1, int(q * self.n)), 0
        for key in sorted(self.bins):
            seen += self.bins[key]
            if seen > rank:
                return min(self.longest, 1e-6 * 10 ** ((key + 0.5) / self.PER_DECADE))
        return self.longest  # pragma: no cover - the ranks always fall in a bin

    def figures(self) -> dict[str, float]:
        return {"median": 1000 * self.percentile(0.5), "p99": 1000 * self.percentile(0.99),
                "max": 1000 * self.longest if self.n else math.nan, "n": self.n}


_FIGURES = ("win", "deal_in", "riichi", "call", "value", "delta", "place")


def summarise(games: Iterable[GameResult], challenger: str | None) -> dict[str, Any]:
    """Figures per level and per seat, the challenger's paired edge, and decision times; the games are
    read one at a time and only running sums kept, so a long run's memory does not grow."""
    groups: dict[str, dict[str, Running]] = {}

    def add(key: str, sh: SeatHand) -> None:
        g = groups.setdefault(key, {k: Running() for k in _FIGURES})
        g["win"].add(float(sh.won))
        g["deal_in"].add(float(sh.dealt_in))
        g["riichi"].add(float(sh.riichi))
        g["call"].add(float(sh.called))
        g["delta"].add(float(sh.delta))
        if sh.won:
            g["value"].add(float(sh.win_points))

    edge = Running()
    times: dict[str, Durations] = {}
    hands = played = 0
    for game in games:
        played += 1
        hands += len(game.hands)
        for hand in game.hands:
            for s, sh in enumerate(hand):
                add(f"level {game.levels[s]}", sh)
                add(f"seat {s}", sh)
            if challenger is not None and challenger in game.levels:
                c = game.levels.index(challenger)
                others = [hand[s].delta for s in range(4) if game.levels[s] != challenger]
                if others:
                    edge.add(hand[c].delta - statistics.fmean(others))
        for s, p in enumerate(game.placement):
            groups[f"level {game.levels[s]}"]["place"].add(float(p + 1))
            groups[f"seat {s}"]["place"].add(float(p + 1))
        for lv, ts in game.times.items():
            kept = times.setdefault(lv, Durations())
            for t in ts:
                kept.add(t)
    out: dict[str, Any] = {"hands": hands, "games": played, "groups": {}}
    for key in sorted(groups):
        out["groups"][key] = {name: running.figures() for name, running in groups[key].items()}
    if edge.n:
        out["edge"] = {"challenger": challenger, **edge.figures()}
    out["decision_ms"] = {lv: kept.figures() for lv, kept in sorted(times.items())}
    return out


_COLUMNS = (("win", "win %", 100), ("deal_in", "deal-in %", 100), ("riichi", "riichi %", 100),
            ("call", "call %", 100), ("value", "win value", 1), ("place", "placement", 1),
            ("delta", "score/hand", 1))


def _format(summary: dict[str, Any]) -> str:
    lines = [f"{summary['hands']} hands in {summary['games']} games (95% intervals as +-)"]
    header = f"{'':14}" + "".join(f"{title:>18}" for _, title, _ in _COLUMNS)
    lines.append(header)
    for key, g in summary["groups"].items():
        cells = []
        for name, _, scale in _COLUMNS:
            m, ci = g[name]["mean"] * scale, g[name]["ci95"] * scale
            prec = 1 if scale == 100 or name == "place" else 0
            prec = 2 if name == "place" else prec
            cells.append(f"{m:>9.{prec}f} +-{ci:<6.{prec}f}" if not math.isnan(ci) else f"{m:>9.{prec}f}        ")
        lines.append(f"{key:14}" + "".join(f"{c:>18}" for c in cells))
    if "edge" in summary:
        e = summary["edge"]
        clear = "clear of zero" if abs(e["mean"]) > e["ci95"] else "not clear of zero"
        lines.append(f"edge of {e['challenger']} over the others' average: {e['mean']:+.0f} +- {e['ci95']:.0f}"
                     f" points per hand ({clear}, {e['n']} hands)")
    for lv, t in summary["decision_ms"].items():
        lines.append(f"decision time {lv:7}: median {t['median']:.2f} ms, p99 {t['p99']:.2f} ms,"
                     f" max {t['max']:.1f} ms ({t['n']} decisions)")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=200, help="play whole games until this many hands")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (then seed+1, ...)")
    parser.add_argument("--ai", default="strong,normal,normal,normal",
                        help="four seats, comma-separated: a level (easy, normal, strong) or mjai:COMMAND (an mjai bot); "
                             "the first is the challenger in the edge figure")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each seed four times with the levels rotated through the seats")
    parser.add_argument("--preset", default="ema", help=f"rule preset: {', '.join(PRESETS)} (default ema)")
    parser.add_argument("--length", choices=("single", "east", "south"), default=None,
                        help="override the preset's game length")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the machine has 2 cores)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--records", type=Path, metavar="DIR",
                        help="keep each game's record in DIR (selfplay-SEED-RULES-LEVELS-DIGEST.json, never over "
                             "another file), "
                             "to watch or review "
                             "with `main.py review FILE --seat N`")


def run(args: argparse.Namespace) -> int:
    levels = tuple(x.strip() for x in args.ai.split(","))
    if len(levels) != 4 or any(lv not in LEVELS and not lv.startswith(MJAI_PREFIX) for lv in levels):
        print(f"--ai needs four seats, each a level from {', '.join(LEVELS)} or mjai:COMMAND, got {args.ai!r}",
              file=sys.stderr)
        return 2
    if args.hands < 1 or args.jobs < 1:
        print("--hands and --jobs must be at least 1", file=sys.stderr)
        return 2
    cores = os.cpu_count() or 1
    if args.jobs > cores:
        print(f"--jobs {args.jobs}: this machine has {cores} cores; using {cores}", file=sys.stderr)
        args.jobs = cores
    try:
        rules = preset(args.preset)
        if args.length:
            rules = rules.with_options(game_length=args.length)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    challenger = levels[0] if len(set(levels)) > 1 else None
    t0 = time.perf_counter()
    if args.records is not None and args.records.exists() and not args.records.is_dir():
        print(f"--records {args.records} is a file, not a folder", file=sys.stderr)
        return 2
    summary = summarise(_results(rules, args.seed, levels, args.duplicate, args.hands, args.jobs, args.records),
                        challenger)
    summary["seconds"] = time.perf_counter() - t0
    summary["command"] = {"hands": args.hands, "seed": args.seed, "ai": list(levels),
                          "duplicate": args.duplicate, "preset": args.preset, "length": args.length}
    if args.json:
        print(json.dumps(summary, indent=1, default=float))
    else:
        print(_format(summary))
        print(f"{summary['seconds']:.1f} s")
    return 0
