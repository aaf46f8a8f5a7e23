"""The language the player reads: gettext catalogues, switched at run time.

Screens pass English text through ``tr`` when they draw (widgets translate their labels when
they draw), so a change of language shows on the next frame without a restart. Text kept in
tables is marked with ``N_`` so the catalogue script finds it. A missing or broken catalogue
never stops the game: English is shown and the problem is reported once.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Callable
from typing import Any

from prefs import LANGUAGES
from render.paths import asset_path

__all__ = ["number", "in_language", "DOMAIN", "LANGUAGES", "ROMAJI", "LANGUAGE_NAMES", "tr", "N_", "current_language",
           "set_language", "system_language", "resolve_language", "japanese_terms", "on_change",
           "catalogue_dir"]

DOMAIN = "kawa"
ROMAJI = "romaji"
"""The catalogue of Japanese terms in romaji (riichi, ron, pon, yaku names), laid over any
language when the player asks for Japanese terms."""


_state: dict[str, object] = {"lang": "en", "terms": False, "tr": gettext.NullTranslations()}
_reported: set[str] = set()
_listeners: list[Callable[[str], None]] = []


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (tables translated when drawn)."""
    return message


LANGUAGE_NAMES = {"system": N_("System language"), "en": "English", "ja": "日本語",
                  "zh_CN": "简体中文", "ko": "한국어", "it": "Italiano"}
"""Each choice as its own speakers write it (only "System language" is translated)."""


def tr(message: str) -> str:
    """``message`` in the language in force (itself when the catalogue has no entry); its
    ``format`` writes numbers as the language does (see ``Message``)."""
    translations = _state["tr"]
    assert isinstance(translations, gettext.NullTranslations)
    return Message(translations.gettext(message)) if message else message


DECIMAL_COMMA = frozenset({"it"})
"""Languages that group thousands with a point and write decimals with a comma (7.700, 1,5%)."""
_SWAP = str.maketrans(",.", ".,")


class _Number:
    """A number formatted as in ``format``, then with the grouping point and decimal comma swapped."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).translate(_SWAP)

    def __str__(self) -> str:
        return str(self.value).translate(_SWAP)


def _localised(value: Any) -> Any:
    return _Number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def number(value: float, spec: str = ",") -> str:
    """A number as the language in force writes it (``number(7700)`` is 7,700, or 7.700 in Italian)."""
    return format(_localised(value) if current_language() in DECIMAL_COMMA else value, spec)


class Message(str):
    """A translated message: ``format`` groups thousands and writes decimals as the language does.

    >>> _ = set_language("it")
    >>> tr("{points:,} points").format(points=7700), tr("{share:.1%}").format(share=0.125)
    ('7.700 punti', '12,5%')
    >>> _ = set_language("en")
    >>> tr("{points:,} points").format(points=7700)
    '7,700 points'
    """

    def format(self, *args: Any, **kwargs: Any) -> str:
        if current_language() not in DECIMAL_COMMA:
            return str.format(self, *args, **kwargs)
        return str.format(self, *map(_localised, args), **{k: _localised(v) for k, v in kwargs.items()})


def catalogue_dir() -> str:
    """The folder of the compiled catalogues (``assets/locale``)."""
    return str(asset_path("locale"))


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system locale's language among Kawa's, else ``en`` (``ja_JP.UTF-8`` -> ``ja``)."""
    env = os.environ if environ is None else environ
    names = [env.get(key, "") for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        names.append(locale.getlocale()[0] or "")
    for name in names:
        for part in name.split(":"):
            code = part.split(".")[0].split("@")[0]
            if code.startswith("zh"):
                return "zh_CN"
            if code in LANGUAGES:
                return code
            if code[:2] in LANGUAGES:
                return code[:2]
    return "en"


def resolve_language(choice: str) -> str:
    """The language a preference or flag means: ``system`` -> the system's, else the code."""
    return system_language() if choice == "system" else choice


def _load(code: str) -> gettext.NullTranslations | None:
    try:
        return gettext.translation(DOMAIN, catalogue_dir(), languages=[code])
    except (OSError, ValueError) as exc:
        if code not in _reported:
            _reported.add(code)
            print(f"Kawa: no catalogue for {code!r} ({exc}); showing English")
        return None


def set_language(choice: str, japanese_terms: bool = False) -> list[str]:
    """Install the language ``choice`` (a code or ``system``), with Japanese terms on top if
    asked. Returns the problems met (a missing catalogue: English is used); listeners hear
    of a change."""
    code = resolve_language(choice)
    problems: list[str] = []
    translations: gettext.NullTranslations = gettext.NullTranslations()
    if code != "en":
        loaded = _load(code)
        if loaded is None:
            problems.append(f"no catalogue for {code}: English shown")
            code = "en"
        else:
            translations = loaded
    if japanese_terms:
        terms = _load(ROMAJI)
        if terms is not None:
            terms.add_fallback(translations)
            translations = terms
        else:
            problems.append("no catalogue of Japanese terms")
    changed = (code, japanese_terms) != (_state["lang"], _state["terms"])
    _state.update(lang=code, terms=japanese_terms, tr=translations)
    if changed:
        for listener in list(_listeners):
            listener(code)
    return problems


_other: dict[str, gettext.NullTranslations] = {}


def in_language(message: str, code: str) -> str:
    """``message`` in the language ``code`` whatever the language in force (itself without a catalogue).

    >>> in_language("Riichi", "ja"), in_language("Riichi", "en")
    ('立直', 'Riichi')
    """
    if code == "en" or not message:
        return message
    if code not in _other:
        _other[code] = _load(code) or gettext.NullTranslations()
    return _other[code].gettext(message)


def current_language() -> str:
    """The code of the language in force (``en`` ... ``it``)."""
    return str(_state["lang"])


def japanese_terms() -> bool:
    """Whether Japanese terms are laid over the language."""
    return bool(_state["terms"])


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every change of language or of Japanese terms."""
    _listeners.append(listener)
