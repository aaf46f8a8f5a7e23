"""The rule set: every rule and table option the engine reads, and the named presets.

The engine reads rules from a ``RuleSet`` and nothing else. ``ema`` is the default preset;
``tenhou`` reproduces the rules of the recorded real games; ``mahjongsoul`` comes as close as
these options allow to Mahjong Soul's ranked four-player half games (docs/PRESETS.md lists
each preset's values, their sources and what cannot be expressed).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

__all__ = [
    "RuleSet", "RuleError", "EMA", "TENHOU", "MAHJONGSOUL", "PRESETS", "preset",
    "ABORTIVE_DRAWS", "MULTI_RON_MODES", "GAME_LENGTHS", "PAO_YAKUMAN",
]

ABORTIVE_DRAWS = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
"""Nine terminals, four winds, four riichi, four kans, three rons."""

MULTI_RON_MODES = ("head_bump", "double", "triple", "triple_aborts")
"""Several rons on one discard: only the first in turn order from the discarder wins /
up to two win (a third is bumped) / all win / two win and three is an abortive draw."""

GAME_LENGTHS = ("single", "east", "south")
"""Single hand (ends on the first won hand), East round only, East + South."""

PAO_YAKUMAN = ("daisangen", "daisuushii")


class RuleError(ValueError):
    """A rule value outside its range, or an unknown rule or preset name."""


@dataclass(frozen=True)
class RuleSet:
    """Every rule of RULES.md as one immutable value."""

    name: str = "ema"
    # tiles and dora
    red_fives: bool = False
    kan_dora: bool = True
    kan_dora_delayed: bool = False
    """Open and added kans reveal their indicator after the kan's rinshan discard (closed: at once)."""
    ura_dora: bool = True
    kan_ura: bool = True
    # yaku and limits
    open_tanyao: bool = True
    kazoe_yakuman: bool = False
    """13+ han without a yakuman: a (kazoe) yakuman; otherwise sanbaiman."""
    cumulative_yakuman: bool = False
    """Several different yakuman in one hand add up; otherwise the hand counts once."""
    double_yakuman: bool = False
    """13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii pay a double yakuman."""
    renhou_mangan: bool = True
    kiriage: bool = False
    double_wind_pair_fu: int = 4
    # calls
    kuikae_allowed: bool = False
    pao: tuple[str, ...] = PAO_YAKUMAN
    # draws
    nagashi_mangan: bool = False
    abortive_draws: tuple[str, ...] = ()
    multi_ron: str = "triple"
    # riichi
    riichi_min_wall: int = 4
    """Tiles that must be left in the live wall to declare riichi."""
    # points and game flow
    start_points: int = 30000
    return_points: int = 30000
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)
    oka: bool = False
    """The top player also takes (return - start) x 4."""
    game_length: str = "south"
    west_extension: bool = False
    """While nobody holds the return points after the last planned hand, play on into the next wind
    (West after South 4, South after East 4) for one wind at most, each hand ending the game as the
    last planned hand does (a dealer who keeps the deal without leading plays on)."""
    bust: bool = False
    """A player below zero ends the game."""
    tie_break: bool = False
    """Extra hands until the tie for first is broken."""
    agari_yame: bool = False
    """The dealer leading after a win in the last hand ends the game there."""
    tenpai_yame: bool = False
    """With agari_yame: the leading dealer's tenpai at an exhaustive draw in the last hand also ends it."""
    call_timeout: int = 0
    """Seconds after which an offered call is passed; 0 = no time-out."""

    def __post_init__(self) -> None:
        bad = [a for a in self.abortive_draws if a not in ABORTIVE_DRAWS]
        if bad:
            raise RuleError(f"unknown abortive draw {bad[0]!r}; choose from {', '.join(ABORTIVE_DRAWS)}")
        if self.multi_ron not in MULTI_RON_MODES:
            raise RuleError(f"multi_ron {self.multi_ron!r}; choose from {', '.join(MULTI_RON_MODES)}")
        if self.game_length not in GAME_LENGTHS:
            raise RuleError(f"game_length {self.game_length!r}; choose from {', '.join(GAME_LENGTHS)}")
        bad = [p for p in self.pao if p not in PAO_YAKUMAN]
        if bad:
            raise RuleError(f"pao {bad[0]!r}; choose from {', '.join(PAO_YAKUMAN)}")
        if self.start_points not in (20000, 25000, 30000):
            raise RuleError(f"start_points {self.start_points}; choose 20000, 25000 or 30000")
        if self.double_wind_pair_fu not in (2, 4):
            raise RuleError(f"double_wind_pair_fu {self.double_wind_pair_fu}; choose 2 or 4")
        if not 0 <= self.riichi_min_wall <= 70:
            raise RuleError(f"riichi_min_wall {self.riichi_min_wall} out of range")
        if self.call_timeout < 0:
            raise RuleError(f"call_timeout {self.call_timeout} must be 0 (off) or a number of seconds")
        if sum(self.uma) != 0:
            raise RuleError(f"uma {self.uma} must add up to 0")

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed; an unknown name is refused."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise RuleError(f"unknown rule {unknown[0]!r}")
        for key in ("abortive_draws", "pao", "uma"):
            if key in changes:
                changes[key] = tuple(changes[key])
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (tuples become lists)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """The inverse of ``to_dict``; unknown keys and bad values are refused."""
        if not isinstance(data, dict):
            raise RuleError("rules must be a JSON object")
        return cls().with_options(**data)


EMA = RuleSet()

TENHOU = RuleSet(
    name="tenhou",
    red_fives=True,
    kan_dora_delayed=True,
    kazoe_yakuman=True,
    cumulative_yakuman=True,
    renhou_mangan=False,
    nagashi_mangan=True,
    abortive_draws=ABORTIVE_DRAWS,
    multi_ron="triple_aborts",
    start_points=25000,
    return_points=30000,
    uma=(20000, 10000, -10000, -20000),
    oka=True,
    west_extension=True,
    bust=True,
    agari_yame=True,
    tenpai_yame=True,
)

MAHJONGSOUL = RuleSet(
    name="mahjongsoul",
    red_fives=True,
    kan_dora_delayed=True,
    kazoe_yakuman=True,
    cumulative_yakuman=True,
    double_yakuman=True,
    renhou_mangan=False,
    nagashi_mangan=True,
    abortive_draws=("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan"),
    multi_ron="triple",
    start_points=25000,
    return_points=30000,
    uma=(15000, 5000, -5000, -15000),
    west_extension=True,
    bust=True,
    agari_yame=True,
    tenpai_yame=True,
)
"""Mahjong Soul's ranked four-player half game: no kiriage, no renhou, triple ron stands, West
sudden death below 30,000; final points count from 30,000 without oka (docs/PRESETS.md says why)."""

PRESETS: dict[str, RuleSet] = {"ema": EMA, "tenhou": TENHOU, "mahjongsoul": MAHJONGSOUL}


def preset(name: str) -> RuleSet:
    """The named preset; an unknown name is refused with the choices."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleError(f"unknown preset {name!r}; choose from {', '.join(PRESETS)}") from None

