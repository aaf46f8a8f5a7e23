"""The headless commands a player reads (review, stats, open) speak the player's language.

English is the text the commands printed before they were translated: the files in
``tests/cli_language`` are that text (``{source}`` and ``{database}`` stand for the paths). The review
file follows the strong AI's choices on one real record; when the AI is changed on purpose, write it
anew with ``main.py review ../shared/data/realgames/mjlog/dnovikoff/bug1.xml --seat 2 --lang en``.
Another language changes the words the window's catalogues already translate; messages new to the
commands show in English until they are translated (those checks skip, saying so).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main
from cli import review as review_cli
from cli.language import choose_language, pad, width
from game.stats.hand_facts import HandFacts
from game.table import Action
from game.tiles import kind_of, parse_kinds
from render.drill_words import DRILL_NAMES
from render.i18n import set_language, tr
from render.review_words import KIND_NAMES, SEVERITY_NAMES
from render.words import tile_words
from store.stats import GameInfo, StatsDB
from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = Path(__file__).resolve().parent / "cli_language"


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def no_saved_language(tmp_path: Path, monkeypatch) -> None:
    """No preference file and an English system, unless a test says otherwise."""
    monkeypatch.setenv("KAWA_CONFIG_DIR", str(tmp_path / "config"))
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def translated(message: str, lang: str) -> str:
    """``message`` in ``lang``; skips the check when the catalogue has no translation of it yet."""
    set_language(lang)
    words = tr(message)
    set_language("en")
    if words == message:
        pytest.skip(f"{message!r} has no {lang} translation yet (new messages are translated before a release)")
    return words


# review --------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def record() -> Path:
    return shared_path("data", "realgames", "mjlog", "dnovikoff", "bug1.xml")


def review(capsys, record: Path, *flags: str) -> str:
    code, out, err = run(capsys, "review", str(record), "--seat", "2", *flags)
    assert (code, err) == (0, "")
    return out


def test_review_in_english_is_the_text_it_always_was(capsys, record: Path) -> None:
    want = (EXPECTED / "review_bug1_seat2.en.txt").read_text(encoding="utf-8").replace("{source}", str(record))
    assert review(capsys, record, "--lang", "en") == want
    assert review(capsys, record) == want  # no preference, an English system


def test_no_reason_praises_a_tile_that_leaves_the_hand_further_from_ready(capsys, record: Path) -> None:
    """Where the AI gives up speed for safety, the reason names the danger, not the speed it lost."""
    decisions = json.loads(review(capsys, record, "--json"))["decisions"]
    reasons = [d["reason"] for d in decisions if d["reason"]]
    for r in reasons:
        if r["code"] == "lower_shanten":
            assert r["shanten"][0] < r["shanten"][1], r
        if r["code"] in ("more_useful_tiles", "wider_wait"):
            assert r["ukeire"][0] > r["ukeire"][1], r
    # most of the AI's safer choices here are ones houou players make too (no longer counted against the
    # player); the danger still names the rest
    assert sum(r["code"] in ("dangerous_against_threat", "dangerous_against_riichi") for r in reasons) >= 1


def test_review_in_japanese_names_kinds_severities_and_tiles_in_japanese(capsys, record: Path) -> None:
    english = review(capsys, record, "--lang", "en").splitlines()
    japanese = review(capsys, record, "--lang", "ja").splitlines()
    assert len(japanese) == len(english) and japanese != english
    efficiency = translated(KIND_NAMES["efficiency"], "ja")
    slip, mistake = translated(SEVERITY_NAMES["slip"], "ja"), translated(SEVERITY_NAMES["mistake"], "ja")
    two_circles = translated("{n} circles", "ja").format(n=2)
    first = next(n for n, line in enumerate(english) if "you chose discard 2p;" in line)
    assert "[slip, efficiency," in english[first]
    assert two_circles in japanese[first] and slip in japanese[first] and efficiency in japanese[first]
    assert "2p" not in japanese[first]
    assert any(mistake in line for line in japanese[first:])
    assert f"  {efficiency}" in "\n".join(japanese)  # the agreement table by kind
    # the hand labels in Japanese: E1-0 is 東1局0本場
    codes = [line.split(" ")[0] for line in english[first:first + 5]]
    winds = dict(zip("ESWN", "東南西北"))
    assert [line.split(" ")[0] for line in japanese[first:first + 5]] == [
        f"{winds[c[0]]}{c[1]}局{c.split('-')[1]}本場" for c in codes]


def test_review_json_is_the_same_in_every_language(capsys, record: Path) -> None:
    outputs = {lang: review(capsys, record, "--json", "--lang", lang) for lang in ("en", "ja", "zh_CN", "it")}
    assert len(set(outputs.values())) == 1


def test_review_actions_in_each_language() -> None:
    chi = Action("chi", tile=4 * parse_kinds("3m")[0], tiles=(4 * parse_kinds("4m")[0], 4 * parse_kinds("5m")[0] + 1))
    ankan = Action("ankan", tiles=tuple(4 * parse_kinds("7z")[0] + n for n in range(4)))
    assert [review_cli.describe(a) for a in (chi, ankan, Action("pass"))] == [
        "chi 3m with 45m", "closed kan of 77", "pass"]
    set_language("ja")
    assert tile_words(kind_of(chi.tile)) in review_cli.describe(chi)
    assert tile_words(kind_of(ankan.tiles[0])) in review_cli.describe(ankan)


# stats ---------------------------------------------------------------------------------------------

def fill(folder: Path) -> None:
    """Six games against two sets of levels, drill answers and two reviews."""
    db = StatsDB(folder)
    for game in range(6):
        levels = ("strong",) * 3 if game % 2 else ("easy", "normal", "easy")
        game_id = db.start_game(GameInfo(f"g{game}", "ema", levels, False, game))
        for number in range(4):
            won = (game + number) % 3 == 0
            dealt_in = not won and (game + number) % 4 == 1
            riichi = number % 2 == 0
            facts = HandFacts(hand_index=number, honba=0, dealer=number == 0, won=won, dealt_in=dealt_in,
                              riichi=riichi, called=not riichi and number == 3, dama=won and not riichi,
                              tsumo=won and number % 2 == 0, win_value=7700 if won else 0,
                              deal_in_value=3900 if dealt_in else 0, draw="", tenpai=None,
                              riichi_result=("won" if won else "dealt_in" if dealt_in else "other_won") if riichi else "",
                              delta=7700 if won else -3900 if dealt_in else 0)
            finish = (game % 4 + 1, 25000 + 1000 * game, 10.0 - game) if number == 3 else None
            db.record_hand(game_id, number, facts, finish)
    for n, (drill, correct) in enumerate([("waits", True), ("waits", False), ("waits", True), ("defence", True),
                                          ("discard", False), ("scoring", True), ("mistakes", True)]):
        db.record_drill(drill, "easy", n, correct)
    db.record_review("r1", 0, 0.625, 40, [])
    db.record_review("r2", 0, 0.8125, 32, [])
    db.close()


@pytest.fixture
def data(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    fill(folder)
    monkeypatch.setenv("KAWA_DATA_DIR", str(folder))
    return folder


def stats(capsys, *flags: str) -> str:
    code, out, err = run(capsys, "stats", *flags)
    assert (code, err) == (0, "")
    return out


def test_stats_in_english_is_the_text_it_always_was(capsys, data: Path) -> None:
    want = (EXPECTED / "stats.en.txt").read_text(encoding="utf-8").replace("{database}", str(data / "stats.sqlite3"))
    assert stats(capsys, "--lang", "en") == want
    assert stats(capsys) == want


def test_stats_in_japanese_labels_levels_and_drills_in_japanese(capsys, data: Path) -> None:
    english = stats(capsys, "--lang", "en").splitlines()
    japanese = stats(capsys, "--lang", "ja").splitlines()
    assert len(japanese) == len(english)
    win_rate = translated("Win rate", "ja")
    assert any(line.startswith(win_rate + " ") for line in japanese)
    assert not any(line.startswith("win rate") for line in japanese)
    waits = translated(DRILL_NAMES["waits"], "ja")
    assert any(line.startswith(f"drill {waits}: 2 of 3") or waits in line for line in japanese)
    strong = translated("Strong", "ja")
    assert strong in japanese[1] and "strong" not in japanese[1]
    # the figures are the same, column for column
    assert [line.split()[-5:] for line in japanese[2:24]] == [line.split()[-5:] for line in english[2:24]]
    # the columns line up in terminal cells (CJK characters take two)
    header, rows = japanese[1], japanese[2:24]
    assert all(width(row) == width(header) for row in rows)


def test_stats_json_is_the_same_in_every_language(capsys, data: Path) -> None:
    outputs = {lang: stats(capsys, "--json", "--lang", lang) for lang in ("en", "ja", "ko", "it")}
    assert len(set(outputs.values())) == 1


def test_stats_with_no_game_in_english(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KAWA_DATA_DIR", str(tmp_path / "empty"))
    out = stats(capsys, "--lang", "en")
    assert out.splitlines()[1] == "No game recorded yet (watched games count with --include-demo)."


# the language chosen -------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["review", "stats", "open"])
def test_an_unknown_language_is_refused_in_one_line_with_exit_code_2(capsys, tmp_path: Path, command: str) -> None:
    game = str(tmp_path / "game.xml")
    operands = {"review": [game, "--seat", "0"], "stats": [], "open": [game]}[command]
    code, out, err = run(capsys, command, *operands, "--lang", "fr")
    assert code == 2 and out == ""
    assert err == f"kawa {command}: --lang 'fr': Kawa speaks en, ja, zh_CN, ko, it\n"


def test_the_flag_then_the_saved_preference_then_the_system(tmp_path: Path, monkeypatch) -> None:
    config = tmp_path / "config"
    config.mkdir()
    assert choose_language(None) == "en"
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert choose_language(None) == "ko"
    (config / "prefs.json").write_text('{"language": "ja"}', encoding="utf-8")
    assert choose_language(None) == "ja" and choose_language("it") == "it"
    (config / "prefs.json").write_text('{"language": "system"}', encoding="utf-8")
    assert choose_language(None) == "ko"
    (config / "prefs.json").write_text("not json", encoding="utf-8")
    assert choose_language(None) == "ko" and (config / "prefs.json").exists()  # read only, never moved aside


def test_the_saved_preference_speaks_when_no_flag_is_given(capsys, data: Path, tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "prefs.json").write_text('{"language": "ja"}', encoding="utf-8")
    assert stats(capsys) == stats(capsys, "--lang", "ja") != stats(capsys, "--lang", "en")


def test_an_unreadable_record_is_told_in_the_language(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("garbage", encoding="utf-8")
    code, _, err = run(capsys, "open", str(bad), "--lang", "en")
    assert code == 1 and err.startswith(f"kawa open: This file cannot be opened: {bad}: ") and err.count("\n") == 1
    words = translated("This file cannot be opened: {problem}", "ja").split("{problem}")[0]
    code, _, err = run(capsys, "open", str(bad), "--lang", "ja")
    assert code == 1 and err.startswith(f"kawa open: {words}{bad}: ")


def test_padding_counts_terminal_cells() -> None:
    assert pad("牌効率", 8) == "牌効率  " and pad("ab", 4, right=True) == "  ab" and width("和了率") == 6


def test_the_translated_commands_start_without_pygame() -> None:
    for command in ("stats", "review"):
        out = subprocess.run([sys.executable, "-X", "importtime", "main.py", command, "--help"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and "pygame" not in out.stderr.lower(), command
