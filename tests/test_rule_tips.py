"""Rules that explain themselves: every option of the New game screen shows one sentence on hover."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

import render.scenes.new_game as new_game
from game.rules import ABORTIVE_DRAWS, RuleSet
from render.rule_tips import ABORTIVE_TIPS, LEVEL_TIP, RULE_TIPS
from render.scenes.new_game import OPTION_ROWS, NewGameScene
from tests.client_driver import next_frame, open_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1280, 720))
    yield a
    a.shutdown()


def test_every_rule_field_has_one_sentence():
    assert set(RULE_TIPS) == {f.name for f in dataclasses.fields(RuleSet)} - {"name"}
    assert set(ABORTIVE_TIPS) == set(ABORTIVE_DRAWS)
    for key, tip in {**RULE_TIPS, **ABORTIVE_TIPS}.items():
        assert tip.endswith(".") and len(re.findall(r"[.!?](\s|$)", tip)) == 1, (key, tip)
        assert 20 <= len(tip) <= 160, (key, tip)


def test_hovering_each_option_row_shows_its_explanation(app, monkeypatch):
    shown: list[str] = []
    real = new_game.draw_tooltip
    monkeypatch.setattr(new_game, "draw_tooltip", lambda surface, tip, pos, *a: shown.append(tip) or real(surface, tip, pos, *a))
    scene = NewGameScene(app, lambda setup: None, seed=1)
    app.push(scene)
    scene.toggle_advanced()  # every rule option shows
    rows = [(name, scene.rule_widgets[name], RULE_TIPS[name]) for name, _, _ in OPTION_ROWS]
    rows += [(key, scene.abortive[key], ABORTIVE_TIPS[key]) for key in ABORTIVE_DRAWS]
    for name, widget, tip in rows:
        shown.clear()
        pos = (widget.rect.x + 4, widget.rect.centery)  # on the row's label
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        next_frame(app)
        assert shown and shown[-1] == tip, f"{name}: hovering shows {shown!r}"


def test_each_opponent_row_describes_every_ai_level_and_whom_it_suits(app, monkeypatch):
    shown: list[str] = []
    monkeypatch.setattr(new_game, "draw_tooltip", lambda surface, tip, pos, *a: shown.append(tip))
    scene = NewGameScene(app, lambda setup: None, seed=1)
    app.push(scene)
    rows = [w for w in scene.widgets if getattr(w, "label", "") in new_game.OPPONENTS]
    assert len(rows) == 3
    for widget in rows:
        shown.clear()
        pos = (widget.rect.x + 4, widget.rect.centery)
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        next_frame(app)
        assert shown and shown[-1] == LEVEL_TIP
    paragraphs = LEVEL_TIP.split("\n")
    assert [p.split(":")[0].lower() for p in paragraphs] == [new_game.SEAT_TEXT[c] for c in new_game.SEAT_CHOICES]
    assert all("Suits" in p for p in paragraphs[:3]), "each AI level says whom it suits"
