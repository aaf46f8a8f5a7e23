"""Kawa: offline Riichi Mahjong.

``python main.py`` starts the game; the sub-commands work headless (scoring, analysis,
self-play, replays, benchmarks, preferences).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time

T_START = time.perf_counter()
"""When this module started: the first-frame figure counts from here."""

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    # the learned policy multiplies small matrices, once per decision: one thread does it in about
    # a millisecond, where a pool of threads on a busy machine waits on itself ten times as long
    os.environ.setdefault(_threads, "1")

# Each sub-command lives in its own module, which provides
# ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("cli.score", "score hands from a JSON-lines file"),
    "shanten": ("cli.shanten", "shanten and waits for hands from a JSON-lines file"),
    "bench": ("cli.bench", "speed figures, side by side with the reference package"),
    "selfplay": ("cli.selfplay", "AI seats play headless games; win, deal-in and score figures per level"),
    "replay": ("cli.replay", "replay recorded Tenhou games through the table and compare every hand"),
    "prefs": ("cli.prefs", "the preferences file's path and the values in force (--set to change)"),
    "bench-client": ("cli.bench_client", "frame times of the game window during a demo hand (median, p99)"),
    "bench-memory": ("cli.bench_memory", "the window's memory over simulated hours of watched games"),
    "bench-screens": ("cli.bench_screens", "how long the window waits on kept games and a held statistics database"),
    "ai-audit": ("cli.ai_audit", "self-play one AI level and count its blunders by class, with style figures"),
    "logs": ("cli.logs", "read Tenhou and mjai game records, check them, convert between formats"),
    "review": ("cli.review", "compare one seat's decisions in a recorded game with the AI's: agreement, slips, mistakes"),
    "open": ("cli.open_record", "open a game record (mjlog XML, tenhou.net/6 JSON, mjai) in the game's replay viewer"),
    "stats": ("cli.stats", "the player's statistics: placements, win, deal-in, riichi and call rates (--json)"),
    "agree": ("cli.agree", "how often the AI chooses what the players of real game records chose, per kind of decision"),
    "mjai-bot": ("cli.mjai_bot", "Kawa's AI as an mjai bot: events in on standard input, one action out per line"),
}


def _size(text: str) -> tuple[int, int]:
    """``WxH`` -> (W, H), for --size."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r}: write it as WIDTHxHEIGHT, e.g. 1280x800") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {text!r} is out of range (320x240 to 7680x4320)")
    return (w, h)


def add_client_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of the game window (used when no sub-command is given)."""
    g = parser.add_argument_group("game window")
    g.add_argument("--demo", action="store_true", help="the AI plays your seat too")
    g.add_argument("--seed", type=int, help="seed for a new game (with --demo: the game played)")
    g.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x800")
    g.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    g.add_argument("--frame-stats", metavar="FILE",
                   help='write {"frame_ms": [...], "first_frame_s": ...} to FILE at exit')
    g.add_argument("--first-frame-stats", action="store_true",
                   help="print the time from start to the first frame shown")
    g.add_argument("--exit-after-hands", type=int, metavar="N", help="exit (code 0) after N hands")
    g.add_argument("--lang", metavar="CODE",
                   help="the game's language for this run: en, ja, zh_CN, ko or it (default: the Language setting)")
    g.add_argument("--animations", choices=("off", "fast", "slow"), help="override the animations preference")
    g.add_argument("--pace", type=float, metavar="FACTOR",
                   help="scale the pauses between shown moves (1 = readable, 0 = no pauses; for demos and checks)")


def build_parser(with_commands: bool = True, chosen: str | None = None) -> argparse.ArgumentParser:
    """The parser of the window's flags and, ``with_commands``, the sub-commands.

    Only the ``chosen`` command's module is imported (for its arguments): the others are
    listed by name and help, so a command starts without loading the rest.
    """
    parser = argparse.ArgumentParser(prog="kawa", description="Kawa: offline Riichi Mahjong.")
    add_client_flags(parser)
    if not with_commands:
        return parser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            importlib.import_module(module).add_arguments(sub_parser)
    return parser


def missing_display(environ: dict[str, str] | os._Environ[str] = os.environ, platform: str = sys.platform) -> str:
    """Why the window cannot be shown here ("" when it can): on Linux and the BSDs, neither an X nor a
    Wayland display is named and no SDL video driver is chosen, where SDL would otherwise draw the
    game on an invisible off-screen surface.

    >>> missing_display({}, "linux") != "", missing_display({"DISPLAY": ":0"}, "linux"), missing_display({}, "win32")
    (True, '', '')
    """
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return ""
    if any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
        return ""
    return ("Kawa cannot open its window: no display is set (DISPLAY or WAYLAND_DISPLAY is empty). Start it "
            "from a desktop session; the headless commands work without one (kawa --help).")


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):  # a bundled app: worker processes start through main()
        import multiprocessing
        multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    # Only a sub-command (or help) needs the commands; only the one named is loaded.
    chosen = next((a for a in argv if a in COMMANDS), None)
    with_commands = chosen is not None or any(a in ("-h", "--help") for a in argv)
    args = build_parser(with_commands, chosen).parse_args(argv)
    if getattr(args, "command", None) is None:
        why = missing_display()
        if why:
            print(why, file=sys.stderr)
            return 1
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
        from render.launch import run_client
        return run_client(args, T_START)
    try:
        return importlib.import_module(COMMANDS[args.command][0]).run(args)
    except BrokenPipeError:  # the reader stopped (``| head``): end quietly, without a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
