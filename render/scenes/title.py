"""The title screen: Continue, New game, Statistics, Settings, Help, Quit."""

from __future__ import annotations

import pygame

from render.input import Input
from store.saves import SaveSlot
from render.i18n import N_, tr
from render.scenes import Scene
from render.setup import GameSetup
from render.widgets import THEME, Button, draw_text

__all__ = ["TitleScene"]


class TitleScene(Scene):
    """The first screen."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.slot = SaveSlot()
        self.slot.remove_leftovers()  # temporary files of a write that a kill interrupted
        self.notice = "\n".join(app.messages)
        self.buttons: list[Button] = []
        self.build()

    def build(self) -> None:
        w, h = self.app.size
        bw, bh = max(240, w // 5), max(44, h // 15)
        x = w // 2 - bw // 2
        y = int(h * 0.40)
        items = []
        if self.slot.exists():
            items.append((N_("Continue"), self.continue_game))
        items += [(N_("New game"), self.new_game), (N_("Statistics"), lambda: self.app.open("stats")),
                  (N_("Settings"), self.open_settings), (N_("Help"), self.open_help),
                  (N_("Quit"), lambda: self.app.quit(0))]
        self.buttons = []
        for label, fn in items:
            self.buttons.append(Button((x, y, bw, bh), label, fn))
            y += bh + bh // 3

    def resized(self, size: tuple[int, int]) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def new_game(self) -> None:
        self.app.open("new_game", self.start, self.app.options.seed)

    def start(self, setup: GameSetup) -> None:
        self.app.goto("table", setup)

    def continue_game(self) -> None:
        scene, message = self.app.build("saved_table", self.slot)
        if scene is None:
            self.notice = message
            self.build()
            return
        self.app.clear_to(scene)

    def handle(self, ev: Input) -> None:
        if ev.intent == "back":
            self.app.quit(0)
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        draw_text(surface, "Kawa", (w // 2, int(h * 0.18)), max(48, h // 7), THEME["accent"], True, "center")
        draw_text(surface, tr("Riichi Mahjong against three computer players"), (w // 2, int(h * 0.29)), max(18, h // 36),
                  THEME["muted"], False, "center")
        for b in self.buttons:
            b.draw(surface)
        if self.notice:
            y = h - 30
            for line in reversed(self.notice.splitlines()):
                draw_text(surface, tr(line), (w // 2, y), 16, THEME["furiten"], False, "center")
                y -= 20
