"""The title screen: Continue, New game, Games, Practice, Statistics, Settings, Help, Quit."""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from render.input import Input
from store.saves import SaveSlot
from render.i18n import N_, tr
from render.scenes import Scene
from render.setup import BOT, GameSetup
from render.tileset import load_tileset
from render.widgets import THEME, Button, draw_panel, draw_text, wrap

__all__ = ["TitleScene", "saved_bot_command"]


def saved_bot_command(data: dict[str, Any]) -> str:
    """The outside bot's command the saved game ``data`` would start on Continue, or "" (none)."""
    setup = data.get("setup")
    if not isinstance(setup, dict) or not isinstance(setup.get("ai_levels"), list) or BOT not in setup["ai_levels"]:
        return ""
    return str(setup.get("bot_command", "")) or " "


class TitleScene(Scene):
    """The first screen."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.slot = SaveSlot()
        self.slot.remove_leftovers()  # temporary files of a write that a kill interrupted
        self.notice = "\n".join(app.messages)
        app.messages_told = len(app.messages)
        self.buttons: list[Button] = []
        self.backdrop: pygame.Surface | None = None
        self.asking_bot = ""
        """The outside program a saved game would start, while the player is asked whether to run it."""
        self.build()

    def build(self) -> None:
        w, h = self.app.size
        if self.asking_bot:
            bw, bh = max(240, w // 5), max(44, h // 15)
            y = int(h * 0.62)
            self.buttons = [Button((w // 2 - bw - 10, y, bw, bh), N_("Run it and continue"),
                                   lambda: self.continue_game(confirmed=True), intent="confirm"),
                            Button((w // 2 + 10, y, bw, bh), N_("Cancel"), self.cancel_bot, intent="back")]
            return
        bw, bh = max(240, w // 5), max(44, h // 15)
        x = w // 2 - bw // 2
        y = int(h * 0.40)
        items = []
        if self.slot.exists():
            items.append((N_("Continue"), self.continue_game))
        items += [(N_("New game"), self.new_game), (N_("Games"), lambda: self.app.open("games")),
                  (N_("Practice"), lambda: self.app.open("practice")),
                  (N_("Statistics"), lambda: self.app.open("stats")),
                  (N_("Settings"), self.open_settings), (N_("Help"), self.open_help),
                  (N_("Quit"), lambda: self.app.quit(0))]
        self.buttons = []
        pitch = min(bh + bh // 3, (h - 40 - y) // len(items))  # every button on screen, however many
        for label, fn in items:
            self.buttons.append(Button((x, y, bw, min(bh, pitch - 6)), label, fn))
            y += pitch

    def resized(self, size: tuple[int, int]) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def new_game(self) -> None:
        self.app.open("new_game", self.start, self.app.options.seed)

    def start(self, setup: GameSetup) -> None:
        self.app.goto("table", setup)

    def continue_game(self, confirmed: bool = False) -> None:
        """Play the saved game on; one that starts an outside bot shows its command and asks first."""
        loaded = self.slot.load()
        if loaded.data is None:  # a bad save was set aside: say so, as the table would
            self.notice = loaded.message
            self.build()
            return
        command = saved_bot_command(loaded.data)
        if command and not confirmed:
            self.asking_bot = command
            self.build()
            return
        self.asking_bot = ""
        scene, message = self.app.build("saved_table", self.slot)
        if scene is None:
            self.notice = message
            self.build()
            return
        self.app.clear_to(scene)

    def cancel_bot(self) -> None:
        self.asking_bot = ""
        self.build()

    def handle(self, ev: Input) -> None:
        if ev.intent == "back":
            if self.asking_bot:
                self.cancel_bot()
            else:
                self.app.quit(0)
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw_bot_question(self, surface: pygame.Surface) -> None:
        """The question before a saved game starts an outside program: the program's command, in full."""
        w, h = surface.get_size()
        size = max(16, h // 40)
        lines = wrap(tr("The saved game plays against an outside bot. Continuing runs this program:"), size, int(w * 0.6))
        command = wrap(self.asking_bot, size, int(w * 0.6))[:6]
        box = pygame.Rect(w // 2 - int(w * 0.33), int(h * 0.36), int(w * 0.66), int(h * 0.62) - int(h * 0.36) - 12)
        draw_panel(surface, box, (16, 28, 40), THEME["accent"], 12)
        y = box.y + 16
        for line in lines:
            draw_text(surface, line, (w // 2, y), size, THEME["text"], False, "midtop")
            y += int(size * 1.4)
        for line in command:
            draw_text(surface, line, (w // 2, y + size // 2), size, THEME["accent"], True, "midtop")
            y += int(size * 1.4)

    def draw_backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt with a soft light in the middle and two rivers of tiles flowing across it
        (the same tiles each time, from the chosen tile set), made once per window size."""
        if self.backdrop is not None and self.backdrop.get_size() == size:
            return self.backdrop
        w, h = size
        back = pygame.Surface(size)
        back.fill(THEME["felt_dark"])
        for i in range(12, 0, -1):  # a soft light behind the name and the choices
            glow = [c + (f - c) * (12 - i) // 12 for c, f in zip(THEME["felt_dark"], THEME["felt"])]
            pygame.draw.ellipse(back, glow, pygame.Rect(0, 0, w * i // 10, h * i // 9).move(
                w // 2 - w * i // 20, h * 2 // 5 - h * i // 18))
        tiles = load_tileset(str(self.app.pref("tile_set")))
        pick = random.Random(7)
        for base, amplitude, alpha, height in ((h * 0.87, h * 0.05, 120, max(28, h // 11)),
                                               (h * 0.05, h * 0.015, 70, max(22, h // 15))):
            width = tiles.size(height)[0]
            x, step = -width, 0
            while x < w + width:
                tile = pick.randrange(136)
                y = base + amplitude * math.sin(step * 0.5)
                tilt = math.degrees(math.atan(amplitude * 0.5 * math.cos(step * 0.5) / (width * 1.1)))
                face = pygame.transform.rotozoom(tiles.tile(tile, height, 0, True), -tilt + pick.uniform(-4, 4), 1.0)
                face.set_alpha(alpha)
                back.blit(face, face.get_rect(center=(x, int(y))))
                x += int(width * 1.1)
                step += 1
        self.backdrop = back
        return back

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.draw_backdrop((w, h)), (0, 0))
        if self.buttons:
            area = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(48, 40)
            draw_panel(surface, area, (16, 28, 40), THEME["accent"], 12)
        name = draw_text(surface, "Kawa", (w // 2, int(h * 0.18)), max(48, h // 7), THEME["accent"], True, "center")
        draw_text(surface, tr("Riichi Mahjong against three computer players"), (w // 2, max(int(h * 0.29), name.bottom)),
                  max(18, h // 36), THEME["muted"], False, "midtop")
        if self.asking_bot:
            self.draw_bot_question(surface)
        for b in self.buttons:
            b.draw(surface)
        if self.notice:
            lines = self.notice.splitlines()
            draw_panel(surface, pygame.Rect(0, h - 20 - 20 * len(lines), w, 20 * len(lines) + 20), (16, 28, 40), None, 0)
            y = h - 30
            for line in reversed(self.notice.splitlines()):
                draw_text(surface, tr(line), (w // 2, y), 16, THEME["furiten"], False, "center")
                y -= 20
