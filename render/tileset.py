"""Tile sets: the images of the 34 faces, the three red fives and the back, scaled on demand.

A tile set is a folder ``assets/tiles/<name>/`` of PNG files named in mpsz notation
(``1m.png`` .. ``9s.png``, ``1z.png`` .. ``7z.png``, ``0m.png``/``0p.png``/``0s.png`` for the red
fives, ``back.png``), each :data:`SOURCE_SIZE` pixels: the tile body seen from above, with no
margin. The loader scales an image once per (height, rotation) and keeps it.

Nothing here raises for a damaged install: a missing or unreadable image is replaced by the
``abstract`` set's image (and, should that be broken too, by a plain drawn tile), and each
problem is described once in :attr:`TileSet.warnings` for the client to show.
"""

from __future__ import annotations

import math

from pathlib import Path

import pygame

from game.tiles import KINDS, NUM_KINDS, is_red, kind_of
from render.i18n import tr, trn
from render.resources import asset_path

__all__ = [
    "TILESET_NAMES", "FALLBACK_TILESET", "SOURCE_SIZE", "ROTATIONS", "RED_FIVE_KINDS",
    "image_names", "face_file", "TileSet", "load_tileset", "clear_cache",
]

TILESET_NAMES = ("classic", "annotated", "abstract")
FALLBACK_TILESET = "abstract"
SOURCE_SIZE = (180, 240)
"""Width and height of every source image (3:4, about 2.5x the tallest tile on screen)."""
ROTATIONS = (0, 90, 180, 270)
"""Counter-clockwise degrees: 90 and 270 lie the tile sideways (riichi discard, called tile)."""
RED_FIVE_KINDS = {4: "0m", 13: "0p", 22: "0s"}
BACK = "back"


def face_file(kind: int, red: bool = False) -> str:
    """The image name (without ``.png``) of a face: ``'3m'``, ``'7z'``, ``'0p'`` (red 5p)."""
    if not 0 <= kind < NUM_KINDS:
        raise ValueError(f"tile kind {kind!r} is outside 0..33")
    if red:
        if kind not in RED_FIVE_KINDS:
            raise ValueError(f"only fives have a red copy, not {KINDS[kind]}")
        return RED_FIVE_KINDS[kind]
    return KINDS[kind]


def image_names() -> tuple[str, ...]:
    """Every image a complete set holds: 34 faces, 3 red fives, the back (38 names)."""
    return (*KINDS, *RED_FIVE_KINDS.values(), BACK)


def _tiles_root() -> Path:
    return asset_path("tiles")


class TileSet:
    """One loaded tile set. Build it with :func:`load_tileset`.

    ``warnings`` lists, in plain words, every image that could not be used and what replaced it.
    """

    def __init__(self, name: str, sources: dict[str, pygame.Surface], warnings: list[str]) -> None:
        self.name = name
        self.warnings = warnings
        self._sources = sources
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        width, height = SOURCE_SIZE
        self.aspect = width / height
        """Upright width divided by height."""

    def size(self, height: int, rotation: int = 0) -> tuple[int, int]:
        """On-screen (width, height) of a tile drawn ``height`` pixels tall when upright.

        The width is ``int(height * 3 / 4)`` (as the table layout computes it); sideways
        rotations (90, 270) swap the two. The same for every face and the back.
        """
        _check_rotation(rotation)
        if height < 1:
            raise ValueError(f"tile height must be at least 1 pixel, not {height!r}")
        upright = (max(1, int(height * self.aspect)), int(height))
        return upright if rotation in (0, 180) else (upright[1], upright[0])

    def face(self, kind: int, red: bool, height: int, rotation: int = 0) -> pygame.Surface:
        """The face of ``kind`` (0..33; ``red`` for a red five), ``height`` px tall when upright.

        The surface is shared through the cache: blit it, do not draw on it.
        """
        return self._get(face_file(kind, red), height, rotation)

    def tile(self, tile: int, height: int, rotation: int = 0, aka: bool = True) -> pygame.Surface:
        """The face of a physical tile 0..135 (red fives red when ``aka``)."""
        if not 0 <= tile < 136:
            raise ValueError(f"tile {tile!r} is outside 0..135")
        return self.face(kind_of(tile), is_red(tile, aka), height, rotation)

    def back(self, height: int, rotation: int = 0) -> pygame.Surface:
        """The back of a tile, ``height`` px tall when upright."""
        return self._get(BACK, height, rotation)

    def _get(self, name: str, height: int, rotation: int) -> pygame.Surface:
        key = (name, int(height), int(rotation))
        surface = self._scaled.get(key)
        if surface is None:
            _check_rotation(rotation)
            width, tall = self.size(height, 0)
            surface = pygame.transform.smoothscale(self._sources[name], (width, tall))
            if rotation:
                surface = pygame.transform.rotate(surface, rotation)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._scaled[key] = surface
        return surface


RED_FACES = ("0m", "0p", "0s")
"""The red fives' image names: each gets a star, so it is told apart by shape, not colour alone."""


def marked_red(source: pygame.Surface) -> pygame.Surface:
    """A copy of a red five's image with a star in its top right corner (white, outlined)."""
    marked = source.copy()
    w, _ = marked.get_size()
    cx, cy, outer, inner = w - 38, 40, 32, 14
    points = [(cx + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 5),
               cy - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 5)) for i in range(10)]
    pygame.draw.polygon(marked, (255, 255, 255), points)
    pygame.draw.polygon(marked, (150, 20, 30), points, 5)
    return marked


def _check_rotation(rotation: int) -> None:
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")


def _read_image(path: Path) -> pygame.Surface:
    """Load one source image, refusing a wrong size (raises ``OSError`` or ``pygame.error``)."""
    loaded = pygame.image.load(str(path))
    if loaded.get_size() != SOURCE_SIZE:
        raise ValueError(f"is {loaded.get_width()}x{loaded.get_height()}, expected "
                         f"{SOURCE_SIZE[0]}x{SOURCE_SIZE[1]}")
    # any PNG flavour (palette, grey, no alpha) becomes 32-bit RGBA, which smoothscale needs
    surface = pygame.Surface(SOURCE_SIZE, pygame.SRCALPHA)
    surface.blit(loaded, (0, 0))
    return surface


def _drawn_tile(name: str) -> pygame.Surface:
    """Last resort when even the abstract image is unusable: a plain tile with its mpsz name."""
    surface = pygame.Surface(SOURCE_SIZE, pygame.SRCALPHA)
    rect = surface.get_rect()
    fill = (40, 70, 120) if name == BACK else (246, 242, 230)
    pygame.draw.rect(surface, fill, rect, border_radius=16)
    pygame.draw.rect(surface, (50, 45, 40), rect, width=5, border_radius=16)
    if name != BACK:
        if not pygame.font.get_init():
            pygame.font.init()
        colour = (200, 20, 30) if name.startswith("0") else (20, 20, 20)
        text = pygame.font.Font(None, 90).render(name, True, colour)
        surface.blit(text, text.get_rect(center=rect.center))
    return surface


def _load_folder(folder: Path, label: str, names: tuple[str, ...], warnings: list[str]
                 ) -> dict[str, pygame.Surface]:
    """Images of ``names`` found usable in ``folder``; a warning for each one that is not."""
    found: dict[str, pygame.Surface] = {}
    for name in names:
        path = folder / f"{name}.png"
        if not path.is_file():
            warnings.append(tr("Tile set \u201c{set}\u201d: {name}.png is missing ({path}).").format(
                set=label, name=name, path=path))
            continue
        try:
            found[name] = _read_image(path)
        except (OSError, ValueError, pygame.error) as exc:
            warnings.append(tr("Tile set \u201c{set}\u201d: {name}.png cannot be used ({problem}).").format(
                set=label, name=name, problem=exc))
    return found


_CACHE: dict[tuple[str, Path], TileSet] = {}


def load_tileset(name: str, root: Path | None = None) -> TileSet:
    """The tile set ``name`` (one of :data:`TILESET_NAMES`), loaded once and cached.

    ``root`` is the folder holding the set folders (default ``assets/tiles``; tests pass
    their own). Never raises: an unknown name, a missing or broken image falls back to the
    ``abstract`` set image by image, and the reasons are in the result's ``warnings``.
    """
    base = _tiles_root() if root is None else Path(root)
    key = (name, base)
    if key in _CACHE:
        return _CACHE[key]
    warnings: list[str] = []
    names = image_names()
    if name in TILESET_NAMES:
        sources = _load_folder(base / name, name, names, warnings)
    else:
        warnings.append(tr("Unknown tile set \u201c{set}\u201d (choose from {choices}); showing \u201c{shown}\u201d.")
                        .format(set=name, choices=", ".join(TILESET_NAMES), shown=FALLBACK_TILESET))
        sources = {}
    missing = tuple(n for n in names if n not in sources)
    if missing and name != FALLBACK_TILESET:
        fallback = _load_folder(base / FALLBACK_TILESET, FALLBACK_TILESET, missing, warnings)
        sources.update(fallback)
        if fallback and name in TILESET_NAMES:
            warnings.append(trn("Tile set \u201c{set}\u201d: {n} image shown from \u201c{shown}\u201d instead.",
                                "Tile set \u201c{set}\u201d: {n} images shown from \u201c{shown}\u201d instead.", len(fallback))
                            .format(set=name, n=len(fallback), shown=FALLBACK_TILESET))
    still_missing = [n for n in names if n not in sources]
    for missing_name in still_missing:
        sources[missing_name] = _drawn_tile(missing_name)
    if still_missing:
        warnings.append(trn("{n} tile image drawn plainly: {names}.", "{n} tile images drawn plainly: {names}.",
                             len(still_missing)).format(n=len(still_missing),
                                                                            names=" ".join(still_missing)))
    for red in RED_FACES:
        if red in sources:
            sources[red] = marked_red(sources[red])
    tileset = TileSet(name if name in TILESET_NAMES else FALLBACK_TILESET, sources, warnings)
    _CACHE[key] = tileset
    return tileset


def clear_cache() -> None:
    """Forget loaded sets (after the files changed, or between tests)."""
    _CACHE.clear()
