"""Scoring: a winning hand with its situation (winds, riichi, tsumo or ron, dora); the player gives
the han, the fu and the points. The answer is the engine's own scoring: yaku, fu lines, limit.

Points are the hand's value without honba and riichi sticks. Fu only counts below mangan (5 han),
where it changes the points.

>>> p = scoring_problem(1, "easy")
>>> p.won.tsumo, len(p.choices), p.payment in p.choices
(False, 4, True)
>>> judge_scoring(p, p.won.han, p.won.fu, p.payment).correct
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.drills.selfplay import check_level, pick, wins
from game.rules import RuleSet
from game.scoring.payment import Payment, base_points, make_payment
from game.table.events import Won

__all__ = ["LEVELS", "ScoringProblem", "ScoringAnswer", "scoring_problem", "judge_scoring", "payment_of"]

LEVELS = ("easy", "hard")
"""easy: wins by ron (one payer); hard: wins by tsumo (the dealer's share and the others')."""
FU_MATTERS_BELOW = 5
"""From this many han the points are a limit and the fu no longer change them."""


@dataclass(frozen=True)
class ScoringProblem:
    won: Won
    seat_wind: int
    round_wind: int
    dealer: bool
    rules: RuleSet
    choices: tuple[Payment, ...]
    """Four payments to choose from, the right one among them."""

    @property
    def payment(self) -> Payment:
        return payment_of(self.won, self.dealer, self.rules)


@dataclass(frozen=True)
class ScoringAnswer:
    han: bool
    fu: bool
    points: bool

    @property
    def correct(self) -> bool:
        return self.han and self.fu and self.points


def payment_of(won: Won, dealer: bool, rules: RuleSet, han: int | None = None, fu: int | None = None) -> Payment:
    """The payment of the win, or of the same win valued at other han or fu."""
    base, _limit = base_points(won.han if han is None else han, won.fu if fu is None else fu,
                               won.yakuman_count if han is None else 0, rules)
    return make_payment(base, won.tsumo, dealer)


def _choices(won: Won, dealer: bool, rules: RuleSet, rng: random.Random) -> tuple[Payment, ...]:
    right = payment_of(won, dealer, rules)
    near = [payment_of(won, dealer, rules, won.han + dh, won.fu + df)
            for dh, df in ((1, 0), (-1, 0), (0, 10), (0, -10), (1, 10), (2, 0), (-1, 10), (-2, 0), (3, 0),
                           (0, 20), (-1, -10), (-3, 0), (4, 0), (-2, 20))
            if won.han + dh >= 1 and won.fu + df >= 20]
    near.append(make_payment(right.base_points, won.tsumo, not dealer))
    wrong: list[Payment] = []
    for p in near:
        if p.total != right.total and all(p.total != w.total for w in wrong):
            wrong.append(p)
    rng.shuffle(wrong)
    picked = [right, *wrong[:3]]
    rng.shuffle(picked)
    return tuple(picked)


def scoring_problem(seed: int, level: str = "easy", rules: RuleSet | None = None) -> ScoringProblem:
    """A win of ``level`` (``LEVELS``) from self-played games, the same for the same seed."""
    check_level(level, LEVELS)
    rules = rules or RuleSet()
    fits = ((won, view) for won, view in wins(seed * 2 + (level == "hard"), rules)
            if won.tsumo == (level == "hard") and not won.yakuman_count)
    won, view = pick(fits, "scoring", seed, level)
    dealer = view.dealer == won.seat
    return ScoringProblem(won, view.seat_winds[won.seat], view.round_wind, dealer, rules,
                          _choices(won, dealer, rules, random.Random(f"kawa-scoring-choices/{seed}/{level}")))


def judge_scoring(problem: ScoringProblem, han: int, fu: int, points: Payment) -> ScoringAnswer:
    """The player's han, fu and payment against the engine's."""
    won = problem.won
    fu_right = fu == won.fu or won.han >= FU_MATTERS_BELOW
    return ScoringAnswer(han == won.han, fu_right, points.total == problem.payment.total
                         and points.tsumo_dealer == problem.payment.tsumo_dealer)
