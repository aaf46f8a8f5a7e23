"""Hostile input to the headless readers: each bad line gets its own message, the good lines
around it are still answered, and a run with nothing readable ends with a non-zero code."""

from __future__ import annotations

import functools
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import main
from prefs import DEFAULTS, load_prefs
from render.scenes.title import TitleScene
from render.sound import SoundBoard
from store.saves import SaveSlot
from store.reading import MAX_DEPTH, MAX_LINE_BYTES, json_lines, nesting_depth, strict_bool, strict_int
from tests.client_driver import button_labelled, click, open_app
from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parent.parent
GOOD_SCORE = b'{"id": "good", "hand": "123m456p789s234m55s", "win_tile": "4m", "tsumo": true, "riichi": true}'
GOOD_SHANTEN = b'{"id": "good", "hand": "123m456p789s1122z"}'

HOSTILE: list[tuple[str, bytes, str]] = [
    ("not UTF-8", b'{"id": "x", "hand": "\xff\xfe"}', "not UTF-8 text"),
    ("deep nesting", b"[" * 5000 + b"]" * 5000, f"nested deeper than {MAX_DEPTH} levels"),
    ("Infinity", b'{"id": "x", "hand": "123m", "honba": Infinity}', "Infinity is not a number"),
    ("NaN", b'{"id": "x", "hand": "123m", "honba": NaN}', "NaN is not a number"),
    ("truncated", GOOD_SCORE[:30], "not JSON"),
    ("a bare number", b"42", "must be a JSON object"),
    ("a list", b'["123m"]', "must be a JSON object"),
    ("too long", b'{"id": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}', "longer than"),
]
SCORE_ONLY: list[tuple[str, bytes, str]] = [
    ("honba as text", b'{"id": "x", "hand": "123m456p789s234m55s", "win_tile": "4m", "honba": "3"}',
     "honba must be a whole number"),
    ("flag as text", b'{"id": "x", "hand": "123m456p789s234m55s", "win_tile": "4m", "tsumo": "yes"}',
     "tsumo must be true or false"),
    ("huge honba", b'{"id": "x", "hand": "123m456p789s234m55s", "win_tile": "4m", "honba": 10000000000}',
     "out of range"),
    ("rule as number", b'{"id": "x", "hand": "123m456p789s234m55s", "win_tile": "4m", "rules": {"aka": 1}}',
     "rules.aka must be true or false"),
]


def run_command(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, lines: list[bytes]
                ) -> tuple[int, list[dict], str]:
    path = tmp_path / "input.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    code = main.main([command, str(path)])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.mark.parametrize("name,line,message", HOSTILE + SCORE_ONLY, ids=[c[0] for c in HOSTILE + SCORE_ONLY])
def test_score_answers_the_good_lines_around_a_hostile_one(capsys, tmp_path, name, line, message) -> None:
    code, rows, _ = run_command(capsys, tmp_path, "score", [GOOD_SCORE, line, GOOD_SCORE])
    assert code == 0
    assert [row["id"] for row in rows][::2] == ["good", "good"] and rows[0]["han"] == 3 == rows[2]["han"]
    assert message in rows[1]["error"]


@pytest.mark.parametrize("name,line,message", HOSTILE, ids=[c[0] for c in HOSTILE])
def test_shanten_answers_the_good_lines_around_a_hostile_one(capsys, tmp_path, name, line, message) -> None:
    code, rows, _ = run_command(capsys, tmp_path, "shanten", [GOOD_SHANTEN, line, GOOD_SHANTEN])
    assert code == 0
    assert rows[0]["shanten"]["min"] == 0 == rows[2]["shanten"]["min"]
    assert message in rows[1]["error"]


@pytest.mark.parametrize("command", ["score", "shanten"])
def test_a_file_with_nothing_readable_ends_with_a_non_zero_code_and_says_so(capsys, tmp_path, command) -> None:
    code, rows, err = run_command(capsys, tmp_path, command, [b"\xff", b"{", b"[]"])
    assert code == 1 and len(rows) == 3 and "no hand could be read" in err


def test_a_missing_file_is_named() -> None:
    out = subprocess.run([sys.executable, "main.py", "shanten", "/no/such/file.jsonl"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 1 and "cannot read /no/such/file.jsonl" in out.stderr and "Traceback" not in out.stderr


def test_piping_into_a_reader_that_stops_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_bytes((GOOD_SHANTEN + b"\n") * 20000)
    command = f"{sys.executable} main.py shanten {path} | head -n 1"
    out = subprocess.run(command, shell=True, cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.count("\n") == 1 and "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr


def test_nesting_is_measured_outside_strings_only() -> None:
    assert nesting_depth('{"a": [1, {"b": "[[[["}]}') == 3


def test_strict_fields_refuse_lookalikes() -> None:
    with pytest.raises(ValueError, match="whole number"):
        strict_int(True, "honba")
    with pytest.raises(ValueError, match="true or false"):
        strict_bool(1, "tsumo")
    assert strict_int(3, "honba") == 3 and strict_bool(False, "tsumo") is False


def test_blank_lines_are_skipped_and_numbers_kept() -> None:
    found = [(n, e) for n, _, e in json_lines(io.BytesIO(b'{}\n\n  \n{"a": \n'))]
    assert found[0] == (1, None) and found[1][0] == 4 and found[1][1].startswith("line 4: not JSON: Expecting value")
    assert len(found) == 2


def _two_games_named_alike(tmp_path: Path) -> list[Path]:
    records = sorted(shared_path("data", "realgames", "mjlog").rglob("*.xml"))[:2]
    copies = []
    for folder, record in zip("AB", records):
        (tmp_path / folder).mkdir()
        copies.append(tmp_path / folder / "game.xml")
        copies[-1].write_bytes(record.read_bytes())
    return copies


def test_logs_never_overwrites_one_output_with_another(tmp_path: Path, capsys) -> None:
    first, second = _two_games_named_alike(tmp_path)
    out = tmp_path / "out"
    assert main.main(["logs", str(first), str(second), "--to", "mjai", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["game-2.mjson", "game.mjson"]
    assert "writing game-2.mjson" in capsys.readouterr().err


def test_logs_refuses_an_out_that_is_a_file(tmp_path: Path, capsys) -> None:
    (tmp_path / "taken").write_text("x")
    first, _ = _two_games_named_alike(tmp_path)
    assert main.main(["logs", str(first), "--to", "mjai", "--out", str(tmp_path / "taken")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


@pytest.mark.parametrize("content", [b"[" * 100000, b"\xff\xfe\x00garbage", b'{"type": "start_game"}', b""])
def test_one_unreadable_record_never_stops_a_logs_batch(tmp_path: Path, capsys, content: bytes) -> None:
    first, _ = _two_games_named_alike(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert main.main(["logs", str(bad), str(first)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("1 files read") and "1 files refused" in out
    assert str(bad) in err and "Traceback" not in err


# ---------------------------------------------------------------- preferences and saves

@pytest.mark.parametrize("name,content,expect", [
    ("deep nesting", b"[" * 100000 + b"]" * 100000, "nested deeper"),
    ("not UTF-8", b'{"volume": 5, "player_name": "\xff"}', "not UTF-8"),
    ("NaN", b'{"volume": NaN}', "NaN"),
    ("a list", b"[1, 2]", "does not hold a JSON object"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 20 else "")
def test_a_bad_preferences_file_is_set_aside_and_the_defaults_used(tmp_path: Path, name, content, expect) -> None:
    target = tmp_path / "prefs.json"
    target.write_bytes(content)
    prefs, messages = load_prefs(target)
    assert prefs == DEFAULTS
    assert any(expect in m for m in messages) and list(tmp_path.glob("prefs.json.corrupt-*"))


def test_a_preferences_file_linked_to_an_endless_device_is_set_aside_unread(tmp_path: Path) -> None:
    target = tmp_path / "prefs.json"
    target.symlink_to("/dev/zero")
    prefs, messages = load_prefs(target)
    assert prefs == DEFAULTS and "not a regular file" in messages[0]


def test_a_too_long_player_name_falls_back_alone_with_a_short_message(tmp_path: Path) -> None:
    target = tmp_path / "prefs.json"
    target.write_text(json.dumps({"player_name": "x" * 5000, "volume": 30}))
    prefs, messages = load_prefs(target)
    assert prefs.player_name == DEFAULTS.player_name and prefs.volume == 30
    assert len(messages) == 1 and len(messages[0]) < 300


def test_a_preferences_file_of_megabytes_is_set_aside_with_a_short_message(tmp_path: Path) -> None:
    target = tmp_path / "prefs.json"
    target.write_text(json.dumps({"player_name": "x" * 10_000_000}))
    prefs, messages = load_prefs(target)
    assert prefs == DEFAULTS and "larger than" in messages[0] and all(len(m) < 300 for m in messages)


@pytest.mark.parametrize("content,expect", [
    (b'{"version": 1, "game": {"seed": 1, "actions": []}, "setup": [1, 2]}', "settings are not an object"),
    (b"[" * 50000 + b"]" * 50000, "nested deeper"),
    (b'{"version": 1, "game": {"seed": 1, "actions": []}, "setup": {"ai_levels": "strong"}}', ""),
])
def test_a_bad_save_is_reported_and_set_aside_and_never_crashes_continue(tmp_path, monkeypatch, content, expect):
    app = open_app(tmp_path, monkeypatch)
    try:
        slot = SaveSlot()
        slot.folder.mkdir(parents=True, exist_ok=True)
        slot.path.write_bytes(content)
        app.push(TitleScene(app))
        app.step(1 / 60)
        click(app, button_labelled(app.top.buttons, "Continue").rect.center)
        assert isinstance(app.top, TitleScene) and expect in app.top.notice
        assert not slot.exists() and list(slot.folder.glob("current.corrupt-*.json"))
    finally:
        app.shutdown()


def test_temporary_files_of_an_interrupted_save_are_removed_at_start(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    (tmp_path / ".current-abc123.tmp").write_text("{half a save")
    (tmp_path / "current.json").write_text("{}")
    assert slot.remove_leftovers() == 1
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


# ---------------------------------------------------------------- commands that tell scripts what happened

def test_bench_with_a_section_that_does_not_exist_says_so_and_fails(capsys) -> None:
    assert main.main(["bench", "--only", "nope"]) == 2
    assert "matches no section" in capsys.readouterr().err


def test_selfplay_uses_no_more_workers_than_cores(capsys, monkeypatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert main.main(["selfplay", "--hands", "1", "--seed", "2", "--jobs", "128",
                      "--ai", "easy,easy,easy,easy"]) == 0
    assert "has 1 cores; using 1" in capsys.readouterr().err


def test_no_display_gives_one_line_and_a_failing_code() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["SDL_VIDEODRIVER"] = "x11"
    out = subprocess.run([sys.executable, "main.py", "--demo", "--exit-after-hands", "1"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "cannot open its window" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------- missing assets are reported, once

def test_a_missing_sound_file_is_reported_once_to_the_player(tmp_path, monkeypatch) -> None:
    app = open_app(tmp_path, monkeypatch)
    try:
        empty = tmp_path / "no-sounds"
        empty.mkdir()
        monkeypatch.setattr("render.app.SoundBoard", functools.partial(SoundBoard, root=empty))
        board = app.sound
        assert board is not None and not board.play("discard") and not board.play("discard")
        reported = [m for m in app.messages if "discard" in m]
        assert len(reported) == 1
    finally:
        app.shutdown()


def test_a_missing_interface_font_is_reported_and_the_game_still_draws(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("render.app.ui_font_path",
                        lambda bold=False: tmp_path / ("gone-bold.ttf" if bold else "gone.ttf"))
    app = open_app(tmp_path, monkeypatch)
    try:
        assert any("gone.ttf is missing" in m for m in app.messages)
        app.push(TitleScene(app))
        app.step(1 / 60)
        assert "gone.ttf is missing" in app.top.notice
    finally:
        app.shutdown()
