"""The real app, headless, driven by posted input: a whole game, and quit / Continue."""

from __future__ import annotations

import json

import pygame
import pytest

from render.app import App, AppOptions
from store.saves import SaveSlot
from render.scenes.new_game import NewGameScene
from render.scenes.result import ResultScene
from render.scenes.standings import StandingsScene
from render.scenes.table import TableScene
from render.scenes.title import TitleScene
from tests.client_driver import button_labelled, click, drag, open_app, play_decision, run_until, type_text

SEED = 892
"""A single-hand-length game in which the player (choosing as the normal AI would) chis, pons,
declares riichi and wins by ron within three hands."""


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.shutdown()


def start_game(app: App, seed: int, game_length: str | None = None) -> TableScene:
    """Title -> New game -> seed (and game length) -> Start, all by clicks and typing."""
    app.push(TitleScene(app))
    app.step(1 / 60)
    click(app, button_labelled(app.top.buttons, "New game").rect.center)
    ng = app.top
    assert isinstance(ng, NewGameScene)
    click(app, ng.seed_field._box().center)
    type_text(app, str(seed))
    for _ in range(len(ng.preset_choice.options)):  # the seeds below were chosen for the EMA rules
        if ng.rules.name == "ema":
            break
        click(app, ng.preset_choice.rect.center)
    if game_length is not None:
        choice = ng.rule_widgets["game_length"]
        for _ in range(3):
            if choice.value == game_length:
                break
            click(app, choice.rect.center)
        assert ng.rules.game_length == game_length
    click(app, ng.start_button.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.setup.seed == seed
    return table


def test_a_whole_game_by_clicks(app):
    from game.ai import make_player
    table = start_game(app, SEED, "single")
    brain = make_player("normal", SEED, 0)
    seen: dict[str, int] = {}
    results = 0
    while True:
        top = run_until(app, lambda: (isinstance(app.top, (ResultScene, StandingsScene)) and app.top)
                        or (table.control.decision is not None and table))
        if isinstance(top, StandingsScene):
            break
        if isinstance(top, ResultScene):
            results += 1
            if any(e.type == "won" and e.seat == 0 for e in top.results):
                seen["player won"] = 1
            click(app, top.button.rect.center)
            continue
        view = table.control.view
        action = brain.decide(view, view.legal_actions)
        before = len(view.discards[0])
        if action.type == "riichi":
            # first an invalid declaration: only the player is told, nothing is sent
            wrong = [t for t in table.control.decision.discards if t not in table.control.decision.riichi]
            assert wrong
            click(app, table.riichi_button.rect.center)
            click(app, dict(table.hand_rects())[wrong[0]].center)
            assert "Riichi not declared" in table.control.message
            assert len(table.control.view.discards[0]) == before and table.control.decision is not None
            assert not table.riichi_button.checked
            seen["invalid riichi refused"] = 1
        how = play_decision(app, table, action)
        seen[action.type] = seen.get(action.type, 0) + 1
        if how in ("tile", "riichi"):
            run_until(app, lambda: len(table.control.view.discards[0]) == before + 1 or table.control.view.hand_index != view.hand_index)
        if action.type == "riichi":
            run_until(app, lambda: table.control.view.riichi[0] or table.control.view.hand_index != view.hand_index)
    assert seen.get("discard", 0) > 10
    assert seen.get("chi", 0) + seen.get("pon", 0) >= 1
    assert seen.get("riichi") == 1 and seen.get("invalid riichi refused") == 1
    assert seen.get("player won") == 1
    assert results >= 1
    standings = app.top
    assert sorted(row["rank"] for row in standings.standing) == [1, 2, 3, 4]
    click(app, standings.save_button.rect.center)
    assert standings.notice.startswith("Saved to")
    exported = json.loads(standings.saved_path.read_text())
    assert len(exported["log"]) == results
    assert not SaveSlot().exists(), "a finished game leaves no saved game behind"


def test_quit_and_continue_restore_the_same_state(app, tmp_path):
    from game.ai import make_player
    table = start_game(app, 7)
    brain = make_player("normal", 7, 0)
    for _ in range(6):
        run_until(app, lambda: table.control.decision is not None)
        view = table.control.view
        play_decision(app, table, brain.decide(view, view.legal_actions))
    run_until(app, lambda: table.control.decision is not None)
    record = table.control.session.game.to_record()
    view = table.control.view
    app.shutdown()  # quit: the worker stops, the game stays saved
    saved = json.loads(SaveSlot().path.read_text())
    assert saved["game"]["actions"] == record["actions"]

    again = App(AppOptions(size=(1280, 800), pace=0, animations="off"))
    try:
        again.push(TitleScene(again))
        again.step(1 / 60)
        click(again, button_labelled(again.top.buttons, "Continue").rect.center)
        resumed = again.top
        assert isinstance(resumed, TableScene)
        run_until(again, lambda: resumed.control.decision is not None)
        assert resumed.control.session.game.to_record() == record
        assert resumed.control.view == view
        assert resumed.setup.seed == 7
    finally:
        again.shutdown()


def test_a_corrupt_save_is_reported_and_set_aside(app):
    slot = SaveSlot()
    slot.folder.mkdir(parents=True, exist_ok=True)
    slot.path.write_text('{"version": 1, "game": {"seed": 3, "actions": [[0, {"type": "ron"}]]}}')
    app.push(TitleScene(app))
    app.step(1 / 60)
    click(app, button_labelled(app.top.buttons, "Continue").rect.center)
    assert isinstance(app.top, TitleScene)
    assert "could not be read" in app.top.notice
    assert not slot.exists()
    assert list(slot.folder.glob("current.corrupt-*.json"))
    assert all(b.label != "Continue" for b in app.top.buttons)


def test_discard_needs_a_second_click_when_confirm_is_on(app):
    app.set_prefs(app.prefs.with_changes(confirm_discard=True))
    table = start_game(app, 11)
    run_until(app, lambda: table.control.decision is not None and table.control.decision.phase == "turn")
    tile, rect = table.hand_rects()[-1]
    before = len(table.control.view.discards[0])
    click(app, rect.center)
    assert table.control.selected == tile
    assert button_labelled(table.buttons, "Confirm")
    assert len(table.control.view.discards[0]) == before
    click(app, rect.center)
    run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
    assert table.control.view.discards[0][-1]["tile"] == tile


def test_window_resizes_and_f11_toggles_fullscreen(app):
    table = start_game(app, 5)
    run_until(app, lambda: table.control.decision is not None)
    for size in ((1024, 640), (2560, 1440)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.step(1 / 60)
        assert table.layout.width == size[0]
        for _, r in table.hand_rects():
            assert app.screen.get_rect().contains(r)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert app.fullscreen


def test_automatic_passing_never_asks_and_shows_its_marker(app):
    from game.ai import make_player
    app.set_prefs(app.prefs.with_changes(auto_pass_chi=True, auto_pass_pon_kan=True))
    table = start_game(app, SEED, "single")
    brain = make_player("normal", SEED, 0)
    asked = []
    while not isinstance(app.top, ResultScene):
        top = run_until(app, lambda: (isinstance(app.top, ResultScene) and app.top) or (table.control.decision is not None and table))
        if isinstance(top, ResultScene):
            break
        d = table.control.decision
        asked.append({o.label for o in d.options})
        view = table.control.view
        play_decision(app, table, brain.decide(view, view.legal_actions))
    assert not any(labels & {"Chi", "Pon"} for labels in asked)
    auto_passes = [a for s, a in table.control.session.game.actions if s == 0 and a.type == "pass"]
    assert auto_passes, "the seed offers the player chi and pon in its first hand"
    from render.decision import auto_markers
    assert auto_markers(app.pref) == ["pass chi", "pass pon/kan"]


def test_call_time_out_passes_for_the_player(app):
    from game.rules import EMA
    from render.setup import GameSetup
    from game.ai import make_player
    table = TableScene.new(app, GameSetup(rules=EMA.with_options(call_timeout=5), seed=SEED))
    app.push(table)
    brain = make_player("normal", SEED, 0)
    while True:
        run_until(app, lambda: table.control.decision is not None)
        if table.control.decision.phase == "calls":
            break
        view = table.control.view
        play_decision(app, table, brain.decide(view, view.legal_actions))
    count = len(table.control.session.game.actions)
    assert table.control.clock_label() == "Pass in 5 s"
    for _ in range(6):
        app.step(1.0)
    run_until(app, lambda: len(table.control.session.game.actions) > count)
    seat, action = table.control.session.game.actions[count]
    assert (seat, action.type) == (0, "pass")


def test_keyboard_discard_and_reordering_by_drag(app):
    app.set_prefs(app.prefs.with_changes(tile_reordering=True))
    table = start_game(app, 11)
    run_until(app, lambda: table.control.decision is not None and table.control.decision.phase == "turn")
    first = table.control.order.order[0]
    slots = table.hand_rects()
    discards = len(table.control.view.discards[0])
    drag(app, slots[0][1].center, (slots[1][1].right + 2, slots[1][1].centery))
    assert table.control.order.order[1] == first, "the tile dropped right of the second one stands second"
    assert table.control.order.order != sorted(table.control.order.order)
    assert len(table.control.view.discards[0]) == discards and table.control.decision is not None, "a drag discards nothing"
    sort = button_labelled(table.reorder_buttons, "A-Z")
    click(app, sort.rect.center)
    assert table.control.order.order == sorted(table.control.order.order)
    drag(app, slots[0][1].center, (slots[1][1].right + 2, slots[1][1].centery))
    custom = list(table.control.order.order)
    # Right, Right, Enter discards the second tile on screen; the custom order is kept
    target = table.hand_rects()[1][0]
    before = len(table.control.view.discards[0])
    from tests.client_driver import press
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
    assert table.control.view.discards[0][-1]["tile"] == target
    kept = [t for t in custom if t != target]
    assert table.control.order.order[:len(kept)] == kept
    # turning reordering off sorts the hand at once
    app.set_prefs(app.prefs.with_changes(tile_reordering=False))
    assert table.control.order.order == sorted(table.control.order.order)
    assert not table.reorder_buttons


def test_an_unwritable_save_folder_is_reported_and_play_goes_on(app, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("KAWA_DATA_DIR", str(blocker / "data"))
    table = start_game(app, 11)
    run_until(app, lambda: table.control.decision is not None and table.control.decision.phase == "turn")
    tile = next(iter(table.control.decision.discards))
    before = len(table.control.view.discards[0])
    click(app, dict(table.hand_rects())[tile].center)
    run_until(app, lambda: len(table.control.view.discards[0]) == before + 1)
    run_until(app, lambda: "not being saved" in table.control.error)


def test_main_plays_a_demo_hand_and_exits_zero(tmp_path, monkeypatch):
    import main
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "data"))
    stats = tmp_path / "frames.json"
    code = main.main(["--demo", "--seed", "1", "--exit-after-hands", "1", "--animations", "off", "--pace", "0",
                      "--size", "1024x640", "--frame-stats", str(stats)])
    assert code == 0
    data = json.loads(stats.read_text())
    assert data["frame_ms"] and data["first_frame_s"] > 0 and data["size"] == [1024, 640]
    assert not SaveSlot().exists(), "a demo is never saved"


def test_on_a_winning_draw_the_waits_hint_advises_no_discard(app):
    """Seed 247, single hand: the player (choosing as the normal AI would) draws a winning tile.
    The hint then shows nothing (it once said "Discard <the winning tile>, wait on ..."), and the
    Tsumo button is there."""
    from game.ai import make_player
    table = start_game(app, 247, "single")
    brain = make_player("normal", 247, 0)
    for _ in range(200):
        run_until(app, lambda: table.control.decision is not None)
        view = table.control.view
        if any(a.type == "tsumo" for a in view.legal_actions):
            break
        play_decision(app, table, brain.decide(view, view.legal_actions))
    else:
        raise AssertionError("the player never drew a winning tile")
    table.hover_tile = None
    assert table.waits_shown() == ("", [])
    assert any(b.label == "Tsumo" for b in table.buttons)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_long_table_message_wraps_inside_the_window(tmp_path, monkeypatch, size):
    from render.canvas import Canvas
    from tests.client_driver import open_app as opened
    app = opened(tmp_path, monkeypatch, size)
    try:
        table = start_game(app, SEED, "single")
        message = ("Riichi not declared with 6 circles: riichi is not possible now (a ready closed hand, 1,000 "
                   "points and enough wall are needed). Only you see this.")
        cv = Canvas()
        table.draw_message(cv, table.layout, message)
        window = pygame.Rect((0, 0), app.size)
        blits = [pygame.Rect(op.area) for op in cv.ops if op.key[0] == "blit"]
        assert len(blits) >= 2, "the message is wider than most of the window: it takes two lines or more"
        assert all(window.contains(r) for r in blits) and max(r.width for r in blits) <= 0.8 * size[0]
    finally:
        app.shutdown()


def test_a_new_game_over_a_saved_one_asks_first(app):
    from game.ai import make_player
    table = start_game(app, 7)
    run_until(app, lambda: table.control.decision is not None)
    view = table.control.view
    play_decision(app, table, make_player("normal", 7, 0).decide(view, view.legal_actions))
    run_until(app, lambda: table.control.decision is not None)
    app.shutdown()  # quit mid-game: the game stays saved
    saved = SaveSlot().path.read_text()
    again = App(AppOptions(size=(1280, 800), pace=0, animations="off"))
    try:
        again.push(TitleScene(again))
        again.step(1 / 60)
        click(again, button_labelled(again.top.buttons, "New game").rect.center)
        ng = again.top
        click(again, ng.seed_field._box().center)
        type_text(again, "12")
        click(again, ng.start_button.rect.center)
        assert again.top is ng and ng.replacing is not None  # asked, nothing started
        labels = [b.label for b in ng.replace_buttons]
        assert labels == ["Start, replacing it", "Keep the saved game"]
        click(again, ng.replace_buttons[1].rect.center)
        assert again.top is ng and ng.replacing is None and SaveSlot().path.read_text() == saved
        click(again, ng.start_button.rect.center)
        click(again, ng.replace_buttons[0].rect.center)
        table = again.top
        assert isinstance(table, TableScene) and table.setup.seed == 12
    finally:
        again.shutdown()


def test_the_new_game_screen_offers_the_last_rules_again(app):
    start_game(app, 5, "single")
    app.shutdown()
    again = App(AppOptions(size=(1280, 800), pace=0, animations="off"))
    try:
        ng = NewGameScene(again, lambda setup: None)
        assert ng.rules.game_length == "single" and ng.rule_widgets["game_length"].value == "single"
        from render.scenes.settings import SettingsScene
        settings = SettingsScene(again)
        again.push(settings)
        again.step(1 / 60)
        forget = settings.widgets["last_rules"]
        assert forget.label == "Forget the last game's rules" and forget.enabled
        click(again, forget.rect.center)
        assert again.prefs.last_rules == "" and not forget.enabled
        assert NewGameScene(again, lambda setup: None).rules.game_length == "south"
        again.set_prefs(again.prefs.with_changes(last_rules='{"game_length": "forever"}'))
        assert NewGameScene(again, lambda setup: None).rules.game_length == "south"  # unreadable: the EMA preset
    finally:
        again.shutdown()
