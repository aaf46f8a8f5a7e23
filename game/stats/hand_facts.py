"""One seat's facts of a hand and of a game, derived from the table's events alone.

Pure functions: the events in, plain values out; the store keeps them and the figures count them.

>>> from game.table.events import HandStarted, RiichiDeclared, HandDrawn, HandEnded
>>> start = HandStarted(0, hand_index=0, round_wind=0, dealer=0, honba=0, sticks=0, scores=(25000,) * 4,
...                     dora_indicators=(), hands=(None,) * 4, live_left=70)
>>> draw = HandDrawn(None, draw="exhaustive", tenpai=(1,), hands={}, deltas=(-1000, 3000, -1000, -1000),
...                  nagashi=())
>>> end = HandEnded(None, result="exhaustive", deltas=draw.deltas, scores=(24000, 28000, 24000, 24000),
...                 sticks=1, dealer_stays=False, next_hand_index=1, next_honba=1)
>>> f = hand_facts([start, RiichiDeclared(2, double=False), draw, end], 2)
>>> (f.riichi, f.riichi_result, f.draw, f.tenpai, f.delta)
(True, 'draw', 'exhaustive', False, -1000)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.table.events import Event

__all__ = ["HandFacts", "GameFacts", "OPEN_CALLS", "RIICHI_RESULTS", "hand_facts", "game_facts", "hands_of"]

OPEN_CALLS = ("chi", "pon", "daiminkan")
"""Calls that open a hand (a closed kan does not; an added kan follows a pon)."""
RIICHI_RESULTS = ("won", "dealt_in", "other_won", "draw")
"""How a hand with the seat's riichi ended: it won, dealt in, another seat won, or a draw."""
EXHAUSTIVE = ("exhaustive", "nagashi_mangan")
"""Draws at the end of the wall, where tenpai is declared."""


@dataclass(frozen=True)
class HandFacts:
    """One seat's hand: how it ended for the seat and what the seat did."""

    hand_index: int
    """The hand's place in the rounds (0 = East 1), as the engine counts."""
    honba: int
    dealer: bool
    won: bool
    dealt_in: bool
    riichi: bool
    called: bool
    """The seat opened its hand (chi, pon or open kan)."""
    dama: bool
    """The seat won with a closed hand without riichi."""
    tsumo: bool
    """The seat won by self-draw."""
    win_value: int
    """What the win was worth (honba and sticks aside); 0 without a win."""
    deal_in_value: int
    """What the seat's discard gave the winners; 0 without a deal-in."""
    draw: str
    """The draw's code ("exhaustive", an abortive draw's...), "" when someone won."""
    tenpai: bool | None
    """Tenpai at an exhaustive draw (None for any other end)."""
    riichi_result: str | None
    """One of RIICHI_RESULTS, None without riichi."""
    delta: int
    """The seat's score change in the hand."""

    def to_row(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GameFacts:
    """One seat's finish: placement (1 = first), final score and game points (uma included)."""

    placement: int
    score: int
    points: float


def hands_of(events: Iterable[Event]) -> list[list[Event]]:
    """The events split by hand, each from its ``hand_started`` to its ``hand_ended`` (an unfinished
    hand is left out)."""
    hands: list[list[Event]] = []
    current: list[Event] | None = None
    for ev in events:
        if ev.type == "hand_started":
            current = [ev]
        elif current is not None:
            current.append(ev)
            if ev.type == "hand_ended":
                hands.append(current)
                current = None
    return hands


def hand_facts(events: Sequence[Event], seat: int) -> HandFacts:
    """The facts of one finished hand (``hand_started`` .. ``hand_ended``) for ``seat``; ValueError if
    the events are not one whole hand."""
    if not events or events[0].type != "hand_started" or events[-1].type != "hand_ended":
        raise ValueError("a hand's events run from hand_started to hand_ended")
    start, end = events[0], events[-1]
    riichi = called = won = dealt_in = tsumo = False
    win_value = deal_in_value = 0
    winners: set[int] = set()
    draw = ""
    tenpai: bool | None = None
    for ev in events:
        kind = ev.type
        if kind == "riichi_declared" and ev.seat == seat:
            riichi = True
        elif kind == "called" and ev.seat == seat and ev.call in OPEN_CALLS:
            called = True
        elif kind == "won":
            winners.add(ev.seat)
            if ev.seat == seat:
                won, tsumo = True, bool(ev.tsumo)
                win_value += int(ev.points)
            elif not ev.tsumo and ev.from_seat == seat:
                dealt_in = True
                deal_in_value += int(ev.points)
        elif kind == "drawn_hand":
            draw = str(ev.draw)
            if draw in EXHAUSTIVE:
                tenpai = seat in (ev.tenpai or ())
    riichi_result = None
    if riichi:
        riichi_result = ("won" if won else "dealt_in" if dealt_in else "other_won" if winners else "draw")
    return HandFacts(hand_index=start.hand_index, honba=start.honba, dealer=start.dealer == seat, won=won,
                     dealt_in=dealt_in, riichi=riichi, called=called, dama=won and not riichi and not called,
                     tsumo=tsumo, win_value=win_value, deal_in_value=deal_in_value, draw=draw, tenpai=tenpai,
                     riichi_result=riichi_result, delta=int(end.deltas[seat]))


def game_facts(events: Sequence[Event], seat: int) -> GameFacts | None:
    """The seat's finish from the ``game_ended`` event (None while the game is not over)."""
    for ev in reversed(events):
        if ev.type == "game_ended":
            for row in ev.standing:
                if row["seat"] == seat:
                    return GameFacts(placement=int(row["rank"]), score=int(row["score"]), points=float(row["points"]))
    return None
