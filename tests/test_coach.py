"""The coach: the strong AI's suggestion and each discard's figures, checked against the engine, and the
panel a player sees at the table (on only when asked for in Settings), its hover figures and its Why."""

from __future__ import annotations

import itertools
import threading

import pygame
import pytest

from game.ai import make_player
from game.ai.coach import THREAT_AT, advise, coach_player
from game.ai.danger import threats, tile_danger
from game.ai.position import from_view
from game.drills.defence import protection
from game.drills.selfplay import discard_turns
from game.hand.shanten import discard_options
from game.rules import EMA
from prefs import DEFAULTS, SPECS
from render import coach_view
from render.coach_view import THINKING, TITLE, figures_lines, reason_words
from render.scenes.table import TableScene
from render.setup import GameSetup
from render.widgets import recorded_texts
from render.words import tile_words
from tests.client_driver import click, open_app, run_until
from tests.seat_views import seat_view


def positions(seed: int, count: int) -> list:
    return list(itertools.islice(discard_turns(seed), count))


@pytest.fixture(scope="module")
def seen() -> list:
    """Seat 0's own turns in seeded self-played games (quiet turns and turns facing a riichi)."""
    return positions(11, 500) + positions(12, 300)


def test_the_coach_agrees_with_discard_options_and_the_strong_ai(seen) -> None:
    codes = set()
    for view in seen:
        advice = advise(view, coach_player(7, 0))
        if advice is None:
            continue
        legal = view.legal_actions
        kinds = {a.tile >> 2 for a in legal if a.type in ("discard", "riichi")}
        pos = from_view(view)
        expected = [(o.kind, o.shanten, o.total) for o in discard_options(pos.counts, pos.seen) if o.kind in kinds]
        assert [(f.kind, f.shanten, f.ukeire) for f in advice.figures] == expected
        top = make_player("strong", 7, 0).rank(view, legal)[0][0]
        assert advice.action == top
        if top.type in ("discard", "riichi"):
            assert advice.kind == top.tile >> 2 and advice.suggested is advice.of(advice.kind)
        menaces = [t.seat for t in threats(pos) if t.seat in pos.riichi_seats or t.tenpai >= THREAT_AT]
        assert [m.seat for m in advice.threats] == menaces
        assert set(pos.riichi_seats) - {0} <= set(menaces)
        for f in advice.figures:
            assert [(d.seat, d.chance, d.protection) for d in f.dangers] == \
                   [(s, tile_danger(pos, f.kind, s), protection(pos, f.kind, s)) for s in menaces]
        codes.add(advice.reason["code"])
        _check_reason(advice)
        riichi_offered = any(a.type == "riichi" and a.tile >> 2 == advice.kind for a in legal)
        assert advice.reason.get("riichi_now", False) == (top.type == "riichi")
        assert advice.reason.get("quiet", False) == (top.type == "discard" and riichi_offered)
    assert {"more_ukeire", "fold", "safe", "push", "value"} <= codes


def _check_reason(advice) -> None:
    """The reason's numbers are the figures the panel shows."""
    r, it, best = advice.reason, advice.suggested, advice.figures[0]
    if r["code"] == "more_ukeire":
        other = advice.of(r["other"])
        assert r["ukeire"] == [it.ukeire, other.ukeire] and it.ukeire > other.ukeire
    elif r["code"] == "lower_shanten":
        assert r["shanten"] == [it.shanten, advice.of(r["other"]).shanten]
    elif r["code"] == "fold":
        assert r["other"] == best.kind and r["shanten"] == best.shanten
        assert (it.shanten, -it.ukeire) > (best.shanten, -best.ukeire)
    elif r["code"] == "waits":
        other = advice.of(r["other"])
        assert r["ukeire"] == [it.ukeire, other.ukeire] and it.ukeire <= other.ukeire
        assert it.shanten == other.shanten == 1 and r["waits"][0] > r["waits"][1]
    elif r["code"] in ("safe", "push"):
        assert advice.threats and (it.shanten, it.ukeire) == (best.shanten, best.ukeire)


def test_no_advice_off_the_own_turn(seen) -> None:
    view = seen[0]
    assert advise(view, coach_player(1, 0), [a for a in view.legal_actions if a.type not in ("discard", "riichi")]) \
        is None


def test_the_reasons_in_words(seen) -> None:
    found = {}
    for view in seen:
        advice = advise(view, coach_player(3, 0))
        if advice is not None:
            found.setdefault(advice.reason["code"], (advice, view))
    advice, view = found["more_ukeire"]
    n, other = advice.reason["ukeire"]
    assert reason_words(advice, view.seat_winds) == (
        f"it keeps {n} improving tiles, {n - other} more than {tile_words(advice.reason['other'])}")
    advice, view = found["fold"]
    words = reason_words(advice, view.seat_winds)
    assert words.startswith("your hand is ") and ": fold" in words
    assert "riichi" in words or "likely ready hand" in words, "the fold names the threat it gives way to"
    advice, view = found["safe"]
    assert reason_words(advice, view.seat_winds).startswith("against ")


def test_at_one_shanten_the_coach_names_the_wider_waits_ahead() -> None:
    """Cutting the 5m or the 8m keeps twelve useful tiles; the 8m keeps 23m and 56m, so every
    tenpai waits on two sides. The coach suggests that cut and says why in those numbers."""
    view = seat_view("23568m115678p123s", dora="6z")
    advice = advise(view, coach_player(7, 0))
    assert tile_words(advice.kind) == "8 characters"
    assert advice.reason == {"code": "waits", "ukeire": [12, 12], "waits": [9.0, 5.3], "other": 4}
    assert reason_words(advice, view.seat_winds) == (
        "once the hand is ready, its wait can expect 9.0 winning tiles on average; after 5 characters, 5.3")


def test_the_coach_is_off_by_default_and_on_the_settings_screen(tmp_path, monkeypatch) -> None:
    assert DEFAULTS.coach is False and "never plays for you" in SPECS["coach"].doc
    app = open_app(tmp_path, monkeypatch, (1280, 720))
    try:
        settings = app.open("settings")
        app.step(1 / 60)
        box = settings.widgets["coach"]
        assert box.tooltip == SPECS["coach"].doc
        click(app, (box.rect.x + 10, box.rect.centery))
        assert app.prefs.coach is True
    finally:
        app.shutdown()


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1280, 720))
    a.set_prefs(a.prefs.with_changes(first_game_guide=False))
    yield a
    a.shutdown()


def table_at_turn(app, coach: bool) -> TableScene:
    app.set_prefs(app.prefs.with_changes(coach=coach))
    table = TableScene.new(app, GameSetup(rules=EMA, seed=5))
    app.clear_to(table)
    run_until(app, lambda: table.control.turn)
    if coach:
        run_until(app, lambda: table.coach.done)
    app.step(1 / 60)
    return table


def drawn(table) -> list[str]:
    with recorded_texts() as texts:
        table.draw(table.app.screen)
    return texts


def test_the_panel_shows_the_suggested_tile_with_its_figures_on_the_players_turn(app) -> None:
    table = table_at_turn(app, True)
    advice = table.coach.advice
    assert advice is not None and advice.kind is not None
    texts = drawn(table)
    assert TITLE in texts and f"Suggested: discard {tile_words(advice.kind)}" in texts
    best = advice.suggested
    assert f"{best.shanten} from ready, {best.ukeire} improving tiles" in texts
    assert table.coach.rect is not None
    # clear of the hand, the buttons and the rivers
    for _, rect in table.hand_rects():
        assert not rect.colliderect(table.coach.rect)
    assert not table.coach.rect.colliderect(table.layout.buttons_rect)
    assert not table.coach.rect.colliderect(table.layout.center_rect)


def test_switched_off_the_table_draws_nothing_of_the_coach(app) -> None:
    table = table_at_turn(app, False)
    texts = drawn(table)
    assert TITLE not in texts and not any(t.startswith("Suggested:") for t in texts)
    assert table.coach.view is None


def test_hovering_a_hand_tile_shows_its_figures(app) -> None:
    table = table_at_turn(app, True)
    advice = table.coach.advice
    tile, rect = next((t, r) for t, r in table.hand_rects() if advice.of(t >> 2) is not None
                      and t >> 2 != advice.kind)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    texts = drawn(table)
    assert f"If you discard {tile_words(tile >> 2)}:" in texts
    figures = advice.of(tile >> 2)
    assert figures_lines(advice, figures, table.control.view.seat_winds)[0] in texts
    assert table.control.turn, "hovering decides nothing"


def test_why_shows_the_reason_and_decides_nothing(app) -> None:
    table = table_at_turn(app, True)
    view = table.control.view
    words = reason_words(table.coach.advice, view.seat_winds)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.coach.why_button.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    before = drawn(table)
    click(app, table.coach.why_button.rect.center)
    added = [t for t in drawn(table) if t not in before]
    assert " ".join(added) == words and words
    assert table.control.turn and table.control.view is view, "the coach never plays for the player"
    click(app, table.coach.why_button.rect.center)
    assert not table.coach.why_open
    for pos in ((5, 5), table.coach.why_button.rect.center):  # the button's tooltip gave way to the click
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert drawn(table) == before


def test_the_panel_thinks_without_holding_up_a_frame(app, monkeypatch) -> None:
    release = threading.Event()
    real = coach_view.advise

    def slow(view, player, **given):
        release.wait(10)
        return real(view, player, **given)

    monkeypatch.setattr(coach_view, "advise", slow)
    table = table_at_turn(app, False)
    app.set_prefs(app.prefs.with_changes(coach=True))
    for _ in range(3):
        app.step(1 / 60)
    texts = drawn(table)
    assert TITLE in texts and THINKING in texts and not table.coach.done
    release.set()
    run_until(app, lambda: table.coach.done)
    texts = drawn(table)
    assert THINKING not in texts and any(t.startswith("Suggested: ") for t in texts)
