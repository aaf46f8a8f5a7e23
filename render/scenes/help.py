"""The help: short pages on how to play at Kawa's table, with page buttons and scroll limits.

Pages: a turn, calls, riichi, furiten (with a drawn example), scoring, the table, the keys.
Left/Right or the page buttons turn pages; Up/Down or the wheel scroll a page that does not
fit, never past its last line. The Yaku book button opens the yaku book.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from game.tiles import parse_kinds
from render.i18n import N_, tr
from render.input import Input, controls
from render.scenes import Scene
from render.tileset import TileSet, load_tileset
from render.widgets import THEME, Button, draw_panel, draw_text, text, wrap

__all__ = ["HelpScene", "HelpPage", "HELP_PAGES", "HELP_TEXT", "FURITEN_EXAMPLE", "key_lines"]


class HelpPage(NamedTuple):
    tab: str
    """The page button's label."""
    title: str
    paragraphs: tuple[str, ...]
    picture: str | None = None
    """A drawn example shown after the paragraphs (``"furiten"``), or None."""


HELP_PAGES: tuple[HelpPage, ...] = (
    HelpPage(N_("A turn"), N_("How a turn works"), (
        N_('The goal: four sets (runs or triplets) and a pair, with at least one yaku. You play against three computer players; your seat is at the bottom of the screen.'),
        N_("Each turn a player draws one tile and discards one, so a hand holds 13 tiles between turns. Play goes round counter-clockwise: you, the player on your right, across, then on your left. A hand ends when someone wins or the wall runs out."),
        N_('Your turn: click a tile of your hand to discard it, or move with Left/Right and press Enter. The drawn tile stands apart at the right. With "Confirm discards" on, click the tile again (or the Confirm button).'),
        N_('At an exhaustive draw, choose Tenpai (show your ready hand) or Noten.'),
        N_('Tile reordering (a preference): the small arrows under your hand swap neighbours; the button at the far left sorts the hand again.'),
    )),
    HelpPage(N_("Calls"), N_("Calls: taking a discard"), (
        N_("Calls: when another player's discard can complete a set or your hand, buttons appear: Ron, Pon, Kan and one Chi button for each pair of your tiles that can run with it. You never click a discard to call it. Pass declines every offer (Space)."),
        N_("Chi takes the discard of the player on your left to finish a run; Pon takes anyone's discard to finish a triplet, Kan to finish a quad. The called set lies open and your hand is no longer closed: riichi, menzen tsumo, pinfu and a few other yaku need a closed hand."),
        N_("After Chi or Pon you discard at once; after a Kan you first draw a replacement tile, and a new dora indicator is turned."),
        N_("Ron wins on another player's discard, and that player pays it all; Tsumo wins on your own draw, and the other three share the payment."),
        N_('Your own turn may also offer Tsumo (win on your draw), closed or added Kan, and Kyuushu kyuuhai (nine terminals and honours in the first draw, if the rules allow the abortive draw).'),
    )),
    HelpPage(N_("Riichi"), N_("Riichi"), (
        N_('Riichi: when your closed hand is one tile from winning, tick the Riichi box beside your name, then discard. If the declaration is not valid, only you are told, and nothing is declared.'),
        N_("Riichi costs a 1,000-point stick, which the next winner collects. It is a yaku of one han, so any ready closed hand can win, and a riichi winner also counts the ura dora; winning within one go-round adds ippatsu."),
        N_("After riichi your hand is locked: every drawn tile that does not win is discarded for you. A closed kan is allowed only when it leaves your waits unchanged."),
    )),
    HelpPage(N_("Furiten"), N_("Furiten: when you cannot Ron"), (
        N_('Furiten: when a tile you wait on is among your own discards, your name turns red and no Ron button appears: you can only win by Tsumo.'),
        N_("Every tile you wait on counts, even one that would not give your hand a yaku. Change your waits (discard so that none of them is among your discards) to be out of furiten again."),
        N_("Passing on a discard you could have won on makes you furiten until your own next discard; after riichi, for the rest of the hand."),
    ), "furiten"),
    HelpPage(N_("Scoring"), N_("Scoring"), (
        N_("Scoring: yaku give han, sets and waits give fu; a hand's value comes from both, with fixed limits from five han (mangan) up to yakuman. The result screen shows every yaku, the dora, the fu and each payment."),
        N_("Dora: each copy of the tile after a dora indicator (1 to 9 and back to 1, East South West North, White Green Red) adds one han to a winning hand, but a hand needs a yaku besides."),
        N_("Limits: mangan at 5 han (or 4 han with 40 fu, 3 han with 70 fu), haneman at 6, baiman at 8, sanbaiman at 11, yakuman for a yakuman pattern. 13 han or more count as a yakuman only where the rules allow it (counted yakuman): the default EMA rules stop at sanbaiman. The dealer is paid half as much again."),
        N_("The yaku book lists every yaku of the rules in force with its han and an example hand: press Y at the table, or the Yaku book button below."),
    )),
    HelpPage(N_("The table"), N_("The table and its options"), (
        N_('Hover over the dora indicators, the wall counter, the honba and riichi sticks and the open melds for what they mean. While your hand is ready, the waits and how many of each are still unseen show above your hand.'),
        N_("A game's rules are chosen on the New game screen: rest the mouse on any option there for one sentence on what it does, and on an opponent for how each AI level plays."),
        N_("Settings (S) hold the preferences: tile set, sounds, animation speed, language, the first-game guide and more, each explained the same way."),
    )),
    HelpPage(N_("Keys"), N_("Keys and mouse:"), ()),
)
"""The help's pages, in order; each paragraph is translated on its own."""

HELP_TEXT: tuple[str, ...] = tuple(p for page in HELP_PAGES for p in page.paragraphs)
"""Every paragraph of the help, page after page."""

FURITEN_EXAMPLE = {"hand": "45m234p567s678s55z", "discards": "1z9p6m2s", "furiten": "6m",
                   "caption": N_("Ready on 3m and 6m, with a 6m among your own discards: furiten. Nobody's 3m or 6m "
                                 "can be claimed with Ron; drawing one yourself still wins by Tsumo.")}
"""The furiten page's picture: a ready hand and its discards, the tile that makes it furiten framed."""


def key_lines() -> list[str]:
    """One line per intent: its keys (or mouse buttons) and what it does (from ``render.input``)."""
    return [f"{inputs}: {tr(what)}" for inputs, what in controls()]


class Row(NamedTuple):
    """One row of a laid-out page: a line of text (``bold`` for a heading) or the picture."""

    words: str
    height: int
    bold: bool = False
    picture: str | None = None


class HelpScene(Scene):
    """The help's pages; Esc or Back returns."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.page = 0
        self.scroll = 0
        self.tileset: TileSet = load_tileset(app.pref("tile_set"))
        self.back = Button((0, 0, 10, 10), N_("Back"), self.app.pop, intent="back")
        self.previous = Button((0, 0, 10, 10), N_("Previous"), lambda: self.turn(-1))
        self.next = Button((0, 0, 10, 10), N_("Next"), lambda: self.turn(1))
        self.book = Button((0, 0, 10, 10), N_("Yaku book"), lambda: self.app.open("yaku_book"),
                           N_("Every yaku with its han and an example hand (Y at the table)."))
        self.tabs: list[Button] = []
        self.buttons: list[Button] = []
        self.resized(app.size)

    # pages ------------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        """Show the page ``step`` pages on (clamped to the first and last)."""
        self.show(min(len(HELP_PAGES) - 1, max(0, self.page + step)))

    def show(self, index: int) -> None:
        self.page, self.scroll = index, 0
        self.rows = self.lay_out(HELP_PAGES[index])
        for i, tab in enumerate(self.tabs):
            tab.color = THEME["button_hover"] if i == index else THEME["button_down"]
        self.previous.enabled, self.next.enabled = index > 0, index < len(HELP_PAGES) - 1

    def lay_out(self, page: HelpPage) -> list[Row]:
        """The page as rows of the width in force."""
        line_h = text("Ag", self.size).get_height() + 2
        rows = [Row(tr(page.title), text("Ag", self.size + 4, bold=True).get_height() + self.size // 2, True)]
        paragraphs = [tr(p) for p in page.paragraphs] if page.paragraphs else key_lines()
        for para in paragraphs:
            rows += [Row(line, line_h) for line in wrap(para, self.size, self.text_w)]
            rows.append(Row("", line_h // 2))
        if page.picture == "furiten":
            words = FURITEN_EXAMPLE["caption"]
            caption = wrap(tr(words), self.size - 2, self.text_w - 28)
            label_h = text("Ag", max(13, self.size - 3)).get_height() + 2
            rows.append(Row("", 10 + label_h + self.tile_h + 12 + len(caption) * text("Ag", self.size - 2).get_height() + 12,
                            picture="furiten"))
        return rows

    def last_scroll(self) -> int:
        """The first row to show when scrolled to the end: the page's last row sits at the bottom."""
        room, used, first = self.bottom - self.top, 0, len(self.rows)
        while first > 0 and used + self.rows[first - 1].height <= room:
            first -= 1
            used += self.rows[first].height
        return first

    # layout and input ---------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.margin = max(16, w // 24)
        self.size = max(16, h // 40)
        self.text_w = min(int(w * 0.84), self.size * 52)
        self.tile_h = max(28, h // 16)
        tab_h = max(32, h // 20)
        tab_y = int(h * 0.11)
        tab_w = (w - 2 * self.margin - 6 * (len(HELP_PAGES) - 1)) // len(HELP_PAGES)
        self.tabs = [Button((self.margin + i * (tab_w + 6), tab_y, tab_w, tab_h), page.tab, self._opener(i))
                     for i, page in enumerate(HELP_PAGES)]
        bw, bh = max(130, w // 9), max(36, h // 18)
        y = h - self.margin // 2 - bh
        self.back.rect = pygame.Rect(w - self.margin - bw, y, bw, bh)
        self.book.rect = pygame.Rect(self.back.rect.x - bw - 12, y, bw, bh)
        self.previous.rect = pygame.Rect(self.margin, y, bw, bh)
        self.next.rect = pygame.Rect(self.margin + bw + 12, y, bw, bh)
        self.buttons = [*self.tabs, self.previous, self.next, self.book]
        self.top = tab_y + tab_h + max(12, h // 40)
        self.bottom = y - max(10, h // 60)
        self.show(self.page)

    def _opener(self, index: int) -> Any:
        return lambda: self.show(index)

    def prefs_changed(self, prefs: Any) -> None:
        if self.tileset.name != self.app.pref("tile_set"):
            self.tileset = load_tileset(self.app.pref("tile_set"))
        self.resized(self.app.size)

    def handle(self, ev: Input) -> None:
        if self.back.handle(ev):
            return
        for button in self.buttons:
            if button.handle(ev):
                return
        if ev.kind == "wheel":
            self.scroll = min(self.last_scroll(), max(0, self.scroll - ev.dy * 3))
        elif ev.intent in ("down", "up"):
            self.scroll = min(self.last_scroll(), max(0, self.scroll + (1 if ev.intent == "down" else -1)))
        elif ev.intent in ("left", "right"):
            self.turn(1 if ev.intent == "right" else -1)

    # drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        draw_text(surface, tr("How to play"), (self.margin, int(h * 0.06)), max(24, h // 22), THEME["accent"], True,
                  "midleft")
        for button in self.buttons:
            button.draw(surface)
        x, y = self.margin, self.top
        for row in self.rows[self.scroll:]:
            if y + row.height > self.bottom:
                break
            if row.picture == "furiten":
                self.draw_furiten(surface, pygame.Rect(x, y, self.text_w, row.height))
            elif row.words:
                draw_text(surface, row.words, (x, y), self.size + 4 if row.bold else self.size,
                          THEME["accent"] if row.bold else THEME["text"], row.bold)
            y += row.height
        small = max(13, self.size - 3)
        status = tr("Page {n} of {count}").format(n=self.page + 1, count=len(HELP_PAGES))
        if self.scroll < self.last_scroll():
            status += "   " + tr("More below: scroll or press Down")
        draw_text(surface, status, (self.next.rect.right + 20, self.back.rect.centery), small,
                  THEME["accent"] if self.scroll < self.last_scroll() else THEME["muted"], False, "midleft")
        self.back.draw(surface)

    def draw_furiten(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A ready hand with the tile it waits on among its own discards, framed in the furiten colour."""
        draw_panel(surface, area, THEME["panel"], THEME["panel_edge"], 8)
        ts, tile_h = self.tileset, self.tile_h
        tile_w = ts.size(tile_h)[0]
        x0, y = area.x + 14, area.y + 10
        label = max(13, self.size - 3)
        draw_text(surface, tr("Your hand"), (x0, y), label, THEME["muted"])
        hand_y = y + text("Ag", label).get_height() + 2
        for i, kind in enumerate(parse_kinds(FURITEN_EXAMPLE["hand"])):
            surface.blit(ts.face(kind, False, tile_h), (x0 + i * tile_w, hand_y))
        pond_x = x0 + 14 * tile_w + tile_w
        draw_text(surface, tr("Your discards"), (pond_x, y), label, THEME["muted"])
        small_h = int(tile_h * 0.8)
        small_w = ts.size(small_h)[0]
        furiten = parse_kinds(FURITEN_EXAMPLE["furiten"])[0]
        for i, kind in enumerate(parse_kinds(FURITEN_EXAMPLE["discards"])):
            px = pond_x + i * small_w
            surface.blit(ts.face(kind, False, small_h), (px, hand_y))
            if kind == furiten:
                pygame.draw.rect(surface, THEME["furiten"], (px - 2, hand_y - 2, small_w + 4, small_h + 4), width=3,
                                 border_radius=3)
        yy = hand_y + tile_h + 12
        words = FURITEN_EXAMPLE["caption"]
        for line in wrap(tr(words), self.size - 2, area.w - 28):
            box = draw_text(surface, line, (x0, yy), self.size - 2, THEME["furiten"])
            yy = box.bottom
