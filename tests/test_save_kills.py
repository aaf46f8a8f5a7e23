"""A save killed at any moment leaves the last whole save, never a torn one, and the temporary
file it was writing is removed when the title screen next opens the slot."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

from store.saves import SaveSlot

ROOT = Path(__file__).resolve().parent.parent


def test_a_save_killed_mid_write_keeps_a_whole_game_and_its_leftovers_are_removed(tmp_path: Path) -> None:
    rng = random.Random("save-kills")
    slot = SaveSlot(tmp_path)
    last_seen = 0
    for round_ in range(12):
        writer = subprocess.Popen([sys.executable, str(ROOT / "tests/saves_writer.py"), str(tmp_path)],
                                  stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert writer.stdout is not None
        writer.stdout.readline()  # at least one save made
        time.sleep(rng.uniform(0.0, 0.05))
        writer.kill()
        writer.wait(timeout=10)
        loaded = slot.load()
        assert loaded.data is not None, f"round {round_}: {loaded.message}"
        number = loaded.data["setup"]["number"]
        assert loaded.data["game"]["seed"] == number  # one save, whole
        assert len(loaded.data["game"]["actions"]) == number % 400
        assert number >= 1
        last_seen = max(last_seen, number)
    assert last_seen > 1
    leftovers = slot.remove_leftovers()  # what the title screen does when it opens
    assert leftovers >= 1  # kills did land inside writes (9 to 11 of 12 when this was written)
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]
