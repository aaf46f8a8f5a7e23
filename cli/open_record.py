"""`python main.py open FILE [--size WxH]`: start the game window on a record, in the replay viewer.

The file is read as the Games screen reads a path typed or dropped (mjlog XML, tenhou.net/6
JSON, mjai lines, a Kawa game); one that cannot be read is told in one line on stderr (exit code 1)
before any window opens.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported

from main import build_parser  # noqa: E402 - the window's own flags and their checks, as main.py parses them
from render.launch import run_client  # noqa: E402
from render.scenes.games import open_record  # noqa: E402

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the record file to watch")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    parser.add_argument("--lang", metavar="CODE", help="the game's language for this run")


def run(args: argparse.Namespace) -> int:
    argv = (["--size", args.size] if args.size else []) + (["--lang", args.lang] if args.lang else [])
    client = build_parser(with_commands=False).parse_args(argv)
    record, why = open_record(args.file)
    if record is None:
        print(f"kawa open: {' '.join(why.split())}", file=sys.stderr)  # one line, whatever the file held
        return 1
    client.open = args.file
    return run_client(client, time.perf_counter())
