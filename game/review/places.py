"""Where each reviewed decision stands among a record's positions (``game.logs.positions``), so a viewer
can show the moment the seat chose: the hand's index in the record and the position's index in the hand.

A decision is a position at which the seat is offered at least two actions other than a tenpai
declaration, as ``review_game`` counts them; a hand's decisions are laid on its such positions in order.
"""

from __future__ import annotations

from collections.abc import Callable

from game.logs.positions import Position
from game.logs.record import RecordedGame
from game.review.review import Decision, same_choice

__all__ = ["Place", "decision_places", "choice_positions"]

Place = tuple[int, int]
"""(hand index in the record, position index in that hand)."""
_SKIPPED = {"tenpai", "noten"}


def choice_positions(positions: list[Position], seat: int) -> list[int]:
    """The indices of the positions at which ``seat`` has a choice to make."""
    found = []
    for i, pos in enumerate(positions):
        legal = [a for a in pos.views[seat].legal_actions if a.type not in _SKIPPED]
        if pos.result is None and len(legal) >= 2:
            found.append(i)
    return found


def _hand_of(record: RecordedGame, d: Decision, start: int) -> int | None:
    """The first hand from ``start`` on that is the decision's (round, hand and honba)."""
    return next((k for k in range(start, len(record.hands))
                 if (record.hands[k].hand_index, record.hands[k].honba) == (d.hand_index, d.honba)), None)


def decision_places(record: RecordedGame, decisions: list[Decision], seat: int,
                    positions: Callable[[int], list[Position]]) -> list[Place | None]:
    """Each decision's place (None where the positions hold no such choice), in the decisions' order;
    ``positions(k)`` gives hand ``k``'s positions."""
    places: list[Place | None] = []
    hand, choices, used = 0, [], 0
    current: int | None = None
    for d in decisions:
        k = _hand_of(record, d, hand)
        if k is None:
            places.append(None)
            continue
        if k != current:
            current, hand, used = k, k, 0
            shown = positions(k)
            choices = [(i, shown[i]) for i in choice_positions(shown, seat)]
        while used < len(choices) and not any(same_choice(a, d.actual)
                                              for a in choices[used][1].views[seat].legal_actions):
            used += 1  # a choice the review did not judge (the table refused it): not this decision's
        if used < len(choices):
            places.append((k, choices[used][0]))
            used += 1
        else:
            places.append(None)
    return places
