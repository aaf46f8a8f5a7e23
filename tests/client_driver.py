"""Helpers that drive the real app headless by posting input events (used by the client tests)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from render.app import App, AppOptions

__all__ = ["open_app", "click", "drag", "press", "type_text", "run_until", "next_frame", "draw_frame", "button_labelled",
           "play_decision", "play_as"]


def open_app(tmp_path: Any, monkeypatch: Any, size: tuple[int, int] = (1280, 800)) -> App:
    """An app with its config and data folders in ``tmp_path``, no pauses and no animations."""
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    return App(AppOptions(size=size, pace=0, animations="off"))


def next_frame(app: App) -> None:
    """One frame, and the next one when this one left its drawing to it (a heavy update postpones
    the drawing by one frame, ``App.drawing_postponed``): afterwards the window shows the state,
    however long the update took."""
    app.step(1 / 60)
    if app.drawing_postponed:
        app.step(1 / 60)


def draw_frame(app: App) -> None:
    """The next frame drawn whole, whatever changed (to read every text the screens show)."""
    app.redraw()
    next_frame(app)


def click(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    """A left click at ``pos``, then ``frames`` frames (the last one drawn)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    for _ in range(frames - 1):
        app.step(1 / 60)
    if frames:
        next_frame(app)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    next_frame(app)


def type_text(app: App, s: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    next_frame(app)


def run_until(app: App, cond: Callable[[], Any], limit_s: float = 30.0) -> Any:
    """Step frames until ``cond()`` is truthy (the worker thread runs meanwhile)."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        value = cond()
        if value:
            return value
        app.step(1 / 60)
        time.sleep(0.0005)
    raise AssertionError(f"condition not met within {limit_s} s; top scene {type(app.top).__name__}")


def button_labelled(buttons: list[Any], label: str) -> Any:
    found = [b for b in buttons if b.label == label]
    assert found, f"no {label!r} button among {[b.label for b in buttons]}"
    return found[0]


def play_decision(app: App, table: Any, action: Any) -> str:
    """Carry out ``action`` through the table's widgets as a player would; returns how."""
    if action.type == "discard":
        rect = dict(table.hand_rects())[action.tile]
        click(app, rect.center)
        return "tile"
    if action.type == "riichi":
        assert table.riichi_button is not None, "no Riichi button on screen"
        click(app, table.riichi_button.rect.center)
        rect = dict(table.hand_rects())[action.tile]
        click(app, rect.center)
        return "riichi"
    matching = [b for b in table.buttons if b.action == action]
    assert matching, f"no button for {action} among {[b.label for b in table.buttons]}"
    click(app, matching[0].rect.center)
    return "button"


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press the left button at ``start``, move to ``end`` in ``steps`` moves, release there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    app.step(1 / 60)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    app.step(1 / 60)


def play_as(table: Any, brain: Any) -> None:
    """The player's seat chooses as ``brain`` (an AI player) would, through the table's own control."""
    view = table.control.view
    action = brain.decide(view, view.legal_actions)
    if action.type in ("discard", "riichi"):
        table.control.send_discard(action.tile)
    else:
        table.control.submit(action)
