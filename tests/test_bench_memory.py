"""The long-session memory benchmark runs and prints its figures (no figure is asserted: speed and
memory targets live in the benchmark's output, not in tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_memory_plays_watched_games_and_prints_the_memory(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "KAWA_DATA_DIR": str(tmp_path),
           "KAWA_CONFIG_DIR": str(tmp_path / "config")}
    env.pop("DISPLAY", None)
    out = subprocess.run([sys.executable, "main.py", "bench-memory", "--minutes", "5"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if not line.startswith("pygame")]
    assert lines[0].startswith("start: ") and lines[0].endswith("MB resident")
    assert any(line.strip().startswith("5 min") and "MB" in line for line in lines)
    assert lines[-1].endswith("less than an hour played")


def test_bench_memory_refuses_no_minutes(tmp_path):
    out = subprocess.run([sys.executable, "main.py", "bench-memory", "--minutes", "0"], cwd=ROOT,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "KAWA_DATA_DIR": str(tmp_path)},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "at least 1" in out.stdout
