"""The reference side of the whole-command bench rows (development only, never shipped).

``python -m cli.reference_commands score|shanten FILE.jsonl`` does what ``main.py score``
and ``main.py shanten`` do, built on the PyPI ``mahjong`` package alone: each JSON line is
read, its tiles parsed with the package's own mpsz parser, the hand scored (or its
shanten computed) and one JSON line printed per case. ``bench`` times both as processes.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter

__all__ = ["score_case", "shanten_case", "main"]

WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "daiminkan": Meld.KAN,
              "shouminkan": Meld.SHOUMINKAN, "ankan": Meld.KAN}
PRESET_RULES = {"ema": {"aka": False, "open_tanyao": True, "double_yakuman": False, "kazoe": False,
                        "kiriage": False},
                "tenhou": {"aka": True, "open_tanyao": True, "double_yakuman": True, "kazoe": True,
                           "kiriage": False}}
_OPTIONS: dict[tuple[tuple[str, bool], ...], OptionalRules] = {}


def _options(rules: dict[str, bool]) -> OptionalRules:
    key = tuple(sorted(rules.items()))
    if key not in _OPTIONS:
        _OPTIONS[key] = OptionalRules(
            has_open_tanyao=rules["open_tanyao"], has_aka_dora=rules["aka"],
            has_double_yakuman=rules["double_yakuman"],
            kazoe_limit=HandConfig.KAZOE_LIMITED if rules["kazoe"] else HandConfig.KAZOE_SANBAIMAN,
            kiriage=rules["kiriage"], fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
            renhou_as_yakuman=False, has_daisharin=False, has_daisharin_other_suits=False,
            has_daichisei=False, has_sashikomi_yakuman=False, limit_to_sextuple_yakuman=True,
            paarenchan_needs_yaku=True, is_three_player=False)
    return _OPTIONS[key]


def score_case(case: dict[str, Any], preset: str) -> dict[str, Any]:
    """One output row: the package's han, fu, yaku and payment for a case."""
    rules = {**PRESET_RULES[preset], **(case.get("rules") or {})}
    aka = rules["aka"]
    parse = TilesConverter.one_line_string_to_136_array
    tiles = parse(case["hand"], has_aka_dora=aka)
    melds = []
    for item in case.get("melds") or []:
        meld_tiles = parse(item["tiles"], has_aka_dora=aka)
        tiles.extend(meld_tiles)
        melds.append(Meld(meld_type=MELD_TYPES[item["type"]], tiles=meld_tiles, opened=item["type"] != "ankan"))
    get = case.get
    config = HandConfig(
        is_tsumo=get("tsumo", False), is_riichi=get("riichi", False) or get("double_riichi", False),
        is_ippatsu=get("ippatsu", False), is_rinshan=get("rinshan", False), is_chankan=get("chankan", False),
        is_haitei=get("haitei", False), is_houtei=get("houtei", False),
        is_daburu_riichi=get("double_riichi", False), is_tenhou=get("tenhou", False),
        is_chiihou=get("chiihou", False), player_wind=WINDS[get("seat_wind", "E")],
        round_wind=WINDS[get("round_wind", "E")], kyoutaku_number=get("riichi_sticks", 0),
        tsumi_number=get("honba", 0), options=_options(rules))
    response = HandCalculator.estimate_hand_value(
        tiles, parse(case["win_tile"], has_aka_dora=aka)[0], melds=melds or None,
        dora_indicators=parse(get("dora_indicators", ""), has_aka_dora=aka),
        ura_dora_indicators=parse(get("ura_indicators", ""), has_aka_dora=aka), config=config)
    if response.error:
        return {"id": get("id"), "error": str(response.error)}
    return {"id": get("id"), "error": None, "han": response.han, "fu": response.fu,
            "yaku": sorted(y.name for y in response.yaku), "cost": response.cost}


def shanten_case(case: dict[str, Any]) -> dict[str, Any]:
    """One output row: the package's shanten of the three forms for a case's hand."""
    counts = TilesConverter.to_34_array(TilesConverter.one_line_string_to_136_array(case["hand"]))
    full = sum(counts) >= 13
    return {"id": case.get("id"), "shanten": {
        "regular": Shanten.calculate_shanten_for_regular_hand(counts),
        "chiitoitsu": Shanten.calculate_shanten_for_chiitoitsu_hand(counts) if full else None,
        "kokushi": Shanten.calculate_shanten_for_kokushi_hand(counts) if full else None,
        "min": Shanten.calculate_shanten(counts)}}


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("score", "shanten"):
        print("usage: python -m cli.reference_commands score|shanten FILE.jsonl [PRESET]", file=sys.stderr)
        return 2
    preset = argv[2] if len(argv) > 2 else "ema"
    write = sys.stdout.write
    with open(argv[1], encoding="utf-8") as stream:
        for line in stream:
            case = json.loads(line)
            if argv[0] == "shanten":
                row = shanten_case(case)
            else:
                row = score_case(case, case["id"].split("-")[0] if preset == "auto" else preset)
            write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
