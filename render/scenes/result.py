"""A hand's result: the winning hand with the winning tile marked, every yaku and its han, dora,
the fu breakdown, the limit, the payments and every seat's score change; or, for a draw, the
tenpai hands and the payments.

With animations on, the result is revealed from the top in steps (the hand, each yaku, the fu,
the total, the payments); a click or Enter shows the rest at once, the next one goes on."""

from __future__ import annotations

from typing import Any

import pygame

from game.hand.shanten import waits
from game.tiles import counts_of
from render.canvas import Canvas, replay
from render.input import Input
from render.scenes import Scene
from render.guide import RESULT_HINTS
from render.table_view import melds_row
from render.i18n import N_, join_list, number, series, tr
from render.words import draw_words, fu_words, japanese_yaku_name, limit_words, wind_words, yaku_words
from render.widgets import THEME, Button, draw_panel, draw_text, text, text_width, ui_scale

__all__ = ["ResultScene", "REVEAL_STEP_S"]

REVEAL_STEP_S = {"fast": 0.3, "slow": 0.6}
"""Seconds per step of the result's reveal for each animations preference ("off": no reveal)."""

PANEL = (26, 32, 40)
"""The result panel's colour."""

COUNT_STEPS = 3
"""Steps of the reveal over which the seats' scores move from the old to the new."""


class ResultScene(Scene):
    """The result of one hand, over the table."""

    transparent = True

    def __init__(self, app: Any, table: Any, results: list[Any], ended: Any, view: Any) -> None:
        super().__init__(app)
        self.table = table
        self.results = results
        self.ended = ended
        self.view = view
        self.names = table.names
        self.aka = table.aka
        self.last = ended.next_hand_index is None
        self.auto_time = None if not table.setup.demo else 4.0 * (1.0 if app.options.pace is None else app.options.pace)
        self.button = Button((0, 0, 10, 10), N_("Final standings") if self.last else N_("Next hand"), self.dismiss,
                             intent="confirm", color=(60, 130, 80))
        self.cache: pygame.Surface | None = None
        self.yaku_spots: list[tuple[pygame.Rect, str]] = []
        """Where each yaku's name is drawn: a click there opens the yaku book at it."""
        self.base: pygame.Surface | None = None
        self.stops: list[int] = []
        """The rows the reveal pauses at (their bottoms, top to bottom)."""
        self.step_s = REVEAL_STEP_S.get(str(app.pref("animations")))
        """Seconds per step of the reveal (None: everything at once)."""
        self.revealed = 0.0
        """How many steps are shown (fractions: the wipe between two rows)."""
        self.under: pygame.Surface | None = None
        """The table beneath, as the first frame found it."""
        self.painted_y = 0
        """The reveal's edge when the screen was last painted."""
        self.score_cells: list[tuple[pygame.Rect, int, int, int]] = []
        """Where each seat's new score is drawn, its old and new values and the text size (they move)."""
        self.resized(app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.panel = pygame.Rect(int(w * 0.08), int(h * 0.06), int(w * 0.84), int(h * 0.88))
        bw, bh = int(max(180, w // 8) * ui_scale()), int(max(40, h // 18) * ui_scale())
        self.button.rect = pygame.Rect(self.panel.right - bw - 20, self.panel.bottom - bh - 16, bw, bh)
        self.cache = None
        self.under = None
        self.transparent = True  # the table is drawn beneath again, and kept (``draw``)

    def dismiss(self) -> None:
        if self.table.guide.current in RESULT_HINTS:
            self.table.guide.dismiss()  # the hint explained this result; it does not stay into the next hand
        self.app.pop()
        self.app.hand_finished()

    @property
    def revealing(self) -> bool:
        """Rows of the result are still to come, or the scores still move."""
        return self.step_s is not None and self.revealed < self.last_step

    @property
    def last_step(self) -> float:
        """The reveal's end: every row, then ``COUNT_STEPS`` steps of the scores moving to their new values."""
        return len(self.stops) + COUNT_STEPS

    def reveal_all(self) -> None:
        self.revealed = self.last_step

    def counted(self) -> float:
        """How far the scores have moved from the old values to the new (0 to 1)."""
        return min(1.0, max(0.0, (self.revealed - len(self.stops)) / COUNT_STEPS)) if self.revealing else 1.0

    def update(self, dt: float) -> None:
        if self.revealing and self.step_s:
            self.revealed = min(self.last_step, self.revealed + dt / self.step_s)
        if self.auto_time is not None:
            self.auto_time -= dt
            if self.auto_time <= 0:
                self.dismiss()

    def frame_state(self) -> object:
        return (self.button.hover, self.auto_time is None, self.reveal_y() if self.revealing else None,
                self.table.guide.current, self.table.guide_button.hover, int(self.counted() * 40))

    def handle(self, ev: Input) -> None:
        if self.table.guide.current in RESULT_HINTS and self.table.guide_button.handle(ev):
            return
        if self.revealing and ((ev.kind == "press" and ev.intent == "choose") or
                               (ev.kind == "key" and ev.intent in ("confirm", "pass"))):
            self.reveal_all()  # skipped: the whole result at once; the next press goes on
            return
        if self.button.handle(ev):
            return
        if ev.kind == "press" and ev.intent == "choose":
            name = next((name for rect, name in self.yaku_spots if rect.collidepoint(ev.pos)), None)
            if name is not None:
                self.auto_time = None  # the player is reading: a watched game waits
                self.app.open("yaku_book", self.table.setup.rules, name)

    # drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The result over the table. The table beneath stands still while the result shows: the first
        frame keeps a copy of it, and the screen stops drawing it (the reveal then repaints only the rows
        it uncovers, ``draw_dirty``)."""
        if self.under is None or self.under.get_size() != surface.get_size():
            self.under = surface.copy()
            self.transparent = False
        else:
            surface.blit(self.under, (0, 0))
        if self.cache is None or self.cache.get_size() != surface.get_size():
            self.base = self.backdrop(surface.get_size())
            self.cache = self.render(surface.get_size())
        self.paint(surface, surface.get_rect())

    def paint(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The result's pixels inside ``area`` (the table beneath already there): the panel, the rows
        uncovered so far, the button and the guide's hint."""
        assert self.cache is not None and self.base is not None
        surface.set_clip(area)
        if self.revealing:
            surface.blit(self.base, area, area)
            shown = area.clip(pygame.Rect(0, 0, surface.get_width(), self.reveal_y()))
            if shown.h > 0:
                surface.blit(self.cache, shown, shown)
        else:
            surface.blit(self.cache, area, area)
        if self.revealing and self.reveal_y() >= self.panel.bottom:
            self.moving_scores(surface)
        self.button.draw(surface)
        self.draw_guide(surface)
        surface.set_clip(None)
        self.painted_y = self.reveal_y()

    def moving_scores(self, surface: pygame.Surface) -> None:
        """Each seat's score on its way from the old value to the new one (over the final one drawn)."""
        share = 1 - (1 - self.counted()) ** 2
        for cell, before, after, size in self.score_cells:
            surface.fill(PANEL, cell)
            draw_text(surface, number(round(before + (after - before) * share)), cell.topright, size, THEME["text"],
                      False, "topright")

    def draw_dirty(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Repaint the rows the reveal uncovered since the last frame, and the button."""
        if self.under is None or self.cache is None or self.under.get_size() != surface.get_size():
            self.draw(surface)
            return None
        y0, y1 = sorted((self.painted_y, self.reveal_y()))
        areas = [self.button.rect.inflate(8, 8), self.table.guide_area.inflate(8, 8)]
        areas += [cell.inflate(2, 2) for cell, *_ in self.score_cells] if self.reveal_y() >= self.panel.bottom else []
        if y1 > y0:
            areas.append(pygame.Rect(0, y0, surface.get_width(), y1 - y0))
        for area in areas:
            surface.blit(self.under, area, area)
            self.paint(surface, area)
        return areas

    def draw_guide(self, surface: pygame.Surface) -> None:
        """The first-game guide's hint about the result, inside the panel left of the button."""
        if self.table.guide.current not in RESULT_HINTS:
            return
        lay = self.table.layout
        spot = pygame.Rect(self.panel.centerx + lay.margin, 0, self.panel.right - 20 - self.panel.centerx - lay.margin, 0)
        cv = Canvas()
        self.table.draw_guide(cv, lay, spot)  # measured, then set above the button
        spot.y = self.button.rect.top - lay.margin - self.table.guide_area.h
        cv = Canvas()
        self.table.draw_guide(cv, lay, spot)
        replay(surface, cv.ops)

    def reveal_y(self) -> int:
        """The bottom of what the reveal shows now: the rows up to the current step, and part of the next."""
        if not self.stops:
            return self.panel.bottom
        whole = int(self.revealed)
        if whole >= len(self.stops):
            return self.panel.bottom
        top = self.stops[whole - 1] if whole > 0 else self.panel.y
        return int(top + (self.stops[whole] - top) * min(1.0, (self.revealed - whole) * 2))

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The shade over the table and the empty panel (what the reveal uncovers rows on)."""
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((0, 0, 0, 140))
        draw_panel(surf, self.panel, PANEL, THEME["accent"], 12)
        return surf

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole result, drawn once."""
        surf = self.backdrop(size)
        self.yaku_spots = []
        self.stops = []
        self.score_cells: list[tuple[pygame.Rect, int, int, int]] = []
        p = self.panel
        fs = max(15, p.h // 34)
        wins = [e for e in self.results if e.type == "won"]
        draws = [e for e in self.results if e.type == "drawn_hand"]
        y = p.y + 16
        if wins:
            col_w = (p.w - 40) // len(wins)
            bottom = y
            for i, ev in enumerate(wins):
                bottom = max(bottom, self.draw_win(surf, ev.entry(), pygame.Rect(p.x + 20 + i * col_w, y, col_w - 10, p.h), fs))
            y = bottom
        elif draws:
            y = self.draw_draw(surf, draws[0].to_dict()["data"], pygame.Rect(p.x + 20, y, p.w - 40, p.h), fs)
        self.draw_scores(surf, pygame.Rect(p.x + 20, y + fs, p.w // 2, 6 * self.row(fs)), fs)
        self.stops = sorted(set(self.stops))
        return surf

    @staticmethod
    def row(size: int) -> int:
        """The height of a line of text of ``size``, with a little room under it."""
        return text("Ag", size).get_height() + max(2, size // 8)

    def tiles_row(self, surf: pygame.Surface, x: int, y: int, tiles: list[int], height: int, marked: int | None = None) -> int:
        ts = self.table.tileset
        tw = ts.size(height)[0]
        for t in tiles:
            if t == marked:
                x += tw // 3
                surf.blit(ts.tile(t, height, 0, self.aka), (x, y))
                pygame.draw.rect(surf, THEME["furiten"], (x - 2, y - 2, tw + 4, height + 4), 3, border_radius=4)
            else:
                surf.blit(ts.tile(t, height, 0, self.aka), (x, y))
            x += tw
        return x

    def melds_row(self, surf: pygame.Surface, x: int, y: int, melds: list[dict[str, Any]], owner: int, height: int) -> int:
        return melds_row(surf, self.table.tileset, x, y, melds, owner, height, self.aka)

    def draw_win(self, surf: pygame.Surface, d: dict[str, Any], area: pygame.Rect, fs: int) -> int:
        seat = d["seat"]
        how = tr("Tsumo") if d.get("tsumo") else tr("Ron on {name}'s discard").format(name=self.names[d["from_seat"]])
        y = area.y
        draw_text(surf, tr("{name}: {what}").format(name=self.names[seat], what=how), (area.x, y), fs + 8, THEME["accent"], True)
        y += self.row(fs + 8) + 4
        th = max(28, min(area.w // 20, self.panel.h // 11))
        hand = sorted(d["hand"])
        win = d["tile"]
        if win in hand:
            hand.remove(win)
        x = self.tiles_row(surf, area.x, y, hand + [win], th, marked=win)
        self.melds_row(surf, x + 6, y, d.get("melds", []), seat, th)
        y += th + 12
        small = max(24, th * 2 // 3)
        x = area.x
        draw_text(surf, tr("Dora indicators"), (x, y + small // 2), fs, THEME["muted"], False, "midleft")
        x = self.tiles_row(surf, x + text(tr("Dora indicators"), fs).get_width() + 8, y, list(d.get("dora_indicators", [])), small)
        if d.get("ura_indicators") and any(name in ("riichi", "double_riichi") for name, _ in d.get("yaku", [])):
            draw_text(surf, tr("Ura"), (x + 16, y + small // 2), fs, THEME["muted"], False, "midleft")
            self.tiles_row(surf, x + 24 + text(tr("Ura"), fs).get_width(), y, list(d["ura_indicators"]), small)
        y += small + 12
        self.stops.append(y)
        # yaku and dora on the left, fu on the right
        left, right = area.x, area.x + area.w // 2
        yl = yr = y
        for name, han in d.get("yaku", []):
            unit = tr("{n} yakuman") if d.get("yakuman_count") else tr("{n} han")
            spot = draw_text(surf, yaku_words(name), (left, yl), fs)
            japanese = japanese_yaku_name(name)
            room = right - 40 - text(unit.format(n=han), fs, bold=True).get_width() - (spot.right + 10)
            if japanese and text(japanese, max(12, fs - 3)).get_width() <= room:  # only where it fits
                spot = spot.union(draw_text(surf, japanese, (spot.right + 10, spot.centery), max(12, fs - 3),
                                            THEME["muted"], False, "midleft"))
            self.yaku_spots.append((spot, name))
            draw_text(surf, unit.format(n=han), (right - 30, yl), fs, THEME["text"], True, "topright")
            yl += self.row(fs)
            self.stops.append(yl)
        for key in ("dora", "aka", "ura"):
            if d.get(key):
                draw_text(surf, yaku_words(key), (left, yl), fs)
                draw_text(surf, tr("{n} han").format(n=d[key]), (right - 30, yl), fs, THEME["text"], True, "topright")
                yl += self.row(fs)
                self.stops.append(yl)
        score = d.get("score", {})
        fu_lines = score.get("fu_lines", []) if isinstance(score, dict) else []
        if not d.get("yakuman_count"):
            draw_text(surf, tr("Fu"), (right, yr), fs, THEME["muted"], True)
            yr += self.row(fs)
            for fu, reason in fu_lines:
                draw_text(surf, fu_words(str(reason)), (right, yr), fs - 1, THEME["muted"])
                draw_text(surf, f"{fu}", (area.right - 10, yr), fs - 1, THEME["muted"], False, "topright")
                yr += self.row(fs - 1)
            counted = sum(int(fu) for fu, _ in fu_lines)
            if fu_lines and counted != d["fu"]:  # the lines add up to the total once rounded up to tens
                draw_text(surf, tr("{counted} fu, rounded up to {fu}").format(counted=counted, fu=d["fu"]),
                          (right, yr), fs - 1, THEME["text"])
                yr += self.row(fs - 1)
        self.stops.append(yr)
        y = max(yl, yr) + 8
        limit = d.get("limit")
        total = tr("{han} han {fu} fu").format(han=d["han"], fu=d["fu"]) if not d.get("yakuman_count") else ""
        if limit:
            total = f"{total}  {limit_words(str(limit))}".strip()
        draw_text(surf, total, (left, y), fs + 4, THEME["accent"], True)
        draw_text(surf, tr("{points:,} points").format(points=d.get("points", 0)), (area.right - 10, y), fs + 4, THEME["accent"], True, "topright")
        y += self.row(fs + 4) + 6
        self.stops.append(y)
        if isinstance(score, dict) and score.get("total_with_honba_and_sticks", 0) > d.get("points", 0):
            extra = []
            honba = score.get("total_with_honba", 0) - d.get("points", 0)
            sticks = score.get("total_with_honba_and_sticks", 0) - score.get("total_with_honba", 0)
            if honba > 0:
                extra.append(tr("honba +{points:,}").format(points=honba))
            if sticks > 0 and d["deltas"][seat] > score.get("total_with_honba", 0):
                extra.append(tr("riichi sticks +{points:,}").format(points=sticks))
            if extra:
                draw_text(surf, tr("With {extras}").format(extras=series(extra)), (area.right - 10, y), fs, THEME["muted"], False, "topright")
                y += self.row(fs)
        if d.get("pao") is not None:
            draw_text(surf, tr("Liability (pao): {name} pays").format(name=self.names[d["pao"]]), (left, y), fs, THEME["furiten"])
            y += self.row(fs)
        return y

    def draw_draw(self, surf: pygame.Surface, d: dict[str, Any], area: pygame.Rect, fs: int) -> int:
        y = area.y
        draw_text(surf, draw_words(str(d.get("draw", ""))), (area.x, y), fs + 8, THEME["accent"], True)
        y += self.row(fs + 8) + 6
        tenpai = d.get("tenpai")
        hands = d.get("hands", {})
        th = max(26, min(area.w // 24, self.panel.h // 13))
        if tenpai is not None:
            for seat in range(4):
                state = tr("Tenpai") if seat in tenpai else tr("Noten")
                draw_text(surf, tr("{name}: {what}").format(name=self.names[seat], what=state), (area.x, y + th // 2), fs, THEME["text"] if seat in tenpai
                          else THEME["muted"], True, "midleft")
                if str(seat) in hands:
                    held = sorted(hands[str(seat)])
                    x = self.tiles_row(surf, area.x + area.w // 4, y, held, th)
                    waited = waits(counts_of([t >> 2 for t in held])) if seat in tenpai else []
                    if waited:
                        x += th // 2
                        label = text(tr("Waits:"), max(12, fs - 2), THEME["muted"], True)
                        surf.blit(label, label.get_rect(midleft=(x, y + th // 2)))
                        self.tiles_row(surf, x + label.get_width() + 6, y, [k * 4 + 1 for k in waited], th)
                y += th + 8
                self.stops.append(y)
        if d.get("nagashi"):
            draw_text(surf, tr("Nagashi mangan: {names}").format(names=join_list([self.names[s] for s in d["nagashi"]])),
                      (area.x, y), fs)
            y += self.row(fs)
        return y

    def draw_scores(self, surf: pygame.Surface, area: pygame.Rect, fs: int) -> None:
        data = self.ended.to_dict()["data"]
        deltas, scores = data.get("deltas", [0] * 4), data.get("scores", [0] * 4)
        y = area.y
        draw_text(surf, tr("Payments"), (area.x, y), fs, THEME["muted"], True)
        y += self.row(fs)
        ranks = sorted(range(4), key=lambda s: (-scores[s], s))
        wind_w = max(text(wind_words(w), fs).get_width() for w in self.view.seat_winds) + fs
        for seat in range(4):
            delta = deltas[seat]
            color = THEME["good"] if delta > 0 else THEME["furiten"] if delta < 0 else THEME["text"]
            draw_text(surf, f"{ranks.index(seat) + 1}.", (area.x, y), fs, THEME["accent"], True)
            draw_text(surf, wind_words(self.view.seat_winds[seat]), (area.x + 2 * fs, y), fs, THEME["muted"])
            draw_text(surf, self.names[seat], (area.x + 2 * fs + wind_w, y), fs)
            draw_text(surf, number(delta, "+,") if delta else "0", (area.x + area.w * 2 // 3, y), fs, color, True, "topright")
            cell = draw_text(surf, number(scores[seat]), (area.right, y), fs, THEME["text"], False, "topright")
            wide = max(text_width(number(v), fs) for v in (scores[seat], scores[seat] - delta)) + fs
            self.score_cells.append((pygame.Rect(area.right - wide, cell.y, wide, cell.h), scores[seat] - delta,
                                     scores[seat], fs))
            y += self.row(fs)
        self.stops.append(y)
