"""What an AI seat knows: a small, plain snapshot built from its seat view only.

The AI's reasoning works on ``Position`` so that it can be built by hand in tests and
never touches the table's internals; ``from_view`` is the one place that reads a SeatView.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import starmap
from operator import itemgetter
from typing import Any

from game.melds import Meld
from game.tiles import EAST, NUM_KINDS, dora_from_indicator, kind_of

__all__ = ["Discard", "Position", "from_view"]


@dataclass(frozen=True)
class Discard:
    """One discard in a seat's river.

    ``order`` is the discard's place in the hand's global discard sequence (any increasing
    numbering works); ``riichi`` marks the riichi-declaring discard; ``called`` a discard
    another seat took into a meld (it then lies in that meld as well).
    """

    tile: int
    order: int
    riichi: bool = False
    called: bool = False
    tsumogiri: bool = False

    @property
    def kind(self) -> int:
        return self.tile >> 2  # kind_of, inline: every reading of a river asks each discard


@dataclass(frozen=True)
class Position:
    """A seat's knowledge of the hand in play (absolute seats 0..3)."""

    seat: int
    hand: tuple[int, ...]
    """Own concealed physical tiles, a just-drawn tile included."""
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[Discard, ...], ...]
    dora_indicators: tuple[int, ...]
    dealer: int
    round_wind: int = EAST
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000)
    honba: int = 0
    sticks: int = 0
    wall_left: int = 70
    all_last: bool = False
    """True in the game's last planned hand (placement matters more than points)."""
    red_fives: bool = False
    riichi_seats: tuple[int, ...] = ()
    """Seats whose riichi is declared (accepted or pending)."""
    exact_order: bool = True
    """False when discard orders are guessed from turn order (calls shift them by a few)."""
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # --- derived facts, computed once ---
    def seat_wind(self, seat: int) -> int:
        return EAST + (seat - self.dealer) % 4

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def counts(self) -> list[int]:
        """34-count of the own concealed hand (a fresh list)."""
        c = [0] * NUM_KINDS
        for t in self.hand:
            c[t >> 2] += 1
        return c

    @property
    def my_melds(self) -> tuple[Meld, ...]:
        return self.melds[self.seat]

    @property
    def is_closed(self) -> bool:
        return all(not m.opened for m in self.my_melds)

    @property
    def in_riichi(self) -> bool:
        return self.seat in self.riichi_seats

    @property
    def dora_kinds(self) -> list[int]:
        """How many han each kind is worth as dora (34 entries)."""
        if "dora" not in self._cache:
            d = [0] * NUM_KINDS
            for ind in self.dora_indicators:
                d[dora_from_indicator(kind_of(ind))] += 1
            self._cache["dora"] = d
        return self._cache["dora"]

    @property
    def dora_items(self) -> tuple[tuple[int, int], ...]:
        """(kind, han as dora) of each kind that is dora."""
        if "dora_items" not in self._cache:
            self._cache["dora_items"] = tuple((k, n) for k, n in enumerate(self.dora_kinds) if n)
        return self._cache["dora_items"]

    @property
    def seen(self) -> list[int]:
        """34-count of every tile visible to this seat outside its concealed hand."""
        if "seen" not in self._cache:
            s = [0] * NUM_KINDS
            for river in self.discards:
                for d in river:
                    if not d.called:
                        s[d.tile >> 2] += 1
            for seat_melds in self.melds:
                for m in seat_melds:
                    for t in m.tiles:
                        s[t >> 2] += 1
            for t in self.dora_indicators:
                s[t >> 2] += 1
            self._cache["seen"] = [n if n < 4 else 4 for n in s]
        return self._cache["seen"]

    @property
    def visible(self) -> list[int]:
        """``seen`` plus the own hand: copies of each kind this seat can account for."""
        if "visible" not in self._cache:
            v = list(self.seen)
            for t in self.hand:
                v[t >> 2] += 1
            self._cache["visible"] = [n if n < 4 else 4 for n in v]
        return self._cache["visible"]

    @property
    def unseen_total(self) -> int:
        if "unseen" not in self._cache:
            self._cache["unseen"] = max(1, 136 - sum(self.visible))
        return self._cache["unseen"]

    def derived(self, name: str, work_out: Callable[[Position], Any]) -> Any:
        """``work_out(self)``, worked out once for this position and kept under ``name``."""
        if name not in self._cache:
            self._cache[name] = work_out(self)
        return self._cache[name]

    def with_own(self, hand: Sequence[int], melds: tuple[Meld, ...]) -> Position:
        """The same position with this seat's concealed tiles and melds replaced (as after a
        call), its derived facts worked out afresh."""
        seats = tuple(melds if s == self.seat else m for s, m in enumerate(self.melds))
        return replace(self, hand=tuple(hand), melds=seats, _cache={})

    def riichi_order(self, seat: int) -> int | None:
        """The global order of the seat's riichi-declaring discard, or None."""
        for d in self.discards[seat]:
            if d.riichi:
                return d.order
        if seat in self.riichi_seats and self.discards[seat]:
            return self.discards[seat][-1].order
        return None

    def safe_kinds(self, seat: int) -> set[int]:
        """Kinds that cannot deal in to ``seat`` (its furiten): its own discards, after its riichi
        every kind anyone discarded since, and without riichi every kind passed since its last
        discard (its hand has not changed since: it does not wait on them, or it let them go and
        cannot ron them before it discards again)."""
        key = f"safe{seat}"
        if key not in self._cache:
            safe = {d.kind for d in self.discards[seat]}
            order = self.riichi_order(seat) if seat in self.riichi_seats else None
            if order is not None:
                margin = 0 if self.exact_order else 3
                for s, river in enumerate(self.discards):
                    after = order if s == seat else order + margin
                    safe.update(d.kind for d in river if d.order > after)
            elif self.exact_order and self.discards[seat]:
                last = self.discards[seat][-1].order
                for s, river in enumerate(self.discards):
                    if s != seat:
                        safe.update(d.kind for d in river if d.order > last)
            self._cache[key] = safe
        return self._cache[key]

    @property
    def turn(self) -> int:
        """How many discards this seat has made."""
        return len(self.discards[self.seat])

    def placement(self, seat: int | None = None) -> int:
        """0 for first .. 3 for last by score (ties go to the seat nearer the first dealer)."""
        seat = self.seat if seat is None else seat
        order = sorted(range(4), key=lambda s: (-self.scores[s], s))
        return order.index(seat)


_MISSING = object()


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` an object (or dict) has."""
    if isinstance(obj, dict):
        for name in names:
            if name in obj:
                return obj[name]
        return default
    for name in names:
        value = getattr(obj, name, _MISSING)
        if value is not _MISSING:
            return value
    return default


def _meld(m: Any) -> Meld:
    if isinstance(m, Meld):
        return m
    return Meld(m["type"], tuple(m["tiles"]), m.get("called"), m.get("from_seat"), m.get("added"))


_VIEW_FIELDS = itemgetter("tile", "order", "riichi", "called", "tsumogiri")
"""A discard as the table's view gives it (a dict of every field), read in one call: ``_discard``'s arguments."""
_ORDER = itemgetter(1)


def _rivers_from(rivers: Sequence[Sequence[Any]], dealer: int) -> tuple[tuple[tuple[Discard, ...], ...], bool]:
    """Each seat's discards, and whether every one came with its global order."""
    out = []
    exact = True
    for seat, river in enumerate(rivers):
        try:
            fields = list(map(_VIEW_FIELDS, river))
        except (TypeError, KeyError):  # not every discard a whole dict: each is read by itself
            fields = None
        if fields is not None and None not in map(_ORDER, fields):
            out.append(tuple(starmap(_discard, fields)))
        else:
            out.append(_discards_from(river, seat, dealer))
            exact = exact and all(isinstance(d, dict) and "order" in d for d in river)
    return tuple(out), exact


def _discards_from(river: Sequence[Any], seat: int, dealer: int) -> tuple[Discard, ...]:
    """Discards with their global order; without one in the view, turn order is assumed."""
    out = []
    offset = (seat - dealer) % 4
    for i, d in enumerate(river):
        guess = i * 4 + offset
        if isinstance(d, int):
            out.append(Discard(d, guess))
            continue
        if isinstance(d, dict):  # one look-up per field (what _get does for a single name)
            get = d.get
            tile, order, riichi, called, tsumogiri = (get("tile"), get("order"), get("riichi", False),
                                                      get("called", False), get("tsumogiri", False))
        else:
            tile, order, riichi, called, tsumogiri = (getattr(d, "tile", None), getattr(d, "order", None),
                                                      getattr(d, "riichi", False), getattr(d, "called", False),
                                                      getattr(d, "tsumogiri", False))
        out.append(_discard(tile, guess if order is None else order, riichi, called, tsumogiri))
    return tuple(out)


@lru_cache(maxsize=2048)
def _discard(tile: int, order: int, riichi: Any, called: Any, tsumogiri: Any) -> Discard:
    """The Discard of these fields (the flags read as bools), made once: every decision reads every
    river again. A hand's discards fit many times over; older hands' are let go."""
    return Discard(tile, order, bool(riichi), bool(called), bool(tsumogiri))


_LAST_INDEX = {"single": 0, "east": 3, "south": 7}


def _all_last(view: Any, rules: Any) -> bool:
    flag = _get(view, "all_last", default=None)
    if flag is not None:
        return bool(flag)
    length = _get(rules, "game_length", default="south") if rules is not None else "south"
    if length == "single":
        return True
    return _get(view, "hand_index", default=0) >= _LAST_INDEX.get(length, 7)


def from_view(view: Any) -> Position:
    """The Position a seat view describes (reads nothing but the view)."""
    seat = _get(view, "seat")
    dealer = _get(view, "dealer")
    rules = _get(view, "rules")
    discards, exact_order = _rivers_from(_get(view, "discards"), dealer)
    riichi = _get(view, "riichi", default=None)
    if riichi is None:
        riichi_seats = tuple(s for s in range(4) if any(d.riichi for d in discards[s]))
    else:
        riichi_seats = tuple(s for s in range(4) if riichi[s])
    red = _get(rules, "red_fives", default=False) if rules is not None else _get(view, "red_fives", default=False)
    return Position(
        seat=seat,
        hand=tuple(_get(view, "hand")),
        melds=tuple(tuple(_meld(m) for m in ms) for ms in _get(view, "melds")),
        discards=discards,
        dora_indicators=tuple(_get(view, "dora_indicators")),
        dealer=dealer,
        round_wind=_get(view, "round_wind", default=EAST),
        scores=tuple(_get(view, "scores")),
        honba=_get(view, "honba", default=0),
        sticks=_get(view, "sticks", default=0),
        wall_left=_get(view, "live_left", default=70),
        all_last=_all_last(view, rules),
        red_fives=bool(red),
        riichi_seats=riichi_seats,
        exact_order=exact_order,
    )
