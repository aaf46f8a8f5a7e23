"""The bench command's plumbing (no timing is checked here: figures come from the command)."""

from __future__ import annotations

import argparse
import json
import re
import sys

import pytest

from cli import bench
from cli.bench import format_rows, register
from cli.figures import Figure


def test_rows_show_both_rates_and_the_ratio() -> None:
    lines = format_rows([Figure("scoring", 5000.0, 1000.0, note="10 hands"), Figure("self-play", 12.0)])
    assert "5.0x" in lines[1] and "5,000/s" in lines[1] and "1,000/s" in lines[1] and "10 hands" in lines[1]
    assert lines[2].split()[-2:] == ["-", "-"]
    assert "12.3 ms" in format_rows([Figure("load", 12.34, unit=" ms")])[1]


def test_sections_can_be_added_and_selected(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "SECTIONS", list(bench.SECTIONS))
    calls: list[int] = []

    @register
    def extra_section(args: argparse.Namespace) -> list[Figure]:
        calls.append(args.hands)
        return [Figure("extra figure", 1.0)]

    assert bench.run(argparse.Namespace(hands=7, repeat=1, seed=1, only="extra")) == 0
    assert calls == [7] and "extra figure" in capsys.readouterr().out


def test_scoring_and_shanten_sections_run_on_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mahjong")
    for only in ("scoring", "shanten"):
        assert bench.run(argparse.Namespace(hands=20, repeat=1, seed=3, only=only)) == 0
    out = capsys.readouterr().out
    assert "scoring, first sight" in out and "shanten, warm" in out and "shanten, first sight" in out
    assert "Note:" not in out and "x  20 hands" in out


def test_sections_run_without_the_reference_package(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The packaged app leaves the package out: plain Kawa figures and a note, no crash."""
    for name in [m for m in sys.modules if m == "mahjong" or m.startswith("mahjong.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mahjong", None)  # import mahjong now raises ImportError
    for only in ("scoring", "shanten"):
        assert bench.run(argparse.Namespace(hands=10, repeat=1, seed=3, only=only)) == 0
    out = capsys.readouterr().out
    assert "`mahjong` is not installed" in out and "shanten table file, one-time load" in out
    rows = [line for line in out.splitlines() if "first sight" in line or ", warm" in line]
    assert len(rows) == 5 and all(line.split()[-4:-2] == ["-", "-"] for line in rows)


def test_bad_arguments_are_refused() -> None:
    assert bench.run(argparse.Namespace(hands=0, repeat=1, seed=1, only="")) == 2


def test_inputs_fall_back_to_generated_hands(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(bench, "SHARED", tmp_path)
    hands = bench.scoring_inputs(5, seed=2)
    assert len(hands) == 5 and all(len(h.concealed) + 3 * len(h.melds) == 14 for h, _ in hands)
    assert hands == bench.scoring_inputs(5, seed=2)
    assert [sum(c) for c in bench.shanten_inputs(4, seed=2)] == [13, 14, 13, 14]


def test_the_shanten_rows_say_when_the_table_file_is_missing(monkeypatch: pytest.MonkeyPatch, tmp_path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from game.hand import shanten_data, shanten_tables

    monkeypatch.setattr(shanten_data, "DATA_PATH", tmp_path / "absent.bin")
    try:
        with pytest.warns(RuntimeWarning):
            assert bench.run(argparse.Namespace(hands=10, repeat=1, seed=3, only="shanten")) == 0
    finally:
        monkeypatch.undo()
        shanten_tables.clear_cache()
    out = capsys.readouterr().out
    assert "no table file: computed live" in out and "one-time load" not in out


def test_whole_command_rows_time_both_commands_beside_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mahjong")
    if not all((bench.SHARED / name).exists() for name in bench.COMMAND_FILES.values()):
        pytest.skip(f"the shared samples are absent from {bench.SHARED}")
    assert bench.run(argparse.Namespace(hands=10, repeat=1, seed=1, only="commands")) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "whole process" in line]
    assert [" ".join(row.split()[:3]) for row in rows] == [
        "`score` command, whole", "`score` input echoed,", "`shanten` command, whole", "`shanten` input echoed,"]
    assert all(re.search(r"/s +[\d,]+/s +[\d.]+x ", row) for row in rows)  # both rates and their ratio
    assert all("process start included" in row for row in rows[::2])
    assert all("the ceiling of any such command" in row for row in rows[1::2])


def test_the_reference_commands_agree_with_kawa_on_the_samples() -> None:
    """The reference side does the same work: same han and fu, same shanten, case by case."""
    reference_commands = pytest.importorskip("cli.reference_commands", reason="needs the mahjong package")
    path = bench.SHARED / "cases-sample.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    for line in path.read_text(encoding="utf-8").splitlines()[:200]:
        case = json.loads(line)
        row, expected = reference_commands.score_case(case, "ema"), case["expected"]
        assert (row["error"] is None) == (expected["error"] is None), case["id"]
        if expected["error"] is None:
            assert (row["han"], row["fu"]) == (expected["han"], expected["fu"]), case["id"]
