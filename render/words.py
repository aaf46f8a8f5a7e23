"""What the player reads for the engine's codes: draws, winds, tiles, yaku, limits, fu lines
and refusals, in English marked for the catalogues; ``tr`` gives them in the language in force.

The engine emits codes (``"menzen tsumo"``, ``"mangan"``, ``"closed triplet 5m"``,
``"riichi_points"``); these tables and functions are the only place they become words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from game.table.refusals import REASONS
from game.tiles import kind_name, parse_kinds
from render.i18n import C_, N_, current_language, in_language, tr

__all__ = ["japanese_yaku_name", "DEFAULT_PLAYER_NAME", "player_name_words", "stats_words", "DRAW_NAMES", "WIND_NAMES", "YAKU_NAMES", "LIMIT_NAMES", "tile_words", "round_label",
           "draw_words", "wind_words", "yaku_words", "limit_words", "fu_words", "refusal_words"]

DRAW_NAMES = {"exhaustive": N_("Exhaustive draw"), "nagashi_mangan": N_("Exhaustive draw: nagashi mangan"),
              "kyuushu_kyuuhai": N_("Abortive draw: nine terminals and honours"), "suufon_renda": N_("Abortive draw: four winds"),
              "suucha_riichi": N_("Abortive draw: four riichi"), "suukaikan": N_("Abortive draw: four kans"),
              "sanchahou": N_("Abortive draw: triple ron")}
WIND_NAMES = {27: N_("East"), 28: N_("South"), 29: N_("West"), 30: N_("North")}
SUIT_WORDS = {"m": N_("{n} characters"), "p": N_("{n} circles"), "s": N_("{n} bamboo")}
HONOR_WORDS = (N_("East"), N_("South"), N_("West"), N_("North"), N_("White dragon"), N_("Green dragon"),
               N_("Red dragon"))

YAKU_NAMES = {
    "menzen_tsumo": N_("Fully concealed self-draw"), "riichi": N_("Riichi"), "double_riichi": N_("Double riichi"),
    "ippatsu": N_("One-shot"), "chankan": N_("Robbing a kan"), "rinshan": N_("After a kan"),
    "haitei": N_("Last tile drawn"), "houtei": N_("Last discard"), "pinfu": N_("No-points hand"),
    "tanyao": N_("All simples"), "iipeikou": N_("Pure double run"), "ryanpeikou": N_("Twice pure double run"),
    "sanshoku_doujun": N_("Mixed triple run"), "ittsu": N_("Pure straight"), "seat_wind": N_("Seat wind"),
    "round_wind": N_("Round wind"), "haku": N_("White dragon"), "hatsu": N_("Green dragon"),
    "chun": N_("Red dragon"), "shousangen": N_("Little three dragons"), "chanta": N_("Outside hand"),
    "junchan": N_("Terminals in every set"), "honroutou": N_("All terminals and honours"),
    "toitoi": N_("All triplets"), "sanankou": N_("Three concealed triplets"), "sankantsu": N_("Three kans"),
    "sanshoku_doukou": N_("Triple triplets"), "chiitoitsu": N_("Seven pairs"), "honitsu": N_("Half flush"),
    "chinitsu": N_("Full flush"),
    "kokushi_musou": N_("Thirteen orphans"), "kokushi_musou_13-sided_wait": N_("Thirteen orphans, 13-sided wait"),
    "chuuren_poutou": N_("Nine gates"), "junsei_chuuren_poutou": N_("True nine gates"),
    "suuankou": N_("Four concealed triplets"), "suuankou_tanki": N_("Four concealed triplets, pair wait"),
    "daisangen": N_("Big three dragons"), "shousuushii": N_("Little four winds"),
    "daisuushii": N_("Big four winds"), "ryuuiisou": N_("All green"), "tsuuiisou": N_("All honours"),
    "chinroutou": N_("All terminals"), "suukantsu": N_("Four kans"), "tenhou": N_("Blessing of heaven"),
    "chiihou": N_("Blessing of earth"), "renhou": N_("Blessing of man"),
    "dora": N_("Dora"), "aka": N_("Red fives"), "ura": N_("Ura dora"),
}
"""Each yaku code (spaces as underscores) with its English name; the catalogues give the
language's own term, and the ``romaji`` catalogue the Japanese one."""

LIMIT_NAMES = {"mangan": N_("Mangan"), "haneman": N_("Haneman"), "baiman": N_("Baiman"),
               "sanbaiman": N_("Sanbaiman"), "kazoe yakuman": N_("Counted yakuman"), "yakuman": N_("Yakuman")}

FU_WORDS = {"base": N_("base"), "kanchan wait": N_("closed wait (kanchan)"),
            "penchan wait": N_("edge wait (penchan)"), "tanki wait": N_("pair wait (tanki)"),
            "closed ron": N_("closed ron"), "tsumo": N_("self-draw"), "seven pairs": N_("seven pairs"),
            "open hand without fu: 30": N_("open hand without fu: 30"),
            # the sets and the pair, with the tile named ('5 characters', 'North')
            "closed kan": N_("closed kan {tile}"), "open kan": N_("open kan {tile}"),
            "closed triplet": N_("closed triplet {tile}"), "open triplet": N_("open triplet {tile}"),
            "valued pair": N_("valued pair {tile}")}
"""The engine's fu lines (``game.scoring.fu.fu_lines``) and the words for each."""

_FU_WITH_TILE = re.compile(r"^(?P<what>.+) (?P<tile>[0-9][mps]|[1-7]z)$")


def tile_words(kind: int) -> str:
    """'5 circles', 'Red dragon'."""
    if kind >= 27:
        return tr(HONOR_WORDS[kind - 27])
    name = kind_name(kind)
    return tr(SUIT_WORDS[name[1]]).format(n=name[0])


def wind_words(wind: int) -> str:
    """'East' for the wind kind 27."""
    return tr(WIND_NAMES[wind]) if wind in WIND_NAMES else "?"


def round_label(round_wind: int, hand_index: int) -> str:
    """'East 2' for the second hand of the East round."""
    return tr("{wind} {number}").format(wind=wind_words(round_wind), number=hand_index % 4 + 1)


def draw_words(code: str) -> str:
    """How a hand without a winner ended ('Abortive draw: four winds')."""
    return tr(DRAW_NAMES.get(code, N_("Draw")))


def yaku_words(code: str) -> str:
    """A yaku's name ('menzen tsumo' -> 'Fully concealed self-draw'; unknown codes as written)."""
    key = code.replace(" ", "_")
    return tr(YAKU_NAMES[key]) if key in YAKU_NAMES else code.replace("_", " ").capitalize()


def japanese_yaku_name(code: str) -> str:
    """A yaku's Japanese name, shown beside the translated one ("" when unknown, or when the name
    shown is already the Japanese one, as most Chinese names are: 立直 is shown once).

    >>> japanese_yaku_name("menzen tsumo")
    '門前清自摸和'
    >>> from render.i18n import set_language
    >>> _ = set_language("zh_CN")
    >>> japanese_yaku_name("riichi"), japanese_yaku_name("tanyao"), japanese_yaku_name("menzen tsumo")
    ('', '', '門前清自摸和')
    >>> _ = set_language("en")
    """
    key = code.replace(" ", "_")
    if key not in YAKU_NAMES or current_language() == "ja":
        return ""
    found = in_language(YAKU_NAMES[key], "ja")
    return "" if found in (YAKU_NAMES[key], tr(YAKU_NAMES[key])) else found


DEFAULT_PLAYER_NAME = "Player"
"""The name the player has until they type their own (``prefs`` keeps it as written here)."""


def player_name_words(name: str) -> str:
    """The player's name as shown: the default name in the language in force ('Giocatore', 'プレイヤー')."""
    return tr(C_("default player name", "Player")) if name == DEFAULT_PLAYER_NAME else name


def limit_words(code: str) -> str:
    """A limit hand's name ('mangan' -> 'Mangan'; 'yakuman x2' -> 'Yakuman x2')."""
    base, _, times = code.partition(" x")
    if base in LIMIT_NAMES:
        return tr(LIMIT_NAMES[base]) + (f" x{times}" if times else "")
    return code.capitalize()


def fu_words(reason: str) -> str:
    """One fu line's source in words ('closed triplet 5 characters' for 'closed triplet 5m', 'self-draw' for
    'tsumo'), translated."""
    if reason in FU_WORDS:
        return tr(FU_WORDS[reason])
    found = _FU_WITH_TILE.match(reason)
    what, tile = found.group(1, 2) if found else ("", "")
    if what in FU_WORDS:
        return tr(FU_WORDS[what]).format(tile=tile_words(parse_kinds(tile)[0]))
    return reason


def refusal_words(code: str, rules: Mapping[str, Any]) -> str:
    """Why the table refused an action, in the language in force, with the rules' numbers."""
    english = REASONS.get(code, REASONS["not_now"])
    return tr(english).format_map(rules)


BOT_STOPS = {"cannot_start": N_("it could not be started"), "late": N_("it answered too late"),
             "ended": N_("it ended"), "bad_answer": N_("its answer was not a legal move")}
"""Why an external bot lost its seat, by the code the seat gives."""


def bot_replaced(name: str, code: str) -> str:
    """Told once when an external bot fails and Kawa's AI takes its seat (the detail is in the bot's log)."""
    why = tr(BOT_STOPS.get(code, BOT_STOPS["ended"]))
    return tr("{name} stopped ({why}): Kawa's AI plays that seat from now on.").format(name=name, why=why)


def recording_words(error: Any) -> str:
    """What the player is told when the game's hands cannot be recorded in the statistics (``error``
    from the recorder): a file set aside, a database that cannot be used, or a hand not written."""
    code = getattr(error, "code", "")
    if code == "set_aside":
        moved = getattr(error, "where", None)
        if moved is not None:
            return tr("The statistics file could not be read: it was moved to {path} and a new one was started.").format(
                path=moved)
        return tr("The statistics file could not be read: a new one was started.")
    if code in ("newer",):
        return stats_words(error=error)
    return tr("This hand could not be recorded in the statistics ({problem}); Kawa tries again after the next hand.").format(
        problem=error)


def stats_words(db: Any = None, error: Any = None, skipped: int = 0) -> str:
    """What the player is told about the statistics database: a ``StatsError`` (``error``), what
    opening ``db`` found (a file set aside), or how many rows were ``skipped`` as unreadable; ""
    when all is well."""
    if error is not None:
        code = getattr(error, "code", "")
        if code == "newer":
            return tr("The statistics were written by a newer Kawa: they are left as they are and not shown.")
        if code == "busy":
            return tr("The statistics are in use by another program (another Kawa?): they are left as they are; "
                      "try again in a moment.")
        if code == "unusable" and getattr(error, "where", None) is not None:
            return tr("The statistics cannot be kept in {where}; games are played without them.").format(
                where=error.where)
        return tr("The statistics could not be read or written ({problem}).").format(problem=error)
    if db is not None and getattr(db, "message", ""):
        moved = getattr(db, "moved_to", None)
        if moved is not None:
            return tr("The statistics file could not be read: it was moved to {path} and a new one was started.").format(
                path=moved)
        return tr("The statistics file could not be read: a new one was started.")
    if skipped:
        return tr("Records in the statistics that could not be read are left out: {n}.").format(n=skipped)
    return ""
