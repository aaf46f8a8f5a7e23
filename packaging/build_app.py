"""Build the Kawa app with PyInstaller and prove the result works: ``python packaging/build_app.py``.

1. builds ``kawa.spec`` (one folder ``dist/Kawa/``; ``--onefile``: ``dist/onefile/Kawa``),
2. checks every asset file is in the bundle and no development package is,
3. runs the frozen program headless: a demo game of one hand, and the ``prefs`` command,
4. prints the bundle's size; ``--measure`` adds the time to the first frame, frozen against
   ``python main.py``.

Exits non-zero at the first failure, with the reason. ``--skip-build`` checks an existing build.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from bundle_contents import (EXCLUDED_MODULES, ICON_DIR, ICON_NAME, bundled_files,  # noqa: E402
                             read_version)

APP = "Kawa"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
SMOKE_ARGS = ["--demo", "--seed", "1", "--exit-after-hands", "1", "--animations", "off", "--pace", "0"]
SMOKE_TIMEOUT = 600
FIRST_FRAME_MARK = "first frame after"


class BuildError(Exception):
    """A step failed; the message says which and why."""


def headless_env(config_dir: Path) -> dict[str, str]:
    """No window, no sound device, and scratch folders for settings and saved games."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KAWA_CONFIG_DIR=str(config_dir),
               KAWA_DATA_DIR=str(config_dir / "data"))
    return env


def build(dist: Path, work: Path, onefile: bool) -> float:
    """Run PyInstaller on kawa.spec; returns the seconds it took."""
    icon = ROOT / ICON_DIR / f"{ICON_NAME}.png"
    if not icon.is_file():
        raise BuildError(f"{icon} is missing: run `python assets/make_icon.py` first")
    env = dict(os.environ, KAWA_ONEFILE="1" if onefile else "0")
    log = work.parent / ("pyinstaller-onefile.log" if onefile else "pyinstaller.log")
    log.parent.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(ROOT / "kawa.spec")]
    start = time.perf_counter()
    with log.open("w", encoding="utf-8") as out:
        result = subprocess.run(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-25:]
        raise BuildError("PyInstaller failed (full log: {}):\n{}".format(log, "\n".join(tail)))
    return time.perf_counter() - start


def bundle_names(executable: Path, folder: Path | None) -> tuple[set[str], set[str]]:
    """(data files, Python modules) the bundle holds, read from the built archives."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(executable))
    files = set(archive.toc)
    modules: set[str] = set()
    for name in files:
        if name.endswith(".pyz") or name == "PYZ.pyz" or name.startswith("PYZ"):
            modules |= set(archive.open_embedded_archive(name).toc)
    if folder is not None:
        internal = folder / "_internal"
        files |= {p.relative_to(internal).as_posix() for p in internal.rglob("*") if p.is_file()}
        pyz_files = [p for p in internal.rglob("*.pyz")]
        if pyz_files:
            from PyInstaller.archive.readers import ZlibArchiveReader
            for pyz in pyz_files:
                modules |= set(ZlibArchiveReader(str(pyz)).toc)
    return files, modules


def check_contents(executable: Path, folder: Path | None) -> None:
    """Every asset file is bundled (same size in a folder build); no excluded module is."""
    files, modules = bundle_names(executable, folder)
    wanted = bundled_files(ROOT)
    if not wanted:
        raise BuildError("no asset files found under assets/")
    missing = [rel for rel in wanted if rel not in files]
    if missing:
        raise BuildError(f"{len(missing)} asset files missing from the bundle, e.g. {missing[:3]}")
    if folder is not None:
        for rel in wanted:
            if (folder / "_internal" / rel).stat().st_size != (ROOT / rel).stat().st_size:
                raise BuildError(f"{rel} differs in the bundle")
    if not any(m.startswith("game.") for m in modules) or "render.app" not in modules:
        raise BuildError("the bundle lacks Kawa's own modules (game, render)")
    leaked = sorted({m.split(".")[0] for m in modules} & set(EXCLUDED_MODULES))
    leaked_dirs = sorted({f.split("/")[0] for f in files} & set(EXCLUDED_MODULES))
    if leaked or leaked_dirs:
        raise BuildError(f"excluded packages are in the bundle: {leaked + leaked_dirs}")
    print(f"contents: {len(wanted)} data files present, {len(modules)} modules, "
          f"none of {len(EXCLUDED_MODULES)} excluded packages")


def smoke_run(executable: Path) -> float:
    """One demo hand, headless; then the prefs command. Returns the demo's seconds."""
    with tempfile.TemporaryDirectory(prefix="kawa-smoke-") as scratch:
        env = headless_env(Path(scratch))
        start = time.perf_counter()
        try:
            result = subprocess.run([str(executable), *SMOKE_ARGS], env=env, capture_output=True,
                                    text=True, timeout=SMOKE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise BuildError(f"the demo did not finish within {SMOKE_TIMEOUT} s") from None
        seconds = time.perf_counter() - start
        if result.returncode != 0 or "Traceback" in result.stderr:
            raise BuildError(f"the demo exited with {result.returncode}:\n{result.stderr[-3000:]}")
        if "Warning" in result.stderr:
            raise BuildError(f"the demo warned (a bundled file missing or unread?):\n{result.stderr[-3000:]}")
        prefs = subprocess.run([str(executable), "prefs"], env=env, capture_output=True,
                               text=True, timeout=120)
        # a windowed Windows program has no standard output: there the exit code must do
        printed = sys.platform == "win32" or f"file: {Path(scratch) / 'prefs.json'}" in prefs.stdout
        if prefs.returncode != 0 or not printed:
            raise BuildError(f"`{APP} prefs` failed ({prefs.returncode}):\n{prefs.stderr[-2000:]}")
    print(f"smoke: `{executable.name} {' '.join(SMOKE_ARGS)}` exited 0 after {seconds:.1f} s; "
          f"`{executable.name} prefs` works")
    return seconds


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def first_frame_seconds(cmd: list[str], runs: int) -> list[float]:
    """Wall time from launching ``cmd`` to its "first frame" line, over ``runs`` launches."""
    times: list[float] = []
    for run in range(runs):
        with tempfile.TemporaryDirectory(prefix="kawa-time-") as scratch:
            args = [*cmd, "--demo", "--seed", "1", "--first-frame-stats"]
            start = time.perf_counter()
            proc = subprocess.Popen(args, env=headless_env(Path(scratch)), cwd=ROOT,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                for line in proc.stdout:
                    if FIRST_FRAME_MARK in line:
                        times.append(time.perf_counter() - start)
                        break
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            if len(times) <= run:
                raise BuildError(f"{' '.join(args)} printed no '{FIRST_FRAME_MARK}' line")
    return times


def measure(executable: Path, runs: int) -> None:
    """Frozen and source launches taken in turn, so a busy machine weighs on both alike."""
    if sys.platform == "win32":
        raise BuildError("--measure reads the app's output, which a windowed Windows build lacks")
    frozen: list[float] = []
    source: list[float] = []
    for _ in range(runs):
        frozen += first_frame_seconds([str(executable)], 1)
        source += first_frame_seconds([sys.executable, str(ROOT / "main.py")], 1)
    def summary(times: list[float]) -> str:
        return f"{statistics.median(times):.2f} s ({min(times):.2f}-{max(times):.2f})"

    print(f"first frame, launch to first frame line, headless, median (range) of {runs}: "
          f"frozen {summary(frozen)}, python main.py {summary(source)}")


def install_desktop_file(folder: Path) -> None:
    """Copy the icon and a .desktop file with this folder's absolute paths into the bundle."""
    template = (HERE / "kawa.desktop").read_text(encoding="utf-8")
    icon = folder / "kawa.png"
    shutil.copyfile(ROOT / ICON_DIR / f"{ICON_NAME}.png", icon)
    text = template.replace("Exec=Kawa", f"Exec={folder / APP}").replace("Icon=kawa", f"Icon={icon}")
    (folder / "kawa.desktop").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="build the single-file variant")
    parser.add_argument("--skip-build", action="store_true", help="check the existing build")
    parser.add_argument("--skip-smoke", action="store_true", help="do not run the demo hand")
    parser.add_argument("--measure", type=int, metavar="RUNS", default=0,
                        help="also time the first frame, frozen against python main.py")
    parser.add_argument("--dist", type=Path, help="output folder (default dist, or dist/onefile)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller")
    args = parser.parse_args(argv)
    work = args.work / ("onefile" if args.onefile else "onedir")
    if args.dist is None:  # apart, so that the single file never replaces the folder
        args.dist = ROOT / "dist" / "onefile" if args.onefile else ROOT / "dist"
    try:
        if not args.skip_build:
            seconds = build(args.dist, work, args.onefile)
            print(f"built {APP} {read_version(ROOT)} in {seconds:.0f} s")
        if args.onefile:
            executable, folder = args.dist / f"{APP}{EXE_SUFFIX}", None
        else:
            folder = args.dist / APP
            executable = folder / f"{APP}{EXE_SUFFIX}"
        if not executable.is_file():
            raise BuildError(f"{executable} was not built")
        check_contents(executable, folder)
        if folder is not None and sys.platform.startswith("linux"):
            install_desktop_file(folder)
        if not args.skip_smoke:
            smoke_run(executable)
        where = folder or executable
        print(f"size: {folder_size(where) / 2**20:.1f} MiB in {where}")
        if args.measure:
            measure(executable, args.measure)
    except BuildError as exc:
        print(f"build_app: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
