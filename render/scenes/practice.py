"""The Practice screen: one drill at a time (what to discard, defence, waits, scoring, your mistakes),
an easy and a hard level, the answer checked by the engine at once, accuracy and streaks kept.

Problems are made off the frame path (``render.background``) because a drill may self-play a few
hands to find its position; the statistics database is read and written there too, so a database
another program holds is said to be busy while the screen goes on (an answer not written then is
written with the next). Keyboard: Left/Right choose a tile, Enter answers, deals the next
problem or tries again one that could not be made or read, Space marks a tile as a wait, Up/Down
change the scoring row, Page Up/Down change drill.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.drills import (defence_problem, discard_problem, judge_defence, judge_discard, judge_scoring,
                         judge_waits, scoring_problem, waits_problem)
from game.drills.mistakes import MistakeProblem, judge_mistake
from game.drills.scoring import FU_MATTERS_BELOW
from game.stats.drills import drill_figures
from render.background import Background
from render.drill_words import (DRILL_NAMES, DRILL_PROMPTS, LEVEL_NAMES, payment_words, protection_words,
                                shanten_words, situation_words)
from render.i18n import N_, join_list, series, tr
from render.input import Input
from render.review_words import reason_words
from render.scenes import Scene
from render.table_view import melds_row
from render.tileset import TileSet, load_tileset
from render.widgets import THEME, Button, draw_panel, draw_text, fitted_size, text, wrap
from render.words import fu_words, limit_words, stats_words, tile_words, yaku_words
from store.stats import StatsDB

__all__ = ["PracticeScene", "DRILL_ORDER", "MAKERS"]

DRILL_ORDER = ("discard", "defence", "waits", "scoring", "mistakes")
MAKERS: dict[str, Callable[[int, str], Any]] = {"discard": discard_problem, "defence": defence_problem,
                                                "waits": waits_problem, "scoring": scoring_problem}
HAN_CHOICES = tuple(range(1, 14))
FU_CHOICES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
_ROWS = ("han", "fu", "points")
Answer = tuple[str, str, int, bool]
"""One drill answer to keep: the drill, its level, the problem's seed (a kept mistake's id), right or not."""
Picked = tuple[MistakeProblem | None, int | None, int]
"""A kept mistake to drill (None when none is kept), its id, and how many could not be read back."""
StatsRead = tuple[list[dict[str, Any]], str, Picked | None]
"""What the statistics job read: the drill answers, what to tell, the kept mistake picked if one was asked."""


class PracticeScene(Scene):
    """Drills with immediate answers; the figures of each drill shown above the problem."""

    def __init__(self, app: Any, db: StatsDB | None = None, first_seed: int | None = None) -> None:
        super().__init__(app)
        self.db = db or StatsDB()
        self.notice = ""
        self.tileset: TileSet = load_tileset(app.pref("tile_set"))
        self.seed = first_seed if first_seed is not None else random.randrange(1, 10**9)
        self.drill, self.level = "discard", "easy"
        self.problem: Any = None
        self.mistake_id: int | None = None
        self.answer: Any = None
        self.chosen: Any = None
        self.cursor = 0
        self.picked: set[int] = set()
        self.scoring_choice: dict[str, Any] = {}
        self.row = 0
        self.error = ""
        self.hits: list[tuple[pygame.Rect, Any]] = []
        self._deal: Background[Any] | None = None
        """The drill problem being made (not a kept mistake: that is read by the statistics job)."""
        self._stats_job: Background[StatsRead] | None = None
        """The one reading (and writing) of the statistics under way: one at a time, so answers are
        written in order and a kept mistake is read after the answers before it."""
        self._written: list[Answer] = []
        """The answers the job under way has written so far (it appends; ``update`` reads them)."""
        self._unsaved: list[Answer] = []
        """Answers not yet written, oldest first (the database was busy, or the writing is under way)."""
        self._rows: list[dict[str, Any]] | None = None
        """The drill answers last read from the statistics (None until read)."""
        self._figures: dict[str, dict[str, Any]] | None = None
        """Each drill's accuracy and streaks: the answers read and those of this visit not yet written."""
        self._mistake_wanted: int | None = None
        """The deal number of a kept mistake asked for and not yet asked of the database."""
        self._mistake_asked: int | None = None
        """The deal number of the kept mistake the job under way reads."""
        self._deals = 0
        self.stats_failed = False
        """The last reading of the statistics failed (tried again with the next problem or answer)."""
        self.tabs = {name: Button((0, 0, 1, 1), DRILL_NAMES[name], lambda n=name: self.choose_drill(n))
                     for name in DRILL_ORDER}
        self.levels = {name: Button((0, 0, 1, 1), LEVEL_NAMES[name], lambda n=name: self.choose_level(n))
                       for name in LEVEL_NAMES}
        self.check = Button((0, 0, 1, 1), N_("Check"), self.submit, N_("Check the answer (Enter)"))
        self.next = Button((0, 0, 1, 1), N_("Next problem"), self.new_problem, N_("Another problem (Enter)"))
        self.back = Button((0, 0, 1, 1), N_("Back"), self.app.pop, intent="back")
        self.resized(app.size)
        self.new_problem()
        self.read_stats()

    # problems ----------------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """A problem is being made."""
        return self._deal is not None or self._mistake_wanted is not None or self._mistake_asked is not None

    def new_problem(self) -> None:
        """Deal the next problem of the drill and level chosen, made in the background (a kept mistake
        is read from the statistics after the answers before it are written)."""
        self.answer, self.chosen, self.error = None, None, ""
        self.picked, self.scoring_choice, self.cursor, self.row = set(), {}, 0, 0
        self.problem, self.mistake_id, self._deal = None, None, None
        self.seed += 1
        self._deals += 1
        self._mistake_wanted = self._mistake_asked = None
        if self.drill == "mistakes":
            self._mistake_wanted = self._deals
            self.read_stats()
        else:
            self._deal = Background(partial(MAKERS[self.drill], self.seed, self.level), "kawa-drill").start()
            if self.stats_failed:
                self.read_stats()

    def wait_problem(self, timeout: float = 30.0) -> None:
        """Block until the problem under way is made and the statistics read and written (for tests
        and the screenshot command)."""
        while self._stats_job is not None or self._deal is not None:
            for job in (self._stats_job, self._deal):
                if job is not None and not job.wait(timeout):
                    return
            self.update(0.0)

    def read_stats(self) -> None:
        """Write the answers not yet written, read the drill answers and any kept mistake asked for (in
        the background, one job at a time: asked while one runs, it is asked again when that one ends)."""
        if self._stats_job is not None:
            return
        self._written = []
        self._mistake_asked, self._mistake_wanted = self._mistake_wanted, None
        work = partial(self._write_and_read, tuple(self._unsaved), self._written,
                       self.seed if self._mistake_asked is not None else None)
        self._stats_job = Background(work, "kawa-practice-stats").start()

    def _write_and_read(self, answers: tuple[Answer, ...], written: list[Answer], mistake_seed: int | None
                        ) -> StatsRead:
        """On the job's thread: write ``answers`` (each one added to ``written`` once it is), read the
        drill answers, and pick a kept mistake when ``mistake_seed`` is given."""
        self.db.open()
        for drill, level, seed, correct in answers:
            if drill == "mistakes":
                self.db.answer_mistake(seed, correct)
            else:
                self.db.record_drill(drill, level, seed, correct)
            written.append((drill, level, seed, correct))
        rows = self.db.drill_answers()
        told = [stats_words(self.db), stats_words(skipped=self.db.skipped)]
        return rows, " ".join(filter(None, told)), None if mistake_seed is None else self._pick_mistake(mistake_seed)

    def _pick_mistake(self, seed: int) -> Picked:
        """The kept mistake to drill; one that cannot be read back is left out and counted."""
        kept = self.db.open_mistakes()
        skipped = self.db.skipped
        for n in range(len(kept)):
            row = kept[(seed + n) % len(kept)]
            try:
                return MistakeProblem.from_json(row["problem"]), int(row["id"]), skipped
            except ValueError:
                skipped += 1
        return None, None, skipped

    def update(self, dt: float) -> None:
        if self._stats_job is not None and self._stats_job.done:
            self._stats_read(self._stats_job)
        if self._deal is not None and self._deal.done:
            deal, self._deal = self._deal, None
            if deal.error is not None:
                self.error = tr("No problem could be made: {problem}").format(problem=deal.error)
            else:
                self.problem = deal.result

    def _stats_read(self, job: Background[StatsRead]) -> None:
        """Take in what the statistics job read (or why it could not), then ask again for what came meanwhile."""
        self._stats_job = None
        del self._unsaved[:len(self._written)]
        asked, self._mistake_asked = self._mistake_asked, None
        self.stats_failed = job.result is None
        if job.result is None:
            self.notice = stats_words(error=job.error)
            if asked is not None and asked == self._deals:
                self.error = self.notice
        else:
            self._rows, self.notice, picked = job.result
            if picked is not None and asked == self._deals:
                self.problem, self.mistake_id, skipped = picked
                if skipped:
                    self.notice = stats_words(skipped=skipped)
        self._count()
        if self._mistake_wanted is not None or (self._unsaved and not self.stats_failed):
            self.read_stats()

    def _count(self) -> None:
        """Each drill's figures again: the answers read and those not yet written."""
        if self._rows is None:
            self._figures = None
            return
        here = [{"drill": drill, "correct": correct} for drill, _, _, correct in self._unsaved]
        self._figures = drill_figures([*self._rows, *here])

    def choose_drill(self, name: str) -> None:
        if name != self.drill or self.problem is None:
            self.drill = name
            self.new_problem()

    def choose_level(self, name: str) -> None:
        if name != self.level:
            self.level = name
            if self.drill != "mistakes":
                self.new_problem()

    # answers -----------------------------------------------------------------------------
    def hand_kinds(self) -> list[int]:
        """The tiles the player may click, as kinds, in the order drawn."""
        if self.problem is None or self.drill in ("waits", "scoring"):
            return []
        return [t >> 2 for t in self.hand_tiles()]

    def hand_tiles(self) -> list[int]:
        """The clickable hand of the discard, defence and mistakes drills, as drawn."""
        if self.drill == "discard":
            return list(self.problem.tiles)
        return sorted(self.problem.position.hand)

    def pick_tile(self, kind: int) -> None:
        """A tile of the hand chosen: the discard, defence and mistakes drills answer at once."""
        if self.problem is None or self.answer is not None:
            return
        if self.drill == "discard":
            self.answer = judge_discard(self.problem, kind)
            correct = self.answer.correct
        elif self.drill == "defence":
            self.answer = judge_defence(self.problem, kind)
            correct = self.answer.correct
        elif self.drill == "mistakes":
            correct = judge_mistake(self.problem, kind)
            self.answer = correct
        else:
            return
        self.chosen = kind
        self._keep(correct)

    def toggle_wait(self, kind: int) -> None:
        if self.answer is None:
            self.picked ^= {kind}

    def choose(self, row: str, value: Any) -> None:
        if self.answer is None:
            self.scoring_choice[row] = value

    def submit(self) -> None:
        """Check the waits or the scoring answer."""
        if self.problem is None or self.answer is not None:
            return
        if self.drill == "waits":
            self.answer = judge_waits(self.problem, self.picked)
        elif self.drill == "scoring":
            if not all(r in self.scoring_choice for r in _ROWS):
                self.error = tr("Choose the han, the fu and the points first.")
                return
            c = self.scoring_choice
            self.answer = judge_scoring(self.problem, c["han"], c["fu"], c["points"])
        else:
            return
        self.error = ""
        self._keep(self.answer.correct)

    def _keep(self, correct: bool) -> None:
        """Keep the answer: counted at once, written in the background with any the database refused before."""
        if self.drill == "mistakes" and self.mistake_id is not None:
            self._unsaved.append(("mistakes", "", self.mistake_id, correct))
        else:
            self._unsaved.append((self.drill, self.level, self.seed, correct))
        self._count()
        self.read_stats()

    def figures(self) -> dict[str, Any] | None:
        """This drill's accuracy and streaks (None while the statistics are read or when they could not be)."""
        if self._figures is None:
            return None
        return self._figures.get(self.drill, {})

    def frame_state(self) -> Any:
        buttons = (*self.tabs.values(), *self.levels.values(), self.check, self.next, self.back)
        return (self.drill, self.level, id(self.problem), id(self.answer), self.chosen, tuple(sorted(self.picked)),
                tuple(sorted((k, id(v)) for k, v in self.scoring_choice.items())), self.row, self.cursor, self.error,
                self.notice, self._deal is not None, id(self._figures), self.stats_failed,
                tuple(b.hover for b in buttons))

    # input -------------------------------------------------------------------------------
    def handle(self, ev: Input) -> None:
        if self.back.handle(ev):
            return
        for button in (*self.tabs.values(), *self.levels.values()):
            if button.handle(ev):
                return
        if self.answer is None and self.drill in ("waits", "scoring") and self.check.handle(ev):
            return
        if self.answer is not None and self.next.handle(ev):
            return
        if ev.kind == "press" and ev.intent == "choose":
            for rect, what in self.hits:
                if rect.collidepoint(ev.pos):
                    self._clicked(what)
                    return
        if ev.kind == "key":
            self._key(ev.intent)

    def _clicked(self, what: tuple[str, Any]) -> None:
        kind, value = what
        if kind == "tile":
            self.pick_tile(value)
        elif kind == "wait":
            self.toggle_wait(value)
        else:
            self.choose(kind, value)

    def _key(self, intent: str | None) -> None:
        if intent in ("page_up", "page_down"):
            i = DRILL_ORDER.index(self.drill) + (1 if intent == "page_down" else -1)
            self.choose_drill(DRILL_ORDER[i % len(DRILL_ORDER)])
            return
        if intent == "confirm":
            if self.answer is not None or (self.problem is None and self.error and not self.waiting):
                self.new_problem()  # the next problem, or this one again after it could not be made or read
            elif self.drill in ("waits", "scoring"):
                self.submit()
            elif self.hand_kinds():
                self.pick_tile(self.hand_kinds()[self.cursor % len(self.hand_kinds())])
            return
        if self.drill == "scoring" and intent in ("up", "down"):
            self.row = (self.row + (1 if intent == "down" else -1)) % len(_ROWS)
            return
        if intent in ("left", "right"):
            step = 1 if intent == "right" else -1
            if self.drill == "scoring" and self.problem is not None:
                self._step_scoring(step)
            else:
                self.cursor += step
            return
        if intent == "pass" and self.drill == "waits":
            self.toggle_wait(self.palette()[self.cursor % len(self.palette())])

    def _step_scoring(self, step: int) -> None:
        row = _ROWS[self.row]
        options = self.row_options(row)
        now = self.scoring_choice.get(row)
        i = options.index(now) + step if now in options else (0 if step > 0 else len(options) - 1)
        self.choose(row, options[i % len(options)])

    def row_options(self, row: str) -> list[Any]:
        if row == "han":
            return list(HAN_CHOICES)
        if row == "fu":
            return list(FU_CHOICES)
        return list(self.problem.choices)

    def palette(self) -> list[int]:
        """The tiles offered as waits: the hand's suit for a one-suit hand, else every kind."""
        if self.problem is None:
            return []
        suits = {t >> 2 for t in self.problem.tiles}
        if all(k < 27 for k in suits) and len({k // 9 for k in suits}) == 1:
            first = 9 * (next(iter(suits)) // 9)
            return list(range(first, first + 9))
        return list(range(34))

    # layout ------------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.margin = max(16, w // 48)
        self.fs = max(14, h // 46)
        self.title_h = max(26, h // 22)
        bh = max(32, h // 22)
        top = self.margin + text(tr("Practice"), self.title_h, bold=True).get_height() + 4
        x = self.margin
        tab_w = min(220, (w - 2 * self.margin - 2 * 110) // len(self.tabs) - 6)
        for name in DRILL_ORDER:
            self.tabs[name].rect = pygame.Rect(x, top, tab_w, bh)
            x += tab_w + 6
        lw = max(80, min(110, w // 14))
        x = w - self.margin - 2 * lw - 6
        for name in LEVEL_NAMES:
            self.levels[name].rect = pygame.Rect(x, top, lw, bh)
            x += lw + 6
        self.body_top = top + bh + max(10, h // 60)
        bw = max(140, w // 8)
        self.back.rect = pygame.Rect(w - self.margin - bw, h - self.margin - bh, bw, bh)
        self.next.rect = pygame.Rect(self.back.rect.x - bw - 10, self.back.rect.y, bw, bh)
        self.check.rect = self.next.rect.copy()
        self.body_bottom = self.back.rect.y - 10
        self.tile_h = max(34, min(h // 9, int((w - 2 * self.margin) / 16 * 4 / 3)))

    def prefs_changed(self, prefs: Any) -> None:
        if self.tileset.name != self.app.pref("tile_set"):
            self.tileset = load_tileset(self.app.pref("tile_set"))
        self.resized(self.app.size)

    # drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        self.hits = []
        title = draw_text(surface, tr("Practice"), (self.margin, self.margin), self.title_h, THEME["accent"], True)
        draw_text(surface, self.figures_line(), (title.right + 2 * self.margin, title.centery), self.fs,
                  THEME["muted"], False, "midleft")
        for name, button in self.tabs.items():
            button.draw(surface)
            if name == self.drill:
                pygame.draw.rect(surface, THEME["accent"], (button.rect.x, button.rect.bottom + 2, button.rect.w, 4))
        for name, button in self.levels.items():
            button.enabled = self.drill != "mistakes"
            button.draw(surface)
            if name == self.level and button.enabled:
                pygame.draw.rect(surface, THEME["accent"], (button.rect.x, button.rect.bottom + 2, button.rect.w, 4))
        area = pygame.Rect(self.margin, self.body_top, w - 2 * self.margin, self.body_bottom - self.body_top)
        draw_panel(surface, area, THEME["panel"], THEME["panel_edge"], 8)
        inner = area.inflate(-2 * self.margin, -self.margin)
        y = inner.y
        for line in wrap(tr(DRILL_PROMPTS[self.drill]), self.fs + 2, inner.w)[:2]:
            y = draw_text(surface, line, (inner.x, y), self.fs + 2, THEME["text"], True).bottom
        y += self.fs // 2
        if self.problem is None:
            for line in wrap(self.empty_words(), self.fs + 2, inner.w):
                y = draw_text(surface, line, (inner.x, y), self.fs + 2,
                              THEME["furiten"] if self.error else THEME["muted"]).bottom
        else:
            getattr(self, f"draw_{self.drill}")(surface, pygame.Rect(inner.x, y, inner.w, inner.bottom - y))
        if self.error and self.problem is not None:
            draw_text(surface, self.error, (self.margin, self.back.rect.centery), self.fs, THEME["furiten"], False,
                      "midleft")
        elif self.notice and self.notice != self.error:
            draw_text(surface, self.notice[:160], (self.margin, self.back.rect.centery), self.fs - 2, THEME["muted"],
                      False, "midleft")
        if self.answer is not None:
            self.next.draw(surface)
        elif self.drill in ("waits", "scoring") and self.problem is not None:
            self.check.draw(surface)
        self.back.draw(surface)

    def figures_line(self) -> str:
        f = self.figures()
        if f is None:
            return "" if self.stats_failed else tr("Reading the statistics\u2026")
        if not f:
            return tr("No answers yet in this drill")
        return tr("{answered} answered, {accuracy:.0%} right, streak {streak} (best {best})").format(
            answered=f["answered"], accuracy=f["accuracy"] or 0.0, streak=f["streak"], best=f["best_streak"])

    def empty_words(self) -> str:
        if self.error:
            return self.error
        if self.drill == "mistakes" and self.waiting:
            return tr("Reading the statistics\u2026")
        if self.drill == "mistakes":
            return tr("No mistakes kept yet. Review one of your games (Games, then Review): its costly discards "
                      "come back here until you answer each right twice.")
        return tr("Dealing a problem\u2026")

    def tiles(self, surface: pygame.Surface, x: int, y: int, tiles: list[int], height: int,
              hit: str | None = None, marks: dict[int, tuple[int, int, int]] | None = None,
              cursor: int | None = None, gap_before_last: bool = False) -> int:
        """A row of tiles; ``hit`` makes each clickable (by kind); ``marks`` frame kinds in a colour."""
        tw = self.tileset.size(height)[0]
        for i, t in enumerate(tiles):
            if gap_before_last and i == len(tiles) - 1:
                x += tw // 3
            surface.blit(self.tileset.tile(t, height), (x, y))
            rect = pygame.Rect(x, y, tw, height)
            colour = (marks or {}).get(t >> 2)
            if colour is not None:
                pygame.draw.rect(surface, colour, rect.inflate(4, 4), 3, border_radius=4)
            if cursor is not None and i == cursor:
                pygame.draw.rect(surface, THEME["accent"], (x, y + height + 3, tw, 4))
            if hit is not None:
                self.hits.append((rect, (hit, t >> 2)))
            x += tw
        return x

    def cursor_index(self) -> int | None:
        kinds = self.hand_kinds()
        return self.cursor % len(kinds) if kinds and self.answer is None else None

    def dora_line(self, surface: pygame.Surface, x: int, y: int, indicators: tuple[int, ...]) -> int:
        small = max(24, self.tile_h * 2 // 3)
        label = draw_text(surface, tr("Dora indicators"), (x, y + small // 2), self.fs, THEME["muted"], False,
                          "midleft")
        self.tiles(surface, label.right + 8, y, list(indicators), small)
        return y + small + 8

    def draw_discard(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        p = self.problem
        y = self.dora_line(surface, area.x, area.y, p.dora_indicators)
        best = {o.kind for o in p.best()}
        marks = {}
        if self.answer is not None:
            marks = {k: THEME["good"] for k in best}
            if not self.answer.correct:
                marks[self.chosen] = THEME["furiten"]
        self.tiles(surface, area.x, y, list(p.tiles), self.tile_h, "tile", marks, self.cursor_index(), True)
        y += self.tile_h + 14
        if self.answer is None:
            return
        y = self.verdict(surface, area.x, y, self.answer.correct)
        small = max(20, self.tile_h // 2)
        for o in p.options[:max(4, len(p.best()))]:
            if y + small > area.bottom:
                break
            colour = THEME["good"] if o.kind in best else (THEME["furiten"] if o.kind == self.chosen else THEME["text"])
            words = tr("{tile}: {shanten}, {n} tiles").format(tile=tile_words(o.kind), shanten=shanten_words(o.shanten),
                                                             n=o.total)
            box = draw_text(surface, words, (area.x, y + small // 2), self.fs, colour, o.kind == self.chosen, "midleft")
            self.tiles(surface, max(box.right + 12, area.x + area.w // 3), y, [k * 4 + 1 for k, _ in o.ukeire], small)
            y += small + 6

    def verdict(self, surface: pygame.Surface, x: int, y: int, correct: bool) -> int:
        wrong = tr("Not right.") if self.drill in ("waits", "scoring") else tr("Not the best.")
        words, colour = (tr("Right!"), THEME["good"]) if correct else (wrong, THEME["furiten"])
        return draw_text(surface, words, (x, y), self.fs + 4, colour, True).bottom + 6

    def river(self, surface: pygame.Surface, x: int, y: int, discards: tuple[Any, ...], height: int) -> int:
        """A river in rows of six, the riichi tile turned sideways; the bottom of the last row."""
        tw = self.tileset.size(height)[0]
        col, row_y, start = 0, y, x
        for d in discards:
            if col == 6:
                col, x, row_y = 0, start, row_y + height + 2
            img = self.tileset.tile(d.tile, height, 90 if d.riichi else 0)
            surface.blit(img, (x, row_y + height - img.get_height()))
            if d.called:
                dim = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                dim.fill((0, 0, 0, 110))
                surface.blit(dim, (x, row_y + height - img.get_height()))
            x += img.get_width() if d.riichi else tw
            col += 1
        return row_y + height

    def draw_riichi_table(self, surface: pygame.Surface, area: pygame.Rect, pos: Any, seats: list[int]) -> int:
        """Each riichi seat's river and what the others threw since; the y below."""
        small = max(22, self.tile_h * 3 // 5)
        y = self.dora_line(surface, area.x, area.y, pos.dora_indicators)
        for seat in seats:
            where = (N_("Right"), N_("Across"), N_("Left"))[(seat - pos.seat) % 4 - 1]
            label = tr("{where}: riichi").format(where=tr(where))
            draw_text(surface, label, (area.x, y), self.fs, THEME["accent"], True)
            bottom = self.river(surface, area.x + area.w // 6, y, pos.discards[seat], small)
            order = pos.riichi_order(seat)
            since = [d.tile for s, river in enumerate(pos.discards) if s != seat for d in river
                     if order is not None and d.order > order]
            if since:
                sx = area.x + area.w // 6 + 7 * self.tileset.size(small)[0] + 2 * self.margin
                label = draw_text(surface, tr("Thrown by the others since:"), (sx, y), self.fs - 1, THEME["muted"])
                self.tiles(surface, sx, label.bottom + 3, since[:12], max(18, small * 3 // 4))
            y = bottom + 10
        return y

    def draw_defence(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        p = self.problem
        y = self.draw_riichi_table(surface, area, p.position, [p.riichi_seat])
        marks = {}
        if self.answer is not None:
            marks = {k: THEME["good"] for k in self.answer.best}
            if not self.answer.correct:
                marks[self.chosen] = THEME["furiten"]
        x = self.tiles(surface, area.x, y, self.hand_tiles(), self.tile_h, "tile", marks, self.cursor_index())
        own = p.position.melds[p.position.seat]
        if own:  # the player's open sets, beside the hand as at the table
            melds_row(surface, self.tileset, x + self.margin, y + self.tile_h // 5, own, p.position.seat,
                      self.tile_h * 4 // 5)
        y += self.tile_h + 12
        if self.answer is None:
            return
        y = self.verdict(surface, area.x, y, self.answer.correct)
        self.safety_lines(surface, pygame.Rect(area.x, y, area.w, area.bottom - y))

    def safety_lines(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each hand tile's safety, in as many columns as ``area`` needs to show them all."""
        p = self.problem
        size = self.fs - 1
        line_h = text("Ag", size).get_height() + 2
        per_column = max(1, area.h // line_h)
        columns = -(-len(p.safety) // per_column)
        width = area.w // max(1, columns) - self.margin
        for i, s in enumerate(p.safety):
            colour = THEME["good"] if s.kind in self.answer.best else (
                THEME["furiten"] if s.kind == self.chosen else THEME["text"])
            line = tr("{tile}: {protection} (deal-in about {chance:.1%} if ready)").format(
                tile=tile_words(s.kind), protection=protection_words(s.protection, s.seen), chance=s.danger)
            column, row = divmod(i, per_column)
            draw_text(surface, line, (area.x + column * (width + self.margin), area.y + row * line_h),
                      fitted_size(line, size, width, s.kind == self.chosen), colour, s.kind == self.chosen)

    def draw_waits(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        p = self.problem
        y = area.y
        self.tiles(surface, area.x, y, list(p.tiles), self.tile_h)
        y += self.tile_h + 16
        palette = self.palette()
        per_row = 9 if len(palette) <= 9 else 12
        small = max(28, min(self.tile_h * 4 // 5, int(area.w / (per_row + 1) * 4 / 3)))
        tw = self.tileset.size(small)[0]
        draw_text(surface, tr("Tiles that complete it:"), (area.x, y), self.fs, THEME["muted"])
        y += self.fs + 8
        for i, kind in enumerate(palette):
            x = area.x + (i % per_row) * (tw + 6)
            row_y = y + (i // per_row) * (small + 8)
            tile = kind * 4 + 1
            surface.blit(self.tileset.tile(tile, small), (x, row_y))
            rect = pygame.Rect(x, row_y, tw, small)
            self.hits.append((rect, ("wait", kind)))
            colour = None
            if self.answer is not None:
                if kind in p.waits:
                    colour = THEME["good"] if kind in self.picked else THEME["accent"]
                elif kind in self.picked:
                    colour = THEME["furiten"]
            elif kind in self.picked:
                colour = THEME["good"]
            if colour is None and self.answer is None:
                shade = pygame.Surface((tw, small), pygame.SRCALPHA)
                shade.fill((0, 0, 0, 70))
                surface.blit(shade, (x, row_y))
            if colour is not None:
                pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=4)
            if self.answer is None and i == self.cursor % len(palette):
                pygame.draw.rect(surface, THEME["accent"], (x, row_y + small + 2, tw, 4))
        y += ((len(palette) - 1) // per_row + 1) * (small + 8) + 6
        if self.answer is None:
            return
        y = self.verdict(surface, area.x, y, self.answer.correct)
        words = tr("It waits on {tiles}.").format(tiles=join_list([tile_words(k) for k in p.waits]))
        y = draw_text(surface, words, (area.x, y), self.fs, THEME["text"]).bottom + 4
        if self.answer.missed:
            y = draw_text(surface, tr("Missed: {tiles}").format(tiles=series([tile_words(k) for k in self.answer.missed])),
                          (area.x, y), self.fs, THEME["accent"]).bottom + 4
        if self.answer.wrong:
            draw_text(surface, tr("Not a wait: {tiles}").format(tiles=series([tile_words(k) for k in self.answer.wrong])),
                      (area.x, y), self.fs, THEME["furiten"])

    def draw_scoring(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        p = self.problem
        won = p.won
        y = area.y
        y = draw_text(surface, situation_words(p), (area.x, y), self.fs + 1, THEME["accent"], True).bottom + 6
        small = max(24, self.tile_h * 2 // 3)
        x = draw_text(surface, tr("Dora indicators"), (area.x, y + small // 2), self.fs, THEME["muted"], False,
                      "midleft").right + 8
        x = self.tiles(surface, x, y, list(won.dora_indicators), small)
        if any(name in ("riichi", "double riichi") for name, _ in won.yaku) and won.ura_indicators:
            x = draw_text(surface, tr("Ura"), (x + 16, y + small // 2), self.fs, THEME["muted"], False, "midleft").right
            self.tiles(surface, x + 8, y, list(won.ura_indicators), small)
        y += small + 10
        hand = sorted(won.hand)
        if won.tile in hand:
            hand.remove(won.tile)
        height = min(self.tile_h, max(30, area.h // 6))
        x = self.tiles(surface, area.x, y, hand + [won.tile], height, marks=None, gap_before_last=True)
        tw = self.tileset.size(height)[0]
        pygame.draw.rect(surface, THEME["accent"], (x - tw - 2, y - 2, tw + 4, height + 4), 2, border_radius=3)
        melds_row(surface, self.tileset, x, y, won.melds, won.seat, height)
        y += height + 12
        y = self.answer_rows(surface, pygame.Rect(area.x, y, area.w, area.bottom - y))
        if self.answer is not None:
            self.breakdown(surface, pygame.Rect(area.x, y, area.w, area.bottom - y))

    def answer_rows(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The han, fu and points rows of buttons; the y below them."""
        y = area.y
        label_w = max(60, area.w // 12)
        bh = max(26, self.fs + 12)
        right = self.problem.payment
        for r, row in enumerate(_ROWS):
            name = (N_("Han"), N_("Fu"), N_("Points"))[r]
            colour = THEME["accent"] if r == self.row and self.answer is None else THEME["muted"]
            draw_text(surface, tr(name), (area.x, y + bh // 2), self.fs, colour, True, "midleft")
            options = self.row_options(row)
            per = (area.w - label_w) // len(options)
            x = area.x + label_w
            for value in options:
                rect = pygame.Rect(x, y, per - 4, bh)
                chosen = self.scoring_choice.get(row) == value
                truth = (row == "han" and value == self.problem.won.han) or (
                    row == "fu" and value == self.problem.won.fu) or (
                    row == "points" and value.total == right.total and value.tsumo_dealer == right.tsumo_dealer)
                fill = THEME["button_down"] if chosen else THEME["button"]
                pygame.draw.rect(surface, fill, rect, border_radius=5)
                if self.answer is not None and truth:
                    pygame.draw.rect(surface, THEME["good"], rect, 3, border_radius=5)
                elif self.answer is not None and chosen:
                    pygame.draw.rect(surface, THEME["furiten"], rect, 3, border_radius=5)
                words = payment_words(value) if row == "points" else str(value)
                draw_text(surface, words, rect.center, self.fs - (1 if row == "points" else 0), THEME["button_text"],
                          True, "center")
                self.hits.append((rect, (row, value)))
                x += per
            y += bh + 6
        return y + 4

    def breakdown(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The engine's scoring: yaku and dora on the left, fu lines on the right, the total."""
        won = self.problem.won
        y = self.verdict(surface, area.x, area.y, self.answer.correct)
        left_y = right_y = y
        half = area.x + area.w // 2
        step = self.fs + 3
        for name, han in won.yaku:
            draw_text(surface, tr("{yaku}: {n} han").format(yaku=yaku_words(name), n=han), (area.x, left_y), self.fs - 1)
            left_y += step
        for key in ("dora", "aka", "ura"):
            if getattr(won, key):
                draw_text(surface, tr("{yaku}: {n} han").format(yaku=yaku_words(key), n=getattr(won, key)),
                          (area.x, left_y), self.fs - 1)
                left_y += step
        lines = won.score.get("fu_lines", []) if isinstance(won.score, dict) else []
        for fu, reason in lines:
            draw_text(surface, f"{fu_words(str(reason))}: {fu}", (half, right_y), self.fs - 1, THEME["muted"])
            right_y += step
        counted = sum(int(fu) for fu, _ in lines)
        if lines and counted != won.fu:
            draw_text(surface, tr("{counted} fu, rounded up to {fu}").format(counted=counted, fu=won.fu),
                      (half, right_y), self.fs - 1, THEME["muted"])
            right_y += step
        total = tr("{han} han {fu} fu").format(han=won.han, fu=won.fu)
        if won.limit:
            total += "  " + limit_words(str(won.limit))
        if won.han >= FU_MATTERS_BELOW:
            total += "  " + tr("(the fu do not change a limit hand's points)")
        total += "  =  " + payment_words(self.problem.payment)
        draw_text(surface, total, (area.x, max(left_y, right_y) + 4), self.fs + 1, THEME["accent"], True)

    def draw_mistakes(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        p: MistakeProblem = self.problem
        pos = p.position
        seats = [s for s in pos.riichi_seats if s != pos.seat]
        y = self.draw_riichi_table(surface, area, pos, seats)
        marks = {}
        if self.answer is not None:
            marks = {k: THEME["good"] for k in p.best()}
            if not self.answer:
                marks[self.chosen] = THEME["furiten"]
        self.tiles(surface, area.x, y, self.hand_tiles(), self.tile_h, "tile", marks, self.cursor_index())
        y += self.tile_h + 12
        if self.answer is None:
            return
        y = self.verdict(surface, area.x, y, bool(self.answer))
        y = draw_text(surface, tr("In the game you threw {tile}.").format(tile=tile_words(p.chosen)), (area.x, y),
                      self.fs).bottom + 4
        for n, (kind, value) in enumerate(p.options, 1):
            y = draw_text(surface, tr("{n}. {tile}: about {value:,} points").format(n=n, tile=tile_words(kind),
                                                                                value=round(value)),
                          (area.x, y), self.fs - 1, THEME["good"] if kind in p.best() else THEME["text"]).bottom + 2
        if p.reason:
            for line in wrap(tr("Why: {reason}").format(reason=reason_words(p.reason, pos.seat, pos.dealer)),
                             self.fs - 1, area.w)[:2]:
                y = draw_text(surface, line, (area.x, y), self.fs - 1, THEME["muted"]).bottom
