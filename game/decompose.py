"""Every reading of a complete hand: four groups and a pair, seven pairs, or thirteen orphans.

A *reading* splits the concealed tiles into groups. Groups are small ints so that readings
are cheap to cache and compare: a run starting at kind ``k`` is ``k`` (0..26), a triplet of
kind ``k`` is ``TRIPLET + k``. Readings depend only on the 34 counts, so they are cached per
count key; the AI asks for the same hands many times.

The winning tile matters for the wait, so ``win_placements`` lists each place in a reading
where the winning kind can sit, with the wait it makes (tanki, shanpon, kanchan, penchan,
ryanmen).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, product
from typing import NamedTuple

from game.melds import Meld
from game.tiles import TERMINALS_AND_HONORS

__all__ = [
    "TRIPLET", "REGULAR", "CHIITOITSU", "KOKUSHI", "WAITS", "Reading",
    "decompositions", "readings_of", "regular_readings", "chiitoitsu_pairs", "is_kokushi",
    "win_placements", "group_kind", "is_run", "clear_cache",
]

TRIPLET = 34
"""Offset of triplet codes: ``TRIPLET + kind``; a smaller code is a run's first kind."""

REGULAR, CHIITOITSU, KOKUSHI = "regular", "chiitoitsu", "kokushi"
WAITS = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki")

_KOKUSHI_KINDS = frozenset(TERMINALS_AND_HONORS)
_CACHE_LIMIT = 200_000


class Reading(NamedTuple):
    """One way to read the concealed tiles.

    ``form`` is ``regular``, ``chiitoitsu`` or ``kokushi``. For a regular reading ``pair``
    is the pair's kind and ``groups`` the concealed groups (codes, sorted). For seven pairs
    ``groups`` holds the seven pair kinds and ``pair`` is -1; for kokushi ``pair`` is the
    doubled kind and ``groups`` is empty.
    """

    form: str
    pair: int
    groups: tuple[int, ...]


def is_run(group: int) -> bool:
    return group < TRIPLET


def group_kind(group: int) -> int:
    """The run's first kind, or the triplet's kind."""
    return group if group < TRIPLET else group - TRIPLET


# --- one suit ---------------------------------------------------------------------------

_suit_sets_cache: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _suit_sets(c: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """All ways to split nine counts of one suit into runs and triplets (relative codes)."""
    found = _suit_sets_cache.get(c)
    if found is not None:
        return found
    i = next((k for k in range(9) if c[k]), -1)
    if i < 0:
        result: tuple[tuple[int, ...], ...] = ((),)
    else:
        ways: set[tuple[int, ...]] = set()
        if c[i] >= 3:
            rest = c[:i] + (c[i] - 3,) + c[i + 1:]
            for sub in _suit_sets(rest):
                ways.add(tuple(sorted((TRIPLET + i, *sub))))
        if i <= 6 and c[i + 1] and c[i + 2]:
            rest = c[:i] + (c[i] - 1, c[i + 1] - 1, c[i + 2] - 1) + c[i + 3:]
            for sub in _suit_sets(rest):
                ways.add(tuple(sorted((i, *sub))))
        result = tuple(sorted(ways))
    _suit_sets_cache[c] = result
    return result


def _shift(groups: tuple[int, ...], base: int) -> tuple[int, ...]:
    return tuple(g + base for g in groups)


def _suit_options(c: tuple[int, ...], base: int, with_pair: bool) -> list[tuple[int, tuple[int, ...]]]:
    """(pair kind or -1, groups) for one suit at absolute offset ``base``."""
    if not with_pair:
        return [(-1, _shift(g, base)) for g in _suit_sets(c)]
    out: list[tuple[int, tuple[int, ...]]] = []
    for j in range(9):
        if c[j] >= 2:
            rest = c[:j] + (c[j] - 2,) + c[j + 1:]
            out.extend((base + j, _shift(g, base)) for g in _suit_sets(rest))
    return out


# --- whole hand -------------------------------------------------------------------------

_regular_cache: dict[bytes, tuple[Reading, ...]] = {}
_suit_options_cache: dict[tuple[bytes, int], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def clear_cache(suit_tables: bool = True) -> None:
    """Forget cached readings (for a cold benchmark, or to free memory); ``suit_tables=False``
    keeps the per-suit splits, which are few and shared by every hand."""
    _regular_cache.clear()
    if suit_tables:
        _suit_sets_cache.clear()
        _suit_options_cache.clear()


def regular_readings(counts: Sequence[int]) -> tuple[Reading, ...]:
    """Every four-groups-and-a-pair reading of the counts (3n+2 tiles), cached per count key."""
    key = bytes(counts)
    found = _regular_cache.get(key)
    if found is not None:
        return found
    result = _regular_uncached(counts)
    if len(_regular_cache) >= _CACHE_LIMIT:
        _regular_cache.clear()
    _regular_cache[key] = result
    return result


def _regular_uncached(counts: Sequence[int]) -> tuple[Reading, ...]:
    raw = bytes(counts)
    parts: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    pair_found = False
    for base in (0, 9, 18):
        suit = raw[base:base + 9]
        held = sum(suit)
        if not held:
            continue
        rem = held % 3
        if rem == 1 or (rem == 2 and pair_found):
            return ()
        pair_found = pair_found or rem == 2
        options = _suit_options_cache.get((suit, base))
        if options is None:
            options = _suit_options_cache[suit, base] = tuple(_suit_options(tuple(suit), base, rem == 2))
        if not options:
            return ()
        parts.append(options)
    honor_pair = -1
    honor_groups: list[int] = []
    if any(raw[27:34]):
        for kind in range(27, 34):
            n = raw[kind]
            if n == 3:
                honor_groups.append(TRIPLET + kind)
            elif n == 2 and honor_pair < 0 and not pair_found:
                honor_pair = kind
            elif n:
                return ()
        parts.append(((honor_pair, tuple(honor_groups)),))
    if honor_pair < 0 and not pair_found:
        return ()
    readings = []
    for combo in product(*parts):
        pair = max(p for p, _ in combo)  # the one part with the pair; the others say -1
        groups = tuple(sorted(chain.from_iterable(gs for _, gs in combo)))
        readings.append(Reading(REGULAR, pair, groups))
    return tuple(readings)


def chiitoitsu_pairs(counts: Sequence[int]) -> tuple[int, ...] | None:
    """The seven distinct pair kinds of a seven-pairs hand, or None."""
    if counts.count(2) != 7 or sum(counts) != 14:
        return None
    return tuple(k for k in range(34) if counts[k] == 2)


def is_kokushi(counts: Sequence[int]) -> bool:
    """Thirteen orphans: one of each terminal and honour, one of them twice, nothing else."""
    if sum(counts) != 14 or counts.count(0) != 21:
        return False
    return all(counts[k] >= 1 for k in _KOKUSHI_KINDS) and all(
        counts[k] == 0 for k in range(34) if k not in _KOKUSHI_KINDS)


def decompositions(counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[Reading]:
    """Every reading of a complete hand: its concealed counts (kan tiles excluded) and melds.

    Seven pairs and kokushi need a hand without melds. An incomplete hand has no reading.
    """
    if len(counts) != 34 or min(counts) < 0 or max(counts) > 4:
        raise ValueError("counts must be 34 numbers from 0 to 4")
    return readings_of(counts, melds)


def readings_of(counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[Reading]:
    """``decompositions`` for counts already known to be 34 numbers 0..4 (the scorer's)."""
    if sum(counts) != 14 - 3 * len(melds):
        return []
    readings = list(regular_readings(counts))
    if not melds:
        pairs = chiitoitsu_pairs(counts)
        if pairs is not None:
            readings.append(Reading(CHIITOITSU, -1, pairs))
        if is_kokushi(counts):
            doubled = next(k for k in _KOKUSHI_KINDS if counts[k] == 2)
            readings.append(Reading(KOKUSHI, doubled, ()))
    return readings


def win_placements(reading: Reading, win_kind: int) -> list[tuple[int, str]]:
    """Each place the winning kind can sit in a regular reading: (group index or -1 for the
    pair, wait). Groups that are equal give one placement."""
    out: list[tuple[int, str]] = []
    if reading.pair == win_kind:
        out.append((-1, "tanki"))
    seen: set[int] = set()
    for index, group in enumerate(reading.groups):
        if group in seen:
            continue
        if group >= TRIPLET:
            if group - TRIPLET == win_kind:
                out.append((index, "shanpon"))
                seen.add(group)
            continue
        offset = win_kind - group
        if offset == 1:
            wait = "kanchan"
        elif offset == 0:
            wait = "penchan" if group % 9 == 6 else "ryanmen"
        elif offset == 2:
            wait = "penchan" if group % 9 == 0 else "ryanmen"
        else:
            continue
        out.append((index, wait))
        seen.add(group)
    return out
