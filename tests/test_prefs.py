"""Preferences: defaults, ranges, the file round trip, and every kind of bad file or folder."""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import fields
from pathlib import Path

import pytest

from prefs import (DEFAULTS, ENV_DIR, SPECS, Preferences, PrefsError, load_prefs, prefs_path,
                   save_prefs)
from cli import prefs as prefs_cli
from prefs import store
from cli.prefs import format_prefs, parse_setting


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "cfg" / "prefs.json"


def refuse(*args: object, **kwargs: object) -> None:
    """Stands in for a file-system call that the OS refuses."""
    raise PermissionError(13, "Permission denied")


def write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


def test_defaults_as_documented() -> None:
    p = Preferences()
    assert (p.tile_set, p.animations, p.volume) == ("classic", "fast", 70)
    assert p.show_waits and p.sounds
    assert not any((p.confirm_discard, p.auto_pass_chi, p.auto_pass_pon_kan, p.auto_pass_ron,
                    p.auto_pass_riichi, p.auto_discard_after_riichi, p.tile_reordering,
                    p.fullscreen))


def test_every_field_has_label_doc_and_a_default_inside_its_range() -> None:
    assert list(SPECS) == [f.name for f in fields(Preferences)]
    for spec in SPECS.values():
        assert spec.label and spec.doc.endswith("."), spec.name
        assert isinstance(spec.default, spec.type)
        if spec.type is int:
            assert spec.low <= spec.default <= spec.high
        if spec.type is str and spec.max_len is None:
            assert spec.default in spec.choices


@pytest.mark.parametrize("changes", [
    {"tile_set": "fancy"}, {"animations": "instant"}, {"volume": 101}, {"volume": -1},
    {"volume": True}, {"sounds": 1}, {"sounds": "yes"}, {"window_width": 100},
    {"player_name": ""}, {"player_name": "x" * 21}, {"player_name": "a\nb"}, {"colour": "red"},
])
def test_with_changes_refuses_bad_values(changes: dict) -> None:
    with pytest.raises(PrefsError):
        DEFAULTS.with_changes(**changes)
    with pytest.raises((PrefsError, TypeError)):
        Preferences(**changes)


def test_with_changes_copies() -> None:
    p = DEFAULTS.with_changes(volume=0, tile_set="abstract", auto_pass_ron=True)
    assert (p.volume, p.tile_set, p.auto_pass_ron) == (0, "abstract", True)
    assert DEFAULTS.volume == 70


def test_path_argument_env_and_platform_folder(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_DIR, raising=False)
    assert prefs_path().parent.name == "Kawa"
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    assert prefs_path() == tmp_path / "prefs.json"
    assert prefs_path(tmp_path / "x.json") == tmp_path / "x.json"


def test_missing_file_gives_defaults_silently(path: Path) -> None:
    assert load_prefs(path) == (DEFAULTS, [])
    assert not path.exists()


def test_round_trip_and_readable_file(path: Path) -> None:
    p = DEFAULTS.with_changes(tile_set="annotated", animations="slow", volume=35,
                              player_name="Ayumi", window_width=1600, fullscreen=True)
    assert save_prefs(p, path) == []
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["tile_set"] == "annotated"
    assert path.read_text(encoding="utf-8").count("\n") > len(SPECS)  # one setting per line
    assert load_prefs(path) == (p, [])


def test_environment_redirects_load_and_save(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "env"))
    assert save_prefs(DEFAULTS.with_changes(volume=5)) == []
    assert (tmp_path / "env" / "prefs.json").is_file()
    assert load_prefs()[0].volume == 5


def test_atomic_write_leaves_no_temporary_files(path: Path) -> None:
    for volume in (10, 20, 30):
        assert save_prefs(DEFAULTS.with_changes(volume=volume), path) == []
    assert sorted(os.listdir(path.parent)) == ["prefs.json"]


def test_failed_replace_keeps_old_file_and_no_temp(path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    save_prefs(DEFAULTS.with_changes(volume=10), path)

    monkeypatch.setattr(store.os, "replace", refuse)
    messages = save_prefs(DEFAULTS.with_changes(volume=90), path)
    assert len(messages) == 1 and "Permission denied" in messages[0]
    assert sorted(os.listdir(path.parent)) == ["prefs.json"]
    monkeypatch.undo()
    assert load_prefs(path)[0].volume == 10


def test_unknown_keys_ignored_with_a_warning(path: Path) -> None:
    write(path, {"version": 1, "volume": 40, "colour": "red"})
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS.with_changes(volume=40)
    assert len(messages) == 1 and "'colour'" in messages[0]


@pytest.mark.parametrize("key, value", [
    ("volume", "loud"), ("volume", 1.5), ("volume", True), ("sounds", 1), ("sounds", None),
    ("tile_set", 3), ("player_name", ["a"]), ("fullscreen", "true"),
])
def test_wrong_types_fall_back_to_default(path: Path, key: str, value: object) -> None:
    write(path, {"version": 1, key: value, "show_waits": False})
    prefs, messages = load_prefs(path)
    assert getattr(prefs, key) == SPECS[key].default
    assert prefs.show_waits is False  # the good values around it survive
    assert len(messages) == 1 and key in messages[0] and "default" in messages[0]


@pytest.mark.parametrize("key, value", [
    ("volume", 101), ("volume", -5), ("window_height", 100), ("tile_set", "fancy"),
    ("animations", "warp"), ("player_name", ""),
])
def test_out_of_range_values_fall_back_to_default(path: Path, key: str, value: object) -> None:
    write(path, {"version": 1, key: value})
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS and len(messages) == 1 and key in messages[0]
    assert json.loads(path.read_text())[key] == value  # the player's file is not rewritten


def test_other_version_is_reported_but_read(path: Path) -> None:
    write(path, {"version": 7, "volume": 12})
    prefs, messages = load_prefs(path)
    assert prefs.volume == 12 and len(messages) == 1 and "version 7" in messages[0]


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob("prefs.json.corrupt-*"))


@pytest.mark.parametrize("content", ['{"volume": 40', "[1, 2, 3]", "", '"text"',
                                     b"\xff\xfe{}".decode("latin-1")])
def test_corrupt_file_set_aside_and_replaced_by_defaults(path: Path, content: str) -> None:
    write(path, content)
    original = path.read_bytes()
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS
    assert len(messages) == 2 and "default" in messages[0] and "kept as" in messages[1]
    [backup] = backups(path)
    assert backup.read_bytes() == original
    assert load_prefs(path) == (DEFAULTS, [])  # the defaults were written in its place


def test_undecodable_bytes_set_aside(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"volume": "\xff"}')
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS and "could not be read" in messages[0]
    assert len(backups(path)) == 1


def test_two_corrupt_loads_keep_two_backups(path: Path) -> None:
    for _ in range(2):
        write(path, "{broken")
        load_prefs(path)
    assert len(backups(path)) == 2


def test_directory_in_place_of_the_file(path: Path) -> None:
    (path / "inner").mkdir(parents=True)
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS and "could not be read" in messages[0]
    [backup] = backups(path)
    assert (backup / "inner").is_dir()
    assert path.is_file()


def test_directory_that_cannot_be_moved_aside(path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path.mkdir(parents=True)

    monkeypatch.setattr(store.os, "replace", refuse)
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS and "could not keep" in messages[1]
    assert path.is_dir()


def test_saving_over_a_directory_warns(path: Path) -> None:
    path.mkdir(parents=True)
    messages = save_prefs(DEFAULTS, path)
    assert len(messages) == 1 and "not saved" in messages[0]
    assert os.listdir(path.parent) == ["prefs.json"]


def test_unwritable_folder_never_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    target = blocker / "Kawa" / "prefs.json"  # a folder that cannot be made, even as root
    assert len(save_prefs(DEFAULTS, target)) == 1
    assert load_prefs(target)[0] == DEFAULTS


def test_read_only_folder_never_raises(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.parent.mkdir(parents=True)

    monkeypatch.setattr(store.tempfile, "mkstemp", refuse)
    messages = save_prefs(DEFAULTS, path)
    assert messages == [f"settings not saved to {path}: Permission denied"]


def test_corrupt_file_in_unwritable_folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(path, "{broken")

    monkeypatch.setattr(store.os, "replace", refuse)
    prefs, messages = load_prefs(path)
    assert prefs == DEFAULTS and len(messages) == 2
    assert path.read_text() == "{broken"


@pytest.mark.parametrize("text, expected", [
    ("volume=40", ("volume", 40)), ("sounds=off", ("sounds", False)),
    ("auto_pass_ron=ON", ("auto_pass_ron", True)), ("tile_set=abstract", ("tile_set", "abstract")),
])
def test_parse_setting(text: str, expected: tuple) -> None:
    assert parse_setting(text) == expected


@pytest.mark.parametrize("text", ["volume", "volume=x", "sounds=maybe", "colour=red"])
def test_parse_setting_refuses(text: str) -> None:
    with pytest.raises(PrefsError):
        parse_setting(text)


def run_cli(*argv: str) -> int:
    """The prefs sub-command as main.py wires it (its other commands are not needed here)."""
    import main

    assert main.COMMANDS["prefs"][0] == "cli.prefs"
    parser = argparse.ArgumentParser()
    prefs_cli.add_arguments(parser)
    return prefs_cli.run(parser.parse_args(argv))


def test_cli_prints_path_and_values(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli("--path", str(path), "--set", "volume=15", "--set", "confirm_discard=on") == 0
    out = capsys.readouterr().out
    assert f"file: {path}" in out
    assert any(line.startswith("volume") and " 15 " in line for line in out.splitlines())
    assert load_prefs(path)[0] == DEFAULTS.with_changes(volume=15, confirm_discard=True)
    assert run_cli("--path", str(path), "--set", "volume=500") == 2
    assert load_prefs(path)[0].volume == 15
    assert run_cli("--path", str(path), "--reset") == 0
    assert load_prefs(path)[0] == DEFAULTS


def test_format_marks_changed_values() -> None:
    lines = format_prefs(DEFAULTS.with_changes(volume=1))
    assert len(lines) == len(SPECS)
    assert [line.split()[0] for line in lines if "(changed)" in line] == ["volume"]
