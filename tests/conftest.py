"""Shared test setup: headless SDL, and the path to ../shared (skip where it is absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KAWA_SHARED") or ROOT.parent / "shared")
"""The shared data beside the repository (``KAWA_SHARED`` overrides, e.g. for a copy of the tests)."""


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared data sits beside the repository only in the team's checkouts and CI")
    return path

collect_ignore = ["mjai_ref/player_states.py"]
"""Run by the mjai environment's own python, never imported here."""
