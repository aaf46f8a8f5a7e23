"""Whole hanchan under the `mjai` package's referee (libriichi's arena, Tenhou's rules).

Runs under the python of the mjai environment (``tests/mjai_env.py`` makes it). One seat is a
bot process that speaks mjai on standard input and output (Kawa's ``main.py mjai-bot`` or any
other); the three others are the package's rule-based bot. The bot's seat rotates from game to
game. The referee raises on any illegal answer; each such game is counted and its message kept.
With ``--opponent COMMAND`` the three other seats are that bot command instead (for one bot
against three of another, e.g. an earlier version of Kawa's from a second checkout).

    .venv-mjai/bin/python tests/mjai_ref/arena.py --games 64 -- .venv/bin/python main.py mjai-bot

prints one JSON object: games, ranks and average rank of the bot, illegal answers, errors.
"""

import argparse
import gzip
import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from loguru import logger
from mjai.bot.rulebase import RulebaseBot
from mjai.engine import BaseMjaiLogEngine
from mjai.mlibriichi.arena import Match


KEY = 2024
"""The second half of every game's seed."""


def masked(event, seat):
    """The event as ``seat`` may see it: the others' deals and draws as "?"."""
    event = dict(event)
    if event["type"] == "tsumo" and event["actor"] != seat:
        event["pai"] = "?"
    if event["type"] == "start_kyoku":
        event["tehais"] = [h if s == seat else ["?"] * 13 for s, h in enumerate(event["tehais"])]
    return event


class LineBotEngine(BaseMjaiLogEngine):
    """A referee seat played by something that answers one JSON line per line of events."""

    def __init__(self, name):
        super().__init__(name)
        self.sent = 0
        self.finals = []

    def ask(self, events):
        raise NotImplementedError

    def seat(self, game_idx):
        return self.player_ids[game_idx]

    def react_batch(self, game_states):
        answers = []
        for state in game_states:
            seat = self.seat(state.game_index)
            events = json.loads(state.events_json)
            if self.sent > len(events):
                self.sent = 0
            fresh = [masked(e, seat) for e in events[self.sent:]]
            self.sent = len(events)
            answers.append(self.ask(fresh) if fresh else '{"type":"none"}')
        return answers

    def start_game(self, game_idx):
        self.sent = 0
        self.ask([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": self.seat(game_idx)}])

    def end_kyoku(self, game_idx):
        self.sent = 0
        self.ask([{"type": "end_kyoku"}])

    def end_game(self, game_idx, scores):
        self.finals.append(list(scores))
        self.ask([{"type": "end_game"}])


class ProcessEngine(LineBotEngine):
    """A bot process: one line of events in, one line of action out."""

    def __init__(self, name, command):
        super().__init__(name)
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, events):
        self.proc.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} ended (exit code {self.proc.poll()})")
        return line.strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


class RulebaseEngine(LineBotEngine):
    """The package's rule-based bot, its memory of calls, discards and dora cleared at each hand
    (as shipped it clears them only at the start of a game; see MJAI-NOTES.md)."""

    def __init__(self, name):
        super().__init__(name)
        self.bot = RulebaseBot()

    def ask(self, events):
        if events[0]["type"] == "start_game":
            self.bot = RulebaseBot(player_id=events[0]["id"])
        if events[0]["type"] == "start_kyoku":
            for attr in ("_Bot__call_events", "_Bot__discard_events", "_Bot__dora_indicators"):
                setattr(self.bot, attr, [])
        return self.bot.react(json.dumps(events, separators=(",", ":")))


def refusals(log_dir, seed):
    """The hands the referee stopped for an answer it could not take ("error" draws), each with
    the events before it: the referee logs these rather than raising."""
    out = []
    for path in Path(log_dir).glob(f"{seed}_{KEY}_*.json.gz"):
        events = [json.loads(line) for line in gzip.open(path, "rt")]
        for i, event in enumerate(events):
            if event["type"] == "ryukyoku" and event.get("reason") == "error":
                out.append(f"hand stopped after {json.dumps(events[max(0, i - 2):i])}; deltas {event.get('deltas')}")
    return out


def rank_of(scores, seat):
    """1..4 by points, ties to the seat nearer the first dealer."""
    order = sorted(range(4), key=lambda s: (-scores[s], s))
    return order.index(seat) + 1


def play(games, command, first_seed, log_dir, opponent=None):
    ranks, illegal, errors = [], [], []
    for g in range(games):
        seat = g % 4
        bot = ProcessEngine("bot", command)
        if opponent:
            engines = [ProcessEngine(f"opponent{s}", opponent) if s != seat else bot for s in range(4)]
        else:
            engines = [RulebaseEngine(f"rulebase{s}") for s in range(4)]
        engines[seat] = bot
        try:
            Match(log_dir=log_dir).py_match(*engines, seed_start=(first_seed + g, KEY))
        except BaseException as exc:  # the referee refused an answer, or the bot died
            (illegal if "invalid" in str(exc).lower() or "illegal" in str(exc).lower() else errors).append(
                f"game {g} (seat {seat}): {exc}")
            for engine in engines:
                if isinstance(engine, ProcessEngine):
                    engine.proc.kill()
            continue
        finally:
            for engine in engines:
                if isinstance(engine, ProcessEngine) and engine.proc.poll() is None:
                    engine.close()
        refused = refusals(log_dir, first_seed + g)
        if refused:
            illegal.extend(f"game {g} (seat {seat}): {r}" for r in refused)
            continue
        if not bot.finals:
            errors.append(f"game {g} (seat {seat}): the referee ended without final scores")
            continue
        ranks.append(rank_of(bot.finals[-1], seat))
    return {"games": games, "finished": len(ranks), "ranks": ranks,
            "average_rank": round(sum(ranks) / len(ranks), 3) if ranks else None,
            "rank_counts": [ranks.count(r) for r in (1, 2, 3, 4)], "illegal": illegal, "errors": errors}


def main(argv):
    logger.remove()  # the rule-based bot logs every discard
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--log-dir", help="keep the referee's game logs here (default: not kept)")
    parser.add_argument("--opponent", help="the other three seats' bot command line (default: the rule-based bot)")
    parser.add_argument("command", nargs="+", help="the bot's command line (after --)")
    args = parser.parse_args(argv)
    opponent = shlex.split(args.opponent) if args.opponent else None
    if args.log_dir:
        print(json.dumps(play(args.games, args.command, args.seed, args.log_dir, opponent)))
        return 0
    with tempfile.TemporaryDirectory() as log_dir:
        print(json.dumps(play(args.games, args.command, args.seed, log_dir, opponent)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
