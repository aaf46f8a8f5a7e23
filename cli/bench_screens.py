"""``main.py bench-screens``: how long the window waits on the player's files as screens open.

In a data folder of its own, the command keeps ``--games`` copies of a played game and a statistics
database, then times, on the window's thread: opening the Games screen (and how many frames it
draws while the games are read in the background), leaving a game, and opening Practice and
Statistics while another program holds the statistics database (as a second Kawa or a backup tool
would). A figure is the time the window could not draw.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cli.bench_memory import window_size
from game.ai import make_player
from game.table import Game
from render.app import App, AppOptions
from render.setup import GameSetup
from store.games import GAMES_VERSION, header_for
from store.stats import BUSY_SECONDS, StatsDB
from store.writing import write_json_atomically

__all__ = ["add_arguments", "run", "keep_copies"]

FPS = 60


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=1000, help="kept games in the folder (default 1000)")
    parser.add_argument("--size", default="1280x720", help="window size (default 1280x720)")


def keep_copies(folder: Path, n: int, seed: int = 11) -> None:
    """``n`` kept games in ``folder``: one game of the easy AI, kept under ``n`` seeds."""
    game = Game(seed=seed)
    players = [make_player("easy", seed, s) for s in range(4)]
    while not game.finished:
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        game.apply(seat, players[seat].decide(view, view.legal_actions))
    record = game.to_record()
    for i in range(n):
        copy = dict(record, seed=seed + 1 + i)
        header = header_for(copy, ["You", "A", "B", "C"], ["player", "easy", "easy", "easy"], list(game.scores),
                            True, False, 2, 1_700_000_000 + i)
        write_json_atomically(folder / f"game-{i:06d}-{seed + 1 + i}.json",
                              {"version": GAMES_VERSION, "header": header, "record": copy}, ".game-")


def _ms(work: Callable[[], Any]) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def _frames_until(app: App, done: Callable[[], bool], limit_s: float = 600.0) -> tuple[int, float]:
    """Frames drawn at the window's pace until ``done()``, and the time that took (ms)."""
    start, frames = time.perf_counter(), 0
    while not done() and time.perf_counter() - start < limit_s:
        app.step(1 / FPS)
        frames += 1
        time.sleep(max(0.0, start + frames / FPS - time.perf_counter()))
    return frames, (time.perf_counter() - start) * 1000


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("bench-screens: --games must be at least 1")
        return 2
    w, h = window_size(args.size)
    data = Path(tempfile.mkdtemp(prefix="kawa-bench-screens-"))
    os.environ["KAWA_DATA_DIR"] = str(data)
    os.environ["KAWA_CONFIG_DIR"] = str(data / "config")
    keep_copies(data / "games", args.games)
    db = StatsDB(data)
    db.record_drill("discard", "easy", 1, True)
    db.close()
    app = App(AppOptions(size=(w, h), pace=0, animations="off"))
    app.push(app.build("title"))
    n = f"{args.games:,}"
    try:
        for screen in (app.goto("practice"), app.goto("stats")):  # once first: loading code and tiles is not counted
            getattr(screen, "wait_problem", getattr(screen, "wait_loaded", None))()
            screen.db.close()
        app.goto("title")
        holder = sqlite3.connect(data / "stats.sqlite3", isolation_level=None)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")  # another program holds the statistics
        for name in ("practice", "stats"):
            app.goto("title")
            waited = _ms(lambda name=name: app.open(name))
            screen = app.top
            frames, took = _frames_until(app, lambda: "another program" in (screen.notice or ""))
            print(f"open {name} with the statistics held: {waited:.0f} ms on the window's thread; "
                  f"told they are busy after {took:,.0f} ms and {frames} frames (waited {BUSY_SECONDS:g} s)")
        holder.execute("COMMIT")
        holder.close()
        app.goto("title")
        waited = _ms(lambda: app.open("games"))
        games = app.top
        frames, took = _frames_until(app, lambda: not games.listing)
        print(f"open games over {n} kept games: {waited:.0f} ms on the window's thread; "
              f"{len(games.games):,} listed after {took:,.0f} ms and {frames} frames")
        app.goto("title")
        app.open("table", GameSetup(seed=7, player_name="Demo AI", demo=True))
        _frames_until(app, lambda: False, 0.5)
        print(f"leave a game beside {n} kept games: {_ms(lambda: app.goto('title')):.0f} ms on the window's thread")
    finally:
        app.shutdown()
        shutil.rmtree(data, ignore_errors=True)
    return 0
