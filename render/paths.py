"""Where Kawa's bundled assets live, in the source tree and in a frozen (PyInstaller) app.

Kept apart from ``render.resources`` (fonts, which need pygame) so that the headless commands
can reach the catalogues without loading pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["ASSETS_DIRNAME", "asset_root", "asset_path"]

ASSETS_DIRNAME = "assets"


def asset_root() -> Path:
    """The ``assets`` folder: inside ``sys._MEIPASS`` when frozen, else beside ``render/``."""
    frozen_base = getattr(sys, "_MEIPASS", None)
    if frozen_base:
        return Path(frozen_base) / ASSETS_DIRNAME
    return Path(__file__).resolve().parent.parent / ASSETS_DIRNAME


def asset_path(*parts: str) -> Path:
    """A path under the assets folder, e.g. ``asset_path("sounds", "pon.wav")``.

    The path is not checked for existence; loaders report missing files themselves.
    """
    return asset_root().joinpath(*parts)
