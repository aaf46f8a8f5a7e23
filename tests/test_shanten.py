"""Shanten, waits and completeness: the shared sample, hand-picked edge cases, the CLI."""

from __future__ import annotations

import argparse
import json

import pytest

from cli import shanten as command
from cli.shanten import analyse_hand, analyse_line
from game.hand.shanten import (
    NOT_APPLICABLE, clear_cache, discard_options, is_complete, shanten, shanten_chiitoitsu, shanten_kokushi,
    shanten_regular, ukeire, waits,
)
from game.tiles import KINDS, counts_of, parse_kinds
from tests.conftest import shared_path


def hand(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def names(kinds: list[int]) -> list[str]:
    return [KINDS[k] for k in kinds]


def test_every_sample_case_agrees() -> None:
    path = shared_path("data", "scoring", "shanten-sample.jsonl")
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(cases) == 2000
    wrong = []
    for case in cases:
        got = analyse_hand(case["hand"])
        want = {"shanten": case["shanten"]}
        for key in ("waits", "complete"):
            if key in case:
                want[key] = case[key]
        if got != want:
            wrong.append((case["id"], case["hand"], got, want))
    assert not wrong, f"{len(wrong)} cases differ, first: {wrong[:3]}"


@pytest.mark.parametrize(("text", "regular", "chiitoitsu", "kokushi", "wait_names"), [
    # a wait on a kind the hand holds all four of is no wait
    ("1111m234p567p789s", 1, 5, 10, []),
    ("123m456p789s1111z", 1, 5, 9, []),
    ("123p456p789p2222m", 1, 5, 11, []),
    # the same shapes with a free tanki are tenpai
    ("111m234p567p789s1z", 0, 5, 9, ["1z"]),
    ("1112345678999m", 0, 4, 10, names(list(range(9)))),
    # seven pairs needs seven different kinds: a quad is not two pairs
    ("1111m2233p4455s6z", 2, 2, 10, []),
    ("112233p4455s66z7z", 1, 0, 9, ["7z"]),
    # thirteen orphans, thirteen-sided and single waits
    ("19m19p19s1234567z", 8, 6, 0, names([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])),
    ("19m19p19s1234566z", 7, 5, 0, ["7z"]),
    ("19m19p19s1111234z", 6, 5, 2, []),
    ("1111m2222m3333m4z", 0, 6, 10, ["4z"]),
])
def test_edge_cases_13_tiles(text: str, regular: int, chiitoitsu: int, kokushi: int, wait_names: list[str]) -> None:
    counts = hand(text)
    assert sum(counts) == 13
    assert shanten_regular(counts) == regular
    assert shanten_chiitoitsu(counts) == chiitoitsu
    assert shanten_kokushi(counts) == kokushi
    assert shanten(counts) == min(regular, chiitoitsu, kokushi)
    assert names(waits(counts)) == wait_names


@pytest.mark.parametrize(("text", "value", "wait_names"), [
    ("5m", 0, ["5m"]),
    ("7z", 0, ["7z"]),
    ("1112m", 0, ["2m", "3m"]),
    ("1111m", 1, []),
    ("4444z", 1, []),
    ("1111m2m", 0, None),
    ("2222m5p", 0, None),
    ("11m", -1, None),
    ("12m", 0, None),
    ("19m", 0, None),
    ("1m1z", 0, None),
    ("1111m2222m3z4z", 1, []),
])
def test_small_hands(text: str, value: int, wait_names: list[str] | None) -> None:
    counts = hand(text)
    assert shanten(counts) == shanten_regular(counts) == value
    assert shanten_chiitoitsu(counts) == NOT_APPLICABLE
    assert shanten_kokushi(counts) == NOT_APPLICABLE
    if wait_names is not None:
        assert names(waits(counts)) == wait_names
    else:
        assert is_complete(counts) == (value == -1)


def test_fourteen_tiles_are_counted_after_the_best_discard() -> None:
    assert shanten(hand("123m456p789s11z234m")) == -1
    assert is_complete(hand("123m456p789s11z234m"))
    assert shanten(hand("123m456p789s11z235m")) == 0
    assert not is_complete(hand("123m456p789s11z235m"))
    assert shanten(hand("11223344556677z")) == -1
    assert shanten(hand("11112233445566m")) == -1  # 11 123 123 456 456
    assert shanten_chiitoitsu(hand("11112233445566m")) == 1
    assert shanten(hand("19m19p19s12345677z")) == -1


def test_ukeire_counts_unseen_copies_and_skips_held_quads() -> None:
    counts = hand("1111m234p567p789s")
    seen = [0] * 34
    seen[KINDS.index("2m")] = 3
    got = dict(ukeire(counts, seen))
    assert KINDS.index("1m") not in got
    assert got[KINDS.index("2m")] == 1
    assert got[KINDS.index("3m")] == 4
    assert all(shanten(hand("1111m234p567p789s") [:k] + [counts[k] + 1] + counts[k + 1:]) == 0 for k in got)
    tenpai = hand("123m456p789s1z")
    assert [k for k, _ in ukeire(tenpai)] == waits(tenpai)
    # a far tile helps a hand short of blocks: 1111m + 9p keeps 111m and waits on a 9p pair
    assert [k for k, _ in ukeire(hand("1111m"))] == list(range(1, 34))


def test_discard_options_best_first() -> None:
    counts = hand("123m456p789s11z235m")
    options = discard_options(counts)
    assert {o.kind for o in options} == {k for k, n in enumerate(counts) if n}
    best = options[0]
    assert (KINDS[best.kind], best.shanten, best.total) == ("5m", 0, 7)
    assert dict(best.ukeire) == {KINDS.index("1m"): 3, KINDS.index("4m"): 4}
    assert KINDS[options[1].kind] == "2m" and options[1].total == 4
    assert min(o.shanten for o in options) == shanten(counts)


def test_the_discarded_tile_counts_as_seen() -> None:
    options = {KINDS[o.kind]: o for o in discard_options(hand("11123m"))}
    after_1m = options["1m"]
    assert after_1m.shanten == 0
    assert dict(after_1m.ukeire) == {0: 1, 3: 4}  # 1m: four minus two held minus the discard


@pytest.mark.parametrize("bad", [
    [0] * 33, [0] * 35, [0] * 34, hand("123m"), hand("123m456p789s11z2345m")[:33] + [2],
    [5] + [0] * 32 + [0], [-1] + [1] * 13 + [0] * 20,
])
def test_bad_hands_are_refused(bad: list[int]) -> None:
    with pytest.raises(ValueError):
        shanten(bad)


def test_wrong_sizes_for_each_question() -> None:
    with pytest.raises(ValueError, match="3n\\+1"):
        waits(hand("123m456p789s11z222p"))
    with pytest.raises(ValueError, match="3n\\+2"):
        is_complete(hand("123m456p789s1z"))
    with pytest.raises(ValueError, match="3n\\+2"):
        discard_options(hand("123m456p789s1z"))
    with pytest.raises(ValueError, match="seen"):
        ukeire(hand("123m456p789s1z"), [0] * 33)
    with pytest.raises(ValueError, match="1z"):
        ukeire(hand("123m456p789s1z"), [0] * 27 + [4] + [0] * 6)


def test_cli_rows() -> None:
    row = analyse_line('{"id": "x", "hand": "1111m234p567p789s", "n_tiles": 13}', 1)
    assert row == {"id": "x", "shanten": {"regular": 1, "chiitoitsu": 5, "kokushi": 10, "min": 1}, "waits": None}
    row = analyse_line('{"id": 7, "hand": "0m"}', 1)
    assert row == {"id": 7, "shanten": {"regular": 0, "chiitoitsu": None, "kokushi": None, "min": 0},
                   "waits": ["5m"]}
    assert analyse_line('{"id": "y", "hand": "11m"}', 2)["complete"] is True
    assert set(analyse_line('{"id": "z", "hand": "11111m"}', 3)) == {"id", "error"}
    assert analyse_line('{"id": "w", "hand": "123m"}', 4)["error"].startswith("a concealed hand")
    assert analyse_line("not json", 5)["id"] == "line 5"
    assert "hand" in analyse_line('{"id": "v"}', 6)["error"]
    assert "mpsz" in analyse_line('{"id": "u", "hand": 123}', 7)["error"]
    assert analyse_line("[1, 2]", 8) == {"id": "line 8", "error": "a case must be a JSON object"}


def test_cli_command_reads_a_file_and_keeps_going_after_a_bad_line(tmp_path, capsys) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text('{"id": "a", "hand": "19m19p19s1234567z"}\n{"id": "b", "hand": "1m2q"}\n\n'
                    '{"id": "c", "hand": "123m456p789s11z222p"}\n', encoding="utf-8")
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    assert command.run(parser.parse_args([str(path)])) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["id"] for row in rows] == ["a", "b", "c"]
    assert rows[0]["shanten"]["kokushi"] == 0 and len(rows[0]["waits"]) == 13
    assert "unknown letter" in rows[1]["error"]
    assert rows[2]["complete"] is True and rows[2]["shanten"]["min"] == -1


def test_results_do_not_depend_on_what_the_caches_hold() -> None:
    texts = ["1111m234p567p789s", "2223456p6899s666z", "19m19p19s1234567z", "5m", "1112345678999m"]
    before = [(shanten(hand(t)), shanten_regular(hand(t))) for t in texts]
    clear_cache()
    assert [(shanten(hand(t)), shanten_regular(hand(t))) for t in reversed(texts)] == before[::-1]
