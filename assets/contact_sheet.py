"""Draw a contact sheet of a tile set through render/tileset.py, to check it at screen sizes.

    .venv/bin/python assets/contact_sheet.py classic docs/tiles-classic-sheet.png

Rows: every face upright at 64 px (the hand), then at 40 px (ponds and melds), then sideways
at 40 px, first on a dark table, then on a light one. Runs headless (SDL dummy driver).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from render.resources import ui_font  # noqa: E402
from render.tileset import RED_FIVE_KINDS, TILESET_NAMES, load_tileset  # noqa: E402

TABLES = (("dark table", (22, 58, 44)), ("light table", (214, 206, 184)))
# (kind, red) for all 34 faces, the red fives, then None for the back
FACES: list[tuple[int, bool] | None] = [(k, False) for k in range(34)]
FACES += [(k, True) for k in RED_FIVE_KINDS] + [None]
ROWS = ((64, 0, 19), (40, 0, 38), (40, 90, 38))  # (height, rotation, tiles per line)
GAP = 4


def sheet(name: str) -> pygame.Surface:
    """The contact sheet of tile set ``name`` as a surface."""
    tiles = load_tileset(name)
    label_font = ui_font(16, bold=True)
    blocks: list[tuple[int, int, int, int]] = []  # height, rotation, first face, count
    for height, rotation, per_line in ROWS:
        for first in range(0, len(FACES), per_line):
            blocks.append((height, rotation, first, min(per_line, len(FACES) - first)))
    width = max(GAP + count * (tiles.size(h, r)[0] + GAP) for h, r, _, count in blocks) + 20
    part_height = 26 + sum(tiles.size(h, r)[1] + GAP for h, r, _, _ in blocks) + 10
    out = pygame.Surface((width, part_height * len(TABLES)))
    for t, (label, colour) in enumerate(TABLES):
        top = t * part_height
        out.fill(colour, (0, top, width, part_height))
        ink = (240, 240, 230) if sum(colour) < 300 else (30, 30, 30)
        out.blit(label_font.render(f"{name} tiles on a {label}", True, ink), (10, top + 5))
        y = top + 26
        for height, rotation, first, count in blocks:
            x = 10
            for face in FACES[first:first + count]:
                image = tiles.back(height, rotation) if face is None else tiles.face(*face, height, rotation)
                out.blit(image, (x, y))
                x += image.get_width() + GAP
            y += tiles.size(height, rotation)[1] + GAP
    for warning in tiles.warnings:
        print(warning, file=sys.stderr)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in TILESET_NAMES:
        print(__doc__, file=sys.stderr)
        return 2
    pygame.display.init()
    pygame.font.init()
    pygame.image.save(sheet(argv[0]), argv[1])
    print(f"wrote {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
