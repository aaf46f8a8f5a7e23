"""The win chance's Markov chain, stepped in place, against the chain as defined: a new list of
levels each turn (the same products and sums, so the very same floats)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.efficiency import NEXT_UKEIRE, tenpai_waits, win_chance
from game.tiles import counts_of, parse_kinds


def chain_by_definition(sh: int, uk: int, turns: int, unseen: int, call_factor: float, ron_factor: float,
                        hazard: float, wait: float | None) -> float:
    """Each turn: the hand survives with ``1 - hazard``; at each level it advances with that
    level's chance (tenpai advancing means winning; from a higher level, tenpai has ``wait``
    winning tiles, a typical count when None)."""
    if sh < 0:
        return 1.0
    if turns <= 0 or unseen <= 0:
        return 0.0
    unseen = max(unseen, 1)
    probs = []
    for level in range(sh + 1):
        if level == sh:
            useful = uk
        elif level == 0 and wait is not None:
            useful = wait
        else:
            useful = NEXT_UKEIRE[min(level, len(NEXT_UKEIRE) - 1)]
        p = min(0.95, useful / unseen)
        probs.append(1.0 - (1.0 - p) ** (1.0 + (ron_factor if level == 0 else call_factor)))
    state = [0.0] * (sh + 1)
    state[sh] = 1.0
    won = 0.0
    for _ in range(turns):
        state = [x * (1.0 - hazard) for x in state]
        won += state[0] * probs[0]
        new = [0.0] * (sh + 1)
        new[0] = state[0] * (1 - probs[0])
        for level in range(1, sh + 1):
            moved = state[level] * probs[level]
            new[level] += state[level] - moved
            new[level - 1] += moved
        state = new
    return won


@settings(derandomize=True, deadline=None, max_examples=400)
@given(st.integers(-1, 8), st.integers(0, 60), st.integers(-1, 20), st.integers(-1, 136),
       st.sampled_from([0.0, 0.6]), st.sampled_from([0.9, 1.5, 1.6]), st.floats(0.0, 0.4),
       st.one_of(st.none(), st.floats(0.0, 12.0)))
def test_win_chance_is_the_chain_to_the_last_bit(sh: int, uk: int, turns: int, unseen: int, call_factor: float,
                                                 ron_factor: float, hazard: float, wait: float | None) -> None:
    args = (sh, uk, turns, unseen, call_factor, ron_factor, hazard, wait)
    assert win_chance(*args) == chain_by_definition(*args)


def test_a_wider_wait_ahead_makes_a_one_shanten_hand_faster() -> None:
    """The same 1-shanten acceptance wins more often when its tenpai will wait on more tiles."""
    thin, wide = (win_chance(1, 12, 12, 100, 0.0, 1.6, 0.03, w) for w in (3.0, 9.0))
    assert thin < win_chance(1, 12, 12, 100, 0.0, 1.6, 0.03) < wide


def test_tenpai_waits_counts_the_wait_of_each_draw_by_its_live_copies() -> None:
    """23m 68m (two sets, a pair): a 1m or 4m leaves a closed 7m wait, a 7m the two-sided 1-4m.
    With every 7m but one seen, the 1m and 4m draws wait on the last 7m, and the 7m draw is rare."""
    hand = counts_of(parse_kinds("2368m115678p123s"))
    assert tenpai_waits(hand, [0] * 34) == (4 * 4 + 4 * 4 + 4 * 8) / 12
    seen = [0] * 34
    seen[6] = 3
    assert tenpai_waits(hand, seen) == (4 * 1 + 4 * 1 + 1 * 8) / 9


def test_a_draw_that_pairs_a_single_does_not_count_its_own_copy_among_the_waits() -> None:
    """123456m 789p 2p 55s 9s: a 2p draw waits on 2p and 5s (two of each left, the drawn 2p is
    in the hand), a 9s draw on 5s and 9s (two each), a 5s draw on a single 2p or 9s (three), a 3p
    on 1-4p (eight), every other useful draw on one closed or edge wait (four)."""
    hand = counts_of(parse_kinds("123456m789p2p55s9s"))
    draws = {"1p": (4, 4), "2p": (3, 4), "3p": (4, 8), "4p": (4, 4), "5s": (2, 3), "7s": (4, 4), "8s": (4, 4),
             "9s": (3, 4)}
    total = sum(copies * wait for copies, wait in draws.values())
    assert tenpai_waits(hand, [0] * 34) == total / sum(copies for copies, _ in draws.values())


def test_with_every_useful_draw_seen_the_wait_ahead_is_the_typical_one() -> None:
    """13p 57s: only a 2p or a 6s makes the hand ready; with all of them in sight nothing can be
    looked ahead to, and the chain keeps its typical tenpai wait."""
    hand = counts_of(parse_kinds("123456m13p57s99s1z"))
    seen = [0] * 34
    seen[10] = seen[23] = 4
    assert tenpai_waits(hand, seen) == NEXT_UKEIRE[0]
