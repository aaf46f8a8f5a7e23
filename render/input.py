"""Raw pygame events translated, in one place, into the small Input records scenes read."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

__all__ = ["Input", "translate"]


@dataclass(frozen=True)
class Input:
    """One input for a scene.

    ``kind``: "press" / "release" (mouse button), "move", "wheel", "key", "text",
    "resize", "quit".
    """

    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    key: int = 0
    mod: int = 0
    text: str = ""
    dy: int = 0
    size: tuple[int, int] = (0, 0)


def translate(ev: pygame.event.Event) -> Input | None:
    """The Input for a pygame event, or None for events scenes never see."""
    t = ev.type
    if t == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
        return Input("press", pos=ev.pos, button=ev.button)
    if t == pygame.MOUSEBUTTONUP and ev.button in (1, 2, 3):
        return Input("release", pos=ev.pos, button=ev.button)
    if t == pygame.MOUSEMOTION:
        return Input("move", pos=ev.pos)
    if t == pygame.MOUSEWHEEL:
        return Input("wheel", pos=pygame.mouse.get_pos(), dy=ev.y)
    if t == pygame.KEYDOWN:
        return Input("key", key=ev.key, mod=ev.mod)
    if t == pygame.TEXTINPUT:
        return Input("text", text=ev.text)
    if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        size = (ev.w, ev.h) if t == pygame.VIDEORESIZE else (ev.x, ev.y)
        return Input("resize", size=size)
    if t == pygame.QUIT:
        return Input("quit")
    return None
