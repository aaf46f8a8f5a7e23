"""What each seat may do: the turn menu, the offers on a discard or a kan, swap-calling and pao."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from game.melds import Meld
from game.rules import RuleSet
from game.table.actions import Action
from game.table.judge import (hand_counts, is_tenpai, kokushi_tenpai, shanten_of, terminal_honor_kinds,
                              try_score, waits_of)
from game.table.state import SeatState
from game.tiles import DRAGONS, RED_FIVES, WINDS

if TYPE_CHECKING:
    from game.table.game import Game

__all__ = ["offer_class", "turn_actions", "discard_offers", "kan_offers", "turn_order_from", "kuikae_kinds", "note_pao",
           "Need", "unmet", "furiten", "RIICHI_NEEDS", "KAN_NEEDS", "CALL_NEEDS", "KYUUSHU_NEEDS", "CLAIM_RANK",
           "KUIKAE_SUJI", "RIICHI_DEPOSIT", "MAX_KANS", "DISCARD", "RIICHI", "TSUMO", "RON", "SHOUMINKAN", "PASS"]

RIICHI_DEPOSIT = 1000
MAX_KANS = 4

Need = tuple[str, Callable[["Game", int], bool]]
"""One condition of a move: the refusal code when it fails, and the test a seat must pass."""

RIICHI_NEEDS: tuple[Need, ...] = (
    ("riichi_again", lambda game, seat: not game.hand.seats[seat].riichi),
    ("riichi_open", lambda game, seat: game.hand.seats[seat].closed),
    ("riichi_points", lambda game, seat: game.scores[seat] >= RIICHI_DEPOSIT),
    ("riichi_wall", lambda game, seat: game.hand.live_left >= game.rules.riichi_min_wall),
)
"""Riichi needs all of these, and a discard that leaves the hand tenpai."""

KAN_NEEDS: tuple[Need, ...] = (
    ("kan_no_tile", lambda game, seat: game.hand.live_left > 0),
    ("kan_limit", lambda game, seat: game.hand.kans < MAX_KANS),
)
"""Any kan needs a tile left to draw and fewer than four kans on the table."""

CALL_NEEDS: tuple[Need, ...] = (
    ("riichi_no_call", lambda game, seat: not game.hand.seats[seat].riichi),
    ("last_discard", lambda game, seat: game.hand.live_left > 0),
)
"""A chi, pon or open kan on a discard needs these (a ron needs none of them)."""

KYUUSHU_NEEDS: tuple[Need, ...] = (
    ("kyuushu_off", lambda game, seat: "kyuushu_kyuuhai" in game.rules.abortive_draws),
    ("kyuushu", lambda game, seat: _first_draw(game, seat) and terminal_honor_kinds(game.hand.seats[seat].hand) >= 9),
)
"""Nine terminals: the rule on, nine different terminal and honour kinds on the first draw."""

CLAIM_RANK = {"pon": 0, "daiminkan": 0, "chi": 1}
"""Claims on one discard, first served first: a pon or open kan before a chi (any ron before both)."""

KUIKAE_SUJI = {0: 3, 2: -3}
"""Where the called tile sits in its chi (0 = bottom, 2 = top) -> the kind, counted from it, that
is banned with it: 4 called on 5-6 bans 7 too, 7 called on 5-6 bans 4 too; from the middle, none."""

FURITEN: tuple[tuple[str, Callable[[SeatState, list[int]], bool]], ...] = (
    ("furiten_riichi", lambda st, waits: st.furiten_riichi),
    ("furiten", lambda st, waits: any(d.tile >> 2 in waits for d in st.discards)),
    ("furiten_passed", lambda st, waits: st.furiten_temp),
)
"""The three furiten: a winning tile let pass in riichi (for the rest of the hand), a wait among
the seat's own discards, a winning tile let pass since the seat's last draw or call."""


def unmet(needs: tuple[Need, ...], game: Game, seat: int) -> str | None:
    """The code of the first condition ``seat`` fails, or None when it meets them all."""
    for code, met in needs:
        if not met(game, seat):
            return code
    return None


def furiten(st: SeatState, waits: list[int]) -> str | None:
    """Which furiten keeps the seat from a ron on ``waits``, or None."""
    return next((code for code, holds in FURITEN if holds(st, waits)), None)


def _first_draw(game: Game, seat: int) -> bool:
    """The seat holds its first draw and no call or kan has broken the first go-around."""
    st = game.hand.seats[seat]
    return st.drawn is not None and not game.hand.interrupted and not st.discarded_once


def _each_tile(kind: str) -> tuple[Action, ...]:
    """The action ``kind`` on each of the 136 tiles, made once (actions are immutable values)."""
    return tuple(Action(kind, t) for t in range(136))


DISCARD, RIICHI, TSUMO, RON, SHOUMINKAN = (_each_tile(kind) for kind in ("discard", "riichi", "tsumo", "ron",
                                                                           "shouminkan"))
"""``DISCARD[tile]`` is ``Action("discard", tile)``, and so on: the menus hand these out."""
PASS = Action("pass")


def turn_order_from(seat: int) -> list[int]:
    """The other seats in turn order after ``seat``."""
    return [(seat + i) % 4 for i in (1, 2, 3)]


def offer_class(tile: int, red_fives: bool) -> int:
    """Which tiles the table offers as one choice: the same kind, a red five apart where red fives play.

    >>> offer_class(16, True) == offer_class(17, True), offer_class(16, False) == offer_class(17, False)
    (False, True)
    """
    return (tile >> 2) * 2 + (1 if red_fives and tile in RED_FIVES else 0)


def _distinct(game: Game, tiles: list[int]) -> list[int]:
    """One tile per (kind, red) class, in sorted order."""
    seen: set[int] = set()
    out = []
    red = game.rules.red_fives
    for t in sorted(tiles):
        sig = (t >> 2) * 2 + (1 if red and t in RED_FIVES else 0)  # offer_class, inlined: a hot loop
        if sig not in seen:
            seen.add(sig)
            out.append(t)
    return out


def _combos(game: Game, tiles: list[int], size: int) -> list[tuple[int, ...]]:
    """Distinct (kind, red) combinations of ``size`` tiles from ``tiles``."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for combo in combinations(sorted(tiles), size):
        sig = tuple(sorted(offer_class(t, game.rules.red_fives) for t in combo))
        if sig not in seen:
            seen.add(sig)
            out.append(combo)
    return out


def turn_actions(game: Game, seat: int) -> list[Action]:
    """The menu of the seat whose turn it is."""
    hand = game.hand
    rules = game.rules
    st = hand.seats[seat]
    tiles = st.hand
    distinct = _distinct(game, tiles)
    if hand.after_call:
        return [DISCARD[t] for t in distinct if t >> 2 not in st.kuikae]
    acts: list[Action] = []
    drawn = st.drawn
    if st.riichi and drawn is not None:
        acts.append(DISCARD[drawn])
    else:
        acts.extend(DISCARD[t] for t in distinct)
    if drawn is not None:
        if _drew_a_win(st.hand, drawn) and try_score(list(tiles), st.melds, drawn,
                                                     game.win_context(seat, "tsumo"), rules):
            acts.append(TSUMO[drawn])
        if unmet(RIICHI_NEEDS, game, seat) is None and shanten_of(tiles) <= 0:
            acts.extend(RIICHI[t] for t in distinct if leaves_tenpai(tiles, t))
    if unmet(KAN_NEEDS, game, seat) is None:
        acts.extend(_closed_kans(game, seat))
        for kind in pon_kinds(st):
            acts.extend(SHOUMINKAN[t] for t in distinct if t >> 2 == kind)
    if unmet(KYUUSHU_NEEDS, game, seat) is None:
        acts.append(Action("kyuushu"))
    return acts


def _drew_a_win(tiles: list[int], drawn: int) -> bool:
    """The hand is complete with the tile just drawn: its kind is a wait of the hand held before.

    The table appends a drawn tile, so the hand before it is all but the last tile, the same
    list the waits were asked of at the other seats' discards (a look-up, not a count).
    """
    before = tiles[:-1] if tiles[-1] == drawn else [t for t in tiles if t != drawn]
    return drawn >> 2 in waits_of(before)


def leaves_tenpai(tiles: list[int], discard: int) -> bool:
    """The hand is tenpai once ``discard`` is gone."""
    rest = list(tiles)
    rest.remove(discard)
    return is_tenpai(rest)


def pon_kinds(st: SeatState) -> list[int]:
    """Kinds the seat holds a pon of, in the order it called them (an added kan completes one)."""
    return [m.first_kind for m in st.melds if m.type == "pon"]


def _closed_kans(game: Game, seat: int) -> list[Action]:
    st = game.hand.seats[seat]
    tiles = st.hand
    out: list[Action] = []
    if 4 not in hand_counts(tiles):  # the usual case: no kind held four times
        return out
    for kind in sorted({t >> 2 for t in tiles}):
        four = [t for t in tiles if t >> 2 == kind]
        if len(four) < 4:
            continue
        if st.riichi:
            if st.drawn is None or st.drawn >> 2 != kind:
                continue
            if not _kan_keeps_riichi_waits(tiles, st.drawn, kind):
                continue
        out.append(Action("ankan", None, tuple(four)))
    return out


def _kan_keeps_riichi_waits(tiles: list[int], drawn: int, kind: int) -> bool:
    """A closed kan of ``kind`` in riichi leaves the hand waiting on the same tiles as before the draw.

    The kan holds all four copies of its kind, so that kind is no wait after it: a kan of one of
    the waits changes them.
    """
    before = list(tiles)
    before.remove(drawn)
    after = [w for w in waits_of([t for t in tiles if t >> 2 != kind]) if w != kind]
    return bool(after) and sorted(waits_of(before)) == sorted(after)


def kuikae_kinds(rules: RuleSet, call: str, tile: int, used: tuple[int, ...]) -> frozenset[int]:
    """Kinds the caller may not discard right after this chi or pon."""
    if rules.kuikae_allowed:
        return frozenset()
    kind = tile >> 2
    banned = {kind}
    if call == "chi":
        offset = KUIKAE_SUJI.get(kind - min([kind, *(t >> 2 for t in used)]))
        if offset and 0 <= kind % 9 + offset <= 8:
            banned.add(kind + offset)
    return frozenset(banned)


def _leaves_a_discard(game: Game, hand_tiles: list[int], call: str, tile: int, used: tuple[int, ...]) -> bool:
    rest = list(hand_tiles)
    for t in used:
        rest.remove(t)
    banned = kuikae_kinds(game.rules, call, tile, used)
    return any(t >> 2 not in banned for t in rest)


def discard_offers(game: Game, discarder: int, tile: int) -> tuple[dict[int, list[Action]], set[int]]:
    """Each other seat's options on a discard (with pass), and the seats waiting on it."""
    hand = game.hand
    kind = tile >> 2
    offers: dict[int, list[Action]] = {}
    waiting: set[int] = set()
    for seat in turn_order_from(discarder):
        st = hand.seats[seat]
        acts: list[Action] = []
        if _ron_allowed(game, seat, tile, waiting, "ron"):
            acts.append(RON[tile])
        if unmet(CALL_NEEDS, game, seat) is None:
            same = [t for t in st.hand if t >> 2 == kind]
            if len(same) >= 2:
                for used in _combos(game, same, 2):
                    if _leaves_a_discard(game, st.hand, "pon", tile, used):
                        acts.append(Action("pon", tile, used))
            if len(same) == 3 and unmet(KAN_NEEDS, game, seat) is None:
                acts.append(Action("daiminkan", tile, tuple(same)))
            if seat == (discarder + 1) % 4 and kind < 27:
                acts.extend(_chis(game, st.hand, tile))
        if acts:
            acts.append(PASS)
            offers[seat] = acts
    return offers, waiting


def _chis(game: Game, hand_tiles: list[int], tile: int) -> list[Action]:
    kind = tile >> 2
    pos = kind % 9
    out = []
    near: dict[int, list[int]] = {kind + d: [] for d in (-2, -1, 1, 2)}  # the held tiles two kinds either side
    for t in hand_tiles:
        held = near.get(t >> 2)
        if held is not None:
            held.append(t)
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if pos + a < 0 or pos + b > 8:  # a < b: the run stays within the suit
            continue
        firsts = _distinct(game, near[kind + a])
        seconds = _distinct(game, near[kind + b])
        for x in firsts:
            for y in seconds:
                if _leaves_a_discard(game, hand_tiles, "chi", tile, (x, y)):
                    out.append(Action("chi", tile, (x, y)))
    return out


def kan_offers(game: Game, declarer: int, tile: int, closed: bool) -> tuple[dict[int, list[Action]], set[int]]:
    """Rons that may rob a kan: any waiting hand on an added kan, only kokushi on a closed kan."""
    offers: dict[int, list[Action]] = {}
    waiting: set[int] = set()
    for seat in turn_order_from(declarer):
        st = game.hand.seats[seat]
        if closed and not kokushi_tenpai(st.hand):
            continue
        if _ron_allowed(game, seat, tile, waiting, "ron" if closed else "chankan"):
            offers[seat] = [RON[tile], PASS]
    return offers, waiting


def _ron_allowed(game: Game, seat: int, tile: int, waiting: set[int], how: str) -> bool:
    """Whether ``seat`` may ron ``tile``; a seat whose waits hold it joins ``waiting``."""
    st = game.hand.seats[seat]
    kind = tile >> 2
    waits = waits_of(st.hand)
    if kind not in waits:
        return False
    waiting.add(seat)
    if furiten(st, waits) is not None:
        return False
    ctx = game.win_context(seat, how)
    return try_score([*st.hand, tile], st.melds, tile, ctx, game.rules) is not None


def note_pao(game: Game, seat: int, meld: Meld) -> None:
    """A call that completes the third dragon set or the fourth wind set makes its discarder liable."""
    st = game.hand.seats[seat]
    kinds = [m.first_kind for m in st.melds if m.type != "chi"]
    if meld.first_kind in DRAGONS and "daisangen" in game.rules.pao:
        if sum(k in DRAGONS for k in kinds) == 3:
            st.pao["daisangen"] = meld.from_seat  # type: ignore[assignment]
    if meld.first_kind in WINDS and "daisuushii" in game.rules.pao:
        if sum(k in WINDS for k in kinds) == 4:
            st.pao["daisuushii"] = meld.from_seat  # type: ignore[assignment]


