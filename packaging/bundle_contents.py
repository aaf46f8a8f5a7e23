"""What goes into the Kawa app bundle: read by kawa.spec and checked by build_app.py.

Kept free of PyInstaller imports so the check can run on any machine.
"""

from __future__ import annotations

import configparser
from pathlib import Path

__all__ = ["read_version", "EXCLUDED_MODULES", "ASSET_SKIP_SUFFIXES", "ENGINE_DATA_FILES", "asset_files",
           "bundled_files", "icon_file",
           "ICON_DIR", "ICON_NAME"]

EXCLUDED_MODULES = [
    # development only: tests, the reference scorer, the builder itself
    "tests", "hypothesis", "pytest", "_pytest", "pluggy", "iniconfig", "mahjong",
    "PyInstaller", "pip", "setuptools", "pkg_resources", "wheel",
    # standard library parts the game never uses
    "tkinter", "_tkinter", "unittest", "doctest", "pydoc", "pydoc_data", "lib2to3", "test",
    "idlelib", "ensurepip", "venv",
    # network code pulled in only by urllib / xmlrpc import chains (saves OpenSSL, ~5 MiB)
    "ssl", "_ssl", "ftplib", "xmlrpc",
    # the training of the learned policy (torch, a training-only extra); the app evaluates it with numpy,
    # whose parts it never imports stay out too
    "training", "torch", "numpy.random", "numpy.fft", "numpy.polynomial", "numpy.ma", "numpy.testing", "numpy.f2py",
    "numpy.typing",
]
"""Top-level modules kept out of the bundle (and checked to be absent from it)."""

ASSET_SKIP_SUFFIXES = (".py", ".pyc", ".sh", ".md", ".po", ".pot")
"""The scripts, notes and catalogue sources beside the assets: they make assets (the game reads
the compiled `.mo`, not the `.po`) and are not assets themselves."""

def read_version(root: Path) -> str:
    """The app's version: ``[metadata] version`` of setup.cfg."""
    setup = configparser.ConfigParser()
    setup.read(root / "setup.cfg", encoding="utf-8")
    return setup["metadata"]["version"]


ICON_DIR = "assets/icon"
ICON_NAME = "kawa"


def asset_files(root: Path) -> list[str]:
    """Every asset file under ``root/assets`` as a POSIX path relative to ``root``, sorted.

    Scripts, notes, caches and hidden files stay out; licence files (``*.txt``) go in.
    """
    base = root / "assets"
    found = []
    for path in base.rglob("*"):
        rel = path.relative_to(root)
        if not path.is_file() or any(part.startswith((".", "__")) for part in rel.parts):
            continue
        if path.suffix.lower() in ASSET_SKIP_SUFFIXES:
            continue
        found.append(rel.as_posix())
    return sorted(found)


ENGINE_DATA_FILES = ("game/hand/shanten_tables.bin", "game/ai/policy/houou.npz")
"""Data the engine reads beside its own modules (precomputed tables), bundled at the same path."""


def bundled_files(root: Path) -> list[str]:
    """Every data file the app needs: the assets and the engine's tables, relative to ``root``."""
    return asset_files(root) + [rel for rel in ENGINE_DATA_FILES if (root / rel).is_file()]


def icon_file(root: Path, platform: str) -> str | None:
    """The icon for the platform's executable: ``.ico`` on Windows, ``.icns`` on macOS,
    None on Linux (where the .desktop file names the ``.png``) or when it is missing."""
    suffix = {"win32": ".ico", "darwin": ".icns"}.get(platform)
    if suffix is None:
        return None
    path = root / ICON_DIR / f"{ICON_NAME}{suffix}"
    return str(path) if path.is_file() else None
