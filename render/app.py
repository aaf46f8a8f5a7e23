"""The app: one window, a render loop at the display's refresh rate, and a stack of scenes.

Nothing heavy happens at import; ``App`` opens the window when it is built. Tests build an
``App`` on the dummy video driver and drive it with ``step()`` and posted pygame events.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from render.i18n import set_language, tr
from render.input import Input, translate
from render.resources import asset_path, ui_font_path
from render.sound import NO_SOUND, SoundBoard
from render.scenes import Scene
from render.scenes.registry import scene_factory
from render.widgets import THEME, draw_panel, set_ui_scale, text, ui_scale
from prefs import load_prefs, save_prefs

__all__ = ["AppOptions", "App", "MIN_SIZE", "DEFAULT_SIZE"]

log = logging.getLogger("kawa")

UPDATE_BUDGET_S = 0.001
"""An update longer than this leaves the redraw it causes to the next frame (16 ms later at 60 Hz)."""
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
FRAME_HISTORY = 36_000
"""Frame times kept for --frame-stats: the last ten minutes at 60 frames a second."""


@dataclass
class AppOptions:
    """What main.py's flags ask of the app."""

    size: tuple[int, int] | None = None
    demo: bool = False
    seed: int | None = None
    frame_stats: Path | None = None
    first_frame_stats: bool = False
    exit_after_hands: int | None = None
    fullscreen: bool | None = None
    pace: float | None = None
    """Seconds per shown step of the AI's play (None: the normal, readable pace)."""
    animations: str | None = None
    """Override the animations preference ("off", "fast", "slow")."""
    language: str | None = None
    """Override the language preference (``--lang``: a code of ``prefs.LANGUAGES``)."""
    save_games: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


def _direct_framebuffer() -> bool:
    """Ask SDL for the system's own window buffer where it has one (X11, Windows); True if asked.

    With it, presenting a few rectangles costs in proportion to their area. SDL's default,
    texture-backed window buffer uploads and presents the whole window on every update (about
    12 ms at 1920x1080 with software GL, whatever was changed) and is the only way to vsync here,
    so the table's small changes would cost a full-window present each.
    """
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    x11 = sys.platform.startswith("linux") and bool(os.environ.get("DISPLAY")) and driver in ("", "x11")
    if not (x11 or sys.platform.startswith("win") and driver in ("", "windows")):
        return False
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    return os.environ["SDL_FRAMEBUFFER_ACCELERATION"] in ("0", "false")


class App:
    """The window, the clock, the scene stack and the player's preferences."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.t0 = time.perf_counter()
        self.options = options or AppOptions()
        self.messages: list[str] = []
        self.prefs = self._load_prefs()
        self._apply_language()
        self.direct_framebuffer = _direct_framebuffer()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption("Kawa")
        self._set_icon()
        for bold in (False, True):
            if not ui_font_path(bold).is_file():
                self.report(tr("The interface font {name} is missing: text uses a plain font.").format(
                    name=ui_font_path(bold).name))
        self.fullscreen = bool(self.options.fullscreen if self.options.fullscreen is not None
                               else getattr(self.prefs, "fullscreen", False))
        default = (getattr(self.prefs, "window_width", DEFAULT_SIZE[0]), getattr(self.prefs, "window_height", DEFAULT_SIZE[1]))
        self.windowed_size = self.options.size or default
        self.vsync = False
        self.screen = self._open_window()
        self.refresh_rate = self._refresh_rate()
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frame_ms: deque[float] = deque(maxlen=FRAME_HISTORY)
        """The latest frames' drawing times, for --frame-stats (bounded: a long session never grows)."""
        self.first_frame_s: float | None = None
        self.hands_finished = 0
        self.closed = False
        self._last_state: Any = None
        self._postponed = False
        self._swallow_text = False
        self.messages_told = 0
        """How many of ``messages`` a screen has put in front of the player (each is told once)."""
        """A key just opened or closed a screen: the text it also types is not the new screen's."""
        sys.setswitchinterval(0.001)  # the table's worker thread yields to the frame loop quickly
        self._sound: Any = None
        self._sound_tried = False

    # window -----------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        else:
            flags = pygame.RESIZABLE
            size = (max(MIN_SIZE[0] // 2, self.windowed_size[0]), max(MIN_SIZE[1] // 2, self.windowed_size[1]))
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return pygame.display.set_mode(size, flags)
        if self.direct_framebuffer:  # no vsync: it would need SDL's full-window texture buffer
            try:
                return pygame.display.set_mode(size, flags)
            except pygame.error as exc:  # no window buffer of the system's own: SDL's default, then
                words = tr("The window's own buffer is unavailable ({problem}): it is presented whole.")
                self.messages.append(words.format(problem=exc))
                os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "1"
                self.direct_framebuffer = False
                pygame.display.quit()
                pygame.display.init()
                pygame.key.set_repeat(350, 40)
                pygame.display.set_caption("Kawa")
                self._set_icon()
        try:
            screen = pygame.display.set_mode(size, flags, vsync=1)
            self.vsync = True
        except pygame.error:
            screen = pygame.display.set_mode(size, flags)
            self.vsync = False
        return screen

    def _set_icon(self) -> None:
        """The window and taskbar icon, the same as the app's (a missing file only costs the icon)."""
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon", "kawa.png"))))
        except (pygame.error, FileNotFoundError, OSError, ImportError) as exc:
            self.messages.append(tr("No window icon: {problem}").format(problem=exc))

    def _refresh_rate(self) -> int:
        try:
            rate = pygame.display.get_current_refresh_rate()
        except (pygame.error, AttributeError):
            rate = 0
        return rate if 30 <= rate <= 360 else 60

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop size, or back to the window."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self.redraw()
        for scene in self.scenes:
            scene.resized(self.size)

    # preferences -------------------------------------------------------------
    def _load_prefs(self) -> Any:
        prefs, messages = load_prefs()
        self.messages.extend(messages)
        return prefs

    def set_prefs(self, prefs: Any) -> list[str]:
        """Adopt and save new preferences; every scene hears of them. Returns save problems."""
        if prefs.language != self.prefs.language:
            self.options.language = None  # the player chose in Settings: --lang gives way
        self.prefs = prefs
        problems = save_prefs(prefs)
        if self._sound is not None:
            self._sound.enabled = bool(self.pref("sounds"))
            self._sound.custom = bool(self.pref("custom_sounds"))
            self._sound.set_volume(self.pref("volume") / 100)
        before = (self._language, ui_scale())
        self._apply_language()
        for scene in self.scenes:
            scene.prefs_changed(prefs)
        if before != (self._language, ui_scale()):
            for scene in self.scenes:  # the words changed: every screen lays out its text anew
                scene.resized(self.size)
        return problems

    def _apply_language(self) -> None:
        """Install the language in force (and the UI scale); a missing catalogue is reported once (English shown)."""
        set_ui_scale(self.pref("ui_scale") / 100)
        self._language = (self.pref("language"), self.pref("japanese_terms"))
        for problem in set_language(*self._language):
            if problem not in self.messages:
                self.messages.append(problem)

    def pref(self, name: str) -> Any:
        """One preference, with the command line's overrides applied."""
        if name == "animations" and self.options.animations is not None:
            return self.options.animations
        if name == "language" and self.options.language is not None:
            return self.options.language
        return getattr(self.prefs, name)

    @property
    def sound(self) -> Any:
        """The sound board, built on first use (None when there is no audio)."""
        if not self._sound_tried:
            self._sound_tried = True
            try:
                self._sound = SoundBoard(enabled=bool(self.pref("sounds")), custom=bool(self.pref("custom_sounds")),
                                         volume=self.pref("volume") / 100, report=self.report)
            except Exception as exc:  # no audio device must never stop the game
                log.info("no sound board: %s", exc)
                self.report(tr(NO_SOUND))
                self._sound = None
        return self._sound

    def report(self, message: str) -> None:
        """A problem the player should know of (a missing asset, no sound): once on screen and in the log."""
        if message not in self.messages:
            self.messages.append(message)
            log.warning(message)

    # scenes ------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def build(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """The screen called ``name`` (see ``render.scenes.registry``), built for this app."""
        return scene_factory(name)(self, *args, **kwargs)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Show the screen called ``name`` over the current one; it returns with ``pop``."""
        scene = self.build(name, *args, **kwargs)
        self.push(scene)
        return scene

    def goto(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Leave every screen and show the one called ``name``."""
        scene = self.build(name, *args, **kwargs)
        self.clear_to(scene)
        return scene

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and show ``scene``."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def hand_finished(self) -> None:
        """A hand's result was shown; ``--exit-after-hands`` counts these."""
        self.hands_finished += 1
        limit = self.options.exit_after_hands
        if limit is not None and self.hands_finished >= limit:
            self.quit(0)

    # loop ----------------------------------------------------------------------
    def dispatch(self, ev: Input) -> None:
        """Global keys first (F11, quit, resize), a dropped file to the top scene's ``dropped``, then the top scene."""
        if ev.kind == "quit":
            self.quit(0)
            return
        if ev.kind == "resize":
            self._resized()
            return
        if ev.intent == "fullscreen":
            self.toggle_fullscreen()
            return
        if ev.kind == "drop" and self.top is not None:
            self.top.dropped(ev.text)
            return
        if ev.kind == "text" and self._swallow_text:
            self._swallow_text = False
            return
        if ev.kind == "key":
            self._swallow_text = False
        if self.top is not None:
            before = self.top
            self.top.handle(ev)
            self._swallow_text = ev.kind == "key" and ev.intent is not None and self.top is not before

    def step(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        dropped: list[str] = []
        for raw in pygame.event.get():
            ev = translate(raw)
            if ev is not None and ev.kind == "drop":
                dropped.append(ev.text)  # several files dropped at once are handed over together
            elif ev is not None:
                self.dispatch(ev)
        if len(dropped) == 1:
            self.dispatch(Input("drop", text=dropped[0]))
        elif dropped and self.top is not None:
            self.top.dropped_files(dropped)
        top = self.top
        if top is None:
            self.quit(0)
            return
        t_update = time.perf_counter()
        top.update(dt)
        busy = time.perf_counter() - t_update > UPDATE_BUDGET_S
        chain = self.visible()
        state = (self.screen.get_size(), tuple(id(s) for s in chain), tuple(s.frame_state() for s in chain))
        moving = [r for s in chain for r in s.partial_rects()]
        if state == self._last_state and not moving:
            return
        if state != self._last_state and busy and not self._postponed:
            self._postponed = True  # a heavy update: draw the change in the next frame
            return
        self._postponed = False
        same_layout = self._last_state is not None and state[:2] == self._last_state[:2]
        self._last_state = state
        if same_layout and len(chain) == 1:
            rects = chain[0].draw_dirty(self.screen)  # only what changed is repainted and presented
            if rects is not None:
                if rects:
                    pygame.display.update(rects)
                return
        else:
            self.draw()
        pygame.display.flip()

    @property
    def drawing_postponed(self) -> bool:
        """The last frame left its drawing to the next one (the window still shows the state before)."""
        return self._postponed

    def visible(self) -> list[Scene]:
        """The top scene and the scenes it lets show through, bottom first."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[start:]

    def redraw(self) -> None:
        """Draw and flip on the next frame whatever the scenes say."""
        self._last_state = None

    def draw(self) -> None:
        """Draw the top scene, over the scenes it lets show through."""
        for scene in self.visible():
            scene.draw(self.screen)

    def run(self, first: Scene) -> int:
        """Show ``first`` and loop until quit; returns the exit code."""
        self.push(first)
        dt = 0.0
        while self.running:
            t = time.perf_counter()
            self.step(dt)
            spent = time.perf_counter() - t
            if self.first_frame_s is None:
                self.first_frame_s = time.perf_counter() - self.options.extra.get("t_start", self.t0)
                if self.options.first_frame_stats:
                    print(f"first frame after {self.first_frame_s * 1000:.0f} ms", flush=True)
            self.frame_ms.append(spent * 1000.0)
            ms = self.clock.tick(0 if self.vsync and self.refresh_rate <= 0 else self.refresh_rate)
            dt = min(ms / 1000.0, 0.1)
        self.shutdown()
        return self.exit_code

    def shutdown(self) -> None:
        """Leave every scene (they stop their workers), write the frame stats, close the window."""
        if self.closed:
            return
        self.closed = True
        if self.scenes:
            self.say_closing()  # stopping the game's workers can take a moment
        while self.scenes:
            self.scenes.pop().leave()
        if self.options.frame_stats is not None:
            self.write_frame_stats(self.options.frame_stats)
        if not self.fullscreen and hasattr(self.prefs, "with_changes"):
            w, h = self.size
            if (w, h) != (self.prefs.window_width, self.prefs.window_height) and self.options.size is None:
                try:
                    save_prefs(self.prefs.with_changes(window_width=w, window_height=h))
                except ValueError:
                    pass
        pygame.display.quit()

    def say_closing(self) -> None:
        """Put "Closing…" in the middle of the window at once, while the screens stop."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        w, h = surface.get_size()
        size = max(18, h // 30)
        words = text(tr("Closing…"), size, THEME["text"], True)
        box = words.get_rect(center=(w // 2, h // 2)).inflate(size * 2, size)
        draw_panel(surface, box, THEME["panel"], THEME["accent"], 8)
        surface.blit(words, words.get_rect(center=box.center))
        try:
            pygame.display.flip()
        except pygame.error:
            pass

    def write_frame_stats(self, path: Path) -> None:
        data = {"frame_ms": [round(x, 3) for x in self.frame_ms], "first_frame_s": self.first_frame_s,
                "size": list(self.size), "refresh_rate": self.refresh_rate, "vsync": self.vsync,
                "video_driver": pygame.display.get_driver() if pygame.display.get_init() else None}
        Path(path).write_text(json.dumps(data), encoding="utf-8")
