"""Reading and writing the preferences file, never letting a bad file or folder stop the game.

The file is JSON with a ``version`` key, in the user config folder for "Kawa" (or the folder
named by ``KAWA_CONFIG_DIR``, or an explicit path). Loading checks every field; writing goes
through a temporary file in the same folder and ``os.replace``, so a crash mid-write leaves the
old file whole. Problems come back as messages for the player, and are logged too.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

from prefs.model import DEFAULTS, SPECS, Preferences, PrefsError, check_value
from store.reading import read_json_file

__all__ = ["FILE_NAME", "FORMAT_VERSION", "ENV_DIR", "config_dir", "prefs_path", "load_prefs",
           "save_prefs"]

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())  # the caller shows the returned messages; logging is extra

FILE_NAME = "prefs.json"
FORMAT_VERSION = 1
ENV_DIR = "KAWA_CONFIG_DIR"
"""Environment variable naming a folder to use in place of the user config folder."""


def config_dir() -> Path:
    """The folder Kawa keeps its settings in: ``$KAWA_CONFIG_DIR`` or the platform's own."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_config_dir("Kawa", appauthor=False))


def prefs_path(path: str | os.PathLike[str] | None = None) -> Path:
    """The preferences file: ``path`` when given, else ``prefs.json`` in ``config_dir()``."""
    return Path(path) if path is not None else config_dir() / FILE_NAME


MAX_PREFS_BYTES = 1_000_000
"""A preferences file is a few hundred bytes; a larger one is not read."""


def load_prefs(path: str | os.PathLike[str] | None = None) -> tuple[Preferences, list[str]]:
    """The saved preferences and what went wrong reading them (empty when all is well).

    A missing file gives the defaults silently. An unknown key is ignored and a bad value
    falls back to its default, each with a message. A file that cannot be read or is not a
    JSON object is moved aside as ``<name>.corrupt-<time>`` and replaced by the defaults.
    """
    target = prefs_path(path)
    if not os.path.lexists(target):
        return DEFAULTS, []
    try:
        data = read_json_file(target, MAX_PREFS_BYTES)
    except OSError as exc:
        return DEFAULTS, _set_aside(target, f"could not be read ({_reason(exc)})")
    except ValueError as exc:
        return DEFAULTS, _set_aside(target, f"could not be read: it {exc}")
    if not isinstance(data, dict):
        return DEFAULTS, _set_aside(target, "does not hold a JSON object")
    prefs, messages = _from_mapping(data, target)
    for message in messages:
        log.warning(message)
    return prefs, messages


def _from_mapping(data: dict[str, Any], target: Path) -> tuple[Preferences, list[str]]:
    """Keep each valid field, default the rest, and say what was dropped."""
    messages: list[str] = []
    version = data.pop("version", FORMAT_VERSION)  # a hand-written file may leave it out
    if version != FORMAT_VERSION:
        messages.append(f"{target}: format version {version!r} is not {FORMAT_VERSION}; "
                        "reading the settings it has that Kawa knows")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in SPECS:
            messages.append(f"{target}: unknown setting {key!r} ignored")
            continue
        try:
            check_value(key, value)
        except PrefsError as exc:
            spec = SPECS[key]
            messages.append(f"{target}: {exc}; using the default {spec.show(spec.default)}")
            continue
        values[key] = value
    return Preferences(**values), messages


def save_prefs(prefs: Preferences, path: str | os.PathLike[str] | None = None) -> list[str]:
    """Write ``prefs`` atomically; return what went wrong (empty on success), never raise
    for a folder or file that cannot be written."""
    target = prefs_path(path)
    document = {"version": FORMAT_VERSION, **prefs.to_dict()}
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    temp_name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp_name, 0o644)  # mkstemp makes it private; settings are not secret
        os.replace(temp_name, target)
        temp_name = None
    except OSError as exc:
        message = f"settings not saved to {target}: {_reason(exc)}"
        log.warning(message)
        return [message]
    finally:
        if temp_name is not None:
            _remove_quietly(Path(temp_name))
    return []


def _set_aside(target: Path, problem: str) -> list[str]:
    """Move a bad file (or folder) out of the way, write the defaults, and say so."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = target.with_name(f"{target.name}.corrupt-{stamp}")
    serial = 1
    while backup.exists() or backup.is_symlink():
        serial += 1
        backup = target.with_name(f"{target.name}.corrupt-{stamp}-{serial}")
    messages = [f"{target} {problem}; using the default settings"]
    try:
        os.replace(target, backup)
    except OSError as exc:
        moved = False
        messages.append(f"could not keep the bad file aside as {backup.name}: {_reason(exc)}")
    else:
        moved = True
        messages.append(f"the old file is kept as {backup}")
    for message in messages:
        log.warning(message)
    if moved:
        messages.extend(save_prefs(DEFAULTS, target))  # save_prefs logs its own failure
    return messages


def _reason(exc: BaseException) -> str:
    """An OS error's reason without the repeated path, e.g. ``Permission denied``."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
