"""Turn the events of a game played on Kawa's table into a ``RecordedGame``, ready to export.

Only the table's events and rules are read (``Game.events``, ``Game.rules``), so a game
restored with ``Game.from_record`` gives the same record.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.logs.record import HandResult, LogFormatError, RecordedGame, RecordedHand, Step, Win
from game.rules import RuleSet
from game.table.events import (Called, Discarded, DoraRevealed, Drawn, Event, GameEnded, HandDrawn, HandEnded,
                               HandStarted, Won)

if TYPE_CHECKING:
    from game.table import Game

__all__ = ["record_from_game", "record_from_events"]

_LIMITS = ("mangan", "haneman", "baiman", "sanbaiman")


def _limit(text: str | None) -> str | None:
    """Kawa's limit names folded to the five the record formats know ('yakuman x2' -> 'yakuman')."""
    if text is None or text in _LIMITS:
        return text
    if "yakuman" in text:
        return "yakuman"
    raise LogFormatError(f"unknown limit {text!r}")


class _Hand:
    """One hand's steps and result, gathered from its events."""

    def __init__(self, start: HandStarted) -> None:
        self.start = start
        self.steps: list[Step] = []
        self.dora = list(start.dora_indicators)
        self.ura: tuple[int, ...] = ()
        self.wins: list[Win] = []
        self.draw: str | None = None
        self.tenpai: tuple[int, ...] | None = None
        self.deltas: tuple[int, ...] = (0, 0, 0, 0)
        self.last_drawer: int | None = None

    def add(self, ev: Event) -> None:
        seat = ev.seat
        if isinstance(ev, Drawn):
            self.steps.append(Step("draw", seat, ev.tile, rinshan=ev.rinshan))
            self.last_drawer = seat
        elif isinstance(ev, Discarded):
            self.steps.append(Step("discard", seat, ev.tile, tsumogiri=ev.tsumogiri, riichi=ev.riichi))
        elif isinstance(ev, Called):
            self.steps.append(_call_step(ev))
        elif isinstance(ev, DoraRevealed):
            self.dora.append(ev.indicator)
            self.steps.append(Step("dora", None, ev.indicator))
        elif isinstance(ev, Won):
            self._won(ev)
        elif isinstance(ev, HandDrawn):
            self.draw = ev.draw
            self.tenpai = None if ev.tenpai is None else tuple(sorted(ev.tenpai))
            if self.draw == "kyuushu_kyuuhai":
                self.steps.append(Step("kyuushu", self.last_drawer))
        elif isinstance(ev, HandEnded):
            self.deltas = tuple(ev.deltas)

    def _won(self, ev: Won) -> None:
        seat = ev.seat
        if ev.tsumo:
            self.steps.append(Step("tsumo", seat, ev.tile))
        else:
            self.steps.append(Step("ron", seat, ev.tile, from_seat=ev.from_seat))
        if not self.ura and ev.ura_indicators:
            self.ura = tuple(ev.ura_indicators)
        yakuman = ev.yakuman_count
        self.wins.append(Win(
            who=seat, from_who=ev.from_seat, pao_who=ev.pao, han=ev.han,  # type: ignore[arg-type]
            fu=None if yakuman else ev.fu, yaku=tuple((str(n), int(h)) for n, h in ev.yaku),
            dora=ev.dora, aka=ev.aka, ura=ev.ura, yakuman_count=yakuman, limit=_limit(ev.limit),
            points=ev.points, deltas=tuple(ev.deltas)))

    def finish(self) -> RecordedHand:
        s = self.start
        result = HandResult(tuple(self.wins), self.draw, self.tenpai, self.deltas)  # type: ignore[arg-type]
        return RecordedHand(s.hand_index, s.honba, s.sticks, tuple(s.scores),
                            tuple(tuple(h or ()) for h in s.hands), tuple(self.dora), self.ura,
                            tuple(self.steps), result)


def _call_step(ev: Called) -> Step:
    tiles = list(ev.tiles)
    if ev.call == "ankan":
        return Step("ankan", ev.seat, None, tuple(sorted(tiles)))
    if ev.call == "shouminkan":
        tiles.remove(ev.added)  # type: ignore[arg-type]
        return Step("shouminkan", ev.seat, ev.added, tuple(sorted(tiles)), ev.from_seat)
    tiles.remove(ev.called)  # type: ignore[arg-type]
    return Step(ev.call, ev.seat, ev.called, tuple(sorted(tiles)), ev.from_seat)


def record_from_events(events: Iterable[Event], rules: RuleSet, names: Iterable[str] = ("", "", "", ""),
                       source: str = "kawa", game_id: str = "", title: str = "",
                       unfinished: bool = False) -> RecordedGame:
    """Every finished hand among ``events`` as a ``RecordedGame``; an unfinished last hand is left out, or
    with ``unfinished`` kept with an empty result (neither win nor draw: a viewer shows it as far as it went)."""
    hands: list[RecordedHand] = []
    current: _Hand | None = None
    final = None
    for ev in events:
        if isinstance(ev, HandStarted):
            current = _Hand(ev)
        elif isinstance(ev, GameEnded):
            final = tuple(ev.scores)
        elif current is not None:
            current.add(ev)
            if ev.type == "hand_ended":
                hands.append(current.finish())
                current = None
    if unfinished and current is not None:
        hands.append(current.finish())
    return RecordedGame(source=source, game_id=game_id, red_fives=rules.red_fives,
                        east_only=rules.game_length != "south", names=tuple(names),  # type: ignore[arg-type]
                        hands=tuple(hands), final_scores=final, open_tanyao=rules.open_tanyao,
                        rule_set=rules, extra={"format": "kawa", "title": title})  # type: ignore[arg-type]


def record_from_game(game: Game, names: Iterable[str] = ("", "", "", ""), source: str = "kawa",
                     unfinished: bool = False) -> RecordedGame:
    """The record of a game played (or being played) on the table (``unfinished``: see ``record_from_events``)."""
    return record_from_events(game.events, game.rules, names, source, game_id=f"kawa-{game.seed}",
                              title=f"Kawa, seed {game.seed}, {game.rules.name} rules", unfinished=unfinished)
