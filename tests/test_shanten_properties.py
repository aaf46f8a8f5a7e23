"""Shanten against its definition: brute force on small hands, properties, the reference package.

The definition: the tiles a hand still needs to become some complete hand (groups and a pair,
seven different pairs, or thirteen orphans) that holds at most four copies of a kind, minus
one. The brute force below enumerates those complete hands directly.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.hand import shanten_tables
from game.hand.shanten import (
    discard_draws, discard_options, is_complete, shanten, shanten_chiitoitsu, shanten_kokushi, shanten_regular,
    ukeire, waits,
)
from game.tiles import KINDS, TERMINALS_AND_HONORS, parse_kinds

FAST = settings(derandomize=True, deadline=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow])
SIZES_3N1 = (1, 4, 7, 10, 13)
SIZES_3N2 = (2, 5, 8, 11, 14)

RUNS = [tuple(s * 9 + r + i for i in range(3)) for s in range(3) for r in range(7)]
TRIPLETS = [(k, k, k) for k in range(34)]
GROUPS = RUNS + TRIPLETS


# --- strategies ---------------------------------------------------------------------------

@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...] = SIZES_3N1 + SIZES_3N2) -> list[int]:
    """A legal hand, often crowded into a few neighbouring kinds so that quads are common."""
    n = draw(st.sampled_from(sizes))
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        base, span = (27, 7) if suit == 3 else (9 * suit, 9)
        low = draw(st.integers(0, span - 1))
        near = list(range(base + low, base + min(span, low + draw(st.integers(2, 5)))))
    else:
        near = []
    crowded = draw(st.permutations([k for k in near for _ in range(4)]))
    rest = draw(st.permutations([k for k in range(34) if k not in near for _ in range(4)]))
    counts = [0] * 34
    for kind in (crowded + rest)[:n]:
        counts[kind] += 1
    return counts


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    """A complete hand of 2, 5, 8, 11 or 14 tiles: groups and a pair, seven pairs or kokushi."""
    counts = [0] * 34
    form = draw(st.sampled_from(["regular", "regular", "regular", "seven pairs", "kokushi"]))
    if form == "seven pairs":
        for kind in draw(st.permutations(range(34)))[:7]:
            counts[kind] = 2
    elif form == "kokushi":
        for kind in TERMINALS_AND_HONORS:
            counts[kind] = 1
        counts[draw(st.sampled_from(TERMINALS_AND_HONORS))] += 1
    else:
        for group in draw(st.lists(st.sampled_from(GROUPS), max_size=4)):
            for kind in group:
                counts[kind] += 1
        counts[draw(st.integers(0, 33))] += 2
        assume(max(counts) <= 4)
    return counts


# --- brute force ----------------------------------------------------------------------------

def brute_regular(counts: list[int]) -> int:
    """Largest overlap with any groups-and-pair hand of at most four copies a kind, by search.

    Groups and pairs that share no tile with the hand overlap nothing; each stands in as a
    triplet or pair of its own unheld honour, so only those need enumerating.
    """
    n = sum(counts)
    m = n // 3
    held = [k for k in range(34) if counts[k]]
    spare = [k for k in range(27, 34) if not counts[k]][: m + 1]
    if len(spare) < m + 1:
        raise ValueError("too few unheld honours to stand in for empty groups")
    groups = [g for g in GROUPS if any(counts[k] for k in g)] + [(k, k, k) for k in spare[:m]]
    pairs = [(k, k) for k in held] + [(spare[m], spare[m])]
    best = 0
    for chosen in combinations_with_replacement(groups, m):
        for pair in pairs:
            target = [0] * 34
            for group in (*chosen, pair):
                for kind in group:
                    target[kind] += 1
            if max(target) <= 4:
                best = max(best, sum(min(h, t) for h, t in zip(counts, target)))
    return 3 * m + 1 - best


def brute_chiitoitsu(counts: list[int]) -> int:
    """Seven different kinds, two each: the seven kinds the hand covers best."""
    return 13 - sum(sorted((min(n, 2) for n in counts), reverse=True)[:7])


def brute_kokushi(counts: list[int]) -> int:
    """One of each orphan plus a second of one of them, whichever overlaps most."""
    return 13 - max(sum(min(counts[k], 2 if k == extra else 1) for k in TERMINALS_AND_HONORS)
                    for extra in TERMINALS_AND_HONORS)


def plus(counts: list[int], kind: int, delta: int = 1) -> list[int]:
    out = list(counts)
    out[kind] += delta
    return out


# --- against the definition -----------------------------------------------------------------

@FAST
@given(hands(sizes=(1, 2, 4, 5, 7, 8)))
def test_regular_shanten_is_the_brute_force_overlap(counts: list[int]) -> None:
    assume(sum(1 for k in range(27, 34) if not counts[k]) > sum(counts) // 3)
    assert shanten_regular(counts) == brute_regular(counts)


@pytest.mark.parametrize("text", [
    "1111m", "1111m2m", "1111m234m", "1111m2222m", "2222m5p", "11112222m", "1111m2223m",
    "4444m5555m", "1111z2222z", "11112m", "1234m", "1111m9999m", "5555m6m",
])
def test_crowded_small_hands_against_brute_force(text: str) -> None:
    counts = [0] * 34
    for kind in parse_kinds(text):
        counts[kind] += 1
    assert shanten_regular(counts) == brute_regular(counts)


@FAST
@given(hands(sizes=(13, 14)))
def test_seven_pairs_and_kokushi_by_definition(counts: list[int]) -> None:
    assert shanten_chiitoitsu(counts) == brute_chiitoitsu(counts)
    assert shanten_kokushi(counts) == brute_kokushi(counts)
    assert shanten(counts) == min(shanten_regular(counts), brute_chiitoitsu(counts), brute_kokushi(counts))


# --- properties -------------------------------------------------------------------------------

@FAST
@given(complete_hands())
def test_a_complete_hand_has_shanten_minus_one(counts: list[int]) -> None:
    assert shanten(counts) == -1
    assert is_complete(counts)
    assert min(o.shanten for o in discard_options(counts)) == 0


@FAST
@given(complete_hands(), st.data())
def test_every_wait_completes_the_hand(counts: list[int], data: st.DataObject) -> None:
    removed = data.draw(st.sampled_from([k for k in range(34) if counts[k]]))
    tenpai = plus(counts, removed, -1)
    assert shanten(tenpai) == 0
    found = waits(tenpai)
    assert removed in found
    for kind in found:
        assert is_complete(plus(tenpai, kind))
    for kind in set(range(34)) - set(found):
        if tenpai[kind] < 4:
            assert not is_complete(plus(tenpai, kind))


@FAST
@given(hands(sizes=SIZES_3N1))
def test_waits_never_hold_a_fifth_copy_and_exist_only_at_tenpai(counts: list[int]) -> None:
    found = waits(counts)
    assert all(counts[k] < 4 for k in found)
    assert bool(found) == (shanten(counts) == 0)


@FAST
@given(hands(), st.randoms(use_true_random=False))
def test_shanten_does_not_depend_on_tile_order(counts: list[int], rng: random.Random) -> None:
    tiles = [KINDS[k] for k in range(34) for _ in range(counts[k])]
    rng.shuffle(tiles)
    shuffled = [0] * 34
    for kind in parse_kinds(" ".join(tiles)):
        shuffled[kind] += 1
    assert shuffled == counts
    assert shanten(shuffled) == shanten(counts)


def _relabel(counts: list[int], suits: tuple[int, int, int], reverse: bool, honors: list[int]) -> list[int]:
    out = [0] * 34
    for kind, n in enumerate(counts):
        if kind < 27:
            rank = kind % 9
            out[suits[kind // 9] * 9 + (8 - rank if reverse else rank)] = n
        else:
            out[27 + honors[kind - 27]] = n
    return out


@FAST
@given(hands(), st.permutations((0, 1, 2)), st.booleans(), st.permutations(range(7)))
def test_shanten_ignores_suit_names_rank_direction_and_honour_names(
        counts: list[int], suits: tuple[int, int, int], reverse: bool, honors: list[int]) -> None:
    other = _relabel(counts, suits, reverse, honors)
    assert shanten_regular(other) == shanten_regular(counts)
    if sum(counts) >= 13:
        assert shanten_chiitoitsu(other) == shanten_chiitoitsu(counts)


@FAST
@given(hands(sizes=SIZES_3N1))
def test_a_draw_lowers_shanten_by_at_most_one_and_ukeire_lists_exactly_those(counts: list[int]) -> None:
    now = shanten(counts)
    lowering = []
    for kind in range(34):
        if counts[kind] < 4:
            after = shanten(plus(counts, kind))
            assert after in (now, now - 1)
            if after < now:
                lowering.append(kind)
    listed = ukeire(counts)
    assert [k for k, _ in listed] == lowering
    assert all(n == 4 - counts[k] for k, n in listed)
    if now == 0:
        assert lowering == waits(counts)


@FAST
@given(hands(sizes=SIZES_3N2))
def test_shanten_of_3n2_is_after_the_best_discard(counts: list[int]) -> None:
    options = discard_options(counts)
    assert min(o.shanten for o in options) == max(shanten(counts), 0)  # a complete hand drops to tenpai
    for option in options:
        assert option.shanten == shanten(plus(counts, option.kind, -1))
    assert is_complete(counts) == (shanten(counts) == -1)


@st.composite
def pairs_or_orphans(draw: st.DrawFn) -> list[int]:
    """A 14-tile hand of mostly pairs or mostly terminals and honours, where seven pairs and
    kokushi decide the shanten and the draws."""
    pool = list(TERMINALS_AND_HONORS) if draw(st.booleans()) else draw(st.permutations(range(34)))[:9]
    counts = [0] * 34
    for kind in draw(st.lists(st.sampled_from(pool), min_size=40, max_size=40)):
        if sum(counts) < 14 and counts[kind] < 4:
            counts[kind] += 1
    for kind in draw(st.permutations(range(34))):
        if sum(counts) < 14 and counts[kind] < 4:
            counts[kind] += 1
    return counts


def discard_draws_by_definition(counts: list[int], kinds: list[int],
                                slack: int) -> list[tuple[int, int, tuple[int, ...] | None]]:
    """``discard_draws`` from ``shanten`` and ``ukeire`` of each hand after a discard."""
    after = [shanten(plus(counts, kind, -1)) for kind in kinds]
    lowest = min(after)
    return [(kind, left, tuple(k for k, _ in ukeire(plus(counts, kind, -1))) if left <= lowest + slack else None)
            for kind, left in zip(kinds, after)]


@FAST
@given(st.one_of(hands(sizes=SIZES_3N2), pairs_or_orphans()), st.integers(0, 2), st.randoms(use_true_random=False))
def test_discard_draws_are_shanten_and_ukeire_after_each_discard(counts: list[int], slack: int,
                                                                  rng: random.Random) -> None:
    held = [kind for kind in range(34) if counts[kind]]
    kinds = sorted(rng.sample(held, rng.randint(1, len(held))))
    assert discard_draws(counts, kinds, slack) == discard_draws_by_definition(counts, kinds, slack)


def test_discard_draws_agree_with_and_without_the_table_file() -> None:
    rng = random.Random(20261126)
    wall = [k for k in range(34) for _ in range(4)]
    hands_ = []
    for i in range(400):
        counts = [0] * 34
        for kind in rng.sample(wall if i % 2 else wall[:36] + wall[108:], (14, 11, 8, 5, 2)[i % 5]):
            counts[kind] += 1
        hands_.append(counts)
    with_file = [discard_draws(h, [k for k in range(34) if h[k]], i % 3) for i, h in enumerate(hands_)]
    shanten_tables.use_data(False)
    try:
        assert [discard_draws(h, [k for k in range(34) if h[k]], i % 3) for i, h in enumerate(hands_)] == with_file
    finally:
        shanten_tables.use_data(True)


def test_discard_draws_refuse_a_kind_not_held_and_a_3n1_hand() -> None:
    counts = [0] * 34
    for kind in parse_kinds("123m456p789s11222z"):
        counts[kind] += 1
    with pytest.raises(ValueError):
        discard_draws(counts, [3])
    counts[31] -= 1
    with pytest.raises(ValueError):
        discard_draws(counts, [0])


# --- against the reference package --------------------------------------------------------------

def test_agrees_with_the_reference_package_on_generated_hands() -> None:
    reference = pytest.importorskip("mahjong.shanten").Shanten()
    rng = random.Random(20261121)
    wall = [k for k in range(34) for _ in range(4)]
    one_suit = [k for k in range(9) for _ in range(4)]
    for _ in range(1500):
        n = rng.choice(SIZES_3N1 + SIZES_3N2)
        counts = [0] * 34
        for kind in rng.sample(one_suit if rng.random() < 0.3 else wall, n):
            counts[kind] += 1
        assert shanten_regular(counts) == reference.calculate_shanten_for_regular_hand(counts), counts
        assert shanten(counts) == reference.calculate_shanten(counts), counts
        if n >= 13:
            assert shanten_chiitoitsu(counts) == reference.calculate_shanten_for_chiitoitsu_hand(counts)
            assert shanten_kokushi(counts) == reference.calculate_shanten_for_kokushi_hand(counts)
