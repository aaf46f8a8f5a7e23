"""The Games screen: the kept games, newest first, to watch again, export or delete; and any record file
(mjlog XML, tenhou.net/6 JSON, mjai lines) opened from a path, a dropped file or ``main.py open FILE``.
The kept games are listed in the background (``render.background``): a folder of thousands of games
is read while the screen goes on drawing."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.logs.export_mjai import write_mjai
from game.logs.export_tenhou6 import write_tenhou6
from game.logs.positions import undealable
from game.logs.record import LogFormatError, RecordedGame, problem
from render.background import Background
from render.i18n import N_, number, series, tr
from render.input import Input
from render.scenes import Scene
from render.setup import PLAYER_SEAT
from render.widgets import THEME, Button, TextField, draw_panel, draw_text, fitted_size
from store.games import GameShelf, KeptGame
from store.paths import data_dir
from store.records import read_any, record_of_kawa_game

__all__ = ["GamesScene", "open_record", "short_name"]

PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}


MAX_MESSAGE = 400
"""A longer message after the file's name (a reader quoting a huge line) is cut: the screen shows a few lines."""


def kept_games(folder: Path) -> tuple[list[KeptGame], list[str]]:
    """The kept games in ``folder``, newest first, and what was wrong with the files set aside (on the
    listing's thread)."""
    shelf = GameShelf(folder)
    return shelf.list(), shelf.problems


def open_record(path: Path) -> tuple[RecordedGame | None, str]:
    """A record file read by its contents, or None and what is wrong with it (never raises)."""
    try:
        record = read_any(path)
    except LogFormatError as exc:
        why, name = str(exc), str(path)
        start = len(name) if why.startswith(name) else 0  # the file's name is kept whole
        return None, why if len(why) - start <= MAX_MESSAGE else why[:start + MAX_MESSAGE - 1] + "…"
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError, StopIteration) as exc:
        return None, f"{path}: {problem(exc)}"
    if not record.hands:
        return None, f"{path}: the record holds no finished hand"
    why = undealable(record)
    if why:
        return None, f"{path}: {why}"
    return record, ""


def short_name(path: Path, width: int = 60) -> str:
    """A file's name as a message shows it: the name alone, its middle cut when it is very long.

    >>> short_name(Path("/a/b/game.xml")), short_name(Path("x" * 30 + "y" * 40), 20)
    ('game.xml', 'xxxxxxxxxxxxx…yyyyyy')
    """
    name = path.name or str(path)
    if len(name) <= width:
        return name
    tail = width // 3
    return name[:width - tail - 1] + "…" + name[-tail:]


class GamesScene(Scene):
    """The list of kept games and the path box; ``path`` (a dropped file, ``main.py open``) is opened at once."""

    def __init__(self, app: Any, path: str | Path | list[str] | None = None) -> None:
        super().__init__(app)
        self.shelf = GameShelf()
        self.games: list[KeptGame] = []
        self._listing: Background[tuple[list[KeptGame], list[str]]] | None = None
        self.selected = 0
        self.scroll = 0
        self.notice = ""
        self.error = ""
        self.confirming = False
        self.replace_asked: tuple[Path, Path] | None = None
        """The game and folder of an export that would replace files, asked about once."""
        self.path_box = TextField((0, 0, 10, 10), N_("Record file"), "", max_len=400,
                                  tooltip=N_("A Tenhou mjlog XML, tenhou.net/6 JSON or mjai file; or drop it on the window"))
        self.buttons: dict[str, Button] = {
            "open": Button((0, 0, 10, 10), N_("Watch"), self.open_selected, N_("Replay the chosen game"),
                           color=(60, 130, 80), intent="confirm"),
            "review": Button((0, 0, 10, 10), N_("Review"), self.review_selected,
                             N_("The AI's review of your choices in the chosen game (R)"), intent="review"),
            "export": Button((0, 0, 10, 10), N_("Export"), self.export_selected,
                             N_("Write the chosen game as tenhou.net/6 JSON and mjai (to the folder in the box, "
                                "or the exports folder)")),
            "delete": Button((0, 0, 10, 10), N_("Delete"), self.ask_delete, N_("Delete the chosen game (asks first)"),
                             color=(150, 70, 60)),
            "back": Button((0, 0, 10, 10), N_("Back"), self.back, intent="back"),
            "file": Button((0, 0, 10, 10), N_("Open file"), self.open_typed, N_("Replay the record file named in the box")),
            "yes": Button((0, 0, 10, 10), N_("Delete"), self.delete_selected, color=THEME["danger"]),
            "no": Button((0, 0, 10, 10), N_("Keep"), self.cancel_delete),
        }
        self.rows: list[pygame.Rect] = []
        self.pending = [Path(p) for p in path] if isinstance(path, list) else [Path(path)] if path is not None else []
        """Files to open as soon as the screen is shown (several when they were dropped together)."""
        self.refresh()
        self.resized(app.size)

    def enter(self) -> None:
        if self.pending:
            paths, self.pending = self.pending, []
            self.open_paths(paths)

    def back(self) -> None:
        """Back to the screen below, or to the title when the window opened here (``main.py open``)."""
        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.goto("title")

    # the list -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """List the kept games again, in the background; the list shown stays until the new one is read."""
        self._listing = Background(partial(kept_games, self.shelf.folder), "kawa-games").start()

    @property
    def listing(self) -> bool:
        """The kept games are being read."""
        return self._listing is not None

    def wait_listed(self, timeout: float = 30.0) -> None:
        """Block until the kept games are listed (for tests and the screenshot command)."""
        if self._listing is not None:
            self._listing.wait(timeout)
        self.update(0.0)

    def update(self, dt: float) -> None:
        job = self._listing
        if job is None or not job.done:
            return
        self._listing = None
        if job.result is None:  # not met: a file that cannot be read is set aside and named by the listing
            self.error = str(job.error)
            return
        self.games, problems = job.result
        self.selected = min(self.selected, max(0, len(self.games) - 1))
        self.scroll = min(self.scroll, max(0, len(self.games) - 1))
        if problems:  # said before what the screen says already (a dropped file that cannot be opened)
            self.error = "\n".join([*problems, *(line for line in self.error.splitlines() if line not in problems)])

    def resume(self) -> None:
        self.refresh()

    @property
    def chosen(self) -> KeptGame | None:
        return self.games[self.selected] if 0 <= self.selected < len(self.games) else None

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.panel = pygame.Rect(w // 12, h // 7, w * 5 // 6, h * 11 // 20)
        self.row_h = max(30, h // 24)
        bh, bw = max(38, h // 18), max(120, w // 9)  # four buttons and the two of a question fit at 1024
        y = self.panel.bottom + 14
        x = self.panel.x
        for name in ("open", "review", "export", "delete"):
            self.buttons[name].rect = pygame.Rect(x, y, bw, bh)
            x += bw + 12
        self.buttons["back"].rect = pygame.Rect(self.panel.right - bw, y, bw, bh)
        self.buttons["yes"].rect = pygame.Rect(self.panel.right - 2 * bw - 12, y, bw, bh)
        self.buttons["no"].rect = pygame.Rect(self.panel.right - bw, y, bw, bh)
        y += bh + 16
        self.path_box.rect = pygame.Rect(self.panel.x, y, self.panel.w - bw - 12, bh)
        self.path_box.label_width = max(150, w // 9)
        self.buttons["file"].rect = pygame.Rect(self.panel.right - bw, y, bw, bh)

    def visible_rows(self) -> int:
        return max(1, (self.panel.h - 2 * self.row_h) // self.row_h)

    def _scroll_to(self, index: int) -> None:
        self.selected = max(0, min(index, len(self.games) - 1))
        n = self.visible_rows()
        self.scroll = min(max(self.scroll, self.selected - n + 1), self.selected)

    # actions ------------------------------------------------------------------------------
    def _chosen_record(self) -> tuple[KeptGame, RecordedGame] | None:
        """The chosen kept game and its record played again, or None with the reason shown."""
        game = self.chosen
        if game is None:
            self.error = tr("No kept game is chosen.")
            return None
        try:
            record = record_of_kawa_game(self.shelf.record(game), game.path, tuple(game.names), unfinished=True)
        except (OSError, ValueError) as exc:
            self.error = tr("This game cannot be replayed: {problem}").format(problem=problem(exc))
            return None
        if not record.hands:
            self.error = tr("This game was left before its first deal: there is nothing to replay.")
            return None
        self.error = ""
        return game, record

    def open_selected(self) -> None:
        chosen = self._chosen_record()
        if chosen is not None:
            self.app.open("viewer", chosen[1], self._title(chosen[0]))

    def review_selected(self) -> None:
        """Review the player's choices in the chosen game (the player sits at seat 0 of every kept game)."""
        chosen = self._chosen_record()
        if chosen is not None:
            self.app.open("review", chosen[1], PLAYER_SEAT, self._title(chosen[0]))

    def open_typed(self) -> None:
        value = self.path_box.value.strip()
        if not value:
            self.error = tr("Type the path of a record file in the box, or drop the file on the window.")
            return
        try:
            path = Path(value).expanduser()
        except RuntimeError:  # "~someone/..." where that user's home cannot be found
            path = Path(value)
        self.open_path(path)

    def open_path(self, path: Path) -> None:
        """Open any record file in the viewer; what is wrong with it is shown here."""
        self.open_paths([path])

    def open_paths(self, paths: list[Path]) -> None:
        """Open the first of ``paths`` that is a record in the viewer; what is wrong with each other one is
        shown here (and the first such message on the viewer too)."""
        self.path_box.value = str(paths[0]) if len(paths) == 1 else ""
        problems: list[str] = []
        opened: tuple[RecordedGame, Path] | None = None
        for path in paths:
            record, why = open_record(path)
            if record is None:
                why = why.replace(str(path), short_name(path)) if str(path) else why
                problems.append(tr("This file cannot be opened: {problem}").format(problem=why))
            elif opened is None:
                opened = record, path
            else:
                problems.append(tr("This file cannot be opened: {problem}").format(
                    problem=f"{short_name(path)}: another record dropped with it is shown (one at a time)"))
        self.error = "\n".join(problems)
        if opened is not None:
            viewer = self.app.open("viewer", opened[0], opened[1].name)
            if problems:
                viewer.notice = problems[0]

    def dropped(self, path: str) -> None:
        self.open_path(Path(path))

    def dropped_files(self, paths: list[str]) -> None:
        self.open_paths([Path(p) for p in paths])

    def export_selected(self) -> None:
        game = self.chosen
        if game is None:
            self.error = tr("No kept game is chosen.")
            return
        typed = Path(self.path_box.value.strip()).expanduser() if self.path_box.value.strip() else None
        folder = typed if typed is not None and typed.is_dir() else data_dir() / "exports"
        if self.shelf.holds(folder):
            self.error = tr("Not exported: {folder} is where the kept games live; choose another folder.").format(
                folder=folder)
            return
        stem = game.path.stem
        targets = [folder / f"{stem}.json", folder / f"{stem}.mjson"]
        there = [t.name for t in targets if t.exists()]
        if there and self.replace_asked != (game.path, folder):
            self.replace_asked = (game.path, folder)
            self.error = tr("{names} already in {folder}: press Export again to replace, or type another folder."
                            ).format(names=", ".join(there), folder=folder)
            return
        self.replace_asked = None
        try:
            record = record_of_kawa_game(self.shelf.record(game), game.path, tuple(game.names))
            folder.mkdir(parents=True, exist_ok=True)
            write_tenhou6(record, targets[0])
            write_mjai(record, targets[1])
        except (OSError, ValueError) as exc:
            self.error = tr("Not exported: {problem}").format(problem=problem(exc))
            return
        self.error = ""
        self.notice = tr("Exported to {folder}: {name}.json (tenhou.net/6) and {name}.mjson (mjai)").format(
            folder=folder, name=game.path.stem)

    def ask_delete(self) -> None:
        if self.chosen is not None:
            self.confirming = True

    def cancel_delete(self) -> None:
        self.confirming = False

    def delete_selected(self) -> None:
        game = self.chosen
        self.confirming = False
        if game is None:
            return
        why = self.shelf.delete(game)
        self.error = why
        self.notice = "" if why else tr("Deleted the game of {date}.").format(date=self._date(game))
        if not why:
            self.games = [g for g in self.games if g is not game]
            self.selected = min(self.selected, max(0, len(self.games) - 1))
        self.refresh()

    # input --------------------------------------------------------------------------------
    def handle(self, ev: Input) -> None:
        if self.path_box.handle(ev):
            return
        if self.confirming:
            if ev.intent == "back":
                self.cancel_delete()
                return
            for name in ("yes", "no"):
                if self.buttons[name].handle(ev):
                    return
            return
        if ev.kind == "key" and ev.intent in ("up", "down", "page_up", "page_down", "first", "last") and self.games:
            step = {"up": -1, "down": 1, "page_up": -self.visible_rows(), "page_down": self.visible_rows(),
                    "first": -len(self.games), "last": len(self.games)}[ev.intent]
            self._scroll_to(self.selected + step)
            return
        if ev.kind == "wheel":
            top = max(0, len(self.games) - self.visible_rows())
            self.scroll = max(0, min(top, self.scroll - ev.dy))
            return
        if ev.kind == "press" and ev.intent == "choose":
            for i, rect in enumerate(self.rows):
                if rect.collidepoint(ev.pos):
                    self.selected = self.scroll + i
                    return
        for name in ("open", "review", "export", "delete", "back", "file"):
            if self.buttons[name].handle(ev):
                return

    # drawing ------------------------------------------------------------------------------
    @staticmethod
    def _date(game: KeptGame) -> str:
        return game.date.replace("T", " ").removesuffix("Z")[:16]

    def _title(self, game: KeptGame) -> str:
        return tr("{date}, {rules} rules").format(date=self._date(game), rules=str(game.header.get("rules", "")).upper())

    def _columns(self) -> list[tuple[str, int]]:
        x, w = self.panel.x + 16, self.panel.w - 32
        return [(N_("Date"), x), (N_("Rules"), x + w * 18 // 100), (N_("Opponents"), x + w * 30 // 100),
                (N_("Place"), x + w * 66 // 100), (N_("Points"), x + w * 76 // 100), (N_("Game"), x + w * 87 // 100)]

    def _cells(self, game: KeptGame) -> list[str]:
        names, scores = game.names, game.scores
        place = game.header.get("placement")
        mine = number(scores[0]) if scores else ""
        state = tr("finished") if game.header.get("finished") else tr("left")
        if game.header.get("demo"):
            state = tr("{state}, demo").format(state=state)
        return [self._date(game), str(game.header.get("rules", "")).upper(), series(names[1:]),
                tr(PLACES[place]) if place in PLACES else "", mine, state]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(THEME["felt_dark"])
        draw_text(surface, tr("Games"), (w // 2, h // 14), max(30, h // 18), THEME["accent"], True, "center")
        draw_panel(surface, self.panel)
        size = max(14, self.row_h * 9 // 20)
        columns = self._columns()
        head_y = self.panel.y + self.row_h // 2 + 4
        for label, x in columns:
            draw_text(surface, tr(label), (x, head_y), size, THEME["muted"], True, "midleft")
        self.rows = []
        y = self.panel.y + self.row_h + 8
        if not self.games:
            empty = tr("Reading the kept games\u2026") if self.listing else tr(
                "No kept games yet: every game you play is kept here when it ends or you leave it.")
            draw_text(surface, empty, (self.panel.centerx, self.panel.centery), size, THEME["muted"], False, "center")
        for i, game in enumerate(self.games[self.scroll:self.scroll + self.visible_rows()]):
            rect = pygame.Rect(self.panel.x + 6, y, self.panel.w - 12, self.row_h - 2)
            self.rows.append(rect)
            if self.scroll + i == self.selected:
                pygame.draw.rect(surface, (52, 78, 104), rect, border_radius=5)
                pygame.draw.rect(surface, THEME["accent"], rect, width=2, border_radius=5)
            for (_, x), cell, nxt in zip(columns, self._cells(game), [c[1] for c in columns[1:]] + [self.panel.right - 8]):
                cell_size = fitted_size(cell, size, nxt - x - 10)
                draw_text(surface, cell, (x, rect.centery), cell_size, THEME["text"], False, "midleft")
            y += self.row_h
        if len(self.games) > self.visible_rows():
            shown = tr("{first}-{last} of {n}").format(first=self.scroll + 1, n=len(self.games),
                                                          last=min(len(self.games), self.scroll + self.visible_rows()))
            draw_text(surface, shown, (self.panel.right - 12, self.panel.bottom - 14), 14, THEME["muted"], False,
                      "midright")
        names = ("open", "review", "export", "delete") + (("yes", "no") if self.confirming else ("back",))
        for name in names:
            self.buttons[name].draw(surface)
        self.path_box.draw(surface)
        self.buttons["file"].draw(surface)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.confirming and self.chosen is not None:
            lines.append((tr("Delete the game of {date}? It cannot be brought back.").format(
                date=self._date(self.chosen)), THEME["accent"]))
        lines += [(line, THEME["furiten"]) for line in self.error.splitlines() if line]
        if self.notice and not self.error:
            lines.append((self.notice, THEME["good"]))
        if not lines:
            lines.append((tr("Or drop a record file on the window: Tenhou mjlog XML, tenhou.net/6 JSON or mjai lines."),
                          THEME["muted"]))
        y = self.path_box.rect.bottom + 22
        for line, color in lines[:4]:
            draw_text(surface, line, (w // 2, y), fitted_size(line, 16, w - 40), color, False, "center")
            y += 22
