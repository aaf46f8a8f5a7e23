"""Shared helpers for the table tests: a seeded random player and the invariants every state keeps."""

from __future__ import annotations

import random

from game.rules import RuleSet
from game.hand.shanten import shanten
from game.table import Action, Game
from game.tiles import counts_of

CALLS = ("chi", "pon", "daiminkan", "ankan", "shouminkan")


def pick(game: Game, seat: int, acts: list[Action], rng: random.Random) -> Action:
    """A random legal action, biased towards wins, riichi and shanten-lowering discards."""
    for kind in ("tsumo", "ron"):
        wins = [a for a in acts if a.type == kind]
        if wins and rng.random() < 0.95:
            return wins[0]
    riichi = [a for a in acts if a.type == "riichi"]
    if riichi and rng.random() < 0.7:
        return rng.choice(riichi)
    calls = [a for a in acts if a.type in CALLS]
    if calls and rng.random() < 0.35:
        return rng.choice(calls)
    discards = [a for a in acts if a.type == "discard"]
    if discards and rng.random() < 0.85:
        hand = game.hand.seats[seat].hand

        def after(a: Action) -> float:
            rest = list(hand)
            rest.remove(a.tile)  # type: ignore[arg-type]
            return shanten(counts_of([t >> 2 for t in rest])) + rng.random()
        return min(discards, key=after)
    rest = [a for a in acts if a.type not in CALLS and a.type != "riichi"] or acts
    return rng.choice(rest)


def check_invariants(game: Game) -> None:
    """136 tiles accounted for once each; points plus sticks constant."""
    hand = game.hand
    wall = hand.wall
    seen: list[int] = []
    for st in hand.seats:
        seen += st.hand
        for m in st.melds:
            seen += m.tiles
        seen += [d.tile for d in st.discards if not d.called]
    seen += wall.live[hand.live_drawn:len(wall.live) - hand.kans]
    seen += wall.live[len(wall.live) - hand.kans:]
    seen += wall.rinshan[hand.kans:]
    seen += wall.dora_indicators + wall.ura_indicators
    assert sorted(seen) == list(range(136)), "tiles not accounted for"
    assert sum(game.scores) + 1000 * game.sticks == 4 * game.rules.start_points


def play(rules: RuleSet, seed: int, rng: random.Random, checks: bool = True, max_steps: int = 20000) -> Game:
    """A whole game of seeded random play."""
    game = Game(rules, seed)
    for _ in range(max_steps):
        if game.finished:
            return game
        seat = rng.choice(game.waiting_seats())
        game.apply(seat, pick(game, seat, game.legal_actions(seat), rng))
        if checks and not game.finished:
            check_invariants(game)
    raise AssertionError("the game did not end")
