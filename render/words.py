"""What the player reads for the engine's codes: the names of draws, winds and tiles (more with the languages)."""

from __future__ import annotations

from game.tiles import kind_name

__all__ = ["DRAW_NAMES", "WIND_NAMES", "tile_words", "round_label"]

DRAW_NAMES = {"exhaustive": "Exhaustive draw", "nagashi_mangan": "Exhaustive draw: nagashi mangan",
              "kyuushu_kyuuhai": "Abortive draw: nine terminals", "suufon_renda": "Abortive draw: four winds",
              "suucha_riichi": "Abortive draw: four riichi", "suukaikan": "Abortive draw: four kans",
              "sanchahou": "Abortive draw: triple ron"}
WIND_NAMES = {27: "East", 28: "South", 29: "West", 30: "North"}
SUIT_WORDS = {"m": "characters", "p": "circles", "s": "bamboo"}
HONOR_WORDS = ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon")


def tile_words(kind: int) -> str:
    """'5 circles', 'Red dragon'."""
    if kind >= 27:
        return HONOR_WORDS[kind - 27]
    name = kind_name(kind)
    return f"{name[0]} {SUIT_WORDS[name[1]]}"


def round_label(round_wind: int, hand_index: int) -> str:
    """'East 2' for the second hand of the East round."""
    return f"{WIND_NAMES.get(round_wind, '?')} {hand_index % 4 + 1}"


def bot_replaced(name: str, why: str) -> str:
    """Told once when an external bot fails and Kawa's AI takes its seat."""
    return f"{name} stopped ({why}): Kawa's AI plays that seat from now on."
