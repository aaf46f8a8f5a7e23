"""The defence drill at 1280x720: every tile's safety is shown after the answer (in columns when the
rows run out), and the player's own open sets are drawn beside the hand."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from render.app import App, AppOptions
from render.input import Input
from render.scenes.practice import PracticeScene
from render.widgets import THEME, recorded_places


@pytest.fixture
def app(tmp_path, monkeypatch) -> Any:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    app = App(AppOptions(size=(1280, 720), pace=0, animations="off", save_games=False))
    yield app
    app.shutdown()


def defence_with_melds(app: App) -> PracticeScene:
    """The hard defence drill, dealt until the player's hand has an open set."""
    scene = app.open("practice", None, 3)
    scene.wait_problem()
    scene.choose_level("hard")
    scene.wait_problem()
    scene.choose_drill("defence")
    scene.wait_problem()
    for _ in range(40):
        if scene.problem.position.melds[scene.problem.position.seat]:
            return scene
        scene.new_problem()
        scene.wait_problem()
    raise AssertionError("no defence problem with an open hand in 40 deals")


def test_every_safety_line_shows_and_the_open_sets_are_drawn(app):
    scene = defence_with_melds(app)
    app.step(1 / 60)
    scene.draw(app.screen)
    hand = [r for r, hit in scene.hits if hit[0] == "tile"]
    beside = pygame.Rect(max(r.right for r in hand) + 4, hand[0].y, scene.tile_h * 2, hand[0].h)
    colour = pygame.transform.average_color(app.screen.subsurface(beside.clip(app.screen.get_rect())))[:3]
    assert sum(abs(a - b) for a, b in zip(colour, THEME["felt_dark"])) > 60, "the open sets stand beside the hand"
    scene.handle(Input("press", intent="choose", pos=hand[0].center))
    assert scene.answer is not None
    with recorded_places() as places:
        scene.draw(app.screen)
    lines = [(s, r) for s, r in places if "deal-in about" in s]
    assert len(lines) == len(scene.problem.safety), "a line for every tile, none cut off"
    window = app.screen.get_rect()
    assert all(window.contains(r) for _, r in lines)
