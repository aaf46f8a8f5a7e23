"""The win chance's Markov chain, stepped in place, against the chain as defined: a new list of
levels each turn (the same products and sums, so the very same floats)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.efficiency import NEXT_UKEIRE, win_chance


def chain_by_definition(sh: int, uk: int, turns: int, unseen: int, call_factor: float, ron_factor: float,
                        hazard: float) -> float:
    """Each turn: the hand survives with ``1 - hazard``; at each level it advances with that
    level's chance (tenpai advancing means winning)."""
    if sh < 0:
        return 1.0
    if turns <= 0 or unseen <= 0:
        return 0.0
    unseen = max(unseen, 1)
    probs = []
    for level in range(sh + 1):
        useful = uk if level == sh else NEXT_UKEIRE[min(level, len(NEXT_UKEIRE) - 1)]
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
       st.sampled_from([0.0, 0.6]), st.sampled_from([0.9, 1.5, 1.6]), st.floats(0.0, 0.4))
def test_win_chance_is_the_chain_to_the_last_bit(sh: int, uk: int, turns: int, unseen: int, call_factor: float,
                                                 ron_factor: float, hazard: float) -> None:
    args = (sh, uk, turns, unseen, call_factor, ron_factor, hazard)
    assert win_chance(*args) == chain_by_definition(*args)
