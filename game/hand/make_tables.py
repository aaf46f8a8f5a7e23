"""Write ``game/hand/shanten_tables.bin``: ``python -m game.hand.make_tables [path]``.

Runs the live computation of ``game.hand.shanten_tables`` (the definition) over every suit shape
and every honour shape of at most 14 tiles, then closes the set of tables under merging.
Table ids are handed out in a fixed order (suit shapes by base-5 number, then honour shapes
likewise, then merges by id pair), so the same code always writes the same bytes. Takes
about half a minute.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

from game.hand import shanten_tables as live
from game.hand.shanten_data import DATA_PATH, HONOR_CODES, MAX_TILES, SUIT_CODES, encode

__all__ = ["build", "main"]


def _ids(ranks: int, entry) -> bytes:
    """The live table id of every shape of ``ranks`` counts by base-5 number (0 above 14 tiles)."""
    out = bytearray(5 ** ranks)
    for code, counts in enumerate(itertools.product(range(5), repeat=ranks)):
        if sum(counts) <= MAX_TILES:
            out[code] = entry(bytes(counts)) & live.ID_MASK
    return bytes(out)


def build() -> bytes:
    """The file's bytes, computed live from nothing."""
    live.clear_cache(data=False)
    live.use_data(False)
    try:
        suits = _ids(9, live.suit_entry)
        honors = _ids(7, live.honor_entry)
        assert len(suits) == SUIT_CODES and len(honors) == HONOR_CODES
        done = 0
        while done < len(live.TABLES) - 1:  # merge every pair until no new table appears
            done = len(live.TABLES) - 1
            for a in range(1, done + 1):
                for b in range(1, done + 1):
                    live.merge_ids(a, b)
        count = len(live.TABLES) - 1
        side = count + 1
        merge = bytearray(side * side)
        for a in range(1, side):
            for b in range(1, side):
                merge[a * side + b] = live.merge_ids(a, b)
        return encode(list(live.TABLES[1:]), bytes(merge), suits, honors)
    finally:
        live.use_data(True)
        live.clear_cache()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DATA_PATH
    start = time.perf_counter()
    blob = build()
    path.write_bytes(blob)
    print(f"wrote {path} ({len(blob):,} bytes) in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
