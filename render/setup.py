"""What a new game is made of: the rules, the seed, the player's name and the AI levels."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bots.seat import bot_name
from game.ai.levels import PERSONALITIES
from game.rules import RuleSet
from render.i18n import N_, tr
from render.words import player_name_words

__all__ = ["AI_LEVELS", "BOT", "SEAT_CHOICES", "GameSetup", "PLAYER_SEAT"]

AI_LEVELS = ("easy", "normal", "strong")
BOT = "bot"
"""A seat played by the external mjai bot that ``GameSetup.bot_command`` starts."""
SEAT_CHOICES = (*AI_LEVELS, BOT)
LEVEL_NAMES = {"easy": N_("Easy AI {seat}"), "normal": N_("Normal AI {seat}"), "strong": N_("Strong AI {seat}")}
"""How an AI opponent is named at the table, by level."""
LEANING_NAMES = {"aggressive": N_("aggressive"), "defensive": N_("defensive"), "caller": N_("caller")}
"""How a varied opponent's leaning is shown beside its name."""
PLAYER_SEAT = 0
"""The player sits at seat 0 (East in the first hand); the table rotates the winds, not the seats."""


@dataclass
class GameSetup:
    """A new game's settings, kept in the saved game beside the engine's record."""

    rules: RuleSet = field(default_factory=RuleSet)
    seed: int = 0
    player_name: str = "Player"
    ai_levels: tuple[str, str, str] = ("normal", "normal", "normal")
    """Levels of seats 1, 2 and 3 (or ``BOT``)."""
    bot_command: str = ""
    """The command line that starts the external bot, for the seats set to ``BOT``."""
    demo: bool = False
    """The player's seat is played by the AI too."""
    varied: bool = False
    """Each AI opponent has a personality (``personality``), drawn from the seed."""

    def __post_init__(self) -> None:
        bad = [lv for lv in self.ai_levels if lv not in SEAT_CHOICES]
        if bad or len(self.ai_levels) != 3:
            raise ValueError(f"AI levels {self.ai_levels}: three of {', '.join(SEAT_CHOICES)}")
        if BOT in self.ai_levels and not self.bot_command.strip():
            raise ValueError(N_("An external bot needs its command line: type it in the Bot command box."))
        name = self.player_name.strip()
        if not 1 <= len(name) <= 20:
            raise ValueError(N_("Your name needs 1 to 20 characters."))

    @staticmethod
    def random_seed() -> int:
        return random.SystemRandom().randrange(1, 2**31)

    def personality(self, seat: int) -> str | None:
        """The leaning of the AI at ``seat`` when opponents are varied (easy has none)."""
        level = self.ai_levels[seat - 1] if 1 <= seat <= 3 else "normal"
        if not self.varied or level in (BOT, "easy"):
            return None
        return random.Random(f"kawa-personality/{self.seed}/{seat}").choice(sorted(PERSONALITIES))

    def names(self) -> list[str]:
        """The four names by seat."""
        names = [player_name_words(self.player_name)]
        for seat, lv in enumerate(self.ai_levels, 1):
            leaning = self.personality(seat)
            name = f"{bot_name(self.bot_command)} {seat}" if lv == BOT else tr(LEVEL_NAMES[lv]).format(seat=seat)
            names.append(tr("{name} ({leaning})").format(name=name, leaning=tr(LEANING_NAMES[leaning]))
                         if leaning else name)
        return names

    def to_dict(self) -> dict[str, Any]:
        return {"player_name": self.player_name, "ai_levels": list(self.ai_levels), "demo": self.demo,
                "bot_command": self.bot_command, "varied": self.varied}

    @classmethod
    def from_saved(cls, data: dict[str, Any], rules: RuleSet, seed: int) -> GameSetup:
        levels = tuple(data.get("ai_levels", ("normal",) * 3))
        return cls(rules=rules, seed=seed, player_name=str(data.get("player_name", "Player")),
                   ai_levels=levels, demo=bool(data.get("demo", False)),  # type: ignore[arg-type]
                   bot_command=str(data.get("bot_command", "")), varied=data.get("varied") is True)
