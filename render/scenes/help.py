"""The help screen: how to play at Kawa's table, in short."""

from __future__ import annotations

import pygame

from render.i18n import N_, tr
from render.input import Input, controls
from render.scenes import Scene
from render.widgets import THEME, Button, draw_text, text, wrap

__all__ = ["HelpScene", "HELP_TEXT"]

HELP_TEXT: tuple[str, ...] = (
    N_('The goal: four sets (runs or triplets) and a pair, with at least one yaku. You play against three computer players; your seat is at the bottom of the screen.'),
    N_('Your turn: click a tile of your hand to discard it, or move with Left/Right and press Enter. The drawn tile stands apart at the right. With "Confirm discards" on, click the tile again (or the Confirm button).'),
    N_('Riichi: when your closed hand is one tile from winning, tick the Riichi box beside your name, then discard. If the declaration is not valid, only you are told, and nothing is declared.'),
    N_("Calls: when another player's discard can complete a set or your hand, buttons appear: Ron, Pon, Kan and one Chi button for each pair of your tiles that can run with it. You never click a discard to call it. Pass declines every offer (Space)."),
    N_('Your own turn may also offer Tsumo (win on your draw), closed or added Kan, and Kyuushu kyuuhai (nine terminals and honours in the first draw, if the rules allow the abortive draw).'),
    N_('At an exhaustive draw, choose Tenpai (show your ready hand) or Noten.'),
    N_('Furiten: when a tile you wait on is among your own discards, your name turns red and no Ron button appears: you can only win by Tsumo.'),
    N_('Hover over the dora indicators, the wall counter, the honba and riichi sticks and the open melds for what they mean. While your hand is ready, the waits and how many of each are still unseen show above your hand.'),
    N_('Tile reordering (a preference): the small arrows under your hand swap neighbours; the button at the far left sorts the hand again.'),
    N_("Scoring: yaku give han, sets and waits give fu; a hand's value comes from both, with fixed limits from five han (mangan) up to yakuman. The result screen shows every yaku, the dora, the fu and each payment."),
)
"""The help, one paragraph a line (each translated on its own)."""


def key_lines() -> list[str]:
    """One line per intent: its keys (or mouse buttons) and what it does (from ``render.input``)."""
    return [f"{inputs}: {tr(what)}" for inputs, what in controls()]


class HelpScene(Scene):
    """Scrollable help text; Esc or Back returns."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.scroll = 0
        self.back = Button((0, 0, 10, 10), N_("Back"), self.app.pop, intent="back")
        self.resized(app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = max(16, h // 40)
        self.lines: list[str] = []
        for para in [tr(p) for p in HELP_TEXT] + [tr("Keys and mouse:")] + key_lines():
            self.lines.extend(wrap(para, self.size, int(w * 0.8)))
            self.lines.append("")
        self.back.rect = pygame.Rect(w - 160, h - 60, 140, 44)

    def handle(self, ev: Input) -> None:
        if self.back.handle(ev):
            return
        last = max(0, len(self.lines) - 4)
        if ev.kind == "wheel":
            self.scroll = min(last, max(0, self.scroll - ev.dy * 3))
        elif ev.intent in ("down", "up"):
            self.scroll = min(last, max(0, self.scroll + (1 if ev.intent == "down" else -1)))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        draw_text(surface, tr("How to play"), (int(w * 0.1), int(h * 0.06)), max(24, h // 22), THEME["accent"], True, "midleft")
        y = int(h * 0.12)
        line_h = text("Ag", self.size).get_height() + 2
        shown_all = True
        for line in self.lines[self.scroll:]:
            if y > h - 80:
                shown_all = False
                break
            draw_text(surface, line, (int(w * 0.1), y), self.size)
            y += line_h
        if not shown_all:
            draw_text(surface, tr("More below: scroll or press Down"), (int(w * 0.1), h - 40), max(14, self.size - 2),
                      THEME["accent"], False, "midleft")
        self.back.draw(surface)
