"""Exact best-overlap tables for the regular hand shape, one suit (or the honours) at a time.

The regular shanten of a hand is measured against every complete hand that could exist:
groups (runs or triplets) plus one pair, never more than four copies of a kind. For a hand of
``n`` tiles with ``m = n // 3`` groups to build, the number of tiles still needed is
``3m + 2 - overlap``, where ``overlap`` is the largest number of the hand's tiles that such a
complete hand can contain.

The suits and the honours interact only through how many groups each hosts and which one
hosts the pair, so each of them is summarised by a *table*: for ``g`` groups (0..4) and
``p`` pairs (0..1) the best overlap, stored at index ``2 * g + p``. A group or a pair that
overlaps nothing can always be placed on some untouched kind, so a table is closed upwards
(``g`` groups allow fewer). Tables are interned to small integer ids; merging two components
is a cached lookup on the pair of ids, so a hand costs a handful of dictionary look-ups once
its suits have been seen.

That scan is the definition. ``game/hand/make_tables.py`` runs it once over every shape and
writes ``game/hand/shanten_tables.bin`` (see ``game.hand.shanten_data``), which is read on first use:
from then on every component is an array read and every merge a matrix read, so a hand never
seen before costs no more than a familiar one. Without the file (missing or damaged: a
warning says so) the same tables are computed and cached as hands come.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.hand import shanten_data

__all__ = [
    "MAX_GROUPS", "ID_MASK", "STATS_SHIFT", "STAT_TILES", "STAT_PAIRS", "STAT_SINGLES", "STAT_ORPHANS",
    "STAT_ORPHAN_PAIRS", "table_of", "suit_entry", "honor_entry", "merge_ids", "hand_summary", "clear_cache",
    "component_entries", "COMPONENTS", "draw_outcomes", "TABLES", "use_data", "data_info", "fast_tables",
    "merged_column", "merge_rows", "KIND_POW5", "neighbour_ids", "Components", "read_components",
]

MAX_GROUPS = 4
_WIDTH = 2 * (MAX_GROUPS + 1)
_ID_BITS = 24
ID_MASK = (1 << _ID_BITS) - 1
STATS_SHIFT = _ID_BITS
"""A component's cache entry holds its table id in the low bits and its stats above them."""

# Stats are 8-bit fields, so the stats of the four components simply add up.
STAT_TILES, STAT_PAIRS, STAT_SINGLES, STAT_ORPHANS, STAT_ORPHAN_PAIRS = 0, 8, 16, 24, 32
"""Fields: tiles; kinds held 2+; kinds held once; terminal/honour kinds held; those held 2+."""

_tables: list[tuple[int, ...]] = [()]  # id 0 is never a table, so every cached value is truthy
TABLES = _tables
"""Every table by id (read-only for callers; ``table_of`` is the readable way in)."""
_table_ids: dict[tuple[int, ...], int] = {}
_suit_cache: dict[bytes, int] = {}
_honor_cache: dict[bytes, int] = {}
_merge_cache: dict[int, int] = {}
_shape_cache: dict[bytes, int] = {}
_honor_shape_cache: dict[bytes, int] = {}
_column_cache: dict[int, bytes] = {}
"""``merged_column`` by column, and ``merge_rows`` under -1."""
_neighbour_cache: dict[int, tuple[bytes, bytes]] = {}


def _check_component(counts: Sequence[int]) -> None:
    for n in counts:
        if not isinstance(n, int) or not 0 <= n <= 4:
            raise ValueError(f"tile counts must be whole numbers 0..4, got {list(counts)}")


def _transitions(here: int, new_runs: int, group_cap: int) -> dict[int, list[tuple[int, int]]]:
    """Moves of the rank scan from each packed state, for one kind of rank.

    A state packs (x, y, g, p) as ``(5 * x + y) * 10 + 2 * g + p``: ``x`` runs started two
    ranks back (they still take this rank), ``y`` runs started one rank back (they take this
    rank and the next), ``g`` groups and ``p`` pairs placed so far. At a rank the scan opens
    ``z <= new_runs`` new runs, at most one triplet ``t`` and at most one pair ``q``; the copies
    of the rank this takes, ``x + y + z + 3t + 2q``, may not exceed four, and the groups so far
    may not exceed ``group_cap``. Each move is ``(next_state, gain)``, the gain being the
    tiles of the rank's ``here`` that the move covers: ``min(here, copies taken)``.

    Only moves that can overlap the hand are offered; a group or pair that overlaps nothing
    is left to the caller, who places it for free. So triplets and pairs go only on held
    ranks, the runs opened at a rank are at most the tiles held in their three ranks, and the
    groups are at most the tiles held up to two ranks ahead (each needs a tile of its own).
    At most two runs open at a rank: three equal runs take the same copies of the same ranks
    as three triplets, so a hand with them has an equal one without.
    """
    moves: dict[int, list[tuple[int, int]]] = {}
    for x in range(5):
        for y in range(5 - x):
            for g in range(MAX_GROUPS + 1):
                for p in (0, 1):
                    out: list[tuple[int, int]] = []
                    base = x + y
                    for z in range(min(2, 4 - base, new_runs, group_cap - g) + 1):
                        for t in (0, 1) if here and g + z < group_cap else (0,):
                            for q in (0, 1) if here and not p else (0,):
                                use = base + z + 3 * t + 2 * q
                                if use <= 4:
                                    out.append(((5 * y + z) * 10 + 2 * (g + z + t) + p + q, min(here, use)))
                    moves[(5 * x + y) * 10 + 2 * g + p] = out
    return moves


_MOVES: dict[tuple[int, int, int], dict[int, list[tuple[int, int]]]] = {}


def _moves(here: int, new_runs: int, group_cap: int) -> dict[int, list[tuple[int, int]]]:
    key = (here, new_runs, group_cap)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = _transitions(here, new_runs, group_cap)
    return found


def _component_table(counts: bytes, runs: bool) -> tuple[int, ...]:
    """Best overlap for each (groups, pair) within one suit, by a scan over its ranks.

    Each rank adds the tiles of it that the groups and pair cover; see ``_transitions`` for
    the moves. Groups and pairs with no overlap are never placed: the caller adds them free.
    """
    size = len(counts)
    states: dict[int, int] = {0: 0}
    for rank, here in enumerate(counts):
        window = sum(counts[rank:rank + 3]) if runs and rank <= size - 3 else 0
        cap = sum(counts[:rank + 3]) if runs else sum(counts[:rank + 1])
        moves = _moves(here, min(window, 4), min(cap, MAX_GROUPS))
        new: dict[int, int] = {}
        get = new.get
        for state, value in states.items():
            for nxt, gain in moves[state]:
                total = value + gain
                if get(nxt, -1) < total:
                    new[nxt] = total
        states = new
    best = [0] * _WIDTH
    for state, value in states.items():
        i = state % 10
        if best[i] < value:
            best[i] = value
    return _closed_upwards(best)


def _closed_upwards(best: list[int]) -> tuple[int, ...]:
    """Let ``g`` groups and ``p`` pairs cover any smaller use (empty groups cost nothing)."""
    for g in range(MAX_GROUPS + 1):
        for p in (0, 1):
            i = 2 * g + p
            if g and best[i - 2] > best[i]:
                best[i] = best[i - 2]
            if p and best[i - 1] > best[i]:
                best[i] = best[i - 1]
    return tuple(best)


def _intern(table: tuple[int, ...]) -> int:
    found = _table_ids.get(table)
    if found is None:
        found = len(_tables)
        if found >= 1 << _ID_BITS:
            raise OverflowError("too many distinct shanten tables")
        _tables.append(table)
        _table_ids[table] = found
    return found


def _stats(counts: bytes, orphans: tuple[int, ...]) -> int:
    """Packed counts that add up across components: see ``STAT_*``."""
    held = [n for n in counts if n]
    ends = [counts[i] for i in orphans if counts[i]]
    return (
        sum(held)
        | sum(1 for n in held if n >= 2) << STAT_PAIRS
        | sum(1 for n in held if n == 1) << STAT_SINGLES
        | len(ends) << STAT_ORPHANS
        | sum(1 for n in ends if n >= 2) << STAT_ORPHAN_PAIRS
    )


def _suit_shape(counts: bytes) -> bytes:
    """The suit with runs of three or more empty ranks at its ends cut to two, read whichever
    way round is smaller: suits of the same shape share one table (runs go both ways)."""
    first = next((i for i, n in enumerate(counts) if n), len(counts))
    last = max((i for i, n in enumerate(counts) if n), default=-1)
    cut = counts[max(0, first - 2):last + 3]
    back = cut[::-1]
    return back if back < cut else cut


def _live_suit_entry(counts: bytes) -> int:
    found = _suit_cache.get(counts)
    if found is None:
        _check_component(counts)
        shape = _suit_shape(counts)
        table_id = _shape_cache.get(shape)
        if table_id is None:
            table_id = _shape_cache[shape] = _intern(_component_table(shape, runs=True))
        found = _suit_cache[counts] = table_id | _stats(counts, (0, 8)) << STATS_SHIFT
    return found


def _live_honor_entry(counts: bytes) -> int:
    found = _honor_cache.get(counts)
    if found is None:
        _check_component(counts)
        shape = bytes(sorted(counts))
        table_id = _honor_shape_cache.get(shape)
        if table_id is None:
            table_id = _honor_shape_cache[shape] = _intern(_component_table(shape, runs=False))
        found = _honor_cache[counts] = table_id | _stats(counts, tuple(range(7))) << STATS_SHIFT
    return found


def _code(counts: bytes, ranks: int) -> int:
    """The base-5 number of a component's counts, or -1 when they are not ``ranks`` counts 0..4."""
    if len(counts) != ranks:
        return -1
    try:
        return int(counts.translate(shanten_data.DIGITS), 5)
    except ValueError:
        return -1


def suit_entry(counts: bytes) -> int:
    """Entry for one suit's nine counts: ``table id | stats << STATS_SHIFT``."""
    fast = _fast or _ensure()
    code = -1 if fast is None else _code(counts, 9)
    if code >= 0 and fast[0][code]:
        stats = fast[4][code // 3125] + fast[5][code % 3125]
        return _keep(_suit_cache, counts, fast[0][code] | stats << STATS_SHIFT)
    return _live_suit_entry(counts)


def honor_entry(counts: bytes) -> int:
    """Entry for the seven honour counts (triplets and the pair only, no runs)."""
    fast = _fast or _ensure()
    code = -1 if fast is None else _code(counts, 7)
    if code >= 0 and fast[1][code]:
        return _keep(_honor_cache, counts, fast[1][code] | (fast[6][code // 125] + fast[7][code % 125]) << STATS_SHIFT)
    return _live_honor_entry(counts)


FAST_CACHE_LIMIT = 1 << 16
"""Entries read from the table file that are also kept by their counts (a dict lookup is
cheaper than the base-5 code), at most this many per cache, so memory stays bounded."""


def _keep(cache: dict[bytes, int], counts: bytes, entry: int) -> int:
    if len(cache) < FAST_CACHE_LIMIT:
        cache[counts] = entry
    return entry


_fast: tuple | None = None
"""With the file loaded: (suit ids, honour ids, merge matrix, its side, then the stats of the
two chunks of a suit (its first four ranks, its last five) and of the honours (the first four,
the last three), by base-5 number)."""


class _FileState:
    """Whether to use the table file, whether loading was tried, and what was loaded."""

    enabled = True
    tried = False
    loaded: shanten_data.ShantenData | None = None
    seconds = 0.0


def _ensure() -> tuple | None:
    """Load the file on first use (once; None when it is off, missing or damaged)."""
    global _fast
    if _fast is not None or not _FileState.enabled or _FileState.tried:
        return _fast
    _FileState.tried = True
    start = time.perf_counter()
    data = shanten_data.load()
    if data is None:
        return None
    shifts = (STAT_TILES, STAT_PAIRS, STAT_SINGLES, STAT_ORPHANS, STAT_ORPHAN_PAIRS)
    stats = shanten_data.chunk_stats
    _adopt(data)
    one_rank, last_three = stats(1, (), shifts), stats(3, (2,), shifts)
    suit_head = [first + rest for first in stats(3, (0,), shifts) for rest in one_rank]
    suit_tail = [first + rest for first in stats(2, (), shifts) for rest in last_three]
    _fast = (data.suits, data.honors, data.merge, len(data.tables), suit_head, suit_tail,
             stats(4, (0, 1, 2, 3), shifts), stats(3, (0, 1, 2), shifts))
    _FileState.loaded = data
    _FileState.seconds = time.perf_counter() - start
    return _fast


def _adopt(data: shanten_data.ShantenData) -> None:
    """Make the file's tables the first ids (merges beyond them are computed live)."""
    del _tables[1:]
    _table_ids.clear()
    for table in data.tables[1:]:
        _intern(table)


def use_data(enabled: bool) -> None:
    """Use the table file (the default) or compute every table live (the definition)."""
    _FileState.enabled = enabled
    clear_cache()


def data_info() -> tuple[float, int] | None:
    """``(seconds, bytes)`` of the file's load (with its side tables), or None if not loaded."""
    loaded = _FileState.loaded
    return None if loaded is None else (_FileState.seconds, loaded.size)


def clear_cache(data: bool = True) -> None:
    """Forget every cached table and entry, and with ``data`` the loaded file too (the next
    use reads it again): to time a first sight, or to free the memory."""
    global _fast
    del _tables[1:]
    for cache in (_table_ids, _suit_cache, _honor_cache, _merge_cache, _shape_cache, _honor_shape_cache,
                  _column_cache, _neighbour_cache):
        cache.clear()
    if data:
        _fast = None
        _FileState.loaded = None
        _FileState.tried = False
    elif _FileState.loaded is not None:
        _adopt(_FileState.loaded)


def fast_tables() -> tuple | None:
    """The file's look-up tables, loaded on first use (see ``_fast``), or None without the file."""
    return _fast or _ensure()


def merge_rows() -> bytes:
    """With the file loaded: its merge matrix with 256 zeros after it, so that any row can be
    cut as a ``bytes.translate`` table (``merge_rows()[a * side:a * side + 256]`` takes an id
    ``b`` to ``merge_ids(a, b)``)."""
    found = _column_cache.get(-1)
    if found is None:
        fast = fast_tables()
        if fast is None:
            raise RuntimeError("the shanten table file is not loaded")
        found = _column_cache[-1] = fast[2] + bytes(256)
    return found


def merged_column(column: int) -> bytes:
    """With the file loaded: entry ``column`` of the table of every merge, laid out like the merge
    matrix (``merged_column(c)[a * side + b]`` is ``table_of(merge_ids(a, b))[c]``; 0 where the
    matrix holds no table), and 256 zeros after it, so that any row can be cut as a
    ``bytes.translate`` table. Built once per column: a merge and a read become one read."""
    found = _column_cache.get(column)
    if found is None:
        fast = fast_tables()
        if fast is None:
            raise RuntimeError("the shanten table file is not loaded")
        tables = _tables
        found = bytes(tables[m][column] if m else 0 for m in fast[2]) + bytes(256)
        _column_cache[column] = found
    return found


_RANK_POWERS = (tuple(5 ** (8 - i) for i in range(9)), tuple(5 ** (6 - i) for i in range(7)))


def neighbour_ids(code: int, honors: bool) -> tuple[bytes, bytes]:
    """With the file loaded, for a component by its base-5 number (a suit's, or the honours'):
    the table ids after taking away one tile of each rank (0 for a rank not held) and after
    adding one (0 for a rank held four times). Kept by number, at most ``FAST_CACHE_LIMIT``."""
    key = code << 1 | honors
    found = _neighbour_cache.get(key)
    if found is None:
        fast = fast_tables()
        if fast is None:
            raise RuntimeError("the shanten table file is not loaded")
        ids, powers = (fast[1], _RANK_POWERS[1]) if honors else (fast[0], _RANK_POWERS[0])
        held = [code // power % 5 for power in powers]
        found = (bytes(ids[code - power] if n else 0 for n, power in zip(held, powers)),
                 bytes(ids[code + power] if n < 4 else 0 for n, power in zip(held, powers)))
        if len(_neighbour_cache) < FAST_CACHE_LIMIT:
            _neighbour_cache[key] = found
    return found


def table_of(table_id: int) -> tuple[int, ...]:
    """The table (best overlap at index ``2 * groups + pair``) behind an id."""
    return _tables[table_id]


def merge_ids(a: int, b: int) -> int:
    """Id of the table for two components side by side (cached)."""
    fast = _fast
    if fast is not None and 0 < a < fast[3] and 0 < b < fast[3]:
        return fast[2][a * fast[3] + b]
    key = (a << _ID_BITS) | b
    found = _merge_cache.get(key)
    if found is None:
        ta, tb = _tables[a], _tables[b]
        best = [0] * _WIDTH
        for ga in range(MAX_GROUPS + 1):
            for gb in range(MAX_GROUPS + 1 - ga):
                i = 2 * (ga + gb)
                a0, a1 = ta[2 * ga], ta[2 * ga + 1]
                b0, b1 = tb[2 * gb], tb[2 * gb + 1]
                if a0 + b0 > best[i]:
                    best[i] = a0 + b0
                pair = max(a1 + b0, a0 + b1)
                if pair > best[i + 1]:
                    best[i + 1] = pair
        found = _merge_cache[key] = _intern(tuple(best))  # already closed: both sides are
    return found


COMPONENTS = ((0, 9), (9, 18), (18, 27), (27, 34))
"""The kinds of each component: man, pin, sou, honours."""
_SUIT_SPAN, _HONOR_SPAN = 5 ** 9, 5 ** 7
"""How many base-5 numbers a suit's nine counts and the honours' seven can take."""
_DIGITS = shanten_data.DIGITS


def _packed(counts: Sequence[int]) -> bytes:
    """The counts as bytes: cache keys that are quick to cut and to hash."""
    try:
        return bytes(counts)
    except (TypeError, ValueError):
        raise ValueError(f"tile counts must be whole numbers 0..4, got {list(counts)}") from None


def component_entries(counts: Sequence[int]) -> list[int]:
    """The cached entries of the four components (man, pin, sou, honours) of a hand."""
    raw = _packed(counts)
    return [suit_entry(raw[0:9]), suit_entry(raw[9:18]), suit_entry(raw[18:27]), honor_entry(raw[27:34])]


def hand_summary(
    counts: Sequence[int],
    _suit=_suit_cache.get, _honor=_honor_cache.get, _merged=_merge_cache.get,
) -> tuple[int, int]:
    """``(table id, stats)`` for a whole 34-count hand: four cached components, three merges.

    This is the hot path of every shanten call, written for speed. With the table file
    loaded it reads the four components' ids by their base-5 numbers and merges them through
    the matrix; otherwise the defaults bind the caches' look-ups locally, and a miss anywhere
    falls back to the functions above.
    """
    raw = _packed(counts)
    fast = _fast or _ensure()
    if fast is not None and len(raw) == 34:
        suits, honors, merge, side, head, tail, h0, h1 = fast
        try:  # the whole hand as one base-5 number, cut into its components' numbers
            rest, h = divmod(int(raw.translate(_DIGITS), 5), _HONOR_SPAN)
        except ValueError:
            raise ValueError(f"tile counts must be whole numbers 0..4, got {list(counts)}") from None
        rest, c = divmod(rest, _SUIT_SPAN)
        a, b = divmod(rest, _SUIT_SPAN)
        ia, ib, ic, ih = suits[a], suits[b], suits[c], honors[h]
        if ia and ib and ic and ih:  # else some component holds more than 14 tiles: computed live
            whole = merge[(merge[(merge[ia * side + ib]) * side + ic]) * side + ih]
            return whole, (head[a // 3125] + tail[a % 3125] + head[b // 3125] + tail[b % 3125]
                           + head[c // 3125] + tail[c % 3125] + h0[h // 125] + h1[h % 125])
    man, pin, sou, honors_ = raw[0:9], raw[9:18], raw[18:27], raw[27:34]
    a = _suit(man) or suit_entry(man)
    b = _suit(pin) or suit_entry(pin)
    c = _suit(sou) or suit_entry(sou)
    h = _honor(honors_) or honor_entry(honors_)
    ab = _merged((a & ID_MASK) << _ID_BITS | b & ID_MASK) or merge_ids(a & ID_MASK, b & ID_MASK)
    abc = _merged(ab << _ID_BITS | c & ID_MASK) or merge_ids(ab, c & ID_MASK)
    whole = _merged(abc << _ID_BITS | h & ID_MASK) or merge_ids(abc, h & ID_MASK)
    return whole, (a >> STATS_SHIFT) + (b >> STATS_SHIFT) + (c >> STATS_SHIFT) + (h >> STATS_SHIFT)


KIND_POW5 = tuple(5 ** (8 - k % 9) if k < 27 else 5 ** (33 - k) for k in range(34))
"""What drawing a kind adds to its component's base-5 number (the first kind is the top digit)."""
_OTHERS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


Components = tuple[tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int, int, int]]
"""A hand's four components (man, pin, sou, honours): base-5 numbers, table ids, stats."""


def read_components(raw: bytes, fast: tuple) -> Components | None:
    """The four components of a hand given as its 34 counts in bytes, read from the table file
    (``fast_tables()``); None when a count is beyond 0..4 or a component beyond the file."""
    suits, honors, _merge, _side, head, tail, h0, h1 = fast
    digits = raw.translate(shanten_data.DIGITS)
    try:
        codes = (int(digits[0:9], 5), int(digits[9:18], 5), int(digits[18:27], 5), int(digits[27:34], 5))
    except ValueError:
        return None
    a, b, c, h = codes
    ids = (suits[a], suits[b], suits[c], honors[h])
    if not (ids[0] and ids[1] and ids[2] and ids[3]):
        return None
    stats = (head[a // 3125] + tail[a % 3125], head[b // 3125] + tail[b % 3125], head[c // 3125] + tail[c % 3125],
             h0[h // 125] + h1[h % 125])
    return codes, ids, stats


def _fast_draw_outcomes(hand: Sequence[int], kinds: Sequence[int], fast: tuple) -> list[tuple[int, int, int]] | None:
    """``draw_outcomes`` read from the table file by base-5 arithmetic (no key is built per
    draw); None when some part is beyond the file (a fifth copy, a component past 14 tiles)."""
    raw = _packed(hand)
    suits, honors, merge, side, head, tail, h0, h1 = fast
    found = read_components(raw, fast)
    if found is None:
        return None
    codes, ids, stats = found
    total = stats[0] + stats[1] + stats[2] + stats[3]
    pow5 = KIND_POW5
    out: list[tuple[int, int, int]] = []
    done = -1
    others = others_stats = code = 0
    for kind in kinds:
        if raw[kind] >= 4:
            return None
        comp = 3 if kind >= 27 else kind // 9
        if comp != done:
            i, j, k = _OTHERS[comp]
            others = merge[merge[ids[i] * side + ids[j]] * side + ids[k]]
            others_stats = total - stats[comp]
            code = codes[comp]
            done = comp
        drawn = code + pow5[kind]
        if comp < 3:
            table_id = suits[drawn]
            part_stats = head[drawn // 3125] + tail[drawn % 3125]
        else:
            table_id = honors[drawn]
            part_stats = h0[drawn // 125] + h1[drawn % 125]
        if not table_id:
            return None
        out.append((kind, merge[others * side + table_id], others_stats + part_stats))
    return out


def draw_outcomes(hand: Sequence[int], kinds: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(kind, table id, stats)`` of the hand after drawing each of ``kinds`` (ascending).

    Only the drawn tile's component changes, so the other three are merged once per
    component rather than once per draw.
    """
    fast = _fast or _ensure()
    if fast is not None:
        found = _fast_draw_outcomes(hand, kinds, fast)
        if found is not None:
            return found
    entries = component_entries(hand)
    ids = [entry & ID_MASK for entry in entries]
    stats = sum(entry >> STATS_SHIFT for entry in entries)
    merged = _merge_cache.get
    out: list[tuple[int, int, int]] = []
    for comp, (start, stop) in enumerate(COMPONENTS):
        mine = [kind for kind in kinds if start <= kind < stop]
        if not mine:
            continue
        rest = [ids[i] for i in range(4) if i != comp]
        others = merge_ids(merge_ids(rest[0], rest[1]), rest[2])
        others_stats = stats - (entries[comp] >> STATS_SHIFT)
        cached, entry_of = (_suit_cache.get, suit_entry) if comp < 3 else (_honor_cache.get, honor_entry)
        part = bytearray(hand[start:stop])
        for kind in mine:
            part[kind - start] += 1
            key = bytes(part)
            part[kind - start] -= 1
            entry = cached(key) or entry_of(key)
            table_id = entry & ID_MASK
            whole = merged(others << _ID_BITS | table_id) or merge_ids(others, table_id)
            out.append((kind, whole, others_stats + (entry >> STATS_SHIFT)))
    return out
