"""The screens benchmark runs and prints its figures (no figure is asserted: speed targets live in the
benchmark's output, not in tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_screens_times_each_screen_over_kept_games_and_a_held_database(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TMPDIR": str(tmp_path)}
    env.pop("DISPLAY", None)
    out = subprocess.run([sys.executable, "main.py", "bench-screens", "--games", "5"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if not line.startswith("pygame")]
    assert [line.split(":")[0] for line in lines] == [
        "open practice with the statistics held", "open stats with the statistics held",
        "open games over 5 kept games", "leave a game beside 5 kept games"]
    assert all(" ms on the window's thread" in line for line in lines)
    assert "told they are busy after" in lines[0] and "5 listed after" in lines[2]


def test_bench_screens_refuses_no_games() -> None:
    out = subprocess.run([sys.executable, "main.py", "bench-screens", "--games", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--games must be at least 1" in out.stdout
