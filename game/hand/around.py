"""A tenpai hand built around tiles that must be in it, from the tiles still available.

When a seat whose concealed tiles are unknown declares riichi, its hand must have been tenpai;
an mjai bot rebuilding the table picks such a hand from the tiles it has never seen.

>>> from collections import Counter
>>> from game.tiles import parse_kinds
>>> pool = Counter(parse_kinds("123456789m1234p"))
>>> added = tenpai_around([30, 30, 30], 10, pool)
>>> counts = [0] * 34
>>> for kind in [30, 30, 30, *added]:
...     counts[kind] += 1
>>> len(added), shanten(counts), added
(10, 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from game.hand.shanten import shanten

__all__ = ["tenpai_around"]

Group = tuple[int, ...]


def tenpai_around(fixed: list[int], free: int, pool: Counter[int]) -> list[int] | None:
    """``free`` kinds from ``pool`` that make ``fixed`` + them a tenpai hand, or None when the
    pool cannot; ``pool`` is not changed.

    The hand is a complete one less its wait, so the wait itself need not be in the pool.
    """
    size = len(fixed) + free + 1
    if free < 0 or size % 3 != 2:
        return None
    everywhere = Counter(fixed) + pool
    no_wait = frozenset(k for k, n in everywhere.items() if n >= 4)  # a wait on a fifth copy is none
    found = _cover(Counter(fixed), Counter(pool), (size - 2) // 3, True, None, no_wait)
    if found is None:
        return None
    added, wait = found
    if wait is None:
        wait = added[0]
    added.remove(wait)
    return added if _is_tenpai([*fixed, *added]) else None  # a wait on a fifth copy is none


def _is_tenpai(kinds: list[int]) -> bool:
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    return max(counts) <= 4 and shanten(counts) == 0


Found = tuple[list[int], "int | None"]
"""The kinds added to the hand, and the one of them not taken from the pool (the wait), if any."""


def _cover(fixed: Counter[int], pool: Counter[int], sets: int, pair: bool, wait: int | None,
           no_wait: frozenset[int]) -> Found | None:
    """Kinds that complete ``sets`` sets (and a pair) holding every fixed tile, from the pool but
    for at most one (the wait)."""
    left = sorted(k for k, n in fixed.items() if n > 0)
    if not sets and not pair:
        return None if left else ([], wait)
    if left:
        return _first_cover(_groups_with(left[0], sets, pair), fixed, pool, sets, pair, wait, no_wait)
    for kind in sorted(k for k, n in pool.items() if n > 0):
        starts = [(g, p) for g, p in _groups_with(kind, sets, pair) if g[0] == kind]
        if any(_take(g, fixed, pool, wait, no_wait) is not None for g, _ in starts):
            # from the pool alone, the groups of the lowest kind that can start one will do
            return _first_cover(iter(starts), fixed, pool, sets, pair, wait, no_wait)
    return None


def _first_cover(groups: Iterator[tuple[Group, bool]], fixed: Counter[int], pool: Counter[int], sets: int,
                 pair: bool, wait: int | None, no_wait: frozenset[int]) -> Found | None:
    """The first of ``groups`` with which the rest of the hand can be completed."""
    for group, is_pair in groups:
        taken = _take(group, fixed, pool, wait, no_wait)
        if taken is None:
            continue
        kinds, new_wait = taken
        from_pool = Counter(kinds)
        if new_wait is not None and wait is None:
            from_pool[new_wait] -= 1
        used = Counter(group) - Counter(kinds)
        rest = _cover(fixed - used, pool - from_pool, sets - (not is_pair), pair and not is_pair, new_wait, no_wait)
        if rest is not None:
            return kinds + rest[0], rest[1]
    return None


def _groups_with(kind: int, sets: int, pair: bool) -> Iterator[tuple[Group, bool]]:
    """The groups that could hold a tile of ``kind``: a triplet, a run, or the pair."""
    if sets:
        yield (kind,) * 3, False
        if kind < 27:
            for start in (kind - 2, kind - 1, kind):
                if start >= 0 and start // 9 == (start + 2) // 9 == kind // 9:
                    yield (start, start + 1, start + 2), False
    if pair:
        yield (kind,) * 2, True


def _take(group: Group, fixed: Counter[int], pool: Counter[int], wait: int | None,
          no_wait: frozenset[int]) -> Found | None:
    """The kinds of ``group`` not covered by fixed tiles, if the pool holds them (one may be
    the wait when none has been chosen yet and it is not in ``no_wait``), and the wait after
    this group."""
    need = Counter(group) - fixed
    short = Counter({k: n - pool[k] for k, n in need.items() if n > pool[k]})
    if not short:
        return list(need.elements()), wait
    if wait is None and sum(short.values()) == 1 and next(iter(short)) not in no_wait:
        return list(need.elements()), next(iter(short))
    return None
