"""An independent engine agrees with the table at every decision of many seeded games.

Mortal's libriichi (in the `mjai` package, run in an environment of its own: tests/mjai_env.py)
keeps each seat's state from the mjai messages that seat receives and lists what it may do.
Games are played under Tenhou's rules (the rules libriichi models) by the built-in AI mixed
with random legal moves (which reach the rare calls, kans and declines); after every action
each seat's menu at Kawa's table is compared with libriichi's candidates, and the seat's
shanten, waits and furiten with libriichi's.

``KAWA_CROSSCHECK_GAMES`` sets the number of games (default 50 half games).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.hand.shanten import shanten
from game.logs.mjai_live import MjaiStream, for_seat
from game.rules import TENHOU
from game.table import Action, Game
from game.table.judge import waits_of
from game.tiles import counts_of, kind_of
from tests.mjai_env import in_ci, mjai_python

GAMES = int(os.environ.get("KAWA_CROSSCHECK_GAMES", "50"))
DRIVER = Path(__file__).resolve().parent / "mjai_ref" / "player_states.py"

TURN_CANS = {"riichi": "can_riichi", "tsumo": "can_tsumo_agari", "ankan": "can_ankan",
             "shouminkan": "can_kakan", "kyuushu": "can_ryukyoku"}
CALL_CANS = {"ron": "can_ron_agari", "pon": "can_pon", "daiminkan": "can_daiminkan", "chi": "can_chi"}


@dataclass
class Point:
    """One seat at one moment: what Kawa offers and shows, to compare with libriichi's answer."""

    seed: int
    hand_index: int
    seat: int
    phase: str
    legal: list[Action]
    hand: list[int]
    riichi: bool
    furiten: bool
    seen: list[int]
    """Copies of each kind the seat can see (hand, rivers, melds, dora indicators)."""
    on_table: int | None
    """The discard that may still be called or won on."""
    last: str


def chi_shape(action: Action) -> str:
    """low / mid / high: where the called tile sits in the run."""
    called = kind_of(action.tile)  # type: ignore[arg-type]
    used = sorted(kind_of(t) for t in action.tiles)
    return "low" if called < used[0] else "high" if called > used[1] else "mid"


def seen_kinds(view: Any) -> list[int]:
    """Copies of each kind a seat sees and no one can still take: its hand, rivers, melds, dora indicators.

    The discard on the table, which may still be won on, is not counted.
    """
    on_table = view.last_discard[1] if view.last_discard else None
    tiles = list(view.hand) + list(view.dora_indicators)
    tiles += [d["tile"] for river in view.discards for d in river if not d["called"] and d["tile"] != on_table]
    tiles += [t for melds in view.melds for meld in melds for t in meld.tiles]
    return counts_of([kind_of(t) for t in tiles])


def play(seed: int, lines: list[dict[str, Any]], points: list[Point]) -> None:
    """One seeded game; appends the messages for libriichi and the points to compare."""
    rules = TENHOU.with_options(game_length="east")
    game = Game(rules, seed)
    stream = MjaiStream(rules.red_fives)
    rng = random.Random(seed)
    players = [make_player(("normal", "strong", "easy", "normal")[s], seed, s) for s in range(4)]
    lines.append({"reset": True})
    while True:
        messages = stream.messages(game.events)
        for i, message in enumerate(messages):
            last = i == len(messages) - 1 and not game.finished
            for seat in range(4):
                lines.append({"s": seat, "e": for_seat(message, seat), "q": int(last)})
                if last:
                    st = game.hand.seats[seat]
                    view = game.view(seat)
                    points.append(Point(seed, game.hand_index, seat, game.phase, game.legal_actions(seat),
                                        list(st.hand), st.riichi, view.furiten, seen_kinds(view),
                                        view.last_discard[1] if view.last_discard else None, json.dumps(message)))
        if game.finished:
            return
        seat = game.waiting_seats()[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        action = rng.choice(legal) if rng.random() < 0.25 else players[seat].decide(view, view.legal_actions)
        game.apply(seat, action)


def differences(point: Point, ref: dict[str, Any]) -> list[str]:
    """Where Kawa and libriichi disagree at this point (empty when they agree)."""
    if "error" in ref:
        return [f"libriichi refused the message: {ref['error']}"]
    cans = ref["cans"]
    types = {a.type for a in point.legal}
    found = []
    if point.phase == "tenpai":  # Kawa asks for tenpai declarations; libriichi has no such step
        return []
    asked_turn = point.phase == "turn" and "discard" in types
    if cans["can_discard"] != asked_turn:
        found.append(f"discard: kawa {asked_turn}, libriichi {cans['can_discard']}")
    table = TURN_CANS if asked_turn else CALL_CANS
    for kind, name in {**TURN_CANS, **CALL_CANS}.items():
        if name in table.values() or cans[name]:
            kawa = kind in types and (asked_turn == (kind in TURN_CANS))
            if kawa != cans[name]:
                found.append(f"{kind}: kawa {kawa}, libriichi {cans[name]}")
    shapes = {chi_shape(a) for a in point.legal if a.type == "chi"}
    for shape in ("low", "mid", "high"):
        if (shape in shapes) != cans[f"can_chi_{shape}"]:
            found.append(f"chi {shape}: kawa {shape in shapes}, libriichi {cans[f'can_chi_' + shape]}")
    if asked_turn and not point.riichi:
        kawa_kinds = sorted({kind_of(a.tile) for a in point.legal if a.type == "discard"})  # type: ignore[arg-type]
        ref_kinds = sorted(k for k, n in enumerate(ref["tehai"]) if n and k not in ref["forbidden"])
        if kawa_kinds != ref_kinds:
            found.append(f"discardable kinds: kawa {kawa_kinds}, libriichi {ref_kinds}")
    counts = counts_of([kind_of(t) for t in point.hand])
    if sum(counts) % 3 == 1 and shanten(counts) != ref["shanten"]:
        found.append(f"shanten: kawa {shanten(counts)}, libriichi {ref['shanten']}")
    if len(point.hand) % 3 == 1:
        # Kawa's waits are the hand's; libriichi may leave out a wait whose four copies are all in
        # sight (it counts red fives apart there), never add one
        kawa_waits = set(waits_of(point.hand))
        ref_waits = set(ref["waits"])
        if not ref_waits <= kawa_waits or any(point.seen[k] < 4 for k in kawa_waits - ref_waits):
            found.append(f"waits: kawa {sorted(kawa_waits)}, libriichi {sorted(ref_waits)}")
        # furiten decides a ron, on others' tiles; on a seat's own turn the two engines keep different
        # bookkeeping (Kawa ends a passed ron's furiten at the draw, libriichi at the discard)
        # a wait discarded to a hand with no yaku: libriichi marks the furiten as the tile falls,
        # Kawa once it has passed; neither offers the ron
        yakuless_wait = (point.on_table is not None and kind_of(point.on_table) in kawa_waits
                         and "ron" not in types and not cans["can_ron_agari"])
        if types and point.furiten != ref["furiten"] and not yakuless_wait:
            found.append(f"furiten: kawa {point.furiten}, libriichi {ref['furiten']}")
    return found


@pytest.fixture(scope="module")
def reference_python() -> Path:
    try:
        return mjai_python()
    except RuntimeError as exc:
        if in_ci():
            raise
        pytest.skip(f"the independent engine is not installed here: {exc}")


def test_libriichi_agrees_with_the_table_at_every_decision(reference_python: Path) -> None:
    lines: list[dict[str, Any]] = []
    points: list[Point] = []
    for seed in range(1, GAMES + 1):
        play(seed, lines, points)
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    run = subprocess.run([str(reference_python), str(DRIVER)], input=text, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(lines)
    asked = [answer for line, answer in zip(lines, answers) if line.get("q") or "error" in answer]
    assert len(asked) == len(points), [a for a in asked if "error" in a][:3]
    problems = []
    decisions = 0
    for point, ref in zip(points, asked):
        decisions += bool(point.legal)
        for diff in differences(point, ref):
            problems.append(f"seed {point.seed} hand {point.hand_index} seat {point.seat} after {point.last}: {diff}")
    print(f"compared {len(points)} seat states, {decisions} decisions, in {GAMES} games")
    assert problems == [], f"{len(problems)} differences, first ones:\n" + "\n".join(problems[:15])
    assert decisions > 150 * GAMES
