"""`main.py logs`: read, check and convert records from the command line."""

from __future__ import annotations

from conftest import shared_path
from main import main


def test_convert_and_check_round_trip(tmp_path, capsys):
    source = shared_path("data", "realgames", "mjlog", "mjx", "2010081709gm-00a9-0000-fe3371ad.xml")
    for fmt in ("tenhou6", "tenhou6-lines", "mjai"):
        out = tmp_path / fmt
        assert main(["logs", str(source), "--to", fmt, "--out", str(out)]) == 0
        assert main(["logs", str(out), "--check"]) == 0
        text = capsys.readouterr().out
        assert "1 files read and checked: 15 hands" in text and "0 files refused" in text


def test_bad_files_are_reported_and_counted(tmp_path, capsys):
    (tmp_path / "bad.json").write_text('{"log": [[1, 2]]}', encoding="utf-8")
    (tmp_path / "bad.xml").write_text("<mjloggm><GO type='1'/>", encoding="utf-8")
    assert main(["logs", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "2 files refused" in captured.out
    assert "bad.json: hand 0" in captured.err and "bad.xml: not well-formed" in captured.err


def test_to_needs_a_folder(capsys):
    assert main(["logs", "x.json", "--to", "mjai"]) == 2


def test_a_kawa_game_record_converts(tmp_path, capsys):
    import json

    from game.ai.player import make_player
    from game.rules import TENHOU
    from game.table import Game

    game = Game(TENHOU.with_options(game_length="single"), seed=11)
    players = [make_player("easy", 11, s) for s in range(4)]
    while not game.finished and len(game.hand_results) < 2:
        for seat in game.waiting_seats():
            legal = game.legal_actions(seat)
            if legal and not game.finished:
                game.apply(seat, players[seat].decide(game.view(seat), legal))
    saved = tmp_path / "kawa.json"
    saved.write_text(json.dumps(game.to_record()), encoding="utf-8")
    assert main(["logs", str(saved), "--to", "tenhou6", "--out", str(tmp_path / "out"), "--check"]) == 0
    assert main(["logs", str(tmp_path / "out"), "--check"]) == 0
    hands = len(game.hand_results)
    assert capsys.readouterr().out.count(f"1 files read and checked: {hands} hands") == 2
