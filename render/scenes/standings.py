"""The final standings: rank, score, and game points with uma (and oka)."""

from __future__ import annotations

from typing import Any

import pygame

from render.i18n import N_, number, tr
from render.input import Input
from render.scenes import Scene
from render.widgets import THEME, Button, draw_panel, draw_text, ui_scale
from render.words import round_label
from game.logs.export_tenhou6 import write_tenhou6
from game.logs.from_game import record_from_game
from store.paths import data_dir
import time

__all__ = ["StandingsScene", "score_flow"]

SEAT_COLORS = ((236, 196, 80), (110, 180, 240), (120, 210, 140), (230, 120, 120))
"""The score graph's line for each seat (the player's, seat 0, in the accent colour)."""


def score_flow(events: Any) -> tuple[list[str], list[tuple[int, ...]]]:
    """The scores at the start and after each hand, with a label per point ('Start', 'East 1', ...)."""
    labels: list[str] = []
    scores: list[tuple[int, ...]] = []
    for ev in events:
        if ev.type == "hand_started":
            if not scores:
                labels.append(tr("Start"))
                scores.append(tuple(ev.scores))
            label = round_label(ev.round_wind, ev.hand_index)
        elif ev.type == "hand_ended" and scores:
            labels.append(label)
            scores.append(tuple(ev.scores))
    return labels, scores


class StandingsScene(Scene):
    """Shown when the game ends; leads back to the title."""

    def __init__(self, app: Any, standing: list[dict[str, Any]], names: list[str], rules: Any = None,
                 game: Any = None) -> None:
        super().__init__(app)
        self.rules = rules
        self.game = game
        self.notice = ""
        self.saved_path: Any = None
        self.save_button = Button((0, 0, 10, 10), N_("Save record"), self.save_record,
                                  N_("Write the game as tenhou.net/6 JSON (for viewers and review tools)"))
        self.save_button.enabled = game is not None
        self.standing = standing
        self.names = names
        self.button = Button((0, 0, 10, 10), N_("Title"), self.to_title, intent="confirm", color=(60, 130, 80))
        self.resized(app.size)

    def enter(self) -> None:
        if self.app.options.demo and self.app.options.exit_after_hands is not None:
            self.app.quit(0)  # a timed demo ends with the game

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.panel = pygame.Rect(w // 10, h // 20, w * 8 // 10, h * 9 // 10)
        bw, bh = int(max(180, w // 8) * ui_scale()), int(max(48, h // 18) * ui_scale())  # as the result's button
        self.button.rect = pygame.Rect(self.panel.right - 20 - bw, self.panel.bottom - 16 - bh, bw, bh)
        self.save_button.rect = self.button.rect.move(-bw - 20, 0)

    def save_record(self) -> None:
        """Write the finished game to the data folder's records/ as tenhou.net/6 JSON."""

        folder = data_dir() / "records"
        path = folder / f"kawa-{self.game.seed}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_tenhou6(record_from_game(self.game, names=self.names), path)
        except (OSError, ValueError) as exc:
            self.notice = tr("Not saved: {problems}").format(problems=exc)
            return
        self.notice = tr("Saved to {path}").format(path=path)
        self.saved_path = path

    def to_title(self) -> None:
        self.app.goto("title")

    def frame_state(self) -> object:
        return (self.button.hover, self.save_button.hover, self.notice)

    def handle(self, ev: Input) -> None:
        if not self.button.handle(ev):
            self.save_button.handle(ev)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(THEME["felt_dark"])
        p = self.panel
        draw_panel(surface, p, (26, 32, 40), THEME["accent"], 12)
        fs = max(16, p.h // 26)
        draw_text(surface, tr("Final standings"), (p.centerx, p.y + fs + 10), fs + 10, THEME["accent"], True, "center")
        cols = [p.x + 40, p.x + p.w * 18 // 100, p.x + p.w * 70 // 100, p.right - 40]
        y = p.y + fs * 3 + 20
        for label, x, anchor in ((N_("Rank"), cols[0], "topleft"), (N_("Player"), cols[1], "topleft"),
                                 (N_("Score"), cols[2], "topright"), (N_("Points (uma)"), cols[3], "topright")):
            draw_text(surface, tr(label), (x, y), fs - 2, THEME["muted"], True, anchor)
        y += fs + 16
        for row in self.standing:
            color = THEME["accent"] if row["rank"] == 1 else THEME["text"]
            draw_text(surface, f"{row['rank']}.", (cols[0], y), fs, color, True)
            draw_text(surface, self.names[row["seat"]], (cols[1], y), fs, color, True)
            draw_text(surface, number(row["score"]), (cols[2], y), fs, color, False, "topright")
            draw_text(surface, number(row['points'], "+.1f"), (cols[3], y), fs, color, True, "topright")
            y += fs + 18
        if self.rules is not None:
            r = self.rules
            uma = " / ".join(number(u / 1000, "+g") for u in r.uma)
            note = tr("Points: (score - {back:,}) / 1,000 + uma {uma}").format(back=r.return_points, uma=uma)
            if r.oka:
                note += tr(" + oka {oka:g} to the top").format(oka=(r.return_points - r.start_points) * 4 / 1000)
            draw_text(surface, note, (cols[0], y + fs), max(14, fs * 2 // 3), THEME["muted"])
            draw_text(surface, tr("Riichi sticks left on the table go to the top player."), (cols[0], y + fs * 2 + 4),
                      max(14, fs * 2 // 3), THEME["muted"])
            y += fs * 3 + 8
        if self.game is not None:
            graph = pygame.Rect(cols[0], y + fs, p.right - 40 - cols[0], p.bottom - 110 - (y + fs))
            if graph.h >= 60:
                self.draw_graph(surface, graph, max(12, fs * 2 // 3))
        if self.notice:
            draw_text(surface, self.notice, (p.x + 40, p.bottom - 90), max(13, fs // 2), THEME["accent"])
        self.button.draw(surface)
        self.save_button.draw(surface)

    def draw_graph(self, surface: pygame.Surface, area: pygame.Rect, fs: int) -> None:
        """Each seat's score after every hand, a line per seat, with the starting score marked."""
        labels, flow = score_flow(self.game.events)
        if len(flow) < 2:
            return
        draw_text(surface, tr("Scores hand by hand"), (area.x, area.y - fs - 4), fs, THEME["muted"], True)
        low = min(min(row) for row in flow)
        high = max(max(row) for row in flow)
        span = max(1, high - low)
        plot = pygame.Rect(area.x + fs * 4, area.y + fs, area.w - fs * 4 - fs * 8, area.h - 2 * fs - 6)

        def at(i: int, score: int) -> tuple[int, int]:
            return (plot.x + plot.w * i // (len(flow) - 1), plot.bottom - int((score - low) * plot.h / span))

        pygame.draw.rect(surface, (20, 26, 33), plot)
        start = flow[0][0]
        for value in sorted({low, start, high}):
            y = at(0, value)[1]
            pygame.draw.line(surface, (60, 68, 80), (plot.x, y), (plot.right, y))
            draw_text(surface, number(value), (plot.x - 6, y), fs - 1, THEME["muted"], False, "midright")
        shown = set()
        for i, label in enumerate(labels):
            if label not in shown and (i == 0 or label != labels[i - 1]):
                shown.add(label)
                x = at(i, low)[0]
                draw_text(surface, label, (x, plot.bottom + 4), fs - 2, THEME["muted"], False, "midtop")
        for seat in range(4):
            points = [at(i, row[seat]) for i, row in enumerate(flow)]
            color = SEAT_COLORS[seat]
            pygame.draw.lines(surface, color, False, points, 3 if seat == 0 else 2)
            for point in points:
                pygame.draw.circle(surface, color, point, 3)
            draw_text(surface, self.names[seat], (plot.right + 10, plot.y + seat * (fs + 8)), fs - 1, color, True)
