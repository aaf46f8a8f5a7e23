"""The table: walls, actions, events and the state machine that plays whole games.

The value types load without the state machine, so a bot, a record reader or a screen can
speak in actions and events without loading the rules of play:

>>> from game.table import Action, Event
>>> Action("discard", tile=12).type
'discard'

``Game`` and the other names load their module the first time they are asked for.
"""

from __future__ import annotations

import sys

from game.public import loader

PUBLIC: dict[str, str] = {
    "ACTION_TYPES": "game.table.actions",
    "Action": "game.table.actions",
    "IllegalAction": "game.table.actions",
    "EVENT_TYPES": "game.table.events",
    "Event": "game.table.events",
    "Agent": "game.table.agent",
    "SeatView": "game.table.view",
    "Game": "game.table.game",
    "Wall": "game.table.wall",
}
"""Each public name and the module it lives in."""

__all__ = sorted(PUBLIC)

__getattr__ = loader(sys.modules[__name__], PUBLIC)
