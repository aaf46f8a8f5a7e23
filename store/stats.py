"""The statistics database: every game and hand the player plays, in SQLite in the user data folder.

``stats.sqlite3`` lives beside the saved game (``KAWA_DATA_DIR`` overrides the folder). The schema
is versioned (``PRAGMA user_version``) and older databases are migrated step by step. Each hand is
written in its own transaction (write-ahead log), so a crash or a kill loses at most the hand in
progress. Only a file SQLite itself cannot read (not a database, damaged) is renamed
``stats.corrupt-<n>.sqlite3``, reported in ``StatsDB.message``, and a new database started; a
database another program holds is waited for ``BUSY_SECONDS`` and then reported as busy, never
moved. A table missing from an up-to-date database is made again. Every value is read through a
type check: a row that fails it is skipped and counted (``StatsDB.skipped``), never a crash; the
figures are summed in SQL, so a long history reads in a fraction of a second.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.stats.figures import GAME_COUNTS, HAND_COUNTS, WINDOWS, add_counts, report_of
from game.stats.hand_facts import RIICHI_RESULTS, HandFacts, game_facts, hand_facts, hands_of
from store.paths import data_dir

__all__ = ["SCHEMA_VERSION", "MIGRATIONS", "StatsDB", "StatsError", "GameInfo", "GameRecorder", "FILE_NAME",
           "BUSY_SECONDS"]


def _flag(column: str) -> str:
    """A 0 or 1 (SQLite orders text and BLOBs after every number and NULL matches nothing, so the
    comparisons alone keep out a value of another type)."""
    return f"{column} IN (0, 1)"


def _whole(column: str, low: int, high: int) -> str:
    """A number from ``low`` to ``high`` (text, BLOBs and NULL fall outside, as for ``_flag``)."""
    return f"{column} BETWEEN {low} AND {high}"


def _number(column: str, low: float, high: float) -> str:
    """A number from ``low`` to ``high`` in a column of any type (text such as 'NaN' kept out by its type)."""
    return f"(typeof({column}) IN ('integer', 'real') AND {column} BETWEEN {low} AND {high})"


_POINTS = 10**7
"""No score, value or change of a hand lies outside plus or minus this."""
GAME_OK = " AND ".join((
    "typeof(g.levels) = 'text'", _flag("g.demo"), _flag("g.finished"),
    f"(g.placement IS NULL OR {_whole('g.placement', 1, 4)})",
    f"(g.score IS NULL OR {_whole('g.score', -_POINTS, _POINTS)})",
    "(g.finished = 0 OR g.placement IS NULL OR g.score IS NOT NULL)"))
"""A games row (as ``g``) whose values the figures can count."""
HAND_OK = " AND ".join((
    *(_flag(f"h.{c}") for c in ("won", "dealt_in", "riichi", "called", "dama", "tsumo")),
    _whole("h.win_value", 0, _POINTS), _whole("h.deal_in_value", 0, _POINTS), _whole("h.delta", -_POINTS, _POINTS),
    f"(h.tenpai IS NULL OR {_flag('h.tenpai')})",
    "(h.riichi_result IS NULL OR h.riichi_result IN ({}))".format(", ".join(f"'{r}'" for r in ("", *RIICHI_RESULTS)))))
"""A hands row (as ``h``) whose values the figures can count."""
_HAND_SUMS = (
    "COUNT(*)", "SUM(h.won)", "SUM(h.dealt_in)", "SUM(h.riichi)", "SUM(h.called)", "SUM(h.won AND h.dama)",
    "SUM(h.won AND h.tsumo)", "SUM(CASE WHEN h.won THEN h.win_value ELSE 0 END)",
    "SUM(CASE WHEN h.dealt_in THEN h.deal_in_value ELSE 0 END)", "SUM(h.tenpai IS NOT NULL)",
    "SUM(h.tenpai IS NOT NULL AND h.tenpai)", "SUM(h.riichi AND h.riichi_result IS NOT NULL AND h.riichi_result != '')",
    *(f"SUM(h.riichi AND h.riichi_result = '{r}')" for r in RIICHI_RESULTS))
"""The sums of ``HAND_COUNTS`` over hands (as ``h``), in their order."""
COUNT_HANDS = "hands = (SELECT COUNT(*) FROM hands h WHERE h.game_id = games.id), ({}) = ({})".format(
    ", ".join(f"n_{name}" for name in (*HAND_COUNTS, "bad")),
    "SELECT {}, (SELECT COUNT(*) FROM hands h WHERE h.game_id = games.id AND ({}) IS NOT 1) "
    "FROM hands h WHERE h.game_id = games.id AND {}".format(
        ", ".join(f"COALESCE({part}, 0)" for part in _HAND_SUMS), HAND_OK, HAND_OK))
"""What ``UPDATE games SET ...`` counts again of a game's hands: all of them, the figures' counts of
those that pass ``HAND_OK``, and (``n_bad``) those that do not."""


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
    (  # 4: each game's counts of the figures (the report then reads one row a game, not one a hand)
        *(f"ALTER TABLE games ADD COLUMN n_{name} INTEGER NOT NULL DEFAULT 0" for name in (*HAND_COUNTS, "bad")),
        "CREATE INDEX games_by_start ON games (started, id)",
        "UPDATE games SET {}".format(COUNT_HANDS),
    ),
)
"""The statements that bring a database from version n to n + 1 (index n)."""
SCHEMA_VERSION = len(MIGRATIONS)
BUSY_SECONDS = 2.0
"""How long a database another program holds is waited for before it is reported busy."""
_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
_UNREADABLE_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB
HAND_COLUMNS = ("hand_index", "honba", "dealer", "won", "dealt_in", "riichi", "called", "dama", "tsumo", "win_value",
                "deal_in_value", "draw", "tenpai", "riichi_result", "delta")


class StatsError(Exception):
    """The database cannot be used: ``code`` is ``"newer"`` (a newer Kawa's schema), ``"busy"``
    (another program holds it) or ``"unusable"`` (the folder cannot be written, the file cannot be
    opened or written); ``where`` names the file or folder."""

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


class Unreadable(sqlite3.DatabaseError):
    """A file that is not a Kawa statistics database although SQLite can open it."""


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def _unreadable(exc: sqlite3.Error) -> bool:
    """SQLite cannot read the file as a database at all (only such a file is set aside)."""
    return isinstance(exc, Unreadable) or _code(exc) in _UNREADABLE_CODES


def _busy(exc: sqlite3.Error) -> bool:
    return _code(exc) in _BUSY_CODES


class StatsDB:
    """The statistics database (``stats.sqlite3`` in ``folder``, the data folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / FILE_NAME
        self.message = ""
        """What happened when the database was opened (a corrupt file set aside), "" if nothing."""
        self.moved_to: Path | None = None
        """Where an unreadable database was moved when it was opened (None if it was not)."""
        self.skipped = 0
        """Rows the last reading skipped because a value had the wrong type or range."""
        self._checked = False
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        """One connection, kept open (commits then cost no flush), used by one thread at a time; the
        file is checked under it too."""

    # opening ------------------------------------------------------------------------------
    def open(self) -> str:
        """Bring the database up to date now (a corrupt file is replaced); what the player should be told, or ""."""
        with self._lock:  # two screens' readings at once check (and set aside) the file once
            if not self._checked:
                self._open_checked()
        return self.message

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection to an up-to-date database, closed afterwards; a corrupt file is replaced first."""
        with self._lock:
            if not self._checked:
                self._open_checked()
            try:
                if self._conn is None:
                    self._conn = self._raw()
                yield self._conn
            except sqlite3.Error as exc:
                raise self._told(exc) from exc

    def reopen(self) -> None:
        """Close the connection and check the file again at the next use (after a failed write: a
        table lost is made again, a file overwritten is set aside)."""
        self.close()
        self._checked = False

    def close(self) -> None:
        """Close the connection (a later call opens it again)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _told(self, exc: sqlite3.Error) -> StatsError:
        """A database error as the player is told it: busy, or the file unusable (named)."""
        if _busy(exc):
            return StatsError(f"{self.path} is in use by another program ({exc})", "busy", self.path)
        return StatsError(f"{self.path}: {exc}", "unusable", self.path)

    def _raw(self) -> sqlite3.Connection:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StatsError(f"the statistics cannot be kept in {self.folder}: {exc}", "unusable",
                             self.folder) from exc
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA journal_mode = WAL")  # a commit survives a kill of the process at once
            conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error:
            conn.close()
            raise
        return conn

    def _open_checked(self) -> None:
        try:
            self._migrate()
        except sqlite3.Error as exc:
            if not _unreadable(exc):  # busy, read-only, a full disk: the file stays as it is
                raise self._told(exc) from exc
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
                raise Unreadable("its integrity check failed")
            if not version and conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                raise Unreadable("it holds tables but no Kawa schema version")
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
            self._make_missing_tables(conn)
        finally:
            conn.close()

    @staticmethod
    def _make_missing_tables(conn: sqlite3.Connection) -> None:
        """Make again, empty, any table of the current schema the database has lost."""
        have = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = {name: sql for name, sql in _current_tables().items() if name not in have}
        if missing:
            conn.execute("BEGIN IMMEDIATE")
            for sql in missing.values():
                conn.execute(sql)
            conn.execute("COMMIT")

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
            conn.execute(f"UPDATE games SET {COUNT_HANDS} WHERE id = ?", (game_id,))
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
        """A kept mistake answered, and kept as an answer of the mistakes drill, in one transaction:
        right answers count up (two retire it), a wrong one starts again."""
        with self._transaction() as conn:
            conn.execute("UPDATE mistakes SET times_right = CASE WHEN ? THEN times_right + 1 ELSE 0 END WHERE id = ?",
                         (int(correct), mistake_id))
            conn.execute("INSERT INTO drill_answers (drill, level, seed, correct, answered) VALUES (?, ?, ?, ?, ?)",
                         ("mistakes", "", mistake_id, int(correct), _now()))

    # reading ------------------------------------------------------------------------------
    def _rows(self, sql: str, ok: str, table: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """The rows ``sql`` selects where the check ``ok`` holds (``sql`` holds ``{ok}`` where it goes);
        the rows of ``table`` failing it are counted in ``skipped``."""
        with self.connect() as conn:
            rows = conn.execute(sql.format(ok=ok), params).fetchall()
            self.skipped = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE ({ok}) IS NOT 1").fetchone()[0]
        return [dict(r) for r in rows]

    def drill_answers(self) -> list[dict[str, Any]]:
        """Every drill answer, oldest first (rows with a value of the wrong type skipped and counted)."""
        return self._rows("SELECT drill, level, seed, correct, answered FROM drill_answers WHERE {ok} ORDER BY id",
                          DRILL_OK, "drill_answers")

    def reviews(self) -> list[dict[str, Any]]:
        """Every game review, oldest first (rows with a value of the wrong type skipped and counted)."""
        return self._rows("SELECT * FROM reviews WHERE {ok} ORDER BY reviewed, key", REVIEW_OK, "reviews")

    def open_mistakes(self, retire_after: int = 2) -> list[dict[str, Any]]:
        """Kept mistakes not yet answered right ``retire_after`` times in a row, costliest first (rows
        with a value of the wrong type skipped and counted)."""
        return self._rows("SELECT id, key, problem, cost, times_right FROM mistakes WHERE {ok} AND times_right < ? "
                          "ORDER BY cost DESC, id", MISTAKE_OK, "mistakes", (retire_after,))

    def games(self, include_demo: bool = False) -> list[dict[str, Any]]:
        """Every game recorded, oldest first (watched games only if ``include_demo``; rows with a value
        of the wrong type skipped and counted)."""
        return self._rows("SELECT * FROM games g WHERE {ok}" + _demo(include_demo) + " ORDER BY started, id",
                          GAME_OK, "games g")

    def hands(self, include_demo: bool = False) -> list[dict[str, Any]]:
        """Every hand recorded, in game and hand order (watched games' only if ``include_demo``; rows
        with a value of the wrong type skipped and counted)."""
        return self._rows("SELECT h.* FROM hands h JOIN games g ON g.id = h.game_id WHERE {ok} AND " + GAME_OK
                          + _demo(include_demo) + " ORDER BY g.started, g.id, h.number", HAND_OK, "hands h")

    def report(self, include_demo: bool = False) -> dict[str, Any]:
        """The player's figures (``game.stats.figures.report``), summed in SQL; ``skipped`` in the
        result counts the rows left out because a value had the wrong type or range."""
        demo = _demo(include_demo)
        with self.connect() as conn:
            by_levels, skipped = _sums(conn, demo)
            recent = {w: _sums(conn, demo + f" AND g.id IN (SELECT g.id FROM games g WHERE {GAME_OK} AND {_COUNTS_OK}"
                                               f"{demo} ORDER BY g.started DESC, g.id DESC LIMIT {int(w)})")[0]
                      for w in WINDOWS}
            placements = [row[0] for row in conn.execute(
                f"SELECT placement FROM games g WHERE {GAME_OK} AND {_COUNTS_OK}{demo} AND {_FINISHED} "
                "ORDER BY started, id")]
        out = report_of(by_levels, {w: add_counts(list(parts.values())) for w, parts in recent.items()}, placements)
        out["skipped"] = self.skipped = skipped
        return out


DRILL_OK = f"typeof(drill) = 'text' AND typeof(level) = 'text' AND {_flag('correct')}"
REVIEW_OK = f"{_whole('seat', 0, 3)} AND {_number('agreement', 0, 1)} AND typeof(reviewed) = 'text'"
MISTAKE_OK = (f"typeof(id) = 'integer' AND typeof(problem) = 'text' AND length(problem) < 100000 "
              f"AND {_number('cost', -1e9, 1e9)} AND {_whole('times_right', 0, 10**6)}")
_FINISHED = "(g.finished = 1 AND g.placement IS NOT NULL)"
_PLAYED = f"(g.hands > 0 OR {_FINISHED})"
"""A game the figures count: at least one hand of it ended (a row an older version made as a game began,
with no hand, is none)."""
_GAME_SUMS = ", ".join((
    f"TOTAL({_PLAYED})", f"TOTAL({_FINISHED})", f"TOTAL(CASE WHEN {_FINISHED} THEN g.placement ELSE 0 END)",
    *(f"TOTAL({_FINISHED} AND g.placement = {p})" for p in (1, 2, 3, 4)),
    f"TOTAL(CASE WHEN {_FINISHED} THEN g.score ELSE 0 END)"))
_COUNTS_OK = " AND ".join(_whole(f"g.n_{name}", 0, 10**12) for name in (*HAND_COUNTS, "bad"))
"""A game's kept counts (``n_...``) are whole numbers the figures can add."""
_SUMS = ", ".join((_GAME_SUMS, *(f"TOTAL(g.n_{name})" for name in HAND_COUNTS)))
"""The sums of ``GAME_COUNTS`` and ``HAND_COUNTS`` over games (as ``g``), in their order."""


def _demo(include_demo: bool) -> str:
    return "" if include_demo else " AND g.demo = 0"


def _sums(conn: sqlite3.Connection, where: str) -> tuple[dict[str, dict[str, int]], int]:
    """The counts of the figures per opponents' levels text, over the games (``g``) ``where`` keeps,
    in one pass; and how many rows were left out (games failing the checks, their hands that did).
    TOTAL, not SUM: a sum over rows left out must not overflow."""
    out: dict[str, dict[str, int]] = {}
    skipped = 0
    for levels, ok, rows, bad_hands, *sums in conn.execute(
            f"SELECT g.levels, g.ok, COUNT(*), TOTAL(g.n_bad), {_SUMS} FROM (SELECT *, ({GAME_OK} AND {_COUNTS_OK}) "
            f"AS ok FROM games g WHERE 1{where}) g GROUP BY g.levels, g.ok"):
        if ok != 1:
            skipped += rows
            continue
        skipped += int(bad_hands)
        out[levels] = dict(zip((*GAME_COUNTS, *HAND_COUNTS), (int(v) for v in sums)))
    return out, skipped


def _current_tables() -> dict[str, str]:
    """Each table of the current schema and the statement that makes it (every migration run in memory)."""
    conn = sqlite3.connect(":memory:")
    try:
        for statements in MIGRATIONS:
            for statement in statements:
                conn.execute(statement)
        return dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall())
    finally:
        conn.close()


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class GameRecorder:
    """Records one game for the player's seat as its hands end; errors are kept in ``error``, never raised.

    A hand that cannot be written (the file read-only or held by another program, a table gone) is
    reported once through ``on_error`` and written with the next hand that ends, so a passing
    problem loses nothing."""

    def __init__(self, db: StatsDB, info: GameInfo, seat: int = 0,
                 on_error: Callable[[Exception], None] | None = None) -> None:
        self.db = db
        self.info = info
        self.seat = seat
        self.on_error = on_error
        self.game_id: int | None = None
        self.recorded = 0
        """How many of the game's hands are in the database."""
        self.error = ""
        self.told = False
        self.resumed = False

    def begin(self, events: Sequence[Any]) -> None:
        """The game starts, or resumes after ``events``: the database is opened (a file set aside is
        reported), the game's row found or made, and every hand already finished recorded."""
        try:
            self.db.open()
        except (StatsError, OSError) as exc:
            self._failed(exc)
            return
        if self.db.message and self.on_error is not None:
            self.on_error(StatsError(self.db.message, "set_aside", self.db.moved_to))
        self.resumed = any(ev.type == "hand_ended" for ev in events)
        self._catch_up(events)

    def observe(self, all_events: Sequence[Any], new: Sequence[Any]) -> None:
        """The game's events so far and those just applied: a hand that ended is recorded now (with
        any earlier one that could not be)."""
        if any(ev.type == "hand_ended" for ev in new):
            self._catch_up(all_events)

    def _catch_up(self, events: Sequence[Any]) -> None:
        """Record every hand of ``events`` not yet in the database (the game's row found or made first)."""
        hands = hands_of(events)
        if not hands:  # a game left before its first hand ended is no game of the player's figures
            return
        try:
            if self.game_id is None:
                self.game_id = self.db.unfinished_game(self.info) if self.resumed else None
                if self.game_id is None:
                    self.game_id = self.db.start_game(self.info)
            while self.recorded < len(hands):
                last = self.recorded == len(hands) - 1
                self.db.record_hand(self.game_id, self.recorded, hand_facts(hands[self.recorded], self.seat),
                                    self._finish(events) if last else None)
                self.recorded += 1
        except (StatsError, sqlite3.Error, OSError) as exc:
            self._failed(exc)
        else:
            self.error = ""

    def _finish(self, events: Sequence[Any]) -> tuple[int, int, float] | None:
        facts = game_facts(events, self.seat)
        return None if facts is None else (facts.placement, facts.score, facts.points)

    def _failed(self, exc: Exception) -> None:
        self.error = str(exc) if isinstance(exc, StatsError) else f"the statistics could not be written: {exc}"
        self.game_id, self.recorded = None, 0  # the next try finds the game's row again and writes every hand
        self.db.reopen()
        if not self.told and self.on_error is not None:
            self.told = True
            self.on_error(exc)
