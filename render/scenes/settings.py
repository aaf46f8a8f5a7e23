"""The settings screen: every preference, edited in place and saved at once.

The widgets are made from ``prefs.SPECS`` (a check box for a bool, a choice for a list, a
slider for a number, a text field for the name), grouped by ``SECTIONS``. Each change goes
through ``app.set_prefs``, which saves it; a save that fails is shown on the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from prefs import DEFAULTS, SPECS, FieldSpec, PrefsError
from render.i18n import C_, LANGUAGE_NAMES, N_, tr
from render.scenes import Scene
from render.tileset import load_tileset
from render.widgets import (THEME, Button, Checkbox, Choice, Label, Slider, TextField, Widget, draw_panel,
                            draw_text, font, ui_scale, wrap)
from render.words import player_name_words

if TYPE_CHECKING:
    from render.app import App
    from render.input import Input

__all__ = ["SettingsScene", "SECTIONS", "RON_WARNING"]

WINDOW_ROW = "window_size"
"""A read-only row for ``window_width`` and ``window_height``: the app keeps the size the
window had when Kawa closed, so the player sets it by resizing the window."""

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Language"), ("language", "japanese_terms")),
    (N_("Appearance"), ("tile_set", "ui_scale", "animations", "show_waits", "tile_reordering")),
    (N_("Sound"), ("sounds", "custom_sounds", "volume")),
    (N_("External bot"), ("bot_command", "bot_time_limit")),
    (C_("settings heading", "Play"), ("confirm_discard", "auto_pass_chi", "auto_pass_pon_kan", "auto_pass_ron",
                  "auto_pass_riichi", "auto_discard_after_riichi", "coach", "last_rules")),
    (N_("Player and window"), ("player_name", "varied_opponents", "fullscreen", WINDOW_ROW)),
    (N_("First-game guide"), ("first_game_guide", "guide_seen")),
)
"""The screen's sections, in reading order down the columns (``COLUMN_BREAKS``)."""

COLUMN_BREAKS = {2: (4,), 3: (3, 5)}
"""Where the sections split into columns: two columns, or three when the rows of two would come out
smaller than the UI scale asks and the window is wide enough (a large UI scale on a small window)."""

THREE_COLUMNS_LEAST = 380
"""The narrowest column (in pixels) three columns may take."""

RON_WARNING = N_("You will never win on a discard!")
"""Shown beside automatic ron passing (loud while it is on)."""

CHOICE_TEXT = {"classic": N_("Classic"), "annotated": N_("Annotated"), "abstract": N_("Abstract"),
               "off": N_("Off"), "fast": N_("Fast"), "slow": N_("Slow"), **LANGUAGE_NAMES}

PREVIEW_TILES = (0, 52, 104, 108, 132)
"""The tile set preview: 1 characters, the red 5 circles, 9 bamboo, East and the red dragon."""

_SLIDER_FORMAT = {"volume": "{:.0f}%", "bot_time_limit": "{:.0f} s", "ui_scale": "{:.0f}%"}


class SettingsScene(Scene):
    """Every preference on one screen; Escape or "Back" returns to the caller."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: dict[str, Widget] = {}
        self.buttons: list[Button] = []
        self.headers: list[tuple[str, tuple[int, int]]] = []
        self.status = ""
        self.status_is_error = False
        self.hint = ""
        surface = pygame.display.get_surface()
        self.layout(surface.get_size() if surface is not None else (DEFAULTS.window_width,
                                                                    DEFAULTS.window_height))

    # --- building -----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """(Re)build the widgets for a window of ``size`` from the current preferences."""
        width, height = size
        margin = max(16, width // 40)
        self.title_size = min(int(max(32, height // 26) * ui_scale()), height // 16)
        self.text_size = max(15, int(height / 54 * ui_scale()))
        """The footer's explanation and status."""
        top = self.title_size * 2
        bottom = max(96, int(height * 0.1 * ui_scale()))
        wanted = int(max(40, height / 20) * ui_scale())
        count = 2
        if (self._fitted_rows(2, height - top - bottom) < wanted * 3 // 4
                and (width - 4 * margin) // 3 >= THREE_COLUMNS_LEAST):
            count = 3
        columns = self._columns(count)
        column_w = (width - (count + 1) * margin) // count
        row_h = max(20, min(wanted, self._fitted_rows(count, height - top - bottom)))
        self.row_h = row_h
        row_button_w = column_w - 12 if count == 3 else (column_w - 12) * 3 // 5  # a row's own button: the whole
        # narrow column's row, or the right part of a wide one
        self.widgets.clear()
        self.headers.clear()
        for column, pair in enumerate(columns):
            x = margin + column * (column_w + margin)
            y = top
            for title, names in pair:
                self.headers.append((title, (x, y + row_h // 2)))
                y += row_h
                for name in names:
                    rect = pygame.Rect(x + 12, y, column_w - 12, row_h - 4)
                    if name == WINDOW_ROW:
                        self.widgets[name] = Label(rect, self._window_text(),
                                                   max(12, row_h * 9 // 20), THEME["muted"])
                    elif name == "guide_seen":
                        button = pygame.Rect(rect.right - row_button_w, rect.y, row_button_w, rect.h)
                        self.widgets[name] = Button(button, N_("Show the guide's hints again"), self.reset_guide,
                                                    tooltip=SPECS[name].doc)
                        self.widgets[name].enabled = bool(self.app.prefs.guide_seen)
                    elif name == "last_rules":
                        button = pygame.Rect(rect.right - row_button_w, rect.y, row_button_w, rect.h)
                        self.widgets[name] = Button(button, N_("Forget the last game's rules"), self.forget_rules,
                                                    tooltip=SPECS[name].doc)
                        self.widgets[name].enabled = bool(self.app.prefs.last_rules)
                    else:
                        self.widgets[name] = self._widget(SPECS[name], rect)
                    y += row_h
        button_w, button_h = int(max(180, width // 7) * ui_scale()), max(30, row_h)
        y = height - margin // 2 - button_h
        self.buttons = [
            Button((width - margin - button_w, y, button_w, button_h), N_("Back"), self.app.pop,
                   intent="back"),
            Button((width - 2 * (margin + button_w), y, button_w, button_h), N_("Restore defaults"),
                   self.restore_defaults, color=THEME["danger"]),
        ]
        # the hint and status panel: the page's left margin, its foot level with the buttons'
        foot = y + button_h
        tall = int(self.text_size * 4.2)
        self.footer = pygame.Rect(margin, foot - tall, self.buttons[1].rect.left - 2 * margin, tall)

    @staticmethod
    def _columns(count: int) -> list[tuple[tuple[str, tuple[str, ...]], ...]]:
        """The sections of each of ``count`` columns."""
        cuts = (0, *COLUMN_BREAKS[count], len(SECTIONS))
        return [SECTIONS[a:b] for a, b in zip(cuts, cuts[1:])]

    def _fitted_rows(self, count: int, room: int) -> int:
        """The row height at which the tallest of ``count`` columns (a row per heading and per setting)
        fits in ``room``."""
        return room // max(sum(len(names) + 1 for _, names in column) for column in self._columns(count))

    def _value(self, name: str) -> Any:
        """A preference as its widget shows it (the default player name in the language in force)."""
        value = getattr(self.app.prefs, name, None)
        return player_name_words(value) if name == "player_name" else value

    def _widget(self, spec: FieldSpec, rect: pygame.Rect) -> Widget:
        """The widget for one preference, wired to ``change``."""
        value = self._value(spec.name)
        on_change = self._changer(spec.name)
        label_w = rect.w * 11 // 20
        if spec.type is bool:
            return Checkbox(rect, spec.label, value, on_change, tooltip=spec.doc)
        if spec.choices:
            options = [(c, CHOICE_TEXT.get(c, c)) for c in spec.choices]
            return Choice(rect, spec.label, options, value, on_change, tooltip=spec.doc,
                          label_width=label_w)
        if spec.type is int:
            return Slider(rect, spec.label, spec.low, spec.high, value, on_change,
                          step=1, tooltip=spec.doc,
                          label_width=label_w, fmt=_SLIDER_FORMAT.get(spec.name, "{:.0f}"))
        return TextField(rect, spec.label, value, spec.max_len or 20, on_change,
                         label_width=label_w, tooltip=spec.doc)

    def _window_text(self) -> str:
        width, height = self.app.size
        return tr("Window size {width} x {height}: resize the window to change it").format(width=width, height=height)

    def _changer(self, name: str) -> Callable[[Any], None]:
        return lambda value: self.change(name, value)

    # --- changing -----------------------------------------------------------------------
    def change(self, name: str, value: Any) -> None:
        """Apply and save one change; a value out of range is shown and not applied."""
        if SPECS[name].type is int:
            value = int(round(value))
        try:
            new = self.app.prefs.with_changes(**{name: value})
        except PrefsError as exc:
            self._say(str(exc).split(": ", 1)[-1], error=True)
            return
        if new == self.app.prefs:
            return
        shown = tr(CHOICE_TEXT.get(value, SPECS[name].show(value))) if isinstance(value, (str, bool)) else value
        done = f"{tr(SPECS[name].label)}: {shown}"
        self._adopt(new, done)
        if name == "fullscreen" and value != self.app.fullscreen:
            self.app.toggle_fullscreen()  # the window follows at once, not only next start

    def reset_guide(self) -> None:
        """Forget the first-game guide's hints seen, so that each is shown again (saved)."""
        self._adopt(self.app.prefs.with_changes(guide_seen=""), N_("The guide's hints will show again"))

    def forget_rules(self) -> None:
        """The New game screen starts from the default preset again (saved)."""
        self._adopt(self.app.prefs.with_changes(last_rules=""), N_("New games start from the Mahjong Soul-like preset again"))

    def restore_defaults(self) -> None:
        """Every preference back to its default (the remembered window size stays), saved."""
        prefs = self.app.prefs
        self._adopt(DEFAULTS.with_changes(window_width=prefs.window_width,
                                          window_height=prefs.window_height,
                                          player_name=prefs.player_name), N_("Defaults restored"))
        self.refresh()

    def _adopt(self, new: Any, done: str) -> None:
        """Hand ``new`` to the app (which saves it) and say whether the save worked."""
        problems = self.app.set_prefs(new)
        if isinstance(problems, str):
            problems = [problems]
        if problems:
            self._say(tr("Not saved: {problems}").format(problems="; ".join(problems)), error=True)
        else:
            self._say(tr("{change} (saved)").format(change=tr(done)), error=False)

    def refresh(self) -> None:
        """Make every widget show the current value of its preference."""
        for name, widget in self.widgets.items():
            value = self._value(name)
            if isinstance(widget, Checkbox):
                widget.checked = value
            elif isinstance(widget, Choice):
                widget.set_value(value)
            elif isinstance(widget, (Slider, TextField)):
                widget.value = value
            elif isinstance(widget, Label):
                widget.label = self._window_text()
            elif isinstance(widget, Button):
                widget.enabled = bool(value)

    def _say(self, message: str, error: bool) -> None:
        self.status, self.status_is_error = message, error

    # --- scene hooks --------------------------------------------------------------------
    def prefs_changed(self, prefs: Any) -> None:
        self.refresh()

    def resized(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def handle(self, ev: Input) -> None:
        for widget in [*self.widgets.values(), *self.buttons]:
            if widget.handle(ev):
                break
        if ev.kind == "move":
            hovered = [w for w in self.widgets.values() if w.hover]
            self.hint = hovered[0].tooltip if hovered else ""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(THEME["felt_dark"])
        draw_text(surface, tr("Settings"), (surface.get_width() // 2, self.title_size), self.title_size, THEME["text"],
                  True, "center")
        for title, pos in self.headers:
            draw_text(surface, tr(title), pos, max(14, self.row_h * 3 // 5), THEME["accent"], True,
                      "midleft")
        for widget in self.widgets.values():
            widget.draw(surface)
        self._draw_ron_warning(surface)
        self._draw_tile_preview(surface)
        for button in self.buttons:
            button.draw(surface)
        self._draw_footer(surface)

    def _draw_ron_warning(self, surface: pygame.Surface) -> None:
        """The warning right of the auto-pass ron check box, red and bold while it is on."""
        box = self.widgets["auto_pass_ron"]
        on = self.app.prefs.auto_pass_ron
        spec = SPECS["auto_pass_ron"]
        label_w = font(box._font_size()).size(tr(spec.label))[0]
        warning = tr(RON_WARNING)
        x = box.rect.x + box.side() + 24 + label_w
        size = max(12, self.row_h * 9 // 20)
        while size > 10 and font(size, on).size(warning)[0] > box.rect.right - x:
            size -= 1
        draw_text(surface, warning, (x, box.rect.centery), size,
                  THEME["danger"] if on else THEME["muted"], on, "midleft")

    def preview_rects(self) -> list[pygame.Rect]:
        """Where the chosen tile set's sample tiles go: between the row's label and its choice box."""
        row = self.widgets["tile_set"]
        label = SPECS["tile_set"].label
        label_w = font(row._font_size()).size(tr(label))[0]
        height = row.rect.h - 4
        tiles = load_tileset(self.app.prefs.tile_set)
        width = tiles.size(height)[0]
        x, room = row.rect.x + label_w + 16, row.rect.x + row.rect.w * 11 // 20 - 8
        count = min(len(PREVIEW_TILES), max(0, (room - x) // (width + 2)))
        return [pygame.Rect(x + i * (width + 2), row.rect.y + 2, width, height) for i in range(count)]

    def _draw_tile_preview(self, surface: pygame.Surface) -> None:
        """A few tiles of the chosen set beside its choice, red five included."""
        tiles = load_tileset(self.app.prefs.tile_set)
        for tile, rect in zip(PREVIEW_TILES, self.preview_rects()):
            surface.blit(tiles.tile(tile, rect.h, 0, True), rect)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        area = self.footer
        if area.w < 120:
            return
        draw_panel(surface, area, edge=None)
        size = self.text_size
        y = area.y + size // 3
        if self.status:
            color = THEME["danger"] if self.status_is_error else THEME["good"]
            draw_text(surface, tr(self.status), (area.x + 10, y), size + 1, color)
            y += int(size * 1.45)
        for line in wrap(tr(self.hint), size, area.w - 20)[:2] if self.hint else []:
            draw_text(surface, line, (area.x + 10, y), size, THEME["muted"])
            y += int(size * 1.3)

