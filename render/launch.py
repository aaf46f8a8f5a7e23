"""Start the game window from main.py's flags."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pygame

from prefs import LANGUAGES
from render.app import App, AppOptions
from render.i18n import tr
from render.setup import GameSetup

__all__ = ["options_from_args", "run_client"]


def options_from_args(args: argparse.Namespace, t_start: float):  # type: ignore[no-untyped-def]
    """AppOptions for the parsed flags."""
    return AppOptions(size=args.size, demo=args.demo, seed=args.seed,
                      frame_stats=Path(args.frame_stats) if args.frame_stats else None,
                      first_frame_stats=args.first_frame_stats, exit_after_hands=args.exit_after_hands,
                      fullscreen=True if args.fullscreen else None, animations=args.animations, pace=args.pace,
                      language=getattr(args, "lang", None),
                      extra={"t_start": t_start})


def unseen_window(driver: str, asked: str) -> bool:
    """Whether the window would be drawn where nobody sees it: SDL fell back to an off-screen driver because
    there is no display, rather than being asked for one (tests and benchmarks ask by SDL_VIDEODRIVER).

    >>> unseen_window("offscreen", ""), unseen_window("dummy", "dummy"), unseen_window("x11", "")
    (True, False, False)
    """
    return driver in ("offscreen", "dummy") and not asked


def run_client(args: argparse.Namespace, t_start: float) -> int:
    """Open the window and play; returns the exit code."""
    if args.exit_after_hands is not None and args.exit_after_hands < 1:
        print("--exit-after-hands needs a number of hands of 1 or more")
        return 2
    if args.pace is not None and not 0 <= args.pace <= 10:
        print("--pace is a factor from 0 (no pauses) to 10")
        return 2
    if getattr(args, "lang", None) is not None and args.lang not in LANGUAGES:
        print(f"--lang {args.lang!r}: Kawa speaks {', '.join(LANGUAGES)}")
        return 2
    try:
        app = App(options_from_args(args, t_start))
    except pygame.error as exc:  # no display (a server, a bare terminal): one line, not a traceback
        print(f"Kawa cannot open its window: {exc}. The headless commands work without one (kawa --help).",
              file=sys.stderr)
        return 1
    if unseen_window(pygame.display.get_driver(), os.environ.get("SDL_VIDEODRIVER", "")):
        app.shutdown()
        print("Kawa cannot open its window: no display was found. The headless commands work without one "
              "(kawa --help).", file=sys.stderr)
        return 1
    if getattr(args, "open", None) is not None:  # main.py open FILE: the record in the viewer, over the Games screen
        first = app.build("games", args.open)
    elif args.demo:
        seed = args.seed if args.seed is not None else GameSetup.random_seed()
        first = app.build("table", GameSetup(seed=seed, player_name=tr("Demo AI"), demo=True))
    else:
        first = app.build("title")
    return app.run(first)
