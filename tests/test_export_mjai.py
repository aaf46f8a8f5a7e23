"""Writing mjai events: the protocol's event order, and every real game read back unchanged."""

from __future__ import annotations

import json

import pytest

from conftest import shared_path
from game.logs.export_mjai import game_to_mjai, mjai_tile, parse_mjai, write_mjai
from game.logs.mjlog import read_mjlog
from game.logs.record import LogFormatError
from game.logs.tenhou6 import read_tenhou6
from game.logs.validate import hand_codes


def test_tile_names():
    assert [mjai_tile(t, True) for t in (0, 16, 17, 52, 88, 108, 124, 132)] == \
        ["1m", "5mr", "5m", "5pr", "5sr", "E", "P", "C"]
    assert mjai_tile(16, False) == "5m"


def test_event_order_around_riichi_and_kans():
    events = game_to_mjai(read_tenhou6(shared_path("data", "realgames", "tenhou6", "mjai-reviewer", "suukantsu_0.json")))
    types = [e["type"] for e in events]
    assert types[0] == "start_game" and types[1] == "start_kyoku" and types[-2:] == ["end_kyoku", "end_game"]
    for i, kind in enumerate(types):
        if kind == "reach":
            assert types[i + 1] == "dahai" and types[i + 2] in ("reach_accepted", "hora")
        if kind == "ankan":
            assert types[i + 1] == "dora"
        if kind in ("daiminkan", "kakan"):
            assert types[i + 1] in ("tsumo", "dora", "hora")


def test_ronned_riichi_tile_pays_no_stick():
    events = game_to_mjai(read_tenhou6(shared_path("data", "realgames", "tenhou6", "mjai-reviewer", "double_ron.json")))
    i = max(n for n, e in enumerate(events) if e["type"] == "reach")
    assert [e["type"] for e in events[i:i + 4]] == ["reach", "dahai", "hora", "hora"]


def test_every_real_game_reads_back_the_same(tmp_path):
    for path in sorted(shared_path("data", "realgames", "mjlog").glob("*/*.xml")):
        game = read_mjlog(path)
        out = tmp_path / "game.mjson"
        write_mjai(game, out)
        back = parse_mjai(out.read_text(encoding="utf-8"), path.name)
        assert back.final_scores == game.final_scores
        for a, b in zip(game.hands, back.hands, strict=True):
            assert hand_codes(a, game.red_fives) == hand_codes(b, game.red_fives), (path.name, a.hand_index)
            assert [(w.who, w.from_who, w.pao_who, w.deltas) for w in a.result.wins] == \
                [(w.who, w.from_who, w.pao_who, w.deltas) for w in b.result.wins]
            assert (a.result.draw, a.result.tenpai, a.result.deltas) == (b.result.draw, b.result.tenpai, b.result.deltas)


@pytest.mark.parametrize("lines,message", [
    (['{"type":"tsumo","actor":0,"pai":"1m"}'], "line 1"),
    (['not json'], "line 1"),
    (['{"type":"start_game","names":["a","b","c","d"]}'], "holds no hand"),
])
def test_malformed_logs_are_refused(lines, message):
    with pytest.raises(LogFormatError, match=message):
        parse_mjai("\n".join(lines), "bad.mjson")


def test_bad_tile_name_is_refused():
    events = game_to_mjai(read_tenhou6(shared_path("data", "realgames", "tenhou6", "mjai-reviewer", "rinshan.json")))
    events[2]["pai"] = "0z"
    with pytest.raises(LogFormatError, match="line 3"):
        parse_mjai("\n".join(json.dumps(e) for e in events), "bad.mjson")
