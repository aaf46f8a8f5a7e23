"""Kawa: offline Riichi Mahjong.

``python main.py`` starts the game; the sub-commands work headless (scoring, analysis,
self-play, replays, benchmarks, preferences).
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Each sub-command lives in its own module, which provides
# ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("game.cli.score", "score hands from a JSON-lines file"),
    "shanten": ("game.cli.shanten", "shanten and waits for hands from a JSON-lines file"),
    "bench": ("game.cli.bench", "speed figures, side by side with the reference package"),
    "selfplay": ("game.cli.selfplay", "AI seats play headless games; win, deal-in and score figures per level"),
    "replay": ("game.cli.replay", "replay recorded Tenhou games through the table and compare every hand"),
    "prefs": ("prefs.cli", "the preferences file's path and the values in force (--set to change)"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kawa", description="Kawa: offline Riichi Mahjong.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        importlib.import_module(module).add_arguments(sub_parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    return importlib.import_module(COMMANDS[args.command][0]).run(args)


if __name__ == "__main__":
    sys.exit(main())
