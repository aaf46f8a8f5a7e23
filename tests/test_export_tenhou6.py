"""Writing tenhou.net/6 JSON: the real games come out as Tenhou wrote them, and read back unchanged."""

from __future__ import annotations

import json

from conftest import shared_path
from game.logs.export_tenhou6 import game_to_tenhou6, hand_to_tenhou6, score_string, write_tenhou6
from game.logs.mjlog import read_mjlog
from game.logs.record import Win
from game.logs.tenhou6 import parse_tenhou6, read_tenhou6
from game.logs.validate import hand_codes, result_as_known_by


def _win(who: int, from_who: int, points: int, limit: str | None = None) -> Win:
    return Win(who, from_who, None, 3, 30, (("riichi", 1),), 2, 0, 0, 0, limit, points, (0, 0, 0, 0))


def test_score_strings():
    assert score_string(_win(1, 2, 3900), dealer=0) == "30符3飜3900点"
    assert score_string(_win(1, 1, 2700), dealer=0) == "30符3飜700-1300点"
    assert score_string(_win(1, 1, 4000), dealer=0) == "30符3飜1000-2000点"
    assert score_string(_win(0, 0, 11700), dealer=0) == "30符3飜3900点∀"
    assert score_string(_win(2, 2, 12000, "haneman"), dealer=0) == "跳満3000-6000点"


def test_real_games_export_exactly_as_tenhou_wrote_them():
    hands = 0
    for path in sorted(shared_path("data", "realgames", "tenhou6", "mjx").glob("*.json")):
        game = read_mjlog(path.parent.parent.parent / "mjlog" / "mjx" / (path.stem + ".xml"))
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        assert len(lines) == len(game.hands)
        for hand, line in zip(game.hands, lines):
            assert hand_to_tenhou6(hand, game.red_fives) == line["log"][0], (path.name, hand.hand_index, hand.honba)
            hands += 1
        assert game_to_tenhou6(game)["rule"] == lines[0]["rule"]
    assert hands == 326


def test_every_real_game_reads_back_the_same():
    for path in sorted(shared_path("data", "realgames", "mjlog").glob("*/*.xml")):
        game = read_mjlog(path)
        back = parse_tenhou6(json.dumps(game_to_tenhou6(game), ensure_ascii=False), path.name)
        assert (back.red_fives, back.east_only, back.names) == (game.red_fives, game.east_only, game.names)
        for a, b in zip(game.hands, back.hands, strict=True):
            assert hand_codes(a, game.red_fives) == hand_codes(b, game.red_fives), (path.name, a.hand_index)
            assert b.result == result_as_known_by(a.result, b.result)


def test_write_both_layouts(tmp_path):
    game = read_tenhou6(shared_path("data", "realgames", "tenhou6", "mjai-reviewer", "ranked_game.json"))
    for per_line in (False, True):
        out = tmp_path / f"game-{per_line}.json"
        write_tenhou6(game, out, per_line=per_line)
        assert len(out.read_text(encoding="utf-8").splitlines()) == (len(game.hands) if per_line else 1)
        back = read_tenhou6(out)
        assert [hand_codes(h, True) for h in back.hands] == [hand_codes(h, True) for h in game.hands]
        assert [h.result for h in back.hands] == [h.result for h in game.hands]
