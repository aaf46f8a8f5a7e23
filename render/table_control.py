"""The game behind the table screen: the session's steps shown at a readable pace, each event
turned into a sound, a few words and a flight, and the player's choices into the actions the
engine offers.

``TableControl`` draws nothing and holds no widget. It tells its screen (``TableScreen``) when
what the player sees or may do changed, when a hand's result or the final standings are due
and which sound an event makes; it asks the animation queue (``render.flight.Flights``) for
the flights the events call for. The board itself is painted from ``view`` by the screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

from render.decision import Decision, plan
from render.flight import Flights
from render.hand_view import HandOrder
from render.session import TIME_OUT, Session, Step
from render.setup import PLAYER_SEAT, GameSetup
from render.i18n import tr
from render.words import bot_replaced, draw_words, tile_words

__all__ = ["TableControl", "TableScreen", "HOLD_SECONDS", "BANNER_OF_CALL"]

HOLD_SECONDS = {"hand_started": 0.7, "drawn": 0.18, "discarded": 0.55, "called": 0.9, "riichi_declared": 0.5,
                "riichi_accepted": 0.0, "dora_revealed": 0.4, "won": 0.6, "drawn_hand": 0.6, "hand_ended": 0.0,
                "game_ended": 0.0}
"""How long each event holds the screen before the next step, at the normal pace."""
BANNER_OF_CALL = {"chi": "chi", "pon": "pon", "daiminkan": "kan", "shouminkan": "kan", "ankan": "kan"}
"""The banner a call puts up (``render.banner``)."""
ME = PLAYER_SEAT


class TableScreen(Protocol):
    """What the control asks of the screen that shows the table."""

    def refresh(self) -> None:
        """What the player sees or may do changed: lay the board and the widgets out again."""

    def show_result(self, results: list[Any], ended: Any, view: Any) -> None:
        """Show a hand's result over the table (the control waits until it is dismissed)."""

    def show_standings(self, standing: list[Any]) -> None:
        """Show the final standings."""

    def sound(self, event: Any) -> None:
        """Play the event's sound."""

    def banner(self, kind: str, seat: int) -> None:
        """Put up the banner of a call, riichi or win ("chi", "pon", "kan", "riichi", "ron", "tsumo") in front
        of ``seat``."""


class TableControl:
    """One game in play, seen from the player's seat."""

    def __init__(self, session: Session, setup: GameSetup, screen: TableScreen, flights: Flights,
                 pref: Callable[[str], Any], pace: float | None) -> None:
        """``pref(name)`` reads a preference; ``pace``: seconds per shown step (None: the normal pace)."""
        self.session = session
        self.setup = setup
        self.screen = screen
        self.flights = flights
        self.pref = pref
        self.pace = pace
        self.names = setup.names()
        self.aka = setup.rules.red_fives
        self.view = session.first_view
        """The player's view of the table as shown now."""
        self.order = HandOrder()
        self.hold = 0.0
        self.blocked = False
        """A result (or the standings) is on screen: the next steps wait."""
        self.deferred: list[Any] = []
        self.deferred_view: Any = None
        self.result_wait: Any = None
        """The hand_ended event whose result screen follows once the announcement has been seen."""
        self.hand_result: list[Any] = []
        self.finished_standing: Any = None
        self.decision: Decision | None = None
        """What the player may do now (None: nothing is asked)."""
        self.call_clock: float | None = None
        self.selected: int | None = None
        """The tile chosen for discarding, waiting for confirmation (the confirm-discard preference)."""
        self.cursor = -1
        """The keyboard cursor's place in the hand (-1: none)."""
        self.riichi_ticked = False
        """The Riichi box is ticked: the next discard declares riichi."""
        self.message = ""
        self.message_time = 0.0
        self.error = ""

    # the session -------------------------------------------------------------------------
    def start(self) -> None:
        self.session.start()

    def stop(self) -> None:
        self.session.stop()

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds: messages, flights, the call clock, then the next steps when their time comes."""
        if self.session.save_error and not self.error:
            self.error = tr("the game is not being saved: {problem}").format(problem=self.session.save_error)
        if self.message and self.message_time > 0:
            self.message_time -= dt
            if self.message_time <= 0:
                self.message = ""
        self.flights.update(dt)
        if self.call_clock is not None and self.decision is not None:
            self.call_clock -= dt
            if self.call_clock <= 0:
                self.call_clock = None
                self.say(tr("Time is up: passed."), 2.0)
                self.submit(TIME_OUT)
                return
        if self.blocked:
            return
        self.hold = 0.0 if self.pace == 0 else self.hold - dt
        while self.hold <= 0 and not self.blocked:
            if self.result_wait is not None:  # the win (or draw) was announced: now its result
                ended, self.result_wait = self.result_wait, None
                self.show_result(ended)
                break
            if self.deferred:
                self.show_events(self.deferred_view, self.deferred)
                continue
            step = self.session.poll()
            if step is None:
                break
            self.show(step)
            if self.pace == 0:
                self.hold = 0.0

    def resume(self) -> None:
        """The result (or the menu) over the table was closed: carry on with the rest of the step."""
        self.blocked = False

    def show(self, step: Step) -> None:
        """Take one step from the worker."""
        if step.kind == "events":
            self.show_events(step.view, list(step.events))
        elif step.kind == "decide":
            self.set_view(step.view)
            self.begin_decision()
        elif step.kind == "refused":
            self.say(step.message)
        elif step.kind == "bot_replaced":
            self.say(bot_replaced(self.setup.names()[step.seat], step.message), 8.0)
        elif step.kind == "model_missing":
            self.say(tr("The strong AI's learned model could not be read, so it plays by its rules this game."), 8.0)
        elif step.kind == "finished":
            self.finished_standing = step.extra.get("standing")
            if not self.blocked:
                self.show_standings()
        elif step.kind == "error":
            self.error = tr("The game stopped: {problem}").format(problem=step.message)

    def show_events(self, view: Any, events: list[Any]) -> None:
        """Show events in order, each holding the screen a moment; a hand's end stops for its result."""
        self.deferred, self.deferred_view = [], None
        scale = 1.0 if self.pace is None else self.pace
        for i, ev in enumerate(events):
            self.on_event(ev)
            self.hold += HOLD_SECONDS.get(ev.type, 0.0) * scale * (0.5 if ev.type == "drawn" and ev.seat == ME else 1.0)
            if ev.type == "hand_ended":
                self.deferred, self.deferred_view = events[i + 1:], view
                self.result_wait = ev
                self.hold += 1.2 * scale
                return
            if ev.type == "game_ended":
                self.finished_standing = ev.standing
        self.set_view(view)

    def on_event(self, ev: Any) -> None:
        """One event's sound, words and flight; wins and draws are kept for the result screen."""
        self.screen.sound(ev)
        self.screen.guide_event(ev)
        kind = ev.type
        if kind == "won":
            self.hand_result.append(ev)
            self.screen.banner("tsumo" if ev.tsumo else "ron", ev.seat)
        elif kind == "drawn_hand":
            self.hand_result.append(ev)
            self.say(draw_words(ev.draw), 2.0)
        elif kind == "hand_started":
            self.message = ""  # the last hand's words do not stay into the new deal
            self.hand_result = []
            self.selected = None
            self.order.order = []  # a new deal starts sorted
        elif kind == "discarded":
            self.flights.discarded(ev.seat, ev.tile, bool(ev.riichi), len(self.view.discards[ev.seat]))
        elif kind == "drawn":
            if ev.seat == ME and ev.tile is not None:
                self.flights.drawn(ev.tile)
        elif kind == "riichi_declared":
            self.screen.banner("riichi", ev.seat)
            self.flights.glow("pond", ev.seat)
        elif kind == "dora_revealed":
            self.flights.glow("dora")
        elif kind == "called":
            if ev.from_seat is not None and ev.call != "ankan":
                pond = None if ev.call == "shouminkan" else (ev.from_seat, len(self.view.discards[ev.from_seat]) - 1)
                self.flights.called(ev.seat, ev.called, pond)
            self.screen.banner(BANNER_OF_CALL.get(ev.call, "kan"), ev.seat)

    def set_view(self, view: Any) -> None:
        """Show a new state of the table; the flights waiting for it start."""
        if view is None:
            return
        self.view = view
        self.decision = None
        self.riichi_ticked = False
        self.order.update(view.hand, view.drawn, self.pref("tile_reordering"))
        self.screen.refresh()  # the board is laid out for the new view: the flights know where they land
        self.flights.launch(view)

    def show_result(self, ended: Any) -> None:
        self.blocked = True
        self.screen.show_result(list(self.hand_result), ended, self.view)

    def show_standings(self) -> None:
        self.blocked = True
        self.screen.show_standings(self.finished_standing or [])

    def say(self, message: str, seconds: float = 3.0) -> None:
        """Show a short message over the table for ``seconds``."""
        self.message, self.message_time = message, seconds

    def prefs_changed(self) -> None:
        self.flights.set_speed(self.pref("animations"))
        self.order.update(self.view.hand, self.view.drawn, self.pref("tile_reordering"))

    # the player's choices ---------------------------------------------------------------
    def begin_decision(self) -> None:
        """The player has a choice: ask for it, or let the preferences choose."""
        d = plan(self.view, self.pref, ME, self.aka)
        if d.auto is not None:
            self.say(d.auto_reason, 1.5)
            self.submit(d.auto)
            return
        self.decision = d
        self.cursor = -1
        self.selected = None
        timeout = getattr(self.setup.rules, "call_timeout", 0)
        self.call_clock = float(timeout) if d.phase == "calls" and timeout > 0 else None
        self.screen.refresh()

    @property
    def turn(self) -> bool:
        """The player is choosing a tile to discard."""
        return self.decision is not None and self.decision.phase == "turn"

    def submit(self, action: Any) -> None:
        """Send the player's choice (one of the engine's legal actions, or the call time-out)."""
        self.call_clock = None
        self.decision = None
        self.riichi_ticked = False
        self.selected = None
        self.session.submit(action)
        self.screen.refresh()

    def hand_tiles(self) -> list[int]:
        """The concealed tiles left to right as shown, the drawn tile last."""
        drawn = self.view.drawn
        return [*self.order.order] + ([drawn] if drawn is not None else [])

    def cursor_tile(self) -> int | None:
        tiles = self.hand_tiles()
        return tiles[self.cursor] if 0 <= self.cursor < len(tiles) else None

    def move_cursor(self, step: int) -> None:
        """Left (-1) or Right (+1) on the player's turn; with confirm-discard on, the tile is chosen too."""
        tiles = self.hand_tiles()
        if not self.turn or not tiles:
            return
        self.cursor = (self.cursor + step) % len(tiles) if self.cursor >= 0 else (len(tiles) - 1 if step < 0 else 0)
        if self.pref("confirm_discard"):
            self.selected = tiles[self.cursor]
            self.screen.refresh()

    def discard_at_cursor(self) -> None:
        """Enter on the player's turn: discard the tile under the cursor."""
        tile = self.cursor_tile()
        if not self.turn or tile is None:
            return
        if self.pref("confirm_discard"):
            self.selected = tile
        self.discard_tile(tile)

    def discard_tile(self, tile: int) -> None:
        """A click (or Enter) on a hand tile: discard it, or choose it first with confirm-discard on."""
        d = self.decision
        if d is None or d.phase != "turn":
            return
        if tile not in d.discards:
            self.say(tr("That tile cannot be discarded now."), 2.0)
            return
        if self.pref("confirm_discard") and self.selected != tile:
            self.selected = tile
            self.screen.refresh()
            return
        self.send_discard(tile)

    def confirm_selected(self) -> None:
        """The Confirm button (confirm-discard preference)."""
        if self.selected is not None:
            self.send_discard(self.selected)

    def tick_riichi(self, ticked: bool) -> None:
        """The Riichi box was ticked or cleared."""
        self.riichi_ticked = ticked
        if ticked:
            self.say(tr("Riichi: now click the tile to discard."), 2.5)

    def send_discard(self, tile: int) -> None:
        """Discard ``tile``, declaring riichi with it when the box is ticked and the engine offers it."""
        d = self.decision
        if d is None or tile not in d.discards:
            return
        if not self.riichi_ticked:
            self.submit(d.discards[tile])
            return
        action = d.riichi.get(tile)
        if action is not None:
            self.submit(action)
            return
        # an invalid declaration: told to the player only, nothing is sent
        reason = (tr("that discard does not leave a ready hand") if d.riichi
                  else tr("riichi is not possible now (a ready closed hand, 1,000 points and enough wall are needed)"))
        self.say(tr("Riichi not declared with {tile}: {reason}. Only you see this.").format(
            tile=tile_words(tile >> 2), reason=reason), 4.5)
        self.riichi_ticked = False
        self.selected = None
        self.screen.refresh()

    def clock_label(self) -> str:
        """The call time-out still to run, in whole seconds ("" when there is none)."""
        if self.call_clock is None or self.decision is None:
            return ""
        return tr("Pass in {n} s").format(n=math.ceil(self.call_clock))
