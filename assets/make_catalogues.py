"""Kawa's gettext catalogues: gather the player's text, keep the .po files in step, compile them.

    .venv/bin/python assets/make_catalogues.py          # write kawa.pot, every .po and .mo
    .venv/bin/python assets/make_catalogues.py --check  # exit 1 if a committed file is stale

The text is what ``render/`` and ``cli/`` (the commands a player reads) pass to ``tr`` or ``trn``
(plural forms) or mark with ``N_`` or ``C_`` (a message with its context), the preferences' labels and explanations (``prefs.SPECS``) and the table's refusal
reasons (``game.table.refusals``).
Translations are written in ``locale/<lang>/LC_MESSAGES/kawa.po``; English copies each
message; ``romaji`` holds only the Japanese terms laid over any language on request. How each
language writes numbers and lists (``render.i18n.LOCALE_DATA``) is not translated by hand: it is
written from the Unicode CLDR data Babel carries, so the game needs no locale library to read it.
Needs Babel (a development tool); the game reads the compiled ``.mo`` with ``gettext``.
"""

from __future__ import annotations

import argparse
import copy
import io
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.table.refusals import REASONS  # noqa: E402
from prefs import LANGUAGES, SPECS  # noqa: E402

LOCALE = ROOT / "assets" / "locale"
DOMAIN = "kawa"
ROMAJI = "romaji"
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)
"""A fixed date in the headers, so the files change only when the text does."""
KEYWORDS = {"tr": None, "N_": None, "C_": ((1, "c"), 2), "trn": (1, 2)}
"""``tr(message)``, ``N_(message)``, ``C_(context, message)`` and ``trn(singular, plural, n)``."""

Key = tuple["str | tuple[str, ...]", "str | None"]
"""A message (a plural message is its singular and plural) with its context."""


def gathered() -> dict[Key, list[tuple[str, int]]]:
    """Every message, keyed by its text and context, with where it comes from, in the order first met."""
    found: dict[Key, list[tuple[str, int]]] = {}
    for folder in ("render", "cli"):
        for filename, line, message, _comments, context in extract_from_dir(
                str(ROOT / folder), [("**.py", "python")], keywords=KEYWORDS, comment_tags=()):
            if isinstance(message, tuple) and len(message) == 1:
                message = message[0]
            if message and all(isinstance(part, str) and part for part in (message if isinstance(message, tuple) else
                                                                         (message,))):
                found.setdefault((message, context), []).append((f"{folder}/{filename}", line))
    for spec in SPECS.values():
        for text in (spec.label, spec.doc):
            found.setdefault((text, None), []).append((f"prefs/model.py:{spec.name}", 0))
    for code, text in REASONS.items():
        found.setdefault((text, None), []).append((f"game/table/refusals.py:{code}", 0))
    return found


def _pattern(number_pattern: str) -> str:
    """A CLDR number pattern with ``{0}`` for the number: '#,##0%' -> '{0}%'."""
    return re.sub(r"[#0,.]+", "{0}", number_pattern, count=1)


def locale_data(lang: str) -> dict[str, str]:
    """How ``lang`` writes numbers and lists, from the Unicode CLDR as Babel gives it: the
    translations of ``render.i18n.LOCALE_DATA``, by context."""
    where = Locale.parse(lang)
    signs = where.number_symbols["latn"]
    lists = where.list_patterns["standard"]
    return {"number: decimal separator": signs["decimal"], "number: group separator": signs["group"],
            "number: percent": _pattern(where.percent_formats[None].pattern), "list: two": lists["2"],
            "list: start": lists["start"], "list: middle": lists["middle"], "list: end": lists["end"]}


def _catalog(locale: str | None) -> Catalog:
    return Catalog(locale=locale, domain=DOMAIN, project="Kawa", version="1", creation_date=STAMP,
                   revision_date=STAMP, fuzzy=False)


def template() -> Catalog:
    """The catalogue template: every message, untranslated."""
    cat = _catalog(None)
    for (message, context), places in gathered().items():
        cat.add(message, locations=places, context=context)
    return cat


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, locale: str) -> Catalog:
    """A .po file, or an empty catalogue when there is none yet."""
    if not path.exists():
        return _catalog(locale)
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def updated(lang: str, pot: Catalog) -> Catalog:
    """A language's catalogue in step with the template: new messages empty, gone ones dropped."""
    cat = read(po_path(lang), lang)
    cat.update(copy.deepcopy(pot), no_fuzzy_matching=True, update_header_comment=False)
    cat.obsolete.clear()
    cat.revision_date = STAMP
    cat.fuzzy = False
    data = locale_data(lang)
    for message in cat:
        if message.context in data:
            message.string = data[message.context]
        elif lang == "en" and message.id:
            message.string = message.id if isinstance(message.id, str) else tuple(message.id)
    return cat


def po_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=100, omit_header=False, include_previous=False, include_lineno=False)
    return out.getvalue()


def mo_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, cat)
    return out.getvalue()


def outputs() -> dict[Path, bytes]:
    """Every file this script writes, with its content."""
    pot = template()
    files = {LOCALE / f"{DOMAIN}.pot": po_bytes(pot)}
    for lang in LANGUAGES:
        cat = updated(lang, pot)
        files[po_path(lang)] = po_bytes(cat)
        files[po_path(lang).with_suffix(".mo")] = mo_bytes(cat)
    terms = read(po_path(ROMAJI), "en")
    files[po_path(ROMAJI).with_suffix(".mo")] = mo_bytes(terms)
    return files


def stale() -> list[str]:
    """The files that differ from what the script makes (empty: all up to date)."""
    return [str(path.relative_to(ROOT)) for path, data in outputs().items()
            if not path.exists() or path.read_bytes() != data]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which files are stale (exit 1 if any)")
    args = parser.parse_args(argv)
    if args.check:
        behind = stale()
        for name in behind:
            print(f"stale: {name}")
        return 1 if behind else 0
    for path, data in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
