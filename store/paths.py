"""Where Kawa keeps the player's data: saves, game records, logs (``KAWA_DATA_DIR`` overrides)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["data_dir"]


def data_dir() -> Path:
    """The user data folder (``KAWA_DATA_DIR`` first, else the platform's data folder for Kawa)."""
    override = os.environ.get("KAWA_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("Kawa", appauthor=False))
