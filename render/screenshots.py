"""Screenshots of the real window for the docs: the table mid-game, a call prompt, the player's
riichi, a win on the table, the result, the standings and the title, New game, Settings and
Practice screens.

    python -m render.screenshots [--out docs] [--size 1280x800] [--lang ja] [--coach NAME]
    python -m render.screenshots --out docs/screens/1280x720 --size 1280x720 [--lang ja]
    python -m render.screenshots --review RECORD [--seat N] [--out docs] [--size 1280x800]

Starts Xvfb when there is no display, plays a seeded single-hand-length game in which the
player's seat chooses as the normal AI would (through the same widgets a player clicks), and
saves the display surface at each moment worth showing; the settings screen is shot first,
with the mouse on the tile reordering check box so its explanation shows. ``--coach`` saves only
the coach's panel facing a riichi (a hand tile hovered, its reason open) as ``NAME.png``.
``--review`` saves only the AI review of seat N of RECORD (``review.png``) and the replay at its
costliest mistake (``viewer.png``), as a player opens them from a replay (R, then a mistake clicked);
the docs' pictures are of the easy AI's seat in ``kawa selfplay --hands 1 --length south --seed 85000
--ai easy,strong,strong,strong --records DIR`` (``review.png`` at 1280x800, ``viewer.png`` at 1920x1080).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pygame

from game.ai import make_player
from game.rules import EMA
from render.app import App, AppOptions
from render.scenes.result import ResultScene
from render.scenes.review_report import ReviewReportScene
from render.scenes.standings import StandingsScene
from render.scenes.viewer import ViewerScene
from render.setup import GameSetup
from store.records import read_any
from store.stats import StatsDB

SEED = 892
"""The player chis, pons, declares riichi and wins by ron within three hands."""


def _start_xvfb(size: tuple[int, int]) -> subprocess.Popen[bytes] | None:
    if os.environ.get("DISPLAY") or not shutil.which("Xvfb"):
        return None
    display = ":77"
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    os.environ["DISPLAY"] = display
    return proc


def _save_and_close(app: Any, path: Path) -> Path:
    """Let the top screen settle for three frames, save the window as ``path`` and close the screen."""
    for _ in range(3):
        app.redraw()
        app.step(1 / 60)
    pygame.image.save(app.screen, str(path))
    app.pop()
    return path


def settings_shot(app: Any, out: Path, suffix: str = "") -> Path:
    """The settings screen as a player first opens it, one preference's explanation showing."""
    settings = app.open("settings")
    pos = settings.widgets["tile_reordering"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return _save_and_close(app, out / f"settings{suffix}.png")


def title_shot(app: Any, out: Path, suffix: str = "") -> Path:
    """The title screen, as a player first meets it."""
    app.push(app.build("title"))
    return _save_and_close(app, out / f"title{suffix}.png")


def practice_shot(app: Any, out: Path, suffix: str = "") -> Path:
    """The Practice screen's defence drill, answered with a tile that is not the safest."""
    scene = app.open("practice", StatsDB(Path(tempfile.mkdtemp(prefix="kawa-shots-"))), 41)
    scene.choose_drill("defence")
    scene.wait_problem()
    safest = set(scene.problem.best())
    scene.pick_tile(next(k for k in scene.hand_kinds() if k not in safest))
    return _save_and_close(app, out / f"practice{suffix}.png")


def new_game_shot(app: Any, out: Path, suffix: str = "") -> Path:
    """The New game screen with its rule options, one option's explanation showing."""
    scene = app.open("new_game", lambda setup: None, SEED)
    widget = next(iter(scene.rule_widgets.values()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    return _save_and_close(app, out / f"new-game{suffix}.png")


def capture(out: Path, size: tuple[int, int], language: str | None = None) -> list[Path]:
    """Save the title and settings screens, then play and save the four pictures; returns their paths
    (named ``table-ja.png`` and so on for a ``language`` asked for)."""
    app = App(AppOptions(size=size, pace=0, animations="off", save_games=False, language=language))
    app.prefs = app.prefs.with_changes(first_game_guide=False)  # pictures of play, not of the guide (not saved)
    suffix = f"-{language}" if language else ""
    saved: list[Path] = [title_shot(app, out, suffix), new_game_shot(app, out, suffix),
                         settings_shot(app, out, suffix), practice_shot(app, out, suffix)]
    setup = GameSetup(rules=EMA.with_options(game_length="single"), seed=SEED, player_name="You")
    table = app.open("table", setup)
    brain = make_player("normal", SEED, 0)
    wanted = {"table", "call", "riichi", "win", "result", "standings"}

    def settle(frames: int = 3) -> None:
        for _ in range(frames):
            app.redraw()
            app.step(1 / 60)

    def shot(name: str) -> None:
        settle_banners()
        settle()
        path = out / f"{name}{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)
        wanted.discard(name)

    def settle_banners() -> None:
        """Only the player's own banner stays: the others' earlier ones would be gone by now in a game at its
        normal pace (the pictures are taken with no pauses)."""
        table.banners.items = [b for b in table.banners.items if b.pos == 0]

    def table_shot(name: str) -> None:
        """The table as it stands now (a result about to open over it is left out)."""
        settle_banners()
        table.draw(app.screen)
        path = out / f"{name}{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)
        wanted.discard(name)

    def banner_up(*kinds: str) -> bool:
        return any(b.kind in kinds and b.pos == 0 for b in table.banners.items)

    def hover(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        settle()

    turns = 0
    deadline = time.monotonic() + 120
    while wanted and app.running and time.monotonic() < deadline:
        app.step(1 / 60)
        if "riichi" in wanted and banner_up("riichi"):
            table_shot("riichi")
        if "win" in wanted and banner_up("ron", "tsumo"):
            table_shot("win")
        top = app.top
        if isinstance(top, StandingsScene):
            shot("standings")
            break
        if isinstance(top, ResultScene):
            if "result" in wanted and any(e.type == "won" for e in top.results):
                shot("result")
            top.dismiss()
            continue
        d = table.control.decision
        if d is None:
            time.sleep(0.001)
            continue
        view = table.control.view
        action = brain.decide(view, view.legal_actions)
        if d.phase == "calls" and "call" in wanted and any(o.label in ("Chi", "Pon") for o in d.options):
            button = next(b for b in table.buttons if b.label in ("Chi", "Pon"))
            hover(button.rect.center)
            shot("call")
        if d.phase == "turn":
            turns += 1
            if turns == 9 and "table" in wanted:
                dora = next(h for h in table.painter.hits if h.rect == table.painter.dora_rects[0])
                hover(dora.rect.center)
                shot("table")
                hover((5, 5))
        if action.type in ("discard", "riichi"):
            if action.type == "riichi" and table.riichi_button is not None:
                table.control.riichi_ticked = True  # as a click on the Riichi button, without its message
            table.control.send_discard(action.tile)
        else:
            table.control.submit(action)
    app.shutdown()
    return saved


def coach_capture(out: Path, size: tuple[int, int], name: str = "coach") -> Path:
    """The table with the coach on, on the player's first turn facing another seat's riichi: a hand
    tile other than the suggested one under the mouse and the reason open."""
    app = App(AppOptions(size=size, pace=0, animations="off", save_games=False))
    app.prefs = app.prefs.with_changes(first_game_guide=False, coach=True)  # for the picture only (not saved)
    table = app.open("table", GameSetup(rules=EMA.with_options(game_length="single"), seed=SEED, player_name="You"))
    brain = make_player("normal", SEED, 0)
    deadline = time.monotonic() + 120
    path = out / f"{name}.png"
    while app.running and time.monotonic() < deadline:
        app.step(1 / 60)
        if isinstance(app.top, ResultScene):
            app.top.dismiss()
            continue
        view, d = table.control.view, table.control.decision
        if d is None:
            time.sleep(0.001)
            continue
        if d.phase == "turn" and not view.riichi[0] and any(view.riichi[1:]) and table.coach.wait(5):
            app.step(1 / 60)
            advice = table.coach.advice
            if advice is not None and advice.threats:
                table.banners.clear()  # the announcements of the turns before are over by now
                other = next((r for t, r in table.hand_rects() if advice.of(t >> 2) and t >> 2 != advice.kind), None)
                table.coach.why_open = True
                if other is not None:
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=other.center, rel=(0, 0),
                                                         buttons=(0, 0, 0)))
                for _ in range(3):
                    app.redraw()
                    app.step(1 / 60)
                pygame.image.save(app.screen, str(path))
                break
        action = brain.decide(view, view.legal_actions)
        if action.type in ("discard", "riichi"):
            table.control.send_discard(action.tile)
        else:
            table.control.submit(action)
    app.shutdown()
    return path


def review_capture(out: Path, size: tuple[int, int], record_path: Path, seat: int,
                   language: str | None = None) -> list[Path]:
    """The review report of ``seat`` in the record at ``record_path`` (``review.png``), then the replay
    at its costliest mistake, from that seat, its decision panel open (``viewer.png``); ``-ja`` and so on
    at the end of the names for a ``language`` asked for."""
    app = App(AppOptions(size=size, pace=0, animations="off", save_games=False, language=language))
    suffix = f"-{language}" if language else ""
    record = read_any(record_path)
    viewer = app.open("viewer", record)
    assert isinstance(viewer, ViewerScene)
    viewer.me = seat
    viewer.start_review()
    deadline = time.monotonic() + 300
    while not isinstance(app.top, ReviewReportScene):
        if time.monotonic() > deadline:
            raise RuntimeError("the review did not finish within 300 s")
        app.step(1 / 60)
        time.sleep(0.01)
    report = app.top
    saved: list[Path] = []
    for _ in range(3):
        app.redraw()
        app.step(1 / 60)
    saved.append(out / f"review{suffix}.png")
    pygame.image.save(app.screen, str(saved[-1]))
    mistakes = report.review.mistakes()
    if mistakes:
        report.open_decision(report.review.decisions.index(mistakes[0]))
        for _ in range(3):
            app.redraw()
            app.step(1 / 60)
        saved.append(out / f"viewer{suffix}.png")
        pygame.image.save(app.screen, str(saved[-1]))
    app.shutdown()
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs", help="folder for the PNG files (default docs)")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--lang", help="the language of the pictures (a code of prefs.LANGUAGES)")
    parser.add_argument("--coach", metavar="NAME", help="save only the coach's panel, as NAME.png")
    parser.add_argument("--review", metavar="RECORD", type=Path,
                        help="save only the AI review of a seat of RECORD and the replay at its costliest mistake")
    parser.add_argument("--seat", type=int, default=0, help="the seat --review reviews (default 0)")
    args = parser.parse_args(argv)
    size = tuple(int(x) for x in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("KAWA_CONFIG_DIR", tempfile.mkdtemp(prefix="kawa-shots-"))
    xvfb = _start_xvfb(size)  # type: ignore[arg-type]
    try:
        if args.review:
            shots = review_capture(out, size, args.review, args.seat, args.lang)  # type: ignore[arg-type]
        elif args.coach:
            shots = [coach_capture(out, size, args.coach)]  # type: ignore[arg-type]
        else:
            shots = capture(out, size, args.lang)  # type: ignore[arg-type]
        for path in shots:
            print(path)
    finally:
        if xvfb is not None:
            xvfb.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
