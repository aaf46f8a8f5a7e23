"""Hand analysis: shanten, completeness, waits, ukeire and discard choices.

A hand is a 34-long count list of its concealed tiles (``counts_of(kinds)``); the number of
called groups is implied by the tile count (14 or 13 minus 3 per meld). Shanten counts the
tiles still missing, minus one: -1 is a complete hand, 0 is tenpai. For a 3n+2 hand it is the
shanten after the best discard.

The numbers are exact for the definition "tiles needed to reach some complete hand that holds
at most four copies of each kind": a wait on a kind the hand already holds four of does not
count (``1111m234p567p789s`` is 1-shanten), and seven pairs must be seven different kinds.

>>> from game.tiles import counts_of, parse_kinds
>>> shanten(counts_of(parse_kinds("1111m234p567p789s")))
1
>>> [kind_name(k) for k in waits(counts_of(parse_kinds("1112345678999m")))]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.hand.shanten_tables import (
    STAT_ORPHAN_PAIRS, STAT_ORPHANS, STAT_PAIRS, STAT_SINGLES, TABLES, clear_cache, draw_outcomes,
    hand_summary, table_of,
)
from game.tiles import NUM_KINDS, TERMINALS_AND_HONORS, kind_name

__all__ = [
    "NOT_APPLICABLE", "DiscardOption", "shanten", "shanten_regular", "shanten_chiitoitsu",
    "shanten_kokushi", "shanten_forms", "is_complete", "waits", "ukeire", "discard_options", "clear_cache",
]

NOT_APPLICABLE = 99
"""Shanten given for seven pairs and thirteen orphans when the hand has called groups."""

_SIZES = frozenset((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
_BYTE = 0xFF


class DiscardOption(NamedTuple):
    """One discard from a 3n+2 hand: the shanten left and the draws that would lower it."""

    kind: int
    shanten: int
    ukeire: list[tuple[int, int]]

    @property
    def total(self) -> int:
        """How many unseen tiles lower the shanten after this discard."""
        return sum(n for _, n in self.ukeire)


def _summary(counts: Sequence[int]) -> tuple[int, int, int]:
    """``(table id, stats, tile count)``, refusing shapes no concealed hand can have."""
    if len(counts) != NUM_KINDS:
        raise ValueError(f"a hand is a list of {NUM_KINDS} counts, got {len(counts)}")
    whole, stats = hand_summary(counts)
    n = stats & _BYTE
    if n not in _SIZES:
        raise ValueError(f"a concealed hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles, got {n}")
    return whole, stats, n


def _regular(whole: int, n: int) -> int:
    groups = n // 3
    return 3 * groups + 1 - table_of(whole)[2 * groups + 1]


def _chiitoitsu(stats: int) -> int:
    pairs = stats >> STAT_PAIRS & _BYTE
    singles = stats >> STAT_SINGLES & _BYTE
    return 13 - 2 * pairs - min(singles, 7 - pairs)


def _kokushi(stats: int) -> int:
    return 13 - (stats >> STAT_ORPHANS & _BYTE) - (1 if stats >> STAT_ORPHAN_PAIRS & _BYTE else 0)


def shanten_regular(counts: Sequence[int]) -> int:
    """Shanten towards groups and a pair (any number of called groups)."""
    whole, _stats, n = _summary(counts)
    return _regular(whole, n)


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten towards seven different pairs; ``NOT_APPLICABLE`` below 13 tiles."""
    _whole, stats, n = _summary(counts)
    return _chiitoitsu(stats) if n >= 13 else NOT_APPLICABLE


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten towards thirteen orphans; ``NOT_APPLICABLE`` below 13 tiles."""
    _whole, stats, n = _summary(counts)
    return _kokushi(stats) if n >= 13 else NOT_APPLICABLE


def shanten_forms(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(regular, seven pairs, thirteen orphans, lowest) shanten from one look at the hand;
    the two special forms are ``NOT_APPLICABLE`` below 13 tiles."""
    whole, stats, n = _summary(counts)
    if n >= 13:
        return _regular(whole, n), _chiitoitsu(stats), _kokushi(stats), _best(whole, stats, n)
    return _regular(whole, n), NOT_APPLICABLE, NOT_APPLICABLE, _best(whole, stats, n)


def shanten(counts: Sequence[int]) -> int:
    """The lowest shanten of the three forms: -1 complete, 0 tenpai."""
    if len(counts) == NUM_KINDS:  # the usual sound hand, without the layer of checks
        whole, stats = hand_summary(counts)
        n = stats & _BYTE
        if n in _SIZES:
            return _best(whole, stats, n)
    return _best(*_summary(counts))  # raises, saying what is wrong with the hand


_TOP = tuple(3 * (n // 3) + 1 for n in range(15))
"""By tile count: the shanten of a hand that overlaps no complete hand at all."""
_COLUMN = tuple(2 * (n // 3) + 1 for n in range(15))
"""By tile count: where a table holds the best overlap of that many groups and a pair."""


def _best(whole: int, stats: int, n: int, _tables: list[tuple[int, ...]] = TABLES) -> int:
    """The lowest shanten of the three forms, from a hand's table id, stats and size."""
    best = _TOP[n] - _tables[whole][_COLUMN[n]]
    if n >= 13 and best >= 0:
        # seven pairs and kokushi are looked at only where their bounds say they could do better
        if 6 - (stats >> STAT_PAIRS & _BYTE) < best:
            best = min(best, _chiitoitsu(stats))
        if 12 - (stats >> STAT_ORPHANS & _BYTE) < best:
            best = min(best, _kokushi(stats))
    return best


def is_complete(counts: Sequence[int]) -> bool:
    """True when a 3n+2 hand is a winning shape (groups and a pair, seven pairs, kokushi)."""
    n = _summary(counts)[2]
    if n % 3 != 2:
        raise ValueError(f"only a hand of 3n+2 tiles can be complete, this one has {n}")
    return shanten(counts) == -1


def _draw_size(counts: Sequence[int]) -> int:
    n = _summary(counts)[2]
    if n % 3 != 1:
        raise ValueError(f"waits and ukeire are for a hand of 3n+1 tiles, this one has {n}")
    return n


def _neighbours(counts: Sequence[int]) -> set[int]:
    """Kinds within two ranks of a held tile of their suit, and held honours."""
    near: set[int] = set()
    for kind, held in enumerate(counts):
        if not held:
            continue
        if kind >= 27:
            near.add(kind)
            continue
        rank, base = kind % 9, kind - kind % 9
        near.update(range(base + max(0, rank - 2), base + min(8, rank + 2) + 1))
    return near


def waits(counts: Sequence[int]) -> list[int]:
    """Kinds that complete a 3n+1 hand, leaving out kinds it already holds all four of.

    Empty unless the hand is tenpai.
    """
    n = _draw_size(counts)
    if shanten(counts) != 0:
        return []
    # a winning tile joins a held one in a group or pair, except for kokushi's single orphans
    candidates = _neighbours(counts) | (set(TERMINALS_AND_HONORS) if n == 13 else set())
    drawable = sorted(kind for kind in candidates if counts[kind] < 4)
    return [kind for kind, after in _draws(counts, drawable) if after == -1]


def _draws(hand: Sequence[int], kinds: list[int]) -> list[tuple[int, int]]:
    """``(kind, shanten after drawing it)`` for each of ``kinds`` (ascending, none held 4 times)."""
    n = sum(hand) + 1
    if n < 13:
        return [(kind, _best(whole, stats, n)) for kind, whole, stats in draw_outcomes(hand, kinds)]
    # _best inlined for the usual full hand: this loop runs for every draw of every discard the AI weighs
    groups = n // 3
    top, column, tables = 3 * groups + 1, 2 * groups + 1, TABLES
    out = []
    for kind, whole, stats in draw_outcomes(hand, kinds):
        best = top - tables[whole][column]
        if best >= 0:
            if 6 - (stats >> STAT_PAIRS & _BYTE) < best:
                best = min(best, _chiitoitsu(stats))
            if 12 - (stats >> STAT_ORPHANS & _BYTE) < best:
                best = min(best, _kokushi(stats))
        out.append((kind, best))
    return out


def _check_seen(counts: Sequence[int], seen: Sequence[int] | None) -> Sequence[int]:
    if seen is None:
        return (0,) * NUM_KINDS
    if len(seen) != NUM_KINDS:
        raise ValueError(f"seen is a list of {NUM_KINDS} counts, got {len(seen)}")
    for kind, (mine, out) in enumerate(zip(counts, seen)):
        if out < 0 or mine + out > 4:
            raise ValueError(f"{kind_name(kind)}: {mine} in hand and {out} seen is not 0..4 copies in all")
    return seen


def ukeire(counts: Sequence[int], seen: Sequence[int] | None = None) -> list[tuple[int, int]]:
    """For a 3n+1 hand: ``(kind, unseen copies)`` for each draw that lowers the shanten.

    ``seen`` counts every tile the seat can see outside its concealed hand (discards, melds,
    dora indicators); unseen copies are ``4 - counts[kind] - seen[kind]`` (possibly 0).
    Kinds the hand holds all four of are never listed.
    """
    _draw_size(counts)
    seen = _check_seen(counts, seen)
    return _ukeire(counts, seen, shanten(counts))


def _ukeire(hand: Sequence[int], seen: Sequence[int], now: int) -> list[tuple[int, int]]:
    # every kind, near or far: 1111m is 1-shanten, and drawing any other kind at all, say 9p,
    # makes it tenpai (111m and a 9p pair wait), so far kinds cannot be skipped
    drawable = [kind for kind in range(NUM_KINDS) if hand[kind] < 4]
    return [(kind, 4 - hand[kind] - seen[kind]) for kind, after in _draws(hand, drawable) if after < now]


def discard_options(counts: Sequence[int], seen: Sequence[int] | None = None) -> list[DiscardOption]:
    """For a 3n+2 hand: each distinct discard with the shanten it leaves and its ukeire.

    The discarded tile counts as seen (it lies in the river). Sorted best first: lowest
    shanten, then most unseen improving tiles, then kind.
    """
    n = _summary(counts)[2]
    if n % 3 != 2:
        raise ValueError(f"discard options are for a hand of 3n+2 tiles, this one has {n}")
    seen = list(_check_seen(counts, seen))
    hand = list(counts)
    options: list[DiscardOption] = []
    for kind in range(NUM_KINDS):
        if not hand[kind]:
            continue
        hand[kind] -= 1
        seen[kind] += 1
        left = shanten(hand)
        options.append(DiscardOption(kind, left, _ukeire(hand, seen, left)))
        seen[kind] -= 1
        hand[kind] += 1
    options.sort(key=lambda o: (o.shanten, -o.total, o.kind))
    return options
