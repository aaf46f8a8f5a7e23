"""`python main.py score FILE.jsonl [--preset ema|tenhou|mahjongsoul]`: score hands written as JSON lines.

Each input line is a case in the neutral format of the scoring test vectors (mpsz tiles,
situational flags, winds, indicators, honba, sticks, and a ``rules`` object whose ``aka``,
``open_tanyao``, ``double_yakuman``, ``kazoe`` and ``kiriage`` override the preset). Each
output line holds the case's id and its score; a bad line gets an error message and the
rest are still scored.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.rules import PRESETS, RuleSet, preset
from game.scoring.cases import CaseInput, case_rules, parse_case
from game.scoring.score import HandScore, NoYaku, score_hand
from cli.json_lines import answer_lines
from store.reading import parse_json

__all__ = ["CaseInput", "case_rules", "parse_case", "score_case", "score_row", "error_row", "add_arguments", "run"]


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
