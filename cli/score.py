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
from game.tiles import EAST, NORTH, SOUTH, WEST, is_red, kind_of, parse_kinds, parse_tiles
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
    """The preset with the case's ``rules`` object applied."""
    given = case.get("rules") or {}
    if not isinstance(given, dict):
        raise ValueError("rules must be an object")
    unknown = sorted(set(given) - set(RULE_FIELDS))
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r} (known: {', '.join(RULE_FIELDS)})")
    changes = tuple(sorted((RULE_FIELDS[k], strict_bool(v, f"rules.{k}")) for k, v in given.items()))
    key = (base, changes)
    if key not in _RULES_SEEN:  # a file has few distinct rule sets: build each once
        _RULES_SEEN[key] = base.with_options(**dict(changes))
    return _RULES_SEEN[key]


_RULES_SEEN: dict[tuple[RuleSet, tuple[tuple[str, bool], ...]], RuleSet] = {}


def _win_tile(text: str, concealed: list[int], aka: bool) -> int:
    kind = parse_kinds(text)
    if len(kind) != 1:
        raise ValueError(f"win_tile {text!r} must be one tile")
    want_red = text.strip().startswith("0")
    same = [t for t in concealed if kind_of(t) == kind[0]]
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


def parse_case(case: dict[str, Any], base: RuleSet) -> CaseInput:
    """The arguments of ``score_hand`` for one case; ValueError for bad input."""
    if not isinstance(case, dict):
        raise ValueError("a case must be a JSON object")
    rules = case_rules(case, base)
    aka = rules.red_fives
    concealed = parse_tiles(str(case.get("hand", "")), aka=aka)
    used = list(concealed)
    melds: list[Meld] = []
    for item in case.get("melds") or []:
        kind = MELD_TYPES.get(item.get("type"))
        if kind is None:
            raise ValueError(f"unknown meld type {item.get('type')!r}")
        tiles = parse_tiles(str(item.get("tiles", "")), aka=aka, taken=used)
        used.extend(tiles)
        melds.append(Meld(kind, tuple(tiles)))
    win_tile = _win_tile(str(case.get("win_tile", "")), concealed, aka)
    dora = parse_tiles(str(case.get("dora_indicators", "")), aka=aka, taken=used)
    used.extend(dora)
    ura = parse_tiles(str(case.get("ura_indicators", "")), aka=aka, taken=used)
    flags = {name: strict_bool(case.get(name, False), name) for name in FLAGS}
    ctx = WinContext(**flags, seat_wind=_wind(case, "seat_wind"), round_wind=_wind(case, "round_wind"),
                     dora_indicators=tuple(dora), ura_indicators=tuple(ura),
                     honba=strict_int(case.get("honba", 0), "honba", 0, 999),
                     riichi_sticks=strict_int(case.get("riichi_sticks", 0), "riichi_sticks", 0, 999))
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
