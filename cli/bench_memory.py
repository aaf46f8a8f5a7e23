"""``main.py bench-memory``: the window's memory over a long session of watched games.

The game window plays demo games one after another, each frame advancing 1/60 s as at 60 frames
a second but without waiting for the clock, so an hour of play takes a minute or two. The resident
memory is printed every five simulated minutes, then the growth over each simulated hour.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from render.app import App, AppOptions
from render.scenes.standings import StandingsScene
from render.setup import GameSetup

__all__ = ["add_arguments", "run", "resident_mb", "window_size"]

FPS = 60
REPORT_EVERY = 5 * 60 * FPS
"""Frames between two lines: five simulated minutes."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--minutes", type=int, default=60, help="simulated minutes of play (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="the first demo game's seed (then +1 for each game)")
    parser.add_argument("--size", default="1280x720", help="window size (default 1280x720)")


def resident_mb() -> float | None:
    """This process's resident memory in MB (None where /proc is not there)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def window_size(size: str) -> tuple[int, int]:
    """The benchmark window's size from ``WxH``; with no display (and no sound device asked for) it
    is drawn off screen and silent."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    w, h = (int(v) for v in size.lower().split("x"))
    return w, h


def run(args: argparse.Namespace) -> int:
    if args.minutes < 1:
        print("bench-memory: --minutes must be at least 1")
        return 2
    w, h = window_size(args.size)
    os.environ.setdefault("KAWA_DATA_DIR", tempfile.mkdtemp(prefix="kawa-bench-memory-"))
    app = App(AppOptions(size=(w, h), demo=True, seed=args.seed, animations="fast"))
    seed, games, last_standings = args.seed, 1, None
    app.push(app.build("table", GameSetup(seed=seed, player_name="Demo AI", demo=True)))
    start, hourly = time.perf_counter(), [resident_mb()]
    print(f"start: {hourly[0] or 0:.1f} MB resident")
    for frame in range(1, args.minutes * 60 * FPS + 1):
        app.step(1 / FPS)
        if isinstance(app.top, StandingsScene) and app.top is not last_standings:
            last_standings = app.top
            seed, games = seed + 1, games + 1
            app.goto("table", GameSetup(seed=seed, player_name="Demo AI", demo=True))
        if frame % REPORT_EVERY == 0:
            mb = resident_mb() or 0.0
            print(f"{frame // (60 * FPS):4d} min  games {games:3d}  hands {app.hands_finished:4d}  {mb:6.1f} MB  "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
            if frame % (60 * 60 * FPS) == 0:
                hourly.append(mb)
    app.shutdown()
    growth = ", ".join(f"hour {i}: {b - a:+.1f} MB" for i, (a, b) in enumerate(zip(hourly, hourly[1:]), 1))
    print(f"{games} games, {app.hands_finished} hands; {growth or 'less than an hour played'}")
    return 0
