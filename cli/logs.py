"""`python main.py logs PATH... [--check] [--to FORMAT --out DIR]`: read game records.

Reads mjlog XML, tenhou.net/6 JSON, mjai logs and Kawa's own game records (seed, rules and
actions; files, or folders searched for them), prints
how many files, hands, wins and draws were read and how long it took; ``--check`` also follows
every tile, the payments (Tenhou's rules, for Tenhou's records) and the score flow between hands; ``--to`` writes each game in another format.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from game.logs.export_mjai import write_mjai
from game.logs.export_tenhou6 import write_tenhou6
from game.logs.record import LogFormatError
from game.logs.validate import HandCheckError, check_flow, check_payments, replay_tiles
from store.records import read_any

__all__ = ["add_arguments", "run", "read_any"]

_SUFFIXES = (".xml", ".mjlog", ".json", ".mjson", ".jsonl")
_FORMATS = {"tenhou6": ".json", "tenhou6-lines": ".json", "mjai": ".mjson"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", type=Path, help="record files, or folders holding them")
    parser.add_argument("--check", action="store_true", help="follow every tile, the payments and the scores from hand to hand")
    parser.add_argument("--to", choices=sorted(_FORMATS), help="write each game in this format")
    parser.add_argument("--out", type=Path, help="folder for --to (created if missing)")


def unused_name(target: Path) -> Path:
    """``target``, or ``name-2.ext``, ``name-3.ext``... when that file exists: nothing is overwritten."""
    if not target.exists():
        return target
    stem, suffix = target.name.split(".", 1) if "." in target.name else (target.name, "")
    n = 2
    while True:
        candidate = target.with_name(f"{stem}-{n}.{suffix}" if suffix else f"{stem}-{n}")
        if not candidate.exists():
            print(f"{target} exists: writing {candidate.name}", file=sys.stderr)
            return candidate
        n += 1


def _files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
        else:
            yield path


def run(args: argparse.Namespace) -> int:
    if args.to and not args.out:
        print("--to needs --out FOLDER", file=sys.stderr)
        return 2
    if args.to and args.out.exists() and not args.out.is_dir():
        print(f"--out {args.out} is a file, not a folder", file=sys.stderr)
        return 2
    start = time.perf_counter()
    files = hands = wins = draws = failed = 0
    for path in _files(args.paths):
        try:
            game = read_any(path)
            if args.check:
                for n, hand in enumerate(game.hands):
                    replay_tiles(hand)
                    if game.extra.get("format") in ("mjlog", "tenhou6"):  # Tenhou's records, Tenhou's payments
                        try:
                            check_payments(hand)
                        except HandCheckError as exc:
                            raise HandCheckError(f"{path}: hand {n}: {exc}") from None
                check_flow(game)
        except (LogFormatError, HandCheckError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            failed += 1
            continue
        except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
            # a file no reader expected: say which, and go on with the others
            print(f"error: {path}: not a game record Kawa can read ({type(exc).__name__}: {exc!s:.200})",
                  file=sys.stderr)
            failed += 1
            continue
        files += 1
        hands += len(game.hands)
        wins += sum(len(h.result.wins) for h in game.hands)
        draws += sum(1 for h in game.hands if h.result.draw)
        if args.to:
            args.out.mkdir(parents=True, exist_ok=True)
            target = unused_name(args.out / (path.stem + _FORMATS[args.to]))
            if args.to == "mjai":
                write_mjai(game, target)
            else:
                write_tenhou6(game, target, per_line=args.to == "tenhou6-lines")
    seconds = time.perf_counter() - start
    checked = " and checked" if args.check else ""
    print(f"{files} files read{checked}: {hands} hands, {wins} wins, {draws} draws; "
          f"{failed} files refused; {seconds:.2f} s")
    return 1 if failed else 0
