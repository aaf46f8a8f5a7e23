"""Work a screen must not wait for (reading or writing the statistics database, listing the kept
games, dealing a drill problem): it runs on a daemon thread, the screen asks ``done`` each frame and shows that it is
waiting meanwhile, then reads ``result`` or ``error``. A database another program holds is thus
waited for on that thread, never on the one that draws the window."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Background"]

T = TypeVar("T")


class Background(Generic[T]):
    """``work`` run once on a daemon thread named ``name``."""

    def __init__(self, work: Callable[[], T], name: str) -> None:
        self.result: T | None = None
        self.error: Exception | None = None
        """What stopped ``work`` (the screen says it; never raised on the screen's thread)."""
        self._work = work
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> Background[T]:
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        """The work has ended (with a result or an error)."""
        return self._finished.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work has ended (for tests and the screenshot command); whether it has."""
        return self._finished.wait(timeout)

    def _run(self) -> None:
        try:
            self.result = self._work()
        except Exception as exc:  # noqa: BLE001 - told by the screen that asked, never a crash of the window
            self.error = exc
        finally:
            self._finished.set()
