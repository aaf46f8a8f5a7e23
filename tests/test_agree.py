"""``kawa agree``: the AI asked at every decision of a record, with the deciding seat's view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main


def _agree(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main.main(["agree", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_level_agrees_with_every_choice_of_its_own_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["selfplay", "--hands", "2", "--seed", "5", "--ai", "normal,normal,normal,normal",
                      "--preset", "tenhou", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    out = _agree(capsys, str(tmp_path), "--level", "normal")
    assert out["files"] >= 1 and out["decisions"]["discard"] > 20
    assert all(v == 1.0 for v in out["agreement"].values() if v is not None), out["agreement"]
    # another level chooses otherwise at some of the same decisions
    easy = _agree(capsys, str(tmp_path), "--level", "easy")
    assert easy["decisions"] == out["decisions"] and easy["agreement"]["discard"] < 1.0


def test_the_table_names_each_kind_and_the_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["agree", "examples/game.json", "--level", "normal"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("normal against 1 records")
    for kind in ("discard", "discard vs riichi", "riichi", "call", "kan", "win", "decision time: median"):
        assert kind in text, kind
