"""Who decides for a seat: anything that, shown the seat's view and its legal actions, picks one.

The built-in AI (``game.ai.make_player``), an mjai bot process, a coach and the person at the
screen are interchangeable behind this protocol; the table never asks who is deciding.

>>> from game.ai import make_player
>>> from game.rules import TENHOU
>>> from game.table import Game
>>> game = Game(TENHOU, seed=1)
>>> agent: Agent = make_player("easy", seed=1, seat=0)
>>> view = game.view(0)
>>> agent.decide(view, view.legal_actions) in view.legal_actions
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from game.table.actions import Action
from game.table.events import Event
from game.table.view import SeatView

__all__ = ["Agent"]


@runtime_checkable
class Agent(Protocol):
    """Decides for one seat from what that seat may know."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (the seat's menu, also ``view.legal_actions``)."""
        ...

    def observe(self, event: Event) -> None:
        """An event as the seat sees it (every event of the game, in order); may ignore it."""
        ...

    def close(self) -> None:
        """The game is over or abandoned: let go of anything held (a process, a file)."""
        ...
