"""The kept games: written whole, listed newest first, the same game kept once, bad files set aside."""

from __future__ import annotations

import json
from pathlib import Path

import store.games

from game.table import Game
from store.games import GameShelf, header_for
from store.records import read_any


def _played(n: int, seed: int = 5) -> Game:
    """A game with its first ``n`` legal actions applied (the first legal action of a waiting seat)."""
    game = Game(seed=seed)
    for _ in range(n):
        seat = game.waiting_seats()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def _keep(shelf: GameShelf, game: Game, when: float) -> Path:
    record = game.to_record()
    path, problem = shelf.keep(record, header_for(record, ["P", "A", "B", "C"], ["player", "normal", "normal", "easy"],
                                                  list(game.scores), game.finished, False, 2, when))
    assert problem == "" and path is not None
    return path


def test_kept_games_list_newest_first_and_a_continued_game_replaces_its_earlier_copy(tmp_path: Path) -> None:
    shelf = GameShelf(tmp_path)
    first = _keep(shelf, _played(10, seed=1), when=1_000_000)
    second = _keep(shelf, _played(5, seed=2), when=2_000_000)
    listed = shelf.list()
    assert [g.path for g in listed] == [second, first]
    assert listed[0].header["placement"] == 2 and listed[0].names == ["P", "A", "B", "C"]
    assert listed[1].date == "1970-01-12T13:46:40Z"
    # the first game continued and left again: one file, now holding the longer record
    again = _keep(shelf, _played(30, seed=1), when=3_000_000)
    assert again == first and [g.path for g in shelf.list()] == [first, second]  # played last, listed first
    assert len(shelf.record(shelf.list()[0])["actions"]) == 30
    assert Game.from_record(shelf.record(shelf.list()[0])).snapshot() == _played(30, seed=1).snapshot()
    assert not list(tmp_path.glob(".game-*"))


def test_leaving_a_game_reads_only_the_kept_files_named_for_its_seed(tmp_path: Path, monkeypatch) -> None:
    shelf = GameShelf(tmp_path)
    for seed in range(10, 50):  # a long history of other games
        _keep(shelf, _played(3, seed=seed), when=1_000_000 + seed)
    first = _keep(shelf, _played(10, seed=1), when=2_000_000)
    renamed = first.with_name("my best game.json")  # the player renamed a kept game: it is still found
    first.rename(renamed)
    opened: list[str] = []
    real = store.games.read_json_file

    def counted(path: Path) -> object:
        opened.append(path.name)
        return real(path)
    monkeypatch.setattr(store.games, "read_json_file", counted)
    assert _keep(shelf, _played(30, seed=1), when=3_000_000) == renamed  # continued: one file, not two
    assert opened == ["my best game.json"]
    opened.clear()
    again = _keep(shelf, _played(12, seed=11), when=4_000_000)
    assert len(opened) == 1 and opened[0] == again.name and again.name.endswith("-11.json")  # that seed's only
    monkeypatch.undo()
    listed = shelf.list()
    assert len(listed) == 41 and len(shelf.record(next(g for g in listed if g.path == again))["actions"]) == 12


def test_a_corrupt_kept_file_is_set_aside_and_the_rest_listed(tmp_path: Path) -> None:
    shelf = GameShelf(tmp_path)
    good = _keep(shelf, _played(4), when=1_000_000)
    (tmp_path / "game-broken.json").write_text('{"version": 1, "header": ', encoding="utf-8")
    (tmp_path / "game-other.json").write_text(json.dumps({"version": 1, "header": {}, "record": {}}), encoding="utf-8")
    listed = shelf.list()
    assert [g.path for g in listed] == [good]
    assert len(shelf.problems) == 2 and all("could not be read" in p for p in shelf.problems)
    assert (tmp_path / "game-broken.json.corrupt").exists() and (tmp_path / "game-other.json.corrupt").exists()
    assert shelf.delete(listed[0]) == "" and shelf.list() == []


def test_a_kept_game_file_opens_as_a_record_with_its_names(tmp_path: Path) -> None:
    from_store = _keep(GameShelf(tmp_path), _played(12), when=1_000_000)
    record = read_any(from_store)
    assert record.names == ("P", "A", "B", "C") and record.extra["format"] == "kawa"
