"""The Stats screen: the player's figures over all games or the last 20 / 100, with charts of
placement over time, placement shares and the player's rates beside strong players' rates.

The figures come from the statistics database (``store.stats``) through ``game.stats.figures``;
watched games count only while "Include watched games" is ticked. Hovering a chart shows its values.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.stats.drills import agreement_series, drill_figures
from game.stats.figures import REFERENCE_RATES, WINDOWS
from render.drill_words import DRILL_NAMES
from render.background import Background
from render.charts import Zone, placement_line, rate_bars, share_bars
from render.i18n import N_, number, percent, tr, trn
from render.input import Input
from render.resources import asset_path
from render.scenes import Scene
from render.widgets import THEME, Button, Checkbox, draw_panel, draw_text, draw_tooltip, fitted_all, fitted_size, wrap
from render.words import stats_words
from store.reading import read_json_file
from store.stats import StatsDB

__all__ = ["StatsScene", "SCOPES", "MOVING_AVERAGE"]

SCOPES = (("all", N_("All games")), ("20", N_("Last 20")), ("100", N_("Last 100")))
MOVING_AVERAGE = 10
"""Games in the moving average of the placement chart."""
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
RATES = (("win_rate", N_("Win")), ("deal_in_rate", N_("Deal-in")), ("riichi_rate", N_("Riichi")),
         ("call_rate", N_("Call")))
RIICHI_RESULTS = (("won", N_("won")), ("dealt_in", N_("dealt in")), ("other_won", N_("another won")),
                  ("draw", N_("draw")))


def _pct(value: float | None) -> str:
    return percent(value)


def _num(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else number(value, f",.{digits}f")


def figure_lines(f: dict[str, Any]) -> list[tuple[str, str]]:
    """The figures of one scope as (label, value) lines, as the screen lists them."""
    lines = [(tr("Games"), _num(f["finished_games"])),
             (tr("Games left unfinished"), _num(f["games"] - f["finished_games"])), (tr("Hands"), _num(f["hands"])),
             (tr("Average placement"), _num(f["average_placement"], 2)), (tr("Score per game"), _num(f["score_per_game"])),
             (tr("Win rate"), _pct(f["win_rate"])), (tr("Deal-in rate"), _pct(f["deal_in_rate"])),
             (tr("Riichi rate"), _pct(f["riichi_rate"])), (tr("Call rate"), _pct(f["call_rate"])),
             (tr("Dama wins (of wins)"), _pct(f["dama_rate"])), (tr("Tsumo wins (of wins)"), _pct(f["tsumo_share"])),
             (tr("Average win"), _num(f["average_win_value"])), (tr("Average deal-in"), _num(f["average_deal_in_value"])),
             (tr("Tenpai at an exhaustive draw"), _pct(f["draw_tenpai_rate"]))]
    lines += [(tr("After riichi: {result}").format(result=tr(words)), _pct(f["riichi_results"][key]))
              for key, words in RIICHI_RESULTS]
    return lines


def read_level_rates(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The AI levels' own rates measured by ``assets/make_level_rates.py`` ({} when the file is missing
    or unreadable: the chart then shows the player's rates alone)."""
    try:
        data = read_json_file(path or asset_path("level_rates.json"))
        levels = data["levels"]
        return {str(k): dict(v) for k, v in levels.items() if isinstance(v, dict)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


class StatsScene(Scene):
    """The player's statistics; Esc or Back returns."""

    def __init__(self, app, db: StatsDB | None = None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.db = db or StatsDB()
        self.scope = "all"
        self.include_demo = False
        self.figures: dict[str, Any] | None = None
        self.drills: dict[str, dict[str, Any]] = {}
        self.agreement: list[float] = []
        self.level_rates = read_level_rates()
        self.notice = ""
        self.zones: list[Zone] = []
        self.mouse = (-1, -1)
        self.back = Button((0, 0, 10, 10), N_("Back"), self.app.pop, intent="back")
        self.tabs: list[tuple[str, Button]] = [(key, Button((0, 0, 10, 10), label, lambda k=key: self.choose(k)))
                                               for key, label in SCOPES]
        self.demo_box = Checkbox((0, 0, 10, 10), N_("Include watched games"), False, self.toggle_demo,
                                 tooltip=N_("Count the games the computer played for you (--demo)"))
        self.load()
        self.resized(app.size)

    # data -------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the figures again, in the background: the screen never waits on the database (one held
        by another program is waited for briefly there, then reported busy)."""
        self.loading = True
        self._job = Background(partial(self._read, self.include_demo), "kawa-stats").start()

    def _read(self, include_demo: bool) -> tuple[dict[str, Any], dict[str, Any], list[float], str]:
        """The figures, the drills' figures, the review agreement and what to tell (on the job's thread)."""
        self.db.open()
        messages = [stats_words(self.db)]
        figures = self.db.report(include_demo)
        skipped = figures["skipped"]
        drills = drill_figures(self.db.drill_answers())
        skipped += self.db.skipped
        agreement = agreement_series(self.db.reviews())
        skipped += self.db.skipped
        return figures, drills, agreement, " ".join(filter(None, (*messages, stats_words(skipped=skipped))))

    def update(self, dt: float) -> None:
        if self.loading and self._job.done:
            self.loading = False
            if self._job.result is not None:
                self.figures, self.drills, self.agreement, self.notice = self._job.result
            else:
                self.figures, self.drills, self.agreement = None, {}, []
                self.notice = stats_words(error=self._job.error)

    def wait_loaded(self, timeout: float = 30.0) -> None:
        """Block until the figures are read (for tests and the screenshot command)."""
        self._job.wait(timeout)
        self.update(0.0)

    def scoped(self) -> dict[str, Any] | None:
        """The figures of the scope chosen."""
        if self.figures is None:
            return None
        return self.figures if self.scope == "all" else self.figures["recent"][self.scope]

    def choose(self, scope: str) -> None:
        self.scope = scope

    def toggle_demo(self, checked: bool) -> None:
        self.include_demo = checked
        self.load()

    # layout -----------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.text_size = max(15, min(22, h // 40))
        m = max(16, w // 40)
        bh = max(32, h // 20)
        x = w - m
        self.back.rect = pygame.Rect(w - m - 140, h - m - bh, 140, bh)
        tab_w = max(110, w // 10)
        for _, button in reversed(self.tabs):
            x -= tab_w
            button.rect = pygame.Rect(x, m, tab_w - 6, bh)
        self.demo_box.rect = pygame.Rect(m, h - m - bh, max(260, w // 4), bh)
        top = m + bh + m // 2
        self.figures_rect = pygame.Rect(m, top, int(w * 0.30), h - top - 2 * m - bh)
        right = self.figures_rect.right + m
        cw, ch = (w - right - m - m // 2) // 2, (self.figures_rect.h - m // 2) // 2
        self.chart_rects = [pygame.Rect(right + (cw + m // 2) * (i % 2), top + (ch + m // 2) * (i // 2), cw, ch)
                            for i in range(4)]

    # input ------------------------------------------------------------------------------
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.mouse = ev.pos
        if self.back.handle(ev) or self.demo_box.handle(ev):
            return
        for _, button in self.tabs:
            if button.handle(ev):
                return
        if ev.kind == "key" and ev.intent in ("left", "right"):
            keys = [key for key, _ in SCOPES]
            self.scope = keys[(keys.index(self.scope) + (1 if ev.intent == "right" else -1)) % len(keys)]

    def hovered(self) -> str:
        """The words of the chart zone under the pointer ("" over none)."""
        return next((tip for rect, tip in self.zones if rect.collidepoint(self.mouse)), "")

    def frame_state(self) -> Any:
        return (self.scope, self.include_demo, self.loading, self.notice, self.hovered(), self.back.hover, self.demo_box.hover,
                tuple(b.hover for _, b in self.tabs))

    # drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        size = self.text_size
        draw_text(surface, tr("Statistics"), (self.figures_rect.x, self.tabs[0][1].rect.centery), max(24, h // 22),
                  THEME["accent"], True, "midleft")
        for key, button in self.tabs:
            button.color = THEME["button_down"] if key == self.scope else THEME["button"]
            button.draw(surface)
            if key == self.scope:
                pygame.draw.rect(surface, THEME["accent"], button.rect, width=2, border_radius=6)
        self.demo_box.checked = self.include_demo
        self.demo_box.draw(surface)
        self.back.draw(surface)
        if self.notice:
            draw_text(surface, self.notice, (w // 2, h - 12), 15, THEME["furiten"], False, "midbottom")
        figures = self.scoped()
        if self.loading:
            draw_text(surface, tr("Reading the statistics…"), self.figures_rect.center, size, THEME["text"])
        if figures is None:
            return
        self.draw_figures(surface, figures, size)
        self.zones = self.draw_charts(surface, figures, size)
        tip = self.hovered()
        if tip:
            draw_tooltip(surface, tip, self.mouse, size)

    def draw_figures(self, surface: pygame.Surface, figures: dict[str, Any], size: int) -> None:
        box = self.figures_rect
        draw_panel(surface, box)
        lines = figure_lines(figures)
        step = min(int(size * 2.2), (box.h - 24) // len(lines))
        label_size = min(int(size * 1.15), step - 6)
        y = box.y + 12 + step // 2
        room = box.w - 36 - (label_size * 5)
        shown = fitted_all([label for label, _ in lines], label_size, room)  # one size for the whole panel
        for i, (label, value) in enumerate(lines):
            if i in (3, 5, 14):
                pygame.draw.line(surface, THEME["panel_edge"], (box.x + 12, y - step // 2), (box.right - 12, y - step // 2))
            draw_text(surface, label, (box.x + 14, y), shown, THEME["muted"], False, "midleft")
            draw_text(surface, value, (box.right - 14, y), label_size, THEME["text"], True, "midright")
            y += step
        if not figures["games"]:
            hint = tr("No game recorded yet: each hand counts as it ends.")
            draw_text(surface, hint, (box.centerx, box.bottom + 4), fitted_size(hint, size - 2, box.w), THEME["muted"],
                      False, "midtop")

    def draw_charts(self, surface: pygame.Surface, figures: dict[str, Any], size: int) -> list[Zone]:
        assert self.figures is not None
        placements = self.figures["placements"]
        window = {"all": len(placements), **{str(wi): wi for wi in WINDOWS}}[self.scope]
        zones = placement_line(surface, self.chart_rects[0], tr("Placement, game by game"), placements[-window:] if window else [],
                               MOVING_AVERAGE, tr("Game {game}: placed {place}, average of the last ten {average}"),
                               tr("No finished game yet"), tr("average now {average}"),
                               [tr(p) for p in PLACES], size)
        finished = figures["finished_games"]
        counts = [round((share or 0.0) * finished) for share in figures["placement_shares"]]
        zones += share_bars(surface, self.chart_rects[1], tr("Placements"), [tr(p) for p in PLACES], counts,
                            lambda count: trn("{label}: {count} game ({share})", "{label}: {count} games ({share})", count), size)
        rows = [(tr(label), figures[key], REFERENCE_RATES[key]) for key, label in RATES]
        marks = [[(tr(LEVEL_WORDS.get(level, level)), rates[key]) for level, rates in self.level_rates.items()
                  if isinstance(rates.get(key), (int, float))] for key, _ in RATES]
        zones += rate_bars(surface, self.chart_rects[2], tr("Your rates per hand"), rows,
                           tr("{label}: you {mine}, strong online players {reference}"),
                           tr("strong online players"), size, marks, tr("the AI levels"))
        levels, practice = self.chart_rects[3].copy(), self.chart_rects[3].copy()
        levels.h = practice.h // 2
        practice.y, practice.h = levels.bottom + 6, practice.h - levels.h - 6
        zones += self.draw_levels(surface, levels, size)
        zones += self.draw_practice(surface, practice, size)
        return zones

    def draw_practice(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> list[Zone]:
        """Each drill's accuracy and streak, and the review's agreement game by game."""
        draw_panel(surface, rect)
        draw_text(surface, tr("Practice and reviews"), (rect.x + 12, rect.y + 6), size, THEME["accent"], True)
        zones: list[Zone] = []
        y = rect.y + 8 + size * 2
        step = size + 2
        half = rect.x + rect.w * 55 // 100
        if not self.drills:
            none_yet = tr("No drill answered yet")
            draw_text(surface, none_yet, (rect.x + 14, y), fitted_size(none_yet, size - 2, half - rect.x - 20),
                      THEME["muted"], False, "midleft")
        lines = {drill: tr("{drill}: {accuracy} of {n}, streak {streak}").format(
            drill=tr(DRILL_NAMES.get(drill, drill)), accuracy=_pct(f["accuracy"]), n=f["answered"], streak=f["streak"])
            for drill, f in self.drills.items()}
        shown = fitted_all(list(lines.values()), size - 2, half - rect.x - 20)
        for drill, f in self.drills.items():
            if y > rect.bottom - step // 2:
                break
            draw_text(surface, lines[drill], (rect.x + 14, y), shown, THEME["text"], False, "midleft")
            zones.append((pygame.Rect(rect.x, y - step // 2, half - rect.x, step),
                          tr("{drill}: {right} right of {n}, best streak {best}").format(
                              drill=tr(DRILL_NAMES.get(drill, drill)), right=f["correct"], n=f["answered"],
                              best=f["best_streak"])))
            y += step
        chart = pygame.Rect(half + 6, rect.y + 14 + size, rect.right - half - 18, rect.h - 24 - size)
        if not self.agreement:  # the invitation, wrapped to the chart's width and centred in it
            lines = wrap(tr("Review a game to see your agreement with the AI"), size - 3, chart.w)
            top = chart.centery - size * (len(lines) - 1) // 2
            for i, line in enumerate(lines):
                draw_text(surface, line, (chart.centerx, top + i * size), size - 3, THEME["muted"], False, "center")
            return zones
        last = self.agreement[-20:]
        now = tr("Agreement with the AI: {now}").format(now=_pct(last[-1]))
        draw_text(surface, now, (chart.x, chart.y), fitted_size(now, size - 2, chart.w), THEME["text"])
        plot = pygame.Rect(chart.x, chart.y + size + 4, chart.w, chart.h - size - 8)
        pygame.draw.rect(surface, THEME["panel_edge"], plot, 1)
        points = [(plot.x + (plot.w * i // max(1, len(last) - 1) if len(last) > 1 else plot.w // 2),
                   plot.bottom - int(plot.h * value)) for i, value in enumerate(last)]
        if len(points) > 1:
            pygame.draw.lines(surface, THEME["good"], False, points, 2)
        first = len(self.agreement) - len(last) + 1
        for i, (point, value) in enumerate(zip(points, last)):
            pygame.draw.circle(surface, THEME["good"], point, 3)
            zones.append((pygame.Rect(point[0] - 6, plot.y, 12, plot.h),
                          tr("Reviewed game {n}: {agreement} agreement").format(n=first + i, agreement=_pct(value))))
        return zones

    def draw_levels(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> list[Zone]:
        """A small table of the figures against each opponent level (all games of the toggle)."""
        assert self.figures is not None
        draw_panel(surface, rect)
        draw_text(surface, tr("Against each opponent level"), (rect.x + 12, rect.y + 8), size, THEME["accent"], True)
        heads = [tr("Opponents"), tr("Games"), tr("Place"), tr("Win"), tr("Deal-in")]
        xs = [rect.x + 14] + [rect.x + rect.w * k // 100 - 14 for k in (50, 64, 82, 100)]
        y = rect.y + 12 + size * 2
        for i, head in enumerate(heads):  # each head within its column, so that long words never run together
            room = xs[1] - xs[0] - 8 if i == 0 else xs[i] - xs[i - 1] - 8
            draw_text(surface, head, (xs[i], y), fitted_size(head, size - 2, room), THEME["muted"], False,
                      "midleft" if i == 0 else "midright")
        zones: list[Zone] = []
        step = size + 6
        names = [" + ".join(tr(LEVEL_WORDS.get(part, part)) for part in name.split("+")) for name in self.figures["by_level"]]
        first = fitted_all(names, size - 1, xs[1] - xs[0] - 4 * size, True)  # one size for the column
        for name, f in self.figures["by_level"].items():
            y += step
            if y > rect.bottom - step // 2:
                break
            levels = " + ".join(tr(LEVEL_WORDS.get(part, part)) for part in name.split("+"))
            cells = [levels, _num(f["finished_games"]), _num(f["average_placement"], 2), _pct(f["win_rate"]),
                     _pct(f["deal_in_rate"])]
            for i, cell in enumerate(cells):
                draw_text(surface, cell, (xs[i], y), first if i == 0 else size - 1, THEME["text"], i == 0,
                          "midleft" if i == 0 else "midright")
            zones.append((pygame.Rect(rect.x, y - step // 2, rect.w, step),
                          trn("{levels}: {hands} hand, riichi {riichi}, calls {calls}",
                              "{levels}: {hands} hands, riichi {riichi}, calls {calls}", f["hands"]).format(
                              levels=levels, hands=f["hands"], riichi=_pct(f["riichi_rate"]), calls=_pct(f["call_rate"]))))
        if not self.figures["by_level"]:
            draw_text(surface, "-", rect.center, size, THEME["muted"], False, "center")
        return zones


LEVEL_WORDS = {"easy": N_("Easy"), "normal": N_("Normal"), "strong": N_("Strong"), "bot": N_("External bot")}
"""How the opponents' levels are named."""
