"""Table speed figures: random-legal self-play hands per second, and the real-corpus replay time.

Timed in process CPU time so that other programs on a busy machine disturb the figures less.
``python main.py bench --only table`` prints them.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

from game.rules import EMA, TENHOU
from game.table.game import Game
from cli.figures import Figure
from cli.replay import collect
from game.logs.mjlog import read_mjlog
from game.logs.replay import replay_file
from game.review import review_game

__all__ = ["selfplay_rate", "corpus_replay", "table_section", "review_section", "CORPUS"]

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "realgames"


def selfplay_rate(hands: int = 200, seed: int = 1) -> tuple[float, int]:
    """Hands per CPU second of self-play where every seat picks uniformly among its legal
    actions (whole games, tenhou and ema rules alternating), and the hands played."""
    rng = random.Random(seed)
    played = 0
    game_seed = seed
    start = time.process_time()
    while played < hands:
        game = Game(TENHOU if game_seed % 2 else EMA, game_seed)
        while not game.finished and played + len(game.hand_results) < hands:
            seat = rng.choice(game.waiting_seats())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        played += len(game.hand_results)
        game_seed += 1
    elapsed = time.process_time() - start
    return played / elapsed if elapsed else float("inf"), played


def corpus_replay(root: Path = CORPUS) -> dict[str, Any]:
    """Replay every record under ``root``: CPU seconds, hands, matched hands and files."""
    files = collect([str(root)])
    start = time.process_time()
    reports = [replay_file(path) for path in files]
    elapsed = time.process_time() - start
    hands = sum(len(r.hands) for r in reports)
    return {"seconds": elapsed, "files": len(files), "hands": hands, "matched": sum(r.matched for r in reports)}


def table_section(args: argparse.Namespace) -> list[Any]:
    """Bench section: self-play hands/s and the corpus replay (hands/s, total seconds)."""
    rate, played = selfplay_rate(max(50, min(args.hands // 10, 500)), args.seed)
    figures = [Figure("table: random-legal self-play hands", rate, note=f"{played} hands")]
    if CORPUS.is_dir():
        result = corpus_replay()
        per_second = result["hands"] / result["seconds"] if result["seconds"] else 0.0
        figures.append(Figure("table: replay of the real corpus, hands", per_second,
                              note=f"{result['hands']} hands of {result['files']} files in "
                                   f"{result['seconds']:.1f} s CPU, {result['matched']} matched"))
    return figures


def review_section(args: argparse.Namespace) -> list[Any]:  # noqa: ARG001 - the same signature as the others
    """Bench section: the AI review of the longest whole hanchan in the corpus's mjlog files,
    each seat in turn (wall-clock milliseconds of the slowest seat; the aim is under 10 s)."""
    files = sorted((CORPUS / "mjlog").rglob("*.xml")) if CORPUS.is_dir() else []
    records = [read_mjlog(path) for path in files]
    whole = [r for r in records if r.final_scores is not None and not r.east_only]
    if not whole:
        return []
    record = max(whole, key=lambda r: len(r.hands))
    times, decisions = [], 0
    for seat in range(4):
        start = time.perf_counter()
        decisions += len(review_game(record, seat).decisions)
        times.append(time.perf_counter() - start)
    return [Figure("review: one seat of the longest real hanchan", 1000 * max(times), unit=" ms",
                   note=f"{len(record.hands)} hands, {decisions} decisions of 4 seats, slowest seat of 4")]
