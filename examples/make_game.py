"""Make ``examples/game.json``: a seeded east-only game of four normal AI seats, as tenhou.net/6 JSON.

Run from the checkout: ``.venv/bin/python examples/make_game.py [SEED] [OUT]`` (seed 5 made the
committed file).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.logs.export_tenhou6 import write_tenhou6  # noqa: E402
from game.logs.from_game import record_from_game  # noqa: E402
from game.rules import preset  # noqa: E402
from game.table.game import Game  # noqa: E402


def play(seed: int) -> Game:
    """An east-only game under Tenhou's rules, every seat Kawa's normal AI."""
    game = Game(preset("tenhou").with_options(game_length="east"), seed)
    players = [make_player("normal", seed, s) for s in range(4)]
    for s, player in enumerate(players):
        for event in game.events:
            player.observe(event.for_seat(s))
    while not game.finished:
        seat = next(s for s in range(4) if game.legal_actions(s))
        action = players[seat].decide(game.view(seat), game.legal_actions(seat))
        events = game.apply(seat, action)
        for s, player in enumerate(players):
            for event in events:
                player.observe(event.for_seat(s))
    return game


def main(argv: list[str]) -> int:
    seed = int(argv[0]) if argv else 5
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "game.json"
    record = record_from_game(play(seed), names=("East", "South", "West", "North"))
    write_tenhou6(record, out)
    print(f"{out}: {len(record.hands)} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
