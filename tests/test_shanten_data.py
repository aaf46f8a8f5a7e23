"""The precomputed shanten table file against the live computation that defines it."""

from __future__ import annotations

import itertools
import random
import warnings
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.hand import shanten_data
from game.hand import shanten_tables as tables
from game.hand.shanten import shanten, shanten_regular, ukeire, waits
from game.tiles import counts_of, parse_kinds


@pytest.fixture(scope="module")
def data() -> shanten_data.ShantenData:
    loaded = shanten_data.load()
    assert loaded is not None, "game/hand/shanten_tables.bin is missing: run python -m game.hand.make_tables"
    return loaded


@pytest.fixture
def live() -> Iterator[None]:
    """The live computation, from empty caches; the file is back in use afterwards."""
    tables.use_data(False)
    yield
    tables.use_data(True)


def code_of(counts: tuple[int, ...]) -> int:
    return int("".join(map(str, counts)), 5)


def random_shape(rng: random.Random, ranks: int) -> tuple[int, ...]:
    while True:
        counts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(ranks))
        if sum(counts) <= shanten_data.MAX_TILES:
            return counts


def test_random_suit_shapes_match_the_live_tables(data: shanten_data.ShantenData, live: None) -> None:
    rng = random.Random(5)
    for _ in range(3000):
        counts = random_shape(rng, 9)
        want = tables.table_of(tables.suit_entry(bytes(counts)) & tables.ID_MASK)
        assert data.tables[data.suits[code_of(counts)]] == want, counts


def test_every_suit_of_up_to_five_tiles_and_every_honour_shape(data: shanten_data.ShantenData, live: None) -> None:
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) <= 5:
            want = tables.table_of(tables.suit_entry(bytes(counts)) & tables.ID_MASK)
            assert data.tables[data.suits[code_of(counts)]] == want, counts
    for counts in itertools.product(range(5), repeat=7):
        code = code_of(counts)
        if sum(counts) <= shanten_data.MAX_TILES:
            want = tables.table_of(tables.honor_entry(bytes(counts)) & tables.ID_MASK)
            assert data.tables[data.honors[code]] == want, counts
        else:
            assert data.honors[code] == 0


def test_the_merge_matrix_matches_live_merges(data: shanten_data.ShantenData, live: None) -> None:
    side = len(data.tables)
    ids = [0] + [tables._intern(t) for t in data.tables[1:]]  # live ids of the file's tables
    for a in range(1, side):
        for b in range(1, side, 7):
            merged = data.merge[a * side + b]
            assert data.tables[merged] == tables.table_of(tables.merge_ids(ids[a], ids[b])), (a, b)


def test_whole_hands_agree_with_and_without_the_file() -> None:
    rng = random.Random(11)
    wall = list(range(34)) * 4
    hands = []
    for i in range(1500):
        counts = [0] * 34
        for kind in rng.sample(wall, (13, 14, 7, 2)[i % 4]):
            counts[kind] += 1
        hands.append(counts)
    with_file = [(shanten(h), shanten_regular(h)) for h in hands]
    tables.use_data(False)
    try:
        assert [(shanten(h), shanten_regular(h)) for h in hands] == with_file
    finally:
        tables.use_data(True)


def test_the_file_is_canonical(data: shanten_data.ShantenData) -> None:
    """The generator's byte order: re-encoding gives the file back, and table ids are handed
    out in order of first use by suit shapes, then honour shapes, then merges."""
    blob = shanten_data.DATA_PATH.read_bytes()
    assert shanten_data.encode(data.tables[1:], data.merge, data.suits, data.honors) == blob
    firsts = [(data.suits.find(bytes([i])), i) for i in range(1, len(data.tables))]
    in_suits = [i for at, i in sorted(firsts) if at >= 0]
    assert in_suits == list(range(1, len(in_suits) + 1))
    assert len(blob) < 2_000_000


def damaged_files(blob: bytes) -> list[bytes]:
    payload = zlib.decompress(blob[len(shanten_data.MAGIC):])
    high = bytearray(payload)
    high[-1] = 255  # an honour shape pointing past the last table
    return [b"", b"not a table file", blob[:len(blob) // 2],
            shanten_data.MAGIC + zlib.compress(payload[:-1]), shanten_data.MAGIC + zlib.compress(bytes(high))]


@pytest.mark.parametrize("which", range(5))
def test_a_missing_or_damaged_file_falls_back_with_a_warning(which: int, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "shanten_tables.bin"
    bad.write_bytes(damaged_files(shanten_data.DATA_PATH.read_bytes())[which])
    monkeypatch.setattr(shanten_data, "DATA_PATH", bad if which else tmp_path / "absent.bin")
    tables.clear_cache()
    try:
        with pytest.warns(RuntimeWarning, match="shanten tables not loaded"):
            assert shanten(counts_of(parse_kinds("1111m234p567p789s"))) == 1
        assert tables.data_info() is None
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # warned once, not on every hand
            assert waits(counts_of(parse_kinds("1112345678999m"))) == list(range(9))
    finally:
        monkeypatch.undo()
        tables.clear_cache()


def test_the_file_loads_on_first_use_only() -> None:
    tables.clear_cache()
    assert tables.data_info() is None
    hand = counts_of(parse_kinds("2223456p6899s66z"))
    assert ukeire(hand)
    seconds, size = tables.data_info()
    assert size == shanten_data.DATA_PATH.stat().st_size and seconds > 0
    tables.clear_cache(data=False)
    assert tables.data_info() is not None and shanten(hand) == 1


def test_bad_counts_are_refused_with_the_file_in_use() -> None:
    for counts in ([5] + [0] * 33, [-1] + [0] * 33, [0.5] + [0] * 33):
        with pytest.raises(ValueError, match="0..4"):
            shanten(counts)
