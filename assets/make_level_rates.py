"""Measure the AI levels' own rates for the Stats screen: ``python assets/make_level_rates.py``.

Each level plays seeded games against itself under the default (EMA) rules until ``--hands``
hands; every seat's hands are counted as the player's are. Writes ``level_rates.json`` beside
this script. Deterministic: the same code and arguments give the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import LEVELS  # noqa: E402
from game.stats.level_rates import level_rates  # noqa: E402

OUT = Path(__file__).resolve().parent / "level_rates.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands per level (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    found = {level: level_rates(level, args.hands, args.seed) for level in LEVELS}
    data = {"rules": "ema", "seed": args.seed, "command": f"python assets/make_level_rates.py --hands {args.hands}",
            "levels": found}
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    for level, rates in found.items():
        print(level, ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in rates.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
