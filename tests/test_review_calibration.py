"""The review's calibration tool reads the records ``kawa selfplay --duplicate --records`` writes."""

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

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


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("review_calibration", ROOT / "tools" / "review_calibration.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_tells_what_each_kind_of_choice_really_cost() -> None:
    """Seat-hands whose realised difference is half the cost of choices houou players make often and twice that of
    the others: the fit the review's two shares come from finds those two figures."""
    rows = [((often, other), 0.5 * often + 2.0 * other + noise)
            for often, other, noise in [(100, 0, 3), (0, 50, -3), (200, 40, 2), (40, 200, -2), (300, 100, 1), (10, 10, -1)]]
    (often, often_half), (other, other_half) = _tool()._fit(rows)
    assert often == pytest.approx(0.5, abs=0.05) and other == pytest.approx(2.0, abs=0.05)
    assert 0 < often_half < 0.2 and 0 < other_half < 0.2
    assert _tool()._fit([((100, 0), 50), ((200, 0), 100), ((50, 0), 25)]) is None  # no other choice: nothing to tell apart
