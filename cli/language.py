"""The language of the headless commands a player reads (``review``, ``stats``, ``open``).

``--lang CODE`` first, else the saved Language preference when it names a language, else the
system locale's (as the game window chooses). The words come from the window's catalogues
(``render.i18n``, loaded without pygame); ``--json`` output is never translated.

English keeps the commands' established text as it was (scripts and players read it): where that
text shows an engine code (a tile as ``5p``, a decision kind, a drill or a level), the other
languages show the window's translated name instead (``code_or_name``).
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Mapping

from prefs import LANGUAGES
from prefs.store import MAX_PREFS_BYTES, prefs_path
from render.i18n import current_language, set_language, system_language, tr
from store.reading import read_json_file

__all__ = ["add_lang_argument", "saved_language", "choose_language", "apply_language", "code_or_name",
           "lower_first", "pad", "width"]


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", metavar="CODE",
                        help=f"the language of the text: {', '.join(LANGUAGES)} (default: the Language setting, "
                             "else the system's); --json output is the same in every language")


def saved_language() -> str | None:
    """The saved Language preference when it names one of Kawa's languages (None for ``system``, no
    file or a file that cannot be read: the file is only read, never repaired here)."""
    try:
        data = read_json_file(prefs_path(), MAX_PREFS_BYTES)
    except (OSError, ValueError):
        return None
    value = data.get("language") if isinstance(data, dict) else None
    return value if value in LANGUAGES else None


def choose_language(flag: str | None) -> str:
    """The language in force for a command: the flag, else the saved preference, else the system's."""
    return flag or saved_language() or system_language()


def apply_language(args: argparse.Namespace, command: str) -> bool:
    """Install the language of ``args.lang`` (see ``choose_language``); False after saying in one line
    on standard error that the code is not one of Kawa's languages (the caller exits with 2)."""
    flag = getattr(args, "lang", None)
    if flag is not None and flag not in LANGUAGES:
        set_language(choose_language(None))  # the refusal itself in the player's usual language
        print(f"kawa {command}: " + tr("--lang {code}: Kawa speaks {languages}").format(
            code=repr(flag), languages=", ".join(LANGUAGES)), file=sys.stderr)
        return False
    set_language(choose_language(flag))
    return True


def code_or_name(code: str, names: Mapping[str, str], english: str | None = None) -> str:
    """In English the code as the text has always shown it (``english``, else the code itself); in
    another language the translated name from ``names`` (a table of ``N_`` messages), or that same
    text when the table has none."""
    if current_language() == "en" or code not in names:
        return code if english is None else english
    return tr(names[code])


def lower_first(text: str) -> str:
    """A translated label as the command's text writes it ('Win rate' -> 'win rate'); scripts without
    case are unchanged."""
    return text[:1].lower() + text[1:]


def width(text: str) -> int:
    """How many terminal columns ``text`` takes (CJK characters two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (CJK characters take two)."""
    fill = " " * max(0, columns - width(text))
    return fill + text if right else text + fill
