"""Events: what the table says happened, for a screen to animate and a log to record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["EVENT_TYPES", "Event"]

EVENT_TYPES: tuple[str, ...] = ("hand_started", "drawn", "discarded", "called", "riichi_declared",
                                "riichi_accepted", "dora_revealed", "won", "drawn_hand", "hand_ended",
                                "game_ended")


@dataclass(frozen=True)
class Event:
    """One change at the table. ``data`` holds JSON-ready values only.

    ``hand_started`` carries every seat's deal in ``data["hands"]`` and ``drawn`` the tile in
    ``data["tile"]``; ``for_seat`` hides what that seat may not see.
    """

    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.type not in EVENT_TYPES:
            raise ValueError(f"unknown event type {self.type!r}")

    def for_seat(self, seat: int) -> Event:
        """The event as ``seat`` sees it: others' deals and drawn tiles hidden."""
        if self.type == "hand_started":
            hands = [h if s == seat else None for s, h in enumerate(self.data["hands"])]
            return Event(self.type, self.seat, {**self.data, "hands": hands})
        if self.type == "drawn" and self.seat != seat:
            return Event(self.type, self.seat, {**self.data, "tile": None})
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "data": self.data}
