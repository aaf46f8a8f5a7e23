"""The AI's known blunders, each on a position built as a seat view: the choice a strong
human makes, the reason, and the audit that names the blunder when it is made."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.ai import rules_player as make_player
# These tests describe each level's rules player (the strong level's fallback without its learned model,
# and the value model the review and the coach rank by); the learned policy has its own in test_policy.py.
from game.ai.audit import classify
from game.ai.position import from_view
from game.rules import EMA, TENHOU, RuleSet
from game.table.actions import Action
from game.table.view import SeatView
from game.tiles import parse_tiles
from main import main
from tests.seat_views import Tiles, seat_view


def with_riichi(view: SeatView, tenpai_tiles: list[int]) -> SeatView:
    """The same view with a riichi offered on each of ``tenpai_tiles``."""
    legal = list(view.legal_actions) + [Action("riichi", t) for t in tenpai_tiles]
    return SeatView(**{**view.__dict__, "legal_actions": tuple(legal)})


def decide(level: str, view: SeatView) -> Any:
    return make_player(level, 1, view.seat).decide(view, list(view.legal_actions))


def audit(view: SeatView, chosen: Action) -> list[str]:
    return classify(from_view(view), view.rules, list(view.legal_actions), chosen)


def tile_of(view: SeatView, text: str) -> int:
    kind = parse_tiles(text, aka=False)[0] >> 2
    return next(t for t in view.hand if t >> 2 == kind)


# 1. a closed tenpai with no ron yaku is not kept quietly
def yakuless_view() -> SeatView:
    # 123m 34(red 5)m 79m 55m 456p after cutting 1z: kanchan 8m, no tanyao, pinfu or ittsu. Three
    # 5m under a 4m indicator and the red five: four dora that a guess of yaku took for a mangan
    view = seat_view("12334079m55m456p1z", dora="4m")
    return with_riichi(view, [tile_of(view, "1z")])


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_closed_tenpai_without_a_ron_yaku_declares_riichi(level: str) -> None:
    view = yakuless_view()
    choice = decide(level, view)
    assert (choice.type, choice.tile >> 2) == ("riichi", 27), "dama could win only by tsumo"
    dama = Action("discard", tile_of(view, "1z"))
    assert audit(view, dama) == ["dama_no_yaku"]
    assert audit(view, choice) == []


# 1b. an open hand does not settle for a tenpai no ron can win
def open_yakuless_view(live_left: int) -> SeatView:
    # after a chi of 345s: cutting the 5m waits on 2p-5p, but the 789s it keeps leaves no yaku
    return seat_view("456m22p34p78s9s5m", melds={0: [("chi", "345s")]}, dora="6z", live_left=live_left,
                     rivers={1: "1z9m", 2: "2z", 3: "1p"})


def test_an_open_tenpai_without_yaku_is_not_taken_while_the_wall_is_long() -> None:
    view = open_yakuless_view(live_left=48)  # twelve turns to go
    choice = decide("strong", view)
    assert choice.tile >> 2 == parse_tiles("9s", aka=False)[0] >> 2, "one step from an all-simples tenpai"
    assert audit(view, choice) == []
    assert audit(view, Action("discard", tile_of(view, "5m"))) == ["open_no_yaku"]
    late = open_yakuless_view(live_left=12)  # near the draw, the tenpai payment is worth the tenpai
    assert audit(late, Action("discard", tile_of(late, "5m"))) == []


# 4. furiten and dead waits
def furiten_view() -> SeatView:
    # 123m 456m 789p 22s 34s 6s; 2s lies in the own river. Cutting 6s waits on 2s-5s (furiten),
    # cutting 3s waits on 5s alone (not furiten).
    view = seat_view("123456m789p22346s", rivers={0: "2s9m"})
    return with_riichi(view, [tile_of(view, "6s"), tile_of(view, "3s")])


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_riichi_avoids_its_own_furiten_when_a_sound_tenpai_exists(level: str) -> None:
    view = furiten_view()
    choice = decide(level, view)
    assert (choice.type, choice.tile >> 2) == ("riichi", parse_tiles("3s", aka=False)[0] >> 2)
    assert audit(view, Action("riichi", tile_of(view, "6s"))) == ["furiten_riichi"]


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_no_riichi_on_a_dead_wait(level: str) -> None:
    # kanchan 5s after cutting 1z; all four 5s are visible (three in rivers, the red one among them, one as indicator)
    view = seat_view("123m456m789p22s46s1z", rivers={1: "5s", 2: "0s", 3: "5s"}, dora="5s")
    view = with_riichi(view, [tile_of(view, "1z")])
    assert decide(level, view).type != "riichi", "a riichi stick on a hand that cannot win"
    assert audit(view, Action("riichi", tile_of(view, "1z"))) == ["dead_riichi"]


# 5. the last draws: a tenpai is worth the noten payments
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_last_draws_keep_the_tenpai(level: str) -> None:
    # 111m 234p 567p 88s 46s + 7z: only cutting 7z stays tenpai; two tiles left in the wall
    view = seat_view("111m234p567p88s46s7z", live_left=2)
    choice = decide(level, view)
    assert choice.tile >> 2 == 33, "breaking tenpai here pays the noten penalty for nothing"
    assert audit(view, Action("discard", tile_of(view, "1m"))) == ["late_tenpai_break"]


# 2 and 3. against a riichi: far or cheap hands fold to the genbutsu
def riichi_view(hand: str, scores: tuple[int, ...] = (25000,) * 4, live_left: int = 40,
                rules: RuleSet = TENHOU) -> SeatView:
    # seat 2 declared riichi on its sixth discard; 5p and 6z are genbutsu against it
    return seat_view(hand, rivers={1: "19m19p", 2: "1z9s2m7p3s5p6z", 3: "4z1s9p", 0: "2z3z"},
                     riichi_at={2: 5}, dora="1z", live_left=live_left, scores=scores, rules=rules)


@pytest.mark.parametrize("level", ["normal", "strong"])
@pytest.mark.parametrize("scores", [(25000,) * 4, (60000, 15000, 15000, 10000)])
def test_far_from_tenpai_against_riichi_the_genbutsu_goes_even_far_ahead(level: str, scores: tuple[int, ...]) -> None:
    view = riichi_view("14589m358p4568s5z6z", scores)  # 3-shanten
    choice = decide(level, view)
    assert choice.tile >> 2 in from_view(view).safe_kinds(2)
    assert audit(view, Action("discard", tile_of(view, "5s"))) == ["far_push"]


CHEAP_ONE_SHANTEN = "234m567p34s78s99m8m2p"
"""1-shanten on two open waits, no dora, no yakuhai: one han (riichi) at best; the 2m of 234m is
genbutsu (the 5p too), the loose 2p is only suji of the riichi's 5p."""


@pytest.mark.parametrize("live_left", [40, 8])
def test_cheap_one_shanten_against_riichi_folds_by_the_simple_rules(live_left: int) -> None:
    view = riichi_view(CHEAP_ONE_SHANTEN, live_left=live_left)
    assert decide("normal", view).tile >> 2 in from_view(view).safe_kinds(2)
    assert audit(view, Action("discard", tile_of(view, "2p"))) == ["cheap_push"]


@pytest.mark.parametrize("live_left,pushes", [(36, True), (32, True), (28, False), (8, False)])
def test_strong_weighs_a_cheap_one_shanten_against_riichi_by_the_turns_left(live_left: int, pushes: bool) -> None:
    # EMA rules: with eight turns left a fast closed hand (its win worth what such wins pay,
    # riichi, ura-dora and tsumo included) is worth the suji 2p; with seven or fewer it gives way
    # to the genbutsu (its draw payment, as real hands collect it, no longer carries it)
    view = riichi_view(CHEAP_ONE_SHANTEN, live_left=live_left, rules=EMA)
    choice = decide("strong", view)
    assert (choice.tile >> 2 == tile_of(view, "2p") >> 2) is pushes
    assert (choice.tile >> 2 in from_view(view).safe_kinds(2)) is not pushes


@pytest.mark.parametrize("rules,pushes", [(EMA, True), (TENHOU, False)])
def test_strong_gives_way_sooner_where_red_fives_make_the_riichi_dearer(rules: RuleSet, pushes: bool) -> None:
    # eight turns left: without red fives the cheap hand still pushes the suji 2p; with them the
    # riichi's hand is worth more, and the genbutsu goes
    view = riichi_view(CHEAP_ONE_SHANTEN, live_left=32, rules=rules)
    choice = decide("strong", view)
    assert (choice.tile >> 2 == tile_of(view, "2p") >> 2) is pushes
    assert (choice.tile >> 2 in from_view(view).safe_kinds(2)) is not pushes


# 8. dora kept when nothing is lost by keeping it
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_equal_discards_keep_the_dora(level: str) -> None:
    # open hand (chi 789s, no yaku yet) with two lone honours; 1z is dora (indicator 4z)
    view = seat_view("123m456p99m2p1z3z", seat=1, melds={1: [("chi", "789s")]}, dora="4z")
    choice = decide(level, view)
    assert choice.tile >> 2 == 29, "3z and 1z are equally useless, but 1z is a dora"
    assert audit(view, Action("discard", tile_of(view, "1z"))) == ["early_dora_discard"]


# 7. a ron in the last hand that lifts the seat out of last place is taken
def test_last_hand_ron_that_changes_the_placement_is_taken() -> None:
    # seat 3 (20000) rons seat 2 (25000): tanyao, pinfu, dora 4p = 3900; seat 2 pays it, so
    # seat 3 ends third. Counting only its own gain (23900 < 25000) would decline it.
    tiles = Tiles()
    view = seat_view("234m456p678s55s34m", seat=3, dealer=0, scores=(40000, 35000, 25000, 20000),
                     all_last=True, live_left=30, dora="3p", tiles=tiles)
    ron_tile = tiles("5m")[0]
    discards = list(view.discards)
    discards[2] = ({"tile": ron_tile, "tsumogiri": False, "riichi": False, "called": False, "order": 2},)
    view = SeatView(**{**view.__dict__, "drawn": None, "discards": tuple(discards),
                       "legal_actions": (Action("ron", ron_tile), Action("pass"))})
    assert decide("strong", view).type == "ron"
    assert audit(view, Action("pass")) == ["declined_ron"]


def test_audit_command_prints_every_class_and_the_style(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ai-audit", "--level", "normal", "--hands", "4", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] >= 4 and out["seat_hands"] == 4 * out["hands"]
    assert set(out["blunders"]) >= {"dama_no_yaku", "open_no_yaku", "furiten_riichi", "dead_riichi", "late_tenpai_break",
                                     "cheap_push", "far_push", "early_dora_discard", "declined_ron", "mangan_fold"}
    assert set(out["style_pct"]) == {"riichi", "call", "win", "deal_in"}


# 6. a mangan tenpai is not given up to an open hand
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_mangan_tenpai_is_kept_against_an_open_hand(level: str) -> None:
    # tanyao, pinfu, sanshoku 234 and two dora (6p under a 5p indicator): a haneman by dama;
    # seat 1 shows three open melds, one of them a pon of the round wind
    view = seat_view("234m234p234s66p45m9s", melds={1: [("pon", "111z"), ("chi", "678s"), ("pon", "999m")]},
                     rivers={1: "5z7z", 2: "1p", 3: "8p"}, dora="5p", live_left=30)
    choice = decide(level, view)
    assert choice.tile >> 2 == parse_tiles("9s", aka=False)[0] >> 2, "the 9s cut keeps the haneman wait"
    assert audit(view, Action("discard", tile_of(view, "4m"))) == ["mangan_fold"]
