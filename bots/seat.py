"""An mjai bot at a seat of Kawa's table, behind the agent protocol.

The seat sends the bot exactly what its seat may see (every event since its last answer, as mjai
messages with the others' tiles hidden), reads one action per decision and checks it against the
table's legal actions. A bot that answers late, answers something not allowed, or ends is
replaced by Kawa's AI at the same seat for the rest of the game; ``notice`` then says why, once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bots.process import BotError, BotProcess, parse_command
from game.ai import make_player
from game.logs.mjai_live import MjaiError, MjaiStream, for_seat, reaction_to_action
from game.table.actions import Action
from game.table.agent import Agent
from game.table.events import Event
from game.table.view import SeatView
from store.reading import parse_json

__all__ = ["MjaiBotSeat", "DEFAULT_TIME_LIMIT", "MJAI_PREFIX", "bot_name", "log_path", "make_seat"]

DEFAULT_TIME_LIMIT = 5.0
"""Seconds a bot may take over one decision."""


def bot_name(command: str | list[str]) -> str:
    """The name shown at the table: the program's file name, without folders or extension.

    >>> bot_name("/opt/bots/mortal/run.py --gpu 0"), bot_name(["akochan"]), bot_name("'my bot/run.py' -v")
    ('run', 'akochan', 'run')
    """
    try:
        argv = parse_command(command)
    except ValueError:
        argv = command.split() if isinstance(command, str) else list(command)
    return Path(argv[0]).stem[:20] or "bot" if argv else "bot"


def log_path(folder: Path, seat: int) -> Path:
    """Where a bot's standard error goes: one file per seat and start time."""
    return folder / "bots" / f"seat{seat}-{time.strftime('%Y%m%d-%H%M%S')}.log"


class MjaiBotSeat:
    """An mjai bot deciding for ``seat``; ``fallback`` decides once the bot has failed."""

    def __init__(self, command: str | list[str], seat: int, red_fives: bool, fallback: Agent,
                 time_limit: float = DEFAULT_TIME_LIMIT, log: Path | None = None) -> None:
        self.seat = seat
        self.name = bot_name(command)
        self.fallback = fallback
        self.time_limit = time_limit
        self.stream = MjaiStream(red_fives)
        self.events: list[Event] = []
        self.sent = 0
        self.notice: str | None = None
        self.notice_code: str | None = None
        """Why the bot was replaced, as a code: "cannot_start", "late", "ended" or "bad_answer"."""
        """Why the bot was replaced, set once when it is (the screen shows it)."""
        self.process: BotProcess | None = None
        try:
            self.process = BotProcess(command, log)
        except BotError as exc:
            self._replace(str(exc), exc.code)

    @property
    def replaced(self) -> bool:
        return self.process is None

    def observe(self, event: Event) -> None:
        self.events.append(event)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if self.process is not None:
            try:
                return self._ask(legal)
            except BotError as exc:
                self._replace(str(exc), exc.code)
            except MjaiError as exc:
                self._replace(str(exc), "bad_answer")
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
                self._replace(f"the answer cannot be used ({type(exc).__name__}: {str(exc)[:80]})", "bad_answer")
        return self.fallback.decide(view, legal)

    def interrupt(self) -> None:
        """Stop the bot at once, even mid-decision (the game is being left); ``close`` reaps it."""
        if self.process is not None:
            self.process.interrupt()

    def close(self) -> None:
        if self.process is not None:
            self.process.close()
            self.process = None
        self.fallback.close()

    def _ask(self, legal: Sequence[Action]) -> Action:
        messages = [for_seat(m, self.seat) for m in self.stream.messages(self.events)]
        answer = self._answer(messages)
        if answer.get("type") == "reach":
            reaction_to_action(answer, legal, self.stream)  # riichi must be on offer
            discard = self._answer([{"type": "reach", "actor": self.seat}])
            action = reaction_to_action(discard, legal, self.stream, after_reach=True)
        else:
            action = reaction_to_action(answer, legal, self.stream)
        assert action is not None
        return action

    def _answer(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        assert self.process is not None
        line = self.process.ask(json.dumps(messages, separators=(",", ":")), self.time_limit)
        try:
            answer = parse_json(line)
        except ValueError as exc:
            raise MjaiError(f"the answer is not JSON: {line[:80]!r} ({exc})") from None
        if not isinstance(answer, dict):
            raise MjaiError(f"the answer is not a JSON object: {line[:80]!r}")
        if answer.get("actor", self.seat) != self.seat and answer.get("type") != "none":
            raise MjaiError(f"the answer acts for seat {answer.get('actor')!r}, not {self.seat}")
        return answer

    def _replace(self, why: str, code: str) -> None:
        if self.process is not None:
            self.process.note(f"replaced by Kawa's AI: {why}")
            self.process.close()
            self.process = None
        if self.notice is None:
            self.notice, self.notice_code = why, code


MJAI_PREFIX = "mjai:"
"""A seat spec ``mjai:COMMAND`` seats the bot that COMMAND starts."""


def make_seat(spec: str, seed: int, seat: int, red_fives: bool, log_folder: Path | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT, fallback_level: str = "strong",
              personality: str | None = None) -> Agent:
    """The agent a seat spec names: an AI level (``easy``, ``normal``, ``strong``, with an
    optional personality) or an mjai bot."""
    if spec.startswith(MJAI_PREFIX):
        command = spec[len(MJAI_PREFIX):].strip()
        log = log_path(log_folder, seat) if log_folder is not None else None
        return MjaiBotSeat(command, seat, red_fives, make_player(fallback_level, seed, seat), time_limit, log)
    return make_player(spec, seed, seat, personality)
