"""Tile sets load completely, differ from each other, and survive broken files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
from PIL import Image

from render import tileset as ts
from render.tileset import TILESET_NAMES, clear_cache, image_names, load_tileset

SIZES = (24, 44, 64, 96)


@pytest.fixture(autouse=True)
def fresh_cache():
    clear_cache()
    yield
    clear_cache()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def redness(surface: pygame.Surface) -> int:
    """How many pixels are a strong red."""
    w, h = surface.get_size()
    count = 0
    for x in range(w):
        for y in range(h):
            r, g, b, a = surface.get_at((x, y))
            if a > 200 and r > 150 and g < 90 and b < 90:
                count += 1
    return count


@pytest.mark.parametrize("name", TILESET_NAMES)
def test_each_set_loads_completely_at_every_size(name: str) -> None:
    tiles = load_tileset(name)
    assert tiles.warnings == []
    assert tiles.name == name
    for height in SIZES:
        for rotation in (0, 90):
            want = tiles.size(height, rotation)
            for kind in range(34):
                assert tiles.face(kind, False, height, rotation).get_size() == want
            for kind in (4, 13, 22):
                assert tiles.face(kind, True, height, rotation).get_size() == want
            assert tiles.back(height, rotation).get_size() == want


def test_sizes_keep_the_three_to_four_shape_and_swap_sideways() -> None:
    tiles = load_tileset("classic")
    assert tiles.size(64) == (48, 64)
    assert tiles.size(64, 90) == (64, 48)
    assert tiles.size(64, 180) == (48, 64)
    assert tiles.size(40, 270) == (40, 30)
    assert tiles.size(65) == (48, 65)  # rounded down, as the layout does


def test_scaled_images_are_cached_and_rotations_are_true_rotations() -> None:
    tiles = load_tileset("abstract")
    first = tiles.face(0, False, 64)
    assert tiles.face(0, False, 64) is first
    sideways = tiles.face(0, False, 64, 90)
    assert pixels(pygame.transform.rotate(first, 90)) == pixels(sideways)
    assert pixels(tiles.face(0, False, 64, 180)) != pixels(first)


def test_physical_tiles_map_to_faces_and_red_fives() -> None:
    tiles = load_tileset("classic")
    assert tiles.tile(16, 40) is tiles.face(4, True, 40)
    assert tiles.tile(17, 40) is tiles.face(4, False, 40)
    assert tiles.tile(16, 40, aka=False) is tiles.face(4, False, 40)
    assert tiles.tile(135, 40) is tiles.face(33, False, 40)


def test_bad_requests_are_refused_clearly() -> None:
    tiles = load_tileset("classic")
    with pytest.raises(ValueError, match="rotation"):
        tiles.face(0, False, 40, 45)
    with pytest.raises(ValueError, match="red copy"):
        tiles.face(0, True, 40)
    with pytest.raises(ValueError, match="0..33"):
        tiles.face(34, False, 40)
    with pytest.raises(ValueError, match="height"):
        tiles.back(0)


def test_the_three_sets_differ_on_every_face() -> None:
    loaded = [load_tileset(name) for name in TILESET_NAMES]
    for kind in range(34):
        images = [pixels(t.face(kind, False, 64)) for t in loaded]
        assert len(set(images)) == 3, f"kind {kind} looks the same in two sets"


@pytest.mark.parametrize("name", TILESET_NAMES)
def test_red_fives_differ_from_plain_fives_and_are_redder(name: str) -> None:
    tiles = load_tileset(name)
    for kind in (4, 13, 22):
        plain, red = tiles.face(kind, False, 48), tiles.face(kind, True, 48)
        assert pixels(plain) != pixels(red)
        assert redness(red) > redness(plain) + 40, (name, kind)


@pytest.mark.parametrize("name", TILESET_NAMES)
def test_red_fives_are_told_apart_without_colour(name: str) -> None:
    """Seen in grey, a red five still differs from the plain five where its star is (top right)."""
    tiles = load_tileset(name)
    for kind in (4, 13, 22):
        plain, red = (pygame.transform.grayscale(tiles.face(kind, r, 120)) for r in (False, True))
        w = plain.get_width()
        corner = [(x, y) for x in range(w - 30, w - 6) for y in range(6, 30)]
        changed = sum(1 for p in corner if abs(plain.get_at(p)[0] - red.get_at(p)[0]) > 60)
        assert changed > len(corner) // 5, (name, kind, changed)


def test_every_face_of_a_set_is_distinct() -> None:
    for name in TILESET_NAMES:
        tiles = load_tileset(name)
        faces = {pixels(tiles.face(k, False, 40)) for k in range(34)}
        assert len(faces) == 34, name


def copy_sets(tmp_path: Path) -> Path:
    root = tmp_path / "tiles"
    for name in TILESET_NAMES:
        shutil.copytree(ts.asset_path("tiles", name), root / name)
    return root


def test_missing_and_broken_images_fall_back_to_abstract_with_messages(tmp_path: Path) -> None:
    root = copy_sets(tmp_path)
    (root / "classic" / "3m.png").unlink()
    (root / "classic" / "5p.png").write_bytes(b"not a png at all")
    small = pygame.Surface((10, 10))
    pygame.image.save(small, str(root / "classic" / "1z.png"))
    tiles = load_tileset("classic", root=root)
    abstract = load_tileset("abstract", root=root)
    text = "\n".join(tiles.warnings)
    assert "3m.png is missing" in text
    assert "5p.png cannot be used" in text
    assert "1z.png cannot be used" in text and "10x10" in text
    assert "3 images shown from \u201cabstract\u201d" in text
    for kind in (2, 13, 27):
        assert pixels(tiles.face(kind, False, 40)) == pixels(abstract.face(kind, False, 40))
    assert pixels(tiles.face(0, False, 40)) != pixels(abstract.face(0, False, 40))


def test_any_png_flavour_is_usable(tmp_path: Path) -> None:
    root = copy_sets(tmp_path)
    for name, mode in (("1m", "P"), ("2m", "L"), ("3m", "RGB")):
        path = root / "classic" / f"{name}.png"
        with Image.open(path) as img:
            img.convert(mode).save(path)
    tiles = load_tileset("classic", root=root)
    assert tiles.warnings == []
    for kind in (0, 1, 2):
        assert tiles.face(kind, False, 37, 90).get_size() == (37, 27)


def test_a_whole_missing_set_and_an_unknown_name_fall_back(tmp_path: Path) -> None:
    root = copy_sets(tmp_path)
    shutil.rmtree(root / "annotated")
    tiles = load_tileset("annotated", root=root)
    assert len(tiles.warnings) == len(image_names()) + 1
    assert tiles.face(5, False, 30).get_size() == (22, 30)
    unknown = load_tileset("shiny", root=root)
    assert unknown.name == "abstract"
    assert "Unknown tile set \u201cshiny\u201d" in unknown.warnings[0]


def test_even_a_broken_abstract_set_draws_plain_tiles(tmp_path: Path) -> None:
    root = tmp_path / "tiles"
    (root / "abstract").mkdir(parents=True)
    (root / "abstract" / "back.png").write_bytes(b"\x89PNG broken")
    tiles = load_tileset("classic", root=root)
    assert any("drawn plainly" in w for w in tiles.warnings)
    assert tiles.face(33, False, 64).get_size() == (48, 64)
    assert tiles.back(64, 90).get_size() == (64, 48)
    assert pixels(tiles.face(1, False, 64)) != pixels(tiles.face(2, False, 64))


def test_with_a_display_mode_the_surfaces_are_converted() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        tiles = load_tileset("classic")
        face = tiles.face(0, False, 32, 90)
        assert face.get_size() == (32, 24)
        assert face.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()
