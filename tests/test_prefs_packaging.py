"""The app bundle's ingredients: which files count as assets, the icon, the .desktop file.

The PyInstaller build itself takes minutes and runs in packaging/build_app.py (and CI), not here.
"""

from __future__ import annotations

import configparser
import importlib.util
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
from bundle_contents import EXCLUDED_MODULES, ENGINE_DATA_FILES, asset_files, bundled_files, icon_file, read_version  # noqa: E402


def load_make_icon():
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "assets" / "make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_asset_files_keep_data_and_leave_scripts(tmp_path: Path) -> None:
    for rel in ("assets/tiles/classic/1m.png", "assets/fonts/OFL.txt", "assets/sounds/pon.wav",
                "assets/make_tiles.py", "assets/README.md", "assets/__pycache__/x.pyc",
                "assets/.hidden", "other/readme.png"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    assert asset_files(tmp_path) == ["assets/fonts/OFL.txt", "assets/sounds/pon.wav",
                                     "assets/tiles/classic/1m.png"]


def test_the_repository_icon_files_are_valid() -> None:
    png = Image.open(ROOT / "assets" / "icon" / "kawa.png")
    assert png.size == (512, 512) and png.mode == "RGBA"
    assert png.getpixel((0, 0))[3] == 0  # rounded, transparent corner
    ico = Image.open(ROOT / "assets" / "icon" / "kawa.ico")
    assert (256, 256) in ico.info["sizes"] and (16, 16) in ico.info["sizes"]
    assert icon_file(ROOT, "win32").endswith("kawa.ico")
    assert icon_file(ROOT, "darwin").endswith("kawa.icns")
    assert icon_file(ROOT, "linux") is None


def test_make_icon_centres_the_tile() -> None:
    tile = Image.new("RGBA", (180, 240), (250, 245, 230, 255))
    icon = load_make_icon().make_icon(tile, 128)
    assert icon.size == (128, 128)
    assert icon.getpixel((64, 64))[:3] == (250, 245, 230)
    assert icon.getpixel((0, 0))[3] == 0 and icon.getpixel((6, 64))[3] == 255


def test_desktop_file_entries() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "kawa.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Kawa"
    assert desktop["Exec"] == "Kawa" and desktop["Icon"] == "kawa"
    assert desktop["Terminal"] == "false" and "Game" in desktop["Categories"].split(";")


@pytest.mark.parametrize("needed", ["game", "render", "prefs", "pygame", "platformdirs", "json", "logging"])
def test_runtime_packages_are_not_excluded(needed: str) -> None:
    assert needed not in EXCLUDED_MODULES


def test_development_packages_are_excluded() -> None:
    assert {"tests", "hypothesis", "pytest", "mahjong", "PyInstaller"} <= set(EXCLUDED_MODULES)


def test_version_comes_from_setup_cfg(tmp_path: Path) -> None:
    (tmp_path / "setup.cfg").write_text("[metadata]\nname = kawa\nversion = 2.3.4\n")
    assert read_version(tmp_path) == "2.3.4"
    assert read_version(ROOT).count(".") == 2


def test_the_engine_tables_go_into_the_bundle() -> None:
    files = bundled_files(ROOT)
    assert set(ENGINE_DATA_FILES) <= set(files)
    assert set(asset_files(ROOT)) <= set(files)


def test_the_app_bundles_the_compiled_catalogues_and_cjk_fonts_not_their_sources() -> None:
    files = set(bundled_files(ROOT))
    for lang in ("en", "ja", "zh_CN", "ko", "it", "romaji"):
        assert f"assets/locale/{lang}/LC_MESSAGES/kawa.mo" in files
    assert {"assets/fonts/NotoSansCJKjp-Regular-subset.otf", "assets/fonts/NotoSansCJKsc-Regular-subset.otf",
            "assets/fonts/NotoSansCJKkr-Regular-subset.otf", "assets/fonts/OFL.txt"} <= files
    assert not [f for f in files if f.endswith((".po", ".pot"))]
