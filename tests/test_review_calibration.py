"""The review's calibration tool reads the records ``kawa selfplay --duplicate --records`` writes."""

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_calibration_pairs_normal_seats_with_strong_on_the_same_deal(tmp_path: Path) -> None:
    played = json.loads(_run("main.py", "selfplay", "--hands", "4", "--seed", "5", "--ai", "strong,normal,normal,normal",
                             "--duplicate", "--preset", "tenhou", "--json", "--records", str(tmp_path)))
    out = _run("tools/review_calibration.py", str(tmp_path))
    games, hands, seat_hands = map(int, re.search(r"(\d+) games, (\d+) hands: .*\((\d+) seat-hands\)", out).groups())
    assert (games, hands) == (4, played["hands"])
    assert seat_hands == 3 * hands  # the three normal seats of every game, strong's own never
    paired = int(re.search(r"(\d+) seat-hands with the same deal", out).group(1))
    assert 0 < paired <= seat_hands
    assert re.search(r"all: estimated \d+, realised [+-]\d+", out)
