"""``main.py mjai-bot``: Kawa's AI as an mjai bot on standard input and output.

Each input line is a JSON array of the mjai events since the last answer (a single event object
is taken too); each line gets exactly one JSON action back. Anything wrong with a line is told
on standard error, and the answer is then a safe one: the bot never stops on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from game.ai import pauses
from game.ai.levels import LEVELS
from game.mjai.bot import MjaiBot
from game.rules import PRESETS, preset
from store.reading import parse_json

__all__ = ["add_arguments", "run", "serve"]

MAX_LINE = 1 << 20
"""Longest input line read whole (1 MiB); a longer one is refused and skipped."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", choices=sorted(LEVELS), default="strong", help="the AI level (default strong)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the AI's own choices (default 0)")
    parser.add_argument("--rules", choices=tuple(PRESETS), default="tenhou",
                        help="the referee's rules (default tenhou: red fives, open tanyao, kuikae)")


def run(args: argparse.Namespace) -> int:
    bot = MjaiBot(args.level, preset(args.rules), seed=args.seed)
    serve(bot, sys.stdin, sys.stdout, sys.stderr)
    return 0


def serve(bot: MjaiBot, inp: IO[str], out: IO[str], err: IO[str]) -> int:
    """Answer every line of ``inp`` until it ends; returns the number of lines answered."""
    answered = 0
    while True:
        line = inp.readline(MAX_LINE + 1)
        if not line:
            return answered
        answered += 1
        messages = _messages(line, answered, err)
        if len(line) > MAX_LINE:
            _skip_rest(inp)
        kinds = {m.get("type") for m in messages if isinstance(m, dict)}
        if "start_kyoku" in kinds:
            pauses.hand_started()
        reply = bot.answer(messages)
        if "end_game" in kinds:
            pauses.game_over()
        for note in bot.notes:
            print(f"mjai-bot: line {answered}: {note}", file=err, flush=True)
        bot.notes.clear()
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def _messages(line: str, number: int, err: IO[str]) -> list[Any]:
    """The events of one line; an unreadable line is told on ``err`` and counts as no events."""
    if len(line) > MAX_LINE:
        print(f"mjai-bot: line {number}: longer than {MAX_LINE} characters, skipped", file=err, flush=True)
        return []
    try:
        value = parse_json(line)
    except ValueError as exc:
        print(f"mjai-bot: line {number}: {exc}", file=err, flush=True)
        return []
    return value if isinstance(value, list) else [value]


def _skip_rest(inp: IO[str]) -> None:
    """Read the rest of an over-long line without keeping it."""
    while True:
        chunk = inp.readline(MAX_LINE)
        if not chunk or chunk.endswith("\n"):
            return
