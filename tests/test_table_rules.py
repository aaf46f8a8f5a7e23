"""Table rules on built walls: each RuleSet option changes what the table offers or pays."""

from __future__ import annotations

import pytest

from game.rules import EMA, TENHOU, RuleSet
from game.table import Action, Game, IllegalAction, Wall
from game.tiles import parse_kinds, parse_tiles
from tests.table_helpers import (build_wall, claim, discard, draws_of, events_of, find, has, new_game, pass_all,
                                 play_to, refused, won_yaku)
from tests.test_rule_kans import ADDED

# ---------------------------------------------------------------- several rons on one discard

RON3 = ["5p9m9p1s9s11234567z", "234m345s678p66s34p", "345m456s22s678m67p", "222m567m567s88s46p"]


def _triple(rules: RuleSet, start: dict | None = None) -> Game:
    game = new_game(rules, build_wall(RON3, "7z"), start)
    discard(game, 0, "5p")
    for seat in (1, 2, 3):
        assert has(game, seat, "ron")
        game.apply(seat, find(game, seat, "ron"))
    return game


@pytest.mark.parametrize("mode,winners", [("head_bump", [1]), ("double", [1, 2]), ("triple", [1, 2, 3])])
def test_multi_ron_modes(mode: str, winners: list[int]) -> None:
    game = _triple(EMA.with_options(multi_ron=mode))
    assert [e.seat for e in events_of(game, "won")] == winners


def test_triple_ron_aborts_under_triple_aborts_and_with_sanchahou() -> None:
    for rules in (EMA.with_options(multi_ron="triple_aborts"),
                  EMA.with_options(abortive_draws=("sanchahou",))):
        game = _triple(rules)
        assert not events_of(game, "won")
        assert events_of(game, "drawn_hand")[0].draw == "sanchahou"
        assert game.hand_index == 0 and game.honba == 1


def test_honba_and_sticks_go_to_the_winner_nearest_the_discarder() -> None:
    start = {"hand_index": 0, "honba": 2, "sticks": 1, "scores": [30000, 30000, 30000, 29000]}
    game = _triple(EMA.with_options(multi_ron="double"), start)
    first, second = events_of(game, "won")
    assert first.deltas[1] == first.points + 600 + 1000
    assert second.deltas[2] == second.points
    assert sum(game.scores) + 1000 * game.sticks == 120000
    # the won event carries the whole scoring, as the result screen and the logs read it
    assert first.score == {
        "han": 5, "fu": 30, "yaku": [["renhou", 5]], "dora": 0, "aka": 0, "ura": 0, "yakuman_count": 0,
        "limit": "mangan", "fu_lines": [[20, "base"], [10, "closed ron"]],
        "payment": {"base_points": 2000, "ron": 8000, "tsumo_dealer": 0, "tsumo_nondealer": 0, "total": 8000},
        "total_with_honba": 8600, "total_with_honba_and_sticks": 9600, "wait": "ryanmen"}


# ---------------------------------------------------------------- abortive draws

def test_kyuushu_is_offered_only_when_the_rule_is_on() -> None:
    hands = ["19m19p19s1234z234m", "2345678m22p3456p", "3456789p11s2345s", "2345678s66p6789s"]
    off = new_game(EMA, build_wall(hands, "5z"))
    assert not has(off, 0, "kyuushu")
    on = new_game(EMA.with_options(abortive_draws=("kyuushu_kyuuhai",)), build_wall(hands, "5z"))
    on.apply(0, find(on, 0, "kyuushu"))
    assert events_of(on, "drawn_hand")[0].draw == "kyuushu_kyuuhai"
    assert on.honba == 1 and on.hand_index == 0


FOUR_WINDS = ["1z147m258p369s235z", "1z147m258p369s236z", "1z147m258p369s245z", "1z147m258p369s346z"]


@pytest.mark.parametrize("on", [True, False])
def test_suufon_renda(on: bool) -> None:
    rules = EMA.with_options(abortive_draws=("suufon_renda",) if on else ())
    game = new_game(rules, build_wall(FOUR_WINDS, "9m9m9m9m"))
    for seat in range(4):
        discard(game, seat, "1z")
    pass_all(game)
    assert draws_of(game) == (["suufon_renda"] if on else [])


RIICHI4 = ["123m456m789m123p5p", "123s456s789s234p6p", "999m789p222s333s7s", "111m555s666s444p8p"]


@pytest.mark.parametrize("on", [True, False])
def test_suucha_riichi(on: bool) -> None:
    rules = EMA.with_options(abortive_draws=("suucha_riichi",) if on else ())
    game = new_game(rules, build_wall(RIICHI4, "1z2z3z4z"))
    for seat in range(4):
        discard(game, seat, None, riichi=True)
    pass_all(game)
    assert len(events_of(game, "riichi_accepted")) == 4
    assert all(e.double for e in events_of(game, "riichi_declared"))
    assert draws_of(game) == (["suucha_riichi"] if on else [])
    if on:
        assert game.sticks == 4 and game.honba == 1


KANS = ["1111m2222m34567p", "3333m4444m56789s", "258s147z69m258p9p1s", "369p257z789m36s1p3z"]


@pytest.mark.parametrize("on", [True, False])
def test_four_kans_by_two_seats_abort_the_hand_only_with_the_rule(on: bool) -> None:
    rules = EMA.with_options(abortive_draws=("suukaikan",) if on else ())
    game = new_game(rules, build_wall(KANS, "9s9s", rinshan="1z2z3z4z"))
    game.apply(0, find(game, 0, "ankan", "1m"))
    game.apply(0, find(game, 0, "ankan", "2m"))
    assert len(events_of(game, "dora_revealed")) == 2
    discard(game, 0)
    pass_all(game)
    game.apply(1, find(game, 1, "ankan", "3m"))
    game.apply(1, find(game, 1, "ankan", "4m"))
    assert game.hand.kans == 4
    discard(game, 1)
    pass_all(game)
    assert draws_of(game) == (["suukaikan"] if on else [])


# ---------------------------------------------------------------- kan dora


@pytest.mark.parametrize("kan_dora,expected", [(True, 3), (False, 1)])
def test_kan_dora_on_off(kan_dora: bool, expected: int) -> None:
    game = new_game(EMA.with_options(kan_dora=kan_dora), build_wall(KANS, "9s", rinshan="1z2z"))
    game.apply(0, find(game, 0, "ankan", "1m"))
    game.apply(0, find(game, 0, "ankan", "2m"))
    assert len(game.hand.dora_indicators()) == expected


DAIMINKAN = ["9s1m4m7m2p5p8p3s6s1234z", "999s147m258p36s56z", "258m147p1468s7z56z", "369m369p2578s1z23z"]


@pytest.mark.parametrize("delayed", [True, False])
def test_open_kan_dora_is_revealed_at_once_or_before_the_next_discard(delayed: bool) -> None:
    game = new_game(EMA.with_options(kan_dora_delayed=delayed), build_wall(DAIMINKAN, "7z", rinshan="8m"))
    discard(game, 0, "9s")
    kan = find(game, 1, "daiminkan")
    assert kan.tile == events_of(game, "discarded")[-1].tile, "an open kan is offered on the tile discarded"
    game.apply(1, kan)
    pass_all(game)
    assert len(game.hand.dora_indicators()) == (1 if delayed else 2)
    discard(game, 1, "8m")
    assert len(game.hand.dora_indicators()) == 2


@pytest.mark.parametrize("delayed", [True, False])
def test_added_kan_dora_is_revealed_at_once_or_before_the_next_discard_and_ippatsu_ends(delayed: bool) -> None:
    game = new_game(EMA.with_options(kan_dora_delayed=delayed), build_wall(ADDED, "9m9p9s1s2p3p4m"))
    discard(game, 0, "9m")
    play_to(game, 2)
    discard(game, 2, "4m")
    claim(game, 0, "pon", "1z")
    play_to(game, 0)
    game.apply(0, find(game, 0, "shouminkan"))
    pass_all(game)  # seat 1 could rob it and lets it pass
    assert len(game.hand.dora_indicators()) == (1 if delayed else 2)
    assert not any(s.ippatsu for s in game.hand.seats)
    discard(game, 0)
    assert len(game.hand.dora_indicators()) == 2
    revealed = events_of(game, "dora_revealed")[-1]
    assert revealed.dora_indicators == tuple(game.hand.dora_indicators())
    assert revealed.indicator == game.hand.dora_indicators()[-1]


# ---------------------------------------------------------------- riichi limits


@pytest.mark.parametrize("minimum,offered", [(69, True), (70, False)])
def test_riichi_needs_tiles_left(minimum: int, offered: bool) -> None:
    game = new_game(EMA.with_options(riichi_min_wall=minimum), build_wall(RIICHI4, "1z"))
    assert game.hand.live_left == 69
    assert has(game, 0, "riichi") is offered


# ---------------------------------------------------------------- red fives, ura


@pytest.mark.parametrize("aka", [True, False])
def test_red_fives_count_only_when_in_play(aka: bool) -> None:
    hands = ["0p9m9p1s9s11234567z", "234m345s678p66s34p", "345m456s22s678m67p", "222m567m567s88s46p"]
    rules = EMA.with_options(red_fives=aka, multi_ron="head_bump", renhou_mangan=False)
    game = new_game(rules, build_wall(hands, "7z", aka=True))
    discard(game, 0, "5p")
    game.apply(1, find(game, 1, "ron"))
    pass_all(game)
    won = events_of(game, "won")[0]
    assert won.tile == 52 and won.aka == (1 if aka else 0)


@pytest.mark.parametrize("ura", [True, False])
def test_ura_dora_only_when_the_rule_is_on(ura: bool) -> None:
    game = new_game(EMA.with_options(ura_dora=ura), build_wall(RIICHI4, "1z2z3z4z5p", ura="3m"))
    discard(game, 0, None, riichi=True)
    for seat in (1, 2, 3):
        discard(game, seat)
        pass_all(game)
    game.apply(0, find(game, 0, "tsumo"))
    won = events_of(game, "won")[0]
    assert (won.ura == 1) is ura and (won.ura_indicators != ()) is ura


# ---------------------------------------------------------------- exhaustive draw, nagashi


def _to_the_end(game: Game, answer: str = "noten") -> None:
    while game.hand_index == 0 and game.honba == 0 and not game.finished:
        if game.phase == "calls":
            pass_all(game)
        elif game.phase == "tenpai":
            seat = game.waiting_seats()[0]
            game.apply(seat, Action(answer))
        else:
            discard(game, game.hand.current)


@pytest.mark.parametrize("on", [True, False])
def test_nagashi_mangan(on: bool) -> None:
    hands = ["2345678m234567p", "2345678s234567m", "2345678p234567s", "19m19p19s67z8m8p8s5m5p"]
    taken: list[int] = []
    haipai = []
    for text in hands:
        haipai.append(parse_tiles(text, aka=False, taken=taken))
        taken += haipai[-1]
    honors = parse_tiles("1z1z1z1z2z2z2z2z3z3z3z3z4z4z4z4z5z5z", aka=False, taken=taken)
    taken += honors
    others = iter(sorted(set(range(136)) - set(taken) - set(range(108, 136)), key=lambda t: (t % 4, t)))
    live = []
    for i in range(70):
        live.append(honors[i // 4] if i % 4 == 0 else next(others))
    spare = sorted(set(range(136)) - set(taken) - set(live))
    wall = Wall(haipai, live, spare[:4], spare[4:9], spare[9:14])
    game = new_game(EMA.with_options(nagashi_mangan=on), wall)
    _to_the_end(game)
    drawn = events_of(game, "drawn_hand")[0].to_dict()["data"]
    if on:
        assert drawn["draw"] == "nagashi_mangan" and drawn["nagashi"] == [0]
        assert drawn["deltas"] == [12000, -4000, -4000, -4000]
    else:
        assert drawn["draw"] == "exhaustive" and drawn["nagashi"] == []


def test_a_tenpai_seat_may_declare_noten() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z3z4z"))
    _to_the_end(game, answer="noten")
    drawn = events_of(game, "drawn_hand")[0].to_dict()["data"]
    assert drawn["tenpai"] == [] and drawn["deltas"] == [0, 0, 0, 0]
    assert game.hand_index == 1
    game2 = new_game(EMA, build_wall(RIICHI4, "1z2z3z4z"))
    _to_the_end(game2, answer="tenpai")
    drawn2 = events_of(game2, "drawn_hand")[0].to_dict()["data"]
    assert drawn2["tenpai"] == [0, 1, 2, 3] and game2.hand_index == 0 and game2.honba == 1


# ---------------------------------------------------------------- call time-out


def test_call_timeout_passes_an_offer_only_when_the_rule_is_on() -> None:
    off = _offer_game(EMA)
    _assert_time_out_refused(off, 1, "no_time_out", "these rules have no call time-out")
    one = _offer_game(EMA.with_options(call_timeout=1))  # one second is a time-out too
    one.time_out(1)
    assert not one.legal_actions(1)
    on = _offer_game(EMA.with_options(call_timeout=5))
    _assert_time_out_refused(on, 0, "no_call_offered", "no call is offered to this seat")  # the discarder
    events = on.time_out(1)
    assert not on.legal_actions(1) and on.actions[-1] == (1, Action("pass"))
    assert on.legal_actions(2) and not events  # seat 2 may still ron: the table waits
    for seat in (2, 3):
        on.time_out(seat)
    assert on.phase == "turn"
    _assert_time_out_refused(on, on.hand.current, "no_call_offered", "no call is offered to this seat")


def _assert_time_out_refused(game: Game, seat: int, code: str, words: str) -> None:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused_:
        game.time_out(seat)
    assert refused_.value.code == code and str(refused_.value) == f"seat {seat}: time-out refused: {words}"
    assert game.snapshot() == before


def _offer_game(rules: RuleSet) -> Game:
    game = new_game(rules, build_wall(RON3, "7z"))
    discard(game, 0, "5p")
    assert has(game, 1, "ron")
    return game


# ---------------------------------------------------------------- yaku the table decides

OPEN_TANYAO = ["6p1m4m7m8p3s6s9s1234z9m", "66p234m345s678s2p9p", "2p369m147p258s5z6z7z", "258m369p147s5z6z7z1z"]


@pytest.mark.parametrize("allowed", [True, False])
def test_open_tanyao_decides_whether_an_open_all_simples_hand_may_ron(allowed: bool) -> None:
    game = new_game(EMA.with_options(open_tanyao=allowed), build_wall(OPEN_TANYAO, "7z7z"))
    discard(game, 0, "6p")
    game.apply(1, find(game, 1, "pon"))
    pass_all(game)
    discard(game, 1, "9p")
    pass_all(game)
    discard(game, 2, "2p")
    assert has(game, 1, "ron") is allowed


@pytest.mark.parametrize("rules,named", [(EMA, True), (TENHOU.with_options(red_fives=False), False)])
def test_renhou_is_a_ron_before_the_first_draw(rules: RuleSet, named: bool) -> None:
    game = new_game(rules.with_options(multi_ron="head_bump"), build_wall(RON3, "7z"))
    discard(game, 0, "5p")
    game.apply(1, find(game, 1, "ron"))
    pass_all(game)
    names = won_yaku(game)
    assert ("renhou" in names) is named


AFTER_A_PON = ["5z147m258p369s123z", "258m369p147s1234z", "55z3s147m169p69s67z", "234567m678p45s88p"]
"""Seat 0 deals and throws its 5z, seat 2 pons it and throws 3s, seat 3 (yet to draw) waits on 3s/6s."""


def test_a_call_in_the_first_go_round_takes_renhou_away() -> None:
    game = new_game(EMA, build_wall(AFTER_A_PON, "7z", dora="4z"))
    assert EMA.renhou_mangan
    discard(game, 0, "5z")
    claim(game, 2, "pon", away="3s")
    game.apply(3, find(game, 3, "ron"))
    won = events_of(game, "won")[0]
    assert sorted(won.yaku) == [("pinfu", 1), ("tanyao", 1)]  # not renhou's mangan of 8,000
    assert (won.han, won.fu, won.points) == (2, 30, 2000)
    assert list(events_of(game, "hand_ended")[0].deltas) == [0, 0, -2000, 2000]


def test_double_riichi_and_ippatsu_reach_the_score() -> None:
    game = new_game(EMA, build_wall(RIICHI4, "1z2z3z4z5p"))
    discard(game, 0, None, riichi=True)
    for seat in (1, 2, 3):
        discard(game, seat)
        pass_all(game)
    game.apply(0, find(game, 0, "tsumo"))
    names = won_yaku(game)
    assert "double riichi" in names and "ippatsu" in names and "menzen tsumo" in names


def test_haitei_is_a_tsumo_on_the_last_live_tile() -> None:
    base = build_wall(RIICHI4)
    live = list(base.live)
    six_p = next(i for i, t in enumerate(live) if t >> 2 == parse_kinds("6p")[0])
    live[six_p], live[69] = live[69], live[six_p]
    game = new_game(EMA, Wall(base.haipai, live, base.rinshan, base.dora_indicators, base.ura_indicators))
    while game.hand.live_left > 0:
        pass_all(game)
        discard(game, game.hand.current)
    pass_all(game)
    assert game.hand.current == 1 and game.hand.seats[1].drawn == live[69]
    game.apply(1, find(game, 1, "tsumo"))
    names = won_yaku(game)
    assert "haitei" in names


def test_riichi_needs_a_thousand_points() -> None:
    poor = {"hand_index": 0, "honba": 0, "sticks": 0, "scores": [900, 39100, 40000, 40000]}
    game = new_game(EMA, build_wall(RIICHI4, "1z"), poor)
    assert not has(game, 0, "riichi")
    assert refused(game, 0, Action("riichi", game.hand.seats[0].drawn)) == "riichi_points"
    rich = new_game(EMA, build_wall(RIICHI4, "1z"))
    assert has(rich, 0, "riichi")


RIICHI_KAN_OTHERS = ["258m369p147s5z6z7z2z", "258m369p147s5z6z7z3z", "369m147p258s5z6z7z4z"]


@pytest.mark.parametrize("hand,allowed", [
    ("111m45m234p567s99s", True),
    ("1112m345p678s999s", False),  # waits 2m 3m before, 2m after
    ("1112344m234p567s", False),   # 1m is one of the waits (with 4m): the kan would leave only 4m
])
def test_a_closed_kan_in_riichi_must_keep_the_waits(hand: str, allowed: bool) -> None:
    game = new_game(EMA, build_wall([hand, *RIICHI_KAN_OTHERS], "1z8p8p8p1m"))
    discard(game, 0, None, riichi=True)
    for seat in (1, 2, 3):
        discard(game, seat)
        pass_all(game)
    assert game.hand.seats[0].drawn >> 2 == 0  # type: ignore[operator]
    assert has(game, 0, "ankan") is allowed
    if not allowed:
        quad = tuple(t for t in game.hand.seats[0].hand if t >> 2 == 0)
        assert refused(game, 0, Action("ankan", None, quad)) == "riichi_kan"


def test_a_win_on_the_replacement_tile_is_rinshan() -> None:
    game = new_game(EMA, build_wall(KANS, "9s", rinshan="9s5p"))
    game.apply(0, find(game, 0, "ankan", "1m"))
    game.apply(0, find(game, 0, "ankan", "2m"))
    game.apply(0, find(game, 0, "tsumo"))
    won = events_of(game, "won")[0].to_dict()["data"]
    assert "rinshan" in [name for name, _ in won["yaku"]]
    assert won["dora_indicators"] == list(game.used_walls[0].dora_indicators[:3])


@pytest.mark.parametrize("kan_ura,expected", [(True, 2), (False, 0)])
def test_kan_ura_counts_the_indicator_under_each_kan_dora(kan_ura: bool, expected: int) -> None:
    wall = build_wall(KANS, "9s7s7s7s8p", rinshan="9s", ura="1z8s")
    game = new_game(EMA.with_options(kan_ura=kan_ura), wall)
    game.apply(0, find(game, 0, "ankan", "1m"))
    discard(game, 0, "2m", riichi=True)
    for seat in (1, 2, 3):
        pass_all(game)
        discard(game, seat)
    pass_all(game)
    game.apply(0, find(game, 0, "tsumo"))
    won = events_of(game, "won")[0].to_dict()["data"]
    assert won["ura"] == expected and len(won["ura_indicators"]) == (2 if kan_ura else 1)

