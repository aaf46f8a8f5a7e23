"""The README as a newcomer reads it: every command of its examples runs as written.

The commands are read from the README's "Headless commands" section, not copied here. Each
runs in bash from a folder laid out as a fresh checkout after the README's setup: ``examples/``
and a ``.venv/bin/kawa`` made the way pip makes a console script from ``setup.cfg``'s entry
point (this checkout first on the path, so the code under test is this one).
"""

from __future__ import annotations

import configparser
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def entry_point() -> tuple[str, str]:
    """(module, function) of the ``kawa`` console script declared in setup.cfg."""
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    lines = [ln.strip() for ln in config["options.entry_points"]["console_scripts"].splitlines() if ln.strip()]
    target = dict(ln.replace(" ", "").split("=", 1) for ln in lines)["kawa"]
    module, function = target.split(":")
    return module, function


def example_commands() -> list[str]:
    """The indented command lines of the README's "Headless commands" section."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Headless commands\n", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^    (\S.*)$", section, re.MULTILINE)]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder as a fresh checkout looks after the README's setup command."""
    folder = tmp_path_factory.mktemp("clone")
    (folder / "examples").symlink_to(ROOT / "examples")
    module, function = entry_point()
    script = folder / ".venv" / "bin" / "kawa"
    script.parent.mkdir(parents=True)
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\n"
                      f"from {module} import {function}\nsys.exit({function}())\n", encoding="utf-8")
    script.chmod(0o755)
    return folder


def _run(command: str, folder: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KAWA_DATA_DIR": str(tmp_path / "data"), "KAWA_CONFIG_DIR": str(tmp_path / "config"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_readme_installs_the_kawa_command() -> None:
    assert entry_point() == ("main", "main")
    setup = README.read_text(encoding="utf-8").split("\n## ", 1)[0]
    assert "pip install -e ." in setup and ".venv/bin/kawa" in setup


def test_the_readme_has_examples_for_the_everyday_commands() -> None:
    commands = example_commands()
    names = {c.split()[1] for c in commands}
    assert {"score", "shanten", "replay", "logs", "selfplay", "prefs"} <= names
    assert all(c.startswith(".venv/bin/kawa ") for c in commands), commands


@pytest.mark.parametrize("command", example_commands())
def test_each_readme_example_runs_as_written(command: str, checkout: Path, tmp_path: Path) -> None:
    done = _run(command, checkout, tmp_path)
    assert done.returncode == 0, f"{command}\n{done.stderr}"
    assert done.stdout.strip(), command
    assert "Traceback" not in done.stderr and "error" not in done.stderr.lower(), done.stderr
    first = done.stdout.splitlines()[0]
    if " score " in command:  # every sample hand scores, except the one shown without a yaku
        rows = [line for line in done.stdout.splitlines()]
        assert all('"error": null' in r or '"error": "no_yaku"' in r for r in rows), rows
    if " replay " in command:
        assert done.stdout.splitlines()[-1] == "replayed 4 hands: 4 matched, 0 mismatched"
    if "| head -n 2" in command:
        assert len(done.stdout.splitlines()) == 2, first


def test_piping_into_head_ends_quietly(checkout: Path, tmp_path: Path) -> None:
    """A reader that stops early (``| head``) gets no traceback and the command exits 0."""
    hands = (ROOT / "examples" / "shanten.jsonl").read_text(encoding="utf-8")
    big = tmp_path / "many.jsonl"
    big.write_text(hands * 3000, encoding="utf-8")  # far more than a pipe holds
    done = _run(f".venv/bin/kawa shanten {big} | head -n 1", checkout, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith('{"id": "tenpai-two-sided"')
