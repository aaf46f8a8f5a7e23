"""Hands to score written in the neutral case format (the scoring test vectors' JSON fields).

A case is a mapping: ``hand`` (mpsz, the winning tile included, kan tiles excluded),
``melds`` (``{"type": "chi|pon|kan|daiminkan|shouminkan|ankan", "tiles": mpsz}``),
``win_tile``, the situational flags (``tsumo``, ``riichi``...), ``seat_wind`` and
``round_wind`` (E, S, W, N), ``dora_indicators`` and ``ura_indicators`` (mpsz), ``honba``,
``riichi_sticks`` and a ``rules`` object whose ``aka``, ``open_tanyao``, ``double_yakuman``,
``kazoe`` and ``kiriage`` override the base rule set. ``parse_case`` reads each field once,
straight into tile ids; rule sets are built once per distinct ``rules`` object and shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.melds import Meld
from game.rules import RuleSet
from game.scoring.score import WinContext
from game.tiles import EAST, KINDS, NORTH, SOUTH, WEST, parse_kinds, parse_tiles

__all__ = ["CaseInput", "case_rules", "parse_case", "WIND_LETTERS", "MELD_TYPES", "RULE_FIELDS", "FLAGS"]


def strict_bool(value: Any, name: str) -> bool:
    """A JSON true/false; ValueError naming the field otherwise (no "yes", no 1)."""
    if value is not True and value is not False:
        raise ValueError(f"{name} must be true or false, not {value!r:.40}")
    return value


def strict_int(value: Any, name: str, low: int, high: int) -> int:
    """A JSON whole number within [low, high]; ValueError naming the field otherwise."""
    if type(value) is not int:
        raise ValueError(f"{name} must be a whole number, not {value!r:.40}")
    if not low <= value <= high:
        raise ValueError(f"{name} {value} is out of range ({low} to {high})")
    return value


WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_TYPES = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "daiminkan": "daiminkan",
              "shouminkan": "shouminkan", "ankan": "ankan"}
RULE_FIELDS = {"aka": "red_fives", "open_tanyao": "open_tanyao", "double_yakuman": "double_yakuman",
               "kazoe": "kazoe_yakuman", "kiriage": "kiriage"}
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
         "tenhou", "chiihou", "renhou")

CaseInput = tuple[list[int], list[Meld], int, WinContext, RuleSet]
"""(concealed tiles, melds, winning tile, context, rules): the arguments of ``score_hand``."""


def case_rules(case: Mapping[str, Any], base: RuleSet) -> RuleSet:
    """The preset with the case's ``rules`` object applied (each distinct one built once)."""
    given = case.get("rules") or {}
    if not isinstance(given, dict):
        raise ValueError("rules must be an object")
    unknown = sorted(set(given) - set(RULE_FIELDS))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r} (known: {', '.join(RULE_FIELDS)})")
    changes = tuple((RULE_FIELDS[k], strict_bool(v, f"rules.{k}")) for k, v in given.items())
    rules = _RULES_SEEN.get((base, changes))
    if rules is None:
        rules = _RULES_SEEN[base, changes] = base.with_options(**dict(changes))
    return rules


_RULES_SEEN: dict[tuple[RuleSet, tuple[tuple[str, bool], ...]], RuleSet] = {}
"""(preset, the checked changes in file order) -> the rule set (a file has few distinct rule objects)."""

_ONE_TILE = {name: kind for kind, name in enumerate(KINDS)} | {"0m": 4, "0p": 13, "0s": 22}
"""A single tile's mpsz name -> its kind (a red five is a 5)."""


def _win_tile(text: str, concealed: list[int]) -> int:
    """The hand's first tile of the winning kind: only the kind matters to the score (a red
    five counts as dora wherever it sits in the hand)."""
    kind = _ONE_TILE.get(text)
    if kind is None:
        kinds = parse_kinds(text)
        if len(kinds) != 1:
            raise ValueError(f"win_tile {text!r} must be one tile")
        kind = kinds[0]
    for tile in concealed:
        if tile >> 2 == kind:
            return tile
    raise ValueError(f"win_tile {text!r} is not in the hand")


def _wind(case: Mapping[str, Any], key: str) -> int:
    letter = case.get(key, "E")
    if letter not in WIND_LETTERS:
        raise ValueError(f"{key} {letter!r}: use E, S, W or N")
    return WIND_LETTERS[letter]


def _flags(case: Mapping[str, Any]) -> dict[str, bool]:
    """The situational flags, each a JSON true or false (absent: false)."""
    get = case.get
    return {name: strict_bool(get(name, False), name) for name in FLAGS}


def parse_case(case: Mapping[str, Any], base: RuleSet) -> CaseInput:
    """The arguments of ``score_hand`` for one case; ValueError for bad input.

    Each field is read once, straight into tiles; rule sets are shared between cases.
    """
    if not isinstance(case, Mapping):
        raise ValueError("a case must be a JSON object")
    rules = case_rules(case, base)
    aka = rules.red_fives
    get = case.get
    concealed = parse_tiles(str(get("hand", "")), aka=aka)
    used = concealed
    melds: list[Meld] = []
    given_melds = get("melds")
    if given_melds:
        used = list(concealed)
        for item in given_melds:
            kind = MELD_TYPES.get(item.get("type"))
            if kind is None:
                raise ValueError(f"unknown meld type {item.get('type')!r}")
            tiles = parse_tiles(str(item.get("tiles", "")), aka=aka, taken=used)
            used.extend(tiles)
            melds.append(Meld(kind, tuple(tiles)))
    win_tile = _win_tile(str(get("win_tile", "")), concealed)
    dora = parse_tiles(str(get("dora_indicators", "")), aka=aka, taken=used)
    ura = parse_tiles(str(get("ura_indicators", "")), aka=aka, taken=used + dora)
    honba = strict_int(get("honba", 0), "honba", 0, 999)
    sticks = strict_int(get("riichi_sticks", 0), "riichi_sticks", 0, 999)
    ctx = WinContext(**_flags(case), seat_wind=_wind(case, "seat_wind"), round_wind=_wind(case, "round_wind"),
                     dora_indicators=tuple(dora), ura_indicators=tuple(ura), honba=honba, riichi_sticks=sticks)
    return concealed, melds, win_tile, ctx, rules
