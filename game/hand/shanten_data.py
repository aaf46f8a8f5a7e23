"""The precomputed shanten tables: file format, reading, and the small tables built beside it.

``game/hand/make_tables.py`` runs the live computation of ``game.hand.shanten_tables`` over every
suit shape (nine counts 0..4, at most 14 tiles) and every honour shape, and writes
``game/hand/shanten_tables.bin``. With it loaded, a hand's best-overlap table is four array reads
and three merge-matrix reads: no per-shape work, so a hand never seen before costs the same
as one seen a thousand times.

The file is a header line ``KAWA-SHANTEN 1`` and one zlib stream holding, in order:

- ``T`` (one byte): the number of distinct tables, ids 1..T (id 0 marks an impossible shape);
- the tables, ``T * 10`` bytes: best overlap at ``2 * groups + pair``;
- the merge matrix, ``(T + 1) ** 2`` bytes: ``merge[a * (T + 1) + b]`` is the id of the table
  of two components side by side (the set of tables is closed under merging);
- the suit ids, ``5 ** 9`` bytes indexed by the base-5 number of the nine counts (first
  rank most significant), 0 where the suit holds more than 14 tiles;
- the honour ids, ``5 ** 7`` bytes, the same for the seven honour counts.
"""

from __future__ import annotations

import warnings
import zlib
from pathlib import Path
from typing import NamedTuple

__all__ = ["DATA_PATH", "MAGIC", "WIDTH", "MAX_TILES", "SUIT_CODES", "HONOR_CODES", "DIGITS", "ShantenData",
           "encode", "decode", "load", "chunk_stats"]

DATA_PATH = Path(__file__).with_name("shanten_tables.bin")
MAGIC = b"KAWA-SHANTEN 1\n"
WIDTH = 10
MAX_TILES = 14
SUIT_CODES = 5 ** 9
HONOR_CODES = 5 ** 7
DIGITS = bytes(48 + n if n <= 4 else 120 for n in range(256))
"""``bytes.translate`` table: counts 0..4 become the digits ``0``..``4``, anything else ``x``
(which ``int(..., 5)`` refuses)."""


class ShantenData(NamedTuple):
    """The file's contents (``tables[0]`` is the unused id 0) and its size in bytes (a named
    tuple, not a dataclass: the shanten command starts without loading ``dataclasses``)."""

    tables: list[tuple[int, ...]]
    merge: bytes
    suits: bytes
    honors: bytes
    size: int = 0


def encode(tables: list[tuple[int, ...]], merge: bytes, suits: bytes, honors: bytes) -> bytes:
    """The file's bytes (``tables`` without the unused id 0)."""
    count = len(tables)
    if not 0 < count < 256:
        raise ValueError(f"the format holds 1..255 tables, got {count}")
    payload = bytearray([count])
    for table in tables:
        if len(table) != WIDTH:
            raise ValueError(f"a table has {WIDTH} entries, got {table}")
        payload += bytes(table)
    payload += merge + suits + honors
    return MAGIC + zlib.compress(bytes(payload), 9)


def decode(blob: bytes) -> ShantenData:
    """The file's contents; ``ValueError`` for anything that is not a whole, sound file."""
    if not blob.startswith(MAGIC):
        raise ValueError("not a Kawa shanten table file")
    try:
        payload = zlib.decompress(blob[len(MAGIC):])
    except zlib.error as exc:
        raise ValueError(f"damaged shanten table file: {exc}") from None
    count = payload[0] if payload else 0
    side = count + 1
    sizes = (1, count * WIDTH, side * side, SUIT_CODES, HONOR_CODES)
    if not count or len(payload) != sum(sizes):
        raise ValueError("shanten table file has the wrong length")
    at = 1
    tables: list[tuple[int, ...]] = [()]
    for _ in range(count):
        table = tuple(payload[at:at + WIDTH])
        if max(table) > MAX_TILES:
            raise ValueError(f"shanten table out of range: {table}")
        tables.append(table)
        at += WIDTH
    merge = payload[at:at + side * side]
    suits = payload[at + side * side:at + side * side + SUIT_CODES]
    honors = payload[-HONOR_CODES:]
    known = bytes(range(side))
    if any(part.translate(None, known) for part in (merge, suits, honors)):  # a byte above ``count`` is left
        raise ValueError("shanten table file refers to a table it does not hold")
    if not (suits[0] and honors[0]) or tables[suits[0]] != (0,) * WIDTH:
        raise ValueError("shanten table file: the empty suit is not the empty table")
    return ShantenData(tables, merge, suits, honors)


def load(path: Path | None = None) -> ShantenData | None:
    """The file at ``path`` (``DATA_PATH`` by default), or None with a warning when it is missing or unsound (the caller
    then computes tables live, which gives the same answers more slowly)."""
    try:
        blob = (DATA_PATH if path is None else path).read_bytes()
        data = decode(blob)
    except (OSError, ValueError) as exc:
        warnings.warn(f"shanten tables not loaded ({exc}); computing them as hands come", RuntimeWarning,
                      stacklevel=2)
        return None
    return ShantenData(data.tables, data.merge, data.suits, data.honors, len(blob))


def chunk_stats(ranks: int, orphans: tuple[int, ...], stat_shifts: tuple[int, int, int, int, int]) -> list[int]:
    """Packed stats (see ``game.hand.shanten_tables.STAT_*``) of every ``ranks``-long chunk of
    counts, by base-5 number; ``orphans`` are the chunk's terminal or honour positions."""
    tiles, pairs, singles, ends, end_pairs = stat_shifts
    out = []
    for code in range(5 ** ranks):
        counts = [code // 5 ** (ranks - 1 - i) % 5 for i in range(ranks)]
        value = sum(counts) << tiles
        for i, n in enumerate(counts):
            value += (n >= 2) << pairs
            value += (n == 1) << singles
            if i in orphans and n:
                value += 1 << ends
                value += (n >= 2) << end_pairs
        out.append(value)
    return out
