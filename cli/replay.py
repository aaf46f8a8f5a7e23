"""``main.py replay PATH...``: replay recorded Tenhou games through the table, hand by hand.

Prints one line per file and a last line ``replayed N hands: M matched, K mismatched``; the
exit status is non-zero on any mismatch or unreadable file. Directories are searched for
``*.xml`` and ``*.json`` files.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.logs.replay import GameReport, replay_file

__all__ = ["add_arguments", "run", "collect"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="mjlog XML or tenhou.net/6 JSON files or folders")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every difference, not only the first")


def collect(paths: list[str]) -> list[Path]:
    """The files named, with folders expanded to their XML and JSON files (sorted)."""
    out: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix in (".xml", ".json") and p.is_file())
        else:
            out.append(path)
    return out


def _not_a_file(path: Path) -> str:
    """Why a path named on the command line is not read: only a regular file is (a device such as
    /dev/zero would never end, a FIFO would wait for ever)."""
    return "cannot read: it is not a regular file" if path.exists() else "cannot read: it does not exist"


def _line(report: GameReport, verbose: bool) -> list[str]:
    """One line for the file (with its first difference); with ``verbose`` every difference after it."""
    name = report.source
    if report.error:
        return [f"{name}: ERROR {report.error}"]
    problems = [f"{hand.label()}: {p}" for hand in report.hands for p in hand.problems]
    problems += [f"game: {p}" for p in report.problems]
    head = f"{name}: {'ok' if report.ok else 'MISMATCH'} {report.matched}/{len(report.hands)} hands"
    if problems:
        head += f"; {problems[0]}"
    return [head] + ([f"  {p}" for p in problems[1:]] if verbose else [])


def run(args: argparse.Namespace) -> int:
    files = collect(args.paths)
    if not files:
        print("no files to replay")
        return 2
    total = matched = 0
    bad = False
    for path in files:
        report = replay_file(path) if path.is_file() else GameReport(str(path), error=_not_a_file(path))
        for line in _line(report, args.verbose):
            print(line)
        total += len(report.hands)
        matched += report.matched
        bad |= not report.ok
    print(f"replayed {total} hands: {matched} matched, {total - matched} mismatched")
    return 1 if bad else 0
