"""The `mjai` package (an independent referee and engine) in a virtual environment of its own.

It pins an older `mahjong` than the benchmark reference, so it never shares Kawa's environment:
it lives in `.venv-mjai/` at the repository's root and is talked to through processes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-mjai"
PACKAGE = "mjai==0.2.1"


def mjai_python() -> Path:
    """The environment's python, made (with `mjai` installed) when missing; RuntimeError if it cannot be."""
    python = VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if python.exists() and _has_mjai(python):
        return python
    try:
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, capture_output=True, timeout=300)
        subprocess.run([str(python), "-m", "pip", "install", "-q", PACKAGE], check=True, capture_output=True,
                       timeout=900)
    except (subprocess.SubprocessError, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        raise RuntimeError(f"could not make {VENV} with {PACKAGE}: {exc} {detail.decode(errors='replace')[-400:]}")
    return python


def _has_mjai(python: Path) -> bool:
    return subprocess.run([str(python), "-c", "import mjai.mlibriichi"], capture_output=True).returncode == 0


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


if __name__ == "__main__":
    print(mjai_python())
