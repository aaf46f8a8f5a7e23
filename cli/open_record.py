"""`python main.py open FILE [--size WxH]`: start the game window on a record, in the replay viewer.

The file is read as the Games screen reads a path typed or dropped (mjlog XML, tenhou.net/6
JSON, mjai lines, a Kawa game); one that cannot be read is told in one line on stderr (exit code 1),
in the player's language, before any window opens; an unknown ``--lang`` is refused (exit code 2).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported

from cli.language import apply_language  # noqa: E402
from main import build_parser  # noqa: E402 - the window's own flags and their checks, as main.py parses them
from render.i18n import tr  # noqa: E402
from render.launch import run_client  # noqa: E402
from render.scenes.games import open_record  # noqa: E402

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the record file to watch")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    parser.add_argument("--lang", metavar="CODE",
                        help="the game's language for this run, and of the errors (default: the Language setting)")


def run(args: argparse.Namespace) -> int:
    if not apply_language(args, "open"):  # an unknown --lang is refused before the file is read
        return 2
    argv = (["--size", args.size] if args.size else []) + (["--lang", args.lang] if args.lang else [])
    client = build_parser(with_commands=False).parse_args(argv)
    record, why = open_record(args.file)
    if record is None:
        why = " ".join(why.split())  # one line, whatever the file held
        print("kawa open: " + tr("This file cannot be opened: {problem}").format(problem=why), file=sys.stderr)
        return 1
    client.open = args.file
    return run_client(client, time.perf_counter())
