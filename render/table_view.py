"""The board painter: the table drawn from a read-only ``Board`` (a seat's view and how the
player's own hand is marked): ponds, melds, hands, the centre and the nameplates.

Live play, a replay and a review share it: each hands it a ``Board`` and gets drawing
operations (``render.canvas``). The painter decides no rule and reads nothing but the board.
What changes only with the view (all but the player's own concealed tiles and nameplate) is
recorded once per view and kept; the hover regions for tooltips and the places of the ponds,
melds and hands are noted as it paints, for the screen's tooltips and flying tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.tiles import dora_from_indicator, kind_name, kind_of
from render.canvas import Canvas, Op
from render.hand_view import hand_slots
from render.layout import ROTATION, TILE_ASPECT, Layout, layout_for, relative
from render.table_parts import seat_plate, soft_shadow, standing_tile, stick
from render.widgets import THEME, draw_panel, fitted_size, text
from render.i18n import N_, number, series, tr, trn
from render.words import round_label, tile_words, wind_words

__all__ = ["Board", "Hit", "BoardPainter", "as_meld_dict", "blocks", "meld_tiles", "melds_row", "plate_label", "turn_seat"]


@dataclass(frozen=True)
class Board:
    """What the board shows: a seat's view of the table and how the player's own hand is marked.

    Live play fills the marks from the decision in progress; a replay or a review passes a
    recorded view and keeps the defaults.
    """

    view: Any
    """The seat's view (``game.table.view``): ponds, melds, hand sizes, scores, its own hand."""
    names: Sequence[str]
    aka: bool = True
    """Red fives in play (drawn red)."""
    me: int = 0
    """The seat at the bottom of the screen (the view's own)."""
    order: tuple[int, ...] | None = None
    """The concealed tiles left to right as the player keeps them, the drawn tile apart (None: sorted)."""
    hidden_pond: tuple[int, int] | None = None
    """(seat, index) of a discard still flying to its pond: left out until it lands."""
    hidden_tile: int | None = None
    """A hand tile still flying in (the drawn tile): left out until it lands."""
    playable: frozenset[int] | None = None
    """On the player's turn, the tiles the engine lets go (the others are shaded); None otherwise."""
    selected: int | None = None
    """The tile chosen for discarding (outlined)."""
    hover: int | None = None
    """The tile under the mouse."""
    cursor: int | None = None
    """The tile under the keyboard cursor."""
    waits: tuple[str, Sequence[tuple[int, int]]] = ("", ())
    """A caption and (kind, copies unseen) of each wait, shown above the plate (none: nothing shown)."""
    auto: Sequence[str] = ()
    """The automatic choices that are on, shown above the plate."""
    open_hands: tuple[tuple[int, ...], ...] | None = None
    """Each seat's concealed tiles (the drawn tile last), shown face up instead of the backs: a replay
    showing every hand. None: the other seats' hands are hidden, as in play."""
    differences: bool = False
    """The pointer is on the centre panel: the other seats' plates show their points less the player's."""
    ui: float = 1.0
    """The UI scale (texts and buttons)."""

    def hand_order(self) -> Sequence[int]:
        """The concealed tiles in the order shown, the drawn tile apart."""
        if self.order is not None:
            return self.order
        return sorted(t for t in self.view.hand if t != self.view.drawn)


WALL_STACKS = 68
"""The wall's stacks of two tiles (136 tiles)."""

DEAD_STACKS = 7
"""The dead wall's stacks (its 14 tiles stay, a kan's replacement made good from the live wall)."""

SHADOW = (12, 26, 38)
"""A tile's shadow on the felt."""

IVORY_EDGE = (206, 196, 172)
"""The ivory layer of a tile seen at its edge."""

MELD_WORDS = {"chi": N_("Chi"), "pon": N_("Pon"), "daiminkan": N_("Open kan"), "shouminkan": N_("Added kan"),
              "ankan": N_("Closed kan")}
DEALER = N_("Dealer")
FROM_SIDE = {1: N_("{meld}: {tile} called from {name} (on the right)."),
             2: N_("{meld}: {tile} called from {name} (across)."),
             3: N_("{meld}: {tile} called from {name} (on the left).")}
"""A meld's tooltip by the side its called tile came from."""

def plate_label(name: str, view: Any, me: int = 0) -> tuple[str, tuple[int, int, int]]:
    """The player's name as the plate shows it: in furiten it turns red and says so."""
    if view.furiten:
        return tr("{name} (furiten)").format(name=name), THEME["furiten"]
    return name, THEME["accent"] if view.dealer == me else THEME["text"]


@dataclass(frozen=True)
class Hit:
    """A hover region and its tooltip."""

    rect: pygame.Rect
    tip: str


def as_meld_dict(meld: Any) -> dict[str, Any]:
    """A meld as a dict, whether it comes as a ``Meld`` (a view) or a dict (an event)."""
    if isinstance(meld, dict):
        return meld
    return {"type": meld.type, "tiles": list(meld.tiles), "called": meld.called, "from_seat": meld.from_seat,
            "added": meld.added}


def meld_tiles(meld: Any, owner: int) -> list[tuple[int, bool, bool, bool]]:
    """A meld's tiles left to right as the owner sees them: (tile, sideways, face_down, stacked).

    The called tile lies sideways toward the seat it came from: first from the left, middle
    from across, last from the right. An added kan's extra tile follows its sideways tile
    (``stacked``: drawn on top of it). A closed kan shows its outer tiles face down.
    """
    meld = as_meld_dict(meld)
    tiles = list(meld["tiles"])
    mtype = meld["type"]
    if mtype == "ankan":
        return [(t, False, i in (0, 3), False) for i, t in enumerate(tiles)]
    called = meld["called"]
    added = meld.get("added")
    rest = [t for t in tiles if t not in (called, added)]
    rel = (meld["from_seat"] - owner) % 4
    if rel == 3:
        index = 0
    elif rel == 2:
        index = 1
    else:
        index = len(rest)
    out: list[tuple[int, bool, bool, bool]] = [(t, False, False, False) for t in rest]
    out.insert(index, (called, True, False, False))
    if mtype == "shouminkan" and added is not None:
        out.insert(index + 1, (added, True, False, True))
    return out


def blocks(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` joined into as few rectangles as possible where they touch edge to edge: side by side with
    the same top and height, then one above another with the same left and width (tiles in rows).

    >>> blocks([pygame.Rect(0, 0, 10, 20), pygame.Rect(10, 0, 10, 20), pygame.Rect(0, 20, 20, 20)])
    [Rect(0, 0, 20, 40)]
    """
    rows: list[pygame.Rect] = []
    for r in sorted(rects, key=lambda r: (r.y, r.h, r.x)):
        if rows and rows[-1].y == r.y and rows[-1].h == r.h and rows[-1].right == r.x:
            rows[-1].w += r.w
        else:
            rows.append(r.copy())
    out: list[pygame.Rect] = []
    for r in sorted(rows, key=lambda r: (r.x, r.w, r.y)):
        if out and out[-1].x == r.x and out[-1].w == r.w and out[-1].bottom == r.y:
            out[-1].h += r.h
        else:
            out.append(r)
    return out


def melds_row(surface: pygame.Surface, ts: Any, x: int, y: int, melds: Sequence[Any], owner: int, height: int,
              aka: bool = True) -> int:
    """A seat's melds in a row from ``x`` (their called tiles sideways, a closed kan's ends face down), their
    bottoms on the line ``y + height``; returns the right end."""
    tw = ts.size(height)[0]
    for meld in melds:
        x += tw // 2
        for tile, side, down, stacked in meld_tiles(meld, owner):
            if stacked:
                x -= height
            img = ts.back(height) if down else ts.tile(tile, height, 90 if side else 0, aka)
            yy = y + height - img.get_height() - (tw if stacked else 0)
            surface.blit(img, (x, yy))
            x += img.get_width()
    return x


def turn_seat(view: Any) -> int | None:
    """The seat whose turn it is, from what any position shows: the seat holding a tile to discard, else the
    seat whose discard is on the table (the others may call it); None between hands."""
    holding = [s for s in range(4) if view.hand_sizes[s] % 3 == 2]
    if holding:
        return holding[0]
    return view.last_discard[0] if view.last_discard is not None else None


class BoardPainter:
    """Paints a ``Board``; keeps the layer of the last view painted and where its parts lie."""

    def __init__(self) -> None:
        self.key: Any = None
        self.ops: list[Op] = []
        self.size: tuple[int, int] = (0, 0)
        self._view: Any = None
        self.hits: list[Hit] = []
        self.pond_rects: dict[tuple[int, int], pygame.Rect] = {}
        self.hand_anchor: dict[int, pygame.Rect] = {}
        self.meld_rects: dict[int, list[pygame.Rect]] = {}
        self.dora_rects: list[pygame.Rect] = []
        self.seat_plates: dict[int, pygame.Rect] = {}
        """Each seat's plate in the centre panel (wind and points)."""
        self.name_plates: dict[int, pygame.Rect] = {}
        """Each other seat's nameplate beside its hand."""
        self.riichi_sticks: dict[int, pygame.Rect] = {}
        """The riichi stick in front of each seat in riichi."""
        self.wall_rows: list[pygame.Rect] = []
        """The four rows of the wall's square in the centre panel."""
        self.lit: int | None = None
        """The seat whose turn it is (its plates lit)."""
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[Any, ...] = ()
        self._shades: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
        self._labels: dict[tuple[Any, ...], pygame.Surface] = {}
        self._flats: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}
        self._parts: dict[tuple[Any, ...], pygame.Surface] = {}
        self._rims: dict[str, tuple[int, int, int]] = {}

    def paint(self, size: tuple[int, int], board: Board, tileset: Any) -> list[Op]:
        """The whole board's drawing operations: the kept layer, then the player's hand and nameplate."""
        cv = Canvas()
        cv.extend(self.layer(size, board, tileset))
        lay = layout_for(size, board.ui)
        if board.differences:
            self._differences(cv, board)
        self._own_hand(cv, size, board, tileset)
        self._own_plate(cv, lay, board, tileset)
        return cv.ops

    def layer(self, size: tuple[int, int], board: Board, tileset: Any) -> list[Op]:
        """All but the player's concealed tiles and nameplate (kept: recorded again only when the view changes)."""
        view, names, aka, me = board.view, board.names, board.aka, board.me
        key = (size, id(view), tuple(names), tileset.name, aka, board.hidden_pond, me, board.open_hands, board.ui)
        if key == self.key:
            return self.ops
        lay = layout_for(size, board.ui)
        cv = Canvas()
        self.size = size
        self.hits = []
        self.pond_rects = {}
        self.hand_anchor = {}
        self.meld_rects = {}
        self.dora_rects = []
        self.seat_plates = {}
        self.name_plates = {}
        self.riichi_sticks = {}
        self.wall_rows = []
        self.lit = turn_seat(view)
        cv.blit(self._background(size, lay), (0, 0))
        self._center(cv, lay, view, tileset, aka, me)
        hands = Canvas()  # first: a hand's picture is opaque (the felt and its shadow around it)
        rest = Canvas()
        for seat in range(4):
            pos = relative(seat, me)
            self._pond(rest, lay, view, seat, pos, tileset, aka, board.hidden_pond)
            self._melds(rest, lay, view, seat, pos, tileset, aka, names, me)
            if pos != 0:
                shown = board.open_hands[seat] if board.open_hands is not None else None
                self._opponent_hand(hands, lay, view, seat, pos, tileset, shown, aka)
                self._nameplate(rest, lay, view, seat, pos, names)
        cv.extend(hands.ops)
        cv.extend(rest.ops)
        for seat in range(4):  # over the near edge of the top river's tiles
            if view.riichi[seat]:
                self._riichi_stick(cv, lay, seat, relative(seat, me))
        self.key = key
        self.ops = cv.ops
        self._view = view  # held, so that no later view can take its id while the key names it
        return self.ops

    def hand_rects(self, size: tuple[int, int], board: Board, tileset: Any) -> list[tuple[int, pygame.Rect]]:
        """(tile, rect) of each of the player's concealed tiles, left to right, clear of the player's melds."""
        self.layer(size, board, tileset)  # where the melds lie in this view
        lay = layout_for(size, board.ui)
        melds = self.meld_rects.get(board.me)
        limit = min(r.x for r in melds) if melds else None
        return hand_slots(lay, board.hand_order(), board.view.drawn, tileset.size(lay.hand_h)[0], limit)

    def _background(self, size: tuple[int, int], lay: Layout) -> pygame.Surface:
        """The felt (a table lit in the middle, darker towards the window's edges) and the centre panel,
        drawn once per layout."""
        if self._bg is None or self._bg_key != (size, lay.ui):
            bg = pygame.Surface(size)
            bg.fill(THEME["felt_dark"])
            cx, cy = lay.center
            half = size[0] / 2 - lay.margin  # the felt fills the window; the strips beside the hands hold panels
            table = pygame.Rect(int(cx - half), -lay.opp_h, int(2 * half), size[1] + 2 * lay.opp_h)
            steps = 6
            for i in range(steps):  # a soft edge: bands from the dark surround to the felt
                k = (i + 1) / steps
                color = tuple(int(d + (f - d) * k) for d, f in zip(THEME["felt_dark"], THEME["felt"]))
                grow = (steps - 1 - i) * max(2, lay.margin // 2)
                pygame.draw.rect(bg, color, table.inflate(grow, grow), border_radius=lay.opp_h)
            glow = lay.center_rect.inflate(lay.center_rect.w, lay.center_rect.h)
            for i in range(4):  # the middle of the table a little brighter
                k = (i + 1) / 4
                color = tuple(min(255, int(f + 6 * k)) for f in THEME["felt"])
                pygame.draw.ellipse(bg, color, glow.inflate(-glow.w * i // 5, -glow.h * i // 5))
            shadow = soft_shadow(lay.center_rect.size, max(4, lay.margin), 110)  # drawn once per size
            bg.blit(shadow, (lay.center_rect.x - max(4, lay.margin) + 3, lay.center_rect.y - max(4, lay.margin) + 4))
            draw_panel(bg, lay.center_rect, (16, 30, 42), (70, 96, 112), max(8, lay.center_rect.h // 16))
            self._bg = bg.convert() if pygame.display.get_surface() else bg
            self._bg_key = (size, lay.ui)
        return self._bg

    def flat(self, image: pygame.Surface) -> pygame.Surface:
        """The tile image laid on the felt: an opaque copy that blits several times faster."""
        entry = self._flats.get(id(image))
        if entry is None or entry[0] is not image:
            flat = pygame.Surface(image.get_size())
            flat.fill(THEME["felt"])
            flat.blit(image, (0, 0))
            if pygame.display.get_surface() is not None:
                flat = flat.convert()
            if len(self._flats) > 2000:
                self._flats.clear()
            entry = (image, flat)
            self._flats[id(image)] = entry
        return entry[1]

    def shade(self, size: tuple[int, int], alpha: int = 46) -> pygame.Surface:
        """A cached translucent black rectangle (a tsumogiri tile, a tile that may not be discarded)."""
        shade = self._shades.get((size, alpha))
        if shade is None:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, alpha))
            self._shades[(size, alpha)] = shade
        return shade

    @staticmethod
    def depth(height: int) -> int:
        """How thick a tile of ``height`` pixels is drawn."""
        return max(2, height // 9)

    def rim(self, ts: Any) -> tuple[int, int, int]:
        """The colour of the tile set's backs, seen at a tile's edge."""
        colour = self._rims.get(ts.name)
        if colour is None:
            r, g, b, *_ = pygame.transform.average_color(ts.back(24))
            colour = (int(r * 0.8), int(g * 0.8), int(b * 0.8))
            self._rims[ts.name] = colour
        return colour

    def slab(self, cv: Canvas, rect: pygame.Rect, depth: int, ts: Any) -> None:
        """Under a tile lying face up at ``rect``: its shadow on the felt and its thickness along the near
        edge (ivory, then the back's colour)."""
        radius = max(2, depth)
        cv.rect(SHADOW, rect.move(depth // 2 + 1, depth + 1), 0, radius)
        side = pygame.Rect(rect.x, rect.bottom - radius, rect.w, depth + radius)
        cv.rect(self.rim(ts), side, 0, radius)
        cv.rect(IVORY_EDGE, pygame.Rect(side.x, side.y, side.w, radius + depth // 2), 0, radius)

    def standing(self, cv: Canvas, rect: pygame.Rect, depth: int, ts: Any) -> None:
        """Behind a tile standing towards the player at ``rect``: its shadow and its back seen over its top."""
        radius = max(2, depth)
        cv.rect(SHADOW, rect.move(depth, depth // 2 + 1), 0, radius)
        cv.rect(self.rim(ts), pygame.Rect(rect.x, rect.y - depth, rect.w, depth + radius), 0, radius)

    def part(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface], alpha: bool = True) -> pygame.Surface:
        """A picture of ``render.table_parts`` drawn once by this painter and kept (``key`` names it);
        ``alpha``: it has see-through parts (else it is opaque, and blits faster)."""
        img = self._parts.get(key)
        if img is None:
            if len(self._parts) > 300:
                self._parts.clear()
            img = make()
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha() if alpha else img.convert()
            self._parts[key] = img
        return img

    def _label(self, label: str, size: int, color: tuple[int, int, int], rotation: int) -> pygame.Surface:
        key = (label, size, color, rotation)
        img = self._labels.get(key)
        if img is None:
            if len(self._labels) > 400:
                self._labels.clear()
            img = pygame.transform.rotate(text(label, size, color, True), rotation)
            self._labels[key] = img
        return img

    # centre ------------------------------------------------------------------------------
    def _center(self, cv: Canvas, lay: Layout, view: Any, ts: Any, aka: bool, me: int) -> None:
        """The centre panel: each seat's plate (wind and points, the seat to play lit) along its edge, a seat's
        riichi stick just outside it (in front of that seat's river), and in the middle the round, the honba and riichi sticks, the dora
        indicators and the tiles left in the wall."""
        box = lay.center_rect
        side = min(box.w, box.h)
        pad = max(3, side // 50)
        ph = max(16, int(side * 0.13))
        pw = max(ph * 3, int(side * 0.66))
        for seat in range(4):
            pos = relative(seat, me)
            wind = wind_words(view.seat_winds[seat])
            plate = self._plate_surface(seat, pos, view, ph, pw, number(view.scores[seat]), None)
            anchor = {0: "midbottom", 1: "midright", 2: "midtop", 3: "midleft"}[pos]
            spot = {0: (box.centerx, box.bottom - pad), 1: (box.right - pad, box.centery),
                    2: (box.centerx, box.top + pad), 3: (box.left + pad, box.centery)}[pos]
            rect = cv.blit(plate, plate.get_rect(**{anchor: spot}))
            self.seat_plates[seat] = rect
            tip = series([tr("{wind} seat").format(wind=wind), number(view.scores[seat])])
            if seat != me:
                tip += f" ({number(view.scores[seat] - view.scores[me], '+,')})"
            if seat == view.dealer:
                tip += f", {tr(DEALER)}"
            if view.riichi[seat]:
                tip += f", {tr('Riichi')}"
            self.hits.append(Hit(rect, tip))
        band = 3 * pad + ph + pad
        inner = box.inflate(-2 * band, -2 * band)
        ring = max(5, inner.h // 14)
        self._wall(cv, inner, ring, view, ts, me)
        inner = inner.inflate(-2 * (ring + pad), -2 * (ring + pad))
        title = round_label(view.round_wind, view.hand_index)
        counters = self._counter_words(view)
        wanted = (max(13, inner.h * 0.2 * lay.ui), max(11, inner.h * 0.11 * lay.ui),
                  max(18, min(lay.pond_h * 0.8, inner.h * 0.3, inner.w / 5 / TILE_ASPECT)))  # five dora across
        k = 1.0
        while True:  # a large UI scale: the words as large as the middle holds, clear of the wall
            fs, small, th = max(10, int(wanted[0] * k)), max(9, int(wanted[1] * k)), max(12, int(wanted[2] * k))
            fs = fitted_size(title, fs, inner.w, True)
            lines = self._counter_layout(counters, inner.w, small)[2]
            rows = [fs * 1.25, small * 1.45 * lines, th, small * 1.45]
            if sum(rows) + 10 <= inner.h or k < 0.3:
                break
            k *= 0.9
        tw, _ = ts.size(th)
        gap = max(2, (inner.h - sum(rows)) / 5)
        y = inner.y + gap
        cv.text(title, (box.centerx, int(y + rows[0] / 2)), fs, THEME["accent"], True, "center")
        y += rows[0] + gap
        self._counters(cv, view, counters, pygame.Rect(inner.x, int(y), inner.w, int(rows[1])), small)
        y += rows[1] + gap
        # dora indicators: five slots, the revealed ones face up
        x0 = box.centerx - (5 * tw) // 2
        for i in range(5):
            r = pygame.Rect(x0 + i * tw, int(y), tw, th)
            if i < len(view.dora_indicators):
                self.dora_rects.append(r)
                ind = view.dora_indicators[i]
                cv.blit(ts.tile(ind, th, 0, aka), r)
                dora = dora_from_indicator(kind_of(ind))
                self.hits.append(Hit(r, tr("Dora indicator {indicator}: {dora} is dora "
                                           "(each one in a winning hand adds 1 han).").format(
                                               indicator=tile_words(kind_of(ind)), dora=tile_words(dora))))
            else:
                cv.blit(ts.back(th), r)
        y += rows[2] + gap
        words = tr("Wall {n}").format(n=view.live_left)
        color = THEME["furiten"] if view.live_left <= 10 else THEME["text"]
        wall = cv.text(words, (box.centerx, int(y + rows[3] / 2)), fitted_size(words, small, inner.w, True), color,
                       True, "center")
        self.hits.append(Hit(wall.inflate(8, 6), trn("{n} tile left to draw in the live wall.", "{n} tiles left to draw in the live wall.",
                                                                 view.live_left).format(n=view.live_left)))

    def _riichi_stick(self, cv: Canvas, lay: Layout, seat: int, pos: int) -> None:
        """The 1,000-point stick a seat put down with its riichi: between the centre panel and its river,
        turned to its side, until the hand ends."""
        spot = lay.stick_rect(pos)
        length, thick = max(spot.size), min(spot.size)
        sideways = pos in (1, 3)
        img = self.part(("stick", length, thick, True, sideways), lambda: stick(length, thick, True, sideways))
        cv.rect(SHADOW, spot.move(1, 1), 0, thick // 2)
        self.riichi_sticks[seat] = cv.blit(img, spot)
        self.hits.append(Hit(spot.inflate(6, 6), tr("Riichi")))

    def _wall(self, cv: Canvas, ring: pygame.Rect, thick: int, view: Any, ts: Any, me: int) -> None:
        """The wall: a square of stacks of two (``WALL_STACKS``) just inside ``ring``, seen from above. The
        dead wall's stacks are the last ones before the break, in the back's colour with a gold line; the
        live stacks left stand before them, so the square empties from the break as tiles are drawn."""
        per_side = WALL_STACKS // 4
        slots: list[pygame.Rect] = []
        for side in range(4):  # clockwise on screen from the top left: top, right, bottom, left
            for i in range(per_side):
                if side in (0, 2):
                    w = ring.w / per_side
                    x = ring.x + (i if side == 0 else per_side - 1 - i) * w
                    y = ring.y if side == 0 else ring.bottom - thick
                    slots.append(pygame.Rect(int(x), y, max(1, int(x + w) - int(x) - 1), thick))
                else:
                    h = (ring.h - 2 * thick) / per_side
                    y = ring.y + thick + (i if side == 1 else per_side - 1 - i) * h
                    x = ring.right - thick if side == 1 else ring.x
                    slots.append(pygame.Rect(x, int(y), thick, max(1, int(y + h) - int(y) - 1)))
        dealer_side = {0: 2, 1: 1, 2: 0, 3: 3}[relative(view.dealer, me)]  # the screen side the dealer sits at
        brk = dealer_side * per_side + per_side // 3
        rim = self.rim(ts)
        top = tuple(min(255, c + 40) for c in rim)
        live = (view.live_left + 1) // 2
        for k in range(DEAD_STACKS + live):
            index = (brk - 1 - k) % WALL_STACKS
            r = slots[index]
            single = k == DEAD_STACKS + live - 1 and view.live_left % 2 == 1
            cv.rect(SHADOW, r.move(1, 1))
            cv.rect(rim if single else top, r)
            if not single:
                cv.rect(IVORY_EDGE, r.inflate(-max(2, r.w // 3), -max(2, r.h // 3)))
            if k < DEAD_STACKS:
                cv.rect(THEME["accent"], r, 1)
        tip = tr("{n} tiles left to draw in the live wall.").format(n=view.live_left)
        for side in range(4):  # the four rows of the square (its middle keeps its own tooltips)
            row = slots[side * per_side].unionall(slots[side * per_side + 1:(side + 1) * per_side])
            self.wall_rows.append(row)
            self.hits.append(Hit(row, tip))

    def _plate_surface(self, seat: int, pos: int, view: Any, ph: int, pw: int, points: str,
                       color: tuple[int, int, int] | None) -> pygame.Surface:
        """A seat's plate in the centre panel, turned towards the seat."""
        wind = wind_words(view.seat_winds[seat])
        args = (wind[:1], points, (pw, ph), seat == self.lit, seat == view.dealer, ROTATION[pos], color)
        return self.part(("plate", *args), lambda: seat_plate(*args))

    @staticmethod
    def _counter_words(view: Any) -> tuple[str, str]:
        return tr("Honba {n}").format(n=view.honba), tr("Riichi {n}").format(n=view.sticks)

    @staticmethod
    def _counter_layout(words: tuple[str, str], width: int, size: int) -> tuple[int, bool, int]:
        """(text size, sticks drawn, lines) of the honba and riichi counters in ``width``: on one line with
        their sticks, else without them, else on two lines, each as large as fits (10 at least)."""
        def wide(s: int, icons: bool, lines: int) -> int:
            items = [(3 * s if icons else 0) + text(w, s).get_width() for w in words]
            return max(items) if lines == 2 else sum(items) + 2 * s

        for icons, lines in ((True, 1), (False, 1), (True, 2)):
            for s in range(size, 9, -1):
                if wide(s, icons, lines) <= width:
                    return s, icons, lines
        return 10, False, 2

    def _counters(self, cv: Canvas, view: Any, words: tuple[str, str], area: pygame.Rect, size: int) -> None:
        """The honba and the riichi sticks on the table (``words``), each with its stick drawn when there is
        room, in ``area``."""
        size, icons, lines = self._counter_layout(words, area.w, size)
        length, thick, gap = size * 2, max(3, size // 3), size // 3
        widths = [(length + gap if icons else 0) + text(w, size).get_width() for w in words]
        if lines == 1:
            starts = [(area.centerx - (sum(widths) + 2 * size) // 2, area.centery)]
            starts.append((starts[0][0] + widths[0] + 2 * size, area.centery))
        else:
            starts = [(area.centerx - w // 2, area.y + area.h * (2 * i + 1) // 4) for i, w in enumerate(widths)]
        spots = []
        for (x, y), label_words, thousand in zip(starts, words, (False, True)):
            icon = pygame.Rect(x, y, 0, 0)
            if icons:
                icon = cv.blit(self.part(("stick", length, thick, thousand, False),
                                         lambda: stick(length, thick, thousand)), (x, y - thick // 2))
            label = cv.text(label_words, (icon.right + (gap if icons else 0), y), size, THEME["text"], False, "midleft")
            spots.append(icon.union(label).inflate(6, 6) if icons else label.inflate(6, 6))
        self.hits.append(Hit(spots[0], tr("Honba (repeat counter): {n}. Each adds 300 points to a win "
                                          "(100 from each payer on a tsumo); now {points:,} in all.").format(
                                              n=view.honba, points=300 * view.honba)))
        self.hits.append(Hit(spots[1], tr("Riichi sticks on the table: {n}, 1,000 points each "
                                          "({points:,} in all) to the next winner.").format(
                                              n=view.sticks, points=1000 * view.sticks)))

    def _differences(self, cv: Canvas, board: Board) -> None:
        """Over the other seats' plates, their points less the player's (red: ahead of the player)."""
        view, me = board.view, board.me
        for seat, rect in self.seat_plates.items():
            if seat == me:
                continue
            pos = relative(seat, me)
            diff = view.scores[seat] - view.scores[me]
            ph, pw = (rect.h, rect.w) if pos in (0, 2) else (rect.w, rect.h)
            color = THEME["furiten"] if diff > 0 else THEME["good"] if diff < 0 else None
            cv.blit(self._plate_surface(seat, pos, view, ph, pw, number(diff, "+,"), color), rect)

    # ponds ---------------------------------------------------------------------------------
    def _pond(self, cv: Canvas, lay: Layout, view: Any, seat: int, pos: int, ts: Any, aka: bool,
              hidden: tuple[int, int] | None) -> None:
        shown = 0
        pending_side = False
        row_sideways: dict[int, int] = {}
        lying: list[tuple[pygame.Rect, pygame.Surface, bool, bool]] = []
        last = view.last_discard
        entries = view.discards[seat]
        for n, entry in enumerate(entries):
            side = bool(entry.get("riichi")) or pending_side
            if entry.get("called"):
                pending_side = side
                continue
            pending_side = False
            row, _ = lay.pond_place(pos, shown)
            before = row_sideways.get(row, 0)
            rect = lay.pond_slot(pos, shown, before, side)
            if side:
                row_sideways[row] = row_sideways.get(row, 0) + 1
            self.pond_rects[(seat, n)] = rect
            if hidden != (seat, n):
                rot = (ROTATION[pos] + (90 if side else 0)) % 360
                lit = last is not None and last[0] == seat and n == len(entries) - 1
                lying.append((rect, self.flat(ts.tile(entry["tile"], lay.pond_h, rot, aka)),
                              bool(entry.get("tsumogiri")), lit))
            shown += 1
        depth = self.depth(lay.pond_h)
        for block in blocks([rect for rect, *_ in lying]):
            self.slab(cv, block, depth, ts)
        for rect, img, tsumogiri, lit in sorted(lying, key=lambda item: item[0].y):  # the nearer row in front
            cv.blit(img, rect)
            if tsumogiri:
                cv.blit(self.shade(rect.size), rect)
            if lit:
                cv.rect(THEME["accent"], rect.inflate(4, 4), 2, 3)

    # hands and melds --------------------------------------------------------------------------
    def _meld_span(self, lay: Layout, pos: int, view: Any, seat: int, ts: Any) -> tuple[float, float, int]:
        """(right end along, outer edge out, tile height) of a seat's meld row. Another seat's melds lie just
        right of its hand (as it sees them), the two centred together on its side of the table."""
        cx, cy = lay.center
        if pos == 0:
            return (lay.width - cx - lay.margin, lay.hand_y + lay.hand_h - cy, lay.meld_h)
        far = lay.out_hand[pos] + lay.opp_h
        furthest = {1: cy - lay.margin - lay.opp_h - lay.margin,
                    2: cx - lay.margin - lay.opp_h - 2 * lay.margin,
                    3: lay.buttons_rect.top - cy - lay.margin}[pos]
        tw = ts.size(lay.opp_h)[0]
        n = view.hand_sizes[seat]
        hand = n * tw + (tw // 2 if n % 3 == 2 else 0)
        melds = sum(sum(lay.opp_h if side else tw for _, side, _, stacked in meld_tiles(m, seat) if not stacked)
                    + max(4, tw // 4) for m in view.melds[seat])
        if not melds:
            return (furthest, far, lay.opp_h)
        return (min(furthest, (hand + tw // 2 + melds) / 2), far, lay.opp_h)

    def _melds(self, cv: Canvas, lay: Layout, view: Any, seat: int, pos: int, ts: Any, aka: bool,
               names: list[str], me: int) -> None:
        right, far, th = self._meld_span(lay, pos, view, seat, ts)
        tw = ts.size(th)[0]
        along = right
        rects: list[pygame.Rect] = []
        for meld in map(as_meld_dict, view.melds[seat]):
            tiles = meld_tiles(meld, seat)
            drawn_at = len(cv.ops)
            width = sum(th if side else tw for _, side, _, stacked in tiles if not stacked)
            along -= width
            a = along
            meld_rect: pygame.Rect | None = None
            for tile, side, down, stacked in tiles:
                rot = (ROTATION[pos] + (90 if side else 0)) % 360
                w, h = (th, tw) if side else (tw, th)
                out = far - h
                if stacked:  # an added kan's tile lies on top of the called one
                    a -= w
                    out -= tw
                r = lay.rect(pos, a, out, w, h)
                img = ts.back(th, rot) if down else ts.tile(tile, th, rot, aka)
                cv.blit(img if stacked else self.flat(img), r)
                meld_rect = r if meld_rect is None else meld_rect.union(r)
                a += w
            along -= max(4, tw // 4)
            if meld_rect is not None:  # the meld's thickness and shadow, beneath its tiles
                under = Canvas()
                self.slab(under, meld_rect, self.depth(th), ts)
                cv.ops[drawn_at:drawn_at] = under.ops
                rects.append(meld_rect)
                self.hits.append(Hit(meld_rect, self._meld_tip(meld, seat, names, me)))
        self.meld_rects[seat] = rects

    @staticmethod
    def _meld_tip(meld: dict[str, Any], seat: int, names: list[str], me: int) -> str:
        kinds = sorted(kind_of(t) for t in meld["tiles"])
        meld_type = meld["type"]
        what = tr(MELD_WORDS[meld_type])
        if meld_type == "chi":
            body = f"{what} {', '.join(kind_name(k) for k in kinds)}"
        else:
            body = tr("{meld} of {tile}").format(meld=what, tile=tile_words(kinds[0]))
        if meld["from_seat"] is None:
            return tr("{meld}, made from the hand (still concealed).").format(meld=body)
        rel = relative(meld["from_seat"], seat)
        giver = names[meld["from_seat"]]
        return tr(FROM_SIDE[rel]).format(meld=body, tile=tile_words(kind_of(meld["called"])), name=giver)

    def _opponent_hand(self, cv: Canvas, lay: Layout, view: Any, seat: int, pos: int, ts: Any,
                       shown: tuple[int, ...] | None = None, aka: bool = True) -> None:
        """A seat's concealed tiles across the table: standing tiles with a soft shadow, or the tiles face up
        when ``shown``."""
        n = view.hand_sizes[seat]
        th = lay.opp_h
        tw = ts.size(th)[0]
        drawn = n % 3 == 2
        width = n * tw + (tw // 2 if drawn else 0)
        start = -width / 2
        rects = self.meld_rects.get(seat, [])
        if rects:
            right, _, _ = self._meld_span(lay, pos, view, seat, ts)
            used = sum((r.w if pos in (0, 2) else r.h) for r in rects) + len(rects) * max(4, tw // 4)
            start = min(start, right - used - width - tw // 2)
        out = lay.out_hand[pos]
        slots: list[pygame.Rect] = []
        a = start
        for i in range(n):
            if drawn and i == n - 1:
                a += tw // 2
            slots.append(lay.rect(pos, a, out, tw, th))
            a += tw
        if not slots:
            return
        whole = slots[0].unionall(slots[1:])
        self.hand_anchor[seat] = whole
        if shown is None:
            blur = max(3, th // 6)
            box = whole.inflate(4 * blur, 4 * blur).clip(pygame.Rect((0, 0), lay.size))
            back = ts.back(th)
            key = ("hand", pos, tuple(tuple(r) for r in slots), back)
            cv.blit(self.part(key, lambda: self._standing_hand(box, slots, drawn, pos, back, tw, th, blur), False), box)
            return
        for i, r in enumerate(slots):
            face = ts.back(th, ROTATION[pos]) if i >= len(shown) else ts.tile(shown[i], th, ROTATION[pos], aka)
            cv.blit(self.flat(face), r)

    def _standing_hand(self, box: pygame.Rect, slots: list[pygame.Rect], drawn: bool, pos: int,
                       back: pygame.Surface, tw: int, th: int, blur: int) -> pygame.Surface:
        """A hand of standing tiles with its soft shadow, on the felt beneath it: one opaque picture."""
        surf = self._bg.subsurface(box).copy() if self._bg is not None else pygame.Surface(box.size)
        for part in (slots[:-1], slots[-1:]) if drawn else (slots,):
            area = part[0].unionall(part[1:])
            surf.blit(soft_shadow(area.size, blur, 90),
                      (area.x - box.x - blur + blur // 2, area.y - box.y - blur + blur * 2 // 3))
        tile = standing_tile(back, pos, tw, th)
        for r in slots:
            surf.blit(tile, (r.x - box.x, r.y - box.y))
        return surf

    def _nameplate(self, cv: Canvas, lay: Layout, view: Any, seat: int, pos: int, names: list[str]) -> None:
        """A seat's name, wind, dealer mark, points and riichi beside its hand (the top seat's right of it, a
        side seat's outside it, in the free strip); lit while it is the seat's turn."""
        anchor = self.hand_anchor.get(seat)
        size = max(13, int(lay.opp_h * 0.42 * lay.ui))
        wind = wind_words(view.seat_winds[seat])
        dealer = tr(DEALER)
        lit = seat == self.lit
        ink = (24, 28, 34) if lit else THEME["text"]
        second = f"{wind}  {dealer}" if seat == view.dealer else wind
        second = f"{second}  {number(view.scores[seat])}"
        if anchor is None:
            cx, cy = lay.center
            anchor = pygame.Rect(cx, cy, 1, 1)
        gap = max(6, lay.margin)
        if pos == 2:
            room = max(60, lay.width - anchor.right - 3 * gap - 2 * lay.margin - 110)
        elif pos == 1:
            room = max(60, lay.width - anchor.right - 2 * gap - lay.margin)
        else:
            room = max(60, anchor.x - 2 * gap - lay.margin)
        first_size = fitted_size(names[seat], size, room - 12, True)
        second_size = fitted_size(second, max(11, size * 4 // 5), room - 12)
        top = text(names[seat], first_size, ink, True)
        bottom = text(second, second_size, (80, 40, 20) if lit and seat == view.dealer else
                      THEME["accent"] if seat == view.dealer else (ink if lit else THEME["muted"]))
        riichi = text(tr("Riichi"), second_size, (150, 30, 24) if lit else THEME["danger"], True) \
            if view.riichi[seat] else None
        w = max(top.get_width(), bottom.get_width(), riichi.get_width() if riichi else 0) + 14
        h = top.get_height() + bottom.get_height() + (riichi.get_height() if riichi else 0) + 6
        if pos == 2:
            bg = pygame.Rect(anchor.right + 3 * gap, anchor.centery - h // 2, w, h)
        elif pos == 1:
            bg = pygame.Rect(anchor.right + gap, lay.right_plate_band[1] - h, w, h)
        else:
            bg = pygame.Rect(anchor.x - gap - w, lay.center[1] - h // 2, w, h)
        bg.clamp_ip(pygame.Rect((0, 0), self.size))
        cv.panel(bg, THEME["accent"] if lit else (20, 30, 36), (255, 236, 170) if lit else THEME["panel_edge"], 6)
        cv.blit(top, (bg.x + 7, bg.y + 3))
        cv.blit(bottom, (bg.x + 7, bg.y + 3 + top.get_height()))
        if riichi is not None:
            cv.blit(riichi, (bg.x + 7, bg.y + 3 + top.get_height() + bottom.get_height()))
            cv.rect(THEME["danger"], bg, 2, 6)
        self.name_plates[seat] = bg
        tip = tr("{name}: {what}").format(name=names[seat], what=series([tr("{wind} seat").format(wind=wind),
                                                                              number(view.scores[seat])]))
        if seat == view.dealer:
            tip += f", {dealer}"
        if view.riichi[seat]:
            tip += f", {tr('Riichi')}"
        self.hits.append(Hit(bg, tip))

    # the player's own hand and plate ----------------------------------------------------------
    def _own_hand(self, cv: Canvas, size: tuple[int, int], board: Board, ts: Any) -> None:
        """The concealed tiles: the chosen one raised and outlined; on the player's turn the unplayable ones shaded."""
        lay = layout_for(size)
        playable = board.playable
        lift = max(4, lay.hand_h // 6)
        placed: list[tuple[int, pygame.Rect]] = []
        for t, r in self.hand_rects(size, board, ts):
            if t == board.hidden_tile:
                continue
            rect = r.copy()
            if playable is not None and t in (board.selected, board.hover, board.cursor) and t in playable:
                rect.y -= lift
            placed.append((t, rect))
        for block in blocks([rect for _, rect in placed]):
            self.standing(cv, block, self.depth(lay.hand_h), ts)
        for t, rect in placed:
            cv.blit(self.flat(ts.tile(t, lay.hand_h, 0, board.aka)), rect)
            if playable is not None and t not in playable:
                cv.blit(self.shade(rect.size, 90), rect)
            if t == board.selected:
                cv.rect(THEME["accent"], rect.inflate(4, 4), 3, 4)
            elif t == board.cursor and playable is not None:
                cv.rect((250, 250, 250), rect.inflate(4, 4), 2, 4)

    def _own_plate(self, cv: Canvas, lay: Layout, board: Board, ts: Any) -> None:
        """The player's nameplate, and above it the automatic choices that are on and the hand's waits."""
        view, me = board.view, board.me
        plate = lay.plate_rect
        lit = self.lit == me
        cv.panel(plate, (34, 46, 40) if lit else (20, 30, 36), THEME["accent"] if lit else THEME["panel_edge"], 6)
        if lit:
            cv.rect(THEME["accent"], plate, 3, 6)
        wind = wind_words(view.seat_winds[me])
        size = max(14, plate.h // 2)
        label, color = plate_label(board.names[me], view, me)
        drawn = cv.text(label, (plate.x + 10, plate.centery), size, color, True, "midleft")
        if view.riichi[me]:
            cv.text(tr("Riichi"), (drawn.right + 10, plate.centery), max(12, size * 4 // 5), THEME["danger"], True,
                    "midleft")
        dealer = tr(DEALER)
        cv.text(f"{wind}{' ' + dealer if view.dealer == me else ''}", (plate.right - 10, plate.centery),
                max(12, size * 4 // 5), THEME["muted"], False, "midright")
        y = plate.y - 4
        if board.auto:
            img = text(tr("Auto: {choices}").format(choices=series([tr(a) for a in board.auto])), max(12, size * 3 // 4), THEME["accent"], True)
            r = img.get_rect(bottomleft=(plate.x, y))
            cv.panel(r.inflate(10, 4), (60, 40, 20), None, 4)
            cv.blit(img, r)
            y = r.top - 6
        caption, shown = board.waits
        if shown:  # in the free strip left of the left seat's hand: the caption over the tiles
            th = max(18, lay.pond_h * 3 // 4)
            tw = ts.size(th)[0]
            label_img = text(tr(caption), max(12, size * 3 // 4), THEME["text"], True)
            tiles_w = len(shown) * (tw + 30)
            box = pygame.Rect(plate.x, 0, max(label_img.get_width(), tiles_w) + 16, label_img.get_height() + th + 22)
            box.bottom = y
            cv.panel(box, (16, 40, 30), THEME["panel_edge"], 6)
            cv.blit(label_img, (box.x + 8, box.y + 5))
            x = box.x + 8
            ytop = box.y + label_img.get_height() + 10
            for kind, left in shown:
                cv.blit(ts.face(kind, False, th), (x, ytop))
                cv.text(f"x{left}", (x + tw + 2, ytop + th), max(11, th // 2),
                        THEME["furiten"] if left == 0 else THEME["text"], True, "bottomleft")
                x += tw + 30
