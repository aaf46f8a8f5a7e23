"""``python main.py prefs``: where the preferences file is and the values in force.

``--set name=value`` (repeatable) changes and saves settings; ``--reset`` writes the defaults.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from prefs.model import DEFAULTS, SPECS, Preferences, PrefsError
from prefs.store import ENV_DIR, load_prefs, prefs_path, save_prefs

_TRUE = ("on", "true", "yes", "1")
_FALSE = ("off", "false", "no", "0")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--path", help=f"the preferences file (default: ${ENV_DIR}/prefs.json "
                                       "or the user config folder)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="change a setting and save (repeatable); bools take on/off")
    parser.add_argument("--reset", action="store_true", help="save the default settings")


def parse_setting(text: str) -> tuple[str, Any]:
    """``"volume=40"`` -> ``("volume", 40)``, typed and checked against the preference."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep:
        raise PrefsError(f"{text!r}: write NAME=VALUE")
    spec = SPECS.get(name)
    if spec is None:
        raise PrefsError(f"unknown preference {name!r}; known: {', '.join(SPECS)}")
    value: Any = raw
    if spec.type is bool:
        if raw.lower() not in _TRUE + _FALSE:
            raise PrefsError(f"{name}: {raw!r} is not on/off")
        value = raw.lower() in _TRUE
    elif spec.type is int:
        try:
            value = int(raw)
        except ValueError:
            raise PrefsError(f"{name}: {raw!r} is not a whole number") from None
    return name, value


def format_prefs(prefs: Preferences) -> list[str]:
    """One line per preference: name, value, and the range where it is not the default."""
    width = max(map(len, SPECS))
    lines = []
    for name, spec in SPECS.items():
        value = getattr(prefs, name)
        shown = spec.show(value)
        note = "" if value == spec.default else "  (changed)"
        lines.append(f"{name:<{width}}  {shown:<12} [{spec.describe_range()}]{note}")
    return lines


def run(args: argparse.Namespace) -> int:
    path = prefs_path(args.path)
    prefs, messages = load_prefs(path)
    try:
        changes = dict(parse_setting(item) for item in args.set)
        updated = DEFAULTS if args.reset else prefs
        updated = updated.with_changes(**changes)
    except PrefsError as exc:
        print(f"kawa prefs: {exc}", file=sys.stderr)
        return 2
    if args.reset or changes:
        prefs = updated
        messages += save_prefs(prefs, path)
    for message in messages:
        print(f"warning: {message}", file=sys.stderr)
    print(f"file: {path}{'' if path.exists() else '  (not written yet: defaults in force)'}")
    print("\n".join(format_prefs(prefs)))
    return 0
