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
from collections.abc import Callable, Sequence
from typing import Any

from prefs import LANGUAGES
from render.paths import asset_path

__all__ = ["number", "percent", "join_list", "series", "can_break", "C_", "trn", "LOCALE_DATA", "NO_LINE_START",
           "NO_LINE_END", "in_language", "DOMAIN", "LANGUAGES", "ROMAJI", "LANGUAGE_NAMES", "tr", "N_", "current_language",
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


CONTEXT = "\x04"
"""Between a context and its message (gettext's own separator, as ``pgettext`` looks them up)."""


def C_(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it, marked for the catalogue: one English word
    with two senses gets two translations (``C_("replay", "Play")``, ``C_("settings heading",
    "Play")``); ``tr`` translates it and shows only the message."""
    return f"{context}{CONTEXT}{message}"


def tr(message: str) -> str:
    """``message`` in the language in force (itself when the catalogue has no entry); its
    ``format`` writes numbers as the language does (see ``Message``).

    >>> _ = set_language("ja")
    >>> tr(C_("replay", "Play")), tr(C_("settings heading", "Play"))
    ('再生', '対局')
    >>> _ = set_language("en")
    >>> tr(C_("replay", "Play"))
    'Play'
    """
    translations = _state["tr"]
    assert isinstance(translations, gettext.NullTranslations)
    if not message:
        return message
    return Message(translations.gettext(message).rpartition(CONTEXT)[2])


def trn(singular: str, plural: str, n: int) -> str:
    """The form of a message that goes with the count ``n``, by the language's plural rule (from
    its catalogue's ``Plural-Forms``: Japanese, Chinese and Korean have one form, English and
    Italian two).

    >>> _ = set_language("it")
    >>> [trn("{n} mistake", "{n} mistakes", n).format(n=n) for n in (1, 2)]
    ['1 errore', '2 errori']
    >>> _ = set_language("en")
    """
    translations = _state["tr"]
    assert isinstance(translations, gettext.NullTranslations)
    return Message(translations.ngettext(singular, plural, n))


LOCALE_DATA = (C_("number: decimal separator", "."), C_("number: group separator", ","), C_("number: percent", "{0}%"),
               C_("list: two", "{0} and {1}"), C_("list: start", "{0}, {1}"), C_("list: middle", "{0}, {1}"),
               C_("list: end", "{0}, and {1}"))
"""How each language writes numbers and lists: messages whose translations are not written by hand
but taken from the Unicode CLDR through Babel when ``assets/make_catalogues.py`` runs, so the
game reads them from its catalogues with no locale library of its own (English: the messages
themselves, which are CLDR's English)."""


_signs: dict[tuple[object, ...], dict[int, str]] = {}


def _separators() -> dict[int, str]:
    """The language's grouping and decimal signs in place of Python's ',' and '.'."""
    key = (_state["lang"], _state["terms"])
    if key not in _signs:
        group, decimal = tr(C_("number: group separator", ",")), tr(C_("number: decimal separator", "."))
        _signs[key] = str.maketrans({",": group, ".": decimal})
    return _signs[key]


class _Number:
    """A number formatted as in ``format``, then with the language's grouping and decimal signs."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).translate(_separators())

    def __str__(self) -> str:
        return str(self.value).translate(_separators())


def _localised(value: Any) -> Any:
    return _Number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def number(value: float, spec: str = ",") -> str:
    """A number as the language in force writes it (``number(7700)`` is 7,700, or 7.700 in Italian;
    ``number(-3.5, "+.1f")`` is -3.5 or -3,5).

    >>> _ = set_language("it")
    >>> number(7700), number(-3.5, "+.1f"), number(23700, "+,")
    ('7.700', '-3,5', '+23.700')
    >>> _ = set_language("en")
    """
    return format(_localised(value), spec)


def percent(share: float | None, digits: int = 1) -> str:
    """A share (0.167) as the language writes a percentage ('16.7%', '16,7%'); '-' for None.

    >>> _ = set_language("it")
    >>> percent(0.1667), percent(0.5, 0), percent(None)
    ('16,7%', '50%', '-')
    >>> _ = set_language("en")
    """
    if share is None:
        return "-"
    return tr(C_("number: percent", "{0}%")).format(number(100 * share, f",.{digits}f"))


def join_list(items: Sequence[str]) -> str:
    """Words joined as the language lists them: 'A, B, and C'; 'A、B、C'; 'A、B和C'; 'A, B e C'.

    >>> _ = set_language("it")
    >>> join_list(["riichi", "tsumo", "pinfu"]), join_list(["riichi", "tsumo"]), join_list(["dora"])
    ('riichi, tsumo e pinfu', 'riichi e tsumo', 'dora')
    >>> _ = set_language("ja")
    >>> join_list(["ロン和了", "立直後"])
    'ロン和了、立直後'
    >>> _ = set_language("en")
    """
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2:
        return tr(C_("list: two", "{0} and {1}")).format(*items)
    joined = tr(C_("list: end", "{0}, and {1}")).format(items[-2], items[-1])
    for item in reversed(items[1:-2]):
        joined = tr(C_("list: middle", "{0}, {1}")).format(item, joined)
    return tr(C_("list: start", "{0}, {1}")).format(items[0], joined)


def series(items: Sequence[str]) -> str:
    """Entries one after another without a closing 'and' ('E +3,900, S -3,900'; 'ロン、立直'):
    the language's list separator between each.

    >>> _ = set_language("zh_CN")
    >>> series(["东 +3,900", "南 -3,900"])
    '东 +3,900、南 -3,900'
    >>> _ = set_language("en")
    """
    items = list(items)
    joined = items[-1] if items else ""
    for item in reversed(items[:-1]):
        joined = tr(C_("list: middle", "{0}, {1}")).format(item, joined)
    return joined


NO_LINE_START = frozenset("、。，．,.・：；:;？！?!)）]］｝」』】〕〉》〙〗〟’”｠»ゝゞーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻‐゠–〜～‼⁇⁈⁉…‥%％")
"""Characters a Japanese or Chinese line never starts with (closing brackets, the comma and full stop,
small kana, the long vowel mark, ...: the line-breaking rules of JIS X 4051 and GB/T 15834)."""
NO_LINE_END = frozenset("(（[［｛「『【〔〈《〘〖〝‘“｟«")
"""Characters a line never ends with (opening brackets)."""


def can_break(line: str, cut: int) -> bool:
    """Whether a line of text without spaces (Japanese, Chinese) may break before ``line[cut]``:
    never before a comma, full stop or closing bracket, nor after an opening bracket.

    >>> can_break("ロン和了、立直後", 4), can_break("ロン和了、立直後", 5)
    (False, True)
    """
    if cut <= 0 or cut >= len(line):
        return True
    return line[cut] not in NO_LINE_START and line[cut - 1] not in NO_LINE_END


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
