"""The first-game guide: a short hint the first time a call, a riichi, furiten or a win happens.

Each hint is shown once for the player (the codes seen are kept in the ``guide_seen``
preference); the ``first_game_guide`` preference turns the guide off. ``Guide`` only decides
which hint is due; the table shows it and saves what was seen.
"""

from __future__ import annotations

from typing import Any

from prefs.model import GUIDE_HINTS
from render.i18n import N_

__all__ = ["HINTS", "GUIDE_TITLE", "RESULT_HINTS", "Guide", "seen_codes", "seen_text"]

GUIDE_TITLE = N_("First-game guide")

HINTS: dict[str, str] = {
    "call": N_("A call: a player took a discard to finish a set, which now lies open beside their hand. When a "
               "discard fits your hand, Chi, Pon or Kan buttons appear for you too; an open hand can no longer "
               "riichi."),
    "riichi": N_("Riichi: a player whose closed hand is one tile from winning bet 1,000 points and can no longer "
                 "change it. Tiles among their discards are safe against them. Press the Riichi button, then "
                 "discard, to declare your own."),
    "furiten": N_("Furiten: a tile you wait on is among your own discards, so you cannot win by Ron, only by "
                  "drawing it yourself (Tsumo). Your name shows it while it lasts; the Help's Furiten page has "
                  "a picture."),
    "win": N_("A win! The result lists the yaku (each worth han), the fu and who pays what. Press Y at the "
              "table for the yaku book: every yaku with an example hand."),
}
"""Per hint code (``prefs.model.GUIDE_HINTS``): what the player reads."""

RESULT_HINTS = ("win",)
"""The hints that explain the result screen: shown on it, over the table, and gone with it."""


def seen_codes(text: str) -> set[str]:
    """The hint codes in a ``guide_seen`` preference value."""
    return {code for code in text.split(",") if code in GUIDE_HINTS}


def seen_text(codes: set[str]) -> str:
    """A ``guide_seen`` value for ``codes``, in the hints' order."""
    return ",".join(code for code in GUIDE_HINTS if code in codes)


class Guide:
    """Which hint is due: each code at most once, none while the guide is off."""

    def __init__(self, enabled: bool, seen: set[str], me: int) -> None:
        self.enabled = enabled
        self.seen = set(seen)
        self.me = me
        self.current: str | None = None
        """The hint on screen, until the player dismisses it or another comes."""

    def _due(self, code: str) -> str | None:
        if not self.enabled or code in self.seen:
            return None
        self.seen.add(code)
        self.current = code
        return code

    def event(self, ev: Any) -> str | None:
        """The hint a table event calls for (once), or None."""
        kind = getattr(ev, "type", "")
        if kind == "called":
            return self._due("call")
        if kind == "riichi_declared":
            return self._due("riichi")
        if kind == "won":
            return self._due("win")
        return None

    def view(self, view: Any) -> str | None:
        """The furiten hint when the player's own view is furiten (once), or None."""
        if view is not None and getattr(view, "furiten", False):
            return self._due("furiten")
        return None

    def dismiss(self) -> None:
        self.current = None
