"""Things moving over the table for a moment: a flying tile, or a glow that fades.

``Flights`` is the table's animation queue. A flight is asked for when its event is shown
(a discard, a draw, a call, a riichi, a new dora) and started once the next view is painted,
since only then is its landing place known. Where things lie on screen it reads from the
``Stage`` (the table screen: its layout, tile set, board painter and hand).
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from render.canvas import Canvas
from render.layout import ROTATION, Layout, relative
from render.table_view import BoardPainter
from render.tween import Animator, animate_discard, animate_draw
from render.widgets import THEME

__all__ = ["Flight", "Flights", "Stage"]


class Flight:
    """A tile (or a glow) moving on top of the board: drawn where its tweens say."""

    def __init__(self, image: pygame.Surface | None, rest: pygame.Rect, landed: Any, hides: int | None = None) -> None:
        self.image = image
        self.rest = rest
        self.landed = landed
        self.hides = hides
        self.prev: pygame.Rect | None = None

    def rect_now(self, anim: Any, sid: str) -> pygame.Rect:
        x, y = anim.value(sid, "pos", self.rest.topleft)
        return pygame.Rect(int(x), int(y), self.rest.w, self.rest.h).inflate(6, 6)

    def area_key(self, anim: Any, sid: str) -> tuple[pygame.Rect, tuple[Any, ...]]:
        """Where it is drawn now, and a key that changes whenever its look there changes."""
        alpha = float(anim.value(sid, "alpha", 1.0))
        if self.image is None:
            return pygame.Rect(self.rest), ("glow", sid, int(230 * alpha) if alpha > 0.02 else 0)
        x, y = anim.value(sid, "pos", self.rest.topleft)
        shown = 255 if alpha >= 0.99 else int(255 * max(0.0, alpha))
        return pygame.Rect(int(x), int(y), *self.image.get_size()), ("tile", sid, id(self.image), shown)

    def draw(self, surface: pygame.Surface, anim: Any, sid: str) -> None:
        alpha = float(anim.value(sid, "alpha", 1.0))
        if self.image is None:  # a glow around a new meld, fading out
            if alpha > 0.02:
                glow = pygame.Surface(self.rest.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*THEME["accent"], int(230 * alpha)), glow.get_rect(), 4, border_radius=6)
                surface.blit(glow, self.rest)
            return
        x, y = anim.value(sid, "pos", self.rest.topleft)
        if alpha < 0.99:
            image = self.image.copy()
            image.set_alpha(int(255 * max(0.0, alpha)))
        else:
            image = self.image
        surface.blit(image, (int(x), int(y)))


class Stage(Protocol):
    """Where the board's parts lie on screen now: what flights start from and land on."""

    painter: BoardPainter
    tileset: Any

    @property
    def layout(self) -> Layout: ...

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]: ...


class Flights:
    """The animation queue over the table: asked for by event, started with the next view."""

    def __init__(self, stage: Stage, speed: str | float, me: int, aka: bool) -> None:
        self.stage = stage
        self.anim = Animator(speed)
        self.me = me
        self.aka = aka
        self.flying: dict[str, Flight] = {}
        self.waiting: list[tuple[str, Any]] = []
        """Flights whose landing place is known only once the next view is painted."""
        self.hidden_pond: tuple[int, int] | None = None
        """(seat, index) of the discard in flight: the board leaves it out until it lands."""

    @property
    def hidden_tile(self) -> int | None:
        """The hand tile in flight (the drawn tile sliding in): the board leaves it out until it lands."""
        flight = self.flying.get("draw")
        return flight.hides if flight is not None else None

    def set_speed(self, speed: str | float) -> None:
        self.anim.set_speed(speed)

    # asked for, as events are shown ---------------------------------------------------
    def discarded(self, seat: int, tile: int, riichi: bool, index: int) -> None:
        """``seat``'s discard flies from its hand to place ``index`` of its pond."""
        if self.anim.scale == 0:
            return
        stage = self.stage
        lay = stage.layout
        if seat == self.me:
            start = next((r.topleft for t, r in stage.hand_rects() if t == tile), (lay.width // 2, lay.hand_y))
        else:
            anchor = stage.painter.hand_anchor.get(seat)
            start = anchor.center if anchor is not None else lay.center
        self.hidden_pond = (seat, index)
        self.waiting.append(("discard", (tile, relative(seat, self.me), riichi, start, index, seat)))

    def called(self, seat: int, called: int | None, pond: tuple[int, int] | None) -> None:
        """``seat``'s new meld glows; the called tile flies to it from ``pond`` ((seat, index), None: from no pond)."""
        if self.anim.scale == 0:
            return
        start = self.stage.painter.pond_rects.get(pond) if pond is not None else None
        self.waiting.append(("call", (seat, called, start)))

    def drawn(self, tile: int) -> None:
        """The player's drawn tile slides in from the wall."""
        if self.anim.scale == 0:
            return
        self.waiting.append(("draw", tile))

    def glow(self, what: str, seat: int | None = None) -> None:
        """A glow over ``seat``'s last discard ("pond") or the newest dora indicator ("dora")."""
        self.waiting.append(("glow", (what, seat)))

    # started, once the view that holds their landing places is painted ----------------
    def launch(self, view: Any) -> None:
        """Start the flights that waited for ``view`` (their landing places are known now)."""
        for sid, info in self.waiting:
            if sid == "discard":
                self._launch_discard(*info)
            elif sid == "draw":
                self._launch_draw(view, info)
            elif sid == "glow":
                self._launch_glow(view, *info)
            elif sid == "call":
                self._launch_call(*info)
        self.waiting = []

    def _launch_discard(self, tile: int, pos: int, riichi: bool, start: Any, index: int, seat: int) -> None:
        lay = self.stage.layout
        rect = self.stage.painter.pond_rects.get((seat, index))
        if rect is None:
            self.hidden_pond = None
            return
        rot = (ROTATION[pos] + (90 if riichi else 0)) % 360
        image = self.stage.tileset.tile(tile, lay.pond_h, rot, self.aka)

        def landed(seat: int = seat, index: int = index) -> None:
            if self.hidden_pond == (seat, index):
                self.hidden_pond = None  # the board shows it from now on
        self.flying["discard"] = Flight(image, rect, landed)
        animate_discard(self.anim, "discard", start, rect.topleft)

    def _launch_draw(self, view: Any, tile: int) -> None:
        lay = self.stage.layout
        rect = next((r for t, r in self.stage.hand_rects() if t == tile), None)
        if rect is None or view.drawn != tile:
            return
        self.flying["draw"] = Flight(self.stage.tileset.tile(tile, lay.hand_h, 0, self.aka), rect, None, hides=tile)
        animate_draw(self.anim, "draw", (rect.x, lay.hand_y - lay.hand_h), rect.topleft)

    def _launch_glow(self, view: Any, what: str, seat: int | None) -> None:
        painter = self.stage.painter
        if what == "pond":
            rect = painter.pond_rects.get((seat, len(view.discards[seat]) - 1))
        else:
            rect = painter.dora_rects[-1] if painter.dora_rects else None
        if rect is not None and self.anim.scale > 0:
            glow_id = f"glow-{what}"
            self.flying[glow_id] = Flight(None, rect.inflate(10, 10), None)
            self.anim.fade(glow_id, 1.0, 0.0, 0.9)

    def _launch_call(self, seat: int, called: int | None, start: pygame.Rect | None) -> None:
        lay = self.stage.layout
        melds = self.stage.painter.meld_rects.get(seat) or []
        if not melds:
            return
        target = melds[-1]
        self.flying["glow"] = Flight(None, target.inflate(8, 8), None)
        self.anim.fade("glow", 1.0, 0.0, 0.6)
        if start is not None and called is not None:
            pos = relative(seat, self.me)
            h = lay.meld_h if seat == self.me else lay.opp_h
            image = self.stage.tileset.tile(called, h, (ROTATION[pos] + 90) % 360, self.aka)
            end = image.get_rect(center=target.center)
            self.flying["call"] = Flight(image, end, None)
            self.anim.move("call", start.topleft, end.topleft, 0.28)
            self.anim.fade("call", 1.0, 0.0, 0.28)

    # each frame -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the tweens; a flight that arrived is dropped (and its landing runs)."""
        for sid in self.anim.update(dt):
            flight = self.flying.pop(sid, None)
            if flight is not None and flight.landed is not None:
                flight.landed()

    def partial_rects(self) -> list[pygame.Rect]:
        """The areas the flights cover now and covered at the last frame."""
        rects = []
        for sid, flight in self.flying.items():
            now = flight.rect_now(self.anim, sid)
            rects.append(now.union(flight.prev) if flight.prev is not None else now)
            flight.prev = now
        return rects

    def paint(self, cv: Canvas) -> None:
        """Each flight where it is now, over the board."""
        for sid, flight in self.flying.items():
            area, key = flight.area_key(self.anim, sid)
            cv.call(area, key, lambda s, f=flight, i=sid: f.draw(s, self.anim, i), flight.image)
