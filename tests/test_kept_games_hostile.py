"""Kept games under stress: headers of the wrong type, names too long to set aside, an export aimed
at the games folder or at files already there. The Games screen lists what it can, says what it set
aside, and never writes over a kept game or an earlier export without asking."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import render.scenes.games
from render.app import App, AppOptions
from render.scenes.games import GamesScene
from render.widgets import recorded_texts
from store.games import GameShelf
from tests.test_games_shelf import _keep, _played


@pytest.fixture
def games_screen(tmp_path: Path, monkeypatch) -> Iterator[tuple[App, Path]]:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    folder = tmp_path / "games"
    _keep(GameShelf(folder), _played(12), when=1_000_000)
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    yield app, folder
    app.shutdown()


def hostile(folder: Path, name: str, **header: Any) -> Path:
    """A copy of the kept game with some header fields replaced."""
    good = json.loads(next(folder.glob("game-*.json")).read_text(encoding="utf-8"))
    good["header"].update(header)
    path = folder / name
    path.write_text(json.dumps(good), encoding="utf-8")
    return path


def shown(app: App, screen: GamesScene) -> list[str]:
    app.step(1 / 60)
    with recorded_texts() as texts:
        screen.draw(app.screen)
    return list(texts)


@pytest.mark.parametrize("field, value", [("placement", [1]), ("names", []), ("scores", ["25000"] * 4),
                                          ("levels", {"a": 1}), ("finished", "yes"), ("date", 20260101)])
def test_a_header_of_the_wrong_type_is_set_aside_and_the_rest_listed(games_screen, field: str, value: Any) -> None:
    app, folder = games_screen
    bad = hostile(folder, "game-bad.json", **{field: value})
    screen = app.open("games")
    screen.wait_listed()
    assert isinstance(screen, GamesScene)
    texts = shown(app, screen)
    assert len(screen.games) == 1 and screen.games[0].path.name != bad.name
    assert "game-bad.json could not be read" in screen.error and field in screen.error
    assert (folder / "game-bad.json.corrupt").exists() and not bad.exists()
    screen.open_selected()  # Watch on the game that is left
    assert app.top is not screen and texts


def test_an_unreadable_kept_game_with_a_very_long_name_is_set_aside_under_a_shorter_one(games_screen) -> None:
    app, folder = games_screen
    long_name = "g" * 245 + ".json"  # 250 characters: with ".corrupt" it would pass the file system's 255
    (folder / long_name).write_text("{not json", encoding="utf-8")
    screen = app.open("games")
    screen.wait_listed()
    shown(app, screen)
    assert len(screen.games) == 1 and "could not be read" in screen.error
    (moved,) = folder.glob("*.corrupt*")
    assert len(moved.name) <= 255 and moved.read_text(encoding="utf-8") == "{not json"


def test_an_export_never_writes_into_the_games_folder(games_screen) -> None:
    app, folder = games_screen
    screen = app.open("games")
    screen.wait_listed()
    kept = screen.games[0].path
    before = kept.read_bytes()
    screen.path_box.value = str(folder)
    screen.export_selected()
    assert "where the kept games live" in screen.error
    assert kept.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == [kept.name]
    screen.path_box.value = str(folder / ".." / "games")  # the same folder by another road
    screen.export_selected()
    assert "where the kept games live" in screen.error and kept.read_bytes() == before
    screen.refresh()
    screen.wait_listed()
    assert [g.path for g in screen.games] == [kept]


def test_an_export_asks_before_replacing_a_file_of_the_same_name(games_screen, tmp_path: Path) -> None:
    app, _ = games_screen
    screen = app.open("games")
    screen.wait_listed()
    target = tmp_path / "mine"
    target.mkdir()
    stem = screen.games[0].path.stem
    (target / f"{stem}.json").write_text("my own notes", encoding="utf-8")
    screen.path_box.value = str(target)
    screen.export_selected()
    assert f"{stem}.json already in" in screen.error and "press Export again" in screen.error
    assert (target / f"{stem}.json").read_text(encoding="utf-8") == "my own notes"
    assert not (target / f"{stem}.mjson").exists()
    screen.export_selected()  # asked, and confirmed
    assert screen.error == "" and "Exported to" in screen.notice
    assert "log" in json.loads((target / f"{stem}.json").read_text(encoding="utf-8"))  # the export, not my notes


def test_a_folder_being_read_keeps_the_screen_drawing_and_lists_once_read(games_screen, monkeypatch) -> None:
    app, folder = games_screen
    gate = threading.Event()
    real = render.scenes.games.kept_games

    def slow(where: Path) -> Any:
        """The listing of a folder of thousands of games, held until the test lets it go."""
        gate.wait(30)
        return real(where)
    monkeypatch.setattr(render.scenes.games, "kept_games", slow)
    screen = app.open("games")  # returns at once
    assert isinstance(screen, GamesScene)
    for _ in range(3):
        texts = shown(app, screen)
        assert "Reading the kept games\u2026" in texts and "No kept games yet" not in " ".join(texts)
    gate.set()
    screen.wait_listed()
    texts = shown(app, screen)
    assert len(screen.games) == 1 and "Reading the kept games\u2026" not in texts
