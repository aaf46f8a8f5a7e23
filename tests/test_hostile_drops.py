"""Hostile files opened as game records: dropped on the window, typed in the Games screen's path box,
or given to ``main.py open FILE``. Whatever the file holds (or is), the game keeps running, the
player sees one clear message naming the file, and nothing the player had is lost."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import main
from game.logs.export_mjai import write_mjai
from render import launch
from render.scenes.games import GamesScene, open_record, short_name
from render.scenes.table import TableScene
from render.scenes.viewer import ViewerScene
from render.setup import GameSetup
from store.games import GameShelf
from store.reading import MAX_FILE_BYTES, MAX_LINE_BYTES
from store.records import read_any
from render.widgets import recorded_texts
from store.saves import SaveSlot
from tests.client_driver import click, open_app, press, run_until
from tests.conftest import shared_path

REAL_T6 = ("tenhou6", "mjai-reviewer", "ranked_game.json")
REAL_MJLOG = ("mjlog", "fastmaj", "2014060513gm-00c1-0000-b2530541&tw=0.xml")


def _write(name: str, data: bytes) -> Callable[[Path], tuple[Path, str]]:
    def make(folder: Path) -> tuple[Path, str]:
        path = folder / name
        path.write_bytes(data)
        return path, ""
    return make


def _half(parts: tuple[str, ...], convert: bool = False) -> Callable[[Path], tuple[Path, str]]:
    """A real record cut in half (converted to mjai lines first when ``convert``)."""
    def make(folder: Path) -> tuple[Path, str]:
        real = shared_path("data", "realgames", *parts)
        data = real.read_bytes()
        if convert:
            out = folder / "whole.mjson"
            write_mjai(read_any(real), out)
            data = out.read_bytes()
            out.unlink()
        path = folder / f"half-{real.stem[:20]}{'.mjson' if convert else real.suffix}"
        path.write_bytes(data[:len(data) // 2])
        return path, ""
    return make


def _directory(folder: Path) -> tuple[Path, str]:
    path = folder / "a folder.json"
    path.mkdir()
    return path, "folder"


def _missing(folder: Path) -> tuple[Path, str]:
    return folder / "missing.xml", "does not exist"


def _unreadable(folder: Path) -> tuple[Path, str]:
    if os.geteuid() == 0:
        pytest.skip("running as root: a file without read permission is still readable")
    path = folder / "locked.json"
    path.write_text('{"log": []}', encoding="utf-8")
    path.chmod(0)
    return path, "Permission denied"


def _huge(folder: Path) -> tuple[Path, str]:
    path = folder / "huge.mjson"
    with open(path, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing is written
    return path, "larger than"


def _dev_zero(folder: Path) -> tuple[Path, str]:
    path = folder / "zero.xml"
    path.symlink_to("/dev/zero")
    return path, "not a regular file"


LONG_NAME = "long-" + "x" * 200 + ".json"

# name: (how the file is made, a part of the message the player must see)
CASES: dict[str, tuple[Callable[[Path], tuple[Path, str]], str]] = {
    "empty": (_write("empty.json", b""), "empty"),
    "blank lines": (_write("blank.mjson", b"\n \n\t\n"), "empty"),
    "directory": (_directory, ""),
    "missing": (_missing, ""),
    "no read permission": (_unreadable, ""),
    "not UTF-8": (_write("latin1.mjson", b'{"type": "start_game"}\n{"names": "caf\xe9"}\n'), "not UTF-8 text (line 2)"),
    "PNG": (_write("picture.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))), "binary file"),
    "random bytes": (_write("noise.bin", bytes((i * 7919 + 13) % 256 for i in range(4096))), "not UTF-8"),
    "UTF-16 with BOM": (_write("utf16.json", '{"log": []}'.encode("utf-16")), "UTF-16"),
    "huge file": (_huge, ""),
    "huge single line": (_write("long-line.mjson", b'{"type": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}'),
                         "line 1 is longer than"),
    "long unknown event": (_write("long-event.mjson", b'{"type": "' + b"x" * 100_000 + b'"}'), "line 1"),
    "nested 100,000 deep": (_write("deep.json", b"[" * 100_000 + b"]" * 100_000), "nested too deeply"),
    "nested log 100,000 deep": (_write("deep-log.json", b'{"log": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
                                "nested too deeply"),
    "Infinity": (_write("inf.json", b'{"title": ["a"], "log": [[[0, 0, 0], [Infinity, 25000, 25000, 25000]]]}'),
                 "Infinity is not a number"),
    "NaN in mjai": (_write("nan.mjson", b'{"type": "start_game"}\n{"type": "start_kyoku", "honba": NaN}\n'),
                    "line 2: NaN is not a number"),
    "a list for the record": (_write("list.json", b'[1, 2, 3]'), "line 1"),
    "text for a number": (_write("text-number.json", json.dumps({
        "title": ["a"], "name": ["a", "b", "c", "d"], "rule": {"disp": "x", "aka": 1},
        "log": [[["0", 0, 0], [25000] * 4, [1], [], [11] * 13, [], [], [], [], [], [], [], [], [], [], [], []]]}
    ).encode()), "hand 0"),
    "mjai event with no type": (_write("notype.mjson", b'{"a": 1}\n'), "'type' is missing"),
    "Kawa record, actions not a list": (_write("kawa.json", b'{"seed": 1, "actions": "x"}'), "actions must be a list"),
    "Kawa record, seed as text": (_write("kawa-seed.json", b'{"seed": "x", "rules": {}, "actions": []}'),
                                  "seed must be a whole number"),
    "Kawa record, bad action": (_write("kawa-action.json", b'{"seed": 1, "actions": [[9, {}]]}'), "out of range"),
    "truncated tenhou.net/6": (_half(REAL_T6), "not JSON"),
    "truncated mjlog": (_half(REAL_MJLOG), "XML"),
    "truncated mjai": (_half(REAL_T6, convert=True), "ends inside a hand"),
    "odd name: spaces and unicode": (_write("対局 ☃ café (copy).json", b"{not json"), "not JSON"),
    "odd name: very long": (_write(LONG_NAME, b"{not json"), "not JSON"),
    "/dev/zero symlink": (_dev_zero, ""),
}


def make_case(name: str, folder: Path) -> tuple[Path, str]:
    """The hostile file of case ``name`` in ``folder`` and the words its message must hold."""
    folder.mkdir(parents=True, exist_ok=True)
    build, words = CASES[name]
    path, own = build(folder)
    return path, words or own


def good_kept_game(tmp_path: Path) -> Path:
    """A kept game in the data folder (it must still be listed after every hostile file)."""
    folder = tmp_path / "data" / "games"
    folder.mkdir(parents=True, exist_ok=True)
    good = {"version": 1, "record": {"seed": 1, "rules": {}, "actions": []},
            "header": {"date": "2026-01-02T03:04:05Z", "rules": "ema", "names": ["A", "B", "C", "D"],
                       "scores": [25000, 25000, 25000, 25000], "placement": 1, "finished": False}}
    path = folder / "game-good.json"
    path.write_text(json.dumps(good), encoding="utf-8")
    return path


@pytest.fixture
def drawn() -> Iterator[list[str]]:
    """Every text the screens draw while the test runs (what the player reads)."""
    with recorded_texts() as texts:
        yield texts


def assert_told(games: GamesScene, path: Path, words: str, drawn: list[str]) -> None:
    """The Games screen names the file and says what is wrong, in its own words (no Python internals)."""
    message = games.error
    assert message.startswith("This file cannot be opened: "), message
    assert short_name(path) in message and words in message, (short_name(path), words, message)
    assert len(message) < 600, "a message the screen can show"
    for raw in ("Traceback", "Error(", "Error:", "errno", "unpack", "<class", "object has no attribute"):
        assert raw not in message, message
    games.app.draw()  # the screen still draws, and shows the message
    assert any(short_name(path) in s and words in s for s in drawn), drawn[-8:]


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_file_dropped_during_a_game(tmp_path, monkeypatch, drawn, case):
    path, words = make_case(case, tmp_path / "files")
    kept = good_kept_game(tmp_path)
    app = open_app(tmp_path, monkeypatch)
    table = TableScene.new(app, GameSetup(seed=7))
    app.push(table)
    run_until(app, lambda: table.control.view)
    slot = SaveSlot()
    saved = slot.path.read_bytes() if slot.exists() else None
    actions = len(table.control.session.game.actions)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.step(1 / 60)
    games = app.top
    assert app.running and isinstance(games, GamesScene) and app.scenes[0] is table
    games.wait_listed()
    assert_told(games, path, words, drawn)
    assert [g.path for g in games.games] == [kept], "the kept games are still listed"
    assert len(table.control.session.game.actions) == actions
    assert (slot.path.read_bytes() if slot.exists() else None) == saved, "the save in progress is untouched"
    press(app, pygame.K_ESCAPE)
    assert app.top is table and app.running, "back to the game in progress"
    app.step(1 / 60)


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_path_typed_in_the_games_screen(tmp_path, monkeypatch, drawn, case):
    path, words = make_case(case, tmp_path / "files")
    kept = good_kept_game(tmp_path)
    app = open_app(tmp_path, monkeypatch)
    games = app.open("games")
    games.wait_listed()
    app.step(1 / 60)
    games.path_box.value = str(path)
    click(app, games.buttons["file"].rect.center)
    assert app.top is games and app.running
    assert_told(games, path, words, drawn)
    assert [g.path for g in games.games] == [kept]


@pytest.mark.parametrize("typed, words", [
    ("~no-such-user-kawa/game.xml", "does not exist"),
    ("game\x00.xml", "does not exist"),
    ("   ", "Type the path"),
])
def test_odd_text_in_the_path_box(tmp_path, monkeypatch, typed, words):
    app = open_app(tmp_path, monkeypatch)
    games = app.open("games")
    games.wait_listed()
    games.path_box.value = typed
    click(app, games.buttons["file"].rect.center)
    assert app.top is games and words in games.error
    app.draw()


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_file_given_to_main_open(tmp_path, monkeypatch, capsys, case):
    path, words = make_case(case, tmp_path / "files")
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))

    def no_window(self, first):  # type: ignore[no-untyped-def]
        raise AssertionError("a window was opened for a file that cannot be read")
    monkeypatch.setattr(launch.App, "run", no_window)
    assert main.main(["open", str(path), "--size", "800x600"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("kawa open: ") and "Traceback" not in err
    assert str(path) in err and words in err, err


def test_several_files_dropped_at_once_open_the_good_one(tmp_path, monkeypatch, drawn):
    real = shared_path("data", "realgames", *REAL_T6)
    bad, _ = make_case("empty", tmp_path / "files")
    for order in ([bad, real], [real, bad]):
        app = open_app(tmp_path, monkeypatch)
        title = app.build("title")
        app.push(title)
        app.step(1 / 60)
        for path in order:
            pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
        app.step(1 / 60)
        viewer = app.top
        assert isinstance(viewer, ViewerScene), [type(s).__name__ for s in app.scenes]
        assert "empty.json" in viewer.notice and "empty" in viewer.notice
        app.draw()
        assert any("empty.json" in s for s in drawn), "the viewer shows what was not opened"
        press(app, pygame.K_ESCAPE)
        games = app.top
        assert isinstance(games, GamesScene) and "empty.json" in games.error
        assert app.scenes[0] is title
        app.shutdown()


@pytest.mark.parametrize("name", ["対局 ☃ café (copy).json", "with  spaces & 'quotes'.json", LONG_NAME])
def test_a_good_record_with_an_odd_name_opens(tmp_path, monkeypatch, name):
    real = shared_path("data", "realgames", *REAL_T6)
    path = tmp_path / name
    path.write_bytes(real.read_bytes())
    app = open_app(tmp_path, monkeypatch)
    app.push(app.build("title"))
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.step(1 / 60)
    assert isinstance(app.top, ViewerScene)
    app.step(1 / 60)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["type", "log", "actor", "pai", "actions", "seed", "rules", "record", "name", "title",
                         "tehais", "scores", "kyoku", "rule", "x"]), inner, max_size=5),
    max_leaves=30)
GARBAGE = st.one_of(
    st.binary(max_size=300),
    st.builds(lambda p, b: p + b, st.sampled_from([b"<mjloggm ver='2.3'>", b'{"log": ', b'{"type": ', b"\xef\xbb\xbf",
                                                   b'{"actions": ', b"<"]), st.binary(max_size=200)),
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    st.lists(JSON_VALUES.map(lambda v: json.dumps(v)), max_size=6).map(lambda lines: "\n".join(lines).encode()),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=GARBAGE)
def test_garbage_gives_a_record_or_a_clear_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("garbage") / "garbage.json"
    path.write_bytes(data)
    record, why = open_record(path)  # never raises
    assert (record is None) == bool(why)
    if record is None:
        assert why.startswith(str(path)) and "Traceback" not in why
