"""The interface fonts of Japanese, Simplified Chinese and Korean: subsets of Noto Sans CJK.

    .venv/bin/python assets/make_cjk_fonts.py    # needs fonttools and Debian's fonts-noto-cjk

Each language gets the face with its own glyph forms (JP, SC, KR) holding every character of
its catalogue, of every language's own name (the language choice shows them all), Latin,
punctuation, kana and the CJK and full-width punctuation: a few hundred kilobytes instead of
the 19 MiB collection. The font is SIL OFL 1.1 (``fonts/OFL.txt``). Run it again after the
catalogues change; ``tests/test_i18n_screens.py`` fails while a character is missing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.i18n import LANGUAGE_NAMES  # noqa: E402
from render.resources import LANGUAGE_FONT_FILES  # noqa: E402

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FACES = {"ja": 0, "ko": 1, "zh_CN": 2}
"""Each language's face in the collection: Noto Sans CJK JP, KR, SC."""
COMMON_RANGES = ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2190, 0x2193), (0x3000, 0x303F),
                 (0x3040, 0x30FF), (0xFF01, 0xFF5E))
"""Latin, Latin-1, general punctuation, arrows, CJK punctuation, kana, full-width forms."""


def catalogue_text(lang: str) -> str:
    """Every translated character of ``lang``'s catalogue."""
    with (ROOT / "assets" / "locale" / lang / "LC_MESSAGES" / "kawa.po").open("rb") as f:
        return "".join("".join(m.string) if isinstance(m.string, tuple) else m.string for m in read_po(f) if m.id)


def characters(lang: str) -> set[int]:
    """The code points the subset of ``lang`` holds."""
    chars = {ord(c) for c in catalogue_text(lang) + "".join(LANGUAGE_NAMES.values())}
    chars |= {c for lo, hi in COMMON_RANGES for c in range(lo, hi + 1)}
    return chars


def build(lang: str, out_dir: Path) -> Path:
    font = TTCollection(str(SOURCE)).fonts[FACES[lang]]
    font.recalcTimestamp = False  # the same characters make the same file
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.drop_tables += ["VORG", "vhea", "vmtx"]  # no vertical text
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(characters(lang)))
    subsetter.subset(font)
    path = out_dir / LANGUAGE_FONT_FILES[lang]
    font.save(str(path))
    return path


def main() -> int:
    for lang in FACES:
        path = build(lang, ROOT / "assets" / "fonts")
        print(f"{lang}: {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
