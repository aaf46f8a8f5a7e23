"""The table's questions to hand analysis and scoring: waits, tenpai, and whether a win scores."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.melds import Meld
from game.rules import RuleSet
from game.scoring.score import HandScore, ScoringError, WinContext, score_hand
from game.hand.shanten import is_complete, shanten, shanten_kokushi, waits
from game.tiles import NUM_KINDS, is_terminal_or_honor

__all__ = ["hand_counts", "waits_of", "shanten_of", "is_tenpai", "can_complete", "try_score", "kokushi_tenpai",
           "terminal_honor_kinds", "jsonable", "score_dict", "WinContext", "HandScore"]


def hand_counts(tiles: list[int]) -> list[int]:
    """A 34-count list of physical tiles."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t >> 2] += 1
    return counts


# Both caches are kept small: few hands come back once a few thousand others have passed, and the full
# collection at each game's end (game.ai.pauses) walks every entry a cache holds.
@lru_cache(maxsize=2048)
def _waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    if sum(counts) % 3 == 1 and _shanten(counts) != 0:
        return ()  # not tenpai, so no waits: what ``waits`` says, from one look at the hand instead of two
    return tuple(waits(list(counts)))


@lru_cache(maxsize=2048)
def _shanten(counts: tuple[int, ...]) -> int:
    return shanten(list(counts))


_WAITS_BY_TILES: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Waits by the tiles as held: a seat's hand is asked about at every other seat's discard
while it stays the same list, so this skips counting it again (emptied when full: only the
hands held now come back, so a small dict does, and the collection at each game's end walks less)."""
_BY_TILES_LIMIT = 1 << 12


def waits_of(tiles: list[int]) -> list[int]:
    """Kinds that complete a 3n+1 concealed hand."""
    key = tuple(tiles)
    found = _WAITS_BY_TILES.get(key)
    if found is None:
        if len(_WAITS_BY_TILES) >= _BY_TILES_LIMIT:
            _WAITS_BY_TILES.clear()
        found = _WAITS_BY_TILES[key] = _waits(tuple(hand_counts(tiles)))
    return list(found)


def shanten_of(tiles: list[int]) -> int:
    return _shanten(tuple(hand_counts(tiles)))


def is_tenpai(tiles: list[int]) -> bool:
    """Shanten 0 for a 3n+1 hand (formal tenpai, whatever the waits)."""
    return shanten_of(tiles) == 0


def can_complete(tiles: list[int]) -> bool:
    """A 3n+2 hand that is complete."""
    return is_complete(hand_counts(tiles))


def kokushi_tenpai(tiles: list[int]) -> bool:
    return len(tiles) == 13 and shanten_kokushi(hand_counts(tiles)) == 0


def terminal_honor_kinds(tiles: list[int]) -> int:
    """How many different terminal and honour kinds a hand holds."""
    return len({t >> 2 for t in tiles if is_terminal_or_honor(t >> 2)})


def try_score(concealed: list[int], melds: list[Meld], win_tile: int, ctx: WinContext,
              rules: RuleSet) -> HandScore | None:
    """The score of a win, or None where the hand is not complete or has no yaku."""
    if not is_complete(hand_counts(concealed)):
        return None
    try:
        return score_hand(concealed, melds, win_tile, ctx, rules)
    except ScoringError:
        return None


def score_dict(score: HandScore) -> dict[str, Any]:
    """The full scoring of a win as JSON-ready values (for the won event and logs)."""
    payment = score.payment
    return {
        "han": score.han, "fu": score.fu, "yaku": [[y.name, y.han] for y in score.yaku],
        "dora": score.dora, "aka": score.aka, "ura": score.ura, "yakuman_count": score.yakuman_count,
        "limit": score.limit, "fu_lines": [[line.fu, line.reason] for line in score.fu_lines],
        "payment": {"base_points": payment.base_points, "ron": payment.ron, "tsumo_dealer": payment.tsumo_dealer,
                    "tsumo_nondealer": payment.tsumo_nondealer, "total": payment.total},
        "total_with_honba": score.total_with_honba, "total_with_honba_and_sticks": score.total_with_honba_and_sticks,
        "wait": score.wait,
    }


def jsonable(value: Any) -> Any:
    """Tuples and dicts (keys as text) as plain JSON values."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
