"""The in-game menu (Esc at the table): resume, settings, help, or back to the title."""

from __future__ import annotations

import pygame

from render.input import Input
from render.i18n import N_, tr
from render.scenes import Scene
from render.widgets import THEME, Button, draw_panel, draw_text, ui_scale

__all__ = ["MenuScene"]


class MenuScene(Scene):
    """A small overlay over the table; the game keeps its place (it is saved after every action)."""

    transparent = True

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.buttons: list[Button] = []
        self.resized(app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        ui = ui_scale()
        bw, bh = int(max(220, w // 6) * ui), int(max(40, h // 18) * ui)
        self.title_size = max(22, int(bh * 0.75))
        head = int(self.title_size * 1.6) + 20
        x, y = w // 2 - bw // 2, h // 2 - 2 * (bh + 10) + head // 2
        self.panel = pygame.Rect(x - 30, y - head, bw + 60, 4 * (bh + 10) + head + 20)
        items = [(N_("Resume"), self.app.pop), (N_("Settings"), self.open_settings), (N_("Help"), self.open_help),
                 (N_("Leave to title"), self.leave_game)]
        self.buttons = [Button((x, y + i * (bh + 10), bw, bh), label, fn) for i, (label, fn) in enumerate(items)]

    def leave_game(self) -> None:
        self.app.goto("title")

    def handle(self, ev: Input) -> None:
        if ev.intent == "back":
            self.app.pop()
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel)
        draw_text(surface, tr("Paused"), (self.panel.centerx, self.panel.y + 10 + self.title_size * 4 // 5),
                  self.title_size, THEME["accent"], True, "center")
        for b in self.buttons:
            b.draw(surface)
