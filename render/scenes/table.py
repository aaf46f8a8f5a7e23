"""The table: the game in play, shown from the player's seat.

The screen holds the widgets (the player's buttons, the Riichi box, the swap buttons) and
draws; ``render.table_control.TableControl`` runs the game behind it (the session's steps,
the events, the player's choices) and ``render.table_view.BoardPainter`` paints the board
from a read-only ``Board``. A finished hand opens the result screen over the table.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

import pygame

from game.rules import RuleSet
from game.table import Game
from game.ai.policy import shipped_shares
from render.banner import Banners
from render.canvas import Canvas, Op, changed_areas, merge_areas, replay, tooltip_op, widget_op
from render.coach_view import CoachView, coach_area
from render.decision import auto_markers
from render.flight import Flights
from render.guide import GUIDE_TITLE, HINTS, RESULT_HINTS, Guide, seen_codes, seen_text
from render.hand_view import waits_for
from render.input import Input, option_number
from render.layout import ROTATION, Layout, layout_for, relative
from render.scenes import Scene
from render.session import Session, seat_agents, stats_recorder
from render.setup import PLAYER_SEAT, GameSetup
from render.table_control import TableControl
from render.table_view import Board, BoardPainter, Hit
from render.tileset import load_tileset
from render.widgets import THEME, Button, Toggle, text, ui_scale, wrap
from render.i18n import N_, tr
from render.words import tile_words
from store.games import GameShelf
from store.saves import SaveSlot

__all__ = ["TableScene"]

ME = PLAYER_SEAT
FULL_REPAINT_SHARE = 0.5
"""When the changed areas cover more of the window than this, it is repainted and presented whole."""


CLOCK_STEPS = 60
"""The call clock's arc moves in this many steps over the time-out."""


def _clock_arc(surface: pygame.Surface, rect: pygame.Rect, share: float) -> None:
    """A thin ring, and over it the arc of the time left (``share`` of the ring, from the top, clockwise)."""
    pygame.draw.circle(surface, (60, 70, 80), rect.center, rect.w // 2, max(2, rect.w // 12))
    if share > 0:
        top = math.pi / 2
        pygame.draw.arc(surface, THEME["accent"] if share > 0.25 else THEME["danger"], rect, top - 2 * math.pi * share,
                        top, max(2, rect.w // 8))


def _tiles_icon(ts: Any, tiles: tuple[int, ...], height: int, aka: bool) -> pygame.Surface:
    tw = ts.size(height)[0]
    surf = pygame.Surface((tw * len(tiles), height), pygame.SRCALPHA)
    for i, t in enumerate(tiles):
        surf.blit(ts.tile(t, height, 0, aka), (i * tw, 0))
    return surf


class TableScene(Scene):
    """A game in play: the board, the player's widgets, messages and tooltips."""

    def __init__(self, app: Any, session: Session, setup: GameSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.names = setup.names()
        self.aka = setup.rules.red_fives
        self.painter = BoardPainter()
        self.flights = Flights(self, app.pref("animations"), ME, self.aka)
        self.banners = Banners(app.pref("animations"))
        self.control = TableControl(session, setup, self, self.flights, app.pref, app.options.pace)
        self.buttons: list[Button] = []
        self.reorder_buttons: list[Button] = []
        self.riichi_button: Toggle | None = None
        self.hover_tile: int | None = None
        self.drag_tile: int | None = None
        """The hand tile under a held mouse button (tile reordering on): a click or the start of a drag."""
        self.dragging = False
        self.hushed_tip = ""
        """The tooltip of what was just clicked: hidden until the mouse leaves it (it would cover the answer)."""
        """The held tile has moved far enough to be dragged (it follows the mouse; the hand makes room)."""
        self.waits_cache: tuple[Any, tuple[str, list[tuple[int, int]]]] = (None, ("", []))
        self.mouse = (0, 0)
        self.shown: list[Op] = []
        """The drawing operations of the last frame drawn (what the window shows)."""
        self.menu_button = Button((0, 0, 10, 10), N_("Menu"), self.open_menu, intent="back")
        self._tileset_name = ""
        self.tileset = self._load_tileset()
        self._warm: Any = self._warm_tasks()
        self.guide = Guide(bool(app.pref("first_game_guide")) and not setup.demo, seen_codes(app.pref("guide_seen")), ME)
        self.guide_button = Button((0, 0, 10, 10), N_("Got it"), self.guide.dismiss)
        self.guide_area = pygame.Rect(0, 0, 0, 0)
        self.coach = CoachView(setup.seed, ME, shipped_shares())
        self.relayout()

    # construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, app: Any, setup: GameSetup) -> TableScene:
        """A new game (saved after every action unless it is a demo)."""
        game = Game(setup.rules, setup.seed)
        slot = None if setup.demo or not app.options.save_games else SaveSlot()
        shelf = GameShelf() if app.options.save_games else None
        stats = stats_recorder(setup, app.report) if app.options.save_games else None
        return cls(app, Session(game, setup, seat_agents(setup, app.pref("bot_time_limit")), slot, shelf=shelf,
                                stats=stats), setup)

    @classmethod
    def play_on(cls, app: Any, game: Game, setup: GameSetup) -> TableScene:
        """A position taken from a replay, the player at seat 0 against the AI: practice, neither saved nor kept."""
        return cls(app, Session(game, setup, seat_agents(setup, app.pref("bot_time_limit"))), setup)

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
        shelf = GameShelf() if app.options.save_games else None
        stats = stats_recorder(setup, app.report) if app.options.save_games else None
        return cls(app, Session(game, setup, seat_agents(setup, app.pref("bot_time_limit")), slot, shelf=shelf,
                                stats=stats),
                   setup), ""

    def _load_tileset(self) -> Any:
        name = self.app.pref("tile_set")
        ts = load_tileset(name)
        self._tileset_name = name
        for warning in ts.warnings:
            self.app.report(warning)
        return ts

    # scene hooks -----------------------------------------------------------------------
    def enter(self) -> None:
        self.control.start()

    def leave(self) -> None:
        self.coach.feed(None)
        self.control.stop()

    def resume(self) -> None:
        """Back from the result (or menu): carry on with the rest of the step."""
        self.control.resume()
        self.relayout()

    def resized(self, size: tuple[int, int]) -> None:
        self._warm = self._warm_tasks()
        self.relayout()

    def prefs_changed(self, prefs: Any) -> None:
        self.guide.enabled = bool(self.app.pref("first_game_guide")) and not self.setup.demo
        if not self.guide.enabled:
            self.guide.dismiss()
        if self.app.pref("tile_set") != self._tileset_name:
            self.tileset = self._load_tileset()
            self._warm = self._warm_tasks()
        self.painter.key = None
        self.waits_cache = (None, ("", []))
        self.control.prefs_changed()
        self.banners.set_speed(self.app.pref("animations"))
        self.relayout()

    def update(self, dt: float) -> None:
        if self.guide.view(self.control.view):
            self._guide_seen()
        self.warm()
        if len(self.app.messages) > self.app.messages_told:  # e.g. no sound device, a broken tile image
            self.app.messages_told = len(self.app.messages)
            self.control.say(self.app.messages[-1], 5.0)
        self.control.update(dt)
        self.banners.update(dt)
        c = self.control
        self.coach.feed(c.view if c.turn and self.app.pref("coach") and not self.setup.demo else None)

    @property
    def layout(self) -> Layout:
        return layout_for(self.app.size, ui_scale())

    # what the control asks of the screen ---------------------------------------------------
    def refresh(self) -> None:
        """The view, the decision or the chosen tile changed: lay the board and the widgets out again."""
        self.painter.layer(self.app.size, self.board(marked=False), self.tileset)
        self.relayout()

    def show_result(self, results: list[Any], ended: Any, view: Any) -> None:
        self.app.open("result", self, results, ended, view)

    def show_standings(self, standing: list[Any]) -> None:
        self.app.open("standings", standing, self.names, self.setup.rules, self.control.session.game)

    def sound(self, event: Any) -> None:
        sound = self.app.sound
        if sound is not None and self.app.pref("sounds"):
            sound.play_for_event(event.type, event.to_dict()["data"])

    def banner(self, kind: str, seat: int) -> None:
        self.banners.add(kind, relative(seat, ME))

    def guide_event(self, event: Any) -> None:
        """A table event seen: the first-game guide's hint for it, the first time."""
        if self.guide.event(event):
            self._guide_seen()

    def _guide_seen(self) -> None:
        """Remember the hints shown, so that each is shown once for the player."""
        for problem in self.app.set_prefs(self.app.prefs.with_changes(guide_seen=seen_text(self.guide.seen))):
            self.app.report(problem)  # the hint still shows; it may show again next time

    def open_menu(self) -> None:
        self.app.open("menu")

    # the board ---------------------------------------------------------------------------
    def board(self, marked: bool = True) -> Board:
        """The board as shown now; ``marked``: with the hand's marks, the waits and the automatic choices."""
        c = self.control
        board = Board(c.view, self.names, self.aka, ME, tuple(c.order.order), self.flights.hidden_pond, ui=ui_scale())
        if not marked:
            return board
        d = c.decision
        hidden = self.drag_tile if self.dragging else self.flights.hidden_tile
        return replace(board, hidden_tile=hidden, selected=c.selected, hover=self.hover_tile,
                       cursor=c.cursor_tile(), playable=self.playable(),
                       waits=self.waits_shown(), auto=tuple(auto_markers(self.app.pref)),
                       differences=self.layout.center_rect.collidepoint(self.mouse))

    def playable(self) -> frozenset[int] | None:
        """The hand tiles a click may discard now (with Riichi pressed: those that declare it), None when
        it is not the player's turn; the others are dimmed."""
        c, d = self.control, self.control.decision
        if not c.turn or d is None:
            return None
        return frozenset(d.riichi if c.riichi_ticked and d.riichi else d.discards)

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(tile, rect) of each of the player's concealed tiles on screen."""
        return self.painter.hand_rects(self.app.size, self.board(marked=False), self.tileset)

    # the player's widgets -------------------------------------------------------------------
    def relayout(self) -> None:
        """Buttons and check boxes for the current decision, placed for the window size."""
        lay = self.layout
        row = lay.buttons_rect
        self.menu_button.rect = pygame.Rect(lay.width - lay.margin - 90, lay.margin, 90, max(26, lay.button_h * 3 // 4))
        self.buttons = []
        self.riichi_button = None
        c = self.control
        d = c.decision
        bh = row.h
        x = row.right
        icon_h = max(16, int(bh * 0.7))
        if d is not None:
            specs = list(reversed(d.options))
            if self.app.pref("confirm_discard") and c.selected is not None:
                specs.insert(0, None)  # the Confirm button, rightmost
            for opt in specs:
                if opt is None:
                    b = Button((0, 0, 0, bh), N_("Confirm"), c.confirm_selected, color=(60, 130, 80), intent="confirm")
                    label_w = text(tr("Confirm"), max(12, bh // 2), bold=True).get_width()
                    w = label_w + bh
                else:
                    icon = _tiles_icon(self.tileset, opt.tiles, icon_h, self.aka) if opt.tiles else None
                    label_w = text(tr(opt.label), max(12, bh // 2), bold=True).get_width()
                    w = label_w + bh + (icon.get_width() + 6 if icon else 0)
                    color = {"Ron": (170, 60, 50), "Tsumo": (170, 60, 50), "Pass": (80, 86, 96)}.get(opt.label,
                                                                                                  THEME["button"])
                    b = Button((0, 0, 0, bh), opt.label, self._sender(opt.action), opt.tooltip, color, icon,
                               "pass" if opt.label == "Pass" else None)
                    b.action = opt.action
                x -= w + lay.margin
                b.rect = pygame.Rect(x, row.y, w, bh)
                self.buttons.append(b)
            if d.riichi_offered:
                w = text(tr("Riichi"), max(12, bh // 2), bold=True).get_width() + bh
                x -= w + lay.margin
                self.riichi_button = Toggle((x, row.y, w, bh), N_("Riichi"), c.riichi_ticked, self._tick_riichi,
                                            N_("Press, then discard: declare riichi with that discard."),
                                            (200, 120, 40), "review")
        self.reorder_buttons = []
        if self.app.pref("tile_reordering"):
            slots = self.hand_rects()
            body = [r for t, r in slots if t != self.control.view.drawn]
            h = lay.reorder_h
            y = lay.hand_y + lay.hand_h + 2
            if body:
                self.reorder_buttons.append(Button((body[0].x - h * 2 - 6, y - h, h * 2, h * 2), "A-Z",
                                                   self.control.order.sort, N_("Sort the hand again")))

    def _sender(self, action: Any) -> Any:
        return lambda: self.control.submit(action)

    def _tick_riichi(self, ticked: bool) -> None:
        self.control.tick_riichi(ticked)
        self.refresh()

    # input -----------------------------------------------------------------------------------
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.mouse = ev.pos
            if self.hushed_tip and self.tip_under_mouse() != self.hushed_tip:
                self.hushed_tip = ""
        elif ev.kind == "press":
            self.hushed_tip = self.tip_under_mouse()
        if self.menu_button.handle(ev):
            return
        if self.guide.current and self.guide_button.handle(ev):
            return
        if self.coach.handle(ev):
            return
        if ev.intent == "help":
            self.open_help()
            return
        if ev.intent == "settings":
            self.open_settings()
            return
        if ev.intent == "keys":
            self.app.open("keys")
            return
        if ev.intent == "yaku_book":
            self.app.open("yaku_book", self.setup.rules)
            return
        if self.riichi_button is not None and self.riichi_button.handle(ev):
            return
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.intent == "option":
            by_place = sorted(self.buttons, key=lambda b: b.rect.x)
            n = option_number(ev)
            if n is not None and n <= len(by_place):
                by_place[n - 1].click()
            return
        for b in self.reorder_buttons:
            if b.handle(ev):
                self.relayout()
                return
        if self.drag_hand(ev):
            return
        if ev.kind == "move":
            self.hover_tile = next((t for t, r in self.hand_rects() if r.collidepoint(ev.pos)), None)
        if ev.kind == "press" and ev.intent == "choose":
            hit = next((t for t, r in self.hand_rects() if r.collidepoint(ev.pos)), None)
            if hit is not None:
                self.control.discard_tile(hit)
        elif ev.intent in ("left", "right"):
            self.control.move_cursor(1 if ev.intent == "right" else -1)
        elif ev.intent == "confirm":
            self.control.discard_at_cursor()

    def drag_hand(self, ev: Input) -> bool:
        """With tile reordering on, a hand tile is dragged to a new place; a press and release without
        moving is a click on it (a discard). Whether ``ev`` was used."""
        if not self.app.pref("tile_reordering"):
            return False
        if ev.kind == "press" and ev.intent == "choose":
            self.drag_tile = next((t for t, r in self.hand_rects() if r.collidepoint(ev.pos)), None)
            self.dragging = False
            return self.drag_tile is not None
        if self.drag_tile is None:
            return False
        tile = self.drag_tile
        if ev.kind == "move":
            self.mouse = ev.pos
            start = dict(self.hand_rects()).get(tile)
            if not self.dragging and start is not None and not start.inflate(start.w // 2, start.h).collidepoint(ev.pos):
                self.dragging = tile in self.control.order.order  # the drawn tile stays apart: it is not dragged
            if self.dragging:
                body = [r for t, r in self.hand_rects() if t in self.control.order.order and t != tile]
                if self.control.order.move(tile, sum(r.centerx < ev.pos[0] for r in body)):
                    self.refresh()
            return True
        if ev.kind == "release":
            self.drag_tile = None
            if self.dragging:
                self.dragging = False
                self.refresh()
            elif dict(self.hand_rects()).get(tile, pygame.Rect(0, 0, 0, 0)).collidepoint(ev.pos):
                self.control.discard_tile(tile)
            return True
        return False

    # waits -------------------------------------------------------------------------------------
    def waits_shown(self) -> tuple[str, list[tuple[int, int]]]:
        """A caption and the (kind, copies unseen) of the player's waits, when the hand is ready.

        With 13 tiles (or 13 less three per meld): the hand's waits. On the player's own turn:
        the waits after discarding the tile under the mouse, or else the drawn tile; nothing
        when the hand may win by tsumo.
        """
        view = self.control.view
        if not self.app.pref("show_waits"):
            return "", []
        caption = tr("Waits:")
        left_out = None
        if len(view.hand) % 3 == 2:
            if any(a.type == "tsumo" for a in view.legal_actions):
                return "", []  # the hand is complete: no discard is advised over the win
            left_out = self.hover_tile if self.hover_tile in view.hand else view.drawn
            if left_out is None:
                return "", []
            caption = tr("Discard {tile}, wait on:").format(tile=tile_words(left_out >> 2))
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
        """The tooltip under the mouse, if any, unless what it explains was just clicked."""
        tip = self.tip_under_mouse()
        return "" if tip == self.hushed_tip else tip

    def tip_under_mouse(self) -> str:
        """The tooltip of what is under the mouse."""
        pos = self.mouse
        box = [self.riichi_button] if self.riichi_button else []
        for w in [*self.buttons, *self.reorder_buttons, *self.coach.widgets(), *box]:
            if w.rect.collidepoint(pos) and w.tooltip:
                return w.tooltip
        hit: Hit | None = next((h for h in self.painter.hits if h.rect.collidepoint(pos)), None)
        return hit.tip if hit else ""

    def frame_state(self) -> Any:
        c = self.control
        tip = self.current_tip()
        widgets = tuple((b.label, b.hover, tuple(b.rect))
                        for b in [*self.buttons, *self.reorder_buttons, self.menu_button])
        box = (self.riichi_button.checked, self.riichi_button.hover) if self.riichi_button is not None else None
        return (id(c.view), id(self.app.prefs), self._tileset_name, self.flights.hidden_pond, c.selected,
                self.hover_tile, c.cursor, c.message, c.error, tuple(c.order.order), tip, self.mouse if tip else None,
                widgets, box, id(c.decision), tuple(self.flights.flying), c.clock_label(), self.clock_step(),
                self.layout.center_rect.collidepoint(self.mouse),
                self.guide.current, self.guide_button.hover, self.coach.state(),
                self.mouse if self.dragging else None, self.banners.state())

    def partial_rects(self) -> list[Any]:
        return self.flights.partial_rects()

    def compose(self) -> list[Op]:
        """This frame's drawing operations, bottom first: the board, the flights, widgets, messages."""
        lay = self.layout
        c = self.control
        cv = Canvas()
        cv.extend(self.painter.paint(self.app.size, self.board(), self.tileset))
        self.flights.paint(cv)
        self.banners.paint(cv, lay)
        self.draw_clock(cv, lay)
        for b in self.buttons:
            widget_op(cv, b)
        if self.riichi_button is not None:
            widget_op(cv, self.riichi_button)
        for b in self.reorder_buttons:
            widget_op(cv, b)
        widget_op(cv, self.menu_button)
        if self.dragging and self.drag_tile is not None:
            self.draw_dragged(cv, lay, self.drag_tile)
        if c.message:
            self.draw_message(cv, lay, c.message)
        if c.error:
            cv.text(c.error, (lay.margin, lay.margin), 18, THEME["danger"], True)
        self.draw_guide(cv, lay)
        guide_right = self.guide.current and self.guide_area.centerx > lay.center[0]  # both in one strip
        area = coach_area(lay, self.guide_area if guide_right else None, self.painter.hand_anchor.get((ME + 1) % 4))
        self.coach.draw(cv, lay, area, self.tileset, self.aka,
                        self.hover_tile if self.hover_tile is not None else c.cursor_tile())
        self.draw_tooltip(cv)
        return cv.ops

    def draw_dragged(self, cv: Canvas, lay: Layout, tile: int) -> None:
        """The dragged tile under the mouse, lifted over its shadow."""
        img = self.tileset.tile(tile, lay.hand_h, 0, self.aka)
        r = img.get_rect(center=self.mouse)
        cv.panel(r.move(lay.hand_w // 8, lay.hand_h // 8), (8, 14, 20), None, 6)
        cv.blit(img, r)

    def draw_message(self, cv: Canvas, lay: Any, message: str) -> None:
        """The table's message, wrapped to fit the window, in the free band between the top hand
        and the top pond's third row."""
        size = lay.text_size(1 / 3, 16)
        lines = [text(line, size, THEME["text"], True) for line in wrap(message, size, int(lay.width * 0.8), True)]
        width, height = max(img.get_width() for img in lines), sum(img.get_height() for img in lines)
        top_pond = lay.center_rect.top - lay.pond_gap - 3 * lay.pond_h
        r = pygame.Rect(0, 0, width, height)
        r.center = (lay.width // 2, (lay.margin + lay.opp_h + top_pond) // 2)
        r.clamp_ip(pygame.Rect((0, 0), self.app.size).inflate(-24, -12))
        cv.panel(r.inflate(24, 12), (20, 22, 28), THEME["accent"], 8)
        y = r.top
        for img in lines:
            cv.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += img.get_height()

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

    def clock_step(self) -> int | None:
        """How much of the call time-out is left, in steps of ``CLOCK_STEPS`` (None: no time limit running)."""
        left, total = self.control.call_clock, getattr(self.setup.rules, "call_timeout", 0)
        if left is None or not total or self.control.decision is None:
            return None
        return max(0, min(CLOCK_STEPS, math.ceil(left / total * CLOCK_STEPS)))

    def draw_clock(self, cv: Canvas, lay: Layout) -> None:
        """The call time-out still to run, left of the buttons: its seconds and a thin arc that shrinks."""
        label = self.control.clock_label()
        if label and self.buttons:
            left = min(b.rect.x for b in self.buttons)
            words = cv.text(label, (left - 12, lay.buttons_rect.centery), max(14, lay.button_h // 2),
                            THEME["accent"], True, "midright")
            step = self.clock_step()
            if step is not None:
                radius = max(8, lay.button_h * 2 // 5)
                area = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                area.midright = (words.x - 8, words.centery)
                share = step / CLOCK_STEPS
                cv.call(area, ("clock", step), lambda s, r=area, k=share: _clock_arc(s, r, k))

    def guide_rect(self, lay: Layout, height: int) -> pygame.Rect:
        """Where the guide's hint goes: the free strip left of the left seat's hand, at its top (the coach
        keeps the right one)."""
        panel = lay.free_strip(0)
        return pygame.Rect(panel.x, panel.y, panel.w, height)

    def draw_guide(self, cv: Canvas, lay: Layout, place: pygame.Rect | None = None) -> None:
        """The first-game guide's hint on screen, with its Got it button; ``place`` (its left, top and width)
        when a screen over the table shows it. A hint about a result waits for the result screen."""
        code = self.guide.current
        if code is None or (place is None and code in RESULT_HINTS):
            return
        size = max(14, lay.height // 50)
        line_h = text("Ag", size).get_height()
        pad = lay.margin + 4
        spot = place if place is not None else self.guide_rect(lay, 0)
        lines = wrap(tr(HINTS[code]), size, spot.w - 2 * pad)
        area = pygame.Rect(spot.x, spot.y, spot.w, (len(lines) + 1) * line_h + lay.button_h + 3 * pad)
        cv.panel(area, (24, 30, 40), THEME["accent"], 8)
        self.guide_area = area
        x, y = area.x + pad, area.y + pad
        cv.text(tr(GUIDE_TITLE), (x, y), size, THEME["accent"], True)
        for line in lines:
            y += line_h
            cv.text(line, (x, y), size)
        bw = max(90, text(tr("Got it"), size, bold=True).get_width() + 24)
        self.guide_button.rect = pygame.Rect(area.right - pad - bw, area.bottom - pad - lay.button_h, bw, lay.button_h)
        widget_op(cv, self.guide_button)

    def draw_tooltip(self, cv: Canvas) -> None:
        tip = self.current_tip()
        if tip:
            # a choice's button sits over the hand: its tooltip goes above the buttons, the hand stays in view
            pressed = [*self.buttons, *self.reorder_buttons]
            button = next((b.rect for b in pressed if b.rect.collidepoint(self.mouse)), None)
            tooltip_op(cv, tip, self.mouse, self.app.size, max(16, int(self.app.size[1] // 48 * ui_scale())), button)
