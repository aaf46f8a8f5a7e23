"""Draw Kawa's three tile sets into assets/tiles/<set>/ with Pillow.

    .venv/bin/python assets/make_tiles.py            # redraw every set from the committed fonts
    .venv/bin/python assets/make_tiles.py --fonts    # first rebuild the font subsets (needs
                                                     # fonttools and Debian's fonts-noto-cjk,
                                                     # fonts-noto-core)

Sets:
  classic    traditional faces: numerals with 萬, drawn circles and bamboo, 東南西北, 中 in
             red, 發 in green, a framed white dragon.
  annotated  the classic faces with a small corner index (3m, 7p, E, Wh ...).
  abstract   an original design: characters are blue squares, circles orange discs, bamboo
             green triangles, each with its number as a large digit; winds a letter with a
             compass arrow, dragons a frame, a hexagon and a diamond. Red fives are inverted.

Each image is the tile body seen from above (no margin), SOURCE_SIZE pixels, drawn at
SUPERSAMPLE times that and reduced with a Lanczos filter so edges are smooth.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ASSETS = Path(__file__).resolve().parent
sys.path.insert(0, str(ASSETS.parent))

from render.resources import CJK_FONT_FILE, UI_FONT_FILES  # noqa: E402
from render.tileset import SOURCE_SIZE, TILESET_NAMES, image_names  # noqa: E402

SUPERSAMPLE = 3
W, H = SOURCE_SIZE[0] * SUPERSAMPLE, SOURCE_SIZE[1] * SUPERSAMPLE
FONTS = ASSETS / "fonts"
CJK_FONT = FONTS / CJK_FONT_FILE
LATIN_BOLD = FONTS / UI_FONT_FILES[True]

CJK_TEXT = "一二三四五六七八九萬東南西北中發"
NUMERALS = "一二三四五六七八九"
WIND_GLYPHS = "東南西北"

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]

INK: RGB = (26, 24, 22)
RED: RGB = (200, 16, 40)
GREEN: RGB = (22, 118, 62)
BLUE: RGB = (24, 72, 142)
FACE: RGB = (248, 245, 234)
OUTLINE: RGB = (52, 46, 38)

# Abstract palette: distinct in hue and lightness for common colour-vision deficiencies,
# and each suit has its own shape as well.
AB_MAN: RGB = (12, 92, 168)
AB_PIN: RGB = (196, 92, 0)
AB_SOU: RGB = (0, 122, 96)
AB_RED: RGB = (214, 20, 30)
AB_WHITE: RGB = (70, 86, 104)

SET_STYLE = {
    # rim colour (the tile's back layer seen at its edge), back fill, back accent
    "classic": ((184, 112, 24), (196, 124, 30), (228, 168, 80)),
    "annotated": ((30, 70, 132), (34, 78, 140), (84, 126, 190)),
    "abstract": ((88, 60, 124), (88, 60, 124), (124, 96, 164)),
}


def s(v: float) -> int:
    """A length in source pixels, in supersampled pixels."""
    return round(v * SUPERSAMPLE)


# ---------------------------------------------------------------- the tile body

def inset(pad: float) -> Box:
    """The whole image shrunk by ``pad`` source pixels on every side."""
    return (s(pad), s(pad), W - 1 - s(pad), H - 1 - s(pad))


def shell(fill: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A tile outline in dark ink around a body of ``fill``."""
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(inset(0), radius=s(18), fill=OUTLINE)
    d.rounded_rectangle(inset(2.5), radius=s(16), fill=fill)
    return img, d


def body(set_name: str) -> Image.Image:
    """An empty tile: dark outline, a rim in the set's back colour, the ivory face."""
    img, d = shell(SET_STYLE[set_name][0])
    d.rounded_rectangle(inset(7), radius=s(12), fill=FACE)
    # a faint bevel inside the face so it reads as a raised surface on light tables
    d.rounded_rectangle(inset(7), radius=s(12), outline=(222, 214, 196), width=s(2))
    return img


def back(set_name: str) -> Image.Image:
    """The back: the set's colour with a texture inside an inner line (stripes for the abstract set, a
    lattice of diamonds round a crest for the others), lit from the top left."""
    _, fill, accent = SET_STYLE[set_name]
    img, d = shell(fill)
    pattern = Image.new("L", (W, H), 0)
    pd = ImageDraw.Draw(pattern)
    if set_name == "abstract":
        for x in range(-H, W + H, s(22)):
            pd.line((x, 0, x + H, H), fill=255, width=s(6))
    else:
        step = s(26)
        for x in range(-H, W + H, step):  # two families of thin lines: a diamond lattice
            pd.line((x, 0, x + H, H), fill=150, width=s(2))
            pd.line((x, H, x + H, 0), fill=150, width=s(2))
        cx, cy, r = W / 2, H / 2, W * 0.2
        pd.ellipse((cx - r, cy - r, cx + r, cy + r), fill=0)  # the crest: a ring with a dot
        pd.ellipse((cx - r, cy - r, cx + r, cy + r), outline=255, width=s(5))
        pd.ellipse((cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35), fill=255)
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inset(16), radius=s(10), fill=255)
    pattern = Image.composite(pattern, Image.new("L", (W, H), 0), mask)
    img.paste(Image.new("RGBA", (W, H), accent + (255,)), (0, 0), pattern)
    shine = Image.new("L", (W, H), 0)  # a soft light over the top left half
    ImageDraw.Draw(shine).polygon([(0, 0), (W, 0), (0, H * 0.8)], fill=36)
    shine = Image.composite(shine, Image.new("L", (W, H), 0), mask)
    img.paste(Image.new("RGBA", (W, H), (255, 255, 255, 255)), (0, 0), shine)
    d.rounded_rectangle(inset(16), radius=s(10), outline=accent, width=s(4))
    return img


# ---------------------------------------------------------------- text helpers

_font_cache: dict[tuple[Path, int], ImageFont.FreeTypeFont] = {}


def font(path: Path, size: float) -> ImageFont.FreeTypeFont:
    key = (path, round(size))
    if key not in _font_cache:
        _font_cache[key] = ImageFont.truetype(str(path), round(size))
    return _font_cache[key]


def glyph(d: ImageDraw.ImageDraw, text: str, box: Box, colour: RGB, path: Path,
          reference: str, fill_ratio: float = 1.0) -> Box:
    """Draw ``text`` centred in ``box``; the size makes ``reference`` fill the box.

    Sizing by a reference keeps flat numerals (一, 二) at the same size as dense ones.
    Returns the box the glyph's ink covers.
    """
    x0, y0, x1, y1 = box
    probe = font(path, 400)
    l, t, r, b = probe.getbbox(reference)
    scale = min((x1 - x0) / (r - l), (y1 - y0) / (b - t)) * fill_ratio
    f = font(path, 400 * scale)
    l, t, r, b = f.getbbox(text)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    x, y = cx - (l + r) / 2, cy - (t + b) / 2
    d.text((x, y), text, font=f, fill=colour)
    return (x + l, y + t, x + r, y + b)


# ---------------------------------------------------------------- classic faces

def content_box(annotated: bool) -> Box:
    """Where the face artwork goes; the annotated set keeps a band at the top for its index."""
    top = s(64) if annotated else s(18)
    return (s(16), top, W - s(16), H - s(17))


def sub_box(box: Box, u0: float, v0: float, u1: float, v1: float) -> Box:
    x0, y0, x1, y1 = box
    return (x0 + (x1 - x0) * u0, y0 + (y1 - y0) * v0, x0 + (x1 - x0) * u1, y0 + (y1 - y0) * v1)


CLASSIC_ASPECT = 1.385
"""Height over width of the classic content box: pips and sticks are sized for it."""


def unit(box: Box) -> float:
    """The width pips are sized by: the box width, less if the box is squatter than classic."""
    x0, y0, x1, y1 = box
    return min(x1 - x0, (y1 - y0) / CLASSIC_ASPECT)


def draw_man(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    ink = RED if red else INK
    glyph(d, NUMERALS[n - 1], sub_box(box, 0.12, 0.02, 0.88, 0.44), ink, CJK_FONT, "八")
    glyph(d, "萬", sub_box(box, 0.08, 0.48, 0.92, 0.98), RED, CJK_FONT, "萬")


def pin_circle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """One circle pip: coloured ring, ivory ring, coloured centre with an ivory dot."""
    for ratio, fill in ((1.0, colour), (0.8, FACE), (0.62, colour), (0.34, FACE), (0.18, colour)):
        rr = r * ratio
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill)


def one_pin(d: ImageDraw.ImageDraw, box: Box, red: bool) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = min(x1 - x0, y1 - y0) * 0.47
    outer, ring = (RED, RED) if red else (BLUE, GREEN)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=outer)
    rr = r * 0.88
    d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=FACE)
    rr = r * 0.78
    d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=ring)
    for i in range(12):  # a ring of ivory dots around the centre
        a = i * math.pi / 6
        px, py, pr = cx + math.cos(a) * r * 0.64, cy + math.sin(a) * r * 0.64, r * 0.075
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=FACE)
    rr = r * 0.5
    d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=FACE)
    pin_circle(d, cx, cy, r * 0.44, RED)


# pip positions in the content box (u, v) with their colour letter: b(lue) g(reen) r(ed)
PIN_LAYOUTS: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    2: (0.27, [(0.5, 0.25, "g"), (0.5, 0.75, "b")]),
    3: (0.21, [(0.22, 0.16, "b"), (0.5, 0.5, "r"), (0.78, 0.84, "g")]),
    4: (0.215, [(0.27, 0.25, "b"), (0.73, 0.25, "g"), (0.27, 0.75, "g"), (0.73, 0.75, "b")]),
    5: (0.195, [(0.25, 0.18, "b"), (0.75, 0.18, "g"), (0.5, 0.5, "r"),
                (0.25, 0.82, "g"), (0.75, 0.82, "b")]),
    6: (0.19, [(0.27, 0.14, "g"), (0.73, 0.14, "g"), (0.27, 0.54, "r"), (0.73, 0.54, "r"),
               (0.27, 0.86, "r"), (0.73, 0.86, "r")]),
    7: (0.16, [(0.2, 0.1, "g"), (0.5, 0.19, "g"), (0.8, 0.28, "g"), (0.3, 0.6, "r"),
               (0.7, 0.6, "r"), (0.3, 0.88, "r"), (0.7, 0.88, "r")]),
    8: (0.17, [(u, v, "b") for v in (0.11, 0.37, 0.63, 0.89) for u in (0.28, 0.72)]),
    9: (0.155, [(u, v, c) for v, c in ((0.15, "b"), (0.5, "r"), (0.85, "g"))
                for u in (0.18, 0.5, 0.82)]),
}
PIN_COLOURS = {"b": BLUE, "g": GREEN, "r": RED}


def draw_pin(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    if n == 1:
        one_pin(d, box, red)
        return
    x0, y0, x1, y1 = box
    radius, pips = PIN_LAYOUTS[n]
    r = radius * unit(box)
    for u, v, c in pips:
        cx = x0 + r + (x1 - x0 - 2 * r) * u
        cy = y0 + r + (y1 - y0 - 2 * r) * v
        pin_circle(d, cx, cy, r, RED if red else PIN_COLOURS[c])


def stick(d: ImageDraw.ImageDraw, cx: float, cy: float, length: float, width: float,
          colour: RGB, angle_deg: float = 0.0) -> None:
    """One bamboo stick: a rounded stem with three joints, tilted by ``angle_deg``."""
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)

    def pt(x: float, y: float) -> tuple[float, float]:
        return (cx + x * ca - y * sa, cy + x * sa + y * ca)

    hl, hw = length / 2, width / 2
    steps = 10
    outline = [pt(-hw * 0.78, -hl)] + [pt(-hw * (0.78 + 0.22 * math.sin(math.pi * i / steps)),
                                          -hl + length * i / steps) for i in range(steps + 1)]
    outline += [pt(hw * (0.78 + 0.22 * math.sin(math.pi * i / steps)), hl - length * i / steps)
                for i in range(steps + 1)]
    d.polygon(outline, fill=colour)
    dark = tuple(max(0, c - 60) for c in colour)
    light = tuple(min(255, c + 120) for c in colour)
    d.line([pt(0, -hl * 0.86), pt(0, hl * 0.86)], fill=light, width=max(1, round(width * 0.14)))
    for y in (-hl, 0.0, hl):
        jw = hw * 1.15
        d.line([pt(-jw, y), pt(jw, y)], fill=dark, width=max(2, round(width * 0.22)))


def one_sou(d: ImageDraw.ImageDraw, box: Box, red: bool) -> None:
    """The one of bamboo: a bird standing on a stem, drawn from simple shapes."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def p(u: float, v: float) -> tuple[float, float]:
        return (x0 + w * u, y0 + h * v)

    body_c, wing_c, tail_c = (RED, RED, RED) if red else (GREEN, BLUE, RED)
    # tail feathers fanning down and to the left, each with an eye at its tip
    base = p(0.42, 0.58)
    for i, ang in enumerate((105, 128, 151, 174)):
        a = math.radians(ang)
        dx, dy = math.cos(a), math.sin(a)
        tip = (base[0] + dx * w * 0.46, base[1] + dy * h * 0.36)
        nx, ny = -dy * w * 0.06, dx * w * 0.06
        d.polygon([(base[0] - nx * 0.4, base[1] - ny * 0.4), (tip[0] - nx, tip[1] - ny),
                   (tip[0] + nx, tip[1] + ny), (base[0] + nx * 0.4, base[1] + ny * 0.4)],
                  fill=wing_c if i % 2 else body_c)
        er = w * 0.07
        d.ellipse((tip[0] - er, tip[1] - er, tip[0] + er, tip[1] + er), fill=tail_c)
        er *= 0.45
        d.ellipse((tip[0] - er, tip[1] - er, tip[0] + er, tip[1] + er), fill=FACE)
    # the branch it stands on, legs, body, wing, neck, head
    d.line([p(0.2, 0.93), p(0.92, 0.93)], fill=(120, 80, 40), width=max(2, round(h * 0.03)))
    d.line([p(0.52, 0.64), p(0.5, 0.93)], fill=INK, width=max(2, round(w * 0.03)))
    d.line([p(0.62, 0.64), p(0.66, 0.93)], fill=INK, width=max(2, round(w * 0.03)))
    d.ellipse((*p(0.3, 0.34), *p(0.76, 0.68)), fill=body_c)
    d.ellipse((*p(0.36, 0.42), *p(0.66, 0.6)), fill=wing_c)
    d.polygon([p(0.56, 0.42), p(0.66, 0.22), p(0.76, 0.24), p(0.74, 0.46)], fill=body_c)
    d.ellipse((*p(0.6, 0.1), *p(0.84, 0.3)), fill=body_c)
    d.polygon([p(0.64, 0.12), p(0.6, 0.01), p(0.7, 0.1)], fill=RED if not red else INK)  # crest
    d.polygon([p(0.82, 0.17), p(0.97, 0.21), p(0.82, 0.25)], fill=(214, 150, 20))  # beak
    d.ellipse((*p(0.71, 0.15), *p(0.78, 0.2)), fill=FACE)
    d.ellipse((*p(0.735, 0.163), *p(0.765, 0.19)), fill=INK)


# stick positions (u, v, angle, red?) and (length as fraction of box height, width of box width)
SOU_LAYOUTS: dict[int, tuple[float, float, list[tuple[float, float, float, bool]]]] = {
    2: (0.32, 0.18, [(0.5, 0.08, 0, False), (0.5, 0.92, 0, False)]),  # two short sticks well apart: not a 6
    3: (0.37, 0.15, [(0.5, 0.25, 0, False), (0.28, 0.75, 0, False), (0.72, 0.75, 0, False)]),
    4: (0.37, 0.15, [(u, v, 0, False) for v in (0.25, 0.75) for u in (0.28, 0.72)]),
    5: (0.37, 0.14, [(0.18, 0.25, 0, False), (0.82, 0.25, 0, False), (0.5, 0.5, 0, True),
                    (0.18, 0.75, 0, False), (0.82, 0.75, 0, False)]),
    6: (0.37, 0.14, [(u, v, 0, False) for v in (0.25, 0.75) for u in (0.18, 0.5, 0.82)]),
    7: (0.27, 0.14, [(0.5, 0.15, 0, True)] + [(u, v, 0, False) for v in (0.5, 0.85)
                                              for u in (0.18, 0.5, 0.82)]),
    8: (0.4, 0.12, [(0.12, 0.25, 0, False), (0.36, 0.25, 24, False), (0.64, 0.25, -24, False),
                    (0.88, 0.25, 0, False), (0.12, 0.75, 0, False), (0.36, 0.75, -24, False),
                    (0.64, 0.75, 24, False), (0.88, 0.75, 0, False)]),
    9: (0.27, 0.14, [(u, v, 0, u == 0.5) for v in (0.15, 0.5, 0.85) for u in (0.18, 0.5, 0.82)]),
}


def draw_sou(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    if n == 1:
        one_sou(d, box, red)
        return
    x0, y0, x1, y1 = box
    length_f, width_f, sticks = SOU_LAYOUTS[n]
    length, width = length_f * (y1 - y0), width_f * unit(box)
    for u, v, angle, is_red_stick in sticks:
        cx = x0 + width / 2 + (x1 - x0 - width) * u
        cy = y0 + length / 2 + (y1 - y0 - length) * v
        stick(d, cx, cy, length * 0.92, width, RED if red or is_red_stick else GREEN, angle)


def draw_honour(d: ImageDraw.ImageDraw, box: Box, n: int) -> None:
    """n is 1..7: East South West North, White Green Red."""
    if n <= 4:
        glyph(d, WIND_GLYPHS[n - 1], sub_box(box, 0.04, 0.12, 0.96, 0.88), INK, CJK_FONT, "東")
    elif n == 5:
        x0, y0, x1, y1 = sub_box(box, 0.1, 0.1, 0.9, 0.9)
        d.rounded_rectangle((x0, y0, x1, y1), radius=s(5), outline=BLUE, width=s(5))
        g = s(8)
        d.rounded_rectangle((x0 + g, y0 + g, x1 - g, y1 - g), radius=s(3), outline=BLUE, width=s(2))
    else:
        colour = GREEN if n == 6 else RED
        glyph(d, "發" if n == 6 else "中", sub_box(box, 0.04, 0.12, 0.96, 0.88), colour,
              CJK_FONT, "東")


def red_frame(d: ImageDraw.ImageDraw, box: Box) -> None:
    """The thin red line around a red five's artwork (seen even where red is hard to see)."""
    x0, y0, x1, y1 = box
    pad = s(5)
    d.rounded_rectangle((x0 - pad, y0 - pad, x1 + pad, y1 + pad), radius=s(6), outline=RED,
                        width=s(2))


def classic_face(set_name: str, name: str) -> Image.Image:
    annotated = set_name == "annotated"
    img = body(set_name)
    d = ImageDraw.Draw(img)
    digit, suit = int(name[0]), name[1]
    red = digit == 0
    n = 5 if red else digit
    box = content_box(annotated)
    if red:
        red_frame(d, box)
        box = sub_box(box, 0.03, 0.02, 0.97, 0.98)
    if suit == "m":
        draw_man(d, box, n, red)
    elif suit == "p":
        draw_pin(d, box, n, red)
    elif suit == "s":
        draw_sou(d, box, n, red)
    else:
        draw_honour(d, box, n)
    if annotated:
        corner_index(d, name)
    return img


HONOUR_INDEX = ("E", "S", "W", "N", "Wh", "Gr", "Rd")


def index_text(name: str) -> str:
    """The corner index of an annotated face: '3m', '5p' (red fives read 5), 'E', 'Wh'."""
    digit, suit = int(name[0]), name[1]
    if suit == "z":
        return HONOUR_INDEX[digit - 1]
    return f"{digit or 5}{suit}"


def corner_index(d: ImageDraw.ImageDraw, name: str) -> None:
    text = index_text(name)
    colour = RED if name.startswith("0") else INK
    f = font(LATIN_BOLD, s(54))
    l, t, r, b = f.getbbox(text)
    d.text((s(12) - l, s(11) - t), text, font=f, fill=colour)


# ---------------------------------------------------------------- abstract faces

def shape(d: ImageDraw.ImageDraw, kind: str, box: Box, colour: RGB, hollow_fill: RGB | None = None
          ) -> None:
    """A suit or dragon symbol filling ``box``: square, disc, triangle, hexagon, diamond, frame."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = min(x1 - x0, y1 - y0) / 2
    if kind == "square":
        q = r * 0.86
        d.rounded_rectangle((cx - q, cy - q, cx + q, cy + q), radius=r * 0.12, fill=colour)
    elif kind == "disc":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    elif kind == "triangle":
        d.polygon([(cx, cy - r), (cx + r * 1.05, cy + r * 0.82), (cx - r * 1.05, cy + r * 0.82)],
                  fill=colour)
    elif kind == "hexagon":
        d.polygon([(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
                   for i in range(6)], fill=colour)
    elif kind == "diamond":
        d.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=colour)
    elif kind == "frame":
        q = r * 0.9
        d.rounded_rectangle((cx - q, cy - q, cx + q, cy + q), radius=r * 0.1, outline=colour,
                            width=max(2, round(r * 0.22)))
    else:
        raise ValueError(kind)


SUIT_LOOK = {"m": (AB_MAN, "square"), "p": (AB_PIN, "disc"), "s": (AB_SOU, "triangle")}
WIND_LETTERS = "ESWN"
# compass arrows: East points right, South down, West left, North up
WIND_ARROW = {"E": 0.0, "S": 90.0, "W": 180.0, "N": 270.0}


def arrow(d: ImageDraw.ImageDraw, box: Box, angle_deg: float, colour: RGB) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = min(x1 - x0, y1 - y0) / 2
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    pts = [(r, 0), (0, -r * 0.75), (0, -r * 0.3), (-r, -r * 0.3), (-r, r * 0.3), (0, r * 0.3),
           (0, r * 0.75)]
    d.polygon([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts], fill=colour)


def abstract_face(name: str) -> Image.Image:
    img = body("abstract")
    d = ImageDraw.Draw(img)
    digit, suit = int(name[0]), name[1]
    box = (s(18), s(18), W - s(18), H - s(18))
    if suit in SUIT_LOOK:
        colour, symbol = SUIT_LOOK[suit]
        ink = colour
        if digit == 0:  # red five: the whole face turns red, the ink white
            d.rounded_rectangle(box, radius=s(9), fill=AB_RED)
            ink = FACE
        number = digit or 5
        x0, _, x1, bottom = glyph(d, str(number), sub_box(box, 0.1, 0.03, 0.9, 0.53), ink,
                                  LATIN_BOLD, "8")
        if number in (6, 9):  # underlined, so a tile seen upside down across the table is clear
            d.rectangle((x0, bottom + s(2), x1, bottom + s(5.5)), fill=ink)
        shape(d, symbol, sub_box(box, 0.1, 0.57, 0.9, 0.97), ink)
        return img
    if digit <= 4:
        letter = WIND_LETTERS[digit - 1]
        glyph(d, letter, sub_box(box, 0.1, 0.03, 0.9, 0.53), INK, LATIN_BOLD, "W")
        arrow(d, sub_box(box, 0.14, 0.57, 0.86, 0.97), WIND_ARROW[letter], INK)
        return img
    if digit == 5:
        shape(d, "frame", sub_box(box, 0.06, 0.14, 0.94, 0.86), AB_WHITE)
    elif digit == 6:
        shape(d, "hexagon", sub_box(box, 0.0, 0.14, 1.0, 0.86), AB_SOU)
        glyph(d, "G", sub_box(box, 0.3, 0.36, 0.7, 0.64), FACE, LATIN_BOLD, "G")
    else:
        shape(d, "diamond", sub_box(box, 0.0, 0.08, 1.0, 0.92), AB_RED)
        glyph(d, "R", sub_box(box, 0.32, 0.38, 0.68, 0.62), FACE, LATIN_BOLD, "R")
    return img


# ---------------------------------------------------------------- driver

def draw_image(set_name: str, name: str) -> Image.Image:
    """The finished image ``name`` (mpsz or 'back') of ``set_name`` at SOURCE_SIZE."""
    if name == "back":
        big = back(set_name)
    elif set_name == "abstract":
        big = abstract_face(name)
    else:
        big = classic_face(set_name, name)
    return big.resize(SOURCE_SIZE, Image.Resampling.LANCZOS)


def write_set(set_name: str, out_root: Path) -> list[Path]:
    folder = out_root / set_name
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in image_names():
        path = folder / f"{name}.png"
        draw_image(set_name, name).save(path, optimize=True)
        written.append(path)
    return written


# Unicode ranges kept in the interface font: Basic Latin, Latin-1, Latin Extended-A,
# general punctuation, currency, letterlike symbols, arrows, math operators, shapes.
UI_RANGES = ((0x20, 0x7E), (0xA0, 0x17F), (0x2000, 0x206F), (0x20A0, 0x20BF), (0x2100, 0x214F),
             (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x25FF))


def subset_fonts() -> None:
    """Rebuild the committed subsets from Debian's Noto packages (a development step)."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    cjk = TTCollection("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc").fonts[0]  # JP
    sub = subset.Subsetter(options)
    sub.populate(text=CJK_TEXT)
    sub.subset(cjk)
    cjk.save(str(CJK_FONT))
    unicodes = [c for lo, hi in UI_RANGES for c in range(lo, hi + 1)]
    for bold, filename in UI_FONT_FILES.items():
        from fontTools.ttLib import TTFont

        src = TTFont(f"/usr/share/fonts/truetype/noto/NotoSans-{'Bold' if bold else 'Regular'}.ttf")
        sub = subset.Subsetter(options)
        sub.populate(unicodes=unicodes)
        sub.subset(src)
        src.save(str(FONTS / filename))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", action="store_true", help="rebuild the font subsets first")
    parser.add_argument("--set", choices=TILESET_NAMES, action="append",
                        help="draw only this set (repeatable; default all)")
    parser.add_argument("--out", type=Path, default=ASSETS / "tiles", help="output folder")
    args = parser.parse_args(argv)
    if args.fonts:
        subset_fonts()
    for set_name in args.set or TILESET_NAMES:
        paths = write_set(set_name, args.out)
        print(f"{set_name}: {len(paths)} images in {args.out / set_name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
