"""How a seat's view is drawn from the table, and the waits its furiten is judged on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table import moves
from game.table.judge import waits_of
from game.table.settle import last_planned_hand
from game.table.view import SeatView

if TYPE_CHECKING:
    from game.table.game import Game

__all__ = ["build_view", "furiten_waits"]


def furiten_waits(hand: list[int], drawn: int | None) -> list[int]:
    """The waits a seat's furiten is judged on.

    With 13 tiles (3n+1) the waits are the hand's; on the seat's own turn, with the drawn tile
    in hand, they are the waits of the hand it held before that draw. Right after a call (no
    drawn tile) the waits are not settled until the discard, so there are none.

    >>> from game.tiles import parse_tiles
    >>> hand = parse_tiles("234m345s678p66s34p")
    >>> furiten_waits(hand, None), furiten_waits([*hand, 0], 0), furiten_waits(hand[:11], None)
    ([10, 13], [10, 13], [])
    """
    if len(hand) % 3 == 1:
        return waits_of(hand)
    if drawn is None:
        return []
    before = list(hand)
    before.remove(drawn)
    return waits_of(before)


def build_view(game: Game, seat: int) -> SeatView:
    hand = game.hand
    st = hand.seats[seat]
    pending = hand.pending
    last = (pending.seat, pending.tile) if pending and pending.kind == "discard" and pending.tile is not None \
        else None
    furiten = moves.furiten(st, furiten_waits(st.hand, st.drawn)) is not None
    return SeatView(
        seat=seat, hand=tuple(sorted(st.hand)), drawn=st.drawn,
        hand_sizes=tuple(len(s.hand) for s in hand.seats),
        melds=tuple(tuple(s.melds) for s in hand.seats),
        discards=tuple(tuple(d.to_dict() for d in s.discards) for s in hand.seats),
        riichi=tuple(s.riichi or s.riichi_pending for s in hand.seats), scores=tuple(game.scores),
        dealer=hand.dealer, seat_winds=tuple(hand.seat_wind(s) for s in range(4)), round_wind=hand.round_wind,
        hand_index=hand.index, honba=hand.honba, sticks=game.sticks, dora_indicators=tuple(hand.dora_indicators()),
        live_left=hand.live_left, furiten=furiten, last_discard=last, current=hand.current, phase=game.phase,
        legal_actions=tuple(game.legal_actions(seat)), finished=game.finished,
        rules=game.rules, all_last=hand.index >= last_planned_hand(game.rules),
    )
