"""`python main.py open FILE [--size WxH]`: start the game window on a record, in the replay viewer.

The file is read as the Games screen reads a path typed or dropped (mjlog XML, tenhou.net/6
JSON, mjai lines, a Kawa game); one that does not parse opens the Games screen with the message.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported

from main import build_parser  # noqa: E402 - the window's own flags and their checks, as main.py parses them
from render.launch import run_client  # noqa: E402

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the record file to watch")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    parser.add_argument("--lang", metavar="CODE", help="the game's language for this run")


def run(args: argparse.Namespace) -> int:
    argv = (["--size", args.size] if args.size else []) + (["--lang", args.lang] if args.lang else [])
    client = build_parser(with_commands=False).parse_args(argv)
    client.open = args.file
    return run_client(client, time.perf_counter())
