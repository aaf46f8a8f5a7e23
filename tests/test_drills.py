"""The drills' problems and answers, checked against direct counts on many generated positions."""

from __future__ import annotations

import random

import pytest

from game.ai.position import Discard, Position
from game.drills import (defence_problem, discard_problem, judge_defence, judge_discard, judge_scoring,
                         judge_waits, scoring_problem, waits_problem)
from game.drills.defence import defence_problem_of, protection
from game.drills.discard import LEVELS as DISCARD_LEVELS, discard_problem_of
from game.drills.scoring import payment_of
from game.drills.waits import LEVELS as WAIT_LEVELS
from game.hand.shanten import is_complete, shanten
from game.tiles import NUM_KINDS, parse_kinds


def counts_of(tiles) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t >> 2] += 1
    return c


def brute_ukeire(counts: list[int], seen: list[int], kind: int) -> tuple[int, int]:
    """Shanten after discarding ``kind`` and the unseen copies of the kinds that lower it, counted directly."""
    after = list(counts)
    after[kind] -= 1
    now = shanten(after)
    total = 0
    for k in range(NUM_KINDS):
        left = 4 - after[k] - seen[k] - (k == kind)
        if left <= 0:
            continue
        after[k] += 1
        if shanten(after) < now:
            total += left
        after[k] -= 1
    return now, total


def check_discard(problem) -> None:
    counts = counts_of(problem.tiles)
    direct = {k: brute_ukeire(counts, list(problem.seen), k) for k in range(NUM_KINDS) if counts[k]}
    best = min(direct.values(), key=lambda v: (v[0], -v[1]))
    for kind, (sh, total) in direct.items():
        answer = judge_discard(problem, kind)
        assert (answer.chosen.shanten, answer.chosen.total) == (sh, total)
        assert answer.correct == ((sh, total) == best), (problem.tiles, kind)


@pytest.mark.parametrize("level", sorted(DISCARD_LEVELS))
def test_what_to_discard_problems_from_play_agree_with_a_direct_count(level):
    for seed in range(40):
        problem = discard_problem(seed, level)
        assert len(problem.tiles) == 14 and problem.shanten in DISCARD_LEVELS[level]
        assert len(problem.best()) < len(problem.options), "every choice is as good: no problem to solve"
        check_discard(problem)
    assert discard_problem(7, level) == discard_problem(7, level)


def test_what_to_discard_judges_thousands_of_random_hands_like_a_direct_count():
    rng = random.Random(5)
    for _ in range(1500):
        wall = list(range(136))
        rng.shuffle(wall)
        seen = counts_of(wall[14:14 + rng.randrange(30)])
        check_discard(discard_problem_of(wall[:14], seen))


def test_what_to_discard_refuses_a_tile_not_in_the_hand_and_a_hand_of_another_size():
    problem = discard_problem(1, "easy")
    missing = next(k for k in range(NUM_KINDS) if k not in {t >> 2 for t in problem.tiles})
    with pytest.raises(ValueError, match="no tile"):
        judge_discard(problem, missing)
    with pytest.raises(ValueError, match="14"):
        discard_problem_of(problem.tiles[:13], [0] * NUM_KINDS)


def river(*kinds, riichi_at=None, start=0):
    return tuple(Discard(k * 4 + 1, start + 4 * i, riichi=(i == riichi_at)) for i, k in enumerate(kinds))


def riichi_position(hand_text: str, riichi_river: tuple, others: tuple = ()) -> Position:
    hand = tuple(k * 4 + 2 for k in parse_kinds(hand_text))
    return Position(seat=0, hand=hand, melds=((),) * 4, dealer=0, dora_indicators=(),
                    discards=(others, riichi_river, (), ()), riichi_seats=(1,))


def test_defence_names_genbutsu_suji_kabe_and_one_chance_as_a_player_would():
    # seat 1 threw 4m (riichi on it); our hand: 4m genbutsu, 1m and 7m suji of 4m, 5m half suji, 9p open
    pos = riichi_position("14577m9p", river(*parse_kinds("4m"), riichi_at=0))
    assert protection(pos, parse_kinds("4m")[0], 1) == "genbutsu"
    assert protection(pos, parse_kinds("1m")[0], 1) == "suji"
    assert protection(pos, parse_kinds("7m")[0], 1) == "suji"
    assert protection(pos, parse_kinds("5m")[0], 1) == "none"  # 5m needs 2m and 8m, neither is out
    assert protection(pos, parse_kinds("9p")[0], 1) == "none"
    # 2m out: 5m has one side cut (2-5 by suji), the other (5-8) open -> half suji; with 8m too, suji
    pos = riichi_position("5m", river(*parse_kinds("2m1z"), riichi_at=1))
    assert protection(pos, parse_kinds("5m")[0], 1) == "half_suji"
    pos = riichi_position("5m", river(*parse_kinds("28m"), riichi_at=1))
    assert protection(pos, parse_kinds("5m")[0], 1) == "suji"
    # four 8p in sight (three in the hand, one in a river): 9p can only come by 7-8, which is walled
    pos = riichi_position("888p9p", river(*parse_kinds("1z8p"), riichi_at=0), ())
    assert protection(pos, parse_kinds("9p")[0], 1) == "kabe"
    pos = riichi_position("888p9p", river(*parse_kinds("1z2z"), riichi_at=0))
    assert protection(pos, parse_kinds("9p")[0], 1) == "one_chance"
    # a tile thrown by anyone after the riichi is safe too
    pos = riichi_position("3s", river(*parse_kinds("1z"), riichi_at=0), river(*parse_kinds("3s"), start=1))
    assert protection(pos, parse_kinds("3s")[0], 1) == "genbutsu"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_defence_problems_put_the_safest_tiles_first_and_judge_by_them(level):
    for seed in range(15):
        problem = defence_problem(seed, level)
        assert problem.riichi_seat != 0 and problem.riichi_seat in problem.position.riichi_seats
        kinds = {t >> 2 for t in problem.tiles}
        assert {s.kind for s in problem.safety} == kinds
        has_genbutsu = any(s.protection == "genbutsu" for s in problem.safety)
        assert has_genbutsu == (level == "easy")
        for s in problem.safety:
            assert s.danger == 0 or s.protection != "genbutsu"
            answer = judge_defence(problem, s.kind)
            assert answer.correct == (s.danger <= problem.safety[0].danger + 0.004)
        assert not all(judge_defence(problem, k).correct for k in kinds)


def test_defence_problem_of_a_built_position_prefers_genbutsu_then_suji():
    pos = riichi_position("14m9p1z", river(*parse_kinds("4m7z"), riichi_at=0))
    problem = defence_problem_of(pos, 1)
    assert problem.best() == tuple(parse_kinds("4m"))
    assert judge_defence(problem, parse_kinds("1m")[0]).chosen.protection == "suji"
    assert not judge_defence(problem, parse_kinds("9p")[0]).correct


def test_waits_agree_with_adding_each_tile_on_thousands_of_hands():
    for level, (low, high) in WAIT_LEVELS.items():
        for seed in range(1500):
            problem = waits_problem(seed, level)
            counts = counts_of(problem.tiles)
            direct = []
            for k in range(NUM_KINDS):
                if counts[k] < 4:
                    counts[k] += 1
                    if is_complete(counts):
                        direct.append(k)
                    counts[k] -= 1
            assert list(problem.waits) == direct, problem.tiles
            assert low <= len(direct) <= high
            if level == "hard":
                assert len({k // 9 for k in counts_of_kinds(problem.tiles)}) == 1


def counts_of_kinds(tiles):
    return {t >> 2 for t in tiles}


def test_waits_answer_names_what_was_missed_and_what_was_wrong():
    problem = waits_problem(3, "hard")
    wrong = next(k for k in range(NUM_KINDS) if k not in problem.waits)
    answer = judge_waits(problem, (*problem.waits[1:], wrong))
    assert not answer.correct
    assert answer.missed == problem.waits[:1] and answer.wrong == (wrong,)
    assert judge_waits(problem, reversed(problem.waits)).correct


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_scoring_problems_pay_what_the_table_paid(level):
    for seed in range(15):
        problem = scoring_problem(seed, level)
        won = problem.won
        assert won.tsumo == (level == "hard")
        assert problem.payment.total == won.points
        assert len(problem.choices) == 4 and len({c.total for c in problem.choices}) == 4
        assert judge_scoring(problem, won.han, won.fu, problem.payment).correct
        wrong = next(c for c in problem.choices if c != problem.payment)
        assert not judge_scoring(problem, won.han, won.fu, wrong).correct
        assert not judge_scoring(problem, won.han + 1, won.fu, problem.payment).han
        # fu counts only below mangan, where it changes the points
        assert judge_scoring(problem, won.han, won.fu + 10, problem.payment).fu == (won.han >= 5)


def test_scoring_payment_of_other_values_follows_the_table():
    problem = scoring_problem(2, "easy")
    dealer = problem.dealer
    assert payment_of(problem.won, dealer, problem.rules, 1, 30).ron == (1500 if dealer else 1000)
    assert payment_of(problem.won, dealer, problem.rules, 5, 30).ron == (12000 if dealer else 8000)


def test_unknown_levels_are_refused_with_the_choices():
    for make in (discard_problem, defence_problem, waits_problem, scoring_problem):
        with pytest.raises(ValueError, match="easy"):
            make(1, "expert")


def _independent_protection(hand_kinds: set[int], safe: set[int], visible: list[int], kind: int) -> str:
    """What protects ``kind``, worked out again from the rules of thumb a player learns."""
    if kind in safe:
        return "genbutsu"
    if kind >= 27:
        return "honour"
    n = kind % 9 + 1
    sides = ([(kind + 3, (kind + 1, kind + 2))] if n <= 6 else []) + ([(kind - 3, (kind - 2, kind - 1))] if n >= 4 else [])
    states = []
    for other, shape in sides:
        if other in safe:
            states.append("suji")
        elif max(visible[k] for k in shape) == 4:
            states.append("kabe")
        elif max(visible[k] for k in shape) == 3:
            states.append("chance")
        else:
            states.append("open")
    if "open" in states:
        return "half_suji" if "suji" in states else "none"
    if "chance" in states:
        return "one_chance"
    return "kabe" if "kabe" in states else "suji"


def test_defence_labels_and_safest_tiles_hold_on_thousands_of_random_positions():
    rng = random.Random(11)
    for _ in range(2000):
        wall = list(range(136))
        rng.shuffle(wall)
        hand, rest = tuple(wall[:14]), wall[14:]
        riichi_at = rng.randrange(1, 10)
        river = tuple(Discard(t, 4 * i + 1, riichi=(i == riichi_at)) for i, t in enumerate(rest[:riichi_at + 3]))
        mine = tuple(Discard(t, 4 * i, False) for i, t in enumerate(rest[20:20 + riichi_at + 3]))
        pos = Position(seat=0, hand=hand, melds=((),) * 4, dealer=0, dora_indicators=(rest[40],),
                       discards=(mine, river, (), ()), riichi_seats=(1,))
        safe = {t >> 2 for t in rest[:riichi_at + 3]} | {d.tile >> 2 for d in mine if d.order > river[riichi_at].order}
        problem = defence_problem_of(pos, 1)
        for s in problem.safety:
            assert s.protection == _independent_protection({t >> 2 for t in hand}, safe, pos.visible, s.kind)
        low = min(s.danger for s in problem.safety)
        assert problem.safety[0].danger == low
        assert all(judge_defence(problem, k).correct for k in problem.best())
        if any(s.protection == "genbutsu" for s in problem.safety):
            assert low == 0
