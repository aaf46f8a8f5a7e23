"""The yaku book: every yaku of the rules in force, its han, what it asks and a hand that has it.

The list comes from the engine's tables (``render.yaku_notes.book``); typing filters it by the
yaku's name (in the language shown and in romaji) and its explanation. Reached from the table
(the ``yaku_book`` key) and from the help.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules import PRESETS, RuleSet
from game.tiles import parse_kinds
from render.i18n import N_, series, tr
from render.input import Input
from render.scenes import Scene
from render.tileset import TileSet, load_tileset
from render.widgets import THEME, Button, TextField, draw_panel, draw_text, text, wrap
from render.words import LIMIT_NAMES, yaku_words
from render.yaku_notes import SITUATION_WORDS, BookEntry, book

__all__ = ["YakuBookScene", "han_words", "situation_words", "example_tiles", "rules_in_force"]


def han_words(entry: BookEntry) -> str:
    """What the yaku is worth, as the book's second line says it."""
    if entry.yakuman:
        return tr("Double yakuman") if entry.yakuman == 2 else tr("Yakuman")
    if entry.limit:
        return tr(LIMIT_NAMES[entry.limit])
    if not entry.han_open:
        return tr("{n} han, closed hand only").format(n=entry.han_closed)
    if entry.han_open == entry.han_closed:
        return tr("{n} han, open or closed").format(n=entry.han_closed)
    return tr("{closed} han closed, {opened} han open").format(closed=entry.han_closed, opened=entry.han_open)


def situation_words(example: dict[str, Any]) -> str:
    """How the example hand was won ('self-drawn, after riichi, South seat')."""
    how = SITUATION_WORDS["tsumo" if example.get("tsumo") else "ron"]
    told = [tr(how)]
    told += [tr(SITUATION_WORDS[flag]) for flag in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
                                                    "haitei", "houtei", "tenhou", "chiihou", "renhou")
             if example.get(flag) and not (flag == "riichi" and example.get("double_riichi"))]
    seat = example.get("seat_wind", "E")
    if seat != "E":
        told.append(tr(SITUATION_WORDS[seat]))
    return series(told)


def example_tiles(example: dict[str, Any]) -> tuple[list[int], int, list[tuple[str, list[int]]]]:
    """(the concealed kinds without the winning tile, the winning kind, (call type, kinds) per call)."""
    hand = parse_kinds(example["hand"])
    win = parse_kinds(example["win_tile"])[0]
    hand.remove(win)
    calls = [(m["type"], parse_kinds(m["tiles"])) for m in example.get("melds", [])]
    return sorted(hand), win, calls


def rules_in_force(app: Any) -> RuleSet:
    """The rules of the game being played or chosen (the topmost screen that has them), else EMA's."""
    for scene in reversed(getattr(app, "scenes", [])):
        for found in (getattr(scene, "rules", None), getattr(getattr(scene, "setup", None), "rules", None)):
            if isinstance(found, RuleSet):
                return found
    return PRESETS["ema"]


class YakuBookScene(Scene):
    """A searchable list of yaku cards; Up/Down or the wheel scroll, Esc or Back returns."""

    def __init__(self, app: Any, rules: RuleSet | None = None, focus: str | None = None) -> None:
        """``focus``: a yaku's engine name (as a win lists it) to open the book at."""
        super().__init__(app)
        self.rules = rules if rules is not None else rules_in_force(app)
        self.entries = book(self.rules)
        self.query = ""
        self.scroll = 0
        key = (focus or "").replace("_", " ")
        self.focus = next((i for i, e in enumerate(self.entries) if e.name.replace("_", " ") == key), None)
        self.tileset: TileSet = load_tileset(app.pref("tile_set"))
        self.search = TextField((0, 0, 10, 10), N_("Search"), "", 30, self._searched)
        self.search.focused = True
        self.back = Button((0, 0, 10, 10), N_("Back"), self.app.pop, intent="back")
        self.resized(app.size)

    # what is shown -------------------------------------------------------------------
    def shown(self) -> list[BookEntry]:
        """The entries matching the search text (all when it is empty)."""
        words = self.query.casefold().split()
        if not words:
            return self.entries
        return [e for e in self.entries
                if all(w in " ".join((e.name, yaku_words(e.name), tr(e.note), han_words(e))).casefold() for w in words)]

    def per_page(self) -> int:
        return max(1, (self.list_bottom - self.list_top) // self.card_h)

    def last_scroll(self) -> int:
        return max(0, len(self.shown()) - self.per_page())

    def _searched(self, value: str) -> None:
        self.query = value
        self.scroll = 0
        self.focus = None

    # layout and input ----------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.margin = max(16, w // 40)
        self.size = max(14, h // 45)
        row = max(30, h // 20)
        self.search.rect = pygame.Rect(w - self.margin - int(w * 0.36), int(h * 0.035), int(w * 0.36), row)
        self.search.label_width = int(w * 0.09)
        self.list_top = int(h * 0.035) + row + max(10, h // 60)
        bw, bh = max(120, w // 10), max(36, h // 18)
        self.back.rect = pygame.Rect(w - self.margin - bw, h - self.margin // 2 - bh, bw, bh)
        self.list_bottom = self.back.rect.y - max(8, h // 90)
        self.tile_h = max(28, h // 16)
        note = max(12, self.size - 1)
        words_h = text("Ag", self.size + 2, bold=True).get_height() + text("Ag", self.size, bold=True).get_height() + \
            2 * text("Ag", note).get_height()  # name, value and two lines of explanation
        tiles_h = self.tile_h + text("Ag", max(12, self.size - 2)).get_height() + 4
        least = max(words_h, tiles_h) + max(8, self.size // 2) + 8
        room = self.list_bottom - self.list_top
        self.card_h = room // max(1, room // least)  # whole cards fill the page
        if self.focus is not None and not self.query:
            self.scroll = self.focus
        self.scroll = min(self.scroll, self.last_scroll())

    def prefs_changed(self, prefs: Any) -> None:
        if self.tileset.name != self.app.pref("tile_set"):
            self.tileset = load_tileset(self.app.pref("tile_set"))
        self.resized(self.app.size)

    def handle(self, ev: Input) -> None:
        if self.back.handle(ev):
            return
        if ev.kind == "wheel":
            self.scroll = min(self.last_scroll(), max(0, self.scroll - ev.dy))
            return
        if ev.intent in ("down", "up"):
            self.scroll = min(self.last_scroll(), max(0, self.scroll + (1 if ev.intent == "down" else -1)))
            return
        if ev.kind == "press":
            self.search.focused = True  # typing always searches: a click anywhere keeps the box listening
            return
        self.search.handle(ev)

    # drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        title_size = max(24, h // 24)
        title = draw_text(surface, tr("Yaku book"), (self.margin, self.search.rect.centery), title_size,
                          THEME["accent"], True, "midleft")
        shown = self.shown()
        draw_text(surface, tr("{shown} of {total}, rules: {rules}").format(
            shown=len(shown), total=len(self.entries), rules=self.rules.name.upper()),
            (title.right + self.margin, self.search.rect.centery), max(13, self.size - 1), THEME["muted"], False,
            "midleft")
        self.search.draw(surface)
        y = self.list_top
        for entry in shown[self.scroll:self.scroll + self.per_page()]:
            self.draw_card(surface, entry, pygame.Rect(self.margin, y, w - 2 * self.margin, self.card_h - 6))
            y += self.card_h
        if not shown:
            draw_text(surface, tr("No yaku matches \u201c{query}\u201d.").format(query=self.query),
                      (self.margin, self.list_top + self.size), self.size, THEME["muted"])
        if shown:
            first, last = self.scroll + 1, min(len(shown), self.scroll + self.per_page())
            more = tr("Up/Down or the mouse wheel scrolls; type to search") if self.last_scroll() else tr("Type to search")
            draw_text(surface, f"{first}\u2013{last} / {len(shown)}   {more}",
                      (self.margin, self.back.rect.centery), max(13, self.size - 1), THEME["muted"], False, "midleft")
        self.back.draw(surface)

    def draw_card(self, surface: pygame.Surface, entry: BookEntry, rect: pygame.Rect) -> None:
        """One yaku: name, value and explanation on the left, the example hand on the right."""
        draw_panel(surface, rect, THEME["panel"], THEME["panel_edge"], 6)
        pad = max(8, rect.h // 12)
        text_w = int(rect.w * 0.46)
        x, y = rect.x + pad, rect.y + pad // 2
        name = yaku_words(entry.name)
        box = draw_text(surface, name, (x, y), self.size + 2, THEME["accent"], True)
        if name.casefold() != entry.name.casefold():
            draw_text(surface, entry.name, (box.right + pad, box.centery), max(12, self.size - 2), THEME["muted"], False,
                      "midleft")
        value_color = THEME["furiten"] if entry.yakuman else THEME["good"]
        box = draw_text(surface, han_words(entry), (x, box.bottom + 1), self.size, value_color, True)
        for line in wrap(tr(entry.note), max(12, self.size - 1), text_w)[:2]:
            box = draw_text(surface, line, (x, box.bottom), max(12, self.size - 1))
        top = rect.y + max(pad // 2, (rect.h - self.tile_h - self.size) // 2)
        self.draw_example(surface, entry, pygame.Rect(rect.x + text_w + 2 * pad, top,
                                                        rect.w - text_w - 3 * pad, rect.bottom - top - pad // 2))

    def draw_example(self, surface: pygame.Surface, entry: BookEntry, area: pygame.Rect) -> None:
        """The example's tiles: the hand, the winning tile apart and framed, then the calls."""
        concealed, win, calls = example_tiles(entry.example)
        count = len(concealed) + 1 + sum(len(kinds) for _, kinds in calls)
        gaps = 1 + len(calls) + sum(kind_name != "ankan" for kind_name, _ in calls)  # a sideways tile is wider
        caption = max(12, self.size - 2)
        height = min(self.tile_h, area.h - caption - 4)
        tile_w, _ = self.tileset.size(height)
        gap = tile_w // 2
        while height > 12 and count * tile_w + gaps * gap > area.w:
            height -= 2
            tile_w, _ = self.tileset.size(height)
            gap = tile_w // 2
        x, y = area.x, area.y
        for kind in concealed:
            surface.blit(self.tileset.face(kind, False, height), (x, y))
            x += tile_w
        x += gap
        surface.blit(self.tileset.face(win, False, height), (x, y))
        pygame.draw.rect(surface, THEME["accent"], (x - 2, y - 2, tile_w + 4, height + 4), width=2, border_radius=3)
        x += tile_w
        for kind_name, kinds in calls:
            x += gap
            for i, kind in enumerate(kinds):
                if kind_name == "ankan" and i in (0, len(kinds) - 1):  # a closed kan: its ends face down
                    surface.blit(self.tileset.back(height), (x, y))
                    x += tile_w
                elif i == 0 and kind_name != "ankan":  # the tile taken from another player lies sideways
                    side_w, side_h = self.tileset.size(height, 90)
                    surface.blit(self.tileset.face(kind, False, height, 90), (x, y + height - side_h))
                    x += side_w
                else:
                    surface.blit(self.tileset.face(kind, False, height), (x, y))
                    x += tile_w
        draw_text(surface, situation_words(entry.example), (area.x, y + height + 3), caption, THEME["muted"])
