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

__all__ = ["figures", "report", "WINDOWS", "REFERENCE_RATES", "level_group"]

WINDOWS = (20, 100)
"""The recent windows the report shows beside all games (the last 20 and 100 games)."""
REFERENCE_RATES = {"riichi_rate": 0.17, "call_rate": 0.35, "win_rate": 0.21, "deal_in_rate": 0.13}
"""Strong online players' rates, drawn beside the player's."""
RATE_NAMES = ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "dama_rate", "tsumo_share",
              "draw_tenpai_rate")


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def level_group(levels: str) -> str:
    """The opponents' levels as one group name: ``"normal"`` when all three are normal, else
    the distinct levels joined (``"easy+strong"``)."""
    return "+".join(sorted(set(filter(None, levels.split(","))))) or "?"


def figures(games: Sequence[dict[str, Any]], hands: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Every figure over these games and their hands (hands of other games are ignored)."""
    ids = {g["id"] for g in games}
    hs = [h for h in hands if h["game_id"] in ids]
    finished = [g for g in games if g.get("finished") and g.get("placement")]
    wins = [h for h in hs if h["won"]]
    deal_ins = [h for h in hs if h["dealt_in"]]
    riichis = [h for h in hs if h["riichi"]]
    exhaustive = [h for h in hs if h["tenpai"] is not None]
    known = [h for h in riichis if h.get("riichi_result")]
    n = len(hs)
    return {
        "games": len(games),
        "finished_games": len(finished),
        "hands": n,
        "average_placement": _mean([g["placement"] for g in finished]),
        "placement_shares": [_share(sum(1 for g in finished if g["placement"] == p), len(finished))
                             for p in (1, 2, 3, 4)],
        "score_per_game": _mean([g["score"] for g in finished]),
        "win_rate": _share(len(wins), n),
        "deal_in_rate": _share(len(deal_ins), n),
        "riichi_rate": _share(len(riichis), n),
        "call_rate": _share(sum(1 for h in hs if h["called"]), n),
        "dama_rate": _share(sum(1 for h in wins if h["dama"]), len(wins)),
        "tsumo_share": _share(sum(1 for h in wins if h["tsumo"]), len(wins)),
        "average_win_value": _mean([h["win_value"] for h in wins]),
        "average_deal_in_value": _mean([h["deal_in_value"] for h in deal_ins]),
        "exhaustive_draws": len(exhaustive),
        "draw_tenpai_rate": _share(sum(1 for h in exhaustive if h["tenpai"]), len(exhaustive)),
        "riichi_results": {r: _share(sum(1 for h in known if h["riichi_result"] == r), len(known))
                           for r in RIICHI_RESULTS},
    }


def report(games: Sequence[dict[str, Any]], hands: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """All games' figures at the top, then the same over the last 20 and 100 games and per opponent
    level; ``placements`` lists the finished games' placements oldest first (for the charts)."""
    ordered = list(games)
    out = figures(ordered, hands)
    out["recent"] = {str(w): figures(ordered[-w:], hands) for w in WINDOWS}
    groups: dict[str, list[dict[str, Any]]] = {}
    for g in ordered:
        groups.setdefault(level_group(g["levels"]), []).append(g)
    out["by_level"] = {name: figures(rows, hands) for name, rows in sorted(groups.items())}
    out["placements"] = [g["placement"] for g in ordered if g.get("finished") and g.get("placement")]
    return out
