"""Replay recorded real games through the table and compare every hand with the record.

Each recorded hand becomes a ``Wall`` (its deal, live draws, replacement draws and indicators,
the unused tiles filling the rest); a ``Game`` under the record's rules plays it with every
recorded action going through ``Game.apply`` (each must be legal), and the hand's result,
scores and the next hand's position are compared with what the record says.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import Any

from game.logs.record import RecordedGame, RecordedHand, Step, Win, problem
from game.table import Action, Game, IllegalAction, Wall
from game.table.wall import LIVE_SIZE
from game.logs.mjlog import read_mjlog
from game.logs.tenhou6 import read_tenhou6

__all__ = ["HandReport", "GameReport", "RecordMismatch", "wall_of", "replay_game", "replay_file", "read_record",
           "play_step", "answer_offers", "turn_action"]


TENPAI_YAME_SINCE = "2010060800"
"""Games recorded before this (yyyymmddhh) play on after a leading dealer's tenpai in the last hand."""


class RecordMismatch(Exception):
    """A difference between the table and the record that ends this hand's replay."""


@dataclass
class HandReport:
    """One hand's replay: the differences found (none = matched)."""

    hand_index: int
    honba: int
    problems: list[str] = field(default_factory=list)

    @property
    def matched(self) -> bool:
        return not self.problems

    def label(self) -> str:
        names = "ESWN"
        return f"{names[min(self.hand_index // 4, 3)]}{self.hand_index % 4 + 1}-{self.honba}"


@dataclass
class GameReport:
    """A file's replay: per-hand reports and game-level differences."""

    source: str
    hands: list[HandReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def matched(self) -> int:
        return sum(h.matched for h in self.hands)

    @property
    def mismatched(self) -> int:
        return len(self.hands) - self.matched

    @property
    def ok(self) -> bool:
        return self.error is None and not self.problems and self.mismatched == 0


def read_record(path: str | Path) -> RecordedGame:
    """Read a Tenhou mjlog XML or tenhou.net/6 JSON file by its contents."""
    with open(path, "rb") as fh:
        head = fh.read(64).lstrip()
    if head.startswith(b"<"):
        return read_mjlog(path)
    return read_tenhou6(path)


def wall_of(hand: RecordedHand) -> Wall:
    """The wall a recorded hand was dealt from; tiles never seen fill the unseen places."""
    live = hand.live_draws()
    rinshan = hand.rinshan_draws()
    dora = list(hand.dora_indicators)
    ura = list(hand.ura_indicators)
    used = {t for h in hand.haipai for t in h} | set(live) | set(rinshan) | set(dora) | set(ura)
    spare = iter(sorted(set(range(136)) - used))
    if len(live) > LIVE_SIZE or len(rinshan) > 4 or len(dora) > 5 or len(ura) > 5:
        raise ValueError("the record draws more tiles than a wall holds")

    def fill(known: list[int], size: int) -> list[int]:
        return known + [next(spare) for _ in range(size - len(known))]
    return Wall(hand.haipai, fill(live, LIVE_SIZE), fill(rinshan, 4), fill(dora, 5), fill(ura, 5))


def _game_stamp(record: RecordedGame) -> str | None:
    """The yyyymmddhh a Tenhou game id starts with, from the record or the corpus manifest beside it."""
    if record.game_id[:10].isdigit():
        return record.game_id[:10]
    path = Path(record.source).resolve()
    for folder in path.parents:
        manifest = folder / "manifest.csv"
        if manifest.is_file():
            rel = path.relative_to(folder).as_posix()
            with open(manifest, encoding="utf-8", newline="") as fh:
                for row in csv.DictReader(fh):
                    if row.get("file") == rel and row.get("game_id", "")[:10].isdigit():
                        return row["game_id"][:10]
            return None
    return None


def _start_of(hand: RecordedHand) -> dict[str, Any]:
    return {"hand_index": hand.hand_index, "honba": hand.honba, "sticks": hand.sticks, "scores": list(hand.scores)}


def replay_game(record: RecordedGame, table: type[Game] = Game,
                after_hand: Callable[[int, int], None] | None = None) -> GameReport:
    """Replay every hand of a record; a hand that differs is reported and the next restarts
    from the record's position. ``table`` is the class of the table played on (a subclass may
    watch each action as it is applied); ``after_hand``, when given, is told (hands done, hands
    in all) after each hand."""
    report = GameReport(record.source)
    rules = record.rules()
    stamp = _game_stamp(record)
    if stamp and stamp < TENPAI_YAME_SINCE:
        rules = rules.with_options(tenpai_yame=False)
    hands = list(record.hands)
    walls = [wall_of(h) for h in hands]
    game: Game | None = None
    position = {"next": 0}

    def wall_source(hand_index: int, honba: int) -> Wall:
        k = position["next"]
        if k >= len(hands) and record.final_scores is None:
            return Wall.from_seed(0, hand_index, honba)  # an extract: play on past its last hand unchecked
        if k >= len(hands):
            raise RecordMismatch(f"the table starts hand {hand_index}-{honba} after the record's last hand")
        rec = hands[k]
        if (hand_index, honba) != (rec.hand_index, rec.honba):
            raise RecordMismatch(f"the table starts hand {hand_index}-{honba}, the record {rec.hand_index}-{rec.honba}")
        position["next"] = k + 1
        return walls[k]

    for k, rec in enumerate(hands):
        hr = HandReport(rec.hand_index, rec.honba)
        report.hands.append(hr)
        try:
            if game is None or game.finished or position["next"] != k + 1:
                if game is not None and game.finished:
                    hr.problems.append("the table ended the game before this hand")
                position["next"] = k
                game = table(rules, 0, wall_source, _start_of(rec))
            else:
                _compare_start(game, rec, hr)
            _play_hand(game, rec, k)
            _compare_result(game, rec, hr)
        except RecordMismatch as exc:
            hr.problems.append(str(exc))
            game = None
        except IllegalAction as exc:
            hr.problems.append(f"illegal: {exc}")
            game = None
        if hr.problems:
            game = None
        if after_hand is not None:
            after_hand(k + 1, len(hands))
    if record.final_scores is not None and game is not None and report.mismatched == 0:
        if not game.finished or game.final_standing is None:
            report.problems.append("the record's game is over but the table plays on")
        else:
            final = [0, 0, 0, 0]
            for row in game.final_standing:
                final[row["seat"]] = row["score"]
            if tuple(final) != tuple(record.final_scores):
                report.problems.append(f"final scores {final} != recorded {list(record.final_scores)}")
    return report


def replay_file(path: str | Path) -> GameReport:
    """Read and replay one file; a file that cannot be read is an error in the report."""
    try:
        record = read_record(path)
    except (OSError, ValueError, RecursionError) as exc:
        return GameReport(str(path), error=problem(exc).removeprefix(f"{path}: "))  # the report names the file
    try:
        return replay_game(record)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop a corpus run
        return GameReport(str(path), error=f"cannot replay: {problem(exc)}")


def _compare_start(game: Game, rec: RecordedHand, hr: HandReport) -> None:
    here = (game.hand_index, game.honba, game.sticks, tuple(game.scores))
    there = (rec.hand_index, rec.honba, rec.sticks, tuple(rec.scores))
    if here != there:
        hr.problems.append(f"start (hand, honba, sticks, scores) {here} != recorded {there}")
        raise RecordMismatch("start position differs")


def answer_offers(game: Game, answers: dict[int, Action]) -> None:
    """Give each seat with a pending offer its recorded answer (pass when it has none)."""
    if game.phase != "calls":
        if answers:
            raise RecordMismatch(f"the record calls {list(answers.values())} but the table offers no calls")
        return
    hand = game.hand
    for seat in sorted(answers):
        if not game.legal_actions(seat):
            raise RecordMismatch(f"seat {seat} calls {answers[seat]} but the table offers it nothing")
    for seat in list(game.waiting_seats()):
        if game.hand is not hand or game.phase != "calls":
            return
        game.apply(seat, answers.get(seat, Action("pass")))


def _check_draw(game: Game, step: Step) -> None:
    st = game.hand.seats[step.seat]  # type: ignore[index]
    if game.hand.current != step.seat or st.drawn != step.tile:
        raise RecordMismatch(f"the record has seat {step.seat} draw {step.tile}; the table has seat "
                        f"{game.hand.current} holding drawn tile {game.hand.seats[game.hand.current].drawn}")


def turn_action(step: Step) -> Action:
    if step.kind == "discard":
        return Action("riichi" if step.riichi else "discard", step.tile)
    if step.kind == "ankan":
        return Action("ankan", None, step.tiles)
    if step.kind == "shouminkan":
        return Action("shouminkan", step.tile)
    if step.kind == "tsumo":
        return Action("tsumo", step.tile)
    return Action("kyuushu")


def play_step(game: Game, steps: Sequence[Step], i: int) -> int:
    """Play recorded step ``i`` on the table (every ron of a multiple ron at once); the index of the
    next step. A step the table does not allow raises ``RecordMismatch`` (or ``IllegalAction``)."""
    step = steps[i]
    if step.kind == "draw":
        answer_offers(game, {})
        _check_draw(game, step)
    elif step.kind in ("discard", "ankan", "shouminkan", "tsumo", "kyuushu"):
        answer_offers(game, {})
        game.apply(step.seat, turn_action(step))  # type: ignore[arg-type]
    elif step.kind in ("chi", "pon", "daiminkan"):
        answer_offers(game, {step.seat: Action(step.kind, step.tile, step.tiles)})  # type: ignore[dict-item]
    elif step.kind == "ron":
        answers: dict[int, Action] = {}
        while i < len(steps) and steps[i].kind == "ron":
            answers[steps[i].seat] = Action("ron", steps[i].tile)  # type: ignore[index]
            i += 1
        answer_offers(game, answers)
        return i
    return i + 1


def _play_hand(game: Game, rec: RecordedHand, k: int) -> None:
    results_before = len(game.hand_results)
    steps = list(rec.steps)
    i = 0
    while i < len(steps):
        step = steps[i]
        if len(game.hand_results) > results_before:
            raise RecordMismatch(f"the hand ended at step {i} ({step.kind}) before the record's end")
        if step.kind == "dora":
            i += 1
            continue
        i = play_step(game, steps, i)
    if len(game.hand_results) == results_before:
        last: dict[int, Action] = {}
        if rec.result.draw == "sanchahou" and game.phase == "calls":
            # the record names no ron steps for a triple ron: every seat offered one takes it
            tile = game.hand.pending.tile  # type: ignore[union-attr]
            last = {s: Action("ron", tile) for s in game.waiting_seats()
                    if any(a.type == "ron" for a in game.legal_actions(s))}
        answer_offers(game, last)
    if len(game.hand_results) == results_before and game.phase == "tenpai":
        tenpai = rec.result.tenpai
        for seat in list(game.waiting_seats()):
            declare = tenpai is None or seat in tenpai
            game.apply(seat, Action("tenpai" if declare else "noten"))
    if len(game.hand_results) == results_before:
        raise RecordMismatch(f"the record's hand is over but the table waits for seat(s) {game.waiting_seats()} "
                             f"in phase {game.phase}")


def _compare_result(game: Game, rec: RecordedHand, hr: HandReport) -> None:
    mine = game.hand_results[-1]
    theirs = rec.result
    p = hr.problems
    if mine["draw"] != theirs.draw:
        p.append(f"outcome {mine['draw'] or 'win'} != recorded {theirs.draw or 'win'}")
    if theirs.tenpai is not None and mine["tenpai"] is not None and sorted(mine["tenpai"]) != sorted(theirs.tenpai):
        p.append(f"tenpai seats {mine['tenpai']} != recorded {list(theirs.tenpai)}")
    if list(mine["deltas"]) != list(theirs.deltas):
        p.append(f"deltas {mine['deltas']} != recorded {list(theirs.deltas)}")
    wins = mine["wins"]
    if len(wins) != len(theirs.wins):
        p.append(f"{len(wins)} winner(s) != recorded {len(theirs.wins)}")
    for w, t in zip(wins, theirs.wins):
        _compare_win(w, t, p)
    if tuple(mine["dora_indicators"]) != tuple(rec.dora_indicators):
        p.append(f"dora indicators {mine['dora_indicators']} != recorded {list(rec.dora_indicators)}")


def _compare_win(w: dict[str, Any], t: Win, p: list[str]) -> None:
    who = f"seat {t.who}"
    pairs = [("winner", w["seat"], t.who), ("from", w["from_seat"], t.from_who), ("pao", w["pao"], t.pao_who),
             ("han", w["han"], t.han), ("dora", w["dora"], t.dora), ("aka", w["aka"], t.aka),
             ("ura", w["ura"], t.ura), ("yakuman", w["yakuman_count"], t.yakuman_count),
             ("points", w["points"], t.points), ("deltas", list(w["deltas"]), list(t.deltas))]
    if t.fu is not None and not t.yakuman_count:
        pairs.append(("fu", w["fu"], t.fu))
    for name, a, b in pairs:
        if a != b:
            p.append(f"{who}: {name} {a} != recorded {b}")
    mine = sorted((n, h) for n, h in w["yaku"])
    theirs = sorted((n, h) for n, h in t.yaku)
    if mine != theirs:
        p.append(f"{who}: yaku {mine} != recorded {theirs}")
