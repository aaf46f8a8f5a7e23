"""The review's values and verdicts on constructed positions: one scale for pushing and folding, a furiten
or passed tile read as it is, the last hand without a placement cliff, a win valued as it pays, one charge
for a riichi-or-quiet choice repeated in a hand, and what houou players do beside the AI's verdict."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.ai.coach import advise, coach_player
from game.ai.danger import tile_danger
from game.ai.houou import Shares
from game.ai.player import rules_player as make_player
# the value model these tests read is each level's rules player (what the review and the coach rank by)
from game.ai.position import from_view
from game.ai.tenpai import ron_score, rules_for, tsumo_score
from game.logs.from_game import record_from_game
from game.review.review import (MISTAKE_COST, RARE_SHARE, SELDOM_CHOICE_REALISED, STRONG_CHOICE_REALISED, STRONG_SHARE,
                                review_choice, review_game)
from game.rules import EMA
from game.table import Action, Game
from game.table.view import SeatView
from render.review_words import decision_line, reason_words, shares_words
from tests.seat_views import Tiles, seat_view


def _ranked(view: SeatView) -> list[tuple[Action, float | None]]:
    return make_player("strong", 0, view.seat).rank(view, list(view.legal_actions))


def _value(view: SeatView, name: str) -> float:
    kind = Tiles()(name)[0] >> 2
    return next(v for a, v in _ranked(view) if a.tile is not None and a.tile >> 2 == kind and v is not None)


def _discard(view: SeatView, name: str) -> Action:
    kind = Tiles()(name)[0] >> 2
    return next(a for a in view.legal_actions if a.type == "discard" and a.tile >> 2 == kind)


# the wide 2-shanten against the narrow 1-shanten ---------------------------------------------------------
WIDE_OR_NARROW = "113678m12379p126s"
"""Cutting 3m (or 6s) keeps 1-shanten on a kanchan and a penchan: 8 improving tiles. Cutting 9p goes back to
2-shanten with 58: every run and pair still grows."""


def test_a_wide_two_shanten_is_no_mistake_against_a_narrow_one_shanten() -> None:
    view = seat_view(WIDE_OR_NARROW, rivers={0: "9s1z2z3z"}, dora="1z", live_left=52)
    ranked = _ranked(view)
    assert ranked[0][0].tile >> 2 in (Tiles()("3m")[0] >> 2, Tiles()("6s")[0] >> 2)  # the AI plays the 1-shanten
    wide, narrow = _value(view, "9p"), _value(view, "3m")
    assert wide >= narrow  # every option's own improving tiles counted: no placeholder behind the fastest
    for tile in ("9p", "3m"):  # either way, a matter of judgement: no cost, no verdict against the player
        d = review_choice(view, _discard(view, tile))
        assert (d.severity, d.cost, d.reason) == ("agree", 0.0, None)
        assert "points lost" not in decision_line(d)

# the safe tile against a dealer's riichi with a cheap hand ------------------------------------------------
CHEAP = "234m567p34s78s99m8m2p"
"""1-shanten on two open waits, no dora, no yaku: riichi alone at best. The 2m and the 5p are genbutsu."""


def _dealer_riichi(live_left: int) -> SeatView:
    return seat_view(CHEAP, dealer=1, rivers={1: "1z9s2m7p3s5p6z", 2: "19m19p", 3: "4z1s9p", 0: "2z3z"},
                     riichi_at={1: 5}, dora="1z", live_left=live_left)


def test_against_a_dealer_riichi_a_cheap_hand_folds_and_pushing_is_a_mistake_named_by_its_danger() -> None:
    view = _dealer_riichi(40)
    top = _ranked(view)[0][0]
    assert top.tile >> 2 in from_view(view).safe_kinds(1)  # a genbutsu goes
    d = review_choice(view, _discard(view, "2p"))
    assert d.cost > 0 and d.severity == ("mistake" if d.cost >= MISTAKE_COST else "slip")
    assert d.reason["code"] == "dangerous_against_riichi" and d.reason["seat"] == 1
    words = reason_words(d.reason, 0, 1)
    assert words.startswith("against the riichi of East (the player on your right) your tile deals in about ")
    assert "the AI's is safe" in words


def test_the_push_and_the_fold_are_valued_on_one_scale() -> None:
    # each tile is the better of pushing on with it and folding from it: a genbutsu is worth at least
    # what folding costs (nothing here: safe tiles to spare), the pushed tile its hand less its risk
    view = _dealer_riichi(40)
    values = dict((a.tile >> 2, v) for a, v in _ranked(view) if a.tile is not None)
    assert values[Tiles()("2m")[0] >> 2] == pytest.approx(0.0)
    assert values[Tiles()("2p")[0] >> 2] < 0  # pushing the suji 2p into a dealer's riichi costs



def test_two_equally_safe_tiles_against_a_riichi_differ_by_the_hand_not_by_the_danger() -> None:
    """2m and 5p are both genbutsu against the dealer's riichi: cutting the 5p out of 567p costs the tenpai,
    and that (not pushing, not danger) is the reason given."""
    rivers = {1: "1z9s2m7p3s5p6z", 2: "19m19p", 3: "4z1s9p", 0: "2z3z"}
    view = seat_view("2m456m567p34s678s99m", dealer=1, rivers=rivers, riichi_at={1: 5}, dora="8m", live_left=40)
    assert _ranked(view)[0][0].tile >> 2 == Tiles()("2m")[0] >> 2
    d = review_choice(view, _discard(view, "5p"))
    assert d.severity == "mistake" and d.reason == {"code": "lower_shanten", "shanten": [0, 1]}
    assert reason_words(d.reason, 0, 1) == "it leaves the hand tenpai; yours leaves it 1-shanten"

# the last hand's turn-one discard: no placement cliff ----------------------------------------------------
def test_in_the_last_hand_a_turn_one_discard_has_no_placement_cliff() -> None:
    hand = "1359m2478p3569s15z"
    scores = (30000, 26100, 24000, 19900)
    plain = seat_view(hand, seat=1, dora="1z", live_left=66, scores=scores)
    last = seat_view(hand, seat=1, dora="1z", live_left=66, scores=scores, all_last=True)
    ranked_plain, ranked_last = _ranked(plain), _ranked(last)
    assert ranked_plain[0][0] == ranked_last[0][0]
    # the uma a win may bring raises every option alike (a smooth gain, no +8,000 at a gap): the spread between
    # the best three discards stays within twice the spread without it
    def spread(ranked: list[tuple[Action, float | None]]) -> float:
        return (ranked[0][1] or 0.0) - (ranked[2][1] or 0.0)

    assert spread(ranked_last) <= 2 * spread(ranked_plain) + 50
    d = review_choice(last, ranked_last[1][0])
    assert d.cost < MISTAKE_COST and d.severity in ("agree", "slip")


# the furiten open tenpai -----------------------------------------------------------------------------------
def _open_tenpai(river: str) -> SeatView:
    # pon of white dragons (a yaku); cutting 1s waits on 5m-8m, cutting 6m or 7m on a single 7m or 6m
    return seat_view("234m67m789s111s", melds={0: [("pon", "555z")]}, rivers={0: river}, dora="1z", live_left=40)


def test_an_open_tenpai_in_furiten_is_valued_as_winning_by_tsumo_only() -> None:
    live, furiten = _open_tenpai("1m9p2z"), _open_tenpai("5m9p2z")
    assert _ranked(live)[0][0].tile >> 2 == Tiles()("1s")[0] >> 2  # the two-sided wait
    assert _value(furiten, "1s") < _value(live, "1s")
    assert _ranked(furiten)[0][0].tile >> 2 != Tiles()("1s")[0] >> 2  # furiten: a live single wait is better
    d = review_choice(furiten, _discard(furiten, "1s"))
    assert d.reason is not None and d.reason["code"] == "furiten_wait"
    assert reason_words(d.reason, 0, 0) == ("your tenpai is furiten (it waits on 5 characters, 8 characters, and one "
                                            "is in your own discards): it can win only by tsumo")


# the passed tile -----------------------------------------------------------------------------------------
def test_a_tile_passed_since_the_threat_last_discarded_is_read_as_safe() -> None:
    # seat 2 (three melds: likely tenpai) discarded 6m last; seat 3 then let the 5s go and seat 2 did not ron it
    rivers = {0: "1z2z9m3p", 1: "9p1m4z8s", 2: "2z3z7m1p6m", 3: "1s9s2p4m5s"}
    melds = {2: [("pon", "777z"), ("chi", "234p"), ("pon", "333s")]}
    view = seat_view("234m567p4589s11z6s9p", melds=melds, rivers=rivers, dora="9m", live_left=30)
    pos = from_view(view)
    assert tile_danger(pos, Tiles()("5s")[0] >> 2, 2) == 0.0
    assert tile_danger(pos, Tiles()("6s")[0] >> 2, 2) > 0.0
    assert _value(view, "5s") > _value(view, "6s")  # the same shape either way: the passed one is safer


# a win valued as it pays -----------------------------------------------------------------------------------
def test_a_tsumo_is_valued_as_a_tsumo_pays() -> None:
    # pinfu on 1s-4s, the 4s drawn: a ron pays pinfu alone, a tsumo pinfu and menzen tsumo
    view = seat_view("123m456p789s23s55s4s", dora="9p")
    win = view.drawn
    legal = [Action("tsumo", win)] + [Action("discard", t) for t in sorted(set(view.hand))]
    view = seat_view("123m456p789s23s55s4s", dora="9p", legal=legal)
    ranked = _ranked(view)
    pos = from_view(view)
    hand = list(pos.hand)
    hand.remove(win)
    assert ranked[0][0].type == "tsumo"
    assert ranked[0][1] == tsumo_score(pos, rules_for(False), hand, win, riichi=False)[1]
    assert ranked[0][1] != ron_score(pos, rules_for(False), hand, win, riichi=False)[1]


# a riichi-or-quiet choice repeated in a hand is charged once ------------------------------------------------
def _quiet_game(seed: int) -> tuple[Game, int]:
    """A one-hand game in which seat 0 never declares riichi: each turn riichi is offered it discards the
    same tile quietly. Returns the game and how many such turns there were where the AI would declare."""
    game = Game(EMA.with_options(game_length="single"), seed)
    players = [make_player("strong", seed, s) for s in range(4)]
    wanted = 0
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        action = players[seat].decide(game.view(seat), legal)
        if seat == 0 and action.type == "riichi":
            wanted += 1
            action = next(a for a in legal if a.type == "discard" and a.tile == action.tile)
        game.apply(seat, action)
    return game, wanted


def test_a_quiet_choice_repeated_in_a_hand_is_charged_once() -> None:
    game, wanted = next((g, w) for g, w in map(_quiet_game, range(1, 60)) if w >= 2)
    review = review_game(record_from_game(game), 0)
    offered = [d for d in review.decisions if d.options[0][0].type == "riichi" and d.actual.type == "discard"
               and d.actual.tile >> 2 == d.options[0][0].tile >> 2]
    assert len(offered) == wanted  # every turn the AI would have declared, the seat stayed quiet
    quiet = [d for d in offered if not d.agreed]  # (late in the hand riichi may gain no more than quiet: a tie)
    assert len(quiet) >= 2
    charged = [d for d in quiet if d.cost > 0]
    assert len(charged) == 1 and charged[0] is quiet[0]
    for d in quiet[1:]:
        assert (d.severity, d.cost, d.reason) == ("slip", 0.0, {"code": "repeated"})
        assert reason_words(d.reason, 0, d.hand_index) == "the same riichi-or-quiet choice as earlier in this hand: counted once"
    assert review.summary()["cost"] == pytest.approx(charged[0].cost, abs=0.1)  # the hand charged once


# what houou players do ----------------------------------------------------------------------------------------
def _fake_shares(names: dict[str, float]) -> Shares:
    """A provider as the learned model will be: each discard's share, the named ones by ``names``."""
    def shares(view: SeatView, legal: Sequence[Action]) -> dict[Action, float] | None:
        by_kind = {Tiles()(name)[0] >> 2: share for name, share in names.items()}
        out = {a: by_kind.get(a.tile >> 2, 0.0) for a in legal if a.type == "discard"}
        return {a: v / sum(out.values()) for a, v in out.items()}
    return shares


def test_a_choice_houou_players_make_often_is_not_a_mistake() -> None:
    view = _dealer_riichi(40)
    push = _discard(view, "2p")
    plain = review_choice(view, push)
    often = review_choice(view, push, shares=_fake_shares({"2p": 0.61, "2m": 0.22, "5p": 0.17}))
    rarely = review_choice(view, push, shares=_fake_shares({"2m": 0.94, "2p": 0.01, "5p": 0.05}))
    assert plain.severity == "mistake"
    # the same value difference costs less where houou players often choose it: the AI's values are more often wrong there
    assert often.severity == "strong_choice" and 0 < often.cost < plain.cost
    assert often.cost / plain.cost == pytest.approx(STRONG_CHOICE_REALISED / SELDOM_CHOICE_REALISED)
    assert often.share_of(push) == pytest.approx(0.61) and 0.61 >= STRONG_SHARE
    assert reason_words(often.reason, 0, 1) == "houou players choose this 61% of the time here: a choice strong players make"
    assert shares_words(often.shares) == "houou players: 2 circles 61%, 2 characters 22%, 5 circles 17%"
    assert rarely.severity == "mistake" and rarely.share_of(push) == pytest.approx(0.01)
    assert "points lost" in decision_line(rarely)


def test_a_costly_choice_houou_players_sometimes_make_is_a_slip_not_a_mistake() -> None:
    """Between a rare choice (under RARE_SHARE) and one strong players make often, a costly choice is a slip:
    its cost and its reason stay, the verdict is the milder one."""
    view = _dealer_riichi(40)
    push = _discard(view, "2p")
    plain = review_choice(view, push)
    sometimes = review_choice(view, push, shares=_fake_shares({"2m": 0.91, "2p": RARE_SHARE + 0.01, "5p": 0.06}))
    assert plain.severity == "mistake" and plain.cost >= MISTAKE_COST
    assert sometimes.severity == "slip" and sometimes.cost == plain.cost  # seldom made, and charged as such
    assert sometimes.reason == dict(plain.reason, sometimes=RARE_SHARE + 0.01)
    assert sometimes.reason["code"] == "dangerous_against_riichi"
    assert reason_words(sometimes.reason, 0, 1).endswith(
        "; houou players choose yours 3% of the time here: a slip, not a mistake")
    assert "houou players choose yours" not in reason_words(plain.reason, 0, 1)


def test_a_choice_houou_players_make_nearly_as_often_as_the_ais_is_not_a_mistake() -> None:
    """Where houou players are split, a choice taken at least half as often as the AI's is a style."""
    view = _dealer_riichi(40)
    push, top = _discard(view, "2p"), _ranked(view)[0][0]
    others = [a for a in view.legal_actions if a.type == "discard" and a.tile >> 2 not in (top.tile >> 2, push.tile >> 2)]

    def split(ai_share: float) -> Shares:
        def shares(v: SeatView, legal: Sequence[Action]) -> dict[Action, float]:
            rest = (1.0 - ai_share - 0.08) / len(others)
            return {a: (ai_share if a.tile >> 2 == top.tile >> 2 else 0.08 if a.tile >> 2 == push.tile >> 2 else rest)
                    for a in legal if a.type == "discard"}
        return shares

    plain = review_choice(view, push)
    assert plain.severity in ("slip", "mistake")
    near = review_choice(view, push, shares=split(0.12))
    assert near.severity == "strong_choice"
    assert reason_words(near.reason, 0, 1) == ("houou players choose this 8% of the time here and the AI's choice 12%: "
                                               "the AI's values are not the last word here, so it is no mistake")
    far = review_choice(view, push, shares=split(0.8))
    assert far.severity == "slip" and far.cost == plain.cost  # 8% is not rare: a slip, charged as a seldom choice
    assert near.cost == pytest.approx(plain.cost * STRONG_CHOICE_REALISED / SELDOM_CHOICE_REALISED)


def test_without_a_model_nothing_is_said_of_houou_players() -> None:
    view = _dealer_riichi(40)
    d = review_choice(view, _discard(view, "2p"))
    assert d.shares == () and d.share_of(d.actual) is None and shares_words(d.shares) == ""
    assert review_choice(view, _discard(view, "2p"), shares=lambda v, legal: None).shares == ()


def test_the_coach_shows_what_houou_players_do_beside_its_suggestion() -> None:
    view = _dealer_riichi(40)
    plain = advise(view, coach_player(0, 0))
    given = advise(view, coach_player(0, 0), shares=_fake_shares({"2p": 0.61, "2m": 0.22, "5p": 0.17}))
    assert plain is not None and given is not None
    assert plain.shares == () and given.action == plain.action
    assert [(a.tile >> 2, round(v, 2)) for a, v in given.shares][:2] == [(Tiles()("2p")[0] >> 2, 0.61),
                                                                        (Tiles()("2m")[0] >> 2, 0.22)]
    assert shares_words(given.shares) == "houou players: 2 circles 61%, 2 characters 22%, 5 circles 17%"
