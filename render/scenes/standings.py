"""The final standings: rank, score, and game points with uma (and oka)."""

from __future__ import annotations

from typing import Any

import pygame

from render.i18n import N_, tr
from render.input import Input
from render.scenes import Scene
from render.widgets import THEME, Button, draw_panel, draw_text
from game.logs.export_tenhou6 import write_tenhou6
from game.logs.from_game import record_from_game
from store.paths import data_dir
import time

__all__ = ["StandingsScene"]


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
        self.panel = pygame.Rect(w // 6, h // 8, w * 2 // 3, h * 3 // 4)
        self.button.rect = pygame.Rect(self.panel.right - 200, self.panel.bottom - 64, 180, 48)
        self.save_button.rect = pygame.Rect(self.panel.right - 400, self.panel.bottom - 64, 180, 48)

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
        fs = max(18, p.h // 20)
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
            draw_text(surface, f"{row['score']:,}", (cols[2], y), fs, color, False, "topright")
            draw_text(surface, f"{row['points']:+.1f}", (cols[3], y), fs, color, True, "topright")
            y += fs + 18
        if self.rules is not None:
            r = self.rules
            uma = " / ".join(f"{u / 1000:+g}" for u in r.uma)
            note = tr("Points: (score - {back:,}) / 1,000 + uma {uma}").format(back=r.return_points, uma=uma)
            if r.oka:
                note += tr(" + oka {oka:g} to the top").format(oka=(r.return_points - r.start_points) * 4 / 1000)
            draw_text(surface, note, (cols[0], y + fs), max(14, fs * 2 // 3), THEME["muted"])
            draw_text(surface, tr("Riichi sticks left on the table go to the top player."), (cols[0], y + fs * 2 + 4),
                      max(14, fs * 2 // 3), THEME["muted"])
        if self.notice:
            draw_text(surface, self.notice, (p.x + 40, p.bottom - 90), max(13, fs // 2), THEME["accent"])
        self.button.draw(surface)
        self.save_button.draw(surface)
