"""The board painter draws a recorded position on its own: no game in play, no screen, no rule.

This is what a replay viewer or a review needs: a seat's view kept as plain data, painted
exactly as the table paints it in play, with the words a player reads on it.
"""

from __future__ import annotations

from dataclasses import fields
from types import SimpleNamespace
from typing import Any

import pygame

from game.ai import make_player
from game.table import Game
from render.canvas import replay
from render.table_view import Board, BoardPainter
from render.tileset import load_tileset
from render.widgets import recorded_texts
from render.words import round_label

SIZE = (1280, 800)
NAMES = ("Ayaka", "Bo", "Chen", "Dai")
IN_PLAY_ONLY = {"seat", "current", "phase", "legal_actions", "finished", "rules", "all_last"}
"""What a seat's view carries for playing on, and a picture of the position does not need."""


def recorded_position(seed: int, actions: int) -> Game:
    """A game the AI played for ``actions`` actions, rebuilt from its record."""
    game = Game(seed=seed)
    ai = [make_player("normal", seed, s) for s in range(4)]
    while len(game.actions) < actions:
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        game.apply(seat, ai[seat].decide(view, view.legal_actions))
    return Game.from_record(game.to_record())


def picture(board: Board) -> tuple[bytes, list[str], list[int]]:
    """The board painted by a new painter: its pixels, the strings drawn, the player's tiles left to right."""
    painter, tileset = BoardPainter(), load_tileset("classic")
    surface = pygame.Surface(SIZE)
    with recorded_texts() as texts:
        replay(surface, painter.paint(SIZE, board, tileset))
    hand = [t for t, _ in painter.hand_rects(SIZE, board, tileset)]
    return pygame.image.tobytes(surface, "RGB"), list(texts), hand


def plain(view: Any) -> SimpleNamespace:
    """The view as a stored position: its fields as data, nothing for playing on."""
    return SimpleNamespace(**{f.name: getattr(view, f.name) for f in fields(view) if f.name not in IN_PLAY_ONLY})


def test_a_stored_position_paints_exactly_as_the_live_view() -> None:
    game = recorded_position(240, 60)
    for seat in range(4):
        view = game.view(seat)
        live = picture(Board(view, NAMES, aka=True, me=seat))
        stored = picture(Board(plain(view), NAMES, aka=True, me=seat))
        assert stored == live, f"seat {seat}'s position paints differently from plain data"


def test_a_recorded_position_shows_the_round_the_scores_and_the_seats_hand() -> None:
    game = recorded_position(240, 60)
    view = game.view(0)
    _, texts, hand = picture(Board(view, NAMES, aka=True))
    assert round_label(view.round_wind, view.hand_index) in texts
    assert f"Wall {view.live_left}" in texts and f"Honba {view.honba}" in texts
    for seat in (1, 2, 3):
        assert any(t.startswith(NAMES[seat]) for t in texts), f"no nameplate for {NAMES[seat]}"
        assert any(t.endswith(f"{view.scores[seat]:,}") for t in texts), f"no score for seat {seat}"
    assert any(t.startswith(NAMES[0]) for t in texts), "no plate for the player"
    drawn = [view.drawn] if view.drawn is not None else []
    assert hand == sorted(t for t in view.hand if t != view.drawn) + drawn, "sorted, the drawn tile last"
