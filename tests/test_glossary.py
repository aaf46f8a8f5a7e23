"""One term per concept in each language: every catalogue has a glossary beside it
(``assets/locale/<lang>/glossary.txt``) naming the term it uses for each concept and the other
spellings a native reader would take for a second, different thing; no translation may use one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from prefs import LANGUAGES
from render.resources import asset_root

LOCALE = asset_root() / "locale"


@dataclass(frozen=True)
class Entry:
    concept: str
    term: str
    flagged: tuple[str, ...]


def glossary(path: Path) -> list[Entry]:
    """The entries of a glossary file: ``concept | term | flagged, spellings`` per line (the spellings
    parted by a comma and a space), # comments."""
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        concept, term, flagged = ([part.strip() for part in line.split("|")] + ["", ""])[:3]
        entries.append(Entry(concept, term, tuple(s.strip() for s in flagged.split(", ") if s.strip())))
    return entries


def translations(lang: str) -> dict[str, list[str]]:
    """Each message of ``lang``'s catalogue (its English text) with its translated forms."""
    with (LOCALE / lang / "LC_MESSAGES" / "kawa.po").open("rb") as f:
        cat = read_po(f, locale=lang)
    shown: dict[str, list[str]] = {}
    for m in cat:
        if m.id:
            english = m.id if isinstance(m.id, str) else m.id[0]
            shown.setdefault(english, []).extend([m.string] if isinstance(m.string, str) else list(m.string))
    return shown


def spelled(spelling: str, text: str) -> bool:
    """Whether ``text`` uses ``spelling``: as whole words in Latin script (in any case), anywhere in CJK text;
    never inside a placeholder (``{oka:g}`` is a name, not a word shown)."""
    text = re.sub(r"\{[^}]*\}", "{}", text)
    if spelling.isascii():
        return re.search(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])", text, re.IGNORECASE) is not None
    return spelling in text


def second_spellings(entries: list[Entry], shown: dict[str, list[str]]) -> list[str]:
    """Every translation that spells a glossary concept another way: 'concept: spelling in «text»'."""
    return [f"{e.concept}: {s!r} in {text!r}" for e in entries for s in e.flagged
            for texts in shown.values() for text in texts if spelled(s, text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_spells_a_concept_a_second_way(lang: str) -> None:
    found = second_spellings(glossary(LOCALE / lang / "glossary.txt"), translations(lang))
    assert not found, "\n".join(found[:10])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_concept_that_is_a_message_is_translated_with_its_term(lang: str) -> None:
    shown = translations(lang)
    entries = glossary(LOCALE / lang / "glossary.txt")
    assert len(entries) >= 5
    wrong = [(e.concept, shown[e.concept]) for e in entries if e.concept in shown
             and not all(e.term.casefold() in text.casefold() for text in shown[e.concept])]
    assert not wrong, wrong


def test_a_second_spelling_is_flagged() -> None:
    entries = glossary(LOCALE / "it" / "glossary.txt")
    shown = {"A run": ["Una scala di tre tessere"], "Scale": ["Scalare"], "Triplet": ["Una tripletta"]}
    assert second_spellings(entries, shown) == ["run: 'una scala' in 'Una scala di tre tessere'"]
    ko = glossary(LOCALE / "ko" / "glossary.txt")
    assert second_spellings(ko, {"you": ["당신의 손패"]}) == ["you: '당신' in '당신의 손패'"]


@pytest.mark.parametrize("lang", ["ja", "zh_CN"])
def test_japanese_and_chinese_write_the_full_width_colon_after_their_own_words(lang: str) -> None:
    """'立直後：和了', not '立直後: 和了' (a half-width colon and space belong to Latin text)."""
    half = [text for texts in translations(lang).values() for text in texts if re.search(r"[^\x00-\x7f]: ", text)]
    assert not half, half[:5]
