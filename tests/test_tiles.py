"""Tile notation: kinds, physical tiles, red fives and mpsz text."""

import pytest
from hypothesis import given, strategies as st

from game.tiles import (
    RED_FIVES, TileParseError, dora_from_indicator, kind_of, kinds_to_mpsz, parse_kinds,
    parse_tiles, tile_name, tiles_to_mpsz,
)


def test_kind_order_and_red_fives():
    assert parse_kinds("19m19p19s1234567z") == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert parse_tiles("0m0p0s") == list(RED_FIVES)
    assert [kind_of(t) for t in RED_FIVES] == [4, 13, 22]
    assert tile_name(16) == "0m" and tile_name(16, aka=False) == "5m"


def test_plain_fives_avoid_the_red_copy_when_red_fives_are_in_play():
    assert parse_tiles("555m") == [17, 18, 19]
    with pytest.raises(TileParseError, match="fifth copy of 5m"):
        parse_tiles("5555m")
    assert parse_tiles("5555m", aka=False) == [16, 17, 18, 19]


@pytest.mark.parametrize("text, message", [
    ("123x", "unknown letter 'x'"),
    ("123", "have no suit letter"),
    ("m123", "has no digits"),
    ("11111m", "fifth copy"),
    ("8z", "honours are 1z-7z"),
    ("0z", "honours are 1z-7z, not 0z"),
    ("00m", "second red five"),
])
def test_bad_text_is_refused_with_a_reason(text, message):
    with pytest.raises(TileParseError, match=message):
        parse_tiles(text)


def test_red_five_refused_without_red_fives():
    with pytest.raises(TileParseError, match="no red fives"):
        parse_tiles("406p", aka=False)


def test_fifth_copy_across_hand_and_melds():
    hand = parse_tiles("111m")
    parse_tiles("1m", taken=hand)
    with pytest.raises(TileParseError, match="fifth copy"):
        parse_tiles("11m", taken=hand)


def test_parse_kinds_counts_copies():
    with pytest.raises(TileParseError, match="5 copies of 7z"):
        parse_kinds("77777z")
    assert parse_kinds("05m") == [4, 4]


@pytest.mark.parametrize("indicator, dora", [("9m", "1m"), ("4z", "1z"), ("7z", "5z"), ("5z", "6z"), ("3p", "4p")])
def test_dora_follows_the_indicator(indicator, dora):
    assert dora_from_indicator(parse_kinds(indicator)[0]) == parse_kinds(dora)[0]


@given(st.lists(st.integers(0, 135), max_size=20, unique=True))
def test_mpsz_round_trip(tiles):
    text = tiles_to_mpsz(tiles)
    again = parse_tiles(text)
    assert sorted(kind_of(t) for t in again) == sorted(kind_of(t) for t in tiles)
    assert tiles_to_mpsz(again) == text
    assert kinds_to_mpsz(kind_of(t) for t in tiles) == text.replace("0", "5")
