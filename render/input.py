"""Raw pygame events translated, in one place, into the small Input records scenes read."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

__all__ = ["Input", "translate", "INTENTS", "KEY_INTENTS", "intent_of"]

INTENTS: dict[str, tuple[tuple[int, ...], str]] = {
    "back": ((pygame.K_ESCAPE,), "Back, or the game menu at the table"),
    "confirm": ((pygame.K_RETURN, pygame.K_KP_ENTER), "Confirm: start, discard the chosen tile, continue"),
    "pass": ((pygame.K_SPACE,), "Pass on the call offered"),
    "left": ((pygame.K_LEFT,), "Choose the tile to the left (or lower a setting)"),
    "right": ((pygame.K_RIGHT,), "Choose the tile to the right (or raise a setting)"),
    "up": ((pygame.K_UP,), "Scroll up"),
    "down": ((pygame.K_DOWN,), "Scroll down"),
    "help": ((pygame.K_h, pygame.K_F1), "Help"),
    "settings": ((pygame.K_s,), "Settings"),
    "fullscreen": ((pygame.K_F11,), "Full screen on or off"),
}
"""Each thing a player can do from the keyboard: its keys and what it does, in one place
(the help lists it). Scenes read ``Input.intent``, never key codes; only text boxes read keys."""

KEY_INTENTS: dict[int, str] = {key: name for name, (keys, _) in INTENTS.items() for key in keys}


def intent_of(key: int) -> str | None:
    """The intent a key stands for, or None."""
    return KEY_INTENTS.get(key)


@dataclass(frozen=True)
class Input:
    """One input for a scene.

    ``kind``: "press" / "release" (mouse button), "move", "wheel", "key", "text",
    "resize", "quit".
    """

    kind: str
    intent: str | None = None
    """For a key: what it stands for (``INTENTS``), or None."""
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
        return Input("key", intent=intent_of(ev.key), key=ev.key, mod=ev.mod)
    if t == pygame.TEXTINPUT:
        return Input("text", text=ev.text)
    if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        size = (ev.w, ev.h) if t == pygame.VIDEORESIZE else (ev.x, ev.y)
        return Input("resize", size=size)
    if t == pygame.QUIT:
        return Input("quit")
    return None
