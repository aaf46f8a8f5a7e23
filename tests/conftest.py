"""Shared test setup: headless SDL, and the path to ../shared (skip where it is absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.mjai_env import in_ci, mjai_python as make_mjai_python

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as main.py sets it for the learned policy

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KAWA_SHARED") or ROOT.parent / "shared")
"""The shared data beside the repository (``KAWA_SHARED`` overrides, e.g. for a copy of the tests)."""


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: the shared data sits beside the repository only in the team's checkouts and CI")
    return path


@pytest.fixture(scope="session")
def mjai_python() -> Path:
    """The python of the `mjai` environment (made when missing). Where it cannot be made the test
    is skipped with the reason, except in CI (``CI=true``), where that is an error."""
    try:
        return make_mjai_python()
    except RuntimeError as exc:
        if in_ci():
            raise
        pytest.skip(f"the mjai environment (.venv-mjai) cannot be made here: {exc}")


collect_ignore = ["mjai_ref/player_states.py", "mjai_ref/arena.py", "mjai_ref/rulebase_bot.py", "saves_writer.py"]
"""Run by the mjai environment's own python, never imported here."""
