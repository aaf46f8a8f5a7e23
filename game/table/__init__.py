"""The table: walls, actions, events and the state machine that plays whole games."""

from game.table.actions import ACTION_TYPES, Action, IllegalAction
from game.table.events import EVENT_TYPES, Event
from game.table.game import Game
from game.table.view import SeatView
from game.table.agent import Agent
from game.table.wall import Wall

__all__ = ["ACTION_TYPES", "Action", "Agent", "IllegalAction", "EVENT_TYPES", "Event", "Game", "SeatView", "Wall"]
