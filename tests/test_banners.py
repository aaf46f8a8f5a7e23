"""Banners: a call, a riichi or a win puts its word on the table in front of the seat that made it,
springing out and fading with animations on, standing still with them off."""

from __future__ import annotations

import pytest

from game.rules import EMA
from render.app import App, AppOptions
from render.layout import relative
from render.scenes.table import TableScene
from render.setup import GameSetup
from render.widgets import recorded_texts
from tests.table_helpers import first_events


@pytest.fixture(scope="module")
def events():
    return first_events()


def table_with(tmp_path, monkeypatch, animations: str) -> tuple[App, TableScene]:
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(size=(1280, 720), pace=0, animations=animations))
    table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
    app.clear_to(table)
    return app, table


def drawn(app: App) -> list[str]:
    with recorded_texts() as seen:
        app.top.draw(app.screen)
    return seen


def test_each_announcement_shows_its_banner_in_front_of_its_seat(tmp_path, monkeypatch, events):
    app, table = table_with(tmp_path, monkeypatch, "fast")
    try:
        for key, word in (("called", None), ("riichi_declared", "Riichi"), ("won", None)):
            ev = events[key]
            table.control.on_event(ev)
            banner = table.banners.items[-1]
            assert banner.pos == relative(ev.seat, 0)
            expected = word or {"chi": "Chi", "pon": "Pon"}.get(ev.call, "Kan") if key == "called" else \
                word or ("Tsumo" if ev.tsumo else "Ron")
            assert expected in drawn(app), f"no {expected} banner"
    finally:
        app.shutdown()


def test_a_banner_moves_and_leaves_and_stands_still_with_animations_off(tmp_path, monkeypatch, events):
    app, table = table_with(tmp_path, monkeypatch, "fast")
    try:
        table.control.on_event(events["riichi_declared"])
        looks = []
        for _ in range(8):
            looks.append(table.banners.state())
            table.banners.update(1 / 30)
        assert len(set(looks)) > 4, "it springs out over several frames"
        for _ in range(120):
            table.banners.update(1 / 30)
        assert not table.banners.items and "Riichi" not in drawn(app), "and then it is gone"
    finally:
        app.shutdown()
    app, table = table_with(tmp_path, monkeypatch, "off")
    try:
        table.control.on_event(events["riichi_declared"])
        first = table.banners.state()
        table.banners.update(0.3)
        assert table.banners.state() == first and "Riichi" in drawn(app), "no motion with animations off"
    finally:
        app.shutdown()
