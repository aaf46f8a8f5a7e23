"""Where Kawa's bundled assets live, in the source tree and in a frozen (PyInstaller) app.

Everything under ``assets/`` is reached through :func:`asset_path`, so the same code works
from a checkout (``<repo>/assets``) and from a PyInstaller bundle, where the data files are
unpacked beside the program in ``sys._MEIPASS`` (bundle them as ``assets``).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from render.paths import ASSETS_DIRNAME, asset_path, asset_root

__all__ = [
    "ASSETS_DIRNAME", "UI_FONT_FILES", "CJK_FONT_FILE", "asset_root", "asset_path",
    "ui_font_path", "cjk_font_path", "ui_font", "clear_font_cache", "LANGUAGE_FONT_FILES",
    "language_font_path",
]

UI_FONT_FILES = {False: "NotoSans-Regular-subset.ttf", True: "NotoSans-Bold-subset.ttf"}
"""The interface font (Latin, Greek, Cyrillic, punctuation, arrows), regular and bold."""
CJK_FONT_FILE = "NotoSerifCJKjp-Bold-subset.otf"
"""Only the CJK glyphs the tile faces use (numerals, 萬, winds, 中, 發)."""

LANGUAGE_FONT_FILES = {"ja": "NotoSansCJKjp-Regular-subset.otf", "zh_CN": "NotoSansCJKsc-Regular-subset.otf",
                       "ko": "NotoSansCJKkr-Regular-subset.otf"}
"""The interface font of the languages Noto Sans does not cover: subsets of Noto Sans CJK
(the regional glyph forms of each language) holding the characters of its catalogue."""


def ui_font_path(bold: bool = False) -> Path:
    """The bundled interface font file (Noto Sans subset, SIL OFL, licence in assets/fonts)."""
    return asset_path("fonts", UI_FONT_FILES[bool(bold)])


def cjk_font_path() -> Path:
    """The bundled CJK subset used to draw the tile faces (Noto Serif CJK JP Bold, SIL OFL)."""
    return asset_path("fonts", CJK_FONT_FILE)


def language_font_path(language: str) -> Path | None:
    """The interface font of ``language`` when it needs its own (CJK) and the file is there."""
    name = LANGUAGE_FONT_FILES.get(language)
    if name is None:
        return None
    path = asset_path("fonts", name)
    return path if path.is_file() else None


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def ui_font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached pygame font of the interface face at ``size`` pixels.

    Falls back to pygame's built-in default font when the bundled file is missing or broken,
    so a damaged install still shows text. Initialises ``pygame.font`` if needed; fonts made
    before a ``pygame.font.quit()`` are dropped, since pygame cannot use them any more.
    """

    if not pygame.font.get_init():
        pygame.font.init()
        _FONTS.clear()
    key = (int(size), bool(bold))
    font = _FONTS.get(key)
    if font is None:
        try:
            font = pygame.font.Font(str(ui_font_path(bold)), key[0])
        except (OSError, pygame.error):
            font = pygame.font.Font(None, key[0])
            font.set_bold(key[1])
        _FONTS[key] = font
    return font


def clear_font_cache() -> None:
    """Forget the cached fonts (after the font files or the assets folder changed)."""
    _FONTS.clear()
