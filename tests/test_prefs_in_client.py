"""Each play preference's effect in the running client, driven by posted input (headless).

The player's own choices come from the normal AI (seeded like the game), carried out through
the widgets a player clicks; the seeds were picked so the moment each test needs comes early
in the first hand (the game is deterministic given the seed and the player's choices).
"""

from __future__ import annotations

import pytest

from game.rules import RuleSet
from render.app import App
from render.scenes.result import ResultScene
from render.scenes.table import TableScene
from render.setup import GameSetup
from tests.client_driver import button_labelled, click, drag, open_app, play_decision, run_until

RIICHI_SEED = 17
"""The player declares riichi on its thirteenth turn, then draws three tiles it cannot win on or
kan (discarded automatically), then a tile it can win on or kan: the ask case."""
CALL_SEED = 59
"""The player (choosing as the normal AI) pons on the first call offer, after nine turns."""
OFFERS_SEED = 19
"""The player is offered chi or pon several times in the first hand and takes none."""
ASKED_AFTER_RIICHI = {"Tsumo", "Closed kan", "Added kan"}


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.shutdown()


def start(app: App, seed: int, **prefs: object) -> tuple[TableScene, object]:
    """A new game with ``prefs`` set first; returns the table and the player's seeded chooser."""
    from game.ai import make_player
    if prefs:
        app.set_prefs(app.prefs.with_changes(**prefs))
    table = TableScene.new(app, GameSetup(rules=RuleSet(), seed=seed))
    app.push(table)
    return table, make_player("normal", seed, 0)


def next_moment(app: App, table: TableScene) -> ResultScene | TableScene:
    """Step until the player has a decision or a hand's result is up."""
    return run_until(app, lambda: (isinstance(app.top, ResultScene) and app.top)
                     or (table.control.decision is not None and table))


def own_passes(table: TableScene) -> int:
    """How many times the player has passed so far in the game."""
    return sum(1 for s, a in table.control.session.game.actions if s == 0 and a.type == "pass")


def test_after_riichi_each_drawn_tile_goes_without_a_click_until_a_win_or_kan_is_possible(app):
    table, brain = start(app, RIICHI_SEED, auto_discard_after_riichi=True)
    # up to the riichi: the player's choices through the real widgets
    while True:
        assert isinstance(next_moment(app, table), TableScene), "the hand ended before the riichi"
        view = table.control.view
        action = brain.decide(view, view.legal_actions)
        before = len(view.discards[0])
        assert play_decision(app, table, action)
        if action.type == "riichi":
            run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
            break
    run_until(app, lambda: table.control.view.riichi[0])
    # from now on the player is asked only when a win or a kan is possible
    while True:
        top = next_moment(app, table)
        assert isinstance(top, TableScene), "the hand ended before the player could win or kan"
        d = table.control.decision
        if d.phase == "turn":
            break
        view = table.control.view  # a call offer (a ron, say) is still asked
        play_decision(app, table, brain.decide(view, view.legal_actions))
    labels = {o.label for o in d.options}
    assert labels & ASKED_AFTER_RIICHI, f"asked to discard in riichi with only {labels}"
    assert d.discards, "the drawn tile can still be discarded by a click"
    pond = list(table.control.view.discards[0])
    declared = next(i for i, e in enumerate(pond) if e["riichi"])
    automatic = pond[declared + 1:]
    assert automatic, "the seed draws tiles the player can neither win on nor kan after the riichi"
    assert all(e["tsumogiri"] for e in automatic), "each automatic discard is the drawn tile"
    from render.decision import auto_markers
    assert "auto-discard in riichi" in auto_markers(app.pref)


def test_a_custom_order_survives_a_call_and_a_drawn_tile_is_never_sorted_in(app):
    table, brain = start(app, CALL_SEED, tile_reordering=True)
    next_moment(app, table)
    assert table.control.decision.phase == "turn"
    slots = table.hand_rects()
    drag(app, slots[0][1].center, (slots[1][1].right + 2, slots[1][1].centery))
    drag(app, slots[3][1].center, (slots[4][1].right + 2, slots[4][1].centery))
    assert table.control.order.order != sorted(table.control.order.order)
    joined_at_end = 0
    while True:
        top = next_moment(app, table)
        assert isinstance(top, TableScene), "the hand ended before the player called"
        view = table.control.view
        action = brain.decide(view, view.legal_actions)
        if action.type in ("pon", "chi"):
            break
        drawn = view.drawn
        if action.type == "discard" and drawn is not None and action.tile != drawn:
            # the drawn tile stands apart at the right while it is the drawn tile
            slots = table.hand_rects()
            assert slots[-1][0] == drawn and slots[-1][1].x > slots[-2][1].right
            sorted_in = sorted([*table.control.order.order, drawn]) != [*table.control.order.order, drawn]
            before = len(view.discards[0])
            play_decision(app, table, action)
            run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
            # once another tile is discarded it joins the hand at the right end, not sorted in
            assert table.control.order.order[-1] == drawn
            joined_at_end += sorted_in
            continue
        play_decision(app, table, action)
    assert joined_at_end, "the seed draws a tile that sorting would have put elsewhere"
    custom = list(table.control.order.order)
    assert custom != sorted(custom)
    melds = len(table.control.view.melds[0])
    assert play_decision(app, table, action) == "button"
    run_until(app, lambda: len(table.control.view.melds[0]) == melds + 1)
    assert table.control.order.order == [t for t in custom if t not in action.tiles]
    assert table.reorder_buttons, "the sort button stays under the hand after the call"


def test_preferences_changed_mid_game_rule_the_next_decision(app):
    table, brain = start(app, OFFERS_SEED)
    # asked while automatic passing is off; the player passes by the button
    while True:
        top = next_moment(app, table)
        assert isinstance(top, TableScene)
        labels = {o.label for o in table.control.decision.options}
        if labels & {"Chi", "Pon"}:
            break
        view = table.control.view
        play_decision(app, table, brain.decide(view, view.legal_actions))
    passes = own_passes(table)
    click(app, button_labelled(table.buttons, "Pass").rect.center)
    run_until(app, lambda: own_passes(table) == passes + 1)
    # as the settings screen does: automatic passing and confirmed discards from now on
    app.set_prefs(app.prefs.with_changes(auto_pass_chi=True, auto_pass_pon_kan=True, confirm_discard=True))
    top = next_moment(app, table)
    assert isinstance(top, TableScene) and table.control.decision.phase == "turn"
    tile, rect = next((t, r) for t, r in table.hand_rects() if t in table.control.decision.discards)
    before = len(table.control.view.discards[0])
    click(app, rect.center)
    assert table.control.selected == tile and len(table.control.view.discards[0]) == before
    click(app, button_labelled(table.buttons, "Confirm").rect.center)
    run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
    assert table.control.view.discards[0][-1]["tile"] == tile
    # turned off again: the next discard goes on the first click
    app.set_prefs(app.prefs.with_changes(confirm_discard=False))
    asked_calls = 0
    passes = own_passes(table)
    while True:
        top = next_moment(app, table)
        if isinstance(top, ResultScene):
            break
        d = table.control.decision
        assert not {o.label for o in d.options} & {"Chi", "Pon"}, "a chi or pon offer was asked"
        asked_calls += d.phase == "calls"
        view = table.control.view
        action = brain.decide(view, view.legal_actions)
        before = len(view.discards[0])
        play_decision(app, table, action)
        if action.type == "discard":
            run_until(app, lambda: len(table.control.view.discards[0]) == before + 1 or isinstance(app.top, ResultScene))
    assert own_passes(table) - passes - asked_calls >= 1, "the hand offers the player another chi or pon"
