"""Positions met in self-played games: where the drills take their problems from.

Four normal-level AI seats play seeded games; a drill looks at seat 0 before each of its
discards (``discard_turns``) or at every win (``wins``). The search is bounded: after
``MAX_HANDS`` hands without a match the drill is told so (``NoPosition``).

>>> view = next(discard_turns(5))
>>> view.seat, view.drawn is not None
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator
from typing import TypeVar

from game.ai import make_player
from game.rules import RuleSet
from game.table import Game, SeatView
from game.table.events import Won

__all__ = ["SEAT", "MAX_HANDS", "NoPosition", "discard_turns", "wins", "check_level", "pick"]

SEAT = 0
"""The seat whose turns the drills ask about."""
MAX_HANDS = 400
"""Hands a search may play before it gives up."""
LEVEL = "normal"


class NoPosition(RuntimeError):
    """No position of the kind asked for was met within ``MAX_HANDS`` hands."""


T = TypeVar("T")


def check_level(level: str, levels: Collection[str]) -> None:
    """ValueError naming the levels when ``level`` is not one of them."""
    if level not in levels:
        raise ValueError(f"drill level {level!r}; choose from {', '.join(levels)}")


def pick(found: Iterable[T | None], drill: str, seed: int, level: str) -> T:
    """One of the first three problems ``found`` yields (None where a position did not fit), chosen by
    the seed, so that neighbouring seeds do not all take the first position of the same games.

    >>> pick(iter([None, 1, 2, 3]), "demo", 5, "easy") in (1, 2, 3)
    True
    """
    skip = random.Random(f"kawa-{drill}/{seed}/{level}").randrange(3)
    for problem in found:
        if problem is None:
            continue
        if not skip:
            return problem
        skip -= 1
    raise NoPosition(f"no {level} {drill} problem was found")


def _games(seed: int, rules: RuleSet | None) -> Iterator[tuple[Game, list]]:
    rng = random.Random(f"kawa-drill/{seed}")
    while True:
        game_seed = rng.randrange(1, 2**31)
        yield Game(rules or RuleSet(), game_seed), [make_player(LEVEL, game_seed, s) for s in range(4)]


def _play(seed: int, rules: RuleSet | None) -> Iterator[tuple[Game, SeatView | None, list]]:
    """Every decision of every seat, then the events it caused: ``(game, view, [])`` before a
    decision, ``(game, None, events)`` after it; at most ``MAX_HANDS`` hands."""
    hands = 0
    for game, players in _games(seed, rules):
        while not game.finished:
            seat = game.waiting_seats()[0]
            view = game.view(seat)
            yield game, view, []
            events = game.apply(seat, players[seat].decide(view, view.legal_actions))
            yield game, None, events
            if any(e.type in ("won", "drawn_hand") for e in events):
                hands += 1
                if hands >= MAX_HANDS:
                    raise NoPosition(f"no position found in {MAX_HANDS} self-played hands")


def discard_turns(seed: int, rules: RuleSet | None = None) -> Iterator[SeatView]:
    """Seat 0's view each time it has drawn and must discard, game after game."""
    for _game, view, _events in _play(seed, rules):
        if view is not None and view.seat == SEAT and view.drawn is not None \
                and any(a.type == "discard" for a in view.legal_actions):
            yield view


def wins(seed: int, rules: RuleSet | None = None) -> Iterator[tuple[Won, SeatView]]:
    """Every win of any seat, with the winner's view just before it."""
    before: dict[int, SeatView] = {}
    for _game, view, events in _play(seed, rules):
        if view is not None:
            before[view.seat] = view
            continue
        for event in events:
            if isinstance(event, Won):
                yield event, before[event.seat]
