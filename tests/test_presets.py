"""The rule presets as a player meets them: the Mahjong Soul preset's values, every preset on the New
game screen and on the command line, a seeded game under each, and docs/PRESETS.md in step."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

import main
from cli.selfplay import play_game
from game.rules import ABORTIVE_DRAWS, MAHJONGSOUL, PRESETS, RuleSet, preset
from render.rule_tips import PRESET_NAMES, PRESET_TIPS
from render.scenes.new_game import NewGameScene
from render.widgets import recorded_texts
from tests.client_driver import click, draw_frame, open_app

DOC = Path(__file__).resolve().parent.parent / "docs" / "PRESETS.md"


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = open_app(tmp_path, monkeypatch, (1280, 720))
    yield a
    a.shutdown()


def test_mahjong_soul_ranked_rules() -> None:
    ms = preset("mahjongsoul")
    assert ms is MAHJONGSOUL and ms.name == "mahjongsoul"
    assert (ms.start_points, ms.return_points, ms.uma, ms.oka) == (25000, 30000, (15000, 5000, -5000, -15000), False)
    assert ms.game_length == "south" and ms.west_extension and ms.bust and ms.agari_yame and ms.tenpai_yame
    assert ms.red_fives and ms.open_tanyao and not ms.kuikae_allowed and ms.kan_dora_delayed
    assert ms.kazoe_yakuman and ms.cumulative_yakuman and ms.double_yakuman
    assert not ms.kiriage and not ms.renhou_mangan and ms.nagashi_mangan
    assert ms.multi_ron == "triple" and set(ms.abortive_draws) == set(ABORTIVE_DRAWS) - {"sanchahou"}
    assert ms.pao == ("daisangen", "daisuushii") and ms.double_wind_pair_fu == 4
    assert RuleSet.from_dict(ms.to_dict()) == ms


def test_every_preset_has_a_name_and_a_tip_for_the_player() -> None:
    assert set(PRESET_NAMES) == set(PRESETS) == set(PRESET_TIPS)


def _choose_preset(app: Any, scene: NewGameScene, name: str) -> None:
    for _ in range(len(scene.widgets[0].options)):
        if scene.rules.name == name:
            return
        click(app, scene.widgets[0].rect.center)
    raise AssertionError(f"{name} is not among the presets on the screen")


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_is_chosen_on_the_new_game_screen_and_starts_with_its_rules(app, name: str) -> None:
    chosen = []
    scene = NewGameScene(app, chosen.append, seed=7)
    app.push(scene)
    app.step(1 / 60)
    _choose_preset(app, scene, name)
    assert scene.rules == PRESETS[name]
    for field, widget in scene.rule_widgets.items():
        assert widget.value == getattr(PRESETS[name], field), field
    assert {k for k, box in scene.abortive.items() if box.checked} == set(PRESETS[name].abortive_draws)
    click(app, scene.start_button.rect.center)
    assert chosen and chosen[0].rules == PRESETS[name]


def test_the_mahjong_soul_preset_reads_as_such_on_the_screen(app) -> None:
    scene = NewGameScene(app, lambda setup: None, seed=7)
    app.push(scene)
    _choose_preset(app, scene, "mahjongsoul")
    click(app, scene.advanced_button.rect.center)
    with recorded_texts() as seen:
        draw_frame(app)
    for words in ("Mahjong Soul-like", "25,000", "30,000", "+15/+5/-5/-15", "double + triple"):
        assert words in seen, words
    assert scene.widgets[0].tooltip == PRESET_TIPS["mahjongsoul"]


def test_a_first_new_game_offers_the_three_rule_choices_and_starts_mahjong_soul_like(app) -> None:
    chosen = []
    scene = NewGameScene(app, chosen.append, seed=7)
    app.push(scene)
    assert not scene.advanced  # the short form
    with recorded_texts() as seen:
        draw_frame(app)
    assert [label for _, label in scene.preset_choice.options] == ["Mahjong Soul-like", "Tenhou", "EMA"]
    assert "Mahjong Soul-like" in seen and "EMA" not in seen  # the choice shows the default, not the others
    click(app, scene.start_button.rect.center)
    (setup,) = chosen
    assert setup.rules == MAHJONGSOUL and setup.rules.red_fives and setup.rules.start_points == 25000


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_short_form_shows_the_whole_note_of_each_preset(app, name: str) -> None:
    scene = NewGameScene(app, lambda setup: None, seed=7)
    app.push(scene)
    _choose_preset(app, scene, name)
    with recorded_texts() as seen:
        draw_frame(app)
    assert " ".join(PRESET_TIPS[name].split()) in " ".join(" ".join(seen).split())


def test_a_seeded_game_under_each_preset_plays_to_its_end() -> None:
    for rules in PRESETS.values():
        result = play_game(rules.with_options(game_length="east"), 11, ("normal",) * 4)
        assert sorted(result.placement) == [0, 1, 2, 3] and result.hands, rules.name


@pytest.mark.parametrize("command, flag", [("selfplay", "--preset"), ("ai-audit", "--preset"),
                                           ("score", "--preset"), ("mjai-bot", "--rules")])
def test_every_command_taking_a_preset_offers_each_one(command: str, flag: str) -> None:
    parser = main.build_parser(chosen=command)
    for name in PRESETS:
        args = parser.parse_args([command, flag, name] + (["cases.jsonl"] if command == "score" else []))
        assert getattr(args, flag.lstrip("-")) == name


def test_selfplay_runs_a_seeded_game_under_the_mahjong_soul_preset(capsys) -> None:
    assert main.main(["selfplay", "--preset", "mahjongsoul", "--hands", "1", "--length", "single",
                      "--seed", "5", "--ai", "easy,easy,easy,easy"]) == 0
    assert capsys.readouterr().out


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple) and value and isinstance(value[0], int):
        return "/".join(str(v // 1000) for v in value)
    if isinstance(value, tuple):
        return {(): "none", ABORTIVE_DRAWS: "all five",
                tuple(d for d in ABORTIVE_DRAWS if d != "sanchahou"): "all but sanchahou"}.get(value, ", ".join(value))
    return str(value)


def test_the_presets_page_lists_what_the_code_holds() -> None:
    text = DOC.read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("| Option"))
    assert [c.strip(" `") for c in header.strip("|").split("|")[1:]] == list(PRESETS)
    rows = {m.group(1): [c.strip() for c in m.group(2).split("|")]
            for m in re.finditer(r"^\| `(\w+)` \|(.*)\|$", text, re.M)}
    assert set(rows) == {f.name for f in dataclasses.fields(RuleSet)} - {"name"}
    for field, cells in rows.items():
        assert cells == [_shown(getattr(rules, field)) for rules in PRESETS.values()], field
    for name in PRESETS:
        assert f"## {name}" in text
