"""`python main.py score FILE.jsonl [--preset ema|tenhou]`: score hands written as JSON lines.

Each input line is a case in the neutral format of the scoring test vectors (mpsz tiles,
situational flags, winds, indicators, honba, sticks, and a ``rules`` object whose ``aka``,
``open_tanyao``, ``double_yakuman``, ``kazoe`` and ``kiriage`` override the preset). Each
output line holds the case's id and its score; a bad line gets an error message and the
rest are still scored.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.melds import Meld
from game.rules import PRESETS, RuleSet, preset
from game.scoring.score import HandScore, NoYaku, WinContext, score_hand
from game.tiles import EAST, KINDS, NORTH, SOUTH, WEST, is_red, parse_kinds, parse_tiles
from cli.json_lines import answer_lines
from store.reading import parse_json, strict_bool, strict_int

__all__ = ["CaseInput", "case_rules", "parse_case", "score_case", "score_row", "error_row", "add_arguments", "run"]

WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_TYPES = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "daiminkan": "daiminkan",
              "shouminkan": "shouminkan", "ankan": "ankan"}
RULE_FIELDS = {"aka": "red_fives", "open_tanyao": "open_tanyao", "double_yakuman": "double_yakuman",
               "kazoe": "kazoe_yakuman", "kiriage": "kiriage"}
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
         "tenhou", "chiihou", "renhou")

CaseInput = tuple[list[int], list[Meld], int, WinContext, RuleSet]
"""(concealed tiles, melds, winning tile, context, rules): the arguments of ``score_hand``."""


def case_rules(case: dict[str, Any], base: RuleSet) -> RuleSet:
    """The preset with the case's ``rules`` object applied (each distinct one built once)."""
    given = case.get("rules") or {}
    try:
        rules = _RULES_SEEN[base, tuple(given.items())]  # a file has few distinct rule objects
        if all(v is True or v is False for v in given.values()):  # 1 == True as a key
            return rules
    except (KeyError, AttributeError, TypeError):
        pass
    if not isinstance(given, dict):
        raise ValueError("rules must be an object")
    unknown = sorted(set(given) - set(RULE_FIELDS))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r} (known: {', '.join(RULE_FIELDS)})")
    changes = {RULE_FIELDS[k]: strict_bool(v, f"rules.{k}") for k, v in given.items()}
    rules = _RULES_SEEN[base, tuple(given.items())] = base.with_options(**changes)
    return rules


_RULES_SEEN: dict[tuple[RuleSet, tuple[tuple[str, Any], ...]], RuleSet] = {}
"""(preset, the rules object's items in file order) -> the rule set; only booleans get in."""

_ONE_TILE = {name: kind for kind, name in enumerate(KINDS)} | {"0m": 4, "0p": 13, "0s": 22}
"""A single tile's mpsz name -> its kind (a red five is a 5)."""


def _win_tile(text: str, concealed: list[int], aka: bool) -> int:
    kind = _ONE_TILE.get(text)
    if kind is None:
        kinds = parse_kinds(text)
        if len(kinds) != 1:
            raise ValueError(f"win_tile {text!r} must be one tile")
        kind = kinds[0]
    want_red = text.strip().startswith("0")
    same = [t for t in concealed if t >> 2 == kind]
    if not same:
        raise ValueError(f"win_tile {text!r} is not in the hand")
    if aka:
        exact = [t for t in same if is_red(t) == want_red]
        if exact:
            return exact[0]
    return same[0]


def _wind(case: dict[str, Any], key: str) -> int:
    letter = case.get(key, "E")
    if letter not in WIND_LETTERS:
        raise ValueError(f"{key} {letter!r}: use E, S, W or N")
    return WIND_LETTERS[letter]


def _flags(case: dict[str, Any]) -> dict[str, bool]:
    """The situational flags, each a JSON true or false (absent: false)."""
    get = case.get
    flags = {name: get(name, False) for name in FLAGS}
    for name, value in flags.items():
        if value is not True and value is not False:
            strict_bool(value, name)  # names the field
    return flags


def parse_case(case: dict[str, Any], base: RuleSet) -> CaseInput:
    """The arguments of ``score_hand`` for one case; ValueError for bad input.

    Each field is read once, straight into tiles; rule sets are shared between cases.
    """
    if not isinstance(case, dict):
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
    win_tile = _win_tile(str(get("win_tile", "")), concealed, aka)
    dora_text = str(get("dora_indicators", ""))
    dora = parse_tiles(dora_text, aka=aka, taken=used) if dora_text else []
    ura_text = str(get("ura_indicators", ""))
    ura = parse_tiles(ura_text, aka=aka, taken=used + dora) if ura_text else []
    honba, sticks = get("honba", 0), get("riichi_sticks", 0)
    if type(honba) is not int or not 0 <= honba <= 999:
        strict_int(honba, "honba", 0, 999)
    if type(sticks) is not int or not 0 <= sticks <= 999:
        strict_int(sticks, "riichi_sticks", 0, 999)
    ctx = WinContext(**_flags(case), seat_wind=_wind(case, "seat_wind"), round_wind=_wind(case, "round_wind"),
                     dora_indicators=tuple(dora), ura_indicators=tuple(ura), honba=honba, riichi_sticks=sticks)
    return concealed, melds, win_tile, ctx, rules


def score_case(case: dict[str, Any], base: RuleSet) -> HandScore:
    """Parse and score one case (raises ValueError, NoYaku and NotComplete)."""
    return score_hand(*parse_case(case, base))


def score_row(case_id: Any, score: HandScore) -> dict[str, Any]:
    """One output line for a scored hand."""
    return {
        "id": case_id, "error": None, "han": score.han, "fu": score.fu,
        "yaku": sorted(y.name for y in score.yaku), "yaku_han": {y.name: y.han for y in score.yaku},
        "dora": score.dora, "aka": score.aka, "ura": score.ura,
        "yakuman_count": score.yakuman_count, "limit": score.limit,
        "payment": score.payment.to_dict(), "total_with_honba": score.total_with_honba,
        "total_with_honba_and_sticks": score.total_with_honba_and_sticks,
        "fu_lines": [{"fu": line.fu, "reason": line.reason} for line in score.fu_lines],
    }


def error_row(case_id: Any, error: str) -> dict[str, Any]:
    """One output line for a hand without a score."""
    return {
        "id": case_id, "error": error, "han": 0, "fu": 0, "yaku": [], "yaku_han": {},
        "dora": 0, "aka": 0, "ura": 0, "yakuman_count": 0, "limit": None, "payment": None,
        "total_with_honba": 0, "total_with_honba_and_sticks": 0, "fu_lines": [],
    }


def score_value(case: Any, base: RuleSet, number: int) -> dict[str, Any]:
    """Score one parsed line; every failure becomes an error row."""
    case_id: Any = f"line {number}"
    try:
        if isinstance(case, dict):
            case_id = case.get("id", case_id)
        return score_row(case_id, score_case(case, base))
    except NoYaku:
        return error_row(case_id, "no_yaku")
    except (ValueError, TypeError, AttributeError) as exc:
        return error_row(case_id, f"bad input: {exc}")


def score_line(line: str, base: RuleSet, number: int) -> dict[str, Any]:
    """Score one JSON line of text; every failure becomes an error row."""
    try:
        case = parse_json(line)
    except ValueError as exc:
        return error_row(f"line {number}", f"bad input: {exc}")
    return score_value(case, base, number)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="JSON-lines file of cases ('-' reads standard input)")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="ema",
                        help="rule preset; a case's rules object overrides its matching fields")


def run(args: argparse.Namespace) -> int:
    base = preset(args.preset)

    def answer(number: int, case: Any, error: str | None) -> dict[str, Any]:
        return error_row(f"line {number}", f"bad input: {error}") if error else score_value(case, base, number)
    return answer_lines(args.file, answer, lambda row: str(row["error"] or "").startswith("bad input"))
