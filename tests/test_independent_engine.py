"""An independent engine agrees with the table at every decision of many seeded games.

Mortal's libriichi (in the `mjai` package, run in an environment of its own: tests/mjai_env.py)
keeps each seat's state from the mjai messages that seat receives and lists what it may do.
Games are played under Tenhou's rules (the rules libriichi models) by the built-in AI mixed
with random legal moves (which reach the rare calls, kans and declines). After each batch of
messages, every seat's menu at Kawa's table is compared with libriichi's: the discards (red
fives apart, swap-call bans), riichi (whether it is offered: libriichi does not list which
discards may declare it), each chi, pon and open kan (which tiles it uses), each closed and
added kan, ron, tsumo and nine terminals; and the seat's hand, shanten, waits and furiten (from
its seat view) with libriichi's.

Where the two engines keep different books by design, the comparison says so and skips only
that one item (``BY_DESIGN``); each skip is counted and printed.

``KAWA_CROSSCHECK_GAMES`` sets the number of seeded hanchan (default 50).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import subprocess
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path
from typing import Any

from game.ai import make_player
from game.logs.mjai_live import MjaiStream, action_to_reaction, for_seat
from game.rules import TENHOU
from game.table import Action, Game
from game.table.judge import shanten_of, waits_of
from game.table.view import SeatView
from game.tiles import counts_of, kind_of, tiles_to_mpsz

GAMES = int(os.environ.get("KAWA_CROSSCHECK_GAMES", "50"))
DRIVER = Path(__file__).resolve().parent / "mjai_ref" / "player_states.py"
RANDOM_SHARE = 0.25
"""Share of decisions taken at random among the legal moves instead of by the AI."""

TURN_CANS = {"riichi": "can_riichi", "tsumo": "can_tsumo_agari", "ankan": "can_ankan",
             "shouminkan": "can_kakan", "kyuushu": "can_ryukyoku"}
CALL_CANS = {"ron": "can_ron_agari", "pon": "can_pon", "daiminkan": "can_daiminkan", "chi": "can_chi"}
CALL_TYPES = ("chi", "pon", "daiminkan", "ankan", "shouminkan")

BY_DESIGN = {
    "waits seen": "libriichi leaves out of its waits a kind whose four copies the seat can all see;"
                  " Kawa's waits are the hand's",
    "furiten until the discard": "on its own turn, after a wait of the seat passed since its last discard:"
                                 " libriichi keeps that furiten until the seat's next discard, Kawa ends it"
                                 " at the draw (RULES.md: temporary furiten ends when the player draws or"
                                 " calls); no ron is possible on one's own turn either way",
    "yakuless wait on the table": "the discard on the table completes the seat's hand but gives it no yaku:"
                                  " libriichi marks the seat furiten as the tile falls (Tenhou's display),"
                                  " Kawa once the discard has passed; neither offers the ron",
    "tenpai declaration": "at an exhaustive draw Kawa asks tenpai seats to declare tenpai or noten;"
                          " mjai has no such step, so that point is not compared",
    "furiten after a call": "right after its own chi or pon the seat has no settled waits: Kawa's view says"
                            " not furiten, libriichi keeps the flag it had before the call",
}
"""Differences of bookkeeping, not of rules: each skips only the item it names."""


@dataclass
class Point:
    """One seat at one moment: what Kawa offers and shows, to compare with libriichi's answer."""

    seed: int
    hand: str
    """The hand's name, e.g. E1-0 (round, hand, honba)."""
    seat: int
    phase: str
    view: SeatView
    legal: list[Action]
    calls: set[str]
    """Kawa's chi, pon and kan offers as mjai reactions (see ``reaction_key``)."""
    discards: set[str]
    message: str
    """The last mjai message the seat received."""


def reaction_key(reaction: dict[str, Any]) -> str:
    """One call as text: type, called or added tile, the hand tiles it uses (sorted; none for an
    added kan, whose tiles are the pon's)."""
    used = [] if reaction["type"] == "kakan" else sorted(reaction.get("consumed", []))
    return " ".join([reaction["type"], reaction.get("pai", "-"), ",".join(used)]).strip()


def hand_name(view: SeatView) -> str:
    index = view.hand_index
    return f"{'ESWN'[index // 4 % 4]}{index % 4 + 1}-{view.honba}"


def point_of(game: Game, stream: MjaiStream, seed: int, seat: int, message: dict[str, Any]) -> Point:
    """What Kawa offers ``seat`` now and what its view shows."""
    view = game.view(seat)
    legal = list(view.legal_actions)
    target = view.last_discard[0] if view.last_discard else None
    calls = {reaction_key(action_to_reaction(a, seat, stream, target)) for a in legal if a.type in CALL_TYPES}
    discards = {stream.name(a.tile) for a in legal if a.type == "discard" and a.tile is not None}
    return Point(seed, hand_name(view), seat, view.phase, view, legal, calls, discards, json.dumps(message))


def play(seed: int) -> tuple[list[dict[str, Any]], list[int], list[Point]]:
    """One seeded game: the lines for libriichi (every seat's messages), which lines ask for a
    report, and the points to compare (every seat after each batch of messages)."""
    game = Game(TENHOU, seed)
    stream = MjaiStream(TENHOU.red_fives)
    rng = random.Random(seed)
    players = [make_player(("normal", "strong", "easy", "normal")[s], seed, s) for s in range(4)]
    lines: list[dict[str, Any]] = []
    asked: list[int] = []
    points: list[Point] = []
    while True:
        messages = stream.messages(game.events)
        for i, message in enumerate(messages):
            last = i == len(messages) - 1 and not game.finished
            for seat in range(4):
                if last:
                    asked.append(len(lines))
                    points.append(point_of(game, stream, seed, seat, message))
                lines.append({"s": seat, "e": for_seat(message, seat), "q": int(last)})
        if game.finished:
            return lines, asked, points
        seat = game.waiting_seats()[0]
        view = game.view(seat)
        legal = list(view.legal_actions)
        action = rng.choice(legal) if rng.random() < RANDOM_SHARE else players[seat].decide(view, legal)
        game.apply(seat, action)


def libriichi_answers(python: str, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One answer per line from the driver, run by the mjai environment's python."""
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    run = subprocess.run([python, str(DRIVER)], input=text, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(lines), run.stderr[-2000:]
    return answers


def seen_kinds(view: SeatView) -> list[int]:
    """Copies of each kind the seat can see: its hand, every discard not taken, melds, dora indicators."""
    tiles = list(view.hand) + list(view.dora_indicators)
    tiles += [d["tile"] for river in view.discards for d in river if not d["called"]]
    tiles += [t for melds in view.melds for meld in melds for t in meld.tiles]
    return counts_of([kind_of(t) for t in tiles])


def hand_before_draw(view: SeatView) -> list[int]:
    """The seat's concealed tiles without the tile it just drew (its 3n+1 hand)."""
    hand = list(view.hand)
    if view.drawn is not None and len(hand) % 3 == 2:
        hand.remove(view.drawn)
    return hand


def wait_passed(view: SeatView, waits: set[int]) -> bool:
    """Another seat discarded one of ``waits`` since this seat's own last discard."""
    own = [d["order"] for d in view.discards[view.seat]]
    since = own[-1] if own else -1
    return any(d["order"] > since and kind_of(d["tile"]) in waits
               for s, river in enumerate(view.discards) if s != view.seat for d in river)


class Comparison:
    """The differences found at one point, and the items skipped by design."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.skipped: list[str] = []

    def check(self, what: str, kawa: Any, libriichi: Any) -> None:
        if kawa != libriichi:
            self.found.append(f"{what}: kawa {kawa}, libriichi {libriichi}")


def compare_menu(point: Point, ref: dict[str, Any], out: Comparison) -> None:
    """Kawa's legal actions against libriichi's candidates, option by option."""
    cans = ref["cans"]
    types = {a.type for a in point.legal}
    own_turn = point.phase == "turn" and "discard" in types
    out.check("discard offered", own_turn, cans["can_discard"])
    for kind, name in {**TURN_CANS, **CALL_CANS}.items():
        kawa = kind in types and own_turn == (kind in TURN_CANS)
        out.check(kind, kawa, cans[name])
    for shape in ("low", "mid", "high"):
        kawa = any(chi_shape(a) == shape for a in point.legal if a.type == "chi")
        out.check(f"chi {shape}", kawa, cans[f"can_chi_{shape}"])
    out.check("chi/pon/kan options", sorted(point.calls), sorted(reaction_key(r) for r in ref["calls"]))
    if not own_turn:
        return
    if point.view.riichi[point.seat]:
        out.check("discards in riichi (the drawn tile)", sorted(point.discards), [ref["drawn"]])
    else:
        out.check("discards", sorted(point.discards), sorted(ref["discards"]))


def chi_shape(action: Action) -> str:
    """low / mid / high: where the called tile sits in the run."""
    called = kind_of(action.tile)  # type: ignore[arg-type]
    used = sorted(kind_of(t) for t in action.tiles)
    return "low" if called < used[0] else "high" if called > used[1] else "mid"


def compare_hand(point: Point, ref: dict[str, Any], out: Comparison) -> None:
    """The seat's tiles, shanten, waits and furiten."""
    view = point.view
    out.check("hand (34 counts)", counts_of([kind_of(t) for t in view.hand]), ref["tehai"])
    if len(view.hand) % 3 == 1:
        out.check("shanten", shanten_of(list(view.hand)), ref["shanten"])
        kawa_waits, ref_waits = set(waits_of(list(view.hand))), set(ref["waits"])
        seen = seen_kinds(view)
        if ref_waits < kawa_waits and all(seen[k] == 4 for k in kawa_waits - ref_waits):
            out.skipped.append("waits seen")
        else:
            out.check("waits", sorted(kawa_waits), sorted(ref_waits))
    if len(view.hand) % 3 == 2 and view.drawn is None:
        if view.furiten != ref["furiten"]:
            out.skipped.append("furiten after a call")
        return
    if not view.furiten and ref["furiten"]:
        waits = set(waits_of(hand_before_draw(view)))
        if view.drawn is not None and wait_passed(view, waits):
            out.skipped.append("furiten until the discard")
            return
        on_table = view.last_discard[1] if view.last_discard else None
        if (on_table is not None and kind_of(on_table) in waits and not ref["cans"]["can_ron_agari"]
                and all(a.type != "ron" for a in point.legal)):
            out.skipped.append("yakuless wait on the table")
            return
    out.check("furiten", view.furiten, ref["furiten"])


def differences(point: Point, ref: dict[str, Any]) -> Comparison:
    """Where Kawa and libriichi disagree at this point."""
    out = Comparison()
    if "error" in ref:
        out.found.append(f"libriichi refused the message: {ref['error']}")
    elif point.phase == "tenpai":
        out.skipped.append("tenpai declaration")
    else:
        compare_menu(point, ref, out)
        compare_hand(point, ref, out)
    return out


def describe(point: Point, ref: dict[str, Any], found: list[str]) -> str:
    """A readable account of one disagreement: where, the hand, both sides."""
    view = point.view
    melds = " ".join(f"{m.type}:{tiles_to_mpsz(m.tiles)}" for m in view.melds[point.seat])
    offers = ", ".join(f"{a.type} {tiles_to_mpsz([a.tile]) if a.tile is not None else ''}"
                       f"{' +' + tiles_to_mpsz(a.tiles) if a.tiles else ''}" for a in point.legal)
    cans = ", ".join(c for c, on in ref.get("cans", {}).items() if on)
    drawn = tiles_to_mpsz([view.drawn]) if view.drawn is not None else "-"
    return (f"seed {point.seed} hand {point.hand} seat {point.seat} ({point.phase}) after {point.message}\n"
            f"  hand {tiles_to_mpsz(view.hand)} drawn {drawn} melds [{melds}] riichi {view.riichi[point.seat]}\n"
            f"  kawa offers: {offers or 'nothing'}; furiten {view.furiten}\n"
            f"  libriichi: {cans or 'nothing'}; calls {[reaction_key(r) for r in ref.get('calls', [])]};"
            f" furiten {ref.get('furiten')}\n  " + "\n  ".join(found))


@dataclass
class GameCheck:
    """One game's comparison: how much was compared, what was skipped by design, what differed."""

    seat_states: int
    decisions: int
    skipped: Counter[str]
    problems: list[str]


def check_game(seed: int, python: str) -> GameCheck:
    """Play one seeded game and compare every point of it with libriichi."""
    lines, asked, points = play(seed)
    answers = libriichi_answers(python, lines)
    check = GameCheck(len(points), sum(bool(p.legal) and p.phase != "tenpai" for p in points), Counter(), [])
    for point, index in zip(points, asked):
        result = differences(point, answers[index])
        check.skipped.update(result.skipped)
        if result.found:
            check.problems.append(describe(point, answers[index], result.found))
    return check


def test_libriichi_agrees_with_the_table_at_every_decision(mjai_python: Path) -> None:
    seeds = range(1, GAMES + 1)
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        checks = list(pool.map(check_game, seeds, repeat(str(mjai_python))))
    problems = [text for check in checks for text in check.problems]
    decisions = sum(check.decisions for check in checks)
    skipped = sum((check.skipped for check in checks), Counter())
    print(f"\ncompared {sum(c.seat_states for c in checks)} seat states, {decisions} decisions, in {GAMES}"
          f" hanchan; skipped by design: {dict(skipped)}")
    assert problems == [], f"{len(problems)} differences, first ones:\n" + "\n".join(problems[:10])
    assert decisions > 300 * GAMES
