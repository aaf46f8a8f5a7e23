"""Events: what the table says happened, one small typed record per kind.

The same events drive the screen's animations, the game records and the mjai wire
(``game.logs.mjai_live``). Each kind has its tag in ``type`` (``"discarded"``...), typed
fields, ``for_seat`` (what one seat may see of it) and ``to_dict`` (JSON-ready, for records).

>>> Discarded(seat=2, tile=53, tsumogiri=True, riichi=False).to_dict()
{'type': 'discarded', 'seat': 2, 'data': {'tile': 53, 'tsumogiri': True, 'riichi': False}}
>>> Drawn(seat=1, tile=12, rinshan=False, live_left=60).for_seat(0).tile is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Union

__all__ = ["EVENT_TYPES", "Event", "HandStarted", "Drawn", "Discarded", "Called", "RiichiDeclared",
           "RiichiAccepted", "DoraRevealed", "Won", "HandDrawn", "HandEnded", "GameEnded", "event_from_dict",
           "won_event"]


@dataclass(frozen=True)
class _Event:
    """What every event has: its tag and the seat it concerns (None for the whole table)."""

    type: ClassVar[str] = ""
    _renamed: ClassVar[dict[str, str]] = {}
    """Field name -> its key in the record form, where they differ."""

    seat: int | None

    def for_seat(self, seat: int) -> Event:
        """The event as ``seat`` sees it (most events are public)."""
        return self  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The record form: ``{"type", "seat", "data"}`` with JSON-ready values."""
        data = {self._renamed.get(f.name, f.name): _jsonable(getattr(self, f.name))
                for f in fields(self) if f.name != "seat"}
        return {"type": self.type, "seat": self.seat, "data": data}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class HandStarted(_Event):
    """A hand is dealt; ``seat`` is the dealer, ``hands`` every seat's 13 tiles (None when hidden)."""

    type: ClassVar[str] = "hand_started"
    hand_index: int
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    live_left: int

    def for_seat(self, seat: int) -> HandStarted:
        return replace(self, hands=tuple(h if s == seat else None for s, h in enumerate(self.hands)))


@dataclass(frozen=True)
class Drawn(_Event):
    """``seat`` drew ``tile`` (None for the others), from the dead wall after a kan if ``rinshan``."""

    type: ClassVar[str] = "drawn"
    tile: int | None
    rinshan: bool
    live_left: int

    def for_seat(self, seat: int) -> Drawn:
        return self if seat == self.seat else Drawn(self.seat, None, self.rinshan, self.live_left)


@dataclass(frozen=True)
class Discarded(_Event):
    """``seat`` discarded ``tile``: the tile it had just drawn if ``tsumogiri``; sideways if ``riichi``."""

    type: ClassVar[str] = "discarded"
    tile: int
    tsumogiri: bool
    riichi: bool


@dataclass(frozen=True)
class Called(_Event):
    """``seat`` made a meld: ``call`` is chi, pon, daiminkan, ankan or shouminkan; ``tiles`` the meld's."""

    type: ClassVar[str] = "called"
    _renamed: ClassVar[dict[str, str]] = {"call": "type"}
    call: str
    tiles: tuple[int, ...]
    called: int | None
    """The tile taken from another seat (None for a closed kan)."""
    from_seat: int | None
    added: int | None
    """The tile added to a pon (shouminkan)."""


@dataclass(frozen=True)
class RiichiDeclared(_Event):
    """``seat`` declares riichi with its next discard (``double`` in the first go-around)."""

    type: ClassVar[str] = "riichi_declared"
    double: bool


@dataclass(frozen=True)
class RiichiAccepted(_Event):
    """The riichi discard passed: the seat's 1,000 points are on the table."""

    type: ClassVar[str] = "riichi_accepted"
    scores: tuple[int, ...]
    sticks: int


@dataclass(frozen=True)
class DoraRevealed(_Event):
    """A new dora indicator is turned (after a kan)."""

    type: ClassVar[str] = "dora_revealed"
    indicator: int
    dora_indicators: tuple[int, ...]


@dataclass(frozen=True)
class Won(_Event):
    """``seat`` won ``tile`` (tsumo, or ron / chankan from ``from_seat``): the hand and its whole score."""

    type: ClassVar[str] = "won"
    from_seat: int
    tile: int
    how: str
    tsumo: bool
    hand: tuple[int, ...]
    melds: tuple[dict[str, Any], ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    dora: int
    aka: int
    ura: int
    yakuman_count: int
    limit: str | None
    points: int
    pao: int | None
    deltas: tuple[int, ...]
    score: dict[str, Any]
    """The full scoring (fu lines, payment) as JSON-ready values."""

    def entry(self) -> dict[str, Any]:
        """The win as the hand results keep it (JSON-ready, ``seat`` included)."""
        record = self.to_dict()
        return {"seat": self.seat, **record["data"]}


@dataclass(frozen=True)
class HandDrawn(_Event):
    """The hand ended without a win: ``draw`` names how; tenpai seats show ``hands``."""

    type: ClassVar[str] = "drawn_hand"
    draw: str
    tenpai: tuple[int, ...] | None
    hands: dict[str, list[int]]
    deltas: tuple[int, ...]
    nagashi: tuple[int, ...]


@dataclass(frozen=True)
class HandEnded(_Event):
    """Points settled; the next hand's number and honba (None when the game is over)."""

    type: ClassVar[str] = "hand_ended"
    result: str
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    sticks: int
    dealer_stays: bool
    next_hand_index: int | None
    next_honba: int | None


@dataclass(frozen=True)
class GameEnded(_Event):
    """The game is over: the final standing (rank, score, points with uma) and scores by seat."""

    type: ClassVar[str] = "game_ended"
    standing: tuple[dict[str, Any], ...]
    scores: tuple[int, ...]


Event = Union[HandStarted, Drawn, Discarded, Called, RiichiDeclared, RiichiAccepted, DoraRevealed, Won,
              HandDrawn, HandEnded, GameEnded]
"""Any event of the table."""

_KINDS: dict[str, type[_Event]] = {cls.type: cls for cls in (
    HandStarted, Drawn, Discarded, Called, RiichiDeclared, RiichiAccepted, DoraRevealed, Won, HandDrawn,
    HandEnded, GameEnded)}
EVENT_TYPES: tuple[str, ...] = tuple(_KINDS)


def won_event(entry: dict[str, Any]) -> Won:
    """The ``Won`` event of a win's JSON-ready entry (``seat`` and the fields of ``Won``)."""
    return event_from_dict({"type": "won", "seat": entry["seat"], "data": entry})  # type: ignore[return-value]


def event_from_dict(record: dict[str, Any]) -> Event:
    """The event of a record form (``to_dict``); ValueError names what is wrong."""
    try:
        cls = _KINDS[record["type"]]
    except (KeyError, TypeError):
        raise ValueError(f"not an event record: {record!r:.200}") from None
    data = dict(record.get("data", {}))
    for name, key in cls._renamed.items():
        if key in data:
            data[name] = data.pop(key)
    kwargs = {f.name: _tupled(data.get(f.name)) for f in fields(cls) if f.name != "seat"}
    return cls(seat=record.get("seat"), **kwargs)  # type: ignore[return-value]


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value
