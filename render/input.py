"""Raw pygame events translated, in one place, into the small Input records scenes read.

Keys and mouse buttons arrive as intents (``Input.intent``): what the player means, named
once here with what each one does, so the help can list them and scenes never read key
codes or button numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from render.i18n import C_, N_, tr

__all__ = ["option_number", "OPTION_KEYS", "Input", "translate", "INTENTS", "KEY_INTENTS", "POINTER_INTENTS",
           "BUTTON_INTENTS", "BUTTON_NAMES", "KEY_NAMES", "key_name", "intent_of", "controls"]

OPTION_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)
"""The keys that press the table's buttons by their place (1 the leftmost)."""

INTENTS: dict[str, tuple[tuple[int, ...], str]] = {
    "back": ((pygame.K_ESCAPE,), N_("Back, or the game menu at the table")),
    "confirm": ((pygame.K_RETURN, pygame.K_KP_ENTER), N_("Confirm: start, discard the chosen tile, continue")),
    "pass": ((pygame.K_SPACE,), N_("Pass on the call offered (in a replay: play or pause)")),
    "left": ((pygame.K_LEFT,), N_("Choose the tile to the left, lower a setting (in a replay: one step back)")),
    "right": ((pygame.K_RIGHT,), N_("Choose the tile to the right, raise a setting (in a replay: one step on)")),
    "up": ((pygame.K_UP,), N_("Scroll up (in a replay: the previous hand)")),
    "down": ((pygame.K_DOWN,), N_("Scroll down (in a replay: the next hand)")),
    "page_up": ((pygame.K_PAGEUP,), N_("A page up (in a replay: the previous hand)")),
    "page_down": ((pygame.K_PAGEDOWN,), N_("A page down (in a replay: the next hand)")),
    "first": ((pygame.K_HOME,), N_("The first item (in a replay: the start of the game)")),
    "last": ((pygame.K_END,), N_("The last item (in a replay: the end of the game)")),
    "help": ((pygame.K_h, pygame.K_F1), N_("Help")),
    "keys": ((pygame.K_k, pygame.K_SLASH), N_("At the table: this list of keys over the game (K for keys, or / "
                                             "where ? is; the same key or Esc closes it)")),
    "yaku_book": ((pygame.K_y,), N_("The yaku book: every yaku with its value and an example hand")),
    "settings": ((pygame.K_s,), N_("Settings")),
    "review": ((pygame.K_r,), N_("At the table: tick or clear Riichi (in a replay: the AI's review of the bottom "
                                 "seat's choices)")),
    "option": (OPTION_KEYS, N_("At the table: press the call, win or other button by its place, 1 the leftmost")),
    "next_mistake": ((pygame.K_n,), N_("In a reviewed replay: the next mistake")),
    "previous_mistake": ((pygame.K_p,), N_("In a reviewed replay: the previous mistake")),
    "fullscreen": ((pygame.K_F11,), N_("Full screen on or off")),
}
"""Each thing a player can do from the keyboard: its keys and what it does, in one place
(the help lists it). Scenes read ``Input.intent``, never key codes; only text boxes read keys."""

POINTER_INTENTS: dict[str, tuple[tuple[int, ...], str]] = {
    "choose": ((1,), N_("Choose the tile, button or setting under the mouse")),
    "choose_back": ((3,), N_("Step a setting back to its previous value")),
}
"""Each thing a player can do with a mouse button: its buttons and what it does (listed by the help)."""

BUTTON_NAMES = {1: N_("Left click"), 2: N_("Middle click"), 3: N_("Right click")}
"""How the help names a mouse button."""

KEY_NAMES = {pygame.K_ESCAPE: C_("key", "Esc"), pygame.K_RETURN: C_("key", "Enter"),
             pygame.K_KP_ENTER: C_("key", "Keypad Enter"), pygame.K_SPACE: C_("key", "Space"),
             pygame.K_LEFT: C_("key", "Left arrow"), pygame.K_RIGHT: C_("key", "Right arrow"),
             pygame.K_UP: C_("key", "Up arrow"), pygame.K_DOWN: C_("key", "Down arrow"),
             pygame.K_PAGEUP: C_("key", "Page Up"), pygame.K_PAGEDOWN: C_("key", "Page Down"),
             pygame.K_HOME: C_("key", "Home"), pygame.K_END: C_("key", "End")}
"""How a keyboard in each language labels its named keys; letter, digit and F keys are written as
printed on them."""


def key_name(key: int) -> str:
    """A key as the player's keyboard and language name it ('Esc', 'Invio', 'スペース', 'K', 'F1')."""
    if key in KEY_NAMES:
        return tr(KEY_NAMES[key])
    name = pygame.key.name(key)
    return name.upper() if len(name) == 1 else name.title()


KEY_INTENTS: dict[int, str] = {key: name for name, (keys, _) in INTENTS.items() for key in keys}
BUTTON_INTENTS: dict[int, str] = {button: name for name, (buttons, _) in POINTER_INTENTS.items()
                                  for button in buttons}


def intent_of(key: int) -> str | None:
    """The intent a key stands for, or None."""
    return KEY_INTENTS.get(key)


def option_number(ev: Input) -> int | None:
    """For an ``option`` key, the place it names (1 for the leftmost button), else None."""
    return OPTION_KEYS.index(ev.key) + 1 if ev.kind == "key" and ev.key in OPTION_KEYS else None


def controls() -> list[tuple[str, str]]:
    """(the keys or buttons, what they do) for every intent, keys first: what the help lists."""
    keys = [(tr(" or ").join(key_name(k) for k in codes), what) for codes, what in INTENTS.values()]
    buttons = [(tr(" or ").join(tr(BUTTON_NAMES[b]) for b in codes), what) for codes, what in POINTER_INTENTS.values()]
    return keys + buttons


@dataclass(frozen=True)
class Input:
    """One input for a scene.

    ``kind``: "press" / "release" (mouse button), "move", "wheel", "key", "text",
    "drop" (a file dropped on the window: its path in ``text``), "resize", "quit".
    """

    kind: str
    intent: str | None = None
    """For a key or a mouse button: what it stands for (``INTENTS``, ``POINTER_INTENTS``), or None."""
    pos: tuple[int, int] = (0, 0)
    key: int = 0
    """The key code, for text boxes only."""
    mod: int = 0
    text: str = ""
    dy: int = 0
    size: tuple[int, int] = (0, 0)


def translate(ev: pygame.event.Event) -> Input | None:
    """The Input for a pygame event, or None for events scenes never see."""
    t = ev.type
    if t == pygame.MOUSEBUTTONDOWN and ev.button in BUTTON_NAMES:
        return Input("press", intent=BUTTON_INTENTS.get(ev.button), pos=ev.pos)
    if t == pygame.MOUSEBUTTONUP and ev.button in BUTTON_NAMES:
        return Input("release", intent=BUTTON_INTENTS.get(ev.button), pos=ev.pos)
    if t == pygame.MOUSEMOTION:
        return Input("move", pos=ev.pos)
    if t == pygame.MOUSEWHEEL:
        return Input("wheel", pos=pygame.mouse.get_pos(), dy=ev.y)
    if t == pygame.KEYDOWN:
        return Input("key", intent=intent_of(ev.key), key=ev.key, mod=ev.mod)
    if t == pygame.TEXTINPUT:
        return Input("text", text=ev.text)
    if t == pygame.DROPFILE:
        return Input("drop", text=ev.file)
    if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        size = (ev.w, ev.h) if t == pygame.VIDEORESIZE else (ev.x, ev.y)
        return Input("resize", size=size)
    if t == pygame.QUIT:
        return Input("quit")
    return None
