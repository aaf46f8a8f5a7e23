"""A display list: drawing operations noted with the area each covers, replayed under a clip.

The table draws through a ``Canvas``. Each operation is kept as an ``Op``: the window area it
covers, a key that says what it draws there (the image itself, a colour, a widget's state) and
the call that paints it. Two frames' lists compared (``changed_areas``) give the areas where
something appeared, went or changed; ``replay`` repaints those areas alone, running in order
every operation that touches them, so the window can present just those rectangles. The areas
come from the very operations that paint, so nothing is repainted by guesswork.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import pygame

from render.widgets import THEME, Checkbox, Widget, note_place, text, tooltip_layout

__all__ = ["Op", "Canvas", "changed_areas", "merge_areas", "replay", "widget_op", "tooltip_op"]

MERGE_GAP = 24
"""Areas closer than this (pixels) are presented as one rectangle."""


class Op(NamedTuple):
    """One drawing operation: where, what (a hashable key) and how."""

    area: tuple[int, int, int, int]
    key: tuple[Any, ...]
    paint: Callable[[pygame.Surface], Any]
    keep: Any = None
    """Objects the key names by id (images), held so their ids stay unique while the op lives."""


class Canvas:
    """Records drawing operations (nothing is drawn until the list is replayed)."""

    def __init__(self) -> None:
        self.ops: list[Op] = []

    def extend(self, ops: Iterable[Op]) -> None:
        self.ops.extend(ops)

    def blit(self, image: pygame.Surface, dest: pygame.Rect | tuple[int, int]) -> pygame.Rect:
        """``image`` with its top-left at ``dest``; returns the area it covers."""
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        rect = pygame.Rect(x, y, *image.get_size())
        pos = (x, y)
        self.ops.append(Op(tuple(rect), ("blit", id(image)), lambda s: s.blit(image, pos), image))
        return rect

    def rect(self, color: Sequence[int], rect: pygame.Rect, width: int = 0, radius: int = 0) -> pygame.Rect:
        """A filled (``width`` 0) or outlined rectangle."""
        r = pygame.Rect(rect)
        color = tuple(color)
        self.ops.append(Op(tuple(r), ("rect", color, width, radius),
                           lambda s: pygame.draw.rect(s, color, r, width, border_radius=radius)))
        return r

    def circle(self, color: Sequence[int], center: tuple[int, int], radius: int) -> pygame.Rect:
        r = pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius + 1, 2 * radius + 1)
        color = tuple(color)
        c = (int(center[0]), int(center[1]))
        self.ops.append(Op(tuple(r), ("circle", color, c, radius), lambda s: pygame.draw.circle(s, color, c, radius)))
        return r

    def panel(self, rect: pygame.Rect, color: Sequence[int] = THEME["panel"],
              edge: Sequence[int] | None = THEME["panel_edge"], radius: int = 8) -> pygame.Rect:
        """A rounded panel (as ``widgets.draw_panel``)."""
        self.rect(color, rect, 0, radius)
        if edge is not None:
            self.rect(edge, rect, 1, radius)
        return pygame.Rect(rect)

    def text(self, s: str, pos: tuple[int, int], size: int, color: Sequence[int] = THEME["text"], bold: bool = False,
             anchor: str = "topleft") -> pygame.Rect:
        """Cached text anchored at ``pos`` (as ``widgets.draw_text``); returns its area."""
        img = text(s, size, tuple(color), bold)
        rect = self.blit(img, img.get_rect(**{anchor: pos}))
        note_place(s, rect)
        return rect

    def call(self, area: pygame.Rect, key: tuple[Any, ...], paint: Callable[[pygame.Surface], Any],
             keep: Any = None) -> None:
        """Anything else (a widget, a fading glow): ``paint`` must draw inside ``area`` only,
        and ``key`` must change whenever what it draws changes."""
        self.ops.append(Op(tuple(pygame.Rect(area)), key, paint, keep))


def changed_areas(before: Sequence[Op], after: Sequence[Op]) -> list[pygame.Rect]:
    """The areas of the operations in one list and not the other (same key and area = unchanged)."""
    old = Counter((op.area, op.key) for op in before)
    new = Counter((op.area, op.key) for op in after)
    gone = old - new
    came = new - old
    return [pygame.Rect(area) for area, _ in (*gone.elements(), *came.elements())]


def merge_areas(areas: Iterable[pygame.Rect], bounds: pygame.Rect, gap: int = MERGE_GAP) -> list[pygame.Rect]:
    """Clip ``areas`` to ``bounds`` and join those that overlap or lie within ``gap`` of each other."""
    rects = [r.clip(bounds) for r in areas]
    rects = [r for r in rects if r.w > 0 and r.h > 0]
    merged: list[pygame.Rect] = []
    while rects:
        cur = rects.pop()
        grown = True
        while grown:
            grown = False
            probe = cur.inflate(2 * gap, 2 * gap)
            for i in range(len(rects) - 1, -1, -1):
                if probe.colliderect(rects[i]):
                    cur = cur.union(rects.pop(i))
                    grown = True
            for i in range(len(merged) - 1, -1, -1):
                if probe.colliderect(merged[i]):
                    cur = cur.union(merged.pop(i))
                    grown = True
        merged.append(cur)
    return merged


def replay(surface: pygame.Surface, ops: Sequence[Op], clips: Sequence[pygame.Rect] | None = None) -> None:
    """Paint ``ops`` in order: everywhere (``clips`` None) or inside each clip rectangle only."""
    if clips is None:
        surface.set_clip(None)
        for op in ops:
            op.paint(surface)
        return
    try:
        for clip in clips:
            surface.set_clip(clip)
            for op in ops:
                if clip.colliderect(op.area):
                    op.paint(surface)
    finally:
        surface.set_clip(None)


def widget_op(cv: Canvas, w: Widget) -> None:
    """A widget as one operation: its area (a check box's label reaches past its rect) and state."""
    area = pygame.Rect(w.rect)
    if isinstance(w, Checkbox):  # the label stands to the right of the box, as Checkbox.draw puts it
        side = min(w.rect.h - 4, 22)
        label = text(w.label, w._font_size(), w.color if w.enabled else THEME["muted"])
        area.union_ip(label.get_rect(midleft=(w.rect.x + 2 + side + 8, w.rect.centery)))
    icon = getattr(w, "icon", None)
    key = ("widget", type(w).__name__, w.hover, w.enabled, getattr(w, "label", None), getattr(w, "checked", None),
           getattr(w, "color", None), id(icon))
    cv.call(area, key, w.draw, icon)


def tooltip_op(cv: Canvas, tip: str, pos: tuple[int, int], window: tuple[int, int], size: int,
               above: pygame.Rect | None = None) -> None:
    """A tooltip near ``pos`` (as ``widgets.draw_tooltip``), over ``above`` where given."""
    rect, lines = tooltip_layout(window, tip, pos, size, above)
    cv.panel(rect, (20, 22, 28), THEME["accent"], 6)
    y = rect.y + 6
    for line in lines:
        cv.blit(line, (rect.x + 8, y))
        y += line.get_height()
