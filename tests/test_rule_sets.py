"""The player's own rule sets on the New game screen: saved under a name, picked again among the
presets after a restart, deleted after asking; a file that cannot be read is set aside and said so."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.rules import MAHJONGSOUL, PRESETS, RuleSet
from render.scenes.new_game import PRESET_ORDER, SAVED, NewGameScene
from render.widgets import recorded_texts
from store.rule_sets import MAX_NAME, RuleSetShelf, clean_name
from tests.client_driver import click, draw_frame, open_app, press, type_text


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    apps = []

    def make():
        a = open_app(tmp_path, monkeypatch, (1280, 720))
        apps.append(a)
        return a
    yield make
    for a in apps:
        a.shutdown()


def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def new_game(app) -> NewGameScene:
    """The New game screen on the EMA preset, every rule option shown (Advanced)."""
    scene = NewGameScene(app, lambda setup: None, seed=3)
    app.push(scene)
    app.step(1 / 60)
    while scene.rules.name != "ema":
        click(app, scene.preset_choice.rect.center)
    click(app, scene.advanced_button.rect.center)
    return scene


def drawn(app) -> list[str]:
    with recorded_texts() as seen:
        draw_frame(app)
    return list(seen)


def save_as(app, scene: NewGameScene, name: str) -> None:
    click(app, scene.save_button.rect.center)
    assert scene.dialog == "save"
    type_text(app, name)
    press(app, pygame.K_RETURN)


def test_a_saved_set_reappears_after_a_restart_with_its_values(make_app, tmp_path) -> None:
    app = make_app()
    scene = new_game(app)
    click(app, scene.rule_widgets["red_fives"].rect.center)      # EMA + red fives
    click(app, scene.rule_widgets["start_points"].rect.center)   # 20,000 -> next choice
    wanted = scene.rules
    save_as(app, scene, "Friday club")
    assert "Saved the rules as “Friday club”." in drawn(app)
    app.shutdown()

    app = make_app()  # a restart: a new app reading the same data folder
    scene = new_game(app)
    labels = [label for _, label in scene.preset_choice.options]
    assert labels[:len(PRESETS)] == ["Mahjong Soul-like", "Tenhou", "EMA"] and labels[-1] == "Friday club"
    click(app, scene.save_button.rect.center)  # nothing chosen yet: the dialog opens, Esc closes it
    press(app, pygame.K_ESCAPE)
    assert scene.dialog == ""
    while scene.preset_choice.value != (SAVED, "Friday club"):
        click(app, scene.preset_choice.rect.center)
    assert scene.rules.with_options(name="ema") == wanted.with_options(name="ema")
    assert scene.rule_widgets["red_fives"].value is True
    assert scene.rule_widgets["start_points"].value == wanted.start_points
    assert "Friday club" in drawn(app)


def test_the_name_box_keeps_at_most_the_longest_name(make_app, tmp_path) -> None:
    app = make_app()
    scene = new_game(app)
    save_as(app, scene, "x" * (MAX_NAME + 15))
    assert list(scene.saved) == ["x" * MAX_NAME]
    with pytest.raises(ValueError, match="longer"):
        clean_name("y" * (MAX_NAME + 1))
    assert clean_name("  two   words ") == "two words"


def test_an_empty_name_is_asked_again(make_app) -> None:
    app = make_app()
    scene = new_game(app)
    save_as(app, scene, "   ")
    assert scene.dialog == "save" and "Give the rule set a name." in drawn(app)
    assert scene.saved == {}


def test_saving_under_a_name_already_kept_replaces_that_set(make_app, tmp_path) -> None:
    app = make_app()
    scene = new_game(app)
    save_as(app, scene, "Mine")
    click(app, scene.rule_widgets["kiriage"].rect.center)
    click(app, scene.save_button.rect.center)  # the box starts with the chosen set's name
    assert scene.dialog_widgets[0].value == "Mine" and "Replace" in drawn(app)
    press(app, pygame.K_RETURN)
    kept = RuleSetShelf(data(tmp_path)).load().sets
    assert list(kept) == ["Mine"] and kept["Mine"].kiriage


def test_delete_asks_first_and_then_forgets_the_set(make_app, tmp_path) -> None:
    RuleSetShelf(data(tmp_path)).save("Old rules", MAHJONGSOUL.with_options(kiriage=True))
    app = make_app()
    scene = new_game(app)
    assert not scene.delete_button.enabled or scene.chosen_saved() is None
    while scene.chosen_saved() != "Old rules":
        click(app, scene.preset_choice.rect.center)
    assert scene.rules.kiriage and scene.rules.red_fives
    click(app, scene.delete_button.rect.center)
    assert scene.dialog == "delete"
    assert "Delete your rule set “Old rules”? It cannot be brought back." in drawn(app)
    press(app, pygame.K_ESCAPE)  # keep it
    assert "Old rules" in RuleSetShelf(data(tmp_path)).load().sets
    click(app, scene.delete_button.rect.center)
    click(app, scene.dialog_widgets[0].rect.center)  # "Delete"
    assert scene.dialog == "" and RuleSetShelf(data(tmp_path)).load().sets == {}
    assert "Deleted the rule set “Old rules”." in drawn(app)
    assert [v for v, _ in scene.preset_choice.options] == list(PRESET_ORDER)


def test_a_corrupt_file_is_set_aside_with_a_message_and_the_presets_stay(make_app, tmp_path) -> None:
    folder = data(tmp_path)
    folder.mkdir(parents=True)
    (folder / "rule_sets.json").write_text('{"version": 1, "rule_sets": [', encoding="utf-8")
    app = make_app()
    scene = new_game(app)
    assert not (folder / "rule_sets.json").exists() and (folder / "rule_sets.corrupt-1.json").exists()
    words = " ".join(drawn(app))
    assert "could not all be read" in words and "rule_sets.corrupt-1" in words
    assert [v for v, _ in scene.preset_choice.options] == list(PRESET_ORDER)
    save_as(app, scene, "Fresh")
    assert list(RuleSetShelf(folder).load().sets) == ["Fresh"]


def test_one_bad_set_is_left_out_and_the_others_kept(tmp_path) -> None:
    folder = tmp_path
    good = {"name": "Good", "rules": RuleSet().with_options(red_fives=True).to_dict()}
    bad = {"name": "Bad", "rules": {"colour": "red"}}
    (folder / "rule_sets.json").write_text(json.dumps({"version": 1, "rule_sets": [good, bad, 7]}), encoding="utf-8")
    loaded = RuleSetShelf(folder).load()
    assert list(loaded.sets) == ["Good"] and loaded.sets["Good"].red_fives and loaded.sets["Good"].name == "Good"
    assert "unknown rule 'colour'" in loaded.problem and loaded.moved_to == folder / "rule_sets.corrupt-1.json"
    assert json.loads(loaded.moved_to.read_text(encoding="utf-8"))["rule_sets"][1] == bad  # nothing lost
    again = RuleSetShelf(folder).load()
    assert list(again.sets) == ["Good"] and again.problem == ""


@pytest.mark.parametrize("content", [b"\xff\xfe{}", b"[]", b'{"version": 2, "rule_sets": []}',
                                     b'{"version": 1, "rule_sets": {}}', b"NaN"])
def test_files_that_are_not_rule_sets_are_refused_with_a_reason(tmp_path, content: bytes) -> None:
    (tmp_path / "rule_sets.json").write_bytes(content)
    loaded = RuleSetShelf(tmp_path).load()
    assert loaded.sets == {} and loaded.problem and loaded.moved_to is not None
