"""Keys are mapped once to what they do, and the help lists every one of them."""

from __future__ import annotations

import pygame

from render.input import INTENTS, translate
from render.scenes.help import key_lines


def test_every_intent_has_a_key_and_says_what_it_does_and_no_key_does_two_things() -> None:
    keys = [key for keys, _ in INTENTS.values() for key in keys]
    assert all(keys for keys, _ in INTENTS.values())
    assert all(what.strip() for _, what in INTENTS.values())
    assert len(keys) == len(set(keys))


def test_a_pressed_key_arrives_as_its_intent() -> None:
    def pressed(key: int) -> str | None:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        return translate(event).intent  # type: ignore[union-attr]

    assert pressed(pygame.K_ESCAPE) == "back"
    assert pressed(pygame.K_KP_ENTER) == pressed(pygame.K_RETURN) == "confirm"
    assert pressed(pygame.K_F1) == pressed(pygame.K_h) == "help"
    assert pressed(pygame.K_q) is None


def test_the_help_lists_each_intent_with_its_keys() -> None:
    lines = key_lines()
    assert len(lines) == len(INTENTS)
    assert "F11: Full screen on or off" in lines
    assert any(line.startswith("H or F1: ") for line in lines)
