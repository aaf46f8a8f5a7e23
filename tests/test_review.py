"""The AI review: every choice of a seat is judged, the strong AI agrees with itself, a bad discard
is found, the JSON shape, the command's errors; and the AI's ranking leads with its decision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli.logs import read_any
from cli.review import explain
from game.ai.player import rules_player as make_player
# These tests describe each level's rules player (the strong level's fallback without its learned model,
# and the value model the review and the coach rank by); the learned policy has its own in test_policy.py.
from game.ai.position import from_view
from game.hand.shanten import shanten
from game.logs.export_mjai import write_mjai
from game.logs.from_game import record_from_game
from game.review import review_game
from game.review.reasons import reason_for
from game.review.review import KINDS, MISTAKE_COST, SEVERITIES
from game.rules import EMA
from game.table import Game
from game.tiles import kind_name
from main import main
from render.review_words import reason_words
from tests.conftest import shared_path
from tests.seat_views import seat_view

_ACTING = ("discard", "chi", "pon", "daiminkan", "ankan", "shouminkan", "tsumo", "ron", "kyuushu")


def _review_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["review", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _game_file(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    return path


def test_a_real_game_review_covers_every_decision_of_the_seat(capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_path("data", "realgames", "mjlog", "dnovikoff", "bug1.xml")
    record = read_any(path)
    for seat in range(4):
        out = _review_json(capsys, str(path), "--seat", str(seat))
        judged = [(d["actual"]["type"], d["actual"].get("tile"), d["hand"]["hand_index"], d["hand"]["honba"])
                  for d in out["decisions"] if d["actual"]["type"] != "pass"]
        # from the record alone: the seat's own actions, less the forced tsumogiri after its riichi
        expected, forced = [], []
        for hand in record.hands:
            in_riichi = False
            for step in hand.steps:
                if step.seat != seat or step.kind not in _ACTING:
                    continue
                kind = "riichi" if step.kind == "discard" and step.riichi else step.kind
                entry = (kind, step.tile, hand.hand_index, hand.honba)
                (forced if in_riichi and step.kind == "discard" else expected).append(entry)
                in_riichi = in_riichi or kind == "riichi"
        assert [j for j in judged if j not in forced] == expected
        assert len(judged) - len(expected) <= len(forced)  # in riichi only a kan or a win offered is a choice
        answers = [(d["hand"]["hand_index"], d["hand"]["honba"]) for d in out["decisions"]
                   if d["actual"]["type"] in ("pass", "chi", "pon", "daiminkan", "ron")]
        for hand in record.hands:
            assert _pon_chances(hand, seat) <= answers.count((hand.hand_index, hand.honba))
        assert sum(_pon_chances(h, seat) for h in record.hands) > 0
        assert out["summary"]["decisions"] == len(out["decisions"]) and not out["summary"]["replay_problems"]


def _pon_chances(hand: Any, seat: int) -> int:
    """Discards of other seats the seat could have called pon on, from the record alone: it held
    two of the kind, was not in riichi, and the discard was neither the hand's last nor ronned."""
    counts = [0] * 34
    for t in hand.haipai[seat]:
        counts[t >> 2] += 1
    steps = list(hand.steps)
    chances, in_riichi = 0, False
    for i, step in enumerate(steps):
        after = steps[i + 1:]
        if step.seat == seat:
            if step.kind == "draw":
                counts[step.tile >> 2] += 1
            elif step.kind in ("discard", "shouminkan"):
                counts[step.tile >> 2] -= 1
                in_riichi = in_riichi or step.riichi
            elif step.kind in ("chi", "pon", "daiminkan", "ankan"):
                for t in step.tiles:
                    counts[t >> 2] -= 1
        elif (step.kind == "discard" and not in_riichi and counts[step.tile >> 2] >= 2
              and any(s.kind == "draw" for s in after) and not (after and after[0].kind == "ron")):
            chances += 1
    return chances


def test_the_same_game_as_mjai_gets_the_same_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_path("data", "realgames", "mjlog", "dnovikoff", "bug1.xml")
    write_mjai(read_any(path), tmp_path / "bug1.mjson")
    xml = _review_json(capsys, str(path), "--seat", "2")
    mjai = _review_json(capsys, str(tmp_path / "bug1.mjson"), "--seat", "2")
    def seen(out: dict[str, Any]) -> list[tuple[Any, ...]]:  # mjai names kinds, not the copies of a tile
        return [(d["hand"], d["turn"], d["actual"]["type"], d["actual"].get("tile", 0) // 4, d["kind"],
                 d["severity"], d["cost"], [o["score"] for o in d["options"]]) for d in out["decisions"]]
    assert seen(mjai) == seen(xml) and len(xml["decisions"]) > 100


def test_the_strong_ai_agrees_with_its_own_selfplay_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--hands", "1", "--seed", "7", "--ai", "strong,strong,strong,strong",
                 "--length", "east", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    [path] = list(tmp_path.glob("selfplay-7-ema-strong-strong-strong-strong-*.json"))
    for seat in range(4):
        out = _review_json(capsys, str(path), "--seat", str(seat))
        assert len(out["decisions"]) > 20
        # strong plays as houou players choose; the review values by the rules player: where they differ,
        # the choice is one strong players make, never a mistake
        assert out["agreement"] >= 0.6
        assert "mistake" not in {d["severity"] for d in out["decisions"]}


def _plant_bad_discard(seed: int) -> tuple[Game, dict[str, Any]]:
    """Play a one-hand game with strong seats; at seat 0's first quiet 1-shanten turn it breaks a
    complete run instead (two shanten after), then the AI plays on."""
    game = Game(EMA.with_options(game_length="single"), seed)
    players = [make_player("strong", seed, s) for s in range(4)]
    planted: dict[str, Any] = {}
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        action = players[seat].decide(game.view(seat), legal)
        pos = from_view(game.view(seat))
        if not planted and seat == 0 and action.type == "discard" and not pos.riichi_seats and pos.turn >= 2:
            counts = pos.counts
            counts[action.tile >> 2] -= 1
            best = shanten(counts)
            counts[action.tile >> 2] += 1
            for a in legal:
                k = a.tile >> 2 if a.type == "discard" and a.tile is not None else None
                if best != 1 or k is None or k >= 27 or not (0 < k % 9 < 8):
                    continue
                counts[k] -= 1
                worse = shanten(counts) == 2 and counts[k - 1] and counts[k + 1]
                counts[k] += 1
                if worse:
                    planted = {"hand_index": game.hand_index, "turn": pos.turn + 1, "tile": a.tile}
                    action = a
                    break
        game.apply(seat, action)
    return game, planted


def test_a_planted_bad_discard_is_a_mistake_of_efficiency(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, planted = _plant_bad_discard(11)
    assert planted, "the seed gives seat 0 a 1-shanten hand with a run to break"
    out = _review_json(capsys, str(_game_file(tmp_path, game)))  # Kawa's own game: seat 0 by default
    [d] = [d for d in out["decisions"] if d["actual"] == {"type": "discard", "tile": planted["tile"]}
           and d["turn"] == planted["turn"]]
    assert (d["severity"], d["kind"]) == ("mistake", "efficiency")
    assert d["reason"] == {"code": "lower_shanten", "shanten": [1, 2]}
    assert d["cost"] >= MISTAKE_COST and not d["agreed"]
    assert out["decisions"].index(d) in out["summary"]["mistakes"]
    main(["review", str(tmp_path / "game.json")])
    text = capsys.readouterr().out
    assert "mistake, efficiency" in text and "it leaves the hand 1-shanten; yours leaves it 2-shanten" in text
    assert "Agreement" in text and "Mistakes by cost:" in text


def test_a_discard_that_leaves_thinner_waits_ahead_is_explained_by_them() -> None:
    """1-shanten: cutting the 5m or the 8m keeps the same twelve useful tiles, but without the 5m
    two of them leave a closed 7m wait. The review names the waits, not a vague 'value'."""
    view = seat_view("23568m115678p123s", dora="6z")
    ranked = make_player("strong", 1, 0).rank(view, list(view.legal_actions))
    top, best = ranked[0]
    actual, mine = next((a, v) for a, v in ranked if a.tile >> 2 == 4)  # the 5m
    assert kind_name(top.tile >> 2) in ("8m", "5p", "8p") and best > mine
    reason = reason_for(from_view(view), "efficiency", actual, top, best, mine)
    assert reason == {"code": "wider_waits_ahead", "waits": [9.0, 5.3]}
    words = "once tenpai, its wait can expect 9.0 tiles on average, yours 5.3"
    assert explain(reason, 0, 0) == words and reason_words(reason, 0, 0) == words


def test_the_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, _ = _plant_bad_discard(11)
    out = _review_json(capsys, str(_game_file(tmp_path, game)), "--seat", "1", "--level", "normal")
    assert set(out) == {"agreement", "decisions", "summary"} and 0 <= out["agreement"] <= 1
    for d in out["decisions"]:
        assert set(d) == {"hand", "turn", "actual", "options", "agreed", "kind", "severity", "cost", "reason",
                          "houou_shares"}
        # how often houou players take each option, by the shipped model
        assert all(set(h) == {"action", "share"} and 0.0 <= h["share"] <= 1.0 for h in d["houou_shares"])
        assert set(d["hand"]) >= {"round_wind", "hand_number", "honba"} and d["hand"]["round_wind"] == "E"
        assert 1 <= len(d["options"]) <= 3 and all(set(o) == {"action", "score"} for o in d["options"])
        assert d["kind"] in KINDS and d["severity"] in SEVERITIES and d["cost"] >= 0
        assert d["agreed"] == (d["severity"] == "agree")
        if d["agreed"]:
            assert d["cost"] == 0 and d["reason"] is None
    s = out["summary"]
    assert s["decisions"] == len(out["decisions"]) and s["level"] == "normal" and s["seat"] == 1
    assert sum(k["decisions"] for k in s["by_kind"].values()) == len(out["decisions"])
    assert sum(h["decisions"] for h in s["by_hand"]) == len(out["decisions"])
    costs = [out["decisions"][i]["cost"] for i in s["mistakes"]]
    assert costs == sorted(costs, reverse=True)


def test_bad_files_get_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not a record", encoding="utf-8")
    assert main(["review", str(bad), "--seat", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and str(bad) in err and "\n" not in err
    assert main(["review", str(tmp_path / "missing.xml"), "--seat", "0"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_record_from_elsewhere_needs_the_seat(capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_path("data", "realgames", "mjlog", "dnovikoff", "bug1.xml")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert "--seat N" in err and "0: " in err


@pytest.mark.parametrize("level", ["strong", "normal"])
def test_rank_leads_with_what_decide_chooses(level: str) -> None:
    game = Game(EMA.with_options(game_length="single"), 21)
    players = [make_player(level, 21, s) for s in range(4)]
    judges = [make_player(level, 21, s) for s in range(4)]
    checked = 0
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        view = game.view(seat)
        ranked = judges[seat].rank(view, legal)
        action = players[seat].decide(view, legal)
        assert ranked[0][0] == action
        assert all(a in legal for a, _ in ranked)
        checked += len(legal) > 1
        game.apply(seat, action)
    assert checked > 30


def test_review_refuses_a_seat_out_of_range() -> None:
    game = Game(EMA.with_options(game_length="single"), 3)
    with pytest.raises(ValueError, match="seat 4"):
        review_game(record_from_game(game), 4)
