"""The player's figures from recorded games and hands: rates, placements, values, by scope.

Pure: rows in (dicts with the columns of the statistics database), figures out. A rate is None
when nothing counts towards it yet (no hand, no win...).

>>> games = [{"id": 1, "levels": "normal,normal,normal", "placement": 2, "score": 31000, "finished": 1}]
>>> hands = [{"game_id": 1, "won": 1, "dealt_in": 0, "riichi": 1, "called": 0, "dama": 0, "tsumo": 1,
...           "win_value": 3900, "deal_in_value": 0, "draw": "", "tenpai": None, "riichi_result": "won"},
...          {"game_id": 1, "won": 0, "dealt_in": 1, "riichi": 0, "called": 1, "dama": 0, "tsumo": 0,
...           "win_value": 0, "deal_in_value": 2000, "draw": "", "tenpai": None, "riichi_result": None}]
>>> f = figures(games, hands)
>>> (f["games"], f["hands"], f["win_rate"], f["deal_in_rate"], f["average_placement"], f["average_win_value"])
(1, 2, 0.5, 0.5, 2.0, 3900.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.stats.hand_facts import RIICHI_RESULTS

__all__ = ["figures", "figures_of", "counts", "add_counts", "report", "report_of", "GAME_COUNTS", "HAND_COUNTS",
           "WINDOWS", "REFERENCE_RATES", "level_group"]

WINDOWS = (20, 100)
"""The recent windows the report shows beside all games (the last 20 and 100 games)."""
REFERENCE_RATES = {"riichi_rate": 0.17, "call_rate": 0.35, "win_rate": 0.21, "deal_in_rate": 0.13}
"""Strong online players' rates, drawn beside the player's."""
RATE_NAMES = ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "dama_rate", "tsumo_share",
              "draw_tenpai_rate")


PLACES = ("first", "second", "third", "fourth")


def _share(part: float, whole: int) -> float | None:
    return part / whole if whole else None


def level_group(levels: str) -> str:
    """The opponents' levels as one group name: ``"normal"`` when all three are normal, else
    the distinct levels joined (``"easy+strong"``)."""
    return "+".join(sorted(set(filter(None, levels.split(","))))) or "?"


GAME_COUNTS = ("games", "finished_games", "placement_sum", "first", "second", "third", "fourth", "score_sum")
"""What the figures count over games: every one adds up across any split of the games. A game counts
once one of its hands has ended; a finished game has its final placement."""
HAND_COUNTS = ("hands", "wins", "deal_ins", "riichis", "calls", "dama_wins", "tsumo_wins", "win_value_sum",
               "deal_in_value_sum", "exhaustive_draws", "draw_tenpai", "riichi_known",
               *(f"riichi_{r}" for r in RIICHI_RESULTS))
"""What the figures count over hands (the database sums the same counts in SQL)."""


def counts(games: Sequence[dict[str, Any]], hands: Sequence[dict[str, Any]]) -> dict[str, int]:
    """The counts behind every figure, over these games and their hands (hands of other games ignored)."""
    ids = {g["id"] for g in games}
    hs = [h for h in hands if h["game_id"] in ids]
    finished = [g["placement"] for g in games if g.get("finished") and g.get("placement")]
    played = {h["game_id"] for h in hs}
    wins = [h for h in hs if h["won"]]
    known = [h["riichi_result"] for h in hs if h["riichi"] and h.get("riichi_result")]
    out = {"games": sum(1 for g in games if g["id"] in played or (g.get("finished") and g.get("placement"))),
           "finished_games": len(finished), "placement_sum": sum(finished),
           **{name: finished.count(p) for p, name in enumerate(PLACES, 1)},
           "score_sum": sum(g["score"] for g in games if g.get("finished") and g.get("placement")),
           "hands": len(hs), "wins": len(wins), "deal_ins": sum(1 for h in hs if h["dealt_in"]),
           "riichis": sum(1 for h in hs if h["riichi"]), "calls": sum(1 for h in hs if h["called"]),
           "dama_wins": sum(1 for h in wins if h["dama"]), "tsumo_wins": sum(1 for h in wins if h["tsumo"]),
           "win_value_sum": sum(h["win_value"] for h in wins),
           "deal_in_value_sum": sum(h["deal_in_value"] for h in hs if h["dealt_in"]),
           "exhaustive_draws": sum(1 for h in hs if h["tenpai"] is not None),
           "draw_tenpai": sum(1 for h in hs if h["tenpai"] is not None and h["tenpai"]),
           "riichi_known": len(known), **{f"riichi_{r}": known.count(r) for r in RIICHI_RESULTS}}
    return out


def add_counts(parts: Sequence[dict[str, int]]) -> dict[str, int]:
    """The counts of several disjoint sets of games taken together."""
    return {name: sum(part.get(name, 0) for part in parts) for name in (*GAME_COUNTS, *HAND_COUNTS)}


def figures_of(c: dict[str, int]) -> dict[str, Any]:
    """Every figure from the counts (``counts``, or the database's sums of the same)."""
    finished = c["finished_games"]
    return {
        "games": c["games"],
        "finished_games": finished,
        "hands": c["hands"],
        "average_placement": _share(c["placement_sum"], finished),
        "placement_shares": [_share(c[name], finished) for name in PLACES],
        "score_per_game": _share(c["score_sum"], finished),
        "win_rate": _share(c["wins"], c["hands"]),
        "deal_in_rate": _share(c["deal_ins"], c["hands"]),
        "riichi_rate": _share(c["riichis"], c["hands"]),
        "call_rate": _share(c["calls"], c["hands"]),
        "dama_rate": _share(c["dama_wins"], c["wins"]),
        "tsumo_share": _share(c["tsumo_wins"], c["wins"]),
        "average_win_value": _share(c["win_value_sum"], c["wins"]),
        "average_deal_in_value": _share(c["deal_in_value_sum"], c["deal_ins"]),
        "exhaustive_draws": c["exhaustive_draws"],
        "draw_tenpai_rate": _share(c["draw_tenpai"], c["exhaustive_draws"]),
        "riichi_results": {r: _share(c[f"riichi_{r}"], c["riichi_known"]) for r in RIICHI_RESULTS},
    }


def figures(games: Sequence[dict[str, Any]], hands: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Every figure over these games and their hands (hands of other games are ignored)."""
    return figures_of(counts(games, hands))


def report(games: Sequence[dict[str, Any]], hands: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """All games' figures at the top, then the same over the last 20 and 100 games and per opponent
    level; ``placements`` lists the finished games' placements oldest first (for the charts)."""
    ordered = list(games)
    by_levels: dict[str, list[dict[str, Any]]] = {}
    for g in ordered:
        by_levels.setdefault(g["levels"], []).append(g)
    return report_of({levels: counts(rows, hands) for levels, rows in by_levels.items()},
                     {w: counts(ordered[-w:], hands) for w in WINDOWS},
                     [g["placement"] for g in ordered if g.get("finished") and g.get("placement")])


def report_of(by_levels: dict[str, dict[str, int]], recent: dict[int, dict[str, int]], placements: list[int]
              ) -> dict[str, Any]:
    """The report (see ``report``) from the counts of the games of each opponents' ``levels`` text,
    the counts of the last games of each of ``WINDOWS``, and the finished games' placements."""
    groups: dict[str, list[dict[str, int]]] = {}
    for levels, part in by_levels.items():
        groups.setdefault(level_group(levels), []).append(part)
    out = figures_of(add_counts(list(by_levels.values())))
    out["recent"] = {str(w): figures_of(recent[w]) for w in WINDOWS}
    out["by_level"] = {name: figures_of(add_counts(parts)) for name, parts in sorted(groups.items())}
    out["placements"] = list(placements)
    return out
