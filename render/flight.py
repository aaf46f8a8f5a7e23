"""Things moving over the table for a moment: a flying tile, or a glow that fades."""

from __future__ import annotations

from typing import Any

import pygame

from render.widgets import THEME

__all__ = ["Flight"]


class Flight:
    """A tile (or a glow) moving on top of the board: drawn where its tweens say."""

    def __init__(self, image: pygame.Surface | None, rest: pygame.Rect, landed: Any, hides: int | None = None) -> None:
        self.image = image
        self.rest = rest
        self.landed = landed
        self.hides = hides
        self.prev: pygame.Rect | None = None

    def rect_now(self, anim: Any, sid: str) -> pygame.Rect:
        x, y = anim.value(sid, "pos", self.rest.topleft)
        return pygame.Rect(int(x), int(y), self.rest.w, self.rest.h).inflate(6, 6)

    def area_key(self, anim: Any, sid: str) -> tuple[pygame.Rect, tuple[Any, ...]]:
        """Where it is drawn now, and a key that changes whenever its look there changes."""
        alpha = float(anim.value(sid, "alpha", 1.0))
        if self.image is None:
            return pygame.Rect(self.rest), ("glow", sid, int(230 * alpha) if alpha > 0.02 else 0)
        x, y = anim.value(sid, "pos", self.rest.topleft)
        shown = 255 if alpha >= 0.99 else int(255 * max(0.0, alpha))
        return pygame.Rect(int(x), int(y), *self.image.get_size()), ("tile", sid, id(self.image), shown)

    def draw(self, surface: pygame.Surface, anim: Any, sid: str) -> None:
        alpha = float(anim.value(sid, "alpha", 1.0))
        if self.image is None:  # a glow around a new meld, fading out
            if alpha > 0.02:
                glow = pygame.Surface(self.rest.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*THEME["accent"], int(230 * alpha)), glow.get_rect(), 4, border_radius=6)
                surface.blit(glow, self.rest)
            return
        x, y = anim.value(sid, "pos", self.rest.topleft)
        if alpha < 0.99:
            image = self.image.copy()
            image.set_alpha(int(255 * max(0.0, alpha)))
        else:
            image = self.image
        surface.blit(image, (int(x), int(y)))
