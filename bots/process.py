"""A bot program as a process: lines in on its standard input, lines out with a time limit.

Its command is an argument list, read once from the text the player typed (``parse_command``).
Its standard error goes to a log file, at most ``LOG_CAP`` bytes a game (the rest dropped with a
note), and the oldest logs are removed past ``LOGS_TOTAL`` bytes. Its output is read by a thread,
line by line, each line cut at ``MAX_LINE`` characters and at most ``BACKLOG`` lines kept, so a
bot that floods its output or its errors, or never answers, cannot stop the game or fill the
memory or the disk. A bot that ends or closes its output is reaped (killed if it lingers).
"""

from __future__ import annotations

import queue
import shlex
import subprocess
import threading
import time
from pathlib import Path
from collections.abc import Sequence
from typing import IO

__all__ = ["BotProcess", "BotError", "MAX_LINE", "BACKLOG", "LOG_CAP", "LOGS_TOTAL", "parse_command", "prune_logs"]

MAX_LINE = 1 << 16
"""Longest answer kept (64 KiB); an mjai action is far shorter."""
BACKLOG = 64
"""Lines kept unread; a bot that writes more without being asked loses the oldest."""
LOG_CAP = 5_000_000
"""Bytes of a bot's standard error kept per game; the rest is read and dropped."""
LOGS_TOTAL = 50_000_000
"""Bytes of bot logs kept in all: past this, the oldest logs are removed when a bot starts."""
EXIT_GRACE = 0.5
"""Seconds a bot whose output has closed is given to end, before it is said to live on: a bot
that exits closes its output a moment before the system reports its end."""


def parse_command(command: str | Sequence[str]) -> list[str]:
    """A bot command as its argument list (text is split as a shell would, quotes kept together);
    ValueError saying what is wrong (an empty command, an unbalanced quote).

    >>> parse_command("python3 -c 'print(1)'"), parse_command(["akochan", "--gpu"])
    (['python3', '-c', 'print(1)'], ['akochan', '--gpu'])
    """
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise ValueError(f"the bot's command line cannot be read ({str(exc).lower()}): check its quotes "
                             "and backslashes") from None
    else:
        argv = [str(part) for part in command]
    if not argv:
        raise ValueError("the bot's command line is empty")
    return argv


def prune_logs(folder: Path, total: int = LOGS_TOTAL) -> None:
    """Remove the oldest ``*.log`` files in ``folder`` until the rest hold at most ``total`` bytes."""
    try:
        logs = sorted(((p.stat().st_mtime, p.stat().st_size, p) for p in folder.glob("*.log") if p.is_file()),
                      reverse=True)
    except OSError:
        return
    kept = 0
    for _, size, path in logs:
        kept += size
        if kept > total:
            try:
                path.unlink()
            except OSError:
                pass


class BotError(RuntimeError):
    """The bot could not be started, did not answer in time, or has ended.

    ``code`` says which for the player ("cannot_start", "late" or "ended"); the text gives the detail.
    """

    def __init__(self, detail: str, code: str) -> None:
        super().__init__(detail)
        self.code = code


class BotProcess:
    """One running bot. ``ask(line, seconds)`` sends a line and waits for the answer."""

    def __init__(self, command: str | Sequence[str], log_path: Path | None = None, log_cap: int = LOG_CAP) -> None:
        try:
            argv = parse_command(command)
        except ValueError as exc:
            raise BotError(str(exc), "cannot_start") from None
        self.command = argv
        self._log: IO[bytes] | None = None
        self._log_lock = threading.Lock()
        self._log_left = log_cap
        if log_path is not None:
            try:
                log_path.parent.mkdir(parents=True, exist_ok=True)
                prune_logs(log_path.parent)
                self._log = open(log_path, "ab")
            except OSError:
                self._log = None  # no log is no reason to refuse the bot
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         bufsize=0)
        except OSError as exc:
            self._close_log()
            raise BotError(f"cannot start {argv[0]!r}: {exc.strerror or exc}", "cannot_start") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="kawa-bot-reader", daemon=True)
        self._reader.start()
        self._errors = threading.Thread(target=self._read_errors, name="kawa-bot-errors", daemon=True)
        self._errors.start()

    def _read_errors(self) -> None:
        """Copy the bot's standard error to its log up to the cap; read and drop the rest."""
        stderr = self.proc.stderr
        assert stderr is not None
        while chunk := stderr.read(1 << 16):
            with self._log_lock:
                if self._log is None or self._log_left <= 0:
                    continue
                kept = chunk[:self._log_left]
                self._log_left -= len(chunk)
                try:
                    self._log.write(kept)
                    if self._log_left <= 0:
                        self._log.write(f"\n[kawa] the log is cut here at {LOG_CAP:,} bytes; the rest of the "
                                        "bot's messages were dropped\n".encode("utf-8"))
                    self._log.flush()
                except (OSError, ValueError):
                    pass

    def _read(self) -> None:
        stdout = self.proc.stdout
        assert stdout is not None
        while True:
            raw = stdout.readline(MAX_LINE)
            if not raw:
                self._lines.put(None)
                return
            if not raw.endswith(b"\n"):  # cut: drop the rest of this line
                while (more := stdout.readline(MAX_LINE)) and not more.endswith(b"\n"):
                    pass
            while self._lines.qsize() >= BACKLOG:
                try:
                    self._lines.get_nowait()
                except queue.Empty:
                    break
            self._lines.put(raw.decode("utf-8", "replace").strip())

    def ask(self, line: str, seconds: float) -> str:
        """Send ``line``; the first non-empty line the bot writes within ``seconds`` (BotError if none)."""
        self._drop_unasked()
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise BotError(f"the bot has ended (exit code {self.proc.poll()})", "ended") from None
        deadline = time.monotonic() + seconds
        while True:
            try:
                answer = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BotError(f"no answer within {seconds:g} s", "late") from None
            if answer is None:
                self._lines.put(None)
                try:
                    code = self.proc.wait(EXIT_GRACE)
                except subprocess.TimeoutExpired:
                    raise BotError("the bot closed its output but kept running", "ended") from None
                raise BotError(f"the bot has ended (exit code {code})", "ended")
            if answer:
                return answer

    def _drop_unasked(self) -> None:
        """Forget lines the bot wrote before it was asked (an end sentinel is kept)."""
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self._lines.put(None)
                return

    def note(self, text: str) -> None:
        """Add a line of Kawa's own to the bot's log (nothing if there is no log)."""
        with self._log_lock:
            if self._log is not None:
                try:
                    self._log.write(f"[kawa] {text}\n".encode("utf-8"))
                    self._log.flush()
                except (OSError, ValueError):
                    pass

    def interrupt(self) -> None:
        """Kill the bot now: an ``ask`` waiting on it returns at once (BotError "ended")."""
        try:
            self.proc.kill()
        except OSError:
            pass

    def close(self) -> None:
        """End the bot: close its input, then kill it if it has not ended within a second."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        for stream, thread in ((self.proc.stdout, self._reader), (self.proc.stderr, self._errors)):
            thread.join(timeout=1)
            if stream is not None and not thread.is_alive():  # a pipe a reader still waits on stays open
                stream.close()
        self._close_log()

    def _close_log(self) -> None:
        with self._log_lock:
            if self._log is not None:
                self._log.close()
                self._log = None
