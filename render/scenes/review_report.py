"""The AI review of one seat's choices in a recorded game.

``ReviewWaitScene`` runs the review in a background thread (``render.review_job``) over the screen it
was asked from, drawing a progress bar while the window keeps drawing; Esc stops waiting. Then
``ReviewReportScene`` shows the agreement with the AI overall, per kind of decision and per hand, the
estimated cost decision by decision over the game (hover for what was chosen and what the AI
preferred), and the mistakes by cost with their reasons; a mistake clicked opens the replay there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.logs.record import RecordedGame
from game.review import Decision
from game.ai.policy import shipped_shares
from render.charts import GRID, Zone
from render.i18n import N_, number, percent, tr, trn
from render.input import Input
from render.review_job import ReviewJob, ReviewResult
from render.review_words import (KIND_NAMES, SEVERITY_NAMES, action_words, decision_line, hand_words, reason_words,
                                  severity_counts, shares_words)
from render.scenes import Scene
from render.widgets import THEME, Button, Checkbox, draw_panel, draw_text, draw_tooltip, fitted_size, text_width, wrap
from render.words import round_label, stats_words

__all__ = ["ReviewWaitScene", "ReviewReportScene", "SEVERITY_COLORS", "listed", "clipped"]

SEVERITY_COLORS = {"agree": (90, 190, 110), "slip": (120, 180, 240), "mistake": (220, 80, 64),
                   "strong_choice": (200, 170, 90), "not_weighed": (140, 140, 140)}
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}
"""How the AI compared with is named ("Agreement with the strong AI")."""
Show = Callable[[int], None]
"""Shows decision ``n`` in the replay the review was asked from."""


def listed(result: ReviewResult, only_mistakes: bool) -> list[int]:
    """The decisions the report lists, costliest first: the mistakes, or every choice the AI would not make."""
    decisions = result.review.decisions
    wanted = ("mistake",) if only_mistakes else ("mistake", "slip")
    return sorted((n for n, d in enumerate(decisions) if d.severity in wanted), key=lambda n: -decisions[n].cost)


def clipped(s: str, size: int, width: int) -> str:
    """``s`` cut with an ellipsis to fit ``width`` at ``size``."""
    if text_width(s, size) <= width:
        return s
    while s and text_width(s + "\u2026", size) > width:
        s = s[:-1]
    return s.rstrip() + "\u2026"


def _pct(value: float) -> str:
    return percent(value, 0)


class ReviewWaitScene(Scene):
    """A progress bar over the screen below while ``seat`` of ``record`` is reviewed; the report replaces it."""

    transparent = True

    def __init__(self, app: Any, record: RecordedGame, seat: int, title: str = "", show: Show | None = None,
                 on_review: Callable[[ReviewResult], None] | None = None) -> None:
        super().__init__(app)
        self.title = title or record.game_id or record.source
        self.show = show
        self.on_review = on_review
        self.job = ReviewJob(record, seat, shares=shipped_shares()).start()
        self.cancel = Button((0, 0, 10, 10), N_("Cancel"), self.stop, N_("Stop waiting for the review (Esc)"),
                             intent="back")
        self.resized(app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 80, max(460, w * 2 // 5)), max(180, h // 4))
        self.panel.center = (w // 2, h // 2)
        self.bar = pygame.Rect(self.panel.x + 30, self.panel.centery - 6, self.panel.w - 60, max(18, h // 40))
        bw, bh = max(140, w // 9), max(34, h // 22)
        self.cancel.rect = pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - bh - 16, bw, bh)

    def stop(self) -> None:
        """Stop waiting: the thread finishes the hand under way and its result is dropped."""
        self.job.cancel()
        self.app.pop()

    def handle(self, ev: Input) -> None:
        if self.job.error and ev.kind == "key" and ev.intent == "confirm":
            self.app.pop()
            return
        self.cancel.handle(ev)

    def update(self, dt: float) -> None:
        if not self.job.done or self.job.result is None:
            return
        result = self.job.result
        if self.on_review is not None:
            self.on_review(result)
        self.app.replace(self.app.build("review_report", result, self.title, self.show))

    def frame_state(self) -> Any:
        return (self.job.progress, self.job.done, self.job.error, self.cancel.hover)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel)
        size = max(16, h // 40)
        heading = tr("Reviewing your choices against the AI")
        draw_text(surface, heading, (self.panel.centerx, self.panel.y + 18 + size // 2),
                  fitted_size(heading, size + 4, self.panel.w - 30, True), THEME["accent"], True, "center")
        if self.job.error:
            problem = tr("The review stopped: {problem}").format(problem=self.job.error)
            for n, line in enumerate(wrap(problem, size, self.panel.w - 40)[:3]):
                draw_text(surface, line, (self.panel.centerx, self.bar.y + n * (size + 6)), size, THEME["furiten"],
                          False, "center")
            self.cancel.label = N_("Back")
        else:
            pygame.draw.rect(surface, (20, 24, 30), self.bar, border_radius=6)
            fill = self.bar.copy()
            fill.w = max(6, int(self.bar.w * self.job.fraction))
            pygame.draw.rect(surface, THEME["good"], fill, border_radius=6)
            pygame.draw.rect(surface, THEME["panel_edge"], self.bar, width=1, border_radius=6)
            done, total = self.job.progress
            hands = len(self.job.record.hands)
            step = tr("Hand {n} of {total}").format(n=min(hands, max(1, done if done <= hands else done - hands)),
                                                     total=hands)
            what = tr("judging the choices") if done < hands else tr("finding each choice in the replay")
            line = f"{step}: {what}  {_pct(self.job.fraction)}"
            draw_text(surface, line, (self.panel.centerx, self.bar.bottom + 8 + size // 2), size - 2, THEME["muted"],
                      False, "center")
        self.cancel.draw(surface)


class ReviewReportScene(Scene):
    """The report of a finished review; ``show`` (when asked from a replay) shows a clicked decision there,
    else a replay is opened at it."""

    def __init__(self, app: Any, result: ReviewResult, title: str = "", show: Show | None = None) -> None:
        super().__init__(app)
        self.result = result
        self.review = result.review
        self.summary = self.review.summary()
        """The figures the report shows (a finished review does not change)."""
        self.title = title or result.record.game_id or result.record.source
        self.show = show
        self.only_mistakes = True
        self.scroll = 0
        self.mouse = (-1, -1)
        self.zones: list[Zone] = []
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.back = Button((0, 0, 10, 10), N_("Back"), self.app.pop, N_("Back (Esc)"), intent="back")
        self.filter = Checkbox((0, 0, 10, 10), N_("Only mistakes"), True, self.set_only_mistakes,
                               tooltip=N_("List only the mistakes, or every choice the AI would not have made"))
        self.resized(app.size)

    # layout -----------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.text_size = max(14, min(20, h // 44))
        m = max(14, w // 60)
        bh = max(32, h // 22)
        self.back.rect = pygame.Rect(w - m - 140, m, 140, bh)
        self.filter.rect = pygame.Rect(self.back.rect.x - m - 230, m, 230, bh)
        top = m + bh + m // 2
        self.summary_rect = pygame.Rect(m, top, max(280, w * 27 // 100), h - top - m)
        right = self.summary_rect.right + m
        self.chart_rect = pygame.Rect(right, top, w - right - m, (h - top - m) * 2 // 5)
        self.list_rect = pygame.Rect(right, self.chart_rect.bottom + m // 2, self.chart_rect.w,
                                     h - self.chart_rect.bottom - m // 2 - m)
        self.row_h = 2 * self.text_size + 16

    # input ------------------------------------------------------------------------------
    def set_only_mistakes(self, checked: bool) -> None:
        self.only_mistakes = checked
        self.scroll = 0

    def visible_rows(self) -> int:
        return max(1, (self.list_rect.h - self.text_size * 2 - 16) // self.row_h)

    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.mouse = ev.pos
        if self.back.handle(ev) or self.filter.handle(ev):
            return
        shown = listed(self.result, self.only_mistakes)
        top = max(0, len(shown) - self.visible_rows())
        if ev.kind == "wheel":
            self.scroll = max(0, min(top, self.scroll - ev.dy))
        elif ev.kind == "key" and ev.intent in ("up", "down", "page_up", "page_down"):
            delta = {"up": -1, "down": 1, "page_up": -self.visible_rows(), "page_down": self.visible_rows()}[ev.intent]
            self.scroll = max(0, min(top, self.scroll + delta))
        elif ev.kind == "press" and ev.intent == "choose":
            for rect, n in self.rows:
                if rect.collidepoint(ev.pos):
                    self.open_decision(n)
                    return

    def open_decision(self, n: int) -> None:
        """Show decision ``n`` in the replay: the one the review was asked from, or a new one."""
        if self.result.place_of(n) is None:
            return
        if self.show is not None:
            show = self.show
            self.app.pop()
            show(n)
        else:
            self.app.open("viewer", self.result.record, self.title, self.result, n)

    def hovered(self) -> str:
        return next((tip for rect, tip in self.zones if rect.collidepoint(self.mouse)), "")

    def frame_state(self) -> Any:
        hot = next((n for rect, n in self.rows if rect.collidepoint(self.mouse)), None)
        return (self.only_mistakes, self.scroll, self.hovered(), hot, self.back.hover, self.filter.hover)

    # drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        size = self.text_size
        heading = tr("AI review: {title}").format(title=self.title)
        room = self.filter.rect.x - self.summary_rect.x - 20
        draw_text(surface, heading, (self.summary_rect.x, self.back.rect.centery),
                  fitted_size(heading, max(22, h // 28), room, True), THEME["accent"], True, "midleft")
        self.filter.checked = self.only_mistakes
        self.filter.draw(surface)
        self.back.draw(surface)
        self.zones = []
        self.draw_summary(surface, size)
        self.draw_chart(surface, size)
        self.draw_list(surface, size)
        tip = self.hovered()
        if tip:
            draw_tooltip(surface, tip, self.mouse, size)

    def draw_summary(self, surface: pygame.Surface, size: int) -> None:
        """Agreement overall, the severities and the cost, then agreement per kind and per hand."""
        box = self.summary_rect
        draw_panel(surface, box)
        s = self.summary
        sev = s["severity"]
        x, right = box.x + 14, box.right - 14
        y = box.y + 12
        draw_text(surface, tr("Agreement with the {level} AI").format(level=tr(LEVEL_WORDS.get(s["level"], s["level"]))),
                  (x, y), size, THEME["muted"])
        y += size + 6
        big = size * 2 + 8
        draw_text(surface, _pct(s["agreement"]), (x, y), big, THEME["accent"], True)
        line = trn("{agreed} of {n} decision", "{agreed} of {n} decisions", s["decisions"]).format(agreed=sev["agree"], n=s["decisions"])
        draw_text(surface, line, (right, y + big // 2), fitted_size(line, size, box.w // 2), THEME["text"], False,
                  "midright")
        y += big + 12
        for words, color in ((severity_counts(sev["mistake"], sev["slip"]), THEME["text"]),
                             (tr("Estimated cost: about {points:,} points").format(points=round(s["cost"])),
                              THEME["text"])):
            draw_text(surface, words, (x, y), fitted_size(words, size, box.w - 28), color)
            y += size + 8
        y = self._rule(surface, box, y)
        draw_text(surface, tr("By kind of decision"), (x, y), size, THEME["accent"], True)
        y += size + 10
        for kind, k in s["by_kind"].items():
            name = tr(KIND_NAMES.get(kind, kind))
            draw_text(surface, name, (x, y), fitted_size(name, size - 1, box.w // 2), THEME["text"])
            value = tr("{rate} of {n}").format(rate=_pct(k["agreement"]), n=k["decisions"])
            draw_text(surface, value, (right, y), size - 1, THEME["text"], True, "topright")
            self.zones.append((pygame.Rect(box.x, y - 3, box.w, size + 6),
                               tr("{kind}: {agreed} of {n} as the AI would, about {cost:,} points lost").format(
                                   kind=name, agreed=k["agreed"], n=k["decisions"], cost=round(k["cost"]))))
            y += size + 7
        y = self._rule(surface, box, y)
        draw_text(surface, tr("By hand"), (x, y), size, THEME["accent"], True)
        y += size + 10
        bottom = box.bottom - 8
        if self.result.not_kept is not None:  # said under the hands, in the room it needs
            why = stats_words(error=self.result.not_kept)
            said = tr("This review was not kept in the statistics, so its mistakes will not come back in Practice.")
            lines = wrap(f"{said} {why}", size - 2, box.w - 28)[:6]
            bottom -= len(lines) * (size + 2) + 6
            for n, line in enumerate(lines):
                draw_text(surface, line, (x, bottom + 6 + n * (size + 2)), size - 2, THEME["furiten"])
        self.draw_hands(surface, pygame.Rect(x, y, box.w - 28, bottom - y), s["by_hand"], size)

    @staticmethod
    def _rule(surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        pygame.draw.line(surface, THEME["panel_edge"], (box.x + 12, y + 4), (box.right - 12, y + 4))
        return y + 14

    def _hand_names(self) -> list[tuple[str, tuple[int, int]]]:
        """Each reviewed hand's name and (hand index, honba), in order."""
        seen: dict[tuple[int, int], str] = {}
        for d in self.review.decisions:
            seen.setdefault((d.hand_index, d.honba), hand_words(d))
        return [(name, key) for key, name in seen.items()]

    def draw_hands(self, surface: pygame.Surface, area: pygame.Rect, by_hand: list[dict[str, Any]], size: int) -> None:
        """Agreement per hand in two columns."""
        names = self._hand_names()
        step = size + 7
        per_column = max(1, area.h // step)
        columns = 2 if len(by_hand) > per_column else 1
        col_w = area.w // columns - (10 if columns > 1 else 0)
        for i, (hand, (name, _)) in enumerate(zip(by_hand, names)):
            if i >= per_column * columns:
                break
            cx = area.x + (i // per_column) * (col_w + 20)
            cy = area.y + (i % per_column) * step
            color = SEVERITY_COLORS["mistake"] if hand["agreement"] < 0.5 else THEME["text"]
            draw_text(surface, name, (cx, cy), fitted_size(name, size - 2, col_w - size * 3), THEME["muted"])
            draw_text(surface, _pct(hand["agreement"]), (cx + col_w, cy), size - 2, color, True, "topright")
            self.zones.append((pygame.Rect(cx, cy - 2, col_w, step),
                               tr("{hand}: {agreed} of {n} as the AI would, about {cost:,} points lost").format(
                                   hand=name, agreed=hand["agreed"], n=hand["decisions"], cost=round(hand["cost"]))))

    def draw_chart(self, surface: pygame.Surface, size: int) -> None:
        """One bar per decision (its estimated cost, coloured by severity), the running total as a line, the hands
        marked below."""
        rect = self.chart_rect
        draw_panel(surface, rect)
        draw_text(surface, tr("Estimated cost, decision by decision"), (rect.x + 12, rect.y + 8), size, THEME["accent"],
                  True)
        decisions = self.review.decisions
        area = pygame.Rect(rect.x + 14 + size * 3, rect.y + 20 + size, rect.w - 28 - size * 6,
                           rect.h - 36 - size * 3)
        legend = tr("running total")
        pygame.draw.line(surface, THEME["accent"], (rect.right - 30 - text_width(legend, size - 2), rect.y + 8 + size // 2),
                         (rect.right - 16 - text_width(legend, size - 2), rect.y + 8 + size // 2), 3)
        draw_text(surface, legend, (rect.right - 12, rect.y + 8 + size // 2), size - 2, THEME["muted"], False,
                  "midright")
        pygame.draw.line(surface, GRID, (area.x, area.bottom), (area.right, area.bottom))
        if not decisions:
            draw_text(surface, tr("No decision to review"), area.center, size, THEME["muted"], False, "center")
            return
        n = len(decisions)
        top = max(max(d.cost for d in decisions), 100.0)
        total = sum(d.cost for d in decisions) or 1.0
        draw_text(surface, number(round(top)), (area.x - 6, area.y), size - 3, THEME["muted"], False, "midright")
        draw_text(surface, "0", (area.x - 6, area.bottom), size - 3, THEME["muted"], False, "midright")
        spent = number(round(self.summary["cost"]))  # the summary's own total: the two on screen agree
        draw_text(surface, spent, (area.right + 6, area.y), size - 3, THEME["accent"], False, "midleft")
        slot = area.w / n
        running, points = 0.0, []
        for i, d in enumerate(decisions):
            x0 = area.x + i * slot
            height = int(area.h * d.cost / top)
            if height:
                bar = pygame.Rect(int(x0 + slot * 0.15), area.bottom - height, max(1, int(slot * 0.7)), height)
                faded = self.only_mistakes and d.severity != "mistake"
                pygame.draw.rect(surface, GRID if faded else SEVERITY_COLORS[d.severity], bar)
            running += d.cost
            points.append((int(x0 + slot / 2), area.bottom - int(area.h * running / total)))
            self.zones.append((pygame.Rect(int(x0), area.y, max(2, int(slot) + 1), area.h), self._tip(i, d)))
        if len(points) > 1:
            pygame.draw.lines(surface, THEME["accent"], False, points, 2)
        self._mark_hands(surface, area, slot, size)

    def _mark_hands(self, surface: pygame.Surface, area: pygame.Rect, slot: float, size: int) -> None:
        """A line where each hand starts and its name below when it fits."""
        decisions = self.review.decisions
        starts = [i for i, d in enumerate(decisions)
                  if i == 0 or (d.hand_index, d.honba) != (decisions[i - 1].hand_index, decisions[i - 1].honba)]
        for j, i in enumerate(starts):
            x = int(area.x + i * slot)
            end = starts[j + 1] if j + 1 < len(starts) else len(decisions)
            if i:
                pygame.draw.line(surface, GRID, (x, area.y), (x, area.bottom + 4))
            d = decisions[i]
            name = round_label(27 + min(d.hand_index // 4, 3), d.hand_index)
            room = int((end - i) * slot) - 12  # a gap between neighbours' names; the honba is in the hover
            if text_width(name, size - 4) <= room:
                draw_text(surface, name, (int(x + (end - i) * slot / 2), area.bottom + 6), size - 4, THEME["muted"],
                          False, "midtop")

    def _tip(self, n: int, d: Decision) -> str:
        words = tr("{hand}, turn {turn}: you chose {yours}; the AI preferred {ai}").format(
            hand=hand_words(d), turn=d.turn, yours=action_words(d.actual), ai=action_words(d.options[0][0]))
        if d.agreed:
            return words
        return words + " " + tr("({severity}, about {cost:,} points)").format(
            severity=tr(SEVERITY_NAMES[d.severity]), cost=round(d.cost))

    def draw_list(self, surface: pygame.Surface, size: int) -> None:
        """The mistakes (or every disagreement) by cost, each with its reason; a click shows it in the replay."""
        box = self.list_rect
        draw_panel(surface, box)
        shown = listed(self.result, self.only_mistakes)
        heading = (tr("Mistakes, costliest first ({n})") if self.only_mistakes else
                   tr("Choices the AI would not make, costliest first ({n})")).format(n=len(shown))
        draw_text(surface, heading, (box.x + 12, box.y + 8), size, THEME["accent"], True)
        hint = tr("Click one to see it in the replay")
        draw_text(surface, hint, (box.right - 12, box.y + 8), fitted_size(hint, size - 3, box.w // 3), THEME["muted"],
                  False, "topright")
        self.rows = []
        self.scroll = max(0, min(self.scroll, max(0, len(shown) - self.visible_rows())))
        y = box.y + size * 2 + 8
        decisions = self.review.decisions
        if not shown:
            draw_text(surface, tr("No mistake: the AI would have played the same or nearly so."),
                      (box.centerx, box.centery), size, THEME["muted"], False, "center")
        for n in shown[self.scroll:self.scroll + self.visible_rows()]:
            d = decisions[n]
            rect = pygame.Rect(box.x + 6, y, box.w - 12, self.row_h - 4)
            self.rows.append((rect, n))
            if rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, (52, 78, 104), rect, border_radius=5)
            cost = tr("{cost:,} pts").format(cost=round(d.cost))
            cost_w = size * 5
            pygame.draw.rect(surface, SEVERITY_COLORS[d.severity], (rect.x + 4, rect.y + 4, 4, rect.h - 8))
            draw_text(surface, cost, (rect.x + 14 + cost_w, rect.y + 4), size, SEVERITY_COLORS[d.severity], True,
                      "topright")
            first = tr("{hand}, turn {turn}").format(hand=hand_words(d), turn=d.turn) + ": " + decision_line(d)
            room = rect.w - cost_w - 34
            first_size = fitted_size(first, size, room)
            draw_text(surface, clipped(first, first_size, room), (rect.x + 24 + cost_w, rect.y + 4), first_size,
                      THEME["text"])
            why = reason_words(d.reason, self.review.seat, d.hand_index) if d.reason else tr(KIND_NAMES[d.kind])
            houou = shares_words(d.shares, most=2)
            whole = tr("{reason}; {houou}").format(reason=why, houou=houou) if houou else why
            if text_width(whole, size - 2) <= room:  # what houou players do, where the line has room for it
                why = whole
            why_size = fitted_size(why, size - 2, room)
            draw_text(surface, clipped(why, why_size, room), (rect.x + 24 + cost_w, rect.y + 8 + size), why_size,
                      THEME["muted"])
            if why != whole or text_width(why, why_size) > room:  # the whole reason and the shares on hover
                self.zones.append((rect, f"{first}: {whole}"))
            y += self.row_h
        if len(shown) > self.visible_rows():
            more = tr("{first}-{last} of {n}").format(first=self.scroll + 1, n=len(shown),
                                                      last=min(len(shown), self.scroll + self.visible_rows()))
            draw_text(surface, more, (box.right - 12, box.bottom - 6), size - 4, THEME["muted"], False, "bottomright")

