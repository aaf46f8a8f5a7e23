"""A process that saves games in a loop through the real save code, for the kill tests: each
save holds its own number and a game record of growing size, so a torn save would show."""

from __future__ import annotations

import sys
from pathlib import Path

from store.saves import SaveSlot


def main(folder: str) -> None:
    slot = SaveSlot(Path(folder))
    n = 0
    while True:
        n += 1
        slot.write({"game": {"seed": n, "actions": [[n % 4, {"type": "discard", "tile": n % 136}]] * (n % 400)},
                    "setup": {"number": n}})
        print(n, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
