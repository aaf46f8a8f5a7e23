"""Tables shared by the Tenhou readers and writers: yaku ids and names, limits, tile codes.

A yaku row is (mjlog id, Tenhou's Japanese name, Kawa's canonical English name). Ids 52-54
are the dora counts, not yaku.
"""

from __future__ import annotations

from game.logs.record import Win
from game.tiles import RED_FIVES, kind_of

__all__ = [
    "YAKU_ROWS", "YAKU_BY_ID", "YAKU_BY_JAPANESE", "JAPANESE_BY_YAKU", "DORA_ID", "URA_ID",
    "AKA_ID", "YAKUMAN_IDS", "LIMIT_BY_LEVEL", "LIMIT_JAPANESE", "DRAW_JAPANESE",
    "tile_to_code", "code_kind", "code_is_red", "yaku_id", "make_win",
]

YAKU_ROWS: tuple[tuple[int, str, str], ...] = (
    (0, "門前清自摸和", "menzen tsumo"), (1, "立直", "riichi"), (2, "一発", "ippatsu"),
    (3, "槍槓", "chankan"), (4, "嶺上開花", "rinshan"), (5, "海底摸月", "haitei"),
    (6, "河底撈魚", "houtei"), (7, "平和", "pinfu"), (8, "断幺九", "tanyao"), (9, "一盃口", "iipeikou"),
    (10, "自風 東", "seat wind"), (11, "自風 南", "seat wind"), (12, "自風 西", "seat wind"),
    (13, "自風 北", "seat wind"), (14, "場風 東", "round wind"), (15, "場風 南", "round wind"),
    (16, "場風 西", "round wind"), (17, "場風 北", "round wind"), (18, "役牌 白", "haku"),
    (19, "役牌 發", "hatsu"), (20, "役牌 中", "chun"), (21, "両立直", "double riichi"),
    (22, "七対子", "chiitoitsu"), (23, "混全帯幺九", "chanta"), (24, "一気通貫", "ittsu"),
    (25, "三色同順", "sanshoku doujun"), (26, "三色同刻", "sanshoku doukou"), (27, "三槓子", "sankantsu"),
    (28, "対々和", "toitoi"), (29, "三暗刻", "sanankou"), (30, "小三元", "shousangen"),
    (31, "混老頭", "honroutou"), (32, "二盃口", "ryanpeikou"), (33, "純全帯幺九", "junchan"),
    (34, "混一色", "honitsu"), (35, "清一色", "chinitsu"), (36, "人和", "renhou"),
    (37, "天和", "tenhou"), (38, "地和", "chiihou"), (39, "大三元", "daisangen"),
    (40, "四暗刻", "suuankou"), (41, "四暗刻単騎", "suuankou tanki"), (42, "字一色", "tsuuiisou"),
    (43, "緑一色", "ryuuiisou"), (44, "清老頭", "chinroutou"), (45, "九蓮宝燈", "chuuren poutou"),
    (46, "純正九蓮宝燈", "junsei chuuren poutou"), (47, "国士無双", "kokushi musou"),
    (48, "国士無双１３面", "kokushi musou 13-sided wait"), (49, "大四喜", "daisuushii"),
    (50, "小四喜", "shousuushii"), (51, "四槓子", "suukantsu"),
    (52, "ドラ", "dora"), (53, "裏ドラ", "ura"), (54, "赤ドラ", "aka"),
)
DORA_ID, URA_ID, AKA_ID = 52, 53, 54
YAKUMAN_IDS = frozenset(range(37, 52))
YAKU_BY_ID: dict[int, tuple[str, str]] = {i: (jp, en) for i, jp, en in YAKU_ROWS}
YAKU_BY_JAPANESE: dict[str, int] = {jp: i for i, jp, _ in YAKU_ROWS}
JAPANESE_BY_YAKU: dict[str, str] = {en: jp for i, jp, en in YAKU_ROWS if i not in range(10, 18)}
"""English name -> Japanese, for the names that do not depend on the wind."""

LIMIT_BY_LEVEL: dict[int, str | None] = {0: None, 1: "mangan", 2: "haneman", 3: "baiman",
                                         4: "sanbaiman", 5: "yakuman"}
LIMIT_JAPANESE: dict[str, str] = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満",
                                  "sanbaiman": "三倍満", "yakuman": "役満"}

DRAW_JAPANESE: dict[str, str] = {
    "exhaustive": "流局", "nagashi_mangan": "流し満貫", "kyuushu_kyuuhai": "九種九牌",
    "suucha_riichi": "四家立直", "sanchahou": "三家和了", "suukaikan": "四槓散了",
    "suufon_renda": "四風連打",
}
"""Draw names as the tenhou.net/6 result writes them (an exhaustive draw with all or no seat
tenpai is written 全員聴牌 / 全員不聴)."""


def yaku_id(name: str, seat_wind: int, round_wind: int) -> int:
    """The mjlog id of an English yaku name; winds (0..3 = E S W N) pick the wind rows."""
    if name == "seat wind":
        return 10 + seat_wind
    if name == "round wind":
        return 14 + round_wind
    for i, _, en in YAKU_ROWS:
        if en == name:
            return i
    raise KeyError(f"unknown yaku name {name!r}")


def tile_to_code(tile: int, red_fives: bool) -> int:
    """The tenhou.net/6 code of a physical tile: 11..47, or 51/52/53 for a red five."""
    if red_fives and tile in RED_FIVES:
        return 51 + RED_FIVES.index(tile)
    kind = kind_of(tile)
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def code_kind(code: int) -> int:
    """The kind of a tenhou.net/6 tile code; ValueError for a code that is not a tile."""
    if code in (51, 52, 53):
        return (code - 51) * 9 + 4
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1
    if suit == 4 and 1 <= number <= 7:
        return 26 + number
    raise ValueError(f"{code} is not a tile code")


def code_is_red(code: int) -> bool:
    return code in (51, 52, 53)


def make_win(who: int, from_who: int, pao_who: int | None, fu: int | None, limit: str | None, points: int,
             deltas: tuple[int, int, int, int], entries: list[tuple[int, int | None]]) -> Win:
    """A ``Win`` from Tenhou yaku entries: (mjlog id, han), or (id, None) for a yakuman.

    Dora, ura and aka entries become counts; ``ValueError`` for an unknown id or a yakuman
    entry that is no yakuman.
    """
    yaku: list[tuple[str, int]] = []
    counts = {DORA_ID: 0, URA_ID: 0, AKA_ID: 0}
    yakuman = 0
    for yid, han in entries:
        if yid not in YAKU_BY_ID:
            raise ValueError(f"unknown yaku id {yid}")
        if han is None:
            if yid not in YAKUMAN_IDS:
                raise ValueError(f"{YAKU_BY_ID[yid][0]} is not a yakuman")
            yakuman += 1
            yaku.append((YAKU_BY_ID[yid][1], 13))
        elif yid in counts:
            counts[yid] += han
        else:
            yaku.append((YAKU_BY_ID[yid][1], han))
    dora, ura, aka = counts[DORA_ID], counts[URA_ID], counts[AKA_ID]
    han_total = 13 * yakuman if yakuman else sum(h for _, h in yaku) + dora + aka + ura
    return Win(who, from_who, pao_who, han_total, fu, tuple(yaku), dora, aka, ura, yakuman, limit, points, deltas)
