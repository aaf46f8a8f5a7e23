"""Varied opponents: with the preference on, each AI opponent leans aggressive, defensive or
towards calls, drawn from the game's seed, named at the table, and plays that way."""

from __future__ import annotations

from collections import Counter

from game.ai import rules_player as make_player
# These tests describe each level's rules player (the strong level's fallback without its learned model,
# and the value model the review and the coach rank by); the learned policy has its own in test_policy.py.
from game.ai.levels import LEVELS, PERSONALITIES
from game.rules import TENHOU
from render.session import seat_agents
from render.setup import GameSetup
from cli.selfplay import play_game


def test_the_leaning_is_drawn_from_the_seed_and_shown_beside_the_name() -> None:
    plain = GameSetup(seed=7, ai_levels=("strong", "normal", "easy"))
    varied = GameSetup(seed=7, ai_levels=("strong", "normal", "easy"), varied=True)
    assert plain.names() == ["Player", "Strong AI 1", "Normal AI 2", "Easy AI 3"]
    names = varied.names()
    leanings = [varied.personality(s) for s in (1, 2, 3)]
    assert leanings[2] is None and all(lean in PERSONALITIES for lean in leanings[:2])
    assert names[1] == f"Strong AI 1 ({leanings[0]})" and names[3] == "Easy AI 3"
    assert GameSetup.from_saved(varied.to_dict(), varied.rules, 7).names() == names  # a resumed game keeps them
    seen = Counter(GameSetup(seed=s, varied=True).personality(1) for s in range(60))
    assert set(seen) == set(PERSONALITIES)  # every leaning turns up


def test_each_seat_plays_its_leaning() -> None:
    setup = GameSetup(seed=7, ai_levels=("strong", "strong", "strong"), varied=True)
    agents = seat_agents(setup)
    for seat in (1, 2, 3):
        changes = PERSONALITIES[setup.personality(seat)]
        assert all(getattr(agents[seat].level, name) == getattr(LEVELS["strong"], name) * factor
                   for name, factor in changes.items())


def test_an_aggressive_table_calls_and_deals_in_more_than_a_defensive_one() -> None:
    """Four aggressive strong seats against four defensive ones, the same walls (eight east
    games: about 200 seat-hands a side, enough that the leanings show over the luck of a wall)."""
    def rates(personality: str) -> tuple[float, float]:
        calls = deal_ins = hands = 0
        for seed in range(1, 9):
            agents = [make_player("strong", seed, s, personality) for s in range(4)]
            result = play_game(TENHOU.with_options(game_length="east"), seed, ("strong",) * 4, agents=agents)
            for hand in result.hands:
                hands += 4
                calls += sum(s.called for s in hand)
                deal_ins += sum(s.dealt_in for s in hand)
        return calls / hands, deal_ins / hands
    bold, careful = rates("aggressive"), rates("defensive")
    assert bold[0] > careful[0] and bold[1] > careful[1]
