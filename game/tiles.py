"""Tiles and the one notation used everywhere.

* A tile *kind* is 0..33: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s,
  27-30 = East South West North, 31-33 = White Green Red dragons.
* A physical *tile* is 0..135, four copies of each kind: ``kind = tile // 4``.
  With red fives in play the red copy of each suit is the copy with ``tile % 4 == 0``:
  16 (0m), 52 (0p) and 88 (0s).
* mpsz text writes digits followed by their suit letter: ``123m406p789s11z``;
  ``0`` is the red five of a suit, ``1z``-``7z`` are E S W N White Green Red.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

__all__ = [
    "TileParseError", "KINDS", "NUM_KINDS", "NUM_TILES", "RED_FIVES",
    "EAST", "SOUTH", "WEST", "NORTH", "WHITE", "GREEN", "RED",
    "WINDS", "DRAGONS", "TERMINALS_AND_HONORS",
    "kind_of", "is_red", "suit_of", "number_of", "is_honor", "is_terminal",
    "is_terminal_or_honor", "is_simple", "dora_from_indicator",
    "kind_name", "tile_name", "parse_tiles", "parse_kinds", "counts_of",
    "kinds_to_mpsz", "tiles_to_mpsz", "sort_tiles",
]

NUM_KINDS = 34
NUM_TILES = 136

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, *WINDS, *DRAGONS)

RED_FIVES = (16, 52, 88)
"""The red copy of 5m, 5p and 5s (used only when the rules have red fives)."""

SUITS = "mpsz"
SUIT_START = {"m": 0, "p": 9, "s": 18, "z": 27}
"""The first kind of each suit letter."""
KINDS = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))


class TileParseError(ValueError):
    """Bad tile text: the message says what is wrong and where."""


def kind_of(tile: int) -> int:
    """The kind (0..33) of a physical tile (0..135)."""
    return tile >> 2


def is_red(tile: int, aka: bool = True) -> bool:
    """True for a red five when red fives are in play."""
    return aka and tile in RED_FIVES


def suit_of(kind: int) -> str:
    """'m', 'p', 's' or 'z'."""
    return SUITS[kind // 9] if kind < 27 else "z"


def number_of(kind: int) -> int:
    """1..9 for suited kinds, 1..7 for honours (E S W N White Green Red)."""
    return kind % 9 + 1 if kind < 27 else kind - 26


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_terminal(kind: int) -> bool:
    """A one or a nine of a suit."""
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    """2..8 of a suit."""
    return kind < 27 and kind % 9 not in (0, 8)


def dora_from_indicator(indicator_kind: int) -> int:
    """The kind an indicator makes dora: the next in its suit, wind or dragon cycle."""
    if indicator_kind < 27:
        base = indicator_kind - indicator_kind % 9
        return base + (indicator_kind % 9 + 1) % 9
    if indicator_kind < 31:
        return EAST + (indicator_kind - EAST + 1) % 4
    return WHITE + (indicator_kind - WHITE + 1) % 3


def kind_name(kind: int) -> str:
    """mpsz name of a kind: '1m', '7z'."""
    return KINDS[kind]


def tile_name(tile: int, aka: bool = True) -> str:
    """mpsz name of a physical tile: '0m' for a red five."""
    if is_red(tile, aka):
        return f"0{suit_of(kind_of(tile))}"
    return KINDS[kind_of(tile)]


_WELL_FORMED = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)*")
_GROUP = re.compile(r"([0-9]+)([mpsz])")


def _groups(text: str) -> list[tuple[int, str]]:
    """Split mpsz text into (digit, suit) pairs, checking its grammar."""
    compact = "".join(text.split())
    if _WELL_FORMED.fullmatch(compact):  # the usual case, read at C speed
        return [(int(d), suit) for digits, suit in _GROUP.findall(compact) for d in digits]
    out: list[tuple[int, str]] = []
    pending: list[int] = []
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch.isdigit():
            pending.append(int(ch))
        elif ch in SUITS:
            if not pending:
                raise TileParseError(f"{text!r}: suit letter {ch!r} at position {pos} has no digits before it")
            for d in pending:
                if ch == "z" and not 1 <= d <= 7:
                    raise TileParseError(f"{text!r}: honours are 1z-7z, not {d}z")
                out.append((d, ch))
            pending = []
        else:
            raise TileParseError(f"{text!r}: unknown letter {ch!r} at position {pos} (use m, p, s, z)")
    if pending:
        raise TileParseError(f"{text!r}: digits {''.join(map(str, pending))!r} at the end have no suit letter")
    return out


_FIRST_COPY = {(str(d), suit): ((SUIT_START[suit] + d - 1) * 4, (SUIT_START[suit] + d - 1) * 4 in RED_FIVES)
               for suit in SUITS for d in range(1, 10 if suit != "z" else 8)}
"""(digit, suit) -> (the kind's first physical tile, whether that copy is the red five)."""
_KIND_OF_DIGIT = {(str(d), suit): SUIT_START[suit] + (d or 5) - 1 for suit in SUITS
                  for d in range(10 if suit != "z" else 8) if suit != "z" or d}
"""(digit, suit) -> kind, a red five (0) read as a 5."""
_RED_OF = {"m": RED_FIVES[0], "p": RED_FIVES[1], "s": RED_FIVES[2]}


def parse_tiles(text: str, aka: bool = True, taken: Iterable[int] = ()) -> list[int]:
    """Physical tiles for mpsz text, in text order.

    ``0`` is the red five; it is refused when ``aka`` is false. With red fives in play a
    plain 5 takes one of the three plain copies. ``taken`` holds tiles already used
    elsewhere (other hands, melds, indicators), so a fifth copy across them is refused.
    """
    compact = "".join(text.split())
    if _WELL_FORMED.fullmatch(compact):  # the usual case: digit runs read at C speed
        runs: list[tuple[str, str]] = _GROUP.findall(compact)
    else:  # names the fault
        runs = [(str(digit), suit) for digit, suit in _groups(text)]
    if not taken:
        return _fresh_tiles(text, runs, aka)
    used = set(taken)
    tiles: list[int] = []
    first_copy = _FIRST_COPY
    for digits, suit in runs:
        for digit in digits:
            if digit == "0":
                tile = _red_five(text, suit, aka, tile_in_use=lambda t: t in used)
            else:
                start, red_first = first_copy[digit, suit]
                red_held_apart = aka and red_first
                tile = start + red_held_apart
                while tile in used:
                    tile += 1
                if tile >= start + 4:
                    extra = " (one copy is the red five)" if red_held_apart else ""
                    raise TileParseError(f"{text!r}: a fifth copy of {digit}{suit}{extra}")
            used.add(tile)
            tiles.append(tile)
    return tiles


def _red_five(text: str, suit: str, aka: bool, tile_in_use: Callable[[int], bool]) -> int:
    """The red five of ``suit`` for a ``0`` in ``text``: refused without red fives or when already given."""
    if not aka:
        raise TileParseError(f"{text!r}: red five 0{suit} given, but these rules have no red fives")
    tile = _RED_OF[suit]
    if tile_in_use(tile):
        raise TileParseError(f"{text!r}: a second red five 0{suit}")
    return tile


def _fresh_tiles(text: str, runs: list[tuple[str, str]], aka: bool) -> list[int]:
    """``parse_tiles`` when no tile is taken yet: the n-th copy of a kind is its n-th free id."""
    tiles: list[int] = []
    seen = [0] * 136
    first_copy = _FIRST_COPY
    for digits, suit in runs:
        for digit in digits:
            if digit == "0":
                tile = _red_five(text, suit, aka, tile_in_use=lambda t: bool(seen[t]))
                seen[tile] = 1
            else:
                start, red_first = first_copy[digit, suit]
                red_held_apart = aka and red_first
                copy = seen[start + 1] + red_held_apart  # slot start + 1 counts the kind's plain copies
                if copy > 3:
                    extra = " (one copy is the red five)" if red_held_apart else ""
                    raise TileParseError(f"{text!r}: a fifth copy of {digit}{suit}{extra}")
                seen[start + 1] += 1
                tile = start + copy
            tiles.append(tile)
    return tiles


def parse_kinds(text: str) -> list[int]:
    """Tile kinds for mpsz text (a red five is a 5); refuses a fifth copy of a kind."""
    compact = "".join(text.split())
    if _WELL_FORMED.fullmatch(compact):  # the usual case: digit runs read at C speed
        kind_of_digit = _KIND_OF_DIGIT
        kinds = [kind_of_digit[d, s] for digits, s in _GROUP.findall(compact) for d in digits]
    else:
        kinds = [KINDS.index(f"{d or 5}{s}") for d, s in _groups(text)]
    counts = counts_of(kinds)
    for kind, n in enumerate(counts):
        if n > 4:
            raise TileParseError(f"{text!r}: {n} copies of {KINDS[kind]} (at most 4)")
    return kinds


def counts_of(kinds: Iterable[int]) -> list[int]:
    """A 34-long list: how many of each kind."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def _join(names: Sequence[str]) -> str:
    out: list[str] = []
    for suit in SUITS:
        digits = "".join(n[0] for n in names if n[1] == suit)
        if digits:
            out.append(digits + suit)
    return "".join(out)


def kinds_to_mpsz(kinds: Iterable[int]) -> str:
    """Sorted mpsz text for kinds: [0, 1, 2, 27, 27] -> '123m11z'."""
    return _join([KINDS[k] for k in sorted(kinds)])


def tiles_to_mpsz(tiles: Iterable[int], aka: bool = True) -> str:
    """Sorted mpsz text for physical tiles; a red five reads 0 and sorts as a 5."""
    return _join([tile_name(t, aka) for t in sort_tiles(tiles)])


def sort_tiles(tiles: Iterable[int]) -> list[int]:
    """Tiles in the standard order: suits m p s z, numbers ascending, red five first among fives."""
    return sorted(tiles)
