"""The statistics database: every game and hand the player plays, in SQLite in the user data folder.

``stats.sqlite3`` lives beside the saved game (``KAWA_DATA_DIR`` overrides the folder). The schema
is versioned (``PRAGMA user_version``) and older databases are migrated step by step. Each hand is
written in its own transaction (write-ahead log), so a crash or a kill loses at most the hand in
progress. A file
that is not a readable database is renamed ``stats.corrupt-<n>.sqlite3``, reported in
``StatsDB.message``, and a new database is started.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.stats.hand_facts import HandFacts, game_facts, hand_facts, hands_of
from store.paths import data_dir

__all__ = ["SCHEMA_VERSION", "MIGRATIONS", "StatsDB", "StatsError", "GameInfo", "GameRecorder", "FILE_NAME"]

FILE_NAME = "stats.sqlite3"
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: games and the player's hands
        """CREATE TABLE games (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, started TEXT NOT NULL,
           rules TEXT NOT NULL, levels TEXT NOT NULL, demo INTEGER NOT NULL DEFAULT 0,
           placement INTEGER, score INTEGER, finished INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE hands (game_id INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
           won INTEGER NOT NULL, dealt_in INTEGER NOT NULL, riichi INTEGER NOT NULL, called INTEGER NOT NULL,
           tsumo INTEGER NOT NULL, win_value INTEGER NOT NULL, deal_in_value INTEGER NOT NULL,
           draw TEXT NOT NULL, tenpai INTEGER, delta INTEGER NOT NULL, PRIMARY KEY (game_id, number))""",
    ),
    (  # 2: dama wins, riichi results, the hand's place, game points and a count of hands kept with the game
        "ALTER TABLE hands ADD COLUMN dama INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE hands ADD COLUMN riichi_result TEXT",
        "ALTER TABLE hands ADD COLUMN hand_index INTEGER",
        "ALTER TABLE hands ADD COLUMN honba INTEGER",
        "ALTER TABLE hands ADD COLUMN dealer INTEGER",
        "ALTER TABLE games ADD COLUMN points REAL",
        "ALTER TABLE games ADD COLUMN seed INTEGER",
        "ALTER TABLE games ADD COLUMN hands INTEGER NOT NULL DEFAULT 0",
        "UPDATE hands SET dama = (won AND NOT riichi AND NOT called)",
        "UPDATE games SET hands = (SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id)",
    ),
    (  # 3: drill answers, game reviews, and the review's mistakes kept as problems
        """CREATE TABLE drill_answers (id INTEGER PRIMARY KEY, drill TEXT NOT NULL, level TEXT NOT NULL,
           seed INTEGER NOT NULL, correct INTEGER NOT NULL, answered TEXT NOT NULL)""",
        """CREATE TABLE reviews (key TEXT NOT NULL, seat INTEGER NOT NULL, reviewed TEXT NOT NULL,
           agreement REAL NOT NULL, decisions INTEGER NOT NULL, mistakes INTEGER NOT NULL, PRIMARY KEY (key, seat))""",
        """CREATE TABLE mistakes (id INTEGER PRIMARY KEY, key TEXT NOT NULL, problem TEXT NOT NULL UNIQUE,
           cost REAL NOT NULL, times_right INTEGER NOT NULL DEFAULT 0, added TEXT NOT NULL)""",
    ),
)
"""The statements that bring a database from version n to n + 1 (index n)."""
SCHEMA_VERSION = len(MIGRATIONS)
HAND_COLUMNS = ("hand_index", "honba", "dealer", "won", "dealt_in", "riichi", "called", "dama", "tsumo", "win_value",
                "deal_in_value", "draw", "tenpai", "riichi_result", "delta")


class StatsError(Exception):
    """The database cannot be used: ``code`` is ``"newer"`` (a newer Kawa's schema) or ``"unusable"``
    (the folder cannot be written, the file cannot be opened); ``where`` names the file or folder."""

    def __init__(self, message: str, code: str = "unusable", where: Path | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.where = where


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as the figures group it."""

    key: str
    rules: str
    levels: tuple[str, ...]
    """The opponents' levels (seats 1, 2, 3)."""
    demo: bool
    seed: int = 0


class StatsDB:
    """The statistics database (``stats.sqlite3`` in ``folder``, the data folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / FILE_NAME
        self.message = ""
        """What happened when the database was opened (a corrupt file set aside), "" if nothing."""
        self.moved_to: Path | None = None
        """Where an unreadable database was moved when it was opened (None if it was not)."""
        self._checked = False
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        """One connection, kept open (commits then cost no flush), used by one thread at a time."""

    # opening ------------------------------------------------------------------------------
    def open(self) -> str:
        """Bring the database up to date now (a corrupt file is replaced); what the player should be told, or ""."""
        if not self._checked:
            self._open_checked()
        return self.message

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection to an up-to-date database, closed afterwards; a corrupt file is replaced first."""
        if not self._checked:
            self._open_checked()
        with self._lock:
            if self._conn is None:
                self._conn = self._raw()
            yield self._conn

    def close(self) -> None:
        """Close the connection (a later call opens it again)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _raw(self) -> sqlite3.Connection:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StatsError(f"the statistics cannot be kept in {self.folder}: {exc}", "unusable",
                             self.folder) from exc
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA journal_mode = WAL")  # a commit survives a kill of the process at once
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _open_checked(self) -> None:
        try:
            self._migrate()
        except sqlite3.DatabaseError as exc:
            moved = self.moved_to = self.set_aside()
            where = f"; it was moved to {moved}" if moved else ""
            self.message = f"the statistics database could not be read ({exc}){where}; a new one was started"
            self._migrate()
        self._checked = True

    def _migrate(self) -> None:
        conn = self._raw()
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StatsError(f"{self.path} was written by a newer Kawa (schema {version}, this one reads "
                                 f"{SCHEMA_VERSION}); it is left as it is", "newer", self.path)
            if version and conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("its integrity check failed")
            if not version and conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                raise sqlite3.DatabaseError("it holds tables but no Kawa schema version")
            for target in range(version, SCHEMA_VERSION):
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in MIGRATIONS[target]:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {target + 1}")
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
        finally:
            conn.close()

    def set_aside(self) -> Path | None:
        """Move an unreadable database (and its journal) out of the way; its new path."""
        n = 1
        while (self.folder / f"stats.corrupt-{n}.sqlite3").exists():
            n += 1
        target = self.folder / f"stats.corrupt-{n}.sqlite3"
        try:
            os.replace(self.path, target)
        except OSError:
            return None
        for suffix in ("-journal", "-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
        return target

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self.connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # writing ------------------------------------------------------------------------------
    def start_game(self, info: GameInfo, started: str | None = None) -> int:
        """The game's row id (a new row, or the existing one of the same key)."""
        with self._transaction() as conn:
            row = conn.execute("SELECT id FROM games WHERE key = ?", (info.key,)).fetchone()
            if row:
                return int(row[0])
            cur = conn.execute(
                "INSERT INTO games (key, started, rules, levels, demo, seed) VALUES (?, ?, ?, ?, ?, ?)",
                (info.key, started or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), info.rules,
                 ",".join(info.levels), int(info.demo), info.seed))
            return int(cur.lastrowid or 0)

    def unfinished_game(self, info: GameInfo) -> int | None:
        """The latest unfinished game like ``info`` (same seed, rules, levels and demo): a resumed game's row."""
        with self.connect() as conn:
            row = conn.execute("SELECT id FROM games WHERE finished = 0 AND seed = ? AND rules = ? AND levels = ? "
                               "AND demo = ? ORDER BY id DESC LIMIT 1",
                               (info.seed, info.rules, ",".join(info.levels), int(info.demo))).fetchone()
        return int(row[0]) if row else None

    def record_hand(self, game_id: int, number: int, facts: HandFacts,
                    finish: tuple[int, int, float] | None = None) -> None:
        """One hand (the game's ``number``-th, from 0) in one transaction, with the game's end when
        ``finish`` (placement, score, points) is given. Recording a hand again replaces it."""
        row = facts.to_row()
        values = [row[c] if not isinstance(row[c], bool) else int(row[c]) for c in HAND_COLUMNS]
        with self._transaction() as conn:
            conn.execute(f"INSERT OR REPLACE INTO hands (game_id, number, {', '.join(HAND_COLUMNS)}) "
                         f"VALUES (?, ?, {', '.join('?' * len(HAND_COLUMNS))})", (game_id, number, *values))
            conn.execute("UPDATE games SET hands = (SELECT COUNT(*) FROM hands WHERE game_id = ?) WHERE id = ?",
                         (game_id, game_id))
            if finish is not None:
                conn.execute("UPDATE games SET placement = ?, score = ?, points = ?, finished = 1 WHERE id = ?",
                             (*finish, game_id))

    def record_drill(self, drill: str, level: str, seed: int, correct: bool) -> None:
        """One answer to a drill problem."""
        with self._transaction() as conn:
            conn.execute("INSERT INTO drill_answers (drill, level, seed, correct, answered) VALUES (?, ?, ?, ?, ?)",
                         (drill, level, seed, int(correct), _now()))

    def record_review(self, key: str, seat: int, agreement: float, decisions: int, mistakes: Sequence[tuple[str, float]]
                      ) -> None:
        """A game's review: its agreement, and each mistake as a problem (JSON text, estimated cost) to drill."""
        with self._transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO reviews (key, seat, reviewed, agreement, decisions, mistakes) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (key, seat, _now(), agreement, decisions, len(mistakes)))
            for problem, cost in mistakes:
                conn.execute("INSERT OR IGNORE INTO mistakes (key, problem, cost, added) VALUES (?, ?, ?, ?)",
                             (key, problem, cost, _now()))

    def answer_mistake(self, mistake_id: int, correct: bool) -> None:
        """A kept mistake answered: right answers count up (two retire it), a wrong one starts again."""
        with self._transaction() as conn:
            conn.execute("UPDATE mistakes SET times_right = CASE WHEN ? THEN times_right + 1 ELSE 0 END WHERE id = ?",
                         (int(correct), mistake_id))

    # reading ------------------------------------------------------------------------------
    def drill_answers(self) -> list[dict[str, Any]]:
        """Every drill answer, oldest first."""
        with self.connect() as conn:
            rows = conn.execute("SELECT drill, level, seed, correct, answered FROM drill_answers ORDER BY id").fetchall()
        return [dict(r) for r in rows]

    def reviews(self) -> list[dict[str, Any]]:
        """Every game review, oldest first."""
        with self.connect() as conn:
            rows = conn.execute("SELECT * FROM reviews ORDER BY reviewed, key").fetchall()
        return [dict(r) for r in rows]

    def open_mistakes(self, retire_after: int = 2) -> list[dict[str, Any]]:
        """Kept mistakes not yet answered right ``retire_after`` times in a row, costliest first."""
        with self.connect() as conn:
            rows = conn.execute("SELECT id, key, problem, cost, times_right FROM mistakes WHERE times_right < ? "
                                "ORDER BY cost DESC, id", (retire_after,)).fetchall()
        return [dict(r) for r in rows]

    def games(self, include_demo: bool = False) -> list[dict[str, Any]]:
        """Every game recorded, oldest first (watched games only if ``include_demo``)."""
        with self.connect() as conn:
            rows = conn.execute("SELECT * FROM games" + ("" if include_demo else " WHERE demo = 0")
                                + " ORDER BY started, id").fetchall()
        return [dict(r) for r in rows]

    def hands(self, include_demo: bool = False) -> list[dict[str, Any]]:
        """Every hand recorded, in game and hand order (watched games' only if ``include_demo``)."""
        with self.connect() as conn:
            rows = conn.execute("SELECT hands.* FROM hands JOIN games ON games.id = hands.game_id"
                                + ("" if include_demo else " WHERE games.demo = 0")
                                + " ORDER BY games.started, games.id, hands.number").fetchall()
        return [dict(r) for r in rows]


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class GameRecorder:
    """Records one game for the player's seat as its hands end; errors are kept in ``error``, never raised."""

    def __init__(self, db: StatsDB, info: GameInfo, seat: int = 0) -> None:
        self.db = db
        self.info = info
        self.seat = seat
        self.game_id: int | None = None
        self.error = ""

    def begin(self, events: Sequence[Any]) -> None:
        """The game starts, or resumes after ``events``: its row, and every hand already finished."""
        try:
            resumed = any(ev.type == "hand_ended" for ev in events)
            self.game_id = self.db.unfinished_game(self.info) if resumed else None
            if self.game_id is None:
                self.game_id = self.db.start_game(self.info)
            hands = hands_of(events)
            for number, hand in enumerate(hands):
                finish = self._finish(events) if number == len(hands) - 1 else None
                self.db.record_hand(self.game_id, number, hand_facts(hand, self.seat), finish)
        except (StatsError, sqlite3.Error, OSError) as exc:
            self._failed(exc)

    def observe(self, all_events: Sequence[Any], new: Sequence[Any]) -> None:
        """The game's events so far and those just applied: a hand that ended is recorded now."""
        if self.game_id is None or not any(ev.type == "hand_ended" for ev in new):
            return
        hands = hands_of(all_events)
        try:
            self.db.record_hand(self.game_id, len(hands) - 1, hand_facts(hands[-1], self.seat),
                                self._finish(all_events))
        except (StatsError, sqlite3.Error, OSError) as exc:
            self._failed(exc)

    def _finish(self, events: Sequence[Any]) -> tuple[int, int, float] | None:
        facts = game_facts(events, self.seat)
        return None if facts is None else (facts.placement, facts.score, facts.points)

    def _failed(self, exc: Exception) -> None:
        self.error = str(exc) if isinstance(exc, StatsError) else f"the statistics could not be written: {exc}"
        self.game_id = None
