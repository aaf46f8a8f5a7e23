"""The new-game screen. It opens on a short form (the rules, by preset or one of the player's saved
rule sets; the game's length; the opponents; the name and a seed); "Advanced" shows every table
option of the rules beside it, where the rules in force can be saved under a name and a saved set
deleted (after asking)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame

from bots.process import parse_command
from game.rules import ABORTIVE_DRAWS, GAME_LENGTHS, MULTI_RON_MODES, PRESETS, RuleError, RuleSet
from render.i18n import N_, number, tr
from render.input import Input
from render.rule_tips import ABORTIVE_TIPS, LEVEL_TIP, PRESET_NAMES, PRESET_TIPS, RULE_TIPS
from render.scenes import Scene
from render.setup import BOT, SEAT_CHOICES, GameSetup
from render.widgets import (THEME, Button, Checkbox, Choice, TextField, Widget, draw_panel, draw_text, draw_tooltip,
                            fitted_size, ui_scale, wrap)
from render.words import DEFAULT_PLAYER_NAME, player_name_words
from store.rule_sets import MAX_NAME, RuleSetShelf
from store.saves import SaveSlot

__all__ = ["NewGameScene", "OPTION_ROWS", "SAVED"]

SAVED = "saved"
"""The preset choice's values: a preset's name, or (SAVED, name) for one of the player's rule sets."""

ON_OFF = [(True, N_("on")), (False, N_("off"))]
POINT_ROWS = ("start_points", "return_points")
"""Rows whose choices are points, shown with the language's grouping."""

# (field, label, choices) for each rule; checkboxes for the abortive draws come after.
OPTION_ROWS: list[tuple[str, str, list[tuple[Any, str]]]] = [
    ("game_length", N_("Game length"), [(g, {"single": N_("Single hand"), "east": N_("East only"), "south": N_("East + South")}[g]) for g in GAME_LENGTHS]),
    ("start_points", N_("Starting points"), [(p, f"{p:,}") for p in (20000, 25000, 30000)]),
    ("return_points", N_("Return points"), [(p, f"{p:,}") for p in (20000, 25000, 30000)]),
    ("uma", N_("Uma"), [(u, "/".join(f"{x // 1000:+d}" for x in u) if any(u) else N_("none")) for u in
                    ((15000, 5000, -5000, -15000), (20000, 10000, -10000, -20000),
                     (10000, 5000, -5000, -10000), (30000, 10000, -10000, -30000), (0, 0, 0, 0))]),
    ("oka", N_("Oka to the top"), ON_OFF),
    ("bust", N_("End when below zero"), ON_OFF),
    ("tie_break", N_("Break ties for first"), ON_OFF),
    ("agari_yame", N_("Agari-yame"), ON_OFF),
    ("tenpai_yame", N_("Tenpai-yame"), ON_OFF),
    ("west_extension", N_("West round extension"), ON_OFF),
    ("red_fives", N_("Red fives"), [(True, N_("three")), (False, N_("none"))]),
    ("kan_dora", N_("Kan dora"), ON_OFF),
    ("kan_dora_delayed", N_("Open kan dora after discard"), ON_OFF),
    ("ura_dora", N_("Ura dora"), ON_OFF),
    ("kan_ura", N_("Kan ura dora"), ON_OFF),
    ("open_tanyao", N_("Open tanyao"), ON_OFF),
    ("kuikae_allowed", N_("Swap-calling (kuikae)"), [(True, N_("allowed")), (False, N_("forbidden"))]),
    ("kazoe_yakuman", N_("Kazoe yakuman (13+ han)"), ON_OFF),
    ("cumulative_yakuman", N_("Yakuman add up"), ON_OFF),
    ("double_yakuman", N_("Double yakuman patterns"), ON_OFF),
    ("renhou_mangan", N_("Renhou (mangan)"), ON_OFF),
    ("kiriage", N_("Kiriage mangan"), ON_OFF),
    ("nagashi_mangan", N_("Nagashi mangan"), ON_OFF),
    ("double_wind_pair_fu", N_("Double wind pair fu"), [(4, N_("4 fu")), (2, N_("2 fu"))]),
    ("pao", N_("Pao (liability)"), [(("daisangen", "daisuushii"), N_("both yakuman")), (("daisangen",), N_("daisangen")),
                                (("daisuushii",), N_("daisuushii")), ((), N_("none"))]),
    ("multi_ron", N_("Several Ron"), [(m, {"head_bump": N_("head bump"), "double": N_("double"), "triple": N_("double + triple"),
                                       "triple_aborts": N_("triple aborts")}[m]) for m in MULTI_RON_MODES]),
    ("riichi_min_wall", N_("Riichi: tiles left in wall"), [(n, f"{n}+") for n in (4, 1, 0)]),
    ("call_timeout", N_("Call time-out"), [(0, N_("off")), (5, N_("5 s")), (10, N_("10 s")), (20, N_("20 s")), (30, N_("30 s"))]),
]

PRESET_TIP = N_("Resets every option below to the preset's values.")
"""The preset choice's tip while the rules are no preset's."""

SEAT_TEXT = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong"), BOT: N_("external bot")}
SEAT_TIP = LEVEL_TIP
BOT_TIP = N_("The command line of an mjai bot (it reads mjai events on its standard input and answers one action "
             "per line). If it answers late, wrongly or stops, Kawa's AI takes its seat.")

OPPONENTS = (N_("Right opponent"), N_("Across opponent"), N_("Left opponent"))

ABORTIVE_LABELS = {"kyuushu_kyuuhai": N_("Nine terminals and honours"), "suufon_renda": N_("Four winds"), "suucha_riichi": N_("Four riichi"),
                   "suukaikan": N_("Four kans declared"), "sanchahou": N_("Triple ron")}


PRESET_ORDER = ("mahjongsoul", "tenhou", "ema")
"""The presets as the rules choice lists them: the online rules most players know first."""

DEFAULT_PRESET = "mahjongsoul"
"""The rules a first game is offered: red fives and 25,000 points, as in the online games."""

QUICK_ROWS = 8
"""Rows of the short form: rules, length, three opponents, name, seed, the bot's command."""


def last_rules(text: str) -> RuleSet:
    """The rules of the last game started (as the preference keeps them), or the default preset when
    there are none or they no longer read as rules."""
    try:
        return RuleSet.from_dict(json.loads(text)) if text else PRESETS[DEFAULT_PRESET]
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return PRESETS[DEFAULT_PRESET]


def _shade(surface: pygame.Surface) -> None:
    """Darken the screen under a question."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))


class NewGameScene(Scene):
    """Pick the rules and opponents, then start."""

    def __init__(self, app: Any, on_start: Callable[[GameSetup], None], seed: int | None = None) -> None:
        super().__init__(app)
        self.on_start = on_start
        self.rules: RuleSet = last_rules(str(getattr(app.prefs, "last_rules", "")))
        self.levels = ["normal", "normal", "normal"]
        self.name = player_name_words(str(getattr(app.prefs, "player_name", DEFAULT_PLAYER_NAME)))
        self.bot_command = str(getattr(app.prefs, "bot_command", ""))
        self.seed_text = "" if seed is None else str(seed)
        self.error = ""
        self.widgets: list[Widget] = []
        self.rule_widgets: dict[str, Choice] = {}
        self.abortive: dict[str, Checkbox] = {}
        self.replacing: GameSetup | None = None
        """A game about to start over the saved one, waiting for the player's word."""
        self.replace_buttons: list[Button] = []
        self.shelf = RuleSetShelf()
        loaded = self.shelf.load()
        self.saved = loaded.sets
        """The player's rule sets by name, as the shelf last gave them."""
        self.notice = ""
        """What happened to the saved rule sets (saved, deleted, could not be read), shown at the bottom."""
        if loaded.problem:
            self.notice = (tr("Your saved rule sets could not all be read ({problem}); the file was moved to {path}.")
                           .format(problem=loaded.problem, path=loaded.moved_to) if loaded.moved_to else
                           tr("Your saved rule sets could not all be read ({problem}).").format(problem=loaded.problem))
        self.dialog = ""
        """"save" or "delete" while that question is open over the screen, else empty."""
        self.dialog_widgets: list[Widget] = []
        self.dialog_error = ""
        self.advanced = False
        """Every rule option shows (else the short form)."""
        self.build()

    # layout -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        margin = max(16, w // 60)
        top = int(h * 0.11)
        row = max(22, min(int(64 * ui_scale()), (h - top - 90) // 17))
        gap = max(6, row // 6)
        col_w = (w - 2 * margin - 2 * gap * 3) // 3
        xs = [margin + i * (col_w + gap * 3) for i in range(3)]
        lw = int(col_w * 0.55)
        ws: list[Widget] = []

        y = top
        self.preset_choice = Choice((xs[0], y, col_w, row), N_("Rule preset"), self.preset_options(),
                                    self.preset_value(), self._set_preset, self.preset_tip(), lw)
        ws.append(self.preset_choice)
        y += row + gap
        save_w = int(col_w * 0.64)
        self.save_button = Button((xs[0], y, save_w, row), N_("Save these rules as…"), self.ask_save_name,
                                  N_("Keep the rules as they are now under a name of your own, to pick them again "
                                     "from the rule preset list."))
        self.delete_button = Button((xs[0] + save_w + gap, y, col_w - save_w - gap, row), N_("Delete"),
                                    self.ask_delete, N_("Delete the saved rule set chosen above (you are asked first)."),
                                    color=(120, 70, 64))
        ws += [self.save_button, self.delete_button]
        y += row + gap
        self.name_field = TextField((xs[0], y, col_w, row), N_("Your name"), self.name, 20, self._set_name, label_width=lw)
        ws.append(self.name_field)
        y += row + gap
        self.seed_field = TextField((xs[0], y, col_w, row), N_("Seed (blank: random)"), self.seed_text, 10, self._set_seed,
                                    "0123456789", lw, N_("The same seed deals the same walls."))
        ws.append(self.seed_field)
        y += row + gap
        for i in range(3):
            ws.append(Choice((xs[0], y, col_w, row), OPPONENTS[i],
                             [(lv, SEAT_TEXT[lv]) for lv in SEAT_CHOICES], self.levels[i], self._level_setter(i),
                             SEAT_TIP, label_width=lw))
            y += row + gap
        self.bot_field = TextField((xs[0], y, col_w, row), N_("Bot command"), self.bot_command, 300, self._set_bot,
                                   label_width=lw, tooltip=BOT_TIP)
        ws.append(self.bot_field)
        y += row + gap
        y += gap
        ws_label_y = y
        for key in ABORTIVE_DRAWS:
            y += row + gap
            cb = Checkbox((xs[0], y, col_w, row), ABORTIVE_LABELS[key], key in self.rules.abortive_draws,
                          self._abortive_setter(key), ABORTIVE_TIPS[key])
            self.abortive[key] = cb
            ws.append(cb)
        self.abortive_label_y = ws_label_y

        per_col = (len(OPTION_ROWS) + 1) // 2
        for i, (fname, label, choices) in enumerate(OPTION_ROWS):
            col = 1 + i // per_col
            yy = top + (i % per_col) * (row + gap)
            if fname in POINT_ROWS:  # points as the language writes them (30.000 in Italian)
                choices = [(value, number(value)) for value, _ in choices]
            ch = Choice((xs[col], yy, col_w, row), label, choices, getattr(self.rules, fname), self._rule_setter(fname),
                        RULE_TIPS[fname], label_width=lw)
            self.rule_widgets[fname] = ch
            ws.append(ch)

        bw, bh = max(140, w // 9), max(36, row + 6)
        self.start_button = Button((w - margin - bw, h - margin - bh, bw, bh), N_("Start"), self.start, intent="confirm",
                                   color=(60, 130, 80))
        ws.append(self.start_button)
        self.back_button = Button((w - margin - 2 * bw - gap * 2, h - margin - bh, bw, bh), N_("Back"), self.app.pop)
        ws.append(self.back_button)
        self.advanced_button = Button((margin, h - margin - bh, bw, bh),
                                      N_("Quick start") if self.advanced else N_("Advanced"), self.toggle_advanced,
                                      N_("Every rule option, and your own saved rule sets.") if not self.advanced
                                      else N_("Back to the short form: rules, length and opponents."))
        ws.append(self.advanced_button)
        self.widgets = ws if self.advanced else self.quick_form(ws, bh)

    def quick_form(self, built: list[Widget], button_h: int) -> list[Widget]:
        """The short form: the rules, the length, the opponents, the name and the seed in one centred
        column sized from the window; the widgets are those of the full form, placed anew."""
        w, h = self.app.size
        margin = max(16, w // 60)
        top = int(h * 0.16)
        room = h - top - 2 * margin - button_h - int(h * 0.12)
        row = max(26, min(int(h / 15 * ui_scale()), room // QUICK_ROWS))
        gap = max(6, row // 4)
        col_w = min(w - 2 * margin, max(int(w * 0.46), int(row * 12)))
        x = (w - col_w) // 2
        lw = int(col_w * 0.45)
        opponents = [wd for wd in built if isinstance(wd, Choice) and wd.label in OPPONENTS]
        rows: list[Widget] = [self.preset_choice, self.rule_widgets["game_length"], *opponents, self.name_field,
                              self.seed_field]
        if BOT in self.levels:
            rows.append(self.bot_field)
        y = top
        for widget in rows:
            widget.rect = pygame.Rect(x, y, col_w, row)
            widget.label_width = lw  # type: ignore[attr-defined]
            y += row + gap
            if widget is self.rule_widgets["game_length"] or widget is opponents[-1]:
                y += gap * 2  # the rules, the opponents and the player: three groups
        self.quick_bottom = y
        return [*rows, self.start_button, self.back_button, self.advanced_button]

    def toggle_advanced(self) -> None:
        """Show every rule option, or only the short form again."""
        self.advanced = not self.advanced
        self.build()

    def resized(self, size: tuple[int, int]) -> None:
        self.build()
        if self.replacing is not None:
            self.ask_to_replace(self.replacing)
        if self.dialog:
            self.open_dialog(self.dialog)

    def preset_options(self) -> list[tuple[Any, str]]:
        """The presets, then the player's saved rule sets (shown by their own names)."""
        return [(n, PRESET_NAMES[n]) for n in PRESET_ORDER] + [((SAVED, name), name) for name in self.saved]

    def preset_value(self) -> Any:
        """The choice the rules in force came from: a saved set of that name holding these very
        rules, else the preset of that name."""
        if self.saved.get(self.rules.name) == self.rules:
            return (SAVED, self.rules.name)
        return self.rules.name

    def preset_tip(self) -> str:
        value = self.preset_value()
        if isinstance(value, tuple):
            return N_("One of your saved rule sets. Choosing it resets every option below to its values.")
        return PRESET_TIPS.get(value, PRESET_TIP)

    # setters -----------------------------------------------------------------
    def _set_preset(self, value: Any) -> None:
        self.rules = self.saved[value[1]] if isinstance(value, tuple) else PRESETS[value]
        self.build()

    def _set_name(self, value: str) -> None:
        self.name = value

    def _set_bot(self, value: str) -> None:
        self.bot_command = value

    def _set_seed(self, value: str) -> None:
        self.seed_text = value

    def _level_setter(self, i: int) -> Callable[[str], None]:
        def set_level(value: str) -> None:
            bot_before = BOT in self.levels
            self.levels[i] = value
            if (BOT in self.levels) != bot_before and not self.advanced:
                self.build()  # the bot's command row comes or goes
        return set_level

    def _rule_setter(self, fname: str) -> Callable[[Any], None]:
        def set_rule(value: Any) -> None:
            try:
                self.rules = self.rules.with_options(**{fname: value})
                self.error = ""
            except RuleError as exc:
                self.error = str(exc)
                self.rule_widgets[fname].set_value(getattr(self.rules, fname))
        return set_rule

    def _abortive_setter(self, key: str) -> Callable[[bool], None]:
        def set_draw(on: bool) -> None:
            chosen = [k for k in ABORTIVE_DRAWS if (k == key and on) or (k != key and k in self.rules.abortive_draws)]
            self.rules = self.rules.with_options(abortive_draws=chosen)
        return set_draw

    # actions -------------------------------------------------------------------
    def setup(self) -> GameSetup:
        """The chosen setup; raises ValueError with a message for bad input."""
        seed = int(self.seed_text) if self.seed_text.strip() else GameSetup.random_seed()
        return GameSetup(rules=self.rules, seed=seed, player_name=self.name.strip() or player_name_words(DEFAULT_PLAYER_NAME),
                         ai_levels=tuple(self.levels), bot_command=self.bot_command.strip(),  # type: ignore[arg-type]
                         varied=bool(getattr(self.app.prefs, "varied_opponents", False)))

    def start(self) -> None:
        try:
            setup = self.setup()
        except ValueError as exc:
            self.error = str(exc)
            return
        if BOT in setup.ai_levels:
            try:
                parse_command(setup.bot_command)
            except ValueError:
                self.error = tr("The bot command cannot be read: check that its quotes are in pairs.")
                return
        if self.replacing is None and SaveSlot().exists():
            self.ask_to_replace(setup)
            return
        self.replacing = None
        remembered = {"last_rules": json.dumps(setup.rules.to_dict(), separators=(",", ":"))}
        if BOT in setup.ai_levels:
            remembered["bot_command"] = setup.bot_command
        if any(getattr(self.app.prefs, k, None) != v for k, v in remembered.items()):
            self.app.set_prefs(self.app.prefs.with_changes(**remembered))
        self.on_start(setup)

    def ask_to_replace(self, setup: GameSetup) -> None:
        """A game is saved: ask before a new one replaces it."""
        self.replacing = setup
        w, h = self.app.size
        bw, bh = max(220, w // 6), max(40, h // 18)
        y = h // 2 + bh // 2
        self.replace_buttons = [
            Button((w // 2 - bw - 10, y, bw, bh), N_("Start, replacing it"), self.start, intent="confirm",
                   color=(150, 70, 60)),
            Button((w // 2 + 10, y, bw, bh), N_("Keep the saved game"), self.keep_saved),
        ]

    def keep_saved(self) -> None:
        self.replacing = None
        self.replace_buttons = []

    # the player's rule sets ---------------------------------------------------------
    def chosen_saved(self) -> str | None:
        """The name of the saved rule set the preset choice shows, or None for a preset."""
        value = self.preset_choice.value
        return value[1] if isinstance(value, tuple) else None

    def ask_save_name(self) -> None:
        self.dialog_error = ""
        self.open_dialog("save")

    def ask_delete(self) -> None:
        if self.chosen_saved() is None:
            self.notice = tr("Choose one of your saved rule sets in the rule preset list first.")
            return
        self.open_dialog("delete")

    def open_dialog(self, kind: str) -> None:
        """Lay out the question ``kind`` ("save": a name box; "delete": are you sure) over the screen."""
        self.dialog = kind
        w, h = self.app.size
        bw, bh = max(200, w // 7), max(36, h // 20)
        y = h // 2 + bh
        if kind == "save":
            old = self.dialog_widgets[0].value if self.dialog_widgets and isinstance(self.dialog_widgets[0], TextField) \
                else (self.chosen_saved() or "")
            fw = int(w * 0.44)
            field = TextField((w // 2 - fw // 2, h // 2 - bh // 2 - 4, fw, bh), N_("Name"), old, MAX_NAME,
                              label_width=max(90, fw // 4))
            field.focused = True
            self.dialog_widgets = [field, Button((w // 2 - bw - 10, y, bw, bh), N_("Save"), self.confirm_dialog,
                                                 intent="confirm", color=(60, 130, 80)),
                                   Button((w // 2 + 10, y, bw, bh), N_("Cancel"), self.close_dialog)]
        else:
            self.dialog_widgets = [Button((w // 2 - bw - 10, y, bw, bh), N_("Delete"), self.confirm_dialog,
                                          intent="confirm", color=(150, 70, 60)),
                                   Button((w // 2 + 10, y, bw, bh), N_("Keep it"), self.close_dialog)]

    def close_dialog(self) -> None:
        self.dialog = ""
        self.dialog_widgets = []
        self.dialog_error = ""

    def confirm_dialog(self) -> None:
        if self.dialog == "save":
            field = self.dialog_widgets[0]
            assert isinstance(field, TextField)
            if not field.value.strip():
                self.dialog_error = tr("Give the rule set a name.")
                return
            name, problem = self.shelf.save(field.value, self.rules)
            if problem is not None:
                self.dialog_error = tr("The rule set was not saved: {problem}").format(problem=problem)
                return
            self.saved = self.shelf.load().sets
            self.rules = self.saved.get(name, self.rules.with_options(name=name))
            self.notice = tr("Saved the rules as “{name}”.").format(name=name)
        elif self.dialog == "delete":
            name = self.chosen_saved()
            problem = self.shelf.delete(name) if name is not None else None
            if problem is not None:
                self.notice = tr("The rule set was not deleted: {problem}").format(problem=problem)
            else:
                self.saved = self.shelf.load().sets
                self.notice = tr("Deleted the rule set “{name}”.").format(name=name)
        self.close_dialog()
        self.build()

    def handle_dialog(self, ev: Input) -> None:
        """Input while a question is open: Esc cancels, Enter answers yes, the rest goes to its widgets."""
        if ev.intent == "back" and ev.kind == "key":
            self.close_dialog()
            return
        if ev.kind == "key" and ev.intent == "confirm":
            self.confirm_dialog()
            return
        for widget in self.dialog_widgets:
            if widget.handle(ev):
                return

    def handle(self, ev: Input) -> None:
        if self.dialog:
            self.handle_dialog(ev)
            return
        if self.replacing is not None:
            if ev.intent == "back":
                self.keep_saved()
                return
            for b in self.replace_buttons:
                if b.handle(ev):
                    return
            return
        typing = self.name_field.focused or self.seed_field.focused or self.bot_field.focused
        if ev.intent == "back" and not typing:
            self.app.pop()
            return
        for widget in self.widgets:
            if widget.handle(ev) and ev.kind not in ("move",):
                if ev.kind == "press":
                    for other in self.widgets:
                        if other is not widget and isinstance(other, TextField):
                            other.focused = False
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        draw_text(surface, tr("New game"), (max(16, w // 60), int(h * 0.05)), int(max(24, h // 22) * ui_scale()),
                  THEME["accent"], True, "midleft")
        if self.advanced:
            lw = self.abortive[ABORTIVE_DRAWS[0]].rect
            draw_text(surface, tr("Abortive draws"), (lw.x, self.abortive_label_y + lw.h // 2), max(14, lw.h // 2),
                      THEME["muted"], True, "midleft")
        else:
            self.draw_rules_note(surface)
        hovered = None
        for widget in self.widgets:
            widget.draw(surface)
            if widget.hover and widget.tooltip:
                hovered = widget
        self.delete_button.enabled = self.chosen_saved() is not None
        left = self.advanced_button.rect.right + 12
        room = self.back_button.rect.x - left - 12
        if self.error:
            draw_text(surface, tr(self.error), (left, h - 30), fitted_size(tr(self.error), 18, room), THEME["danger"],
                      True, "midleft")
        elif self.notice:
            lines = wrap(self.notice, 16, room)[-2:]
            for i, line in enumerate(lines):
                draw_text(surface, line, (left, h - 18 - 20 * (len(lines) - 1 - i)), 16, THEME["muted"], False,
                          "midleft")
        if self.dialog:
            self.draw_dialog(surface)
        elif self.replacing is not None:
            self.draw_replace_question(surface)
        elif hovered is not None:
            draw_tooltip(surface, hovered.tooltip, pygame.mouse.get_pos())

    def draw_rules_note(self, surface: pygame.Surface) -> None:
        """Under the short form: what the chosen rules are, in a few words."""
        form = self.preset_choice.rect
        size = max(14, int(form.h * 0.4))
        note = tr(self.preset_tip())
        y = self.quick_bottom
        room = self.start_button.rect.top - y
        lines = wrap(note, size, form.w)
        while size > 11 and len(lines) * int(size * 1.35) > room:  # the whole note, in smaller type if need be
            size -= 1
            lines = wrap(note, size, form.w)
        for line in lines:
            if y + size > self.start_button.rect.top:
                break
            draw_text(surface, line, (form.x, y), size, THEME["muted"])
            y += int(size * 1.35)

    def draw_dialog(self, surface: pygame.Surface) -> None:
        """The open question: save under which name, or delete which set."""
        w, h = surface.get_size()
        _shade(surface)
        size = max(18, h // 40)
        if self.dialog == "save":
            question = tr("Save the rules now on the screen as:")
            typed = " ".join(str(getattr(self.dialog_widgets[0], "value", "")).split())
            self.dialog_widgets[1].label = N_("Replace") if typed in self.saved else N_("Save")
        else:
            question = tr("Delete your rule set “{name}”? It cannot be brought back.").format(name=self.chosen_saved())
        lines = wrap(question, size, int(w * 0.5))
        last = self.dialog_widgets[-1].rect
        top = self.dialog_widgets[0].rect.top - (len(lines) + 1) * int(size * 1.4) if self.dialog == "save" \
            else last.top - (len(lines) + 1) * int(size * 1.4)
        box = pygame.Rect(w // 2 - int(w * 0.28), top - 10, int(w * 0.56), last.bottom + 30 - top)
        draw_panel(surface, box)
        y = top + 10 + size // 2
        for line in lines:
            draw_text(surface, line, (w // 2, y), size, THEME["text"], False, "center")
            y += int(size * 1.4)
        if self.dialog_error:
            words = self.dialog_error
            draw_text(surface, words, (w // 2, last.bottom + 14), fitted_size(words, 16, box.w - 20), THEME["danger"],
                      True, "center")
        for widget in self.dialog_widgets:
            widget.draw(surface)

    def draw_replace_question(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        _shade(surface)
        size = max(18, h // 40)
        lines = wrap(tr("A game is saved. Starting a new game replaces it: the saved game cannot be continued "
                        "afterwards."), size, int(w * 0.5))
        first = self.replace_buttons[0].rect
        box = pygame.Rect(0, 0, int(w * 0.56), (len(lines) + 1) * int(size * 1.4) + first.h + 40)
        box.midbottom = (w // 2, first.bottom + 20)
        draw_panel(surface, box)
        y = box.top + 20 + size // 2
        for line in lines:
            draw_text(surface, line, (w // 2, y), size, THEME["text"], False, "center")
            y += int(size * 1.4)
        for b in self.replace_buttons:
            b.draw(surface)
