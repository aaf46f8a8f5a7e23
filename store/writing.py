"""Writing a file so that a kill at any moment leaves either the old file or the new one whole."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["write_json_atomically"]


def write_json_atomically(target: Path, payload: Any, prefix: str) -> None:
    """Write ``payload`` as compact JSON to a temporary file named ``prefix...tmp`` beside ``target``,
    flush it to disk, then rename it over ``target``. Raises ``OSError``; no temporary file is left
    behind unless the process itself is killed (callers clean those up by their prefix)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
