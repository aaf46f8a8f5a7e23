"""A record played through the table one step at a time: every position a viewer can show.

Each recorded hand is dealt from its own wall (``replay.wall_of``) on a fresh ``Game`` under the
record's rules, started at the hand's recorded position, and its steps go through
``Game.apply`` as ``replay.replay_game`` plays them. After the deal and after each step the
four seats' views are kept; a hand's last position holds its recorded result. A hand the table
cannot follow keeps the positions up to the step that failed and notes why.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from game.logs.record import HandResult, RecordedGame, RecordedHand, Step
from game.logs.replay import RecordMismatch, answer_offers, play_step, wall_of
from game.table import Action, Game, IllegalAction, Wall
from game.table.view import SeatView

__all__ = ["Position", "HandPositions", "hand_positions", "positions_of", "turned", "play_on", "undealable"]


@dataclass(frozen=True)
class Position:
    """One moment of a recorded game: the four seats' views after ``step`` steps of hand ``hand``."""

    hand: int
    """Index into the record's hands."""
    step: int
    """How many of the hand's recorded steps have been played (0: the deal)."""
    views: tuple[SeatView, SeatView, SeatView, SeatView]
    last: Step | None = None
    """The step that led here (None at the deal and at the result)."""
    result: HandResult | None = None
    """The hand's recorded result, on its last position only."""


@dataclass
class HandPositions:
    """The positions of one hand and, when the table could not follow the record, why."""

    hand: RecordedHand
    first: int
    """Index of the hand's first position in the whole list."""
    count: int = 0
    problem: str = ""


def _views(game: Game) -> tuple[SeatView, SeatView, SeatView, SeatView]:
    return game.view(0), game.view(1), game.view(2), game.view(3)


def _apply(game: Game, steps: tuple[Step, ...], i: int) -> int:
    """Play step ``i`` (all of a multiple ron at once); the index of the next step."""
    if steps[i].kind == "dora":
        return i + 1
    return play_step(game, steps, i)


def _drawn_already(game: Game, steps: tuple[Step, ...], i: int) -> int:
    """Past the recorded draws the table has made by itself (the deal's first draw, the draw after a
    discard no one may call): one position shows the discard and the next seat's draw together."""
    while game.phase != "calls" and game.hand is not None:
        j = i
        while j < len(steps) and steps[j].kind == "dora":  # a kan's indicator, turned by the table too
            j += 1
        if j == len(steps) or steps[j].kind != "draw":
            return i
        if game.hand.current != steps[j].seat or game.hand.seats[steps[j].seat].drawn != steps[j].tile:
            return i
        i = j + 1
    return i


def _finish(game: Game, rec: RecordedHand) -> None:
    """End a hand whose steps are all played (the last calls passed, the tenpai declared)."""
    answers: dict[int, Action] = {}
    if rec.result.draw == "sanchahou" and game.phase == "calls":
        tile = game.hand.pending.tile  # type: ignore[union-attr]
        answers = {s: Action("ron", tile) for s in game.waiting_seats()
                   if any(a.type == "ron" for a in game.legal_actions(s))}
    answer_offers(game, answers)
    if game.phase == "tenpai":
        for seat in list(game.waiting_seats()):
            declare = rec.result.tenpai is None or seat in rec.result.tenpai
            game.apply(seat, Action("tenpai" if declare else "noten"))


def _dealt(record: RecordedGame, rec: RecordedHand) -> Game:
    """A table at the start of a recorded hand, dealt from the hand's own wall (ValueError when it cannot be)."""
    pending = [wall_of(rec)]

    def walls(hand_index: int, honba: int) -> Wall:
        """The recorded wall for this hand; any hand the table starts after it is never shown."""
        return pending.pop() if pending else Wall.from_seed(0, hand_index, honba)

    start: dict[str, Any] = {"hand_index": rec.hand_index, "honba": rec.honba, "sticks": rec.sticks,
                             "scores": list(rec.scores)}
    return Game(record.rules(), 0, walls, start)


def undealable(record: RecordedGame) -> str:
    """"" when the table can deal every hand of the record, else which hand cannot be dealt and why."""
    for k, rec in enumerate(record.hands):
        try:
            _dealt(record, rec)
        except (ValueError, IndexError, TypeError, KeyError) as exc:
            return f"hand {k + 1} cannot be dealt: {exc}"
    return ""


def _hand_positions(record: RecordedGame, k: int, rec: RecordedHand, out: list[Position]) -> str:
    """Append hand ``k``'s positions to ``out`` (at least the deal: see ``undealable``); "" or why the
    table could not follow it."""
    game = _dealt(record, rec)
    steps = rec.steps
    i = _drawn_already(game, steps, 0)
    views = _views(game)
    out.append(Position(k, i, views))
    try:
        while i < len(steps):
            if steps[i].kind == "dora":  # the table turns the indicator itself
                i += 1
                continue
            step = steps[i]
            i = _apply(game, steps, i)
            if game.hand_results:
                break
            i = _drawn_already(game, steps, i)
            views = _views(game)
            out.append(Position(k, i, views, step))
        if not rec.result.wins and rec.result.draw is None:
            return ""  # a hand left unfinished: shown as far as it went
        if not game.hand_results:
            _finish(game, rec)
        if not game.hand_results:
            return f"the record's hand is over but the table waits in phase {game.phase}"
    except (RecordMismatch, IllegalAction, ValueError, IndexError, TypeError) as exc:
        return str(exc) or type(exc).__name__
    out.append(Position(k, len(steps), views, None, rec.result))
    return ""


def hand_positions(record: RecordedGame, k: int) -> tuple[list[Position], str]:
    """The positions of hand ``k`` alone (a viewer plays a hand when it is first shown), and "" or why
    the table could not follow it to the end."""
    out: list[Position] = []
    problem = _hand_positions(record, k, record.hands[k], out)
    return out, problem


def positions_of(record: RecordedGame) -> tuple[list[Position], list[HandPositions]]:
    """Every position of the record in order, and each hand's span of them."""
    out: list[Position] = []
    spans: list[HandPositions] = []
    for k, rec in enumerate(record.hands):
        span = HandPositions(rec, len(out))
        span.problem = _hand_positions(record, k, rec, out)
        span.count = len(out) - span.first
        spans.append(span)
    return out, spans


def turned(hand: RecordedHand, seat: int) -> RecordedHand:
    """The hand with every seat renumbered so that ``seat`` becomes seat 0 (the round and dealer kept)."""
    def to(s: int | None) -> int | None:
        return None if s is None else (s - seat) % 4

    def rot(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[(s + seat) % 4] for s in range(4))
    steps = tuple(replace(st, seat=to(st.seat), from_seat=to(st.from_seat)) for st in hand.steps)
    return replace(hand, hand_index=hand.hand_index // 4 * 4 + (hand.dealer - seat) % 4, scores=rot(hand.scores),
                   haipai=rot(hand.haipai), steps=steps, result=HandResult())


def play_on(record: RecordedGame, k: int, steps: int, seat: int, seed: int) -> Game:
    """A game at hand ``k`` after its first ``steps`` recorded steps, ``seat`` renumbered to seat 0, for a
    player to take over: the deal and the tiles drawn so far as recorded, the rest of the live wall
    reshuffled from ``seed`` (the record's later draws followed other choices). Later hands come from the seed."""
    rec = turned(record.hands[k], seat)
    wall = wall_of(rec)
    drawn = sum(1 for st in rec.steps[:steps] if st.kind == "draw" and not st.rinshan)
    rest = list(wall.live[drawn:])
    random.Random(seed).shuffle(rest)
    pending = [replace(wall, live=wall.live[:drawn] + tuple(rest))]

    def walls(hand_index: int, honba: int) -> Wall:
        return pending.pop() if pending else Wall.from_seed(seed, hand_index, honba)

    start = {"hand_index": rec.hand_index, "honba": rec.honba, "sticks": rec.sticks, "scores": list(rec.scores)}
    game = Game(record.rules(), seed, walls, start)
    i = _drawn_already(game, rec.steps, 0)
    while i < steps:
        if rec.steps[i].kind == "dora":
            i += 1
            continue
        i = _drawn_already(game, rec.steps, _apply(game, rec.steps, i))
    return game
