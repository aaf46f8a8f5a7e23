"""Fill a statistics database with a long made-up history, to measure how ``kawa stats`` and the
Statistics screen read it: ``python tools/make_stats_history.py FOLDER [--games 100000]``.

Every game has 5 to 12 hands whose values are drawn from a seeded generator (wins, deal-ins,
riichi, calls and draws in plausible shares); the schema is the real one (``StatsDB``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.stats.hand_facts import RIICHI_RESULTS  # noqa: E402
from store.stats import HAND_COLUMNS, StatsDB  # noqa: E402

LEVELS = ("normal,normal,normal", "easy,easy,easy", "strong,strong,strong", "easy,normal,strong")


def hand_row(rng: random.Random, game_id: int, number: int) -> tuple[object, ...]:
    """One made-up hand: (game_id, number, *HAND_COLUMNS)."""
    won, dealt_in = rng.random() < 0.22, False
    dealt_in = not won and rng.random() < 0.14
    riichi, called = rng.random() < 0.2, rng.random() < 0.3
    drawn = not won and not dealt_in and rng.random() < 0.2
    values = {"hand_index": number, "honba": 0, "dealer": int(number % 4 == 0), "won": int(won),
              "dealt_in": int(dealt_in), "riichi": int(riichi), "called": int(called and not riichi),
              "dama": int(won and not riichi and not called), "tsumo": int(won and rng.random() < 0.4),
              "win_value": rng.choice((1000, 2000, 3900, 8000)) if won else 0,
              "deal_in_value": rng.choice((1000, 2600, 5200)) if dealt_in else 0,
              "draw": "exhaustive" if drawn else "", "tenpai": int(rng.random() < 0.5) if drawn else None,
              "riichi_result": rng.choice(RIICHI_RESULTS) if riichi else None, "delta": rng.randint(-8000, 8000)}
    return (game_id, number, *(values[c] for c in HAND_COLUMNS))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    db = StatsDB(args.folder)
    db.open()
    rng = random.Random(args.seed)
    columns = ", ".join(HAND_COLUMNS)
    with db.connect() as conn:
        conn.execute("BEGIN")
        for game in range(1, args.games + 1):
            hands = rng.randint(5, 12)
            cur = conn.execute(
                "INSERT INTO games (key, started, rules, levels, demo, placement, score, points, finished, seed, hands)"
                " VALUES (?, ?, 'ema', ?, 0, ?, ?, 0, 1, ?, ?)",
                (f"history-{game}", f"2020-01-01T00:00:{game:09d}Z", rng.choice(LEVELS), rng.randint(1, 4),
                 rng.randint(0, 60000), game, hands))
            conn.executemany(f"INSERT INTO hands (game_id, number, {columns}) VALUES ({', '.join('?' * (2 + len(HAND_COLUMNS)))})",
                             [hand_row(rng, int(cur.lastrowid or 0), n) for n in range(hands)])
        conn.execute("COMMIT")
    db.close()
    print(f"{args.games} games in {db.path} ({db.path.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
