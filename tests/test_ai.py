"""AI players: legal play at every level, defence on built positions, no hidden information."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.ai import LEVELS, rules_player as make_player
# These tests describe each level's rules player (the strong level's fallback without its learned model,
# and the value model the review and the coach rank by); the learned policy has its own in test_policy.py.
from game.ai.danger import threats, tile_danger
from game.ai.position import Discard, Position, _discards_from, _rivers_from, from_view
from game.melds import Meld
from game.rules import EMA
from game.table import Game, Wall
from game.table.actions import Action
from game.table.view import SeatView
from game.tiles import kind_name, parse_kinds, parse_tiles
from tests.seat_views import Tiles, seat_view


@dataclass(frozen=True)
class Act:
    """A stand-in for a table action in positions built by hand."""

    type: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()


def _river(text: str, seat: int, riichi_at: int | None = None, taken: tuple[int, ...] = ()) -> tuple[Discard, ...]:
    tiles = parse_tiles(text, aka=False, taken=taken)
    return tuple(Discard(t, i * 4 + seat, riichi=(i == riichi_at)) for i, t in enumerate(tiles))


def _riichi_position(hand: str) -> Position:
    """Seat 0 to discard; seat 2 declared riichi on its sixth discard."""
    mine = tuple(parse_tiles(hand, aka=False))
    r1 = _river("19m19p", 1, taken=mine)
    r2 = _river("1z9s2m7p3s5p6z", 2, riichi_at=5, taken=mine + tuple(d.tile for d in r1))
    used = mine + tuple(d.tile for d in r1 + r2)
    r3 = _river("4z1s9p", 3, taken=used)
    r0 = _river("2z3z", 0, taken=used + tuple(d.tile for d in r3))
    return Position(seat=0, hand=mine, melds=((), (), (), ()), discards=(r0, r1, r2, r3),
                    dora_indicators=tuple(parse_tiles("1z", aka=False, taken=used + tuple(d.tile for d in r0 + r3))),
                    dealer=0, wall_left=40, riichi_seats=(2,))


@pytest.mark.parametrize("name", ["normal", "strong"])
def test_far_from_tenpai_against_riichi_the_genbutsu_goes(name: str) -> None:
    # 3-shanten hand; 5p and 6z are genbutsu against seat 2, 4m/5s are dangerous middle tiles
    pos = _riichi_position("14589m358p4568s5z6z")
    legal = [Act("discard", t) for t in pos.hand]
    action = make_player(name, 7, 0).decide(pos, legal)
    assert action.tile >> 2 in pos.safe_kinds(2)


def test_without_defence_the_easy_player_keeps_building() -> None:
    pos = _riichi_position("14589m358p4568s5z6z")
    legal = [Act("discard", t) for t in pos.hand]
    kinds = {make_player("easy", seed, 0).decide(pos, legal).tile >> 2 for seed in range(12)}
    assert not kinds <= pos.safe_kinds(2), "easy never folds, so some seeds cut a non-genbutsu tile"


def test_danger_orders_genbutsu_suji_and_middle_tiles() -> None:
    pos = _riichi_position("14589m358p4568s5z6z")
    k = parse_kinds
    genbutsu = tile_danger(pos, k("5p")[0], 2)
    suji = tile_danger(pos, k("4p")[0], 2)      # 7p is genbutsu: 4p is suji on one side
    middle = tile_danger(pos, k("5s")[0], 2)    # no suji at all
    assert genbutsu == 0.0
    assert 0 < suji < middle
    assert [t.seat for t in threats(pos) if t.tenpai == 1.0] == [2]


def test_tenpai_strong_hand_pushes_against_riichi() -> None:
    # tenpai on a 3-sided wait with dora: the strong player keeps its wait
    pos = _riichi_position("234m567p23456668s")
    legal = [Act("discard", t) for t in pos.hand]
    action = make_player("strong", 3, 0).decide(pos, legal)
    counts = pos.counts
    counts[action.tile >> 2] -= 1
    from game.hand.shanten import shanten
    assert shanten(counts) == 0


def _play(levels: tuple[str, ...], seed: int, rules=EMA) -> Game:
    game = Game(rules, seed)
    players = [make_player(levels[s], seed, s) for s in range(4)]
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        action = players[seat].decide(game.view(seat), legal)
        assert action in legal
        game.apply(seat, action)  # raises IllegalAction on anything the table refuses
    return game


def test_every_level_plays_whole_games_legally() -> None:
    rules = EMA.with_options(game_length="east")
    hands = 0
    seen_levels: set[str] = set()
    seed = 100
    while hands < 100:
        levels = (("easy", "normal", "strong", "easy"), ("strong", "easy", "normal", "normal"),
                  ("normal", "strong", "easy", "strong"))[seed % 3]
        game = _play(levels, seed, rules)
        assert game.final_standing is not None
        hands += len(game.hand_results)
        seen_levels.update(levels)
        seed += 1
    assert seen_levels == set(LEVELS)


def test_same_seed_same_game() -> None:
    rules = EMA.with_options(game_length="single")
    a = _play(("easy", "normal", "strong", "easy"), 5, rules)
    b = _play(("easy", "normal", "strong", "easy"), 5, rules)
    assert a.actions == b.actions


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_decision_ignores_hidden_tiles(name: str) -> None:
    """The dealer's first decision is the same whatever the other hands and the wall hold."""
    for seed in range(8):
        wall = Wall.from_seed(seed, 0, 0)
        hidden = list(wall.haipai[1] + wall.haipai[2] + wall.haipai[3]) + list(wall.live[1:])
        hidden.reverse()
        haipai = (wall.haipai[0], tuple(hidden[:13]), tuple(hidden[13:26]), tuple(hidden[26:39]))
        other = Wall(haipai, (wall.live[0], *hidden[39:]), wall.rinshan, wall.dora_indicators, wall.ura_indicators)
        games = [Game(EMA, seed, walls=lambda i, h, w=w: w) for w in (wall, other)]
        views = [g.view(0) for g in games]
        assert from_view(views[0]) == from_view(views[1])
        choices = [make_player(name, seed, 0).decide(v, g.legal_actions(0)) for v, g in zip(views, games)]
        assert choices[0] == choices[1]


def test_tenhou_rules_games_are_legal_and_the_view_is_read_fully() -> None:
    """Red fives, abortive draws (kyuushu offered) and agari-yame rules: still only legal moves."""
    from game.rules import TENHOU
    rules = TENHOU.with_options(game_length="east")
    game = _play(("strong", "normal", "easy", "strong"), 31, rules)
    assert game.finished
    fresh = Game(rules, 31)
    pos = from_view(fresh.view(0))
    assert pos.red_fives and pos.exact_order and pos.seat == 0 and len(pos.hand) == 14


def _all_last(scores: tuple[int, ...]) -> Position:
    mine = tuple(parse_tiles("234m567p234s5566s", aka=False))
    river = _river("9m", 2, taken=mine)
    return Position(seat=3, hand=mine, melds=((), (), (), ()), discards=((), (), river, ()),
                    dora_indicators=tuple(parse_tiles("1z", aka=False, taken=mine)), dealer=0,
                    scores=scores, wall_left=30, all_last=True)


def test_last_place_in_the_last_hand_declines_a_ron_that_changes_nothing() -> None:
    legal = [Act("ron", 40), Act("pass")]
    last = _all_last((36000, 33000, 31000, 20000))
    assert make_player("strong", 1, 3).decide(last, legal).type == "pass"
    assert make_player("normal", 1, 3).decide(last, legal).type == "ron"
    third = _all_last((36000, 33000, 20000, 31000))
    assert make_player("strong", 1, 3).decide(third, legal).type == "ron"


def test_kabe_and_early_discards_lower_the_danger() -> None:
    pos = _riichi_position("14589m358p4568s5z6z")
    k = parse_kinds
    # seat 2 threw 2m early: 1m is outside it
    plain = tile_danger(pos, k("1m")[0], 2, detailed=False)
    assert tile_danger(pos, k("1m")[0], 2) < plain
    # all four 8p visible (three in the hand, one in the river): 9p's only ryanmen shape (7-8p) is gone
    mine = tuple(parse_tiles("888p", aka=False))
    wall = Position(seat=0, hand=mine + tuple(parse_tiles("123m", aka=False)), melds=((), (), (), ()),
                    discards=((), (), _river("8p1z", 2, riichi_at=1, taken=mine), ()),
                    dora_indicators=(), dealer=0, riichi_seats=(2,))
    assert tile_danger(wall, k("9p")[0], 2) < tile_danger(wall, k("9p")[0], 2, detailed=False)


def test_strong_keeps_a_5200_tenpai_quiet_where_normal_declares_riichi() -> None:
    """Tanyao with two dora (55s, the indicator 4s) waiting on 7p pays 5,200 by ron without
    riichi (3 han 40 fu): strong takes it quietly, normal, which keeps only a mangan quiet,
    declares riichi. Both throw the 9m."""
    mine = tuple(parse_tiles("234m456p234s55s68p9m", aka=False))
    river = _river("1z9p", 1, taken=mine)
    indicator = tuple(parse_tiles("4s", aka=False, taken=mine + tuple(d.tile for d in river)))
    pos = Position(seat=0, hand=mine, melds=((), (), (), ()), discards=((), river, (), ()),
                   dora_indicators=indicator, dealer=1, wall_left=50)
    nine = mine[-1]
    legal = [Act("discard", t) for t in mine] + [Act("riichi", nine)]
    assert make_player("strong", 1, 0).decide(pos, legal) == Act("discard", nine)
    assert make_player("normal", 1, 0).decide(pos, legal) == Act("riichi", nine)


def test_facing_a_riichi_a_furiten_tenpai_stays_quiet_and_free_to_fold() -> None:
    """Seat 0 can keep a kanchan tenpai on 3m by throwing the genbutsu 1z, but it threw a 3m
    itself: furiten, so only a tsumo could win it (and a closed tsumo has its yaku). Against
    seat 2's riichi, declaring would lock the hand into pushing for nothing more: strong throws
    the 1z without riichi."""
    mine = tuple(parse_tiles("123m456p789s24m55s1z", aka=False))
    r0 = _river("2z3m", 0, taken=mine)
    r2 = _river("1z9s2m7p3s5p6z", 2, riichi_at=5, taken=mine + tuple(d.tile for d in r0))
    pos = Position(seat=0, hand=mine, melds=((), (), (), ()), discards=(r0, (), r2, ()),
                   dora_indicators=(), dealer=0, wall_left=40, riichi_seats=(2,))
    east = mine[-1]
    legal = [Act("discard", t) for t in mine] + [Act("riichi", east)]
    assert make_player("strong", 1, 0).decide(pos, legal) == Act("discard", east)


def test_after_a_chi_normal_takes_a_tenpai_without_yaku_where_strong_keeps_all_simples() -> None:
    """Seat 0 has called 345s. Throwing the 5m makes tenpai on 2p-5p, but the 789s it keeps
    leaves no yaku on either wait: no ron can be called and an open hand has no tsumo yaku.
    Normal, which plays for speed, takes that tenpai anyway; strong reads the waits with the
    real scorer and throws the 9s, one step from a tenpai of all simples."""
    chi = tuple(parse_tiles("345s", aka=False))
    mine = tuple(parse_tiles("456m22p34p78s9s5m", aka=False, taken=chi))
    indicator = tuple(parse_tiles("6z", aka=False, taken=mine + chi))
    pos = Position(seat=0, hand=mine, melds=((Meld("chi", chi, called=chi[0], from_seat=3),), (), (), ()),
                   discards=((), (), (), ()), dora_indicators=indicator, dealer=1, wall_left=60)
    legal = [Act("discard", t) for t in mine]
    assert tile_name_of(make_player("normal", 1, 0).decide(pos, legal)) == "5m"
    assert tile_name_of(make_player("strong", 1, 0).decide(pos, legal)) == "9s"


def test_strong_keeps_the_shapes_whose_tenpai_waits_on_two_sides() -> None:
    """1-shanten either way: throwing the 5m or the 8m leaves the same twelve useful tiles (1m,
    4m, 7m). Without the 5m, two of those draws leave a closed 7m wait; without the 8m (or a
    spare 5p or 8p), 23m and 56m make every tenpai two-sided. Strong looks ahead to the wait."""
    mine = tuple(parse_tiles("23568m115678p123s", aka=False))
    indicator = tuple(parse_tiles("6z", aka=False, taken=mine))
    pos = Position(seat=0, hand=mine, melds=((), (), (), ()), discards=((), (), (), ()),
                   dora_indicators=indicator, dealer=1, wall_left=60)
    legal = [Act("discard", t) for t in mine]
    assert tile_name_of(make_player("strong", 1, 0).decide(pos, legal)) in ("8m", "5p", "8p")


def test_strong_pons_to_a_wide_tenpai_rather_than_wait_on_a_pair_of_pairs() -> None:
    """4567m 55667p 3344s is 1-shanten, but nearly every useful draw leaves a wait on two
    pairs (about four live tiles). The pon of 4s is ready at once with all simples, waiting on
    seven tiles: strong, which looks at the waits ahead, pons."""
    tiles = Tiles()
    mine = tiles("4567m55667p3344s")
    river = tiles("1z2z4s")
    fours = [t for t in mine if kind_name(t >> 2) == "4s"]
    pon = Action("pon", river[-1], tuple(fours))
    view = seat_view("4567m55667p3344s", rivers={3: "1z2z4s"}, dora="6z", legal=[pon, Action("pass")])
    assert view.hand == tuple(sorted(mine))
    assert make_player("strong", 1, 0).decide(view, list(view.legal_actions)) == pon


def _pon_of_5s_view(hand: str, riichi: bool, dora: str = "9p") -> tuple[SeatView, Action]:
    """Seat 3 has just discarded a 5s that seat 0 can pon; seat 2 may be in riichi."""
    tiles = Tiles()
    mine = tiles(hand)
    river = tiles("1z2z5s")
    pon = Action("pon", river[-1], tuple(t for t in mine if kind_name(t >> 2) == "5s"))
    view = seat_view(hand, rivers={2: "1z9m9p9s1p6z", 3: "1z2z5s"}, riichi_at={2: 5} if riichi else {},
                     dora=dora, legal=[pon, Action("pass")])
    return view, pon


def test_facing_a_riichi_strong_pons_to_tenpai_where_normal_folds_its_calls() -> None:
    """456m 234p 55s 77s 67p 2s is 1-shanten. The pon of 5s makes it ready at once (all
    simples, 5p-8p after the 2s goes): worth pushing against a riichi for strong, which
    weighs it; normal passes every call against a riichi. Without the riichi both pon."""
    view, pon = _pon_of_5s_view("456m234p55s77s67p2s", riichi=True)
    assert make_player("strong", 1, 0).decide(view, list(view.legal_actions)) == pon
    assert make_player("normal", 1, 0).decide(view, list(view.legal_actions)).type == "pass"
    view, pon = _pon_of_5s_view("456m234p55s77s67p2s", riichi=False)
    assert make_player("normal", 1, 0).decide(view, list(view.legal_actions)) == pon


def test_strong_passes_a_pon_whose_every_tenpai_has_no_yaku() -> None:
    """789s 345m 456s 33s 2s 7s is 1-shanten. A pon of the 3s makes it ready after either
    single goes, but the 789s stays and every wait is a tanki with no yaku: no ron can win
    it. A guess of yaku reads all simples as likely (one outside tile); strong reads the
    tenpai with the real scorer and keeps its closed hand."""
    tiles = Tiles()
    mine = tiles("789s345m456s33s2s7s")
    river = tiles("1z2z3s")
    pon = Action("pon", river[-1], tuple(t for t in mine if kind_name(t >> 2) == "3s"))
    view = seat_view("789s345m456s33s2s7s", rivers={2: "1z9m9p9s1p6z", 3: "1z2z3s"}, dora="9p",
                     legal=[pon, Action("pass")])
    assert make_player("strong", 1, 0).decide(view, list(view.legal_actions)).type == "pass"


def test_strong_keeps_its_hand_closed_rather_than_chi_towards_a_wind_pon() -> None:
    """0556m 444p 34s 67s 44z is 1-shanten and closed; the North pair is the seat's wind. A
    chi of 4m with the red 5m and the 6m would speed it up and keep the red five, but the
    open hand's only yaku would be a pon of North still to come. Such open hands won about
    half as often as their shape promised at self-play tables. Strong passes and keeps
    riichi in hand; before it counted that, it took this chi."""
    tiles = Tiles()
    mine = tiles("0556m444p3467s44z")
    river = tiles("1z9p4m")
    red, six = (next(t for t in mine if kind_name(t >> 2) == k) for k in ("5m", "6m"))
    chi = Action("chi", river[-1], (red, six))
    view = seat_view("0556m444p3467s44z", dealer=1, rivers={3: "1z9p4m"}, dora="5z",
                     legal=[chi, Action("pass")])
    assert view.seat_winds[0] == 30 and red == 16  # North; the red 5m
    assert make_player("strong", 1, 0).decide(view, list(view.legal_actions)).type == "pass"


def test_facing_a_riichi_a_call_that_leaves_the_hand_short_of_tenpai_is_passed() -> None:
    """456m 24p 55s 77s 67p 28s is 2-shanten; the same pon (three dora, the 5s being dora) would
    leave it 1-shanten with two tiles fewer to fold with: strong passes it against a riichi,
    and takes it without one."""
    view, pon = _pon_of_5s_view("456m24p55s77s67p28s", riichi=True, dora="4s")
    assert make_player("strong", 1, 0).decide(view, list(view.legal_actions)).type == "pass"
    view, pon = _pon_of_5s_view("456m24p55s77s67p28s", riichi=False, dora="4s")
    assert make_player("strong", 1, 0).decide(view, list(view.legal_actions)) == pon


def tile_name_of(action: Act) -> str:
    return kind_name(action.tile >> 2)


def test_rivers_read_whole_or_discard_by_discard_give_the_same_discards() -> None:
    """A view's rivers of whole dicts are read in one call per river; ints, dicts without an
    order (or with None), and objects are read one by one, with turn order guessed where
    needed, and only rivers all of dicts with an order key count as exact."""

    @dataclass
    class Entry:
        tile: int
        riichi: bool = False

    whole = [{"tile": 8, "tsumogiri": True, "riichi": False, "called": False, "order": 1},
             {"tile": 40, "tsumogiri": False, "riichi": 1, "called": True, "order": 5}]
    by_one = [{"tile": 8, "order": 1, "tsumogiri": True}, {"tile": 40, "order": 5, "riichi": 1, "called": True}]
    assert _rivers_from([whole, by_one, [], []], 0) == ((_discards_from(whole, 0, 0),) * 2 + ((), ()), True)
    assert _rivers_from([whole, by_one, [], []], 0)[0][0] == (Discard(8, 1, tsumogiri=True),
                                                             Discard(40, 5, riichi=True, called=True))
    unordered = [dict(whole[0], order=None), {"tile": 40}]
    assert _rivers_from([[], unordered, [], []], 2) == (((), (Discard(8, 3, tsumogiri=True), Discard(40, 7)), (), ()),
                                                        False)
    assert _rivers_from([[], unordered[:1], [], []], 2)[1] is True  # an order given as None still counts as given
    assert _rivers_from([[], [], [12, Entry(44, riichi=True)], [whole[0]]], 0) == (
        ((), (), (Discard(12, 2), Discard(44, 6, riichi=True)), (Discard(8, 1, tsumogiri=True),)), False)
    assert _rivers_from([[{"tile": 40}], [], [], []], 0)[1] is False


def _open_hand_position(melds: str) -> Position:
    """Seat 1 has called ``melds`` (pons, space-separated, e.g. "555s 777s") and thrown six tiles."""
    taken: tuple[int, ...] = ()
    called = []
    for text in melds.split():
        tiles = tuple(parse_tiles(text, aka=False, taken=taken))
        taken += tiles
        called.append(Meld("pon", tiles, called=tiles[0], from_seat=0))
    mine = tuple(parse_tiles("123m456p789p1z2z3z4z", aka=False, taken=taken))
    river = _river("1m9m1p9p2m3p", 1, taken=taken + mine)
    return Position(seat=0, hand=mine, melds=((), tuple(called), (), ()), discards=((), river, (), ()),
                    dora_indicators=(), dealer=2, wall_left=50)


def test_one_meld_is_no_flush_but_two_of_one_suit_may_be() -> None:
    """What a deal-in to an open hand is expected to cost: one pon of 5s shows nothing beyond a
    cheap hand (a single meld is always of one suit); two pons of the same suit point to a
    flush and cost more; an open hand with one meld after six discards is seldom ready."""
    one = next(t for t in threats(_open_hand_position("555s")) if t.seat == 1)
    two_suits = next(t for t in threats(_open_hand_position("555s 777p")) if t.seat == 1)
    flush = next(t for t in threats(_open_hand_position("555s 777s")) if t.seat == 1)
    assert one.value < 2500 and two_suits.value == one.value
    assert flush.value >= 2 * one.value
    assert one.tenpai < two_suits.tenpai < 0.5


def test_suji_terminals_and_seen_honours_are_the_safer_tiles() -> None:
    """Against a riichi that threw 4m, 5p and 6s: a suji 9 keeps only pair waits, a suji 2 or
    8 also a kanchan, a suji 3 a kanchan and a penchan besides, a 5 without suji two ryanmen
    sides. An honour with two copies in sight (one held, one thrown) is safer than all of them,
    as measured at self-play tables: pair waits on an honour are rare once a copy is gone. A
    hand far from ready, with no genbutsu to give, folds with that honour first."""
    mine = tuple(parse_tiles("13m56m248p7p13s89s7z2z", aka=False))
    other = _river("7z1m", 1, taken=mine)
    riichi = _river("4m5p6s", 2, riichi_at=2, taken=mine + tuple(d.tile for d in other))
    pos = Position(seat=0, hand=mine, melds=((), (), (), ()), discards=((), other, riichi, ()),
                   dora_indicators=(), dealer=0, wall_left=40, riichi_seats=(2,))
    danger = {name: tile_danger(pos, parse_kinds(name)[0], 2) for name in ("7z", "9s", "8p", "3s", "5m")}
    assert list(danger) == sorted(danger, key=danger.__getitem__), danger
    assert danger["7z"] < danger["9s"] / 2
    legal = [Act("discard", t) for t in mine]
    for name in ("normal", "strong"):
        assert tile_name_of(make_player(name, 1, 0).decide(pos, legal)) == "7z", name
