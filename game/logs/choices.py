"""Every decision the players of a record took, each with the deciding seat's view.

The record is replayed through Kawa's own table (``replay.replay_game``); just before each
recorded action is applied, the acting seat's view and legal actions are taken, so a decision
holds exactly what that seat could know when it chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.logs.record import RecordedGame
from game.logs.replay import replay_game
from game.table import Action, Event, Game
from game.table.view import SeatView

__all__ = ["Choice", "choices_of"]


@dataclass(frozen=True)
class Choice:
    """One decision a seat took in a record: its view, what it could do, what it did."""

    hand: int
    """The hand's number in the record (0 for the first)."""
    view: SeatView
    legal: tuple[Action, ...]
    taken: Action


def choices_of(record: RecordedGame) -> list[Choice]:
    """The decisions (more than one legal action) of every seat of a record, in order; a
    hand the table cannot follow ends its decisions where it stopped following."""
    found: list[Choice] = []
    hands = [0]

    class Watched(Game):
        def apply(self, seat: int, action: Action) -> list[Event]:
            legal = self.legal_actions(seat)
            if len(legal) > 1 and self.hand is not None:
                found.append(Choice(hands[0], self.view(seat), tuple(legal), action))
            return super().apply(seat, action)

    def counted(done: int, _total: int) -> None:
        hands[0] = done

    replay_game(record, table=Watched, after_hand=counted)
    return found
