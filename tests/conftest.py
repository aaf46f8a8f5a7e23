"""Shared test setup: headless SDL, and the path to ../shared (skip where it is absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared data sits beside the repository only in the team's checkouts and CI")
    return path
