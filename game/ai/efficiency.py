"""Tile efficiency: shanten and ukeire per discard, and a speed estimate (chance to win).

Ukeire counts only copies this seat has not seen (``Position.seen``). The win chance is a
small Markov chain over shanten: each turn the hand advances with the chance of drawing
(or being able to call) one of its useful tiles.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Protocol

from game.hand.shanten import discard_draws, shanten, ukeire

__all__ = ["NEXT_UKEIRE", "Option", "Shape", "discard_candidates", "hand_speed", "tenpai_waits", "waits_ahead",
           "wider_waits_ahead", "win_chance"]

NEXT_UKEIRE = (6, 16, 26, 34, 40, 44, 46, 48, 50)
"""Typical useful-tile counts of the later stages (index = shanten)."""


class Option(NamedTuple):
    """A discard kind with the hand's shanten and useful tiles after it (a named tuple: every
    weighing makes one for each kind held)."""

    kind: int
    shanten: int
    ukeire: int
    useful: tuple[int, ...]


@lru_cache(maxsize=16384)
def _useful(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Kinds that lower the shanten of a 3n+1 hand (they do not depend on what is seen, so a
    hand met again on a later turn or decision costs a lookup)."""
    return tuple(k for k, _ in ukeire(list(hand)))


@lru_cache(maxsize=16384)
def _shanten(hand: tuple[int, ...]) -> int:
    return shanten(list(hand))


def _count_useful(counts: list[int], seen: list[int], kinds: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Unseen copies of the useful kinds, and the kinds that still have copies left."""
    total = 0
    live = []
    for k in kinds:
        n = 4 - counts[k] - seen[k]
        if n > 0:
            total += n
            live.append(k)
    return total, tuple(live)


def discard_candidates(counts: list[int], seen: list[int], slack: int = 0,
                       kinds: list[int] | None = None) -> list[Option]:
    """Options for a 3n+2 hand: the shanten after each discard, and ukeire for those within
    ``slack`` of the best shanten (the others get ukeire -1, not computed)."""
    kinds = [k for k in range(34) if counts[k]] if kinds is None else kinds
    out = []
    for k, s, useful in discard_draws(counts, kinds, slack):
        if useful is None:
            out.append(Option(k, s, -1, ()))
        else:
            # the discard leaves the hand and lies in the river: the unseen copies of every kind stay
            total, live = _count_useful(counts, seen, useful)
            out.append(Option(k, s, total, live))
    return out


def hand_speed(counts: list[int], seen: list[int]) -> tuple[int, int]:
    """Shanten and ukeire of a 3n+1 hand."""
    key = tuple(counts)
    return _shanten(key), _count_useful(counts, seen, _useful(key))[0]


@lru_cache(maxsize=2048)
def _tenpai_routes(hand: tuple[int, ...], draws: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For a 1-shanten 3n+1 hand and each of ``draws`` (useful kinds): the waits of every
    tenpai the draw allows (one per discard), whatever is seen."""
    counts = list(hand)
    kinds = [k for k in range(34) if counts[k]]
    out = []
    for k in draws:
        counts[k] += 1
        held = kinds if counts[k] > 1 else sorted(kinds + [k])
        out.append(tuple(w for _, s, w in discard_draws(counts, held, 0) if s == 0 and w))
        counts[k] -= 1
    return tuple(out)


def tenpai_waits(counts: list[int], seen: list[int]) -> float:
    """The live winning tiles a 1-shanten hand (3n+1 tiles) can expect once tenpai: for each
    useful draw, weighted by its unseen copies, the widest wait a discard after it leaves.

    >>> from game.tiles import counts_of, parse_kinds
    >>> tenpai_waits(counts_of(parse_kinds("123456m23p56s9s11z")), [0] * 34)  # every tenpai waits on two sides
    8.0
    >>> tenpai_waits(counts_of(parse_kinds("123456m13p57s99s1z")), [0] * 34)  # either draw leaves a closed wait
    4.0
    """
    key = tuple(counts)
    live = _count_useful(counts, seen, _useful(key))[1]  # draws with a copy left (routes are kept by them)
    total = weight = 0.0
    for k, waits in zip(live, _tenpai_routes(key, live)):
        copies = 4 - counts[k] - seen[k]
        best = 0
        for wait in waits:
            best = max(best, sum(max(0, 4 - counts[w] - seen[w] - (w == k)) for w in wait))
        total += copies * best
        weight += copies
    return total / weight if weight else float(NEXT_UKEIRE[0])


def waits_ahead(counts: list[int], seen: list[int], kind: int) -> float:
    """``tenpai_waits`` of a 1-shanten hand after discarding ``kind`` (3n+2 counts), to a tenth.

    >>> from game.tiles import counts_of, parse_kinds
    >>> hand = counts_of(parse_kinds("23568m115678p123s"))
    >>> waits_ahead(hand, [0] * 34, 7), waits_ahead(hand, [0] * 34, 4)  # without the 8m, or the 5m
    (9.0, 5.3)
    """
    after = list(counts)
    after[kind] -= 1
    return round(tenpai_waits(after, seen), 1)


class Shape(Protocol):
    """What a discard leaves, as ``Option`` and the coach's figures give it."""

    @property
    def kind(self) -> int: ...
    @property
    def shanten(self) -> int: ...
    @property
    def ukeire(self) -> int: ...


def wider_waits_ahead(counts: list[int], seen: list[int], ours: Shape, theirs: Shape) -> list[float] | None:
    """Both discards leaving 1-shanten with useful tiles: the waits ahead [ours, theirs] when
    ours is the wider, else None (how the review and the coach tell a choice made for its waits).

    >>> from game.tiles import counts_of, parse_kinds
    >>> hand = counts_of(parse_kinds("23568m115678p123s"))
    >>> wider_waits_ahead(hand, [0] * 34, Option(7, 1, 12, ()), Option(4, 1, 12, ()))
    [9.0, 5.3]
    """
    if not (ours.shanten == theirs.shanten == 1 and ours.ukeire > 0 and theirs.ukeire > 0):
        return None
    waits = [waits_ahead(counts, seen, shape.kind) for shape in (ours, theirs)]
    return waits if waits[0] > waits[1] else None


_WIN_CHANCES: dict[tuple[int, int, int, int, float, float, float, float], float] = {}
"""``win_chance`` by its arguments, emptied when full: a plain dict of numbers, which the
garbage collector soon stops walking (an ``lru_cache`` of this size cost a full collection
about 10 ms)."""
_WIN_CHANCES_LIMIT = 1 << 16


def win_chance(sh: int, uk: int, turns: int, unseen: int, call_factor: float = 0.0,
               ron_factor: float = 1.5, hazard: float = 0.0, wait: float | None = None) -> float:
    """Chance to win within ``turns`` own draws from shanten ``sh`` with ``uk`` useful tiles.

    Each turn the seat draws once; ``call_factor`` adds the chance of calling a useful tile
    from the others' discards (open hands), ``ron_factor`` the extra chances of winning on
    others' discards when tenpai; ``hazard`` is the chance per turn that the hand ends
    first (another seat wins); ``wait`` the winning tiles expected once tenpai (default: a
    typical ``NEXT_UKEIRE[0]``).
    """
    key = (sh, uk, turns, unseen, call_factor, ron_factor, hazard,
           float(NEXT_UKEIRE[0]) if wait is None else wait)
    found = _WIN_CHANCES.get(key)
    if found is None:
        if len(_WIN_CHANCES) >= _WIN_CHANCES_LIMIT:
            _WIN_CHANCES.clear()
        found = _WIN_CHANCES[key] = _win_chance(*key)
    return found


def _win_chance(sh: int, uk: int, turns: int, unseen: int, call_factor: float, ron_factor: float,
                hazard: float, wait: float) -> float:
    if sh < 0:
        return 1.0
    if turns <= 0 or unseen <= 0:
        return 0.0
    unseen = max(unseen, 1)
    probs = []  # by shanten level: the chance a turn takes the hand one level closer
    for level in range(sh + 1):
        useful = uk if level == sh else wait if level == 0 else NEXT_UKEIRE[min(level, len(NEXT_UKEIRE) - 1)]
        p = min(0.95, useful / unseen)
        probs.append(1.0 - (1.0 - p) ** (1.0 + (ron_factor if level == 0 else call_factor)))
    # the chance of being at each level (index = shanten), moved one turn at a time in place
    state = [0.0] * sh + [1.0]
    won = 0.0
    alive = 1.0 - hazard
    win, stay = probs[0], 1 - probs[0]
    levels = range(1, sh + 1)
    for _ in range(turns):
        here = state[0] * alive
        won += here * win
        below = here * stay  # what the level below the next one keeps
        for level in levels:
            here = state[level] * alive
            moved = here * probs[level]
            state[level - 1] = below + moved
            below = here - moved
        state[sh] = below
    return won
