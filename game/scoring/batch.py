"""Many hands at once: scores for the review, the drills and the AI, shanten for analysis.

``score_many`` takes cases in the neutral format (mappings, see ``game.scoring.cases``) or
ready ``score_hand`` arguments, and gives one answer per case in order: its ``HandScore``,
or the error that kept it from having one (``NoYaku``, ``NotComplete``, ``ScoringError``,
or ``ValueError`` for a malformed case), so one bad case never stops the rest. Rule sets
are shared between cases, and the scorer's tables are built once and kept for the batch.

>>> from game.rules import EMA
>>> answers = score_many([
...     {"hand": "123m456p789s234m55s", "win_tile": "4m", "tsumo": True, "riichi": True},
...     {"hand": "123m456p789s234m55s", "win_tile": "4m", "seat_wind": "S", "rules": {"aka": True}},
...     {"hand": "123m456p789s234m59s", "win_tile": "4m"},
...     {"hand": "123m456p789s234m5", "win_tile": "4m"},
... ], EMA)
>>> [(a.han, a.fu, a.payment.total) for a in answers[:2]]
[(3, 20, 3900), (1, 30, 1000)]
>>> [type(a).__name__ for a in answers]
['HandScore', 'HandScore', 'NotComplete', 'TileParseError']

``shanten_many`` gives the shanten of many hands (mpsz text or 34-count lists):

>>> shanten_many(["123m456p789s234m5s", "19m19p19s1234567z", "147m258p369s1234z"])
[0, 0, 6]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.hand.shanten import shanten
from game.rules import EMA, RuleSet
from game.scoring.cases import CaseInput, parse_case
from game.scoring.score import HandScore, ScoringError, score_hand
from game.tiles import counts_of, parse_kinds

__all__ = ["Answer", "score_many", "shanten_many"]

Answer = HandScore | ScoringError | ValueError
"""A case's score, or the error that kept it from having one."""


def score_many(cases: Iterable[Mapping[str, Any] | CaseInput], base: RuleSet = EMA) -> list[Answer]:
    """One answer per case, in order: a mapping is read in the neutral format over ``base``;
    a tuple is taken as ``score_hand``'s arguments as they are."""
    answers: list[Answer] = []
    append = answers.append
    for case in cases:
        try:
            args = parse_case(case, base) if isinstance(case, Mapping) else case
            append(score_hand(*args))
        except (ScoringError, ValueError) as exc:
            append(exc)
        except (TypeError, AttributeError) as exc:  # a field of the wrong shape
            append(ValueError(f"bad case: {exc}"))
    return answers


def shanten_many(hands: Iterable[str | Sequence[int]]) -> list[int]:
    """The shanten (the best of the three forms) of each hand; ValueError for a bad one."""
    return [shanten(counts_of(parse_kinds(hand)) if isinstance(hand, str) else hand) for hand in hands]
