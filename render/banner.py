"""Banners: the big word a call, a riichi or a win puts on the table in front of the seat that made it.

A banner springs out of its seat's side (a short overshoot, then it settles), holds, and fades
away; with animations off it stands still for the same time. The screen keeps a ``Banners`` and
draws it over the board each frame; its ``state`` changes whenever a banner looks different, so
the window is redrawn only while one moves.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from render.canvas import Canvas
from render.i18n import N_, tr
from render.layout import Layout
from render.tween import ease_out_back, speed_scale
from render.widgets import text

__all__ = ["BANNER_WORDS", "Banner", "Banners"]

BANNER_WORDS: dict[str, str] = {"chi": N_("Chi"), "pon": N_("Pon"), "kan": N_("Kan"), "riichi": N_("Riichi"),
                                "ron": N_("Ron"), "tsumo": N_("Tsumo")}
"""What each banner says."""

COLORS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "chi": ((64, 150, 96), (236, 255, 240)), "pon": ((58, 110, 180), (236, 244, 255)),
    "kan": ((120, 80, 170), (246, 238, 255)), "riichi": ((214, 128, 36), (255, 250, 236)),
    "ron": ((190, 48, 44), (255, 240, 220)), "tsumo": ((190, 48, 44), (255, 240, 220)),
}
"""Each banner's ribbon and letters."""

LIFE_S = {"chi": 1.0, "pon": 1.0, "kan": 1.1, "riichi": 1.2, "ron": 1.6, "tsumo": 1.6}
"""How long each banner stays (seconds at the normal pace)."""

SPRING_S = 0.22
"""How long a banner takes to spring out of its seat."""

FADE_S = 0.25
"""How long it takes to fade away at the end."""

STEPS = 24
"""A banner's look changes in this many steps over its spring and its fade (the frames redrawn)."""


@dataclass
class Banner:
    """One banner on the table: what it says and where, and how long it has been there."""

    kind: str
    pos: int
    """The relative position of the seat it stands in front of (0 the player)."""
    age: float = 0.0

    @property
    def life(self) -> float:
        return LIFE_S[self.kind]

    def look(self, moving: bool) -> tuple[int, int]:
        """(spring step, fade step): how far it has sprung out and faded, in ``STEPS``."""
        if not moving:
            return (STEPS, 0)
        spring = min(STEPS, int(self.age / SPRING_S * STEPS))
        fade = max(0, min(STEPS, int((self.age - (self.life - FADE_S)) / FADE_S * STEPS)))
        return (spring, fade)


class Banners:
    """The banners on the table now."""

    def __init__(self, animations: str) -> None:
        self.items: list[Banner] = []
        self.set_speed(animations)
        self._images: dict[tuple[str, int], pygame.Surface] = {}

    def set_speed(self, animations: str) -> None:
        self.moving = animations != "off"
        self.scale = speed_scale(animations) if self.moving else 1.0

    def add(self, kind: str, pos: int) -> None:
        """A banner for ``kind`` ("chi", "pon", "kan", "riichi", "ron", "tsumo") in front of position ``pos``;
        it replaces one still standing there."""
        self.items = [b for b in self.items if b.pos != pos]
        self.items.append(Banner(kind, pos))

    def update(self, dt: float) -> None:
        for b in self.items:
            b.age += dt / (self.scale or 1.0)
        self.items = [b for b in self.items if b.age < b.life]

    def clear(self) -> None:
        self.items = []

    def state(self) -> tuple[tuple[str, int, tuple[int, int]], ...]:
        """What the banners look like now (changes exactly when a frame must be redrawn)."""
        return tuple((b.kind, b.pos, b.look(self.moving)) for b in self.items)

    def image(self, kind: str, height: int) -> pygame.Surface:
        """The banner's ribbon with its word, drawn once per kind and size."""
        ribbon, ink = COLORS[kind]
        word = text(tr(BANNER_WORDS[kind]), int(height * 0.62), ink, True)  # (kept by ``text``: the word is known)
        key = (kind, height, id(word))
        img = self._images.get(key)
        if img is None:
            if len(self._images) > 60:
                self._images.clear()
            shadow = text(tr(BANNER_WORDS[kind]), int(height * 0.62), (20, 16, 12), True)
            w = word.get_width() + height * 2
            img = pygame.Surface((w, height), pygame.SRCALPHA)
            slant = height // 3
            edge = tuple(min(255, c + 60) for c in ribbon)
            body = [(slant, 0), (w, 0), (w - slant, height), (0, height)]
            pygame.draw.polygon(img, (*ribbon, 235), body)
            pygame.draw.polygon(img, edge, body, max(2, height // 16))
            centre = word.get_rect(center=(w // 2, height // 2))
            img.blit(shadow, centre.move(max(1, height // 24), max(1, height // 24)))
            img.blit(word, centre)
            self._images[key] = img
        return img

    def spot(self, lay: Layout, pos: int) -> tuple[int, int]:
        """Where a banner in front of position ``pos`` stands: over that seat's river, near its hand."""
        x, y = lay.point(pos, 0, lay.half(pos) + lay.pond_gap + 2 * lay.pond_h)
        return int(x), int(y)

    def paint(self, cv: Canvas, lay: Layout) -> None:
        """Each banner over the board: springing out of its seat, then fading."""
        height = max(40, int(lay.hand_h * 0.9 * lay.ui))
        for b in self.items:
            spring, fade = b.look(self.moving)
            grow = ease_out_back(spring / STEPS)
            img = self.image(b.kind, height)
            if spring < STEPS or fade:
                size = (max(1, int(img.get_width() * (0.6 + 0.4 * grow))), max(1, int(img.get_height() * (0.6 + 0.4 * grow))))
                shown = pygame.transform.smoothscale(img, size) if size != img.get_size() else img.copy()
                shown.set_alpha(int(255 * (1 - fade / STEPS)))
            else:
                shown = img
            x, y = self.spot(lay, b.pos)
            cx, cy = lay.center
            out = 1 - min(1.0, grow)  # it starts a little nearer its seat and moves towards the middle
            x += int((x - cx) * 0.25 * out)
            y += int((y - cy) * 0.25 * out)
            rect = shown.get_rect(center=(x, y))
            rect.clamp_ip(pygame.Rect((0, 0), lay.size))
            cv.call(rect, ("banner", b.kind, b.pos, spring, fade), lambda s, i=shown, r=rect: s.blit(i, r), shown)
