"""Make Kawa's app icon from a tile image: ``python assets/make_icon.py``.

Draws the classic red dragon tile (``tiles/classic/7z.png``) upright on a rounded square of
table felt and writes ``icon/kawa.png`` (512 px, for Linux and the window), ``icon/kawa.ico``
(16 to 256 px, Windows) and ``icon/kawa.icns`` (macOS). Deterministic: the same tile image
gives the same files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "tiles" / "classic" / "7z.png"
OUT_DIR = HERE / "icon"
SIZE = 512
FELT = (24, 84, 60, 255)
FELT_EDGE = (16, 60, 44, 255)
ICO_SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]


def make_icon(tile: Image.Image, size: int = SIZE) -> Image.Image:
    """The icon: felt square with rounded corners, the tile centred with a soft shadow."""
    canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    radius = size // 6
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius, fill=FELT_EDGE)
    inset = size // 40
    draw.rounded_rectangle((inset, inset, size - 1 - inset, size - 1 - inset), radius - inset,
                           fill=FELT)
    tile = tile.convert("RGBA")
    height = int(size * 0.80)
    width = round(tile.width * height / tile.height)
    tile = tile.resize((width, height), Image.LANCZOS)
    x, y = (size - width) // 2, (size - height) // 2
    shadow = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    alpha = tile.getchannel("A").point(lambda a: a * 110 // 255)
    shadow.paste((0, 0, 0, 255), (x + size // 64, y + size // 48), alpha)
    canvas = Image.alpha_composite(canvas, shadow.filter(ImageFilter.GaussianBlur(size // 80)))
    canvas.alpha_composite(tile, (x, y))
    return canvas


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="the tile image")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="the folder to write")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"make_icon: {args.source} is missing; make the tile sets first", file=sys.stderr)
        return 1
    icon = make_icon(Image.open(args.source))
    args.out.mkdir(parents=True, exist_ok=True)
    icon.save(args.out / "kawa.png", optimize=True)
    icon.save(args.out / "kawa.ico", sizes=ICO_SIZES)
    icon.save(args.out / "kawa.icns")
    for name in ("kawa.png", "kawa.ico", "kawa.icns"):
        print(f"{args.out / name}: {(args.out / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
