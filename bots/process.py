"""A bot program as a process: lines in on its standard input, lines out with a time limit.

Its standard error goes to a log file; its output is read by a thread, line by line, each line
cut at ``MAX_LINE`` characters and at most ``BACKLOG`` lines kept, so a bot that floods its
output or never answers cannot stop the game or fill the memory.
"""

from __future__ import annotations

import queue
import shlex
import subprocess
import threading
import time
from pathlib import Path
from typing import IO

__all__ = ["BotProcess", "BotError", "MAX_LINE", "BACKLOG"]

MAX_LINE = 1 << 16
"""Longest answer kept (64 KiB); an mjai action is far shorter."""
BACKLOG = 64
"""Lines kept unread; a bot that writes more without being asked loses the oldest."""


class BotError(RuntimeError):
    """The bot could not be started, did not answer in time, or has ended.

    ``code`` says which for the player ("cannot_start", "late" or "ended"); the text gives the detail.
    """

    def __init__(self, detail: str, code: str) -> None:
        super().__init__(detail)
        self.code = code


class BotProcess:
    """One running bot. ``ask(line, seconds)`` sends a line and waits for the answer."""

    def __init__(self, command: str | list[str], log_path: Path | None = None) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise BotError("the bot's command line is empty", "cannot_start")
        self.command = argv
        self._log: IO[bytes] | int = subprocess.DEVNULL
        if log_path is not None:
            try:
                log_path.parent.mkdir(parents=True, exist_ok=True)
                self._log = open(log_path, "ab")
            except OSError:
                self._log = subprocess.DEVNULL  # no log is no reason to refuse the bot
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log,
                                         bufsize=0)
        except OSError as exc:
            self._close_log()
            raise BotError(f"cannot start {argv[0]!r}: {exc.strerror or exc}", "cannot_start") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="kawa-bot-reader", daemon=True)
        self._reader.start()

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
                raise BotError(f"the bot has ended (exit code {self.proc.wait(timeout=5)})", "ended")
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
        if not isinstance(self._log, int):
            try:
                self._log.write(f"[kawa] {text}\n".encode("utf-8"))
                self._log.flush()
            except (OSError, ValueError):
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
        self._close_log()

    def _close_log(self) -> None:
        if not isinstance(self._log, int):
            self._log.close()
