"""The coach at the table: the strong AI's suggestion for the player's own turn, worked out on a
background thread (``game.ai.coach.advise``) and drawn as a small panel right of the right-hand
river: the suggested tile and its name, shanten and improving tiles, its danger against each
threat; the same figures for the hand tile under the mouse (or the keyboard cursor); and, behind a
"Why?" button, the reason in words. The panel says "thinking…" until the answer comes; it never
decides for the player.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pygame

from game.ai.coach import Advice, Danger, Figures, advise, coach_player
from game.ai.houou import Shares
from render.canvas import Canvas, widget_op
from render.drill_words import shanten_words
from render.i18n import N_, number, percent, tr, trn
from render.layout import Layout
from render.review_words import action_words, shares_words
from render.widgets import THEME, Button, text, wrap
from render.words import tile_words, wind_words

__all__ = ["CoachView", "coach_area", "nameplate_band", "place_panel", "reason_words", "figures_lines", "PROTECTION_NAMES"]

TITLE = N_("Coach")
THINKING = N_("thinking…")
WHY = N_("Why?")
WHY_TIP = N_("The reason for the suggestion, in words. The coach only advises: the choice is yours.")
PROTECTION_NAMES = {"genbutsu": N_("genbutsu"), "suji": N_("suji"), "kabe": N_("kabe"),
                    "one_chance": N_("one chance"), "half_suji": N_("half suji"), "none": N_("no protection")}
"""What protects a tile, as the panel names it (honours say the copies in sight)."""
PROTECTION_PHRASES = {"genbutsu": N_("it is genbutsu"), "suji": N_("it is suji"),
                      "kabe": N_("it is kabe: the tiles a two-sided wait needs are in sight"),
                      "one_chance": N_("it is one chance"), "half_suji": N_("it is half suji"),
                      "none": N_("it has no protection, but it is the least dangerous tile")}
"""What protects the suggested tile, in the reason's words."""
MIN_WIDTH = 240
"""The panel is never narrower than this, nor than a fifth of the window (as the first-game guide's
hint above it; on a narrow window it reaches over the river's edge)."""


def coach_area(lay: Layout, below: pygame.Rect | None, right_hand: pygame.Rect | None) -> pygame.Rect:
    """Where the panel may go: beside the right-hand seat's standing hand when the window leaves
    ``MIN_WIDTH`` there, otherwise right of the right-hand river (over that hand); from under the top
    hand (or under ``below``, the first-game guide's hint) down to the buttons' row. The panel keeps
    clear of that seat's nameplate when it fits above or below it (``nameplate_band``)."""
    top = lay.margin * 3 + lay.opp_h if below is None else below.bottom + lay.margin
    bottom = lay.buttons_rect.top - lay.margin
    if right_hand is not None:
        outside = right_hand.right + lay.margin
        if lay.width - lay.margin - outside >= MIN_WIDTH:
            return pygame.Rect(outside, top, lay.width - lay.margin - outside, max(0, bottom - top))
    right = lay.width - 2 * lay.margin - lay.opp_h
    left = min(lay.center_rect.right + lay.pond_gap + 4 * lay.pond_h, right - max(MIN_WIDTH, lay.width // 5))
    return pygame.Rect(left, top, right - left, max(0, bottom - top))


def nameplate_band(lay: Layout) -> tuple[int, int]:
    """The rows the right-hand seat's nameplate takes (at the foot of the strip beside that seat's hand)."""
    return lay.right_plate_band


def place_panel(area: pygame.Rect, height: int, band: tuple[int, int]) -> int:
    """The panel's top: below the nameplate's rows if it fits there, else the top of ``area`` (above the
    nameplate when it fits there, over it when not: a long reason the player asked for comes first).

    >>> place_panel(pygame.Rect(0, 100, 300, 800), 200, (400, 480)), place_panel(pygame.Rect(0, 100, 300, 800), 500, (400, 480))
    (480, 100)
    """
    if area.bottom - max(area.y, band[1]) >= height:
        return max(area.y, band[1])
    return area.y


def _chance(chance: float) -> str:
    """A deal-in chance in whole percent ('<1' for a small one, never '0' unless it is none)."""
    pct = chance * 100
    return "<1" if 0 < pct < 0.5 else str(round(pct))


def _protection_name(d: Danger) -> str:
    if d.protection == "honour":
        return tr("honour, {n} in sight").format(n=d.seen)
    return tr(PROTECTION_NAMES.get(d.protection, PROTECTION_NAMES["none"]))


def _who(advice: Advice, seat: int, winds: Sequence[int]) -> str:
    """'North (riichi)', 'South (likely ready)'."""
    riichi = any(m.seat == seat and m.riichi for m in advice.threats)
    words = N_("{wind} (riichi)") if riichi else N_("{wind} (likely ready)")
    return tr(words).format(wind=wind_words(winds[seat]))


def _their(seat: int, riichi: bool, winds: Sequence[int]) -> str:
    """"North's riichi", "South's likely ready hand"."""
    words = N_("{wind}'s riichi") if riichi else N_("{wind}'s likely ready hand")
    return tr(words).format(wind=wind_words(winds[seat]))


def _tiles_words(shanten: int, ukeire: int) -> str:
    """'1 from ready, 24 improving tiles'; 'ready, 8 winning tiles'."""
    if shanten <= 0:
        return trn("ready, {n} winning tile", "ready, {n} winning tiles", ukeire).format(n=ukeire)
    return trn("{shanten}, {n} improving tile", "{shanten}, {n} improving tiles", ukeire).format(shanten=shanten_words(shanten), n=ukeire)


def figures_lines(advice: Advice, f: Figures, winds: Sequence[int]) -> list[str]:
    """A discard's figures as the panel shows them: shanten and improving tiles, then one line per threat."""
    lines = [_tiles_words(f.shanten, f.ukeire)]
    for d in f.dangers:
        lines.append(tr("{who}: {chance}% to deal in, {protection}").format(
            who=_who(advice, d.seat, winds), chance=_chance(d.chance), protection=_protection_name(d)))
    return lines


def _phrase(protection: str, seen: int) -> str:
    if protection == "honour":
        return tr("it is an honour with {n} in sight").format(n=seen)
    return tr(PROTECTION_PHRASES.get(protection, PROTECTION_PHRASES["none"]))


def reason_words(advice: Advice, winds: Sequence[int]) -> str:
    """Why the AI suggests what it does, in words a player knows (``game.ai.coach`` reason codes)."""
    r = advice.reason
    code = r.get("code", "")
    tile = tile_words(advice.kind) if advice.kind is not None else ""
    if code == "win":
        line = tr("the hand is complete: a win worth about {points} points").format(points=r["points"])
    elif code == "abort":
        line = tr("nine different terminals and honours: the AI would end this deal and start again")
    elif code == "kan":
        line = tr("a kan of {tile} keeps the hand as it is and turns over a new dora").format(
            tile=tile_words(r["kind"]))
    elif code == "only":
        line = tr("{tile} is the only tile that may go").format(tile=tile)
    elif code == "lower_shanten":
        it, other = r["shanten"]
        line = tr("it leaves the hand {it}; {other} would leave it {then}").format(
            it=shanten_words(it), other=tile_words(r["other"]), then=shanten_words(other))
    elif code == "more_ukeire":
        it, other = r["ukeire"]
        line = trn("it keeps {n} improving tile, {more} more than {other}",
                   "it keeps {n} improving tiles, {more} more than {other}", it).format(
            n=it, more=it - other, other=tile_words(r["other"]))
    elif code == "tie":
        line = trn("it keeps {n} improving tile, as many as {other}, and more of the hand's value",
                   "it keeps {n} improving tiles, as many as {other}, and more of the hand's value", r["ukeire"]).format(
            n=r["ukeire"], other=tile_words(r["other"]))
    elif code == "equal":
        line = trn("it keeps {n} improving tile, as many as {other}: either is as good",
                   "it keeps {n} improving tiles, as many as {other}: either is as good", r["ukeire"]).format(
            n=r["ukeire"], other=tile_words(r["other"]))
    elif code == "value":
        it, other = r["ukeire"]
        line = tr("{other} would keep {more} more improving tiles, but {tile} keeps more of the hand's value "
                  "(dora, a yaku)").format(other=tile_words(r["other"]), more=max(0, other - it), tile=tile)
    elif code == "waits":
        it, other = r["waits"]
        line = tr("once the hand is ready, its wait can expect {it} winning tiles on average; after {other}, "
                  "{then}").format(it=it, other=tile_words(r["other"]), then=other)
    elif code == "fold":
        line = tr("your hand is {shanten} and {their} is dangerous: fold").format(
            shanten=shanten_words(r["shanten"]), their=_their(r["seat"], r["riichi"], winds))
        line += "; " + tr("against {their} {phrase}").format(their=_their(r["seat"], r["riichi"], winds),
                                                             phrase=_phrase(r["protection"], r["seen"]))
    elif code == "safe":
        line = tr("against {their} {phrase}, and it keeps the hand {tiles}").format(
            their=_their(r["seat"], r["riichi"], winds), phrase=_phrase(r["protection"], r["seen"]),
            tiles=_tiles_words(r["shanten"], r["ukeire"]))
    elif code == "push":
        line = tr("your hand is {tiles}: worth pushing against {their}, though {tile} deals in about {chance}% "
                  "of the time if they are ready").format(
            tiles=_tiles_words(r["shanten"], r["ukeire"]), their=_their(r["seat"], r["riichi"], winds), tile=tile,
            chance=_chance(r["danger"]))
    else:
        line = code.replace("_", " ")
    if r.get("riichi_now"):
        line += "; " + tr("declare riichi with it")
    elif r.get("quiet"):
        line += "; " + tr("riichi is possible, but the AI stays quiet (dama)")
    return line


class CoachView:
    """The coach's panel on the table: fed the player's view on each own turn, it asks the strong AI on a
    daemon thread and draws what it says; the table routes the mouse to its Why? button."""

    def __init__(self, seed: int, seat: int, shares: Shares | None = None) -> None:
        self.seed = seed
        self.seat = seat
        self.shares = shares
        """How often houou players take each option (``game.ai.houou``), when a model is at hand."""
        self.view: Any = None
        """The view being advised on (None: nothing to advise now)."""
        self.advice: Advice | None = None
        self.done = False
        """The answer for ``view`` has come (``advice`` may still be None: nothing to advise)."""
        self.error = ""
        self.why_open = False
        self.why_button = Button((0, 0, 10, 10), WHY, self.toggle_why, WHY_TIP)
        self.rect: pygame.Rect | None = None
        """Where the panel was last drawn (None: not drawn)."""
        self._asked = 0
        self._lock = threading.Lock()
        self._answered = threading.Event()

    # feeding -----------------------------------------------------------------------------------
    def feed(self, view: Any) -> None:
        """The player's view on a turn to discard, or None; a new view is asked about in the background."""
        if view is self.view:
            return
        with self._lock:
            self._asked += 1
            asked = self._asked
            self.view, self.advice, self.done, self.error, self.why_open = view, None, False, "", False
            self._answered.clear()
        if view is not None:
            threading.Thread(target=self._work, args=(view, asked), name="kawa-coach", daemon=True).start()

    def _work(self, view: Any, asked: int) -> None:
        """On the coach's thread: the advice, kept only if the view is still the one shown."""
        advice, error = None, ""
        try:
            advice = advise(view, coach_player(self.seed, self.seat), shares=self.shares)
        except Exception as exc:  # noqa: BLE001 - the coach fails quietly, the game goes on
            error = f"{type(exc).__name__}: {exc}"
        with self._lock:
            if asked == self._asked:
                self.advice, self.error, self.done = advice, error, True
                self._answered.set()

    def wait(self, timeout: float = 5.0) -> bool:
        """Block until the answer for the current view has come (tests and screenshots only, never a frame)."""
        return self.view is None or self._answered.wait(timeout)

    def toggle_why(self) -> None:
        self.why_open = not self.why_open

    # the table's hooks ------------------------------------------------------------------------------
    @property
    def showing(self) -> bool:
        return self.view is not None and (not self.done or self.advice is not None or bool(self.error))

    def handle(self, ev: Any) -> bool:
        """The Why? button's input; True when it took the event."""
        if not self.showing or self.advice is None:
            self.why_button.hover = False
            return False
        return self.why_button.handle(ev)

    def widgets(self) -> list[Button]:
        """The panel's widgets on screen (for the table's tooltips)."""
        return [self.why_button] if self.showing and self.advice is not None else []

    def state(self) -> tuple[Any, ...]:
        """What the panel shows, for the table's frame state."""
        return (id(self.view), self.done, id(self.advice), self.error, self.why_open, self.why_button.hover)

    # drawing ---------------------------------------------------------------------------------------
    def draw(self, cv: Canvas, lay: Layout, area: pygame.Rect, tileset: Any, aka: bool, hover: int | None) -> None:
        """The panel inside ``area``: thinking, or the suggestion, the hovered tile's figures and the reason."""
        self.rect = None
        if not self.showing:
            return
        size = max(13, lay.height // 62)
        line_h = text("Ag", size).get_height()
        pad = lay.margin + 2
        inner = area.w - 2 * pad
        rows: list[tuple[str, Any, tuple[int, int, int], bool]] = []
        """(kind, content, colour, bold): "text" a line, "tile" (tile, words), "gap" a space."""
        advice = self.advice
        winds = self.view.seat_winds
        tile_h = max(24, lay.pond_h * 3 // 4)
        tile_w = tileset.size(tile_h)[0]
        if self.error:
            for line in wrap(tr("The coach could not work this out: {problem}").format(problem=self.error), size,
                             inner):
                rows.append(("text", line, THEME["danger"], False))
        elif advice is None:
            rows.append(("text", tr(THINKING), THEME["muted"], False))
        else:
            action = advice.action
            shown = action.tile if action.tile is not None else (action.tiles[0] if action.tiles else None)
            words = tr("Suggested: {action}").format(action=action_words(action))
            rows.append(("tile", (shown, wrap(words, size, inner - tile_w - 8, True)), THEME["text"], True))
            best = advice.suggested
            if best is not None:
                rows += [("text", part, THEME["text"], False) for line in figures_lines(advice, best, winds)
                         for part in wrap(line, size, inner)]
            houou = shares_words(advice.shares)
            if houou:
                rows += [("text", part, THEME["muted"], False) for part in wrap(houou, size, inner)]
            if self.why_open:
                rows.append(("gap", None, THEME["text"], False))
                rows += [("text", line, THEME["good"], False)
                         for line in wrap(reason_words(advice, winds), size, inner)]
            hovered = advice.of(hover >> 2) if hover is not None and hover in self.view.hand else None
            if hover is not None and hover in self.view.hand:
                rows.append(("gap", None, THEME["text"], False))
                if hovered is None:
                    head = tr("{tile} cannot be discarded now").format(tile=tile_words(hover >> 2))
                    rows += [("text", line, THEME["muted"], True) for line in wrap(head, size, inner, True)]
                else:
                    head = tr("If you discard {tile}:").format(tile=tile_words(hover >> 2))
                    rows += [("text", line, THEME["accent"], True) for line in wrap(head, size, inner, True)]
                    rows += [("text", part, THEME["text"], False)
                             for line in figures_lines(advice, hovered, winds) for part in wrap(line, size, inner)]
        title_h = max(line_h, lay.button_h * 2 // 3)
        heights = {"text": line_h, "gap": line_h // 2}
        needed = pad + title_h + pad // 2
        kept: list[tuple[str, Any, tuple[int, int, int], bool]] = []
        for row in rows:
            h = max(tile_h, len(row[1][1]) * line_h) if row[0] == "tile" else heights[row[0]]
            if needed + h + pad > area.h and kept:
                break  # a short window: what does not fit is left out
            kept.append(row)
            needed += h
        panel = pygame.Rect(area.x, place_panel(area, needed + pad, nameplate_band(lay)), area.w, needed + pad)
        self.rect = panel
        cv.panel(panel, (22, 28, 38), THEME["accent"], 8)
        x, y = panel.x + pad, panel.y + pad
        cv.text(tr(TITLE), (x, y + title_h // 2), size + 2, THEME["accent"], True, "midleft")
        if advice is not None:
            label_w = text(tr(WHY), max(12, title_h // 2), bold=True).get_width()
            self.why_button.rect = pygame.Rect(panel.right - pad - label_w - 20, y, label_w + 20, title_h)
            widget_op(cv, self.why_button)
        y += title_h + pad // 2
        for kind, content, color, bold in kept:
            if kind == "gap":
                y += heights["gap"]
            elif kind == "tile":
                tile, lines = content
                if tile is not None:
                    cv.blit(tileset.tile(tile, tile_h, 0, aka), (x, y))
                ty = y + max(0, (tile_h - len(lines) * line_h) // 2)
                for line in lines:
                    cv.text(line, (x + tile_w + 8, ty), size, color, bold)
                    ty += line_h
                y += max(tile_h, len(lines) * line_h)
            else:
                cv.text(content, (x, y), size, color, bold)
                y += line_h
