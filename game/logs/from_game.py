"""Turn the events of a game played on Kawa's table into a ``RecordedGame``, ready to export.

Only the table's events and rules are read (``Game.events``, ``Game.rules``), so a game
restored with ``Game.from_record`` gives the same record.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from game.logs.record import HandResult, LogFormatError, RecordedGame, RecordedHand, Step, Win
from game.rules import RuleSet

if TYPE_CHECKING:
    from game.table import Event, Game

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
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.steps: list[Step] = []
        self.dora = list(data["dora_indicators"])
        self.ura: tuple[int, ...] = ()
        self.wins: list[Win] = []
        self.draw: str | None = None
        self.tenpai: tuple[int, ...] | None = None
        self.deltas: tuple[int, ...] = (0, 0, 0, 0)
        self.last_drawer: int | None = None

    def add(self, ev: Event) -> None:
        d, seat = ev.data, ev.seat
        if ev.type == "drawn":
            self.steps.append(Step("draw", seat, d["tile"], rinshan=bool(d.get("rinshan"))))
            self.last_drawer = seat
        elif ev.type == "discarded":
            self.steps.append(Step("discard", seat, d["tile"], tsumogiri=bool(d["tsumogiri"]), riichi=bool(d["riichi"])))
        elif ev.type == "called":
            self.steps.append(_call_step(seat, d))  # type: ignore[arg-type]
        elif ev.type == "dora_revealed":
            self.dora.append(d["indicator"])
            self.steps.append(Step("dora", None, d["indicator"]))
        elif ev.type == "won":
            self._won(seat, d)  # type: ignore[arg-type]
        elif ev.type == "drawn_hand":
            self.draw = d["draw"]
            self.tenpai = None if d.get("tenpai") is None else tuple(sorted(d["tenpai"]))
            if self.draw == "kyuushu_kyuuhai":
                self.steps.append(Step("kyuushu", self.last_drawer))
        elif ev.type == "hand_ended":
            self.deltas = tuple(d["deltas"])

    def _won(self, seat: int, d: dict[str, Any]) -> None:
        if d["tsumo"]:
            self.steps.append(Step("tsumo", seat, d["tile"]))
        else:
            self.steps.append(Step("ron", seat, d["tile"], from_seat=d["from_seat"]))
        if not self.ura and d.get("ura_indicators"):
            self.ura = tuple(d["ura_indicators"])
        yakuman = d["yakuman_count"]
        limit = _limit(d["limit"])
        self.wins.append(Win(
            who=seat, from_who=d["from_seat"], pao_who=d.get("pao"), han=d["han"],
            fu=None if yakuman else d["fu"], yaku=tuple((str(n), int(h)) for n, h in d["yaku"]),
            dora=d["dora"], aka=d["aka"], ura=d["ura"], yakuman_count=yakuman, limit=limit,
            points=d["points"], deltas=tuple(d["deltas"])))  # type: ignore[arg-type]

    def finish(self) -> RecordedHand:
        d = self.data
        result = HandResult(tuple(self.wins), self.draw, self.tenpai, self.deltas)  # type: ignore[arg-type]
        return RecordedHand(d["hand_index"], d["honba"], d["sticks"], tuple(d["scores"]),  # type: ignore[arg-type]
                            tuple(tuple(h) for h in d["hands"]), tuple(self.dora), self.ura,
                            tuple(self.steps), result)


def _call_step(seat: int, d: dict[str, Any]) -> Step:
    kind, tiles = d["type"], list(d["tiles"])
    if kind == "ankan":
        return Step("ankan", seat, None, tuple(sorted(tiles)))
    if kind == "shouminkan":
        tiles.remove(d["added"])
        return Step("shouminkan", seat, d["added"], tuple(sorted(tiles)), d["from_seat"])
    tiles.remove(d["called"])
    return Step(kind, seat, d["called"], tuple(sorted(tiles)), d["from_seat"])


def record_from_events(events: Iterable[Event], rules: RuleSet, names: Iterable[str] = ("", "", "", ""),
                       source: str = "kawa", game_id: str = "", title: str = "") -> RecordedGame:
    """Every finished hand among ``events`` as a ``RecordedGame`` (an unfinished last hand is left out)."""
    hands: list[RecordedHand] = []
    current: _Hand | None = None
    final = None
    for ev in events:
        if ev.type == "hand_started":
            current = _Hand(ev.data)
        elif ev.type == "game_ended":
            final = tuple(ev.data["scores"])
        elif current is not None:
            current.add(ev)
            if ev.type == "hand_ended":
                hands.append(current.finish())
                current = None
    return RecordedGame(source=source, game_id=game_id, red_fives=rules.red_fives,
                        east_only=rules.game_length != "south", names=tuple(names),  # type: ignore[arg-type]
                        hands=tuple(hands), final_scores=final, open_tanyao=rules.open_tanyao,
                        rule_set=rules, extra={"format": "kawa", "title": title})  # type: ignore[arg-type]


def record_from_game(game: Game, names: Iterable[str] = ("", "", "", ""), source: str = "kawa") -> RecordedGame:
    """The record of a game played (or being played) on the table."""
    return record_from_events(game.events, game.rules, names, source, game_id=f"kawa-{game.seed}",
                              title=f"Kawa, seed {game.seed}, {game.rules.name} rules")
