"""The table: the game in play, shown from the player's seat.

Steps come from the ``Session`` worker; each is shown at a readable pace (events animate and
sound), and a "decide" step turns the engine's legal actions into clickable tiles and buttons.
A finished hand pushes the result screen; the rest of that step waits until it is dismissed.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

import pygame

from render.canvas import Canvas, Op, changed_areas, merge_areas, replay, tooltip_op, widget_op
from render.decision import Decision, auto_markers, plan
from render.flight import Flight
from render.hand_view import HandOrder, hand_slots, waits_for
from render.input import Input
from render.layout import ROTATION, Layout, layout_for, relative
from store.saves import SaveSlot
from render.scenes import Scene
from render.session import TIME_OUT, Session, Step, seat_agents
from render.setup import PLAYER_SEAT, GameSetup
from render.table_view import WIND_NAMES, BoardPainter, Hit, tile_words
from render.words import DRAW_NAMES
from render.widgets import THEME, Button, Checkbox, text
from game.rules import RuleSet
from game.table import Game
from render.tileset import load_tileset
from render.tween import Animator
from render.tween import animate_discard, animate_draw
import time

__all__ = ["TableScene", "HOLD_SECONDS", "plate_label"]

HOLD_SECONDS = {"hand_started": 0.7, "drawn": 0.18, "discarded": 0.55, "called": 0.9, "riichi_declared": 0.5,
                "riichi_accepted": 0.0, "dora_revealed": 0.4, "won": 0.6, "drawn_hand": 0.6, "hand_ended": 0.0,
                "game_ended": 0.0}
"""How long each event holds the screen before the next step, at the normal pace."""
ME = PLAYER_SEAT
FULL_REPAINT_SHARE = 0.5
"""When the changed areas cover more of the window than this, it is repainted and presented whole."""


def _tiles_icon(ts: Any, tiles: tuple[int, ...], height: int, aka: bool) -> pygame.Surface:
    tw = ts.size(height)[0]
    surf = pygame.Surface((tw * len(tiles), height), pygame.SRCALPHA)
    for i, t in enumerate(tiles):
        surf.blit(ts.tile(t, height, 0, aka), (i * tw, 0))
    return surf


def plate_label(name: str, view: Any) -> tuple[str, tuple[int, int, int]]:
    """The player's name as the plate shows it: in furiten it turns red and says so."""
    if view.furiten:
        return f"{name} (furiten)", THEME["furiten"]
    return name, THEME["accent"] if view.dealer == ME else THEME["text"]


class TableScene(Scene):
    """A game in play."""

    def __init__(self, app: Any, session: Session, setup: GameSetup) -> None:
        super().__init__(app)
        self.session = session
        self.setup = setup
        self.names = setup.names()
        self.aka = setup.rules.red_fives
        self.view = session.first_view
        self.painter = BoardPainter()
        self.order = HandOrder()
        self.anim = Animator(app.pref("animations"))
        self.steps: deque[Step] = deque()
        self.deferred: list[Any] = []
        self.deferred_view: Any = None
        self.hold = 0.0
        self.blocked = False
        self.decision: Decision | None = None
        self.buttons: list[Button] = []
        self.reorder_buttons: list[Button] = []
        self.riichi_box: Checkbox | None = None
        self.selected: int | None = None
        self.cursor = -1
        self.hover_tile: int | None = None
        self.message = ""
        self.message_time = 0.0
        self.error = ""
        self.hidden_pond: tuple[int, int] | None = None
        self.flying: dict[str, Flight] = {}
        self.waiting_flights: list[tuple[str, Any]] = []
        """Flights whose landing place is known only once the next view is painted."""
        self.call_clock: float | None = None
        self.result_wait: Any = None
        """The hand_ended event whose result screen follows once the announcement has been seen."""
        self.hand_result: list[Any] = []
        self.finished_standing: Any = None
        self.waits_cache: tuple[Any, tuple[str, list[tuple[int, int]]]] = (None, ("", []))
        self.mouse = (0, 0)
        self.shown: list[Op] = []
        """The drawing operations of the last frame drawn (what the window shows)."""
        self.menu_button = Button((0, 0, 10, 10), "Menu", self.open_menu, intent="back")
        self._tileset_name = ""
        self.tileset = self._load_tileset()
        self._warm: Any = self._warm_tasks()
        self._messages_seen = len(app.messages)
        self.relayout()

    # construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, app: Any, setup: GameSetup) -> TableScene:
        """A new game (saved after every action unless it is a demo)."""
        game = Game(setup.rules, setup.seed)
        slot = None if setup.demo or not app.options.save_games else SaveSlot()
        return cls(app, Session(game, setup, seat_agents(setup), slot), setup)

    @classmethod
    def resume_saved(cls, app: Any, slot: SaveSlot) -> tuple[TableScene | None, str]:
        """The saved game rebuilt from its record, or None and why not (a bad save is set aside)."""
        loaded = slot.load()
        if loaded.data is None:
            return None, loaded.message
        try:
            record = loaded.data["game"]
            game = Game.from_record(record)
            setup = GameSetup.from_saved(loaded.data.get("setup", {}), RuleSet.from_dict(record.get("rules", {})),
                                         int(record.get("seed", 0)))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # any save Kawa cannot rebuild
            return None, slot.reject(exc).message
        if game.finished:
            slot.clear()
            return None, "the saved game had already ended"
        return cls(app, Session(game, setup, seat_agents(setup), slot), setup), ""

    def _load_tileset(self) -> Any:
        name = self.app.pref("tile_set")
        ts = load_tileset(name)
        self._tileset_name = name
        for warning in ts.warnings:
            self.app.report(warning)
        return ts

    # scene hooks -----------------------------------------------------------------------
    def enter(self) -> None:
        self.session.start()

    def leave(self) -> None:
        self.session.stop()

    def resume(self) -> None:
        """Back from the result (or menu): carry on with the rest of the step."""
        self.blocked = False
        self.relayout()

    def resized(self, size: tuple[int, int]) -> None:
        self._warm = self._warm_tasks()
        self.relayout()

    def prefs_changed(self, prefs: Any) -> None:
        if self.app.pref("tile_set") != self._tileset_name:
            self.tileset = self._load_tileset()
            self._warm = self._warm_tasks()
        self.anim.set_speed(self.app.pref("animations"))
        self.painter.key = None
        self.waits_cache = (None, ("", []))
        self.order.update(self.view.hand, self.view.drawn, self.app.pref("tile_reordering"))
        self.relayout()

    @property
    def layout(self) -> Layout:
        return layout_for(self.app.size)

    # flow ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.warm()
        if len(self.app.messages) > self._messages_seen:  # e.g. no sound device, a broken tile image
            self._messages_seen = len(self.app.messages)
            self.say(self.app.messages[-1], 5.0)
        if self.session.save_error and not self.error:
            self.error = f"the game is not being saved: {self.session.save_error}"
        if self.message and self.message_time > 0:
            self.message_time -= dt
            if self.message_time <= 0:
                self.message = ""
        for sid in self.anim.update(dt):
            flight = self.flying.pop(sid, None)
            if flight is not None and flight.landed is not None:
                flight.landed()
        if self.call_clock is not None and self.decision is not None:
            self.call_clock -= dt
            if self.call_clock <= 0:
                self.call_clock = None
                self.say("Time is up: passed.", 2.0)
                self.submit(TIME_OUT)
                return
        if self.blocked:
            return
        pace = self.app.options.pace
        self.hold = 0.0 if pace == 0 else self.hold - dt
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
            if pace == 0:
                self.hold = 0.0

    def show(self, step: Step) -> None:
        """Take one step from the worker."""
        if step.kind == "events":
            self.show_events(step.view, list(step.events))
        elif step.kind == "decide":
            self.set_view(step.view)
            self.begin_decision()
        elif step.kind == "refused":
            self.say(step.message)
        elif step.kind == "finished":
            self.finished_standing = step.extra.get("standing")
            if not self.blocked:
                self.show_standings()
        elif step.kind == "error":
            self.error = f"The game stopped: {step.message}"

    def show_events(self, view: Any, events: list[Any]) -> None:
        """Show events in order; a hand's end stops and pushes the result screen."""
        self.deferred, self.deferred_view = [], None
        scale = 1.0 if self.app.options.pace is None else self.app.options.pace
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
        """Sound and animation for one event; results are collected for the result screen."""
        sound = self.app.sound
        if sound is not None and self.app.pref("sounds"):
            sound.play_for_event(ev.type, ev.to_dict()["data"])
        if ev.type in ("won", "drawn_hand"):
            self.hand_result.append(ev)
            if ev.type == "won":
                self.say(f"{self.names[ev.seat]}: {'Tsumo' if ev.tsumo else 'Ron'}!", 2.0)
            else:
                self.say(DRAW_NAMES.get(ev.draw, "Draw"), 2.0)
        elif ev.type == "hand_started":
            self.hand_result = []
            self.selected = None
            self.order.order = []  # a new deal starts sorted
        elif ev.type == "discarded":
            self.animate_discard(ev)
        elif ev.type == "drawn":
            self.animate_draw(ev)
        elif ev.type == "riichi_declared" and ev.seat != ME:
            self.say(f"{self.names[ev.seat]} declares riichi", 1.5)
        if ev.type == "called":
            self.animate_call(ev)
        elif ev.type == "riichi_declared":
            self.waiting_flights.append(("glow", ("pond", ev.seat)))
        elif ev.type == "dora_revealed":
            self.waiting_flights.append(("glow", ("dora", None)))
        if ev.type == "called" and ev.seat != ME:
            label = {"chi": "Chi", "pon": "Pon", "daiminkan": "Kan", "shouminkan": "Kan", "ankan": "Kan"}.get(
                ev.call, "Call")
            self.say(f"{self.names[ev.seat]}: {label}!", 1.2)

    def animate_discard(self, ev: Any) -> None:
        """The discarded tile flies from its seat to its place in the pond."""
        if self.anim.scale == 0:
            return
        seat = ev.seat
        lay = self.layout
        if seat == ME:
            start = next((r.topleft for t, r in self.hand_rects() if t == ev.tile), (lay.width // 2, lay.hand_y))
        else:
            anchor = self.painter.hand_anchor.get(seat)
            start = anchor.center if anchor is not None else lay.center
        index = len(self.view.discards[seat])  # the new tile's index in the pond
        self.hidden_pond = (seat, index)
        self.waiting_flights.append(("discard", (ev.tile, relative(seat, ME), bool(ev.riichi),
                                                 start, index, seat)))

    def animate_call(self, ev: Any) -> None:
        """The called tile flies from the pond to the new meld, which then glows briefly."""
        if self.anim.scale == 0 or ev.from_seat is None or ev.call == "ankan":
            return
        giver = ev.from_seat
        entries = self.view.discards[giver]
        start = self.painter.pond_rects.get((giver, len(entries) - 1))
        if start is None or ev.call == "shouminkan":
            start = None
        self.waiting_flights.append(("call", (ev.seat, ev.called, start)))

    def animate_draw(self, ev: Any) -> None:
        """The player's drawn tile slides in from the wall."""
        if self.anim.scale == 0 or ev.seat != ME or ev.tile is None:
            return
        self.waiting_flights.append(("draw", ev.tile))

    def _launch(self, view: Any) -> None:
        """Start the flights that waited for the new view (their landing places are known now)."""
        lay = self.layout
        for sid, info in self.waiting_flights:
            if sid == "discard":
                tile, pos, riichi, start, index, seat = info
                rect = self.painter.pond_rects.get((seat, index))
                if rect is None:
                    self.hidden_pond = None
                    continue
                rot = (ROTATION[pos] + (90 if riichi else 0)) % 360
                image = self.tileset.tile(tile, lay.pond_h, rot, self.aka)

                def landed(seat: int = seat, index: int = index) -> None:
                    if self.hidden_pond == (seat, index):
                        self.hidden_pond = None  # the board shows it from now on
                self.flying["discard"] = Flight(image, rect, landed)
                animate_discard(self.anim, "discard", start, rect.topleft)
            elif sid == "draw":
                rect = next((r for t, r in self.hand_rects() if t == info), None)
                if rect is None or view.drawn != info:
                    continue
                self.flying["draw"] = Flight(self.tileset.tile(info, lay.hand_h, 0, self.aka), rect, None, hides=info)
                animate_draw(self.anim, "draw", (rect.x, lay.hand_y - lay.hand_h), rect.topleft)
            elif sid == "glow":
                what, seat = info
                if what == "pond":
                    rect = self.painter.pond_rects.get((seat, len(view.discards[seat]) - 1))
                else:
                    rect = self.painter.dora_rects[-1] if self.painter.dora_rects else None
                if rect is not None and self.anim.scale > 0:
                    glow_id = f"glow-{what}"
                    self.flying[glow_id] = Flight(None, rect.inflate(10, 10), None)
                    self.anim.fade(glow_id, 1.0, 0.0, 0.9)
            elif sid == "call":
                seat, called, start = info
                melds = self.painter.meld_rects.get(seat) or []
                if not melds:
                    continue
                target = melds[-1]
                self.flying["glow"] = Flight(None, target.inflate(8, 8), None)
                self.anim.fade("glow", 1.0, 0.0, 0.6)
                if start is not None and called is not None:
                    pos = relative(seat, ME)
                    h = lay.meld_h if seat == ME else lay.opp_h
                    image = self.tileset.tile(called, h, (ROTATION[pos] + 90) % 360, self.aka)
                    end = image.get_rect(center=target.center)
                    self.flying["call"] = Flight(image, end, None)
                    self.anim.move("call", start.topleft, end.topleft, 0.28)
                    self.anim.fade("call", 1.0, 0.0, 0.28)
        self.waiting_flights = []

    def set_view(self, view: Any) -> None:
        """Show a new state of the table."""
        if view is None:
            return
        self.view = view
        self.decision = None
        self.buttons = []
        self.riichi_box = None
        self.order.update(view.hand, view.drawn, self.app.pref("tile_reordering"))
        self.painter.paint(self.app.size, view, self.names, self.tileset, self.aka, self.hidden_pond, ME)
        self._launch(view)
        self.relayout()

    def begin_decision(self) -> None:
        """The player has a choice: build the buttons, or let the preferences choose."""
        d = plan(self.view, self.app.pref, ME, self.aka)
        if d.auto is not None:
            self.say(d.auto_reason, 1.5)
            self.submit(d.auto)
            return
        self.decision = d
        self.cursor = -1
        self.selected = None
        timeout = getattr(self.setup.rules, "call_timeout", 0)
        self.call_clock = float(timeout) if d.phase == "calls" and timeout > 0 else None
        self.relayout()

    def submit(self, action: Any) -> None:
        self.call_clock = None
        self.decision = None
        self.buttons = []
        self.riichi_box = None
        self.selected = None
        self.session.submit(action)
        self.relayout()

    def say(self, message: str, seconds: float = 3.0) -> None:
        self.message, self.message_time = message, seconds

    def show_result(self, ended: Any) -> None:
        self.blocked = True
        self.app.open("result", self, list(self.hand_result), ended, self.view)

    def show_standings(self) -> None:
        self.blocked = True
        self.app.open("standings", self.finished_standing or [], self.names, self.setup.rules, self.session.game)

    def open_menu(self) -> None:
        self.app.open("menu")

    # the player's choices -------------------------------------------------------------------
    def relayout(self) -> None:
        """Buttons and check boxes for the current decision, placed for the window size."""
        lay = self.layout
        row = lay.buttons_rect
        self.menu_button.rect = pygame.Rect(lay.width - lay.margin - 90, lay.margin, 90, max(26, lay.button_h * 3 // 4))
        self.buttons = []
        was_checked = self.riichi_box is not None and self.riichi_box.checked
        self.riichi_box = None
        d = self.decision
        bh = row.h
        x = row.right
        icon_h = max(16, int(bh * 0.7))
        if d is not None:
            specs = list(reversed(d.options))
            if self.app.pref("confirm_discard") and self.selected is not None:
                specs.insert(0, None)  # the Confirm button, rightmost
            for opt in specs:
                if opt is None:
                    b = Button((0, 0, 0, bh), "Confirm", self.confirm_selected, color=(60, 130, 80), intent="confirm")
                    label_w = text("Confirm", max(12, bh // 2), bold=True).get_width()
                    w = label_w + bh
                else:
                    icon = _tiles_icon(self.tileset, opt.tiles, icon_h, self.aka) if opt.tiles else None
                    label_w = text(opt.label, max(12, bh // 2), bold=True).get_width()
                    w = label_w + bh + (icon.get_width() + 6 if icon else 0)
                    color = {"Ron": (170, 60, 50), "Tsumo": (170, 60, 50), "Pass": (80, 86, 96)}.get(opt.label,
                                                                                                  THEME["button"])
                    b = Button((0, 0, 0, bh), opt.label, self._sender(opt.action), opt.tooltip, color, icon,
                               "pass" if opt.label == "Pass" else None)
                    b.action = opt.action
                x -= w + lay.margin
                b.rect = pygame.Rect(x, row.y, w, bh)
                self.buttons.append(b)
            if d.riichi_box:
                plate = self.nameplate_rect()
                self.riichi_box = Checkbox((plate.right + lay.margin * 2, row.y, 120, bh), "Riichi", was_checked,
                                           self._riichi_toggled, "Tick, then discard: declare riichi with that discard.")
        self.reorder_buttons = []
        if self.app.pref("tile_reordering"):
            slots = self.hand_rects()
            body = [r for t, r in slots if t != self.view.drawn]
            h = lay.reorder_h
            y = lay.hand_y + lay.hand_h + 2
            if body:
                self.reorder_buttons.append(Button((body[0].x - h * 2 - 6, y - h, h * 2, h * 2), "A-Z", self.order.sort,
                                                   "Sort the hand again"))
            for i in range(len(body) - 1):
                cx = body[i].right
                self.reorder_buttons.append(Button((cx - h, y, 2 * h, h), "<>", self._swapper(i),
                                                   "Swap these two tiles"))

    def _sender(self, action: Any) -> Any:
        return lambda: self.submit(action)

    def _swapper(self, i: int) -> Any:
        return lambda: self.order.swap(i)

    def _riichi_toggled(self, checked: bool) -> None:
        if checked:
            self.say("Riichi: now click the tile to discard.", 2.5)

    def nameplate_rect(self) -> pygame.Rect:
        lay = self.layout
        row = lay.buttons_rect
        w = max(300, lay.width * 2 // 9)
        return pygame.Rect(row.x, row.y, w, row.h)

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        lay = self.layout
        melds = self.painter.meld_rects.get(ME) if self.painter.key is not None else None
        limit = min(r.x for r in melds) if melds else None
        return hand_slots(lay, self.order.order, self.view.drawn, self.tileset.size(lay.hand_h)[0], limit)

    def discard_tile(self, tile: int) -> None:
        """A click (or Enter) on a hand tile during the player's turn."""
        d = self.decision
        if d is None or d.phase != "turn":
            return
        if tile not in d.discards:
            self.say("That tile cannot be discarded now.", 2.0)
            return
        if self.app.pref("confirm_discard") and self.selected != tile:
            self.selected = tile
            self.relayout()
            return
        self.send_discard(tile)

    def confirm_selected(self) -> None:
        """The Confirm button (confirm-discard preference)."""
        if self.selected is not None:
            self.send_discard(self.selected)

    def send_discard(self, tile: int) -> None:
        """Discard ``tile``, declaring riichi with it when the box is ticked and the engine allows it."""
        d = self.decision
        if d is None or tile not in d.discards:
            return
        if self.riichi_box is not None and self.riichi_box.checked:
            action = d.riichi.get(tile)
            if action is None:
                # an invalid declaration: told to the player only, nothing is sent
                reason = ("that discard does not leave a ready hand" if d.riichi
                          else "riichi is not possible now (a ready closed hand, 1,000 points and enough wall are needed)")
                self.say(f"Riichi not declared with {tile_words(tile >> 2)}: {reason}. Only you see this.", 4.5)
                self.riichi_box.checked = False
                self.selected = None
                self.relayout()
                return
            self.submit(action)
            return
        self.submit(d.discards[tile])

    # input -----------------------------------------------------------------------------------
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.mouse = ev.pos
        if self.menu_button.handle(ev):
            return
        if ev.intent == "help":
            self.open_help()
            return
        if ev.intent == "settings":
            self.open_settings()
            return
        for b in self.buttons:
            if b.handle(ev):
                return
        if self.riichi_box is not None and self.riichi_box.handle(ev):
            return
        for b in self.reorder_buttons:
            if b.handle(ev):
                self.relayout()
                return
        d = self.decision
        slots = self.hand_rects()
        if ev.kind == "move":
            self.hover_tile = next((t for t, r in slots if r.collidepoint(ev.pos)), None)
        if d is None or d.phase != "turn":
            return
        if ev.kind == "press" and ev.intent == "choose":
            hit = next((t for t, r in slots if r.collidepoint(ev.pos)), None)
            if hit is not None:
                self.discard_tile(hit)
        elif ev.intent in ("left", "right"):
            tiles = [t for t, _ in slots]
            if tiles:
                step = 1 if ev.intent == "right" else -1
                self.cursor = (self.cursor + step) % len(tiles) if self.cursor >= 0 else (len(tiles) - 1 if step < 0 else 0)
                if self.app.pref("confirm_discard"):
                    self.selected = tiles[self.cursor]
                    self.relayout()
        elif ev.intent == "confirm":
            tiles = [t for t, _ in slots]
            if 0 <= self.cursor < len(tiles):
                tile = tiles[self.cursor]
                if self.app.pref("confirm_discard"):
                    self.selected = tile
                self.discard_tile(tile)

    # waits -------------------------------------------------------------------------------------
    def waits_shown(self) -> tuple[str, list[tuple[int, int]]]:
        """A caption and the (kind, copies unseen) of the player's waits, when the hand is ready.

        With 13 tiles (or 13 less three per meld): the hand's waits. On the player's own turn:
        the waits after discarding the tile under the mouse, or else the drawn tile.
        """
        view = self.view
        if not self.app.pref("show_waits"):
            return "", []
        caption = "Waits:"
        left_out = None
        if len(view.hand) % 3 == 2:
            left_out = self.hover_tile if self.hover_tile in view.hand else view.drawn
            if left_out is None:
                return "", []
            caption = f"Discard {tile_words(left_out >> 2)}, wait on:"
        key = (id(view), left_out)
        if self.waits_cache[0] == key:
            return self.waits_cache[1]
        found = waits_for(view, left_out)
        result = (caption, found) if found else ("", [])
        self.waits_cache = (key, result)
        return result

    # drawing --------------------------------------------------------------------------------------
    def _warm_tasks(self) -> Any:
        """Scale every tile image the table will use, a few per frame, so play never waits on it."""
        lay, ts = self.layout, self.tileset
        reds = [(k, True) for k in (4, 13, 22)] if self.aka else []
        faces = [(k, False) for k in range(34)] + reds
        for kind, red in faces:
            for rot in ROTATION:
                yield lambda k=kind, r=red, a=rot: ts.face(k, r, lay.pond_h, a)
                yield lambda k=kind, r=red, a=rot: ts.face(k, r, lay.pond_h, (a + 90) % 360)
                yield lambda k=kind, r=red, a=rot: ts.face(k, r, lay.opp_h, a)
            yield lambda k=kind, r=red: ts.face(k, r, lay.hand_h, 0)
            yield lambda k=kind, r=red: ts.face(k, r, lay.meld_h, 90)
        for rot in ROTATION:
            yield lambda a=rot: ts.back(lay.opp_h, a)

    def warm(self, budget_s: float = 0.0015) -> None:
        """Run warm-up tasks for at most ``budget_s`` seconds."""
        if self._warm is None:
            return
        end = time.perf_counter() + budget_s
        while time.perf_counter() < end:
            task = next(self._warm, None)
            if task is None:
                self._warm = None
                return
            task()

    def current_tip(self) -> str:
        """The tooltip under the mouse, if any."""
        pos = self.mouse
        for w in [*self.buttons, *self.reorder_buttons] + ([self.riichi_box] if self.riichi_box else []):
            if w.rect.collidepoint(pos) and w.tooltip:
                return w.tooltip
        hit: Hit | None = next((h for h in self.painter.hits if h.rect.collidepoint(pos)), None)
        return hit.tip if hit else ""

    def frame_state(self) -> Any:
        tip = self.current_tip()
        widgets = tuple((b.label, b.hover, tuple(b.rect)) for b in [*self.buttons, *self.reorder_buttons, self.menu_button])
        box = (self.riichi_box.checked, self.riichi_box.hover) if self.riichi_box is not None else None
        return (id(self.view), id(self.app.prefs), self._tileset_name, self.hidden_pond, self.selected, self.hover_tile,
                self.cursor, self.message, self.error, tuple(self.order.order), tip, self.mouse if tip else None,
                widgets, box, id(self.decision), tuple(self.flying), self.clock_label())

    def partial_rects(self) -> list[Any]:
        rects = []
        for sid, flight in self.flying.items():
            now = flight.rect_now(self.anim, sid)
            rects.append(now.union(flight.prev) if flight.prev is not None else now)
            flight.prev = now
        return rects

    def clock_label(self) -> str:
        """The call time-out still to run, in whole seconds ("" when there is none)."""
        if self.call_clock is None or self.decision is None:
            return ""
        return f"Pass in {math.ceil(self.call_clock)} s"

    def compose(self) -> list[Op]:
        """This frame's drawing operations, bottom first: the board, the hand, widgets, messages."""
        lay = self.layout
        cv = Canvas()
        cv.extend(self.painter.paint(self.app.size, self.view, self.names, self.tileset, self.aka, self.hidden_pond, ME))
        self.draw_hand(cv, lay)
        self.draw_player_plate(cv, lay)
        self.draw_moving(cv, lay)
        for b in self.buttons:
            widget_op(cv, b)
        if self.riichi_box is not None:
            widget_op(cv, self.riichi_box)
        for b in self.reorder_buttons:
            widget_op(cv, b)
        widget_op(cv, self.menu_button)
        if self.message:
            img = text(self.message, max(16, lay.hand_h // 3), THEME["text"], True)
            # in the free band between the top hand and the top pond's third row
            top_pond = lay.center_rect.top - lay.pond_gap - 3 * lay.pond_h
            r = img.get_rect(center=(lay.width // 2, (lay.margin + lay.opp_h + top_pond) // 2))
            r.clamp_ip(pygame.Rect((0, 0), self.app.size))
            cv.panel(r.inflate(24, 12), (20, 22, 28), THEME["accent"], 8)
            cv.blit(img, r)
        if self.error:
            cv.text(self.error, (lay.margin, lay.margin), 18, THEME["danger"], True)
        self.draw_tooltip(cv)
        return cv.ops

    def draw(self, surface: pygame.Surface) -> None:
        ops = self.compose()
        replay(surface, ops)
        self.shown = ops

    def draw_dirty(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Repaint only what changed since the last frame drawn; the rectangles to present.

        None when so much changed that the whole window was repainted (present it all).
        """
        ops = self.compose()
        bounds = surface.get_rect()
        areas = merge_areas(changed_areas(self.shown, ops), bounds)
        self.shown = ops
        if sum(r.w * r.h for r in areas) > FULL_REPAINT_SHARE * bounds.w * bounds.h:
            replay(surface, ops)
            return None
        replay(surface, ops, areas)
        return areas

    def draw_hand(self, cv: Canvas, lay: Layout) -> None:
        ts = self.tileset
        d = self.decision
        turn = d is not None and d.phase == "turn"
        slots = self.hand_rects()
        lift = max(4, lay.hand_h // 6)
        cursor_tile = slots[self.cursor][0] if 0 <= self.cursor < len(slots) else None
        flying_draw = self.flying.get("draw")
        for t, r in slots:
            if flying_draw is not None and flying_draw.hides == t:
                continue
            rect = r.copy()
            if turn and (t == self.selected or t == self.hover_tile or t == cursor_tile) and t in d.discards:
                rect.y -= lift
            cv.blit(self.painter.flat(ts.tile(t, lay.hand_h, 0, self.aka)), rect)
            if turn and t not in d.discards:
                cv.blit(self.painter.shade(rect.size, 90), rect)
            if t == self.selected:
                cv.rect(THEME["accent"], rect.inflate(4, 4), 3, 4)
            elif t == cursor_tile and turn:
                cv.rect((250, 250, 250), rect.inflate(4, 4), 2, 4)

    def draw_player_plate(self, cv: Canvas, lay: Layout) -> None:
        view = self.view
        plate = self.nameplate_rect()
        cv.panel(plate, (20, 30, 36), THEME["panel_edge"], 6)
        wind = WIND_NAMES.get(view.seat_winds[ME], "?")
        size = max(14, plate.h // 2)
        label, color = plate_label(self.names[ME], view)
        drawn = cv.text(label, (plate.x + 10, plate.centery), size, color, True, "midleft")
        if view.riichi[ME]:
            cv.text("Riichi", (drawn.right + 10, plate.centery), max(12, size * 4 // 5), THEME["danger"], True,
                      "midleft")
        cv.text(f"{wind}{' Dealer' if view.dealer == ME else ''}", (plate.right - 10, plate.centery),
                  max(12, size * 4 // 5), THEME["muted"], False, "midright")
        markers = auto_markers(self.app.pref)
        y = plate.y - 4
        if markers:
            img = text("Auto: " + ", ".join(markers), max(12, size * 3 // 4), THEME["accent"], True)
            r = img.get_rect(bottomleft=(plate.x, y))
            cv.panel(r.inflate(10, 4), (60, 40, 20), None, 4)
            cv.blit(img, r)
            y = r.top - 6
        caption, shown = self.waits_shown()
        if shown:
            th = max(18, lay.pond_h * 3 // 4)
            tw = self.tileset.size(th)[0]
            label = text(caption, max(12, size * 3 // 4), THEME["text"], True)
            x = plate.x
            ytop = y - th - 14
            box = pygame.Rect(x, ytop - 4, label.get_width() + 16 + len(shown) * (tw + 30), th + 18)
            cv.panel(box, (16, 40, 30), THEME["panel_edge"], 6)
            cv.blit(label, label.get_rect(midleft=(x + 8, ytop + th // 2)))
            x += label.get_width() + 14
            for kind, left in shown:
                cv.blit(self.tileset.face(kind, False, th), (x, ytop))
                cv.text(f"x{left}", (x + tw + 2, ytop + th), max(11, th // 2),
                          THEME["furiten"] if left == 0 else THEME["text"], True, "bottomleft")
                x += tw + 30

    def draw_moving(self, cv: Canvas, lay: Layout) -> None:
        for sid, flight in self.flying.items():
            area, key = flight.area_key(self.anim, sid)
            cv.call(area, key, lambda s, f=flight, i=sid: f.draw(s, self.anim, i), flight.image)
        label = self.clock_label()
        if label and self.buttons:
            left = min(b.rect.x for b in self.buttons)
            cv.text(label, (left - 12, lay.buttons_rect.centery), max(14, lay.button_h // 2),
                      THEME["accent"], True, "midright")

    def draw_tooltip(self, cv: Canvas) -> None:
        tip = self.current_tip()
        if tip:
            tooltip_op(cv, tip, self.mouse, self.app.size, max(16, self.app.size[1] // 48))
