"""The state of one hand: seats, wall position, dora, and the decision the table waits for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.melds import Meld
from game.table.actions import Action
from game.table.wall import Wall

__all__ = ["DiscardEntry", "SeatState", "Pending", "HandState"]


@dataclass
class DiscardEntry:
    """One tile in a seat's pond."""

    tile: int
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False
    order: int = 0
    """The discard's number in the hand, counting every seat's discards from 1."""

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "tsumogiri": self.tsumogiri, "riichi": self.riichi, "called": self.called,
                "order": self.order}


@dataclass
class SeatState:
    """One seat during a hand."""

    hand: list[int]
    melds: list[Meld] = field(default_factory=list)
    discards: list[DiscardEntry] = field(default_factory=list)
    riichi: bool = False
    riichi_pending: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temp: bool = False
    furiten_riichi: bool = False
    drawn: int | None = None
    """The tile just drawn (None after a call or a discard)."""
    rinshan: bool = False
    """The tile just drawn is a replacement tile after a kan."""
    discarded_once: bool = False
    kuikae: frozenset[int] = frozenset()
    """Kinds this seat may not discard now (swap-calling)."""
    pao: dict[str, int] = field(default_factory=dict)
    """Pao yakuman name -> the liable seat."""
    declared: str | None = None

    @property
    def closed(self) -> bool:
        return all(not m.opened for m in self.melds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": sorted(self.hand),
            "melds": [meld_dict(m) for m in self.melds],
            "discards": [d.to_dict() for d in self.discards],
            "riichi": self.riichi, "riichi_pending": self.riichi_pending,
            "double_riichi": self.double_riichi, "ippatsu": self.ippatsu,
            "furiten_temp": self.furiten_temp, "furiten_riichi": self.furiten_riichi,
            "drawn": self.drawn, "rinshan": self.rinshan, "discarded_once": self.discarded_once,
            "kuikae": sorted(self.kuikae), "pao": dict(self.pao), "declared": self.declared,
        }


def meld_dict(meld: Meld) -> dict[str, Any]:
    """A meld as JSON-ready values."""
    return {"type": meld.type, "tiles": list(meld.tiles), "called": meld.called,
            "from_seat": meld.from_seat, "added": meld.added}


@dataclass
class Pending:
    """Decisions the table collects before it moves on: calls on a discard or a kan, or the
    tenpai declarations of an exhaustive draw."""

    kind: str
    """"discard", "chankan" (an added kan), "ankan" (a closed kan) or "tenpai"."""
    seat: int
    """The discarder or kan declarer (the dealer for "tenpai")."""
    tile: int | None
    offers: dict[int, list[Action]]
    responses: dict[int, Action] = field(default_factory=dict)
    waiting_on: set[int] = field(default_factory=set)
    """Seats whose waits hold the tile (temporary furiten if they do not win)."""
    kan: Action | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "tile": self.tile,
                "offers": {str(s): [a.to_dict() for a in acts] for s, acts in sorted(self.offers.items())},
                "responses": {str(s): a.to_dict() for s, a in sorted(self.responses.items())},
                "waiting_on": sorted(self.waiting_on), "kan": self.kan.to_dict() if self.kan else None}


@dataclass
class HandState:
    """One hand in play."""

    index: int
    honba: int
    dealer: int
    wall: Wall
    seats: list[SeatState]
    current: int
    live_drawn: int = 0
    kans: int = 0
    kan_owners: list[int] = field(default_factory=list)
    dora_revealed: int = 1
    pending_dora: int = 0
    after_call: bool = False
    interrupted: bool = False
    """A call or kan has been made this hand (ends first-go-around rules)."""
    discard_count: int = 0
    first_discards: list[int] = field(default_factory=list)
    pending: Pending | None = None
    over: bool = False

    @property
    def live_left(self) -> int:
        """Tiles that can still be drawn from the live wall."""
        return len(self.wall.live) - self.live_drawn - self.kans

    @property
    def round_wind(self) -> int:
        return 27 + min(self.index // 4, 3)

    def seat_wind(self, seat: int) -> int:
        return 27 + (seat - self.dealer) % 4

    def dora_indicators(self) -> list[int]:
        return list(self.wall.dora_indicators[:self.dora_revealed])

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "honba": self.honba, "dealer": self.dealer, "current": self.current,
            "seats": [s.to_dict() for s in self.seats], "live_drawn": self.live_drawn,
            "kans": self.kans, "kan_owners": list(self.kan_owners), "dora_revealed": self.dora_revealed,
            "pending_dora": self.pending_dora, "after_call": self.after_call,
            "interrupted": self.interrupted, "discard_count": self.discard_count,
            "first_discards": list(self.first_discards),
            "pending": self.pending.to_dict() if self.pending else None, "over": self.over,
        }
