"""Why the table refuses an action: a code the client translates, and the rule in plain words.

The table offers what a seat may do (``moves``); when a seat asks for something else, the
first rule it breaks names the refusal. The conditions are the menu's own (``moves.RIICHI_NEEDS``,
``KAN_NEEDS``, ``CALL_NEEDS``, ``KYUUSHU_NEEDS``, ``furiten``), so a refusal never contradicts
what was offered. Codes are stable: the client shows its own words for each; the English
reason is for logs and the command line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import RuleSet
from game.table import moves
from game.table.actions import Action
from game.table.judge import can_complete, kokushi_tenpai, waits_of
from game.tiles import is_honor

if TYPE_CHECKING:
    from game.table.game import Game

__all__ = ["REASONS", "PHASE_MOVES", "reason", "refusal"]

REASONS: dict[str, str] = {
    # swap-calling
    "kuikae": "after a chi or pon you may not discard the called kind, nor the other end of the sequence "
              "a chi completed (swap-calling)",
    "kuikae_call": "that call would leave you only tiles you may not discard right after it (swap-calling)",
    # calls
    "riichi_no_call": "a seat in riichi may not chi, pon or open a kan",
    "last_discard": "the last discard of the hand may only be won on, not called",
    "chi_from_left_only": "chi takes only the discard of the player on your left",
    "chi_needs_run": "a chi needs two tiles from your hand that make a run of one suit with the discard",
    "pon_needs_two": "a pon needs two tiles of the discarded kind from your hand",
    "kan_needs_three": "an open kan needs three tiles of the discarded kind from your hand",
    "rob_kan_only": "on another seat's kan you may only rob it with a ron, or pass",
    "after_call": "right after a chi or pon you must discard: no win, riichi or kan before it",
    # kans
    "kan_no_tile": "no kan once the live wall is empty: there would be no tile to draw after it",
    "kan_limit": "four kans are already on the table: no fifth",
    "ankan_needs_four": "a closed kan needs all four tiles of one kind in your hand",
    "shouminkan_needs_pon": "an added kan needs a pon of that kind and its fourth tile in your hand",
    "riichi_kan": "in riichi a closed kan is allowed only on the drawn tile and only if it keeps your waits",
    # riichi
    "riichi_discard": "in riichi you must discard the tile you drew",
    "riichi_again": "you are already in riichi",
    "riichi_open": "riichi needs a closed hand: you have called",
    "riichi_points": "riichi needs 1,000 points for the deposit",
    "riichi_wall": "riichi needs at least {riichi_min_wall} tiles left in the live wall",
    "riichi_not_tenpai": "riichi needs a discard that leaves your hand one tile from winning (tenpai)",
    # wins
    "not_waiting": "that tile does not complete your hand",
    "not_complete": "your hand is not complete",
    "no_yaku": "the hand would have no yaku",
    "closed_kan_kokushi_only": "only a thirteen-orphans hand may rob a closed kan",
    "furiten": "furiten: one of your waits is among your own discards, so you may not ron",
    "furiten_passed": "furiten: you let a winning tile pass since your last draw, so you may not ron until you draw",
    "furiten_riichi": "furiten: in riichi you let a winning tile pass, so you may not ron for the rest of the hand",
    # first go-around
    "kyuushu_off": "these rules have no nine-terminals-and-honours draw",
    "kyuushu": "nine terminals and honours needs nine different terminal and honour kinds on your first draw, "
               "before any call",
    # moments
    "on_your_turn": "on your turn you discard, declare riichi, tsumo, a kan or nine terminals and honours; "
                    "calls, ron and pass answer another seat's tile",
    "on_a_discard": "on another seat's tile you may only chi, pon, kan, ron or pass",
    "at_the_draw": "at an exhaustive draw you only declare tenpai or noten",
    "noten_hand": "your hand is not tenpai: it is shown noten",
    "riichi_shows_tenpai": "a hand in riichi is shown tenpai",
    "not_your_turn": "you have nothing to decide now",
    "not_in_hand": "that tile is not in your hand",
    "wrong_tile": "that is not the tile in play",
    "game_over": "the game is over",
    "bad_request": "an action of a seat 0..3 is expected",
    "no_time_out": "these rules have no call time-out",
    "no_call_offered": "no call is offered to this seat",
    "not_now": "that is not one of the moves you may make now",
}
"""Each refusal code with the rule it enforces, in a player's words (``{option}`` reads the rules)."""

PHASE_MOVES: dict[str, tuple[str, frozenset[str]]] = {
    "turn": ("on_your_turn", frozenset({"discard", "riichi", "tsumo", "ankan", "shouminkan", "kyuushu"})),
    "calls": ("on_a_discard", frozenset({"chi", "pon", "daiminkan", "ron", "pass"})),
    "tenpai": ("at_the_draw", frozenset({"tenpai", "noten"})),
}
"""Each phase: the refusal for a move of another moment, and the moves that belong to it."""


def reason(code: str, rules: RuleSet) -> str:
    """The rule ``code`` names, in words, with the table's own numbers."""
    return REASONS[code].format_map(rules.to_dict())


def refusal(game: Game, seat: int, action: Action) -> str:
    """The code of the rule ``action`` breaks, for a seat that has a decision now.

    Called only once the action matched none of ``legal_actions(seat)``.
    """
    code, belongs = PHASE_MOVES[game.phase]
    if action.type not in belongs:
        return code
    check = _CHECKS.get(action.type)
    return (check(game, seat, action) if check else None) or "not_now"


def _held(game: Game, seat: int, tiles: tuple[int, ...]) -> bool:
    rest = list(game.hand.seats[seat].hand)
    for t in tiles:
        if t not in rest:
            return False
        rest.remove(t)
    return True


def _turn_start(game: Game, seat: int) -> str | None:
    """Right after a call only a discard is open."""
    return "after_call" if game.hand.after_call or game.hand.seats[seat].drawn is None else None


def _discard(game: Game, seat: int, action: Action) -> str | None:
    st = game.hand.seats[seat]
    if action.tile not in st.hand:
        return "not_in_hand"
    if action.tile >> 2 in st.kuikae:  # type: ignore[operator]
        return "kuikae"
    if st.riichi and action.tile != st.drawn:
        return "riichi_discard"
    return None


def _riichi(game: Game, seat: int, action: Action) -> str | None:
    st = game.hand.seats[seat]
    if action.tile not in st.hand:
        return "not_in_hand"
    blocked = _turn_start(game, seat) or moves.unmet(moves.RIICHI_NEEDS, game, seat)
    if blocked:
        return blocked
    return None if moves.leaves_tenpai(st.hand, action.tile) else "riichi_not_tenpai"  # type: ignore[arg-type]


def _call_on_discard(game: Game, seat: int, action: Action) -> str | None:
    """What every chi, pon and open kan needs, then the tiles it uses."""
    pending = game.hand.pending
    if pending is None or pending.tile is None:
        return None
    if pending.kind != "discard":
        return "rob_kan_only"
    blocked = moves.unmet(moves.CALL_NEEDS, game, seat)
    if blocked:
        return blocked
    if action.type == "chi" and seat != (pending.seat + 1) % 4:
        return "chi_from_left_only"
    if not _held(game, seat, action.tiles):
        return "not_in_hand"
    kind = pending.tile >> 2
    kinds = sorted(t >> 2 for t in action.tiles)
    if action.type == "chi":
        run = sorted([kind, *kinds])
        if is_honor(kind) or len(run) != 3 or run != list(range(run[0], run[0] + 3)) or run[0] // 9 != run[2] // 9:
            return "chi_needs_run"
    elif action.type == "pon" and kinds != [kind, kind]:
        return "pon_needs_two"
    elif action.type == "daiminkan":
        blocked = moves.unmet(moves.KAN_NEEDS, game, seat)
        if blocked:
            return blocked
        return "kan_needs_three" if kinds != [kind] * 3 else None
    return "kuikae_call"


def _ankan(game: Game, seat: int, action: Action) -> str | None:
    blocked = _turn_start(game, seat) or moves.unmet(moves.KAN_NEEDS, game, seat)
    if blocked:
        return blocked
    kinds = {t >> 2 for t in action.tiles}
    if len(action.tiles) != 4 or len(kinds) != 1 or not _held(game, seat, action.tiles):
        return "ankan_needs_four"
    return "riichi_kan" if game.hand.seats[seat].riichi else None


def _shouminkan(game: Game, seat: int, action: Action) -> str | None:
    blocked = _turn_start(game, seat) or moves.unmet(moves.KAN_NEEDS, game, seat)
    if blocked:
        return blocked
    st = game.hand.seats[seat]
    if action.tile not in st.hand or action.tile >> 2 not in moves.pon_kinds(st):  # type: ignore[operator]
        return "shouminkan_needs_pon"
    return None


def _tsumo(game: Game, seat: int, action: Action) -> str | None:
    blocked = _turn_start(game, seat)
    if blocked:
        return blocked
    return "no_yaku" if can_complete(game.hand.seats[seat].hand) else "not_complete"


def _ron(game: Game, seat: int, action: Action) -> str | None:
    pending = game.hand.pending
    if pending is None or pending.tile is None:
        return None
    st = game.hand.seats[seat]
    waits = waits_of(st.hand)
    if pending.tile >> 2 not in waits:
        return "not_waiting"
    if pending.kind == "ankan" and not kokushi_tenpai(st.hand):
        return "closed_kan_kokushi_only"
    return moves.furiten(st, waits) or "no_yaku"


def _declaration(game: Game, seat: int, action: Action) -> str | None:
    """Only tenpai hands out of riichi choose; the table declares the others."""
    st = game.hand.seats[seat]
    if st.riichi:
        return "riichi_shows_tenpai"
    return "noten_hand" if not waits_of(st.hand) else None


def _kyuushu(game: Game, seat: int, action: Action) -> str | None:
    return _turn_start(game, seat) or moves.unmet(moves.KYUUSHU_NEEDS, game, seat)


_CHECKS: dict[str, Callable[[Game, int, Action], str | None]] = {
    "discard": _discard, "riichi": _riichi, "chi": _call_on_discard, "pon": _call_on_discard,
    "daiminkan": _call_on_discard, "ankan": _ankan, "shouminkan": _shouminkan, "tsumo": _tsumo, "ron": _ron,
    "kyuushu": _kyuushu, "tenpai": _declaration, "noten": _declaration,
}
"""Each move's own conditions, in the order a player would check them."""
