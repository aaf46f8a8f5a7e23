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
from itertools import compress
from typing import NamedTuple

from game.hand.shanten_tables import (
    COMPONENTS, KIND_POW5, STAT_ORPHAN_PAIRS, STAT_ORPHANS, STAT_PAIRS, STAT_SINGLES, TABLES, clear_cache,
    draw_outcomes, fast_tables, hand_summary, merge_rows, merged_column, neighbour_ids, read_components, table_of,
)
from game.tiles import NUM_KINDS, TERMINALS_AND_HONORS, kind_name

__all__ = [
    "NOT_APPLICABLE", "DiscardOption", "shanten", "shanten_regular", "shanten_chiitoitsu",
    "shanten_kokushi", "shanten_forms", "is_complete", "waits", "ukeire", "discard_draws", "discard_options",
    "clear_cache",
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
    return [(kind, 4 - hand[kind] - seen[kind]) for kind in _improving(hand, now)]


def _improving(hand: Sequence[int], now: int) -> list[int]:
    """The kinds whose draw takes a 3n+1 hand below shanten ``now``."""
    # every kind, near or far: 1111m is 1-shanten, and drawing any other kind at all, say 9p,
    # makes it tenpai (111m and a 9p pair wait), so far kinds cannot be skipped
    drawable = [kind for kind in range(NUM_KINDS) if hand[kind] < 4]
    return [kind for kind, after in _draws(hand, drawable) if after < now]


DiscardDraws = tuple[int, int, tuple[int, ...] | None]
"""``(kind discarded, shanten left, kinds whose draw lowers it or None)``: see ``discard_draws``."""


def discard_draws(counts: Sequence[int], kinds: Sequence[int], slack: int = 0) -> list[DiscardDraws]:
    """For a 3n+2 hand and each of ``kinds`` (held kinds): the shanten its discard leaves and,
    when that is within ``slack`` of the lowest of them, the kinds whose draw would then lower
    it, ascending (else None). The same answers as ``shanten`` and ``ukeire`` of each hand
    after the discard, but from one pass over the hand (see ``_fast_discard_draws``)."""
    fast = fast_tables()
    if fast is not None and len(counts) == NUM_KINDS and min(counts) >= 0 and max(counts) <= 4:
        found = _fast_discard_draws(bytes(counts), kinds, slack, fast)
        if found is not None:
            return found  # else the checks below name the fault
    n = _summary(counts)[2]
    if n % 3 != 2:
        raise ValueError(f"discard draws are for a hand of 3n+2 tiles, this one has {n}")
    for kind in kinds:
        if not counts[kind]:
            raise ValueError(f"{kind_name(kind)} is not in the hand to be discarded")
    hand = list(counts)
    after = []
    for kind in kinds:
        hand[kind] -= 1
        after.append(shanten(hand))
        hand[kind] += 1
    lowest = min(after, default=0)
    out: list[DiscardDraws] = []
    for kind, left in zip(kinds, after):
        useful = None
        if left <= lowest + slack:
            hand[kind] -= 1
            useful = tuple(_improving(hand, left))
            hand[kind] += 1
        out.append((kind, left, useful))
    return out


_COMPONENT = tuple(3 if k >= 27 else k // 9 for k in range(NUM_KINDS))
_RANKS = tuple(range(start, stop) for start, stop in COMPONENTS)
_KINDS = range(NUM_KINDS)
_PAIRS = tuple((i, j) for i in range(4) for j in range(i + 1, 4))
_APART = tuple(tuple(_PAIRS.index(tuple(c for c in range(4) if c not in (x, y))) if x != y else -1
                     for y in range(4)) for x in range(4))
"""For components x and y (x != y): where ``_PAIRS`` holds the other two."""
_ORPHAN = tuple(k >= 27 or k % 9 in (0, 8) for k in range(NUM_KINDS))
_HELD_NONE, _HELD_ONCE = bytes(n == 0 for n in range(256)), bytes(n == 1 for n in range(256))
"""``bytes.translate`` tables: 1 for a count of none, or of one."""
_ABOVE = tuple(bytes(v > limit for v in range(256)) for limit in range(15))
"""``bytes.translate`` tables by limit: 1 for a byte above the limit, else 0."""


def _fast_discard_draws(hand: bytes, kinds: Sequence[int], slack: int, fast: tuple) -> list[DiscardDraws] | None:
    """``discard_draws`` from the table file's matrices; None for a hand it does not take (not
    3n+2 tiles, a kind not held, a component beyond the file).

    A discard changes one component (man, pin, sou, honours) and a draw one more, so the
    merges of the components they leave alone are made once per hand. The table ids after
    taking a tile of each rank from a component, or adding one (``neighbour_ids``), are read
    through a row of the merge matrix or of ``merged_column`` (the regular overlap of each
    merged table) at C speed by ``bytes.translate``:

    - a discard's shanten: its component's ids after taking each rank away, through the row
      of the other three components merged;
    - a draw into another component: that component's ids after adding each rank, merged with
      the two components left (the same for every discard from one component), then through
      the row of the discard's component as it is after the discard;
    - a draw into the discard's own component: its ids after the discard and the draw,
      through the row of the other three.

    Seven pairs and kokushi are looked at only where the counts say they could do better.
    """
    merge, side = fast[2], fast[3]
    components = read_components(hand, fast)
    if components is None:
        return None
    codes, ids, parts = components
    stats = parts[0] + parts[1] + parts[2] + parts[3]
    n = stats & _BYTE
    if n not in _SIZES or n % 3 != 2 or not all(map(hand.__getitem__, kinds)):
        return None
    # seven pairs and kokushi can only beat a regular shanten above this (a discard loses a pair or an orphan at most)
    floor = min(6 - (stats >> STAT_PAIRS & _BYTE), 12 - (stats >> STAT_ORPHANS & _BYTE)) if n >= 13 else NOT_APPLICABLE
    top = _TOP[n]
    values = merged_column(_COLUMN[n])
    rows = merge_rows()
    merged_pairs = [merge[ids[i] * side + ids[j]] for i, j in _PAIRS]
    # the other three components of each: the pair apart from it and one more
    rests = [merge[merged_pairs[_APART[x][(x + 1) % 4]] * side + ids[(x + 1) % 4]] * side for x in range(4)]
    neighbours = [neighbour_ids(codes[y], y == 3) for y in range(4)]
    removed = b"".join([taken for taken, _added in neighbours])  # by kind: the component's id after a discard
    overlaps = b"".join([neighbours[x][0].translate(values[rests[x]:rests[x] + 256]) for x in range(4)])
    after = [top - overlaps[kind] for kind in kinds]
    if floor < NOT_APPLICABLE:
        after = [min(left, *_special_after_discard(hand[kind], _ORPHAN[kind], stats)) if left > floor else left
                 for kind, left in zip(kinds, after)]
    lowest = min(after, default=0)
    draws_apart: dict[int, bytes] = {}  # by the discard's component: each draw elsewhere merged with the two left
    out: list[DiscardDraws] = []
    for kind, left in zip(kinds, after):
        if left > lowest + slack:
            out.append((kind, left, None))
            continue
        x = _COMPONENT[kind]
        apart = draws_apart.get(x)
        if apart is None:
            apart = draws_apart[x] = b"".join([
                bytes(len(_RANKS[x])) if y == x else
                added.translate(rows[merged_pairs[_APART[x][y]] * side:merged_pairs[_APART[x][y]] * side + 256])
                for y, (_taken, added) in enumerate(neighbours)])
        above = _ABOVE[top - left]  # a draw lowers the regular shanten when the overlap passes top - left
        row = removed[kind] * side
        elsewhere = apart.translate(values[row:row + 256]).translate(above)
        start, stop = COMPONENTS[x]
        mine = neighbour_ids(codes[x] - KIND_POW5[kind], x == 3)[1].translate(values[rests[x]:rests[x] + 256])
        useful = list(compress(_KINDS, elsewhere[:start] + mine.translate(above) + elsewhere[stop:]))
        if left > floor - 1:  # a draw adds a pair or an orphan at most
            useful = _special_draws(hand, kind, left, useful, stats)
        out.append((kind, left, tuple(useful)))
    return out


def _forms_after_discard(held: int, orphan: bool, stats: int) -> tuple[int, int, int, int]:
    """Pairs, singles, orphan kinds and orphan pairs of a hand (by its ``stats``) after
    discarding a kind it holds ``held`` copies of."""
    pairs = (stats >> STAT_PAIRS & _BYTE) - (held == 2)
    singles = (stats >> STAT_SINGLES & _BYTE) - (held == 1) + (held == 2)
    orphans, orphan_pairs = stats >> STAT_ORPHANS & _BYTE, stats >> STAT_ORPHAN_PAIRS & _BYTE
    if orphan:
        orphans -= held == 1
        orphan_pairs -= held == 2
    return pairs, singles, orphans, orphan_pairs


def _special_after_discard(held: int, orphan: bool, stats: int) -> tuple[int, int]:
    """Seven pairs' and kokushi's shanten after discarding a kind (see ``_forms_after_discard``)."""
    pairs, singles, orphans, orphan_pairs = _forms_after_discard(held, orphan, stats)
    return 13 - 2 * pairs - min(singles, 7 - pairs), 13 - orphans - (1 if orphan_pairs else 0)


def _special_draws(hand: bytes, kind: int, left: int, useful: list[int], stats: int) -> list[int]:
    """``useful`` with the draws added that take seven pairs or kokushi below ``left``, for
    the 13-tile hand after discarding ``kind`` (``stats``: the 14-tile hand's). A draw changes
    those forms only through the copies already held: a new kind adds a single (and an
    orphan), a second copy makes a pair; more copies change nothing."""
    p, s, o, op = _forms_after_discard(hand[kind], _ORPHAN[kind], stats)
    new_single = 13 - 2 * p - min(s + 1, 7 - p) < left
    new_pair = 13 - 2 * (p + 1) - min(s - 1, 6 - p) < left
    new_orphan = 12 - o - (1 if op else 0) < left
    orphan_pair = 12 - o < left
    if not (new_single or new_pair or new_orphan or orphan_pair):
        return useful
    after = bytearray(hand)
    after[kind] -= 1
    found = set(useful)
    for lower, orphan_only, held in ((new_single, new_orphan, _HELD_NONE), (new_pair, orphan_pair, _HELD_ONCE)):
        if lower:
            found.update(compress(_KINDS, after.translate(held)))
        elif orphan_only:
            found.update(k for k in compress(_KINDS, after.translate(held)) if _ORPHAN[k])
    return sorted(found)


def discard_options(counts: Sequence[int], seen: Sequence[int] | None = None) -> list[DiscardOption]:
    """For a 3n+2 hand: each distinct discard with the shanten it leaves and its ukeire.

    The discarded tile counts as seen (it lies in the river). Sorted best first: lowest
    shanten, then most unseen improving tiles, then kind.
    """
    n = _summary(counts)[2]
    if n % 3 != 2:
        raise ValueError(f"discard options are for a hand of 3n+2 tiles, this one has {n}")
    seen = _check_seen(counts, seen)
    kinds = [kind for kind in range(NUM_KINDS) if counts[kind]]
    # after a discard of k, both the hand and the seen count of k change by one: unseen copies stay
    options = [DiscardOption(kind, left, [(k, 4 - counts[k] - seen[k]) for k in useful or ()])
               for kind, left, useful in discard_draws(counts, kinds, slack=NOT_APPLICABLE)]
    options.sort(key=lambda o: (o.shanten, -o.total, o.kind))
    return options
