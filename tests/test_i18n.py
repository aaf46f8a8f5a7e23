"""The languages: complete catalogues, compiled files in step with their sources, the words a
player reads in each language, run-time switching and the fallbacks."""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

import main
from prefs import DEFAULTS, LANGUAGES, PrefsError
from render import i18n
from render.i18n import set_language, system_language, tr
from render.resources import LANGUAGE_FONT_FILES, asset_root, language_font_path
from render.words import fu_words, limit_words, refusal_words, tile_words, yaku_words

LOCALE = asset_root() / "locale"


def load_script():
    spec = importlib.util.spec_from_file_location("kawa_make_catalogues", asset_root() / "make_catalogues.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def catalogue(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "kawa.po").open("rb") as f:
        return read_po(f, locale="en" if lang == "romaji" else lang)


def forms(string: str | tuple[str, ...]) -> tuple[str, ...]:
    """The forms of a translation: one, or one per plural form."""
    return (string,) if isinstance(string, str) else tuple(string)


def test_committed_catalogues_are_what_the_script_makes() -> None:
    assert SCRIPT.stale() == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_in_the_code_is_translated_and_none_is_fuzzy(lang: str) -> None:
    cat = catalogue(lang)
    used = set(SCRIPT.gathered())
    entries = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context): m for m in cat if m.id}
    assert used <= set(entries), sorted(map(repr, used - set(entries)))[:5]
    empty = [m.id for m in entries.values() if not all(form.strip() for form in forms(m.string))]
    fuzzy = [m.id for m in entries.values() if m.fuzzy]
    assert not empty and not fuzzy, (empty[:5], fuzzy[:5])
    assert not cat.fuzzy


@pytest.mark.parametrize("lang", [*LANGUAGES, "romaji"])
def test_translations_keep_every_placeholder(lang: str) -> None:
    fields = re.compile(r"\{[^}]*\}")
    for m in catalogue(lang):
        if m.id and m.string:
            source = fields.findall(m.id if isinstance(m.id, str) else m.id[-1])
            for form in forms(m.string):
                assert sorted(source) == sorted(fields.findall(form)), (m.id, m.string)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_number_and_list_patterns_are_the_cldr_data_of_each_language(lang: str) -> None:
    """English reads the messages themselves, so they must be CLDR's English; every other
    language's translations are written from its CLDR data."""
    cldr = SCRIPT.locale_data(lang)
    english = dict(message.split(i18n.CONTEXT) for message in i18n.LOCALE_DATA)
    assert set(english) == set(cldr)
    if lang == "en":
        assert english == cldr
    shown = {m.context: m.string for m in catalogue(lang) if m.context in cldr}
    assert shown == cldr
    assert lang != "it" or (cldr["number: decimal separator"], cldr["list: end"]) == (",", "{0} e {1}")


def test_japanese_terms_catalogue_only_holds_messages_the_code_uses() -> None:
    assert {m.id for m in catalogue("romaji") if m.id} <= {message for message, _context in SCRIPT.gathered()}


def test_the_words_in_each_language() -> None:
    shown = {}
    for lang in LANGUAGES:
        set_language(lang)
        shown[lang] = (tr("New game"), yaku_words("menzen tsumo"), yaku_words("tanyao"), limit_words("haneman"),
                       fu_words("closed triplet 5m"), tile_words(31))
    assert shown["en"] == ("New game", "Fully concealed self-draw", "All simples", "Haneman", "closed triplet 5 characters",
                           "White dragon")
    assert shown["ja"] == ("新しい対局", "門前清自摸和", "断幺九", "跳満", "暗刻 5萬", "白")
    assert shown["zh_CN"] == ("新对局", "门前清自摸和", "断幺九", "跳满", "暗刻 5万", "白")
    assert shown["ko"] == ("새 대국", "멘젠쯔모", "탕야오", "하네만", "안커 5만", "백")
    assert shown["it"] == ("Nuova partita", "Mano chiusa vinta in tsumo", "Tutte semplici", "Haneman",
                           "tripletta chiusa 5 caratteri", "Drago bianco")


def test_japanese_terms_show_romaji_over_any_language() -> None:
    set_language("it", japanese_terms=True)
    assert (yaku_words("tanyao"), yaku_words("pinfu"), tr("Closed kan")) == ("Tanyao", "Pinfu", "Ankan")
    assert tr("New game") == "Nuova partita"  # the rest stays Italian
    set_language("en", japanese_terms=True)
    assert yaku_words("menzen tsumo") == "Menzen tsumo"


def test_refusals_are_worded_with_the_rules_numbers() -> None:
    set_language("ja")
    assert refusal_words("riichi_wall", {"riichi_min_wall": 4}) == "立直には山に4枚以上の残りが必要です"
    set_language("en")
    assert refusal_words("furiten", {}).startswith("furiten: one of your waits")


def test_a_language_change_is_heard_and_applies_at_once() -> None:
    heard: list[str] = []
    i18n.on_change(heard.append)
    set_language("ko")
    assert tr("Settings") == "설정"
    set_language("it")
    assert tr("Settings") == "Impostazioni" and heard[-2:] == ["ko", "it"]


def test_a_missing_catalogue_falls_back_to_english_and_says_so(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(i18n, "catalogue_dir", lambda: str(tmp_path))
    i18n._reported.discard("ja")
    problems = set_language("ja")
    assert problems and tr("New game") == "New game" and i18n.current_language() == "en"
    set_language("ja")
    assert capsys.readouterr().out.count("no catalogue") == 1  # reported once


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LC_ALL": "zh_CN.UTF-8"}, "zh_CN"), ({"LANG": "zh_TW.UTF-8"}, "zh_CN"),
    ({"LANGUAGE": "ko_KR:en"}, "ko"), ({"LANG": "it_IT.UTF-8"}, "it"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
])
def test_the_system_language_or_english(env: dict[str, str], expected: str) -> None:
    assert system_language(env) == expected


def test_the_language_preference_takes_the_five_codes_and_refuses_others() -> None:
    assert DEFAULTS.language == "system"
    for code in LANGUAGES:
        assert DEFAULTS.with_changes(language=code).language == code
    with pytest.raises(PrefsError, match="is not a language Kawa speaks; choose from system, en, ja, zh_CN, ko, it"):
        DEFAULTS.with_changes(language="fr")


def test_compiled_catalogues_load_with_the_standard_library() -> None:
    for lang in LANGUAGES:
        gettext.translation("kawa", str(LOCALE), languages=[lang])


def test_the_lang_flag_refuses_an_unknown_language_before_opening_a_window(capsys) -> None:
    assert main.main(["--lang", "fr"]) == 2
    assert "--lang 'fr': Kawa speaks en, ja, zh_CN, ko, it" in capsys.readouterr().out


@pytest.mark.parametrize("lang", sorted(LANGUAGE_FONT_FILES))
def test_each_cjk_font_has_every_character_of_its_catalogue(lang: str) -> None:
    path = language_font_path(lang)
    assert path is not None, f"{LANGUAGE_FONT_FILES[lang]} is missing"
    cmap = TTFont(str(path)).getBestCmap()
    text = "".join("".join(forms(m.string)) for m in catalogue(lang) if m.id) + "".join(i18n.LANGUAGE_NAMES.values())
    missing = sorted({c for c in text if ord(c) not in cmap and not c.isspace()})
    assert not missing, f"{lang}: run assets/make_cjk_fonts.py; missing {''.join(missing[:20])}"
