"""The keys overlay: every key and mouse button and what it does, over the table (K or /, from
``render.input.controls``); the same key, Esc or a click outside the list closes it."""

from __future__ import annotations

from typing import Any

import pygame

from render.i18n import series, tr
from render.input import INTENTS, Input, controls, key_name
from render.scenes import Scene
from render.widgets import THEME, draw_panel, draw_text, text_width, wrap

__all__ = ["KeysScene", "OPEN_INTENT"]

OPEN_INTENT = "keys"
"""The intent that opens the overlay and closes it again."""


class KeysScene(Scene):
    """A translucent list of the controls over the scene below; the game below keeps its place."""

    transparent = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.size = 16
        self.key_w = 0
        self.rows: list[tuple[str, list[str]]] = []
        self.resized(app.size)

    def resized(self, size: tuple[int, int]) -> None:
        """Fit the list in the window: the largest type (18 to 12 points at this size) whose rows fit."""
        w, h = size
        pw = min(int(w * 0.86), 1200)
        items = [(keys, tr(what)) for keys, what in controls()]
        for font_size in range(max(13, min(22, h // 36)), 9, -1):
            key_w = max(text_width(keys, font_size, True) for keys, _ in items) + 24
            what_w = pw - key_w - 48
            rows = [(keys, wrap(what, font_size, what_w)) for keys, what in items]
            line = int(font_size * 1.35)
            height = sum(len(lines) for _, lines in rows) * line + len(rows) * 3 + 3 * int(font_size * 2) + 24
            if height <= h - 40:
                break
        self.size, self.key_w, self.rows = font_size, key_w, rows
        self.panel = pygame.Rect(0, 0, pw, min(height, h - 20))
        self.panel.center = (w // 2, h // 2)

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.intent in (OPEN_INTENT, "back"):
            self.app.pop()
        elif ev.kind == "press" and not self.panel.collidepoint(ev.pos):
            self.app.pop()

    def closing_words(self) -> str:
        """How to close the list, naming the keys that open it."""
        keys = series([key_name(k) for k in INTENTS[OPEN_INTENT][0]])
        return tr("{keys} or Esc closes this list.").format(keys=keys)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        panel = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect())
        panel.set_alpha(225)
        surface.blit(panel, self.panel.topleft)
        size, line = self.size, int(self.size * 1.35)
        x, y = self.panel.x + 24, self.panel.y + 12 + size
        draw_text(surface, tr("Keys"), (self.panel.centerx, y), size + 6, THEME["accent"], True, "center")
        y += int(size * 2)
        for keys, lines in self.rows:
            draw_text(surface, keys, (x, y), size, THEME["accent"], True, "midleft")
            for words in lines:
                draw_text(surface, words, (x + self.key_w, y), size, THEME["text"], False, "midleft")
                y += line
            y += 3
        draw_text(surface, self.closing_words(), (self.panel.centerx, self.panel.bottom - 12 - size // 2), size,
                  THEME["muted"], False, "center")
