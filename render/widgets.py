"""Small widgets (buttons, check boxes, choices, sliders, text fields) and cached text.

Every widget has ``rect``, ``handle(ev) -> bool`` (True when it used the input) and
``draw(surface)``. Text surfaces are rendered once and cached, so a frame never renders text
that did not change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pygame

from render.i18n import can_break, current_language, on_change, tr
from render.input import Input
from render.resources import LANGUAGE_FONT_FILES, language_font_path, ui_font_path

__all__ = [
    "THEME", "font", "font_for", "covers", "fitted_size", "fitted_all", "text_width", "text", "draw_text", "wrap",
    "label_lines", "draw_label_lines", "READABLE", "Widget", "Label", "Button", "Toggle", "Checkbox",
    "Choice", "Slider", "TextField", "draw_panel", "draw_tooltip", "tooltip_layout", "set_ui_scale", "ui_scale",
]

THEME: dict[str, tuple[int, int, int]] = {
    "felt": (26, 52, 72),
    "felt_dark": (18, 36, 52),
    "panel": (30, 36, 44),
    "panel_edge": (90, 104, 120),
    "text": (238, 238, 230),
    "muted": (170, 178, 186),
    "accent": (240, 196, 80),
    "button": (58, 92, 140),
    "button_hover": (78, 118, 176),
    "button_down": (40, 66, 104),
    "button_text": (250, 250, 250),
    "danger": (200, 70, 60),
    "good": (90, 190, 110),
    "furiten": (235, 110, 90),
}

_ui_scale = 1.0
"""How much larger than normal texts and buttons are drawn (the player's UI scale, 0.75 to 1.5)."""


def set_ui_scale(scale: float) -> None:
    """Scale the widgets' texts (and the screens that ask ``ui_scale``) by ``scale``, kept within 0.75..1.5."""
    global _ui_scale
    _ui_scale = max(0.75, min(1.5, float(scale)))


def ui_scale() -> float:
    """The UI scale in force."""
    return _ui_scale


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: dict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = {}
_font_paths: dict[bool, str | None] = {}


def _ui_font_path(bold: bool) -> str | None:
    """The UI font file for the language in force (a CJK face for Japanese, Chinese and
    Korean, else Noto Sans), or None for pygame's own font."""
    if bold not in _font_paths:
        try:
            cjk = language_font_path(current_language())
            if cjk is None and current_language() in LANGUAGE_FONT_FILES:
                _report_font(LANGUAGE_FONT_FILES[current_language()])
            path: str | None = str(cjk if cjk is not None else ui_font_path(bold))
        except (OSError, ValueError):
            path = None
        _font_paths[bold] = path
    return _font_paths[bold]


def _language_changed(code: str) -> None:
    """Another language may need another face: forget the fonts and the rendered texts."""
    _fonts.clear()
    _texts.clear()
    _font_paths.clear()


on_change(_language_changed)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` pixels."""
    size = max(8, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _ui_font_path(bold)
        try:
            f = pygame.font.Font(path, size)
            if path is not None and language_font_path(current_language()) is not None:
                f.set_bold(bold)  # the CJK subset has one weight: bold is drawn heavier
        except (OSError, FileNotFoundError):
            _report_font(path)
            f = pygame.font.Font(None, size)
            f.set_bold(bold)
        _fonts[key] = f
    return f


def covers(f: pygame.font.Font, s: str) -> bool:
    """Whether ``f`` has a glyph for every character of ``s``: pygame gives None for a missing one,
    or, with some faces, an empty box (the blank "no glyph" shape) for a character that is not a space."""
    for ch, m in zip(s, f.metrics(s)):
        if m is None or (m[:4] == (0, 0, 0, 0) and not ch.isspace() and ch.isprintable()):
            return False
    return True


FALLBACK_LANGUAGE = "ja"
"""Whose CJK face draws what the language's own font lacks: it holds every language's name,
so the language choice reads right in English or Italian too."""


def font_for(s: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font to draw ``s`` with: the language's, or the CJK fallback when that one lacks a glyph."""
    f = font(size, bold)
    if covers(f, s):
        return f
    path = language_font_path(FALLBACK_LANGUAGE)
    if path is None:
        return f
    key = (-max(8, int(size)), bold)  # negative sizes: the fallback's entries in the same cache
    fallback = _fonts.get(key)
    if fallback is None:
        fallback = pygame.font.Font(str(path), -key[0])
        fallback.set_bold(bold)
        _fonts[key] = fallback
    return fallback


_font_problems: set[str | None] = set()


def _report_font(path: str | None) -> None:
    """Say once that a font file could not be read (pygame's own font is used instead)."""
    if path not in _font_problems:
        _font_problems.add(path)
        print(f"Kawa: cannot read the font {path}; using the default font")


_drawn_texts: list[str] | None = None
"""While a test records (``recorded_texts``), every string asked of ``text`` in order."""


@contextmanager
def recorded_texts() -> Iterator[list[str]]:
    """Collect every string the screens render while the block runs (what a player reads)."""
    global _drawn_texts
    _drawn_texts = []
    try:
        yield _drawn_texts
    finally:
        _drawn_texts = None


_placed: list[tuple[str, pygame.Rect]] | None = None
"""While a test records (``recorded_places``), each text drawn and where."""


@contextmanager
def recorded_places() -> Iterator[list[tuple[str, pygame.Rect]]]:
    """Collect each text the screens draw with ``draw_text`` (or a canvas's ``text``) and its rectangle
    on the window, while the block runs (for the layout checks)."""
    global _placed
    _placed = []
    try:
        yield _placed
    finally:
        _placed = None


def note_place(s: str, rect: pygame.Rect) -> None:
    """Note where ``s`` was drawn (only while ``recorded_places`` runs)."""
    if _placed is not None:
        _placed.append((s, pygame.Rect(rect)))


def text(s: str, size: int, color: tuple[int, int, int] = THEME["text"], bold: bool = False) -> pygame.Surface:
    """A cached rendering of ``s`` (a NUL character, which the font renderer refuses, is drawn as U+FFFD)."""
    if "\0" in s:  # a dropped file's name or a record's text can hold one; it must not stop the game
        s = s.replace("\0", "\ufffd")
    if _drawn_texts is not None:
        _drawn_texts.append(s)
    key = (s, int(size), tuple(color), bold)
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > 4000:
            _texts.clear()
        surf = font_for(s, size, bold).render(s, True, color)
        _texts[key] = surf
    return surf


def draw_text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int,
              color: tuple[int, int, int] = THEME["text"], bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Blit cached text with its rect anchored at ``pos`` ("topleft", "center", "midright", ...)."""
    surf = text(s, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    note_place(s, rect)
    return rect


def fitted_size(s: str, size: int, width: int, bold: bool = False) -> int:
    """The largest size up to ``size`` at which ``s`` is at most ``width`` pixels wide (10 at
    least): longer words in another language shrink instead of running out of their box."""
    size = int(size)
    while size > 10 and font_for(s, size, bold).size(s)[0] > width:
        size -= 1
    return size


READABLE = 13
"""The smallest type a label is shrunk to at UI scale 1: below it, a label takes two lines instead."""


def label_lines(s: str, size: int, width: int, height: int, bold: bool = False) -> tuple[list[str], int]:
    """How a label is set in a box ``width`` x ``height``: one line at the largest size up to ``size``
    that fits, or, when one line would need type smaller than ``READABLE``, the words wrapped
    over two lines at the largest size (still readable) where they fit; a box too low for two
    lines keeps the one shrunk line. Returns (lines, size)."""
    one = fitted_size(s, size, width, bold)
    least = max(10, round(READABLE * _ui_scale))
    if one >= least or (" " not in s and len(s) < 4):
        return [s], one
    for trial in range(int(size), least - 1, -1):
        lines = wrap(s, trial, width, bold)
        if len(lines) <= 2 and 2 * font_for(s, trial, bold).get_linesize() <= height + 4 and \
                all(text_width(line, trial, bold) <= width for line in lines):
            return lines, trial
    return [s], one


def draw_label_lines(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int, color: tuple[int, int, int],
                     bold: bool = False, align: str = "center") -> int:
    """Draw ``s`` in ``rect`` as ``label_lines`` sets it, centred on the rect's middle line (``align``
    "center" or "left"); returns the size used."""
    lines, used = label_lines(s, size, rect.w, rect.h, bold)
    step = font_for(s, used, bold).get_linesize() if len(lines) > 1 else 0
    y = rect.centery - step * (len(lines) - 1) // 2
    for line in lines:
        if align == "left":
            draw_text(surface, line, (rect.x, y), used, color, bold, "midleft")
        else:
            draw_text(surface, line, (rect.centerx, y), used, color, bold, "center")
        y += step
    return used


def fitted_all(lines: Sequence[str], size: int, width: int, bold: bool = False) -> int:
    """One size for a panel's ``lines``: the largest up to ``size`` at which each fits in ``width`` (so that
    no line is drawn smaller than its neighbours)."""
    return min((fitted_size(line, size, width, bold) for line in lines), default=int(size))


def text_width(s: str, size: int, bold: bool = False) -> int:
    """How wide ``s`` is drawn at ``size``."""
    return font_for(s, size, bold).size(s)[0]


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (paragraphs on newlines)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else f"{line} {w}"
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
            while f.size(line)[0] > width and len(line) > 1:  # no spaces to break at (CJK)
                cut = next(i for i in range(len(line), 0, -1) if f.size(line[:i])[0] <= width or i == 1)
                cut = next((i for i in range(cut, max(1, cut - 6) - 1, -1) if can_break(line, i)), cut)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int] = THEME["panel"],
               edge: tuple[int, int, int] | None = THEME["panel_edge"], radius: int = 8) -> None:
    """A rounded panel."""
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)


class Widget:
    """Base of the widgets: a rect, hover state and a tooltip."""

    def __init__(self, rect: pygame.Rect | Sequence[int], tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.hover = False
        self.enabled = True
        self.tooltip = tooltip

    def handle(self, ev: Input) -> bool:
        if ev.kind == "move":
            self.hover = self.rect.collidepoint(ev.pos)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def _font_size(self) -> int:
        """Half the widget's height, at most 28 pixels on a 1080-line window (more on a taller one) times
        the UI scale."""
        screen = pygame.display.get_surface()
        tall = max(1.0, screen.get_height() / 1080) if screen is not None else 1.0
        return max(12, min(int(28 * _ui_scale * tall), int(self.rect.h * 0.5)))

    def draw_label(self, surface: pygame.Surface, size: int) -> None:
        """The label at the left, fitted to ``label_width`` as ``label_lines`` sets it (widgets with a value at
        the right)."""
        words = tr(getattr(self, "label", ""))
        room = getattr(self, "label_width", self.rect.w) - 8
        draw_label_lines(surface, words, pygame.Rect(self.rect.x, self.rect.y, room, self.rect.h), size, THEME["text"],
                         False, "left")


class Label(Widget):
    """Static text, smaller when it would run out of its box."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, size: int = 18,
                 color: tuple[int, int, int] = THEME["text"], bold: bool = False, anchor: str = "midleft") -> None:
        super().__init__(rect)
        self.label, self.size, self.color, self.bold, self.anchor = label, size, color, bold, anchor

    def draw(self, surface: pygame.Surface) -> None:
        words = tr(self.label)
        draw_text(surface, words, getattr(self.rect, self.anchor), fitted_size(words, self.size, self.rect.w, self.bold),
                  self.color, self.bold, self.anchor)


class Button(Widget):
    """A push button; ``on_click()`` runs on a left click inside it."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, on_click: Callable[[], Any] | None = None,
                 tooltip: str = "", color: tuple[int, int, int] = THEME["button"],
                 icon: pygame.Surface | None = None, intent: str | None = None) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.on_click = on_click
        self.color = color
        self.icon = icon
        self.intent = intent
        """The keyboard intent that presses it (``render.input.INTENTS``)."""
        self.action: Any = None
        """What the button sends, when it stands for an engine action (for tests and tooltips)."""
        self.pressed = False

    def handle(self, ev: Input) -> bool:
        super().handle(ev)
        if not self.enabled:
            return False
        if ev.kind == "press" and ev.intent == "choose" and self.rect.collidepoint(ev.pos):
            self.click()
            return True
        if ev.kind == "key" and self.intent is not None and ev.intent == self.intent:
            self.click()
            return True
        return False

    def click(self) -> None:
        if self.on_click is not None:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        base = self.color if self.enabled else (70, 74, 80)
        if self.hover and self.enabled:
            base = tuple(min(255, c + 28) for c in base)
        pygame.draw.rect(surface, base, self.rect, border_radius=6)
        pygame.draw.rect(surface, (20, 24, 30), self.rect, width=1, border_radius=6)
        size = self._font_size()
        color = THEME["button_text"] if self.enabled else THEME["muted"]
        words = tr(self.label)
        room = self.rect.w - 8 - (self.icon.get_width() + 6 if self.icon is not None else 0)
        size = fitted_size(words, size, room, True)
        if self.icon is not None:
            label = text(words, size, color, True) if self.label else None
            w = self.icon.get_width() + (label.get_width() + 6 if label else 0)
            x = self.rect.centerx - w // 2
            if label:
                surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
                x += label.get_width() + 6
            surface.blit(self.icon, self.icon.get_rect(midleft=(x, self.rect.centery)))
        else:
            draw_label_lines(surface, words, pygame.Rect(self.rect.x + 4, self.rect.y, room, self.rect.h),
                             self._font_size(), color, True)


class Checkbox(Widget):
    """A check box with its label to the right; ``on_change(checked)``."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, checked: bool = False,
                 on_change: Callable[[bool], Any] | None = None, tooltip: str = "",
                 color: tuple[int, int, int] = THEME["text"]) -> None:
        super().__init__(rect, tooltip)
        self.label, self.checked, self.on_change, self.color = label, checked, on_change, color

    def handle(self, ev: Input) -> bool:
        super().handle(ev)
        if self.enabled and ev.kind == "press" and ev.intent == "choose" and self.rect.collidepoint(ev.pos):
            self.checked = not self.checked
            if self.on_change is not None:
                self.on_change(self.checked)
            return True
        return False

    def side(self) -> int:
        """The check box's side: grows with the row's height."""
        return min(self.rect.h - 4, max(22, int(self.rect.h * 0.6)))

    def draw(self, surface: pygame.Surface) -> None:
        side = self.side()
        box = pygame.Rect(self.rect.x + 2, self.rect.centery - side // 2, side, side)
        pygame.draw.rect(surface, (245, 245, 240) if self.enabled else (120, 120, 120), box, border_radius=3)
        if self.hover and self.enabled:
            pygame.draw.rect(surface, THEME["accent"], box, width=2, border_radius=3)
        if self.checked:
            pygame.draw.lines(surface, (30, 120, 60), False,
                              [(box.x + 4, box.centery), (box.x + side // 2 - 1, box.bottom - 5), (box.right - 4, box.y + 4)], 3)
        words = tr(self.label)
        draw_label_lines(surface, words, pygame.Rect(box.right + 8, self.rect.y, self.rect.right - box.right - 8,
                                                     self.rect.h), self._font_size(),
                         self.color if self.enabled else THEME["muted"], False, "left")


class Toggle(Button):
    """A button that stays pressed once clicked until clicked again; ``on_change(checked)``."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, checked: bool = False,
                 on_change: Callable[[bool], Any] | None = None, tooltip: str = "",
                 color: tuple[int, int, int] = THEME["button"], intent: str | None = None) -> None:
        super().__init__(rect, label, None, tooltip, color, intent=intent)
        self.checked = checked
        self.on_change = on_change

    def click(self) -> None:
        self.checked = not self.checked
        if self.on_change is not None:
            self.on_change(self.checked)

    def draw(self, surface: pygame.Surface) -> None:
        if self.checked:
            lit = self.rect.inflate(6, 6)
            pygame.draw.rect(surface, THEME["accent"], lit, border_radius=8)
        super().draw(surface)
        if self.checked:
            pygame.draw.rect(surface, THEME["accent"], self.rect, width=3, border_radius=6)


class Choice(Widget):
    """A labelled value from a list: a click on its "<" half (or Left, or a right click) steps back,
    on its ">" half or its label (or Right) forward. Once clicked it keeps the arrow keys until
    another click lands elsewhere."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, options: Sequence[tuple[Any, str]],
                 value: Any, on_change: Callable[[Any], Any] | None = None, tooltip: str = "",
                 label_width: int | None = None) -> None:
        super().__init__(rect, tooltip)
        self.label, self.options, self.on_change = label, list(options), on_change
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.label_width = label_width if label_width is not None else self.rect.w // 2
        self.focused = False

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def box(self) -> pygame.Rect:
        """The value's box, "<" at its left end and ">" at its right."""
        return pygame.Rect(self.rect.x + self.label_width, self.rect.y + 2, self.rect.w - self.label_width,
                           self.rect.h - 4)

    def set_value(self, value: Any) -> None:
        values = [v for v, _ in self.options]
        if value in values:
            self.index = values.index(value)

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, ev: Input) -> bool:
        super().handle(ev)
        if not self.enabled:
            return False
        if ev.kind == "press":
            self.focused = self.rect.collidepoint(ev.pos)
        if ev.kind == "press" and self.focused and ev.intent in ("choose", "choose_back"):
            back = ev.intent == "choose_back" or ev.pos[0] < self.box().centerx and ev.pos[0] >= self.box().x
            self.step(-1 if back else 1)
            return True
        if ev.kind == "wheel" and self.rect.collidepoint(ev.pos):
            self.step(-1 if ev.dy > 0 else 1)
            return True
        if ev.kind == "key" and (self.hover or self.focused) and ev.intent in ("left", "right"):
            self.step(1 if ev.intent == "right" else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        size = self._font_size()
        self.draw_label(surface, size)
        box = self.box()
        color = THEME["button_hover"] if self.hover else (44, 54, 68)
        pygame.draw.rect(surface, color, box, border_radius=5)
        if self.focused:
            pygame.draw.rect(surface, THEME["accent"], box, width=2, border_radius=5)
        draw_text(surface, "<", (box.x + 8, box.centery), size, THEME["muted"], False, "midleft")
        draw_text(surface, ">", (box.right - 8, box.centery), size, THEME["muted"], False, "midright")
        shown = tr(self.options[self.index][1])
        room = box.w - 2 * (12 + text_width(">", size))
        draw_label_lines(surface, shown, pygame.Rect(box.centerx - room // 2, box.y, room, box.h), size, THEME["text"],
                         True)


class Slider(Widget):
    """A number between ``lo`` and ``hi`` set by clicking or dragging along a bar."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, lo: float, hi: float, value: float,
                 on_change: Callable[[float], Any] | None = None, step: float = 0.0, tooltip: str = "",
                 label_width: int | None = None, fmt: str = "{:.0%}") -> None:
        super().__init__(rect, tooltip)
        self.label, self.lo, self.hi, self.value, self.on_change, self.step = label, lo, hi, value, on_change, step
        self.label_width = label_width if label_width is not None else self.rect.w // 2
        self.fmt = fmt
        self.dragging = False

    def _bar(self) -> pygame.Rect:
        """The bar, left of the value: as long as the widest value leaves room for (the thumb never covers it)."""
        size = self._font_size()
        value_w = max(text_width(self.fmt.format(v), size) for v in (self.lo, self.hi)) + size // 2 + 12
        return pygame.Rect(self.rect.x + self.label_width, self.rect.centery - 4,
                           max(20, self.rect.w - self.label_width - value_w), 8)

    def _set_from(self, x: int) -> None:
        bar = self._bar()
        frac = min(1.0, max(0.0, (x - bar.x) / max(1, bar.w)))
        value = self.lo + frac * (self.hi - self.lo)
        if self.step:
            value = round(value / self.step) * self.step
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, ev: Input) -> bool:
        super().handle(ev)
        if not self.enabled:
            return False
        bar = self._bar().inflate(0, 16)
        if ev.kind == "press" and ev.intent == "choose" and bar.collidepoint(ev.pos):
            self.dragging = True
            self._set_from(ev.pos[0])
            return True
        if ev.kind == "move" and self.dragging:
            self._set_from(ev.pos[0])
            return True
        if ev.kind == "release" and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        size = self._font_size()
        self.draw_label(surface, size)
        bar = self._bar()
        pygame.draw.rect(surface, (60, 66, 76), bar, border_radius=4)
        frac = (self.value - self.lo) / ((self.hi - self.lo) or 1)
        fill = pygame.Rect(bar.x, bar.y, int(bar.w * frac), bar.h)
        pygame.draw.rect(surface, THEME["accent"], fill, border_radius=4)
        pygame.draw.circle(surface, (250, 250, 250), (fill.right, bar.centery), 9)
        draw_text(surface, self.fmt.format(self.value), (self.rect.right, self.rect.centery), size, THEME["text"], False, "midright")


class TextField(Widget):
    """One line of text; focused by a click, edited by typing, Backspace deletes."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: str = "", max_len: int = 24,
                 on_change: Callable[[str], Any] | None = None, allowed: str | None = None,
                 label_width: int | None = None, tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.label, self.value, self.max_len, self.on_change, self.allowed = label, value, max_len, on_change, allowed
        self.focused = False
        self.label_width = label_width if label_width is not None else self.rect.w // 2

    def _box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_width, self.rect.y + 2, self.rect.w - self.label_width, self.rect.h - 4)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, ev: Input) -> bool:
        super().handle(ev)
        if ev.kind == "press":
            self.focused = self._box().collidepoint(ev.pos)
            return self.focused
        if not self.focused:
            return False
        if ev.kind == "text":
            add = "".join(c for c in ev.text if self.allowed is None or c in self.allowed)
            if add:
                self.value = (self.value + add)[: self.max_len]
                self._changed()
            return True
        if ev.kind == "key":
            if ev.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self._changed()
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focused = False
                return True
            return ev.key != pygame.K_ESCAPE
        return False

    def draw(self, surface: pygame.Surface) -> None:
        size = self._font_size()
        self.draw_label(surface, size)
        box = self._box()
        pygame.draw.rect(surface, (250, 250, 246), box, border_radius=4)
        pygame.draw.rect(surface, THEME["accent"] if self.focused else (90, 90, 90), box, width=2, border_radius=4)
        shown = fit_tail(self.value + ("|" if self.focused else ""), size, box.w - 16)
        draw_text(surface, shown, (box.x + 8, box.centery), size, (20, 20, 20), False, "midleft")


def fit_tail(value: str, size: int, width: int) -> str:
    """``value``, or its end after an ellipsis, whichever fits in ``width`` pixels (the end is
    where typing happens)."""
    face = font(size)
    if face.size(value)[0] <= width:
        return value
    lo, hi = 0, len(value)
    while lo < hi:  # the longest tail that fits beside the ellipsis
        mid = (lo + hi) // 2
        if face.size("\u2026" + value[mid:])[0] <= width:
            hi = mid
        else:
            lo = mid + 1
    return "\u2026" + value[lo:]


def tooltip_layout(window: tuple[int, int], tip: str, pos: tuple[int, int], size: int = 16,
                   above: pygame.Rect | None = None) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """Where a tooltip near ``pos`` goes (kept inside the window) and its rendered lines; with ``above``
    (a button over the player's hand), over that rectangle where there is room, so the hand stays in view."""
    lines = wrap(tr(tip), size, max(360, size * 24))
    surfs = [text(line, size, THEME["text"]) for line in lines]
    w = max(s.get_width() for s in surfs) + 16
    h = sum(s.get_height() for s in surfs) + 12
    sw, sh = window
    x = min(pos[0] + 16, sw - w - 4)
    if above is not None and above.top - h - 6 >= 4:
        y = above.top - h - 6
    else:
        y = pos[1] + 20 if pos[1] + 20 + h < sh else pos[1] - h - 8
    return pygame.Rect(max(4, x), max(4, y), w, h), surfs


def draw_tooltip(surface: pygame.Surface, tip: str, pos: tuple[int, int], size: int = 16) -> pygame.Rect:
    """A tooltip box near ``pos``, kept inside the window."""
    rect, surfs = tooltip_layout(surface.get_size(), tip, pos, size)
    draw_panel(surface, rect, (20, 22, 28), THEME["accent"], 6)
    yy = rect.y + 6
    for s in surfs:
        surface.blit(s, (rect.x + 8, yy))
        yy += s.get_height()
    return rect
