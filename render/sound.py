"""Sound effects for engine events, and a board that never lets a sound problem stop the game.

:func:`sound_for_event` is the whole mapping from engine events (docs/ENGINE_API.md) to sound
names; :class:`SoundBoard` plays them. With no audio device (``pygame.mixer`` cannot start) or
a missing sound file the board stays silent and says so once in :attr:`SoundBoard.messages`,
for the client to show; it never raises for those.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pygame

from render.i18n import N_, tr
from render.resources import asset_path

log = logging.getLogger(__name__)

NO_SOUND = N_("No sound: no audio device was found. The game plays on silently.")
"""What the player is told, once, when there is no sound device."""

__all__ = ["SOUND_NAMES", "CALL_SOUNDS", "CUSTOM_SOUNDS", "DEFAULT_CALL_SOUND",
           "sound_for_event", "SoundBoard"]

SOUND_NAMES = ("draw", "discard", "call", "chi", "pon", "kan", "riichi", "ron", "tsumo")
"""Every sound, each a file ``assets/sounds/<name>.wav``."""

CALL_SOUNDS = {"chi": "chi", "pon": "pon", "daiminkan": "kan", "ankan": "kan", "shouminkan": "kan"}
"""A ``called`` event's meld type -> its own sound."""

CUSTOM_SOUNDS = frozenset({"chi", "pon", "kan", "riichi", "ron", "tsumo"})
"""The announcement sounds; with custom sounds off each of them plays the default call sound."""

DEFAULT_CALL_SOUND = "call"


def sound_for_event(event_type: str, data: Mapping[str, Any] | None = None,
                    custom: bool = True) -> str | None:
    """The sound name for an engine event, or None for events that make no sound.

    ``drawn`` -> draw, ``discarded`` -> discard, ``called`` -> chi / pon / kan by ``data["type"]``,
    ``riichi_declared`` -> riichi, ``won`` -> tsumo (``data["tsumo"]`` true or ``data["how"]``
    "tsumo") else ron. With ``custom`` false every announcement plays the default call sound.
    """
    data = data or {}
    if event_type == "drawn":
        return "draw"
    if event_type == "discarded":
        return "discard"
    if event_type == "called":
        name = CALL_SOUNDS.get(str(data.get("type")), DEFAULT_CALL_SOUND)
    elif event_type == "riichi_declared":
        name = "riichi"
    elif event_type == "won":
        name = "tsumo" if data.get("tsumo") or data.get("how") == "tsumo" else "ron"
    else:
        return None
    return name if custom else DEFAULT_CALL_SOUND


class SoundBoard:
    """Plays Kawa's sounds at the player's volume, or stays silent and says why.

    ``enabled``: sound on; ``custom``: chi/pon/kan/riichi/ron/tsumo each have their own sound
    (else the default call sound); ``volume`` 0..1. ``root`` is the sounds folder (tests).
    The mixer is started on construction when enabled (or on the first play after enabling);
    if that fails the board is silent from then on and :attr:`messages` explains it once.
    """

    def __init__(self, enabled: bool = True, custom: bool = True, volume: float = 0.8,
                 root: Path | None = None, report: Callable[[str], None] | None = None) -> None:
        self.enabled = bool(enabled)
        self.custom = bool(custom)
        self._volume = self._checked_volume(volume)
        self._root = asset_path("sounds") if root is None else Path(root)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._mixer_ok: bool | None = None
        self.messages: list[str] = []
        """Problems met so far, each once, in words a player can read."""
        self._tell = report
        """Also told each problem as it is met (the app shows it on screen)."""
        if self.enabled:
            self._mixer_ready()

    @staticmethod
    def _checked_volume(volume: float) -> float:
        if not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume must be between 0 and 1, not {volume!r}")
        return float(volume)

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the volume 0..1 for the sounds played from now on (refuses other values)."""
        self._volume = self._checked_volume(volume)

    @property
    def available(self) -> bool:
        """False once the audio device has been found missing."""
        return self._mixer_ok is not False

    def _report(self, message: str) -> None:
        if message not in self.messages:
            self.messages.append(message)
            if self._tell is not None:
                self._tell(message)

    def _mixer_ready(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(buffer=512)
                self._mixer_ok = bool(pygame.mixer.get_init())
                if not self._mixer_ok:
                    self._report(tr(NO_SOUND))
            except (pygame.error, OSError, RuntimeError, NotImplementedError) as exc:
                self._mixer_ok = False
                log.info("no audio device: %s", exc)  # the system's own words, for the log only
                self._report(tr(NO_SOUND))
        return self._mixer_ok

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            path = self._root / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                self._sounds[name] = None
                self._report(tr("The sound \u201c{name}\u201d cannot be played ({file}: {problem}).").format(
                    name=name, file=path.name, problem=exc))
        return self._sounds[name]

    def play(self, name: str) -> bool:
        """Play sound ``name`` (one of :data:`SOUND_NAMES`); True if it started.

        False when sound is disabled, the volume is 0, or the device or file is unusable.
        An unknown name is a programming error and raises ``ValueError``.
        """
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r} (known: {', '.join(SOUND_NAMES)})")
        if not self.enabled or self._volume == 0.0 or not self._mixer_ready():
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            sound.set_volume(self._volume)
            sound.play()
        except pygame.error as exc:
            words = tr("The sound \u201c{name}\u201d cannot be played ({problem}).")
            self._report(words.format(name=name, problem=exc))
            return False
        return True

    def sound_for_event(self, event_type: str, data: Mapping[str, Any] | None = None) -> str | None:
        """The sound this board plays for an event (with its custom setting), or None."""
        return sound_for_event(event_type, data, self.custom)

    def play_for_event(self, event_type: str, data: Mapping[str, Any] | None = None) -> str | None:
        """Play the event's sound, if it has one; returns that sound's name (even if silent)."""
        name = self.sound_for_event(event_type, data)
        if name is not None:
            self.play(name)
        return name
