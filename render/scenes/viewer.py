"""The replay viewer: a recorded game played again through the table, one step at a time.

Each hand is played through the engine when first shown (``game.logs.positions``) and every
position drawn by the same ``BoardPainter`` as live play, so it looks as the game did. The
player steps one action forward or back, jumps between hands (or picks one from the list of
hands and their results), plays and pauses at a chosen speed, shows every hand open or only the
bottom seat's view, and turns the table to any seat. Review (R) has the AI review the bottom seat's
choices; once reviewed, the player jumps between its mistakes (N, P) and the info panel tells, at each
reviewed choice, what was chosen, the AI's three best choices with their values and why.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.logs.positions import Position, hand_positions, play_on
from game.logs.record import HandResult, RecordedGame, RecordedHand, Step
from game.review import Decision
from game.table import IllegalAction
from game.tiles import kind_of
from render.canvas import Canvas, replay, widget_op
from render.i18n import C_, N_, join_list, number, series, tr
from render.input import Input
from render.layout import layout_for
from render.review_job import ReviewResult
from render.review_words import KIND_NAMES, SEVERITY_NAMES, decision_line, options_lines, reason_words, shares_words
from render.scenes import Scene
from render.setup import GameSetup
from render.table_view import Board, BoardPainter
from render.tileset import load_tileset
from render.widgets import THEME, Button, draw_panel, draw_text, fitted_size, font_for, text, ui_scale, wrap
from render.words import draw_words, round_label, tile_words, yaku_words

__all__ = ["ViewerScene", "SPEEDS", "shown_name", "step_words", "result_words"]

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Play speeds: steps per second at 1x is ``1 / STEP_S``."""
STEP_S = 0.8
RESULT_HOLD = 3.0
"""A hand's result stays this many step times before play goes on."""

STEP_WORDS = {
    "draw": N_("{name} draws {tile}"), "discard": N_("{name} discards {tile}"),
    "riichi": N_("{name} declares riichi, discarding {tile}"), "chi": N_("{name} calls chi on {tile}"),
    "pon": N_("{name} calls pon on {tile}"), "daiminkan": N_("{name} calls an open kan on {tile}"),
    "ankan": N_("{name} declares a closed kan of {tile}"), "shouminkan": N_("{name} adds {tile} to a pon"),
    "tsumo": N_("{name} wins by tsumo on {tile}"), "ron": N_("{name} wins by ron on {tile}"),
    "kyuushu": N_("{name} ends the hand: nine terminals and honours"),
}


def shown_name(name: str, seat: int) -> str:
    """A recorded player's name, or "Seat n" when it is empty or has letters the game's fonts cannot draw."""
    name = name.strip()
    face = font_for(name, 16)
    # a font may hold a blank glyph for a letter it cannot draw: no ink where a letter should be
    blank = any(m is None or (m[0] == m[1] == 0 and not ch.isspace()) for ch, m in zip(name, face.metrics(name)))
    if name and not blank:
        return name
    return tr("Seat {n}").format(n=seat + 1)


def step_words(step: Step, names: list[str]) -> str:
    """One recorded step as the viewer tells it ('East AI discards 5 circles')."""
    tile = step.tile if step.tile is not None else (step.tiles[0] if step.tiles else None)
    key = "riichi" if step.kind == "discard" and step.riichi else step.kind
    name = names[step.seat] if step.seat is not None else ""
    return tr(STEP_WORDS.get(key, N_("{name}: {tile}"))).format(
        name=name, tile=tile_words(kind_of(tile)) if tile is not None else "")


def result_words(result: HandResult, names: list[str]) -> list[str]:
    """A hand's result in lines: each win with its value and yaku, or the draw."""
    lines = []
    for win in result.wins:
        how = (tr("{name} wins by tsumo").format(name=names[win.who]) if win.tsumo else
               tr("{name} wins by ron from {other}").format(name=names[win.who], other=names[win.from_who]))
        value = (tr("{han} han {fu} fu, {points:,} points").format(han=win.han, fu=win.fu, points=win.points)
                 if win.fu is not None and not win.yakuman_count else
                 tr("{han} han, {points:,} points").format(han=win.han, points=win.points))
        lines.append(tr("{name}: {what}").format(name=how, what=value))
        yaku = [f"{yaku_words(name)} {han}" for name, han in win.yaku]
        extras = [(N_("Dora {n}"), win.dora), (N_("Red fives {n}"), win.aka), (N_("Ura dora {n}"), win.ura)]
        yaku += [tr(label).format(n=n) for label, n in extras if n]
        if yaku:
            lines.append(series(yaku))
    if result.draw:
        line = draw_words(result.draw)
        if result.tenpai is not None:
            tenpai = join_list([names[s] for s in result.tenpai]) or tr("nobody")
            line += "  " + tr("Tenpai: {names}").format(names=tenpai)
        lines.append(line)
    changes = [f"{names[s]} {number(d, '+,')}" for s, d in enumerate(result.deltas) if d]
    if changes:
        lines.append(series(changes))
    return lines


def hand_summary(hand: RecordedHand, names: list[str]) -> str:
    """One line of the list of hands: the round, honba and how it ended."""
    label = tr("{round}, {honba} honba").format(round=round_label(27 + min(hand.hand_index // 4, 3), hand.hand_index),
                                               honba=hand.honba)
    if not hand.result.wins and hand.result.draw is None:
        ends = tr("left unfinished")
    elif hand.result.wins:
        ends = series(
            (tr("{name} tsumo {points:,}") if w.tsumo else tr("{name} ron {points:,}")).format(
                name=names[w.who], points=w.points) for w in hand.result.wins)
    else:
        ends = draw_words(hand.result.draw or "")
    return f"{label}: {ends}"


class ViewerScene(Scene):
    """Watch a recorded game: ``record`` from any source, ``title`` shown at the top left; with ``review``
    (an AI review of it) the replay opens at decision number ``decision`` of it, from the reviewed seat."""

    def __init__(self, app: Any, record: RecordedGame, title: str = "", review: ReviewResult | None = None,
                 decision: int | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.title = title or record.game_id or record.source
        self.names = [shown_name(n, s) for s, n in enumerate(record.names)]
        self.painter = BoardPainter()
        self.tileset = load_tileset(app.pref("tile_set"))
        self.cache: dict[int, tuple[list[Position], str]] = {}
        self.hand = 0
        self.index = 0
        self.me = 0
        """The seat at the bottom of the table, whose view is shown."""
        self.open_all = True
        """Every hand face up (else only the bottom seat's)."""
        self.playing = False
        self.speed = 1
        """Index into ``SPEEDS``."""
        self.clock = 0.0
        self.show_hands = False
        """The list of hands is open."""
        self.hand_rows: list[pygame.Rect] = []
        self.notice = ""
        """Why the last request could not be done (shown in the top left panel)."""
        self.buttons: dict[str, Button] = {}
        self.side: dict[str, Button] = {}
        self.mouse = (0, 0)
        self.review: ReviewResult | None = None
        """The AI review of the seat ``review.review.seat``, once made."""
        self._build()
        self.resized(app.size)
        if review is not None:
            self.set_review(review)
            if decision is not None:
                self.show_decision(decision)

    # positions -----------------------------------------------------------------------------
    def positions(self, k: int) -> tuple[list[Position], str]:
        """Hand ``k``'s positions (played through the table the first time) and "" or why it stops early."""
        if k not in self.cache:
            self.cache[k] = hand_positions(self.record, k)
        return self.cache[k]

    @property
    def position(self) -> Position:
        return self.positions(self.hand)[0][self.index]

    @property
    def at_end(self) -> bool:
        return self.hand == len(self.record.hands) - 1 and self.index == len(self.positions(self.hand)[0]) - 1

    def step(self, delta: int) -> None:
        """One step forward (1) or back (-1), across the hands' borders."""
        self.notice = ""
        count = len(self.positions(self.hand)[0])
        i = self.index + delta
        if i >= count:
            if self.hand + 1 < len(self.record.hands):
                self.hand, i = self.hand + 1, 0
            else:
                i = count - 1
                self.playing = False
        elif i < 0:
            if self.hand > 0:
                self.hand -= 1
                i = len(self.positions(self.hand)[0]) - 1
            else:
                i = 0
        self.index = i

    # the review ------------------------------------------------------------------------------
    def start_review(self) -> None:
        """The AI review of the bottom seat: shown at once when made, else worked out (the window keeps drawing)."""
        self.playing = False
        if self.review is not None and self.review.review.seat == self.me:
            self.app.open("review_report", self.review, self.title, self.show_decision)
            return
        self.app.open("review", self.record, self.me, self.title, self.show_decision, self.set_review)

    def set_review(self, result: ReviewResult) -> None:
        """Keep a finished review (and the positions it played) for the jumps and the info panel."""
        self.review = result
        for k, shown in result.positions.items():
            self.cache.setdefault(k, shown)

    def show_decision(self, n: int) -> None:
        """The position of reviewed decision ``n``, from the reviewed seat."""
        if self.review is None or self.review.place_of(n) is None:
            return
        self.notice = ""
        self.playing = False
        self.show_hands = False
        self.me = self.review.review.seat
        self.hand, self.index = self.review.place_of(n)  # type: ignore[misc]

    def mistake_places(self) -> list[tuple[tuple[int, int], int]]:
        """(place, decision number) of every mistake, in the order of the game."""
        if self.review is None:
            return []
        return sorted((place, n) for n, (d, place) in enumerate(zip(self.review.review.decisions, self.review.places))
                      if d.severity == "mistake" and place is not None)

    def jump_mistake(self, delta: int) -> None:
        """The next (1) or previous (-1) mistake from the position shown."""
        here = (self.hand, self.index)
        found = self.mistake_places()
        ahead = [n for place, n in found if place > here] if delta > 0 else [n for place, n in found if place < here]
        if not ahead:
            self.notice = tr("No later mistake.") if delta > 0 else tr("No earlier mistake.")
            return
        self.show_decision(ahead[0] if delta > 0 else ahead[-1])

    def decision_here(self) -> Decision | None:
        """The reviewed decision at the position shown (from the reviewed seat), if any."""
        if self.review is None or self.me != self.review.review.seat:
            return None
        here = (self.hand, self.index)
        return next((d for d, place in zip(self.review.review.decisions, self.review.places) if place == here), None)

    def goto_hand(self, k: int, end: bool = False) -> None:
        """The deal of hand ``k`` (its result when ``end``), clamped to the record."""
        self.notice = ""
        self.hand = max(0, min(k, len(self.record.hands) - 1))
        self.index = len(self.positions(self.hand)[0]) - 1 if end else 0
        self.show_hands = False

    def to_start(self) -> None:
        self.goto_hand(0)

    def to_end(self) -> None:
        self.playing = False
        self.goto_hand(len(self.record.hands) - 1, end=True)

    def toggle_play(self) -> None:
        if self.at_end:
            self.to_start()
        self.playing = not self.playing
        self.clock = 0.0

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)

    def turn(self) -> None:
        """Turn the table: the next seat comes to the bottom."""
        self.me = (self.me + 1) % 4

    def toggle_open(self) -> None:
        self.open_all = not self.open_all

    def board(self) -> Board:
        """What the painter draws for the position shown."""
        views = self.position.views
        shown = None
        if self.open_all:
            shown = tuple(tuple(sorted(t for t in v.hand if t != v.drawn)) + ((v.drawn,) if v.drawn is not None else ())
                          for v in views)
        return Board(views[self.me], self.names, self.record.red_fives, self.me, open_hands=shown, ui=ui_scale(),
                     differences=self.comparing())

    def comparing(self) -> bool:
        """The pointer is on the centre panel: the seats' plates show points differences."""
        return layout_for(self.app.size, ui_scale()).center_rect.collidepoint(self.mouse)

    # widgets ----------------------------------------------------------------------------------
    def _build(self) -> None:
        b = Button
        self.buttons = {
            "start": b((0, 0, 1, 1), "|<", self.to_start, N_("The start of the game (Home)")),
            "prev_hand": b((0, 0, 1, 1), N_("<< Hand"), lambda: self.goto_hand(self.hand - 1),
                           N_("The previous hand (Up or Page Up)")),
            "back": b((0, 0, 1, 1), N_("< Step"), lambda: self.step(-1), N_("One action back (Left)")),
            "play": b((0, 0, 1, 1), C_("replay", "Play"), self.toggle_play, N_("Play or pause (Space)"), color=(60, 130, 80)),
            "forward": b((0, 0, 1, 1), N_("Step >"), lambda: self.step(1), N_("One action on (Right)")),
            "next_hand": b((0, 0, 1, 1), N_("Hand >>"), lambda: self.goto_hand(self.hand + 1),
                           N_("The next hand (Down or Page Down)")),
            "end": b((0, 0, 1, 1), ">|", self.to_end, N_("The end of the game (End)")),
            "speed": b((0, 0, 1, 1), "", self.faster, N_("Play speed")),
        }
        self.side = {
            "close": b((0, 0, 1, 1), N_("Close"), self.app.pop, N_("Back to the list of games (Esc)")),
            "hands": b((0, 0, 1, 1), N_("Hands"), self.toggle_hands, N_("The list of hands and their results")),
            "turn": b((0, 0, 1, 1), N_("Turn table"), self.turn, N_("Bring the next seat to the bottom")),
            "open": b((0, 0, 1, 1), "", self.toggle_open, N_("Show every hand, or only the bottom seat's")),
            "play_on": b((0, 0, 1, 1), N_("Play on"), self.play_on,
                         N_("Take the bottom seat from here and play on against the AI (the unseen wall reshuffled)"),
                         color=(60, 130, 80)),
            "review": b((0, 0, 1, 1), N_("Review"), self.start_review,
                        N_("The AI's review of the bottom seat's choices (R)"), intent="review"),
            "prev_mistake": b((0, 0, 1, 1), N_("< Mistake"), lambda: self.jump_mistake(-1),
                              N_("The previous mistake the review found (P)"), intent="previous_mistake"),
            "next_mistake": b((0, 0, 1, 1), N_("Mistake >"), lambda: self.jump_mistake(1),
                              N_("The next mistake the review found (N)"), intent="next_mistake"),
        }

    def play_on(self) -> None:
        """Take over the bottom seat at the shown position and play on against the AI."""
        pos = self.position
        if pos.result is not None:
            return
        seed = GameSetup.random_seed()
        try:
            game = play_on(self.record, pos.hand, pos.step, self.me, seed)
        except (IllegalAction, ValueError) as exc:
            self.notice = tr("Cannot play on from here: {problem}").format(problem=exc)
            return
        setup = GameSetup(rules=game.rules, seed=seed, player_name=self.names[self.me][:20])
        self.playing = False
        self.app.open("play_on", game, setup)

    def toggle_hands(self) -> None:
        self.show_hands = not self.show_hands

    def resized(self, size: tuple[int, int]) -> None:
        lay = layout_for(size, ui_scale())
        row = lay.buttons_rect
        left = lay.plate_rect.right + lay.margin
        order = ("start", "prev_hand", "back", "play", "forward", "next_hand", "end", "speed")
        gap = 8
        bw = min(120, (row.right - left - gap * (len(order) - 1)) // len(order))
        x = row.right - len(order) * bw - (len(order) - 1) * gap
        for name in order:
            self.buttons[name].rect = pygame.Rect(x, row.y, bw, row.h)
            x += bw + gap
        # two rows of two in the top right corner, clear of the right seat's hand
        sw, sh = max(120, size[0] // 11), max(28, lay.button_h * 3 // 4)
        for n, name in enumerate(("hands", "close", "turn", "open")):
            x = size[0] - lay.margin - (2 - n % 2) * sw - (6 if n % 2 == 0 else 0)
            self.side[name].rect = pygame.Rect(x, lay.margin + (n // 2) * (sh + 6), sw, sh)
        x0, y3 = size[0] - lay.margin - 2 * sw - 6, lay.margin + 2 * (sh + 6)
        self.side["play_on"].rect = pygame.Rect(x0, y3, sw, sh)
        self.side["review"].rect = pygame.Rect(x0 + sw + 6, y3, sw, sh)
        # the mistake jumps below, at the right
        x0 = size[0] - lay.margin - 2 * sw - 6
        self.side["prev_mistake"].rect = pygame.Rect(x0, y3 + sh + 6, sw, sh)
        self.side["next_mistake"].rect = pygame.Rect(x0 + sw + 6, y3 + sh + 6, sw, sh)
        self.painter.key = None

    def _relabel(self) -> None:
        self.buttons["play"].label = N_("Pause") if self.playing else C_("replay", "Play")
        self.buttons["speed"].label = f"x{SPEEDS[self.speed]:g}"
        self.side["open"].label = N_("Only this seat") if self.open_all else N_("Show all hands")
        self.buttons["start"].enabled = self.buttons["back"].enabled = self.hand > 0 or self.index > 0
        self.buttons["prev_hand"].enabled = self.hand > 0
        self.buttons["next_hand"].enabled = self.hand + 1 < len(self.record.hands)
        self.buttons["forward"].enabled = self.buttons["end"].enabled = not self.at_end
        self.side["play_on"].enabled = self.position.result is None
        reviewed = self.review is not None and self.review.review.seat == self.me
        self.side["review"].label = N_("Review report") if reviewed else N_("Review")
        self.side["prev_mistake"].enabled = self.side["next_mistake"].enabled = bool(self.mistake_places())

    # input --------------------------------------------------------------------------------------
    KEYS = {"left": "back", "right": "forward", "up": "prev_hand", "page_up": "prev_hand", "down": "next_hand",
            "page_down": "next_hand", "first": "start", "last": "end", "pass": "play"}

    def handle(self, ev: Input) -> None:
        self._handle(ev)
        self._relabel()

    def _handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.mouse = ev.pos
        if ev.kind == "key" and ev.intent == "back":
            if self.show_hands:
                self.show_hands = False
            else:
                self.app.pop()
            return
        if ev.kind == "key" and ev.intent in self.KEYS:
            self.buttons[self.KEYS[ev.intent]].click()
            return
        if ev.kind == "key" and ev.intent in ("help", "settings"):
            (self.open_help if ev.intent == "help" else self.open_settings)()
            return
        if self.show_hands and ev.kind == "press" and ev.intent == "choose":
            for k, rect in enumerate(self.hand_rows):
                if rect.collidepoint(ev.pos):
                    self.goto_hand(k)
                    return
        if ev.kind == "wheel":
            if not self.show_hands:  # the wheel steps: away from you is back, towards you is on
                self.step(-1 if ev.dy > 0 else 1)
            return
        for button in [*self.shown_side(), *self.buttons.values()]:
            if button.handle(ev):
                return
        if self.show_hands and ev.kind == "press":
            self.show_hands = False

    def shown_side(self) -> list[Button]:
        """The buttons at the top right: the mistake jumps only once there is a review."""
        hidden = () if self.review is not None else ("prev_mistake", "next_mistake")
        return [b for name, b in self.side.items() if name not in hidden]

    def update(self, dt: float) -> None:
        self._relabel()
        if not self.playing:
            return
        self.clock += dt * SPEEDS[self.speed]
        wait = STEP_S * (RESULT_HOLD if self.position.result is not None else 1)
        if self.clock >= wait:
            self.clock = 0.0
            self.step(1)

    def prefs_changed(self, prefs: Any) -> None:
        self.tileset = load_tileset(self.app.pref("tile_set"))
        self.painter.key = None

    # drawing ------------------------------------------------------------------------------------
    def frame_state(self) -> Any:
        """What the window shows: redrawn only when it changes (a paused replay costs nothing)."""
        widgets = tuple((b.label, b.hover, b.enabled, tuple(b.rect)) for b in [*self.buttons.values(), *self.shown_side()])
        return (self.hand, self.index, self.me, self.open_all, self.show_hands, self.notice, id(self.tileset), widgets,
                id(self.review), self.comparing())

    def draw(self, surface: pygame.Surface) -> None:
        self._relabel()
        size = surface.get_size()
        lay = layout_for(size, ui_scale())
        cv = Canvas()
        cv.extend(self.painter.paint(size, self.board(), self.tileset))
        for button in [*self.buttons.values(), *self.shown_side()]:
            widget_op(cv, button)
        replay(surface, cv.ops)
        self._draw_info(surface, lay)
        decision = self.decision_here()
        if decision is not None:
            self._draw_review(surface, lay, decision)
        if self.position.result is not None:
            self._draw_result(surface, lay, self.position.result)
        if self.show_hands:
            self._draw_hands(surface)

    def _draw_info(self, surface: pygame.Surface, lay: Any) -> None:
        """Top left: the record, the hand and step, the last action (and why a hand stops early)."""
        positions, problem = self.positions(self.hand)
        pos = self.position
        rec = self.record.hands[self.hand]
        small = max(14, lay.opp_h * 2 // 5)
        lines = [(self.title, THEME["accent"], True),
                 (tr("Hand {n} of {total}: {round}, {honba} honba").format(
                     n=self.hand + 1, total=len(self.record.hands), honba=rec.honba,
                     round=round_label(27 + min(rec.hand_index // 4, 3), rec.hand_index)), THEME["text"], False),
                 (tr("Step {n} of {total}").format(n=self.index, total=len(positions) - 1), THEME["muted"], False)]
        if pos.last is not None:
            lines.append((step_words(pos.last, self.names), THEME["text"], True))
        elif pos.result is not None:
            lines.append((tr("The hand is over"), THEME["text"], True))
        else:
            lines.append((tr("The deal"), THEME["text"], True))
        if self.notice:
            lines.append((self.notice, THEME["furiten"], False))
        if self.index == len(positions) - 1 and not rec.result.wins and rec.result.draw is None:
            lines.append((tr("The game was left here."), THEME["muted"], False))
        if problem and self.index == len(positions) - 1:
            lines.append((tr("The table could not follow the record further: {problem}").format(problem=problem),
                          THEME["furiten"], False))
        width = max(260, min(lay.width // 4, lay.width - 2 * lay.margin))
        box = pygame.Rect(lay.margin, lay.margin, width, len(lines) * (small + 8) + 12)
        draw_panel(surface, box, (20, 30, 36), THEME["panel_edge"], 8)
        y = box.y + 8 + small // 2
        for line, color, bold in lines:
            draw_text(surface, line, (box.x + 10, y), fitted_size(line, small, box.w - 20, bold), color, bold, "midleft")
            y += small + 8

    def _review_lines(self, d: Decision, size: int, width: int) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The review of the decision shown: its verdict, what was chosen, the AI's best three and why."""
        color = {"agree": THEME["good"], "slip": THEME["text"], "mistake": THEME["furiten"]}.get(d.severity, THEME["muted"])
        head = tr("AI review: {severity} ({kind})").format(severity=tr(SEVERITY_NAMES[d.severity]),
                                                           kind=tr(KIND_NAMES.get(d.kind, d.kind)))
        parts = [(head, color, True), (decision_line(d), THEME["text"], False),
                 (tr("The AI's best choices:"), THEME["muted"], False)]
        parts += [(line, THEME["muted"], False) for line in options_lines(d)]
        if d.reason:
            parts.append((tr("Why: {reason}").format(reason=reason_words(d.reason, self.me, d.hand_index)),
                          THEME["text"], False))
        houou = shares_words(d.shares)
        if houou:
            parts.append((houou, THEME["muted"], False))
        return [(line, shade, bold) for words, shade, bold in parts for line in wrap(words, size, width, bold)]

    def _draw_review(self, surface: pygame.Surface, lay: Any, d: Decision) -> None:
        """The review of the decision shown, at the right between the right seat's pond and its hand."""
        small = max(13, lay.opp_h * 2 // 5)
        panel = lay.side_panel
        top = max(b.rect.bottom for b in self.shown_side()) + lay.margin
        box = pygame.Rect(panel.x, top, panel.w, 0)
        lines = self._review_lines(d, small, box.w - 20)
        box.h = min(lay.buttons_rect.top - lay.margin - top, len(lines) * (small + 6) + 14)
        draw_panel(surface, box, (20, 30, 36), THEME["panel_edge"], 8)
        y = box.y + 7 + small // 2
        for line, color, bold in lines:
            if y > box.bottom - small // 2:
                break
            draw_text(surface, line, (box.x + 10, y), small, color, bold, "midleft")
            y += small + 6

    def _draw_result(self, surface: pygame.Surface, lay: Any, result: HandResult) -> None:
        """The recorded result over the middle of the table."""
        lines = result_words(result, self.names)
        if not lines:
            return
        size = max(15, lay.opp_h // 2)
        width = min(lay.width - 2 * lay.margin, max(text(ln, size, THEME["text"], True).get_width() for ln in lines) + 40)
        box = pygame.Rect(0, 0, width, len(lines) * (size + 10) + 20)
        box.center = lay.center  # over the middle of the table, the ponds showing through
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((20, 24, 32, 228))
        surface.blit(veil, box)
        pygame.draw.rect(surface, THEME["accent"], box, width=2, border_radius=10)
        y = box.y + 10 + size // 2
        for n, line in enumerate(lines):
            color = THEME["accent"] if n == 0 else THEME["text"]
            draw_text(surface, line, (box.centerx, y), fitted_size(line, size, box.w - 20, n == 0), color, n == 0,
                      "center")
            y += size + 10

    def _draw_hands(self, surface: pygame.Surface) -> None:
        """The list of hands with their results; the one shown is marked."""
        w, h = surface.get_size()
        hands = self.record.hands
        row = max(26, min(38, (h - 160) // max(1, len(hands))))
        size = max(13, row * 11 // 20)
        box = pygame.Rect(0, 0, min(w - 80, max(520, w // 2)), row * len(hands) + 70)
        box.center = (w // 2, h // 2)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        draw_panel(surface, box)
        draw_text(surface, tr("Hands"), (box.centerx, box.y + 26), size + 6, THEME["accent"], True, "center")
        self.hand_rows = []
        y = box.y + 52
        for k, hand in enumerate(hands):
            rect = pygame.Rect(box.x + 10, y, box.w - 20, row - 2)
            self.hand_rows.append(rect)
            if k == self.hand:
                pygame.draw.rect(surface, (52, 78, 104), rect, border_radius=5)
            line = hand_summary(hand, self.names)
            if self.cache.get(k, ([], ""))[1]:
                line += "  " + tr("(not followed to the end)")
            draw_text(surface, line, (rect.x + 10, rect.centery), fitted_size(line, size, rect.w - 20), THEME["text"],
                      False, "midleft")
            y += row
