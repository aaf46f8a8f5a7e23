"""Screenshots of one table in each tile set, from the game's own table scene.

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python assets/screenshots.py docs

Plays a demo game (the AI in every seat, a fixed seed) in a 1280x800 window until the ponds
hold ``--discards`` tiles and no announcement covers them, then saves the window as
``<folder>/tiles-<set>.png``. Preferences are read from a throw-away folder, so the player's
own settings are neither used nor changed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a file: Kawa's packages from the checkout
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (Kawa's modules and pygame load after the two lines above)

from render.app import App, AppOptions  # noqa: E402
from render.setup import GameSetup  # noqa: E402
from render.tileset import TILESET_NAMES  # noqa: E402


def shoot(set_name: str, out: Path, seed: int, discards: int, max_frames: int) -> str:
    """Play until the table looks like mid-hand, save it, and say what was captured."""
    app = App(AppOptions(size=(1280, 800), demo=True, seed=seed, animations="off", pace=0.05,
                         save_games=False))
    app.prefs = app.prefs.with_changes(tile_set=set_name)
    scene = app.open("table", GameSetup(seed=seed, player_name="Demo AI", demo=True))
    shown = 0
    for _ in range(max_frames):
        app.step(0.05)
        time.sleep(0.005)  # let the engine's worker thread run ahead
        shown = sum(len(pond) for pond in scene.control.view.discards)
        quiet = app.top is scene and scene.control.message_time <= 0
        if shown >= discards and quiet:
            break
    pygame.image.save(app.screen, str(out))
    app.shutdown()
    return f"{out}: {shown} discards on the table, tile set {set_name}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--discards", type=int, default=28)
    parser.add_argument("--max-frames", type=int, default=2000)
    parser.add_argument("--set", choices=TILESET_NAMES, action="append")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="kawa-shots-")
    args.folder.mkdir(parents=True, exist_ok=True)
    for set_name in args.set or TILESET_NAMES:
        print(shoot(set_name, args.folder / f"tiles-{set_name}.png", args.seed, args.discards,
                    args.max_frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())
