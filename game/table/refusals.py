"""Why the table refuses an action: a code the client translates, and the rule in plain words.

The table offers what a seat may do (``moves``); when a seat asks for something else, the
first rule below that it breaks names the refusal. Codes are stable: the client shows its own
words for each; the English reason is for logs and the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.actions import Action
from game.table.judge import waits_of

if TYPE_CHECKING:
    from game.table.game import Game

__all__ = ["REASONS", "refusal"]

REASONS: dict[str, str] = {
    "kuikae": "after a chi or pon you may not discard the called kind, nor the other end of the sequence "
              "a chi completed (swap-calling)",
    "riichi_discard": "in riichi you must discard the tile you drew",
    "riichi_no_call": "a seat in riichi may not chi, pon or open a kan",
    "last_discard": "the last discard of the hand may only be won on, not called",
    "furiten": "furiten: you discarded one of your waits, or let a winning tile pass, so you may not ron",
    "not_waiting": "that tile does not complete your hand",
    "no_yaku": "the hand would have no yaku",
    "kyuushu": "nine terminals needs nine different terminal and honour kinds on your first draw, "
               "before any call",
    "chi_from_left_only": "chi takes only the discard of the player on your left",
    "riichi_needs": "riichi needs a closed tenpai hand, 1,000 points and enough tiles left in the wall",
    "riichi_kan": "in riichi a closed kan is allowed only on the drawn tile and only if it keeps your waits",
    "not_in_hand": "that tile is not in your hand",
    "not_now": "that is not one of the moves you may make now",
}
"""Each refusal code with the rule it enforces, in a player's words."""


def _offered_types(legal: list[Action]) -> set[str]:
    return {a.type for a in legal}


def refusal(game: Game, seat: int, action: Action) -> str:
    """The code of the rule ``action`` breaks, for a seat that has a decision now.

    Called only once the action matched none of ``legal_actions(seat)``.
    """
    hand = game.hand
    st = hand.seats[seat]
    legal = game.legal_actions(seat)
    offered = _offered_types(legal)
    kind = None if action.tile is None else action.tile >> 2
    if action.type in ("discard", "riichi"):
        if action.tile not in st.hand:
            return "not_in_hand"
        if action.type == "discard" and kind in st.kuikae:
            return "kuikae"
        if action.type == "discard" and st.riichi:
            return "riichi_discard"
        if action.type == "riichi":
            return "riichi_needs"
    if action.type in ("chi", "pon", "daiminkan") and hand.pending is not None:
        if st.riichi:
            return "riichi_no_call"
        if hand.live_left == 0:
            return "last_discard"
        if action.type == "chi" and seat != (hand.pending.seat + 1) % 4:
            return "chi_from_left_only"
    if action.type == "ron" and hand.pending is not None and hand.pending.tile is not None:
        waits = waits_of(st.hand)
        if hand.pending.tile >> 2 not in waits:
            return "not_waiting"
        if st.furiten_temp or st.furiten_riichi or any(d.tile >> 2 in waits for d in st.discards):
            return "furiten"
        return "no_yaku"
    if action.type == "kyuushu" and "kyuushu" not in offered:
        return "kyuushu"
    if action.type == "ankan" and st.riichi:
        return "riichi_kan"
    return "not_now"
