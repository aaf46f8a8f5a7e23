"""The client's parts without a window: hand order, the decision plan, melds, the save slot."""

from __future__ import annotations

import json
from types import SimpleNamespace

from game.melds import Meld
from game.table import Action
from render.decision import auto_markers, plan
from render.hand_view import HandOrder
from store.saves import SaveSlot
from render.table_view import meld_tiles


def prefs(**on):
    return lambda name: on.get(name, False)


def view(phase, legal, hand=(), drawn=None, riichi=False, melds=()):
    return SimpleNamespace(phase=phase, legal_actions=tuple(legal), hand=tuple(hand), drawn=drawn,
                           riichi=(riichi, False, False, False), melds=(tuple(melds), (), (), ()))


def test_sorted_without_reordering_and_kept_with_it():
    order = HandOrder()
    assert order.update([40, 8, 100, 12], drawn=100, reorder=False) == [8, 12, 40]
    order.move(order.order[0], 1)
    assert order.update([40, 8, 12], None, reorder=False) == [8, 12, 40], "off: always sorted"
    order.update([40, 8, 12, 100], None, reorder=True)
    order.move(order.order[0], 1)
    assert order.order == [12, 8, 40, 100]
    # 8 leaves, 4 is drawn (apart), then 12 is discarded and 4 joins at the right end
    assert order.update([12, 40, 100, 4], drawn=4, reorder=True) == [12, 40, 100]
    assert order.update([40, 100, 4], drawn=None, reorder=True) == [40, 100, 4]
    order.sort()
    assert order.order == [4, 40, 100]


def test_chi_buttons_one_per_combination_and_pass():
    legal = [Action("chi", 20, (12, 16)), Action("chi", 20, (16, 24)), Action("pon", 20, (21, 22)), Action("pass")]
    d = plan(view("calls", legal), prefs())
    labels = [(o.label, o.tiles) for o in d.options]
    assert labels == [("Pon", (20, 21, 22)), ("Chi", (12, 16, 20)), ("Chi", (16, 20, 24)), ("Pass", ())]
    assert d.auto is None


def test_auto_pass_only_what_the_preferences_name():
    legal = [Action("chi", 20, (12, 16)), Action("pon", 20, (21, 22)), Action("pass")]
    d = plan(view("calls", legal), prefs(auto_pass_chi=True))
    assert d.auto is None and [o.label for o in d.options] == ["Pon", "Pass"]
    d = plan(view("calls", legal), prefs(auto_pass_chi=True, auto_pass_pon_kan=True))
    assert d.auto == Action("pass")
    d = plan(view("calls", [Action("ron", 20), Action("pass")]), prefs(auto_pass_chi=True, auto_pass_pon_kan=True))
    assert d.auto is None and d.options[0].label == "Ron"
    assert auto_markers(prefs(auto_pass_ron=True, auto_discard_after_riichi=True)) == ["pass ron", "auto-discard in riichi"]


def test_discard_offers_reach_every_copy_and_the_riichi_button_only_with_a_riichi_discard():
    legal = [Action("discard", 8), Action("discard", 40), Action("riichi", 40)]
    d = plan(view("turn", legal, hand=(8, 9, 40, 41), drawn=41), prefs())
    assert set(d.discards) == {8, 9, 40, 41}
    assert d.discards[9] == Action("discard", 9)
    assert set(d.riichi) == {40, 41} and d.riichi_offered
    d = plan(view("turn", legal, hand=(8, 9, 40, 41), drawn=41), prefs(auto_pass_riichi=True))
    assert not d.riichi and not d.riichi_offered
    d = plan(view("turn", legal[:2], hand=(8, 9, 40, 41), drawn=41), prefs())
    assert not d.riichi_offered, "no riichi discard: no Riichi button"


def test_auto_discard_after_riichi_except_when_tsumo_or_kan():
    d = plan(view("turn", [Action("discard", 41)], hand=(8, 41), drawn=41, riichi=True), prefs(auto_discard_after_riichi=True))
    assert d.auto == Action("discard", 41)
    legal = [Action("discard", 41), Action("tsumo", 41)]
    d = plan(view("turn", legal, hand=(8, 41), drawn=41, riichi=True), prefs(auto_discard_after_riichi=True))
    assert d.auto is None and [o.label for o in d.options] == ["Tsumo"]


def test_called_tile_lies_toward_its_giver():
    left = Meld("pon", (20, 21, 22), called=20, from_seat=3)
    across = Meld("pon", (20, 21, 22), called=20, from_seat=2)
    right = Meld("chi", (12, 16, 20), called=20, from_seat=1)
    assert [s for _, s, _, _ in meld_tiles(left, 0)] == [True, False, False]
    assert [s for _, s, _, _ in meld_tiles(across, 0)] == [False, True, False]
    assert [s for _, s, _, _ in meld_tiles(right, 0)] == [False, False, True]
    added = Meld("shouminkan", (20, 21, 22, 23), called=20, from_seat=3, added=23)
    assert [(t, s, st) for t, s, _, st in meld_tiles(added, 0)][:2] == [(20, True, False), (23, True, True)]
    closed = Meld("ankan", (20, 21, 22, 23))
    assert [down for _, _, down, _ in meld_tiles(closed, 0)] == [True, False, False, True]


def test_save_slot_round_trip_and_corrupt_file_set_aside(tmp_path):
    slot = SaveSlot(tmp_path)
    assert slot.load().data is None
    assert slot.write({"game": {"seed": 1, "actions": []}, "setup": {}}) is None
    assert slot.load().data["game"]["seed"] == 1
    assert not list(tmp_path.glob(".current-*"))
    slot.path.write_text("{not json")
    result = slot.load()
    assert result.data is None and "could not be read" in result.message
    assert not slot.exists() and len(list(tmp_path.glob("current.corrupt-*.json"))) == 1
    slot.path.write_text(json.dumps({"version": 99, "game": {}}))
    assert slot.load().data is None
    assert len(list(tmp_path.glob("current.corrupt-*.json"))) == 2


def test_frame_figures_and_size_flag():
    import argparse

    import pytest

    import main
    from cli.bench_client import summarise
    figures = summarise([1.0] * 98 + [5.0, 9.0])
    assert figures["median_ms"] == 1.0 and figures["p99_ms"] == 5.0 and figures["max_ms"] == 9.0
    with pytest.raises(ValueError):
        summarise([])
    args = main.build_parser(with_commands=False).parse_args(["--demo", "--size", "1024x640", "--exit-after-hands", "2"])
    assert args.size == (1024, 640) and args.demo and args.exit_after_hands == 2
    with pytest.raises(argparse.ArgumentTypeError):
        main._size("big")


def test_waits_count_the_copies_still_unseen():
    from game.tiles import parse_tiles
    from render.hand_view import waits_for
    hand = parse_tiles("123m456p789s1122z")  # waits on 1z and 2z (shanpon)
    pond = parse_tiles("1z", taken=hand)
    view = SimpleNamespace(hand=tuple(hand), discards=(({"tile": pond[0], "called": False},), (), (), ()),
                           melds=((), (), (), ()), dora_indicators=())
    assert waits_for(view) == [(27, 1), (28, 2)]
    drawn = parse_tiles("9m", taken=hand + pond)[0]
    view14 = SimpleNamespace(**{**vars(view), "hand": tuple(sorted(hand + [drawn]))})
    assert waits_for(view14, left_out=drawn) == [(27, 1), (28, 2)]
    assert waits_for(view14, left_out=hand[0]) == [], "discarding 1m leaves no ready hand"


def test_furiten_changes_the_players_name():
    from render.table_view import plate_label
    from render.widgets import THEME
    assert plate_label("Ann", SimpleNamespace(furiten=True, dealer=1)) == ("Ann (furiten)", THEME["furiten"])
    assert plate_label("Ann", SimpleNamespace(furiten=False, dealer=1)) == ("Ann", THEME["text"])


def test_board_tooltips_explain_dora_wall_sticks_and_melds():
    import pygame

    from game.ai import make_player
    from game.table import Game
    from render.table_view import Board, BoardPainter
    from render.tileset import load_tileset
    game = Game(seed=240)
    ai = [make_player("normal", 240, s) for s in range(4)]
    while not any(game.view(0).melds):
        seat = game.waiting_seats()[0]
        v = game.view(seat)
        game.apply(seat, ai[seat].decide(v, v.legal_actions))
    painter = BoardPainter()
    painter.paint((1280, 800), Board(game.view(0), ["A", "B", "C", "D"], aka=False), load_tileset("classic"))
    tips = [h.tip for h in painter.hits]
    assert any(t.startswith("Dora indicator") and "is dora" in t for t in tips)
    assert any("tiles left to draw" in t for t in tips)
    assert any(t.startswith("Honba") for t in tips) and any(t.startswith("Riichi sticks") for t in tips)
    assert any("called from" in t for t in tips)
    window = pygame.Rect(0, 0, 1280, 800)
    assert all(window.contains(h.rect) for h in painter.hits)
