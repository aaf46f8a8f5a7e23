"""What is not a file or not a screen is said so at once: ``replay`` on a device, a link to one or a
FIFO, and the window started where there is no display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def kawa(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=env if env is not None else dict(os.environ))


@pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "mkfifo"), reason="needs /dev/zero and FIFOs")
def test_replay_refuses_a_device_a_link_to_one_and_a_fifo_without_reading(tmp_path: Path) -> None:
    link = tmp_path / "zero.xml"
    link.symlink_to("/dev/zero")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: reading would wait for ever
    done = kawa("replay", "/dev/zero", str(link), str(fifo))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert lines[:3] == [f"{name}: ERROR cannot read: it is not a regular file" for name in ("/dev/zero", link, fifo)]
    assert lines[-1] == "replayed 0 hands: 0 matched, 0 mismatched"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY and WAYLAND_DISPLAY name it on Linux only")
def test_the_window_without_a_display_says_so_and_exits(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["KAWA_DATA_DIR"] = str(tmp_path)
    done = kawa(env=env)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Kawa cannot open its window: no display is set" in done.stderr
    assert not (tmp_path / "prefs.json").exists()  # it stopped before anything was opened or written
