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
from tests.client_driver import button_labelled, click, open_app, play_decision, run_until

RIICHI_SEED = 51
"""The player declares riichi on the fourth turn, then draws eight tiles it cannot win on or
kan, then draws a tile it can win on (or kan): the ask case."""
CALL_SEED = 59
"""The player (choosing as the normal AI) pons on the first call offer, after eight turns."""
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
                     or (table.decision is not None and table))


def own_actions(table: TableScene) -> list[object]:
    return [a for s, a in table.session.game.actions if s == 0]


def test_after_riichi_each_drawn_tile_goes_without_a_click_until_a_win_or_kan_is_possible(app):
    table, brain = start(app, RIICHI_SEED, auto_discard_after_riichi=True)
    # up to the riichi: the player's choices through the real widgets
    while True:
        next_moment(app, table)
        view = table.view
        action = brain.decide(view, view.legal_actions)
        before = len(view.discards[0])
        assert play_decision(app, table, action)
        if action.type == "riichi":
            run_until(app, lambda: len(table.view.discards[0]) == before + 1)
            break
    run_until(app, lambda: table.view.riichi[0])
    # from now on the player is asked only when a win or a kan is possible
    while True:
        top = next_moment(app, table)
        assert isinstance(top, TableScene), "the hand ended before the player could win or kan"
        d = table.decision
        if d.phase == "turn":
            break
        view = table.view  # a call offer (a ron, say) is still asked
        play_decision(app, table, brain.decide(view, view.legal_actions))
    labels = {o.label for o in d.options}
    assert labels & ASKED_AFTER_RIICHI, f"asked to discard in riichi with only {labels}"
    assert d.discards, "the drawn tile can still be discarded by a click"
    pond = list(table.view.discards[0])
    declared = next(i for i, e in enumerate(pond) if e["riichi"])
    automatic = pond[declared + 1:]
    assert len(automatic) == 8
    assert all(e["tsumogiri"] for e in automatic), "each automatic discard is the drawn tile"
    from render.decision import auto_markers
    assert "auto-discard in riichi" in auto_markers(app.pref)
