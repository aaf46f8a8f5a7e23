"""Every reading of a complete hand: four groups and a pair, seven pairs, or thirteen orphans.

A regular hand is read part by part: each suit, and the honours. The hand's kinds, sorted,
are cut at the suit borders, and each part's kinds split into runs and triplets, and at most
one pair, in a few ways. Those splits depend only on the part's kinds, so they are kept per
part (a few thousand parts cover most hands), each packed into one int that adds up with the
other parts'; a whole hand's reading is one ``Split``: kind masks (``game.hand.kind_masks``) and
small counts, which is all the scorer reads. A hand reads every way its parts combine with
exactly one pair; those readings are kept too, per whole-hand shape (``HANDS``, bounded).

For callers that want the groups themselves, a ``Reading`` lists them as small ints: a run
starting at kind ``k`` is ``k`` (0..26), a triplet of kind ``k`` is ``TRIPLET + k``.
``win_placements`` lists each place in a reading where the winning kind can sit, with the
wait it makes (tanki, shanpon, kanchan, penchan, ryanmen).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import product
from typing import NamedTuple

from game.hand.kind_masks import TERMINALS_HONORS
from game.melds import Meld
from game.tiles import TERMINALS_AND_HONORS

__all__ = [
    "TRIPLET", "REGULAR", "CHIITOITSU", "KOKUSHI", "WAITS", "Reading", "Split", "HANDS", "HANDS_KEPT",
    "decompositions", "readings_of", "regular_readings", "regular_splits", "part_splits", "sorted_kinds",
    "reading_of_split",
    "chiitoitsu_pairs", "is_kokushi", "win_placements", "run_wait", "group_kind", "is_run", "clear_cache",
]

TRIPLET = 34
"""Offset of triplet codes: ``TRIPLET + kind``; a smaller code is a run's first kind."""

REGULAR, CHIITOITSU, KOKUSHI = "regular", "chiitoitsu", "kokushi"
WAITS = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki")

_KOKUSHI_KINDS = frozenset(TERMINALS_AND_HONORS)


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


class Split(NamedTuple):
    """Concealed tiles (one suit, the honours, or a whole hand) read as groups and at most
    one pair, in the terms the scorer reads."""

    pair: int
    """The pair's kind, or -1."""
    runs: int
    """Mask of the runs' first kinds."""
    triplets: int
    """Mask of the triplets' kinds."""
    peikou: int
    """Pairs of identical runs."""
    triplet_fu: int
    """Fu of the triplets, all concealed: 4 each, 8 for terminals and honours."""
    triplet_count: int
    groups: tuple[int, ...]
    """The group codes (in suit order, not sorted)."""


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


def _split(pair: int, groups: tuple[int, ...]) -> Split:
    """The Split of absolute group codes and a pair kind (or -1)."""
    runs = triplets = fu = count = 0
    seen_runs: dict[int, int] = {}
    for g in groups:
        if g < TRIPLET:
            runs |= 1 << g
            seen_runs[g] = seen_runs.get(g, 0) + 1
        else:
            kind = g - TRIPLET
            triplets |= 1 << kind
            fu += 8 if TERMINALS_HONORS >> kind & 1 else 4
            count += 1
    peikou = sum(n // 2 for n in seen_runs.values())
    return Split(pair, runs, triplets, peikou, fu, count, groups)


def _suit_splits(pattern: bytes, base: int) -> tuple[Split, ...]:
    """Every split of one suit's nine counts, at kind offset ``base`` (empty: none)."""
    counts = tuple(pattern)
    held = sum(counts)
    if held % 3 == 1:
        return ()
    out: list[Split] = []
    if held % 3 == 0:
        for groups in _suit_sets(counts):
            out.append(_split(-1, tuple(g + base for g in groups)))
        return tuple(out)
    for j in range(9):
        if counts[j] >= 2:
            rest = counts[:j] + (counts[j] - 2,) + counts[j + 1:]
            for groups in _suit_sets(rest):
                out.append(_split(base + j, tuple(g + base for g in groups)))
    return tuple(out)


def _honor_splits(pattern: bytes) -> tuple[Split, ...]:
    """The one split of the seven honour counts (triplets and at most one pair), or none."""
    pair = -1
    groups: list[int] = []
    for offset, n in enumerate(pattern):
        if n == 3:
            groups.append(TRIPLET + 27 + offset)
        elif n == 2 and pair < 0:
            pair = 27 + offset
        elif n:
            return ()
    return (_split(pair, tuple(groups)),)


# A part's split is kept packed into one int, its *tally*, so that the parts of a hand join
# by adding: runs and triplets are masks over kinds that no two parts share, the rest are
# counts. Bit positions of each field:
_TRIPLETS_AT, _PEIKOU_AT, _FU_AT, _COUNT_AT, _PAIRS_AT, _PAIR_AT = 27, 61, 64, 70, 73, 76
_RUNS_MASK, _TRIPLETS_MASK = (1 << 27) - 1, (1 << 34) - 1
"""Runs (27 bits), triplets (34), peikou, triplet fu, triplet count, pairs held, and the pair's
kind + 1 (meaningful when exactly one part holds a pair)."""


def _tally(split: Split) -> int:
    return (split.runs | split.triplets << _TRIPLETS_AT | split.peikou << _PEIKOU_AT
            | split.triplet_fu << _FU_AT | split.triplet_count << _COUNT_AT
            | (split.pair >= 0) << _PAIRS_AT | (split.pair + 1) << _PAIR_AT)


def _untally(tally: int, groups: tuple[int, ...]) -> Split | None:
    """The Split of a whole hand's tally, or None unless exactly one pair."""
    if tally >> _PAIRS_AT & 7 != 1:
        return None
    return _new_split(Split, ((tally >> _PAIR_AT) - 1, tally & _RUNS_MASK, tally >> _TRIPLETS_AT & _TRIPLETS_MASK,
                              tally >> _PEIKOU_AT & 7, tally >> _FU_AT & 63, tally >> _COUNT_AT & 7, groups))


_new_split = tuple.__new__
"""Builds a Split from its values without the Python-level constructor (hot path)."""

_PARTS: dict[bytes, tuple[tuple[int, tuple[int, ...]], ...]] = {}
"""The kinds of one suit or of the honours, sorted (``b"\\x00\\x00\\x01\\x02"`` = 1123m) -> each
split as (tally, groups). Different suits hold different kinds, so one table serves all four."""


HANDS: dict[bytes, tuple[Split, ...]] = {}
"""A whole hand's sorted kinds -> its splits (``regular_splits``), kept as met: a shape seen
before is read in one look-up. At most ``HANDS_KEPT`` shapes; when full it starts over."""
HANDS_KEPT = 10_000


def clear_cache() -> None:
    """Forget the parts' and the hands' splits (for a cold benchmark, or to free memory)."""
    _suit_sets_cache.clear()
    _PARTS.clear()
    HANDS.clear()


def part_splits(kinds: bytes) -> tuple[Split, ...]:
    """Every split of the sorted kinds of one suit or of the honours (empty: none)."""
    if kinds[0] >= 27:
        return _honor_splits(bytes(kinds.count(k) for k in range(27, 34)))
    base = kinds[0] // 9 * 9
    return _suit_splits(bytes(kinds.count(k) for k in range(base, base + 9)), base)


def _packed_part(kinds: bytes) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """A part's splits as (tally, groups), worked out and kept on first sight of the part."""
    found = _PARTS[kinds] = tuple((_tally(split), split.groups) for split in part_splits(kinds))
    return found


def sorted_kinds(counts: Sequence[int]) -> bytes:
    """The kinds of 34 counts, each as often as it is held, lowest first."""
    return bytes(k for k in range(34) for _ in range(counts[k]))


def regular_splits(kinds: bytes) -> tuple[Split, ...]:
    """Every four-groups-and-a-pair reading of concealed tiles given as their sorted kinds (the
    tile count is the caller's to check), each as one ``Split`` of the whole hand; kept in
    ``HANDS``."""
    found = HANDS.get(kinds)
    if found is None:
        if len(HANDS) >= HANDS_KEPT:
            HANDS.clear()
        found = HANDS[kinds] = _hand_splits(kinds)
    return found


def _hand_splits(kinds: bytes) -> tuple[Split, ...]:
    """``regular_splits`` worked out from the parts' splits."""
    # cut the kinds at the suit borders; parts that split one way only are added up as they
    # come, the others combined after
    tally = 0
    groups: tuple[int, ...] = ()
    several = []
    start = 0
    for border in (bisect_left(kinds, 9), bisect_left(kinds, 18), bisect_left(kinds, 27), len(kinds)):
        if border == start:
            continue
        part = kinds[start:border]
        start = border
        found = _PARTS.get(part)
        if found is None:
            found = _packed_part(part)
        if len(found) == 1:
            one, more = found[0]
            tally += one
            groups += more
        elif not found:
            return ()
        else:
            several.append(found)
    if not several:
        split = _untally(tally, groups)
        return (split,) if split is not None else ()
    out = []
    for combo in product(*several):
        total, joined = tally, groups
        for one, more in combo:
            total += one
            joined += more
        split = _untally(total, joined)
        if split is not None:
            out.append(split)
    return tuple(out)


def reading_of_split(split: Split) -> Reading:
    return Reading(REGULAR, split.pair, tuple(sorted(split.groups)))


# --- whole hand -------------------------------------------------------------------------

def regular_readings(counts: Sequence[int]) -> tuple[Reading, ...]:
    """Every four-groups-and-a-pair reading of the counts (3n+2 tiles)."""
    if sum(counts) % 3 != 2:
        return ()
    return tuple(reading_of_split(s) for s in regular_splits(sorted_kinds(counts)))


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
    """``decompositions`` for counts already known to be 34 numbers 0..4."""
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
        wait = run_wait(group, win_kind)
        if wait:
            out.append((index, wait))
            seen.add(group)
    return out


def run_wait(first: int, win_kind: int) -> str:
    """The wait a run from ``first`` made when completed by ``win_kind`` ('' if it holds no
    such tile)."""
    offset = win_kind - first
    if offset == 1:
        return "kanchan"
    if offset == 0:
        return "penchan" if first % 9 == 6 else "ryanmen"
    if offset == 2:
        return "penchan" if first % 9 == 0 else "ryanmen"
    return ""
