"""What the player reads for the engine's codes: the names of draws (more to come with the languages)."""

from __future__ import annotations

__all__ = ["DRAW_NAMES"]

DRAW_NAMES = {"exhaustive": "Exhaustive draw", "nagashi_mangan": "Exhaustive draw: nagashi mangan",
              "kyuushu_kyuuhai": "Abortive draw: nine terminals", "suufon_renda": "Abortive draw: four winds",
              "suucha_riichi": "Abortive draw: four riichi", "suukaikan": "Abortive draw: four kans",
              "sanchahou": "Abortive draw: triple ron"}
