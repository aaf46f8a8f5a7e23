"""The player's drill figures: answers, accuracy and streaks per drill, and the review's agreement.

Pure: rows of the statistics database in, figures out.

>>> rows = [{"drill": "waits", "correct": c} for c in (1, 1, 0, 1, 1, 1)]
>>> f = drill_figures(rows)["waits"]
>>> f["answered"], f["correct"], round(f["accuracy"], 2), f["streak"], f["best_streak"]
(6, 5, 0.83, 3, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["drill_figures", "agreement_series"]


def drill_figures(answers: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per drill (in the order first met): answered, correct, accuracy (None before any answer),
    the current run of right answers and the longest."""
    out: dict[str, dict[str, Any]] = {}
    for row in answers:
        f = out.setdefault(row["drill"], {"answered": 0, "correct": 0, "streak": 0, "best_streak": 0})
        f["answered"] += 1
        if row["correct"]:
            f["correct"] += 1
            f["streak"] += 1
            f["best_streak"] = max(f["best_streak"], f["streak"])
        else:
            f["streak"] = 0
    for f in out.values():
        f["accuracy"] = f["correct"] / f["answered"] if f["answered"] else None
    return out


def agreement_series(reviews: Sequence[dict[str, Any]], seat: int = 0) -> list[float]:
    """The review agreement of each reviewed game of the player's seat, oldest first.

    >>> agreement_series([{"seat": 0, "agreement": 0.7}, {"seat": 2, "agreement": 0.9}, {"seat": 0, "agreement": 0.8}])
    [0.7, 0.8]
    """
    return [r["agreement"] for r in reviews if r["seat"] == seat]
