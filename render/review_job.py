"""The AI review of a recorded game, worked out off the frame path: one background thread reviews the
seat (``game.review.review_game``), plays every hand's positions and finds where each decision stands,
while the window keeps drawing its progress; the review of the player's own game is then kept in the
statistics on that thread too (a database another program holds is waited for there, not by the
window). A cancelled job stops at the end of the hand under way and its result is dropped."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path

from game.logs.positions import Position, hand_positions
from game.logs.record import RecordedGame
from game.ai.houou import Shares
from game.review import Review, review_game
from game.drills.mistakes import mistake_problem
from game.review.places import Place, decision_places
from render.setup import PLAYER_SEAT
from store.games import GameShelf
from store.stats import StatsDB, StatsError

__all__ = ["ReviewResult", "ReviewJob", "DEFAULT_LEVEL", "keep_review"]

DEFAULT_LEVEL = "strong"
"""The AI the player's choices are compared with."""


class Cancelled(Exception):
    """Raised from the progress callback to stop a job nobody waits for."""


@dataclass
class ReviewResult:
    """A finished review, each decision's place among the positions, and the positions played for it."""

    record: RecordedGame
    review: Review
    places: list[Place | None]
    positions: dict[int, tuple[list[Position], str]] = field(default_factory=dict)
    not_kept: Exception | None = None
    """Why the review of the player's own game could not be kept in the statistics (None when it was,
    or when it is not the player's game)."""

    def place_of(self, n: int) -> Place | None:
        return self.places[n] if 0 <= n < len(self.places) else None


class ReviewJob:
    """Reviews ``seat`` of ``record`` in a daemon thread; read ``progress``, ``done``, ``result``, ``error``.
    ``shares``, when given, says how often houou players take each option (``game.ai.houou``)."""

    def __init__(self, record: RecordedGame, seat: int, level: str = DEFAULT_LEVEL, shares: Shares | None = None) -> None:
        self.record = record
        self.seat = seat
        self.level = level
        self.shares = shares
        self.progress: tuple[int, int] = (0, max(1, len(record.hands)))
        self.result: ReviewResult | None = None
        self.error = ""
        self._cancelled = threading.Event()
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kawa-review", daemon=True)

    def start(self) -> ReviewJob:
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    @property
    def fraction(self) -> float:
        done, total = self.progress
        return min(1.0, done / max(1, total))

    def cancel(self) -> None:
        """Nobody waits any more: stop after the hand under way and drop the result."""
        self._cancelled.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._finished.wait(timeout)

    def _tick(self, done: int, total: int) -> None:
        if self._cancelled.is_set():
            raise Cancelled
        # the review is one half of the work, the positions the other
        self.progress = (done, 2 * total)

    def _run(self) -> None:
        try:
            review = review_game(self.record, self.seat, self.level, self._tick, self.shares)
            positions: dict[int, tuple[list[Position], str]] = {}
            total = len(self.record.hands)

            def shown(k: int) -> list[Position]:
                if k not in positions:
                    self._tick(total + len(positions), total)
                    positions[k] = hand_positions(self.record, k)
                return positions[k][0]
            places = decision_places(self.record, review.decisions, self.seat, shown)
            if not self._cancelled.is_set():
                self.result = ReviewResult(self.record, review, places, positions, keep_review(review, self.record))
                self.progress = (2 * total, 2 * total)
        except Cancelled:
            pass
        except Exception as exc:  # noqa: BLE001 - a record the table cannot follow is told, never a crash
            self.error = str(exc) or type(exc).__name__
        finally:
            self._finished.set()


def keep_review(review: Review, record: RecordedGame, db: StatsDB | None = None, shelf: GameShelf | None = None
                ) -> Exception | None:
    """Keep the review of the player's own kept game in the statistics (its agreement, and its discard
    mistakes as problems for the Practice screen), on the review's thread; what went wrong, or None
    (also when it is not the player's)."""
    shelf = shelf or GameShelf()
    try:
        own = Path(record.source).resolve().parent == shelf.folder.resolve()
    except (OSError, RuntimeError, ValueError):
        own = False
    if not own or review.seat != PLAYER_SEAT:
        return None
    mistakes = [(p.to_json(), d.cost) for d in review.decisions if (p := mistake_problem(d)) is not None]
    db = db or StatsDB()
    try:
        db.record_review(record.game_id or record.source, review.seat, review.agreement, len(review.decisions),
                         mistakes)
    except (StatsError, sqlite3.Error, OSError) as exc:
        return exc
    return None
