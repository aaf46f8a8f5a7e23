"""The bench command's plumbing (no timing is checked here: figures come from the command)."""

from __future__ import annotations

import argparse

import pytest

from game.cli import bench
from game.cli.bench import Figure, format_rows, register


def test_rows_show_both_rates_and_the_ratio() -> None:
    lines = format_rows([Figure("scoring", 5000.0, 1000.0, note="10 hands"), Figure("self-play", 12.0)])
    assert "5.0x" in lines[1] and "5,000/s" in lines[1] and "1,000/s" in lines[1] and "10 hands" in lines[1]
    assert lines[2].split()[-2:] == ["-", "-"]


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
    assert "scoring (shape cache warm)" in out and "shanten (tables warm)" in out


def test_bad_arguments_are_refused() -> None:
    assert bench.run(argparse.Namespace(hands=0, repeat=1, seed=1, only="")) == 2


def test_inputs_fall_back_to_generated_hands(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(bench, "SHARED", tmp_path)
    hands = bench.scoring_inputs(5, seed=2)
    assert len(hands) == 5 and all(len(h.concealed) + 3 * len(h.melds) == 14 for h, _ in hands)
    assert hands == bench.scoring_inputs(5, seed=2)
    assert [sum(c) for c in bench.shanten_inputs(4, seed=2)] == [13, 14, 13, 14]
