"""The committed asset files are the ones the asset scripts describe."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageChops, ImageStat

from render.resources import (CJK_FONT_FILE, UI_FONT_FILES, asset_path, asset_root,
                              cjk_font_path, clear_font_cache, ui_font, ui_font_path)
from render.tileset import SOURCE_SIZE, TILESET_NAMES, image_names

ASSETS = asset_root()


def load_script(name: str):
    """Import an assets/ script as a module (they are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"kawa_{name}", ASSETS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", TILESET_NAMES)
def test_every_set_holds_exactly_its_images_at_the_source_size(name: str) -> None:
    folder = ASSETS / "tiles" / name
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{n}.png" for n in image_names())
    for path in folder.iterdir():
        with Image.open(path) as img:
            assert img.size == SOURCE_SIZE, path
            assert img.mode == "RGBA", path


def test_committed_images_match_what_make_tiles_draws() -> None:
    script = load_script("make_tiles")
    for set_name, names in (("classic", ("1s", "0m", "6z")), ("annotated", ("9p", "back")),
                            ("abstract", ("0s", "4z", "7m"))):
        for name in names:
            drawn = script.draw_image(set_name, name)
            with Image.open(ASSETS / "tiles" / set_name / f"{name}.png") as committed:
                diff = ImageChops.difference(drawn, committed.convert("RGBA"))
                assert max(ImageStat.Stat(diff).mean) < 1.0, (set_name, name)


def test_fonts_are_bundled_with_their_licence() -> None:
    licence = (ASSETS / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    for filename in (*UI_FONT_FILES.values(), CJK_FONT_FILE):
        assert (ASSETS / "fonts" / filename).is_file()
        assert filename in licence


def test_the_fonts_hold_the_glyphs_the_game_needs() -> None:
    pygame.font.init()
    cjk = pygame.font.Font(str(cjk_font_path()), 20)
    assert all(m is not None for m in cjk.metrics("一二三四五六七八九萬東南西北中發"))
    for bold in (False, True):
        ui = pygame.font.Font(str(ui_font_path(bold)), 20)
        assert all(m is not None for m in ui.metrics("Riichi 1,000 → ×2 é ü —"))


def test_ui_font_is_cached_and_falls_back_when_the_file_is_gone(monkeypatch, tmp_path) -> None:
    assert ui_font(18) is ui_font(18)
    assert ui_font(18, bold=True) is not ui_font(18)
    clear_font_cache()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    try:
        font = ui_font(18)
        assert font.size("Kawa")[0] > 0
    finally:
        clear_font_cache()


def test_ui_font_survives_a_font_module_restart() -> None:
    before = ui_font(20)
    pygame.font.quit()
    after = ui_font(20)
    assert after is not before
    assert after.render("Kawa", True, (0, 0, 0)).get_width() > 0


def test_paths_resolve_in_a_frozen_app(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_path("sounds", "pon.wav") == tmp_path / "assets" / "sounds" / "pon.wav"
    monkeypatch.delattr(sys, "_MEIPASS")
    assert asset_root() == Path(__file__).resolve().parent.parent / "assets"
