"""A game in play: the engine and the AI run on a worker thread; the screen reads Steps.

The worker owns the ``Game``: it asks the AI seats for their decisions, applies them, saves
the game after every action and hands the screen a ``Step`` (the events the player may see
and the player's view after them). When the player has a decision it sends a "decide" step
and waits for ``submit``. The screen never waits on the worker: it polls, and shows the steps
at its own pace. The worker runs at most a few steps ahead of what is shown.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
import traceback
from dataclasses import dataclass, field
from typing import Any

from bots.seat import DEFAULT_TIME_LIMIT, MJAI_PREFIX, make_seat
from store.paths import data_dir
from store.games import GameShelf, header_for
from store.saves import SaveSlot
from store.stats import GameInfo, GameRecorder, StatsDB
from render.setup import BOT, PLAYER_SEAT, GameSetup
from render.words import recording_words, refusal_words
from game.ai import pauses
from game.ai.policy import model_problem, without_model
from game.table import Agent
from game.table import IllegalAction

__all__ = ["Step", "Session", "TIME_OUT", "seat_agents", "stats_recorder"]

TIME_OUT = "time-out"
"""Submitted in place of an action when the rules' call time-out ran out: the table passes."""


@dataclass(frozen=True)
class Step:
    """One thing for the screen to show.

    ``kind``: "events" (an action was applied), "decide" (the player must choose from
    ``view.legal_actions``), "refused" (the player's action was refused: ``message``),
    "bot_replaced" (the external bot at ``seat`` failed and the built-in AI took over:
    ``message`` is why as a code, ``extra["detail"]`` the detail), "model_missing" (an AI level
    that plays the learned policy plays by its rules, the model being missing or damaged:
    ``message`` is the detail), "finished" (the game is over) or "error" (the worker stopped:
    ``message``).
    """

    kind: str
    view: Any = None
    events: tuple[Any, ...] = ()
    seat: int | None = None
    action: Any = None
    message: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def seat_agents(setup: GameSetup, time_limit: float = DEFAULT_TIME_LIMIT) -> dict[int, Agent]:
    """Who decides at each seat the player does not hold (every seat in a demo): the built-in AI,
    or the external bot (its errors logged in the user data folder, ``time_limit`` seconds a move)."""
    levels = {1: setup.ai_levels[0], 2: setup.ai_levels[1], 3: setup.ai_levels[2], PLAYER_SEAT: "normal"}
    seats = [1, 2, 3] + ([PLAYER_SEAT] if setup.demo else [])
    specs = {s: MJAI_PREFIX + setup.bot_command if levels[s] == BOT else levels[s] for s in seats}
    return {seat: make_seat(specs[seat], setup.seed, seat, setup.rules.red_fives, data_dir(), time_limit, "normal",
                            setup.personality(seat)) for seat in seats}


def stats_recorder(setup: GameSetup, report: Callable[[str], None]) -> GameRecorder:
    """What records the player's hands and games in the statistics (a demo as a watched game). The
    database is opened by the game's worker, never the screen; a file set aside, a database that
    cannot be used or a hand that could not be written is reported once (a hand is tried again
    with the next)."""
    info = GameInfo(f"{setup.seed}-{time.time_ns()}", setup.rules.name, tuple(setup.ai_levels), setup.demo, setup.seed)
    return GameRecorder(StatsDB(), info, PLAYER_SEAT, lambda exc: report(recording_words(exc)))


class Session:
    """One game between the player (seat 0, or the AI in a demo) and three AI seats."""

    def __init__(self, game: Any, setup: GameSetup, agents: dict[int, Agent], slot: SaveSlot | None = None,
                 ahead: int = 6, shelf: GameShelf | None = None, stats: GameRecorder | None = None) -> None:
        """``agents``: who decides for each seat the screen does not (see ``seat_agents``); ``shelf``
        keeps the game when the session stops (finished or left), so it can be watched again;
        ``stats`` records each hand as it ends (see ``stats_recorder``)."""
        self.stats = stats
        self.game = game
        self.shelf = shelf
        self.setup = setup
        self.slot = slot
        self.ai = dict(agents)
        self.first_view = game.view(PLAYER_SEAT)
        self.save_error = ""
        self._out: queue.Queue[Step] = queue.Queue(maxsize=ahead)
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._told: set[int] = set()

    # the screen's side ----------------------------------------------------------
    def start(self) -> None:
        for agent_seat, agent in self.ai.items():  # what happened before the session: the deal, or a saved game
            for event in self.game.events:
                agent.observe(event.for_seat(agent_seat))
        if any(without_model(agent) for agent in self.ai.values()):
            self._put(Step("model_missing", message=model_problem()))
        pauses.hand_started()
        self._thread = threading.Thread(target=self._run, name="kawa-table", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the worker (the saved game stays as it was after the last action)."""
        self._stop.set()
        self._inbox.put(None)
        for agent in self.ai.values():  # a bot thinking is not waited for: the game is being left
            interrupt = getattr(agent, "interrupt", None)
            if interrupt is not None:
                interrupt()
        if self._thread is not None:
            self._thread.join(timeout=5)
        for agent in self.ai.values():
            agent.close()
        pauses.game_over()
        self.keep()

    def keep(self) -> str:
        """Keep the game on the shelf (a game with no action yet is not kept); "" or why it was not kept."""
        game = self.game
        if self.shelf is None or not game.actions:
            return ""
        if game.final_standing:
            placement = next(row["rank"] for row in game.final_standing if row["seat"] == PLAYER_SEAT)
        else:
            placement = 1 + sum(1 for s in range(4) if game.scores[s] > game.scores[PLAYER_SEAT]
                                or (game.scores[s] == game.scores[PLAYER_SEAT] and s < PLAYER_SEAT))
        record = game.to_record()
        levels = ["demo" if self.setup.demo else "player", *self.setup.ai_levels]
        header = header_for(record, self.setup.names(), levels, list(game.scores), bool(game.finished),
                            self.setup.demo, placement)
        _, problem = self.shelf.keep(record, header)
        return problem

    def poll(self) -> Step | None:
        """The next step, or None when none is ready (never blocks)."""
        try:
            return self._out.get_nowait()
        except queue.Empty:
            return None

    def submit(self, action: Any) -> None:
        """The player's decision (answers the last "decide" step)."""
        self._inbox.put(action)

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # the worker's side -------------------------------------------------------------
    def _put(self, step: Step) -> bool:
        while not self._stop.is_set():
            try:
                self._out.put(step, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _save(self) -> None:
        if self.slot is None:
            return
        if self.game.finished:
            self.slot.clear()
            return
        err = self.slot.write({"game": self.game.to_record(), "setup": self.setup.to_dict()})
        if err:
            self.save_error = err

    def _apply(self, seat: int, action: Any) -> None:
        if action == TIME_OUT:
            events = self.game.time_out(seat)
            action = None
        else:
            events = self.game.apply(seat, action)
        self._save()
        if self.stats is not None:
            self.stats.observe(self.game.events, events)
        if any(event.type == "hand_started" for event in events):
            pauses.hand_started()
        for agent_seat, agent in self.ai.items():
            for event in events:
                agent.observe(event.for_seat(agent_seat))
        shown = tuple(e.for_seat(PLAYER_SEAT) for e in events)
        self._put(Step("events", self.game.view(PLAYER_SEAT), shown, seat,
                       action if seat == PLAYER_SEAT else None))

    def _tell_replaced(self, seat: int) -> None:
        """Tell the screen, once, that the bot at ``seat`` has been replaced and why."""
        notice = getattr(self.ai[seat], "notice", None)
        if notice and seat not in self._told:
            self._told.add(seat)
            code = getattr(self.ai[seat], "notice_code", None) or "ended"
            self._put(Step("bot_replaced", seat=seat, message=code, extra={"detail": notice}))

    def _run(self) -> None:
        game = self.game
        if self.stats is not None:
            self.stats.begin(game.events)
        try:
            while not self._stop.is_set():
                if game.finished:
                    pauses.game_over()
                    self._put(Step("finished", game.view(PLAYER_SEAT), extra={"standing": game.final_standing}))
                    return
                seats = game.waiting_seats()
                ai_seats = [s for s in seats if s in self.ai]
                if ai_seats:
                    seat = ai_seats[0]
                    view = game.view(seat)
                    action = self.ai[seat].decide(view, view.legal_actions)
                    if self._stop.is_set():  # left while the seat decided: the save keeps the move undone
                        return
                    self._apply(seat, action)
                    self._tell_replaced(seat)
                    continue
                if PLAYER_SEAT not in seats:
                    raise RuntimeError("no seat has a decision, yet the game is not over")
                if not self._put(Step("decide", game.view(PLAYER_SEAT))):
                    return
                action = self._inbox.get()
                if action is None or self._stop.is_set():
                    return
                try:
                    self._apply(PLAYER_SEAT, action)
                except IllegalAction as exc:
                    self._put(Step("refused", message=refusal_words(exc.code, game.rules.to_dict())))
        except Exception as exc:  # contained: the screen reports it and stays up
            self._put(Step("error", message=f"{type(exc).__name__}: {exc}", extra={"trace": traceback.format_exc()}))
