"""Keys and mouse buttons are mapped once to what they do, and the help lists every one of them."""

from __future__ import annotations

import pygame

from render.input import BUTTON_NAMES, INTENTS, POINTER_INTENTS, translate
from render.scenes.help import key_lines


def test_every_intent_has_a_key_and_says_what_it_does_and_no_key_does_two_things() -> None:
    keys = [key for keys, _ in INTENTS.values() for key in keys]
    assert all(keys for keys, _ in INTENTS.values())
    assert all(what.strip() for _, what in INTENTS.values())
    assert len(keys) == len(set(keys))


def test_every_mouse_intent_has_a_named_button_and_says_what_it_does() -> None:
    buttons = [b for buttons, _ in POINTER_INTENTS.values() for b in buttons]
    assert all(buttons for buttons, _ in POINTER_INTENTS.values())
    assert all(what.strip() for _, what in POINTER_INTENTS.values())
    assert len(buttons) == len(set(buttons)) and set(buttons) <= set(BUTTON_NAMES)
    assert not set(INTENTS) & set(POINTER_INTENTS), "a key intent and a mouse intent share a name"


def test_a_pressed_key_arrives_as_its_intent() -> None:
    def pressed(key: int) -> str | None:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        return translate(event).intent  # type: ignore[union-attr]

    assert pressed(pygame.K_ESCAPE) == "back"
    assert pressed(pygame.K_KP_ENTER) == pressed(pygame.K_RETURN) == "confirm"
    assert pressed(pygame.K_F1) == pressed(pygame.K_h) == "help"
    assert pressed(pygame.K_q) is None


def test_a_clicked_mouse_button_arrives_as_its_intent() -> None:
    def clicked(button: int) -> str | None:
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=(10, 20))
        return translate(event).intent  # type: ignore[union-attr]

    assert clicked(1) == "choose"
    assert clicked(3) == "choose_back"
    assert clicked(2) is None


def test_the_help_lists_each_intent_with_its_keys_or_buttons() -> None:
    lines = key_lines()
    assert len(lines) == len(INTENTS) + len(POINTER_INTENTS)
    assert "F11: Full screen on or off" in lines
    assert any(line.startswith("H or F1: ") for line in lines)
    assert "Left click: Choose the tile, button or setting under the mouse" in lines
