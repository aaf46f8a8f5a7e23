"""Every real recorded hand replays through the table's one door and matches the record."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cli.replay import collect
from game.logs.replay import GameReport, replay_file
from tests.conftest import shared_path

KNOWN = {
    "confusing_nakis_1.json": "the extract's result gives the winner no riichi stick although seat 2's riichi "
                              "was accepted turns earlier (points not conserved in the record)",
}
"""Files whose records contradict Tenhou's own rules, with the reason."""

def _replay(path: Path) -> GameReport:
    return replay_file(path)


def _reports() -> list[GameReport]:
    files = collect([str(shared_path("data", "realgames", "mjlog")), str(shared_path("data", "realgames", "tenhou6"))])
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        return list(pool.map(_replay, files, chunksize=4))


def test_the_whole_real_corpus_replays_and_matches() -> None:
    reports = _reports()
    assert len(reports) >= 160
    hands = sum(len(r.hands) for r in reports)
    assert hands >= 1112 + 21 + 326
    bad = []
    for report in reports:
        name = Path(report.source).name
        if name in KNOWN:
            continue
        if not report.ok:
            first = next((f"{h.label()}: {h.problems[0]}" for h in report.hands if h.problems),
                         report.error or "; ".join(report.problems))
            bad.append(f"{name}: {first}")
    assert not bad, "\n".join(bad)
