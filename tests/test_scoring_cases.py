"""Every case of the shared scoring sample must agree with Kawa's scorer.

Cases that differ only by a rule Kawa's preset sets otherwise are skipped and counted:
``multi_yakuman`` cases under ``ema`` (yakuman count once there; the reference adds them up).
Each case's own ``rules`` object applies on top of its preset.
"""

from __future__ import annotations

import json

from cli.score import score_line
from game.rules import preset
from conftest import shared_path

COMPARED = ("error", "han", "fu", "yaku", "yaku_han", "dora", "aka", "ura", "yakuman_count", "limit",
            "payment", "total_with_honba", "total_with_honba_and_sticks")


def _differs_by_preset(case: dict, preset_name: str) -> bool:
    return preset_name == "ema" and "multi_yakuman" in case["flags"]


def test_every_sample_case_agrees() -> None:
    path = shared_path("data", "scoring", "cases-sample.jsonl")
    compared = skipped = 0
    failures: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        case = json.loads(line)
        preset_name = case["id"].split("-")[0]
        if _differs_by_preset(case, preset_name):
            skipped += 1
            continue
        row = score_line(line, preset(preset_name), number)
        expected = case["expected"]
        for key in COMPARED:
            if key == "fu" and expected["yakuman_count"]:
                continue  # informational on yakuman hands
            if row[key] != expected[key]:
                failures.append(f"{case['id']} {key}: got {row[key]!r}, expected {expected[key]!r}")
        compared += 1
    assert not failures, f"{len(failures)} differences, first: " + "; ".join(failures[:5])
    assert compared + skipped == 3000
    assert skipped == sum(1 for line in path.read_text(encoding="utf-8").splitlines()
                          if '"multi_yakuman"' in line and line.startswith('{"id":"ema-'))


def test_multi_yakuman_counts_once_under_ema() -> None:
    """The skipped cases, scored under ema, pay a single yakuman (times the largest pattern)."""
    path = shared_path("data", "scoring", "cases-sample.jsonl")
    seen = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        case = json.loads(line)
        if not case["id"].startswith("ema-") or "multi_yakuman" not in case["flags"]:
            continue
        row = score_line(line, preset("ema"), number)
        assert row["error"] is None and row["yakuman_count"] == 1, (case["id"], row)
        assert row["limit"] == "yakuman" and len(row["yaku"]) >= 2
        assert set(row["yaku"]) == set(case["expected"]["yaku"])
        seen += 1
    assert seen > 0
