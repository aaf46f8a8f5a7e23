"""Seat views built by hand from mpsz text, for tests of the AI, the coach and the review."""

from __future__ import annotations

from game.melds import Meld
from game.rules import TENHOU, RuleSet
from game.table.actions import Action
from game.table.view import SeatView
from game.tiles import parse_tiles

__all__ = ["Tiles", "seat_view"]


class Tiles:
    """Hands out physical tiles from mpsz text, never the same copy twice."""

    def __init__(self) -> None:
        self.used: list[int] = []

    def __call__(self, text: str) -> list[int]:
        tiles = parse_tiles(text, aka=True, taken=self.used)
        self.used += tiles
        return tiles


def seat_view(hand: str, *, seat: int = 0, dealer: int = 0, rivers: dict[int, str] | None = None,
              riichi_at: dict[int, int] | None = None, melds: dict[int, list[tuple[str, str]]] | None = None,
              dora: str = "9p", live_left: int = 50, scores: tuple[int, ...] = (25000,) * 4,
              all_last: bool = False, rules: RuleSet = TENHOU, tiles: Tiles | None = None,
              legal: list[Action] | None = None) -> SeatView:
    """A seat's view: its hand, each seat's river (``riichi_at``: the index of the declaring
    discard), open melds as (type, tiles) and the dora indicators."""
    tiles = tiles or Tiles()
    mine = tiles(hand)
    rivers = rivers or {}
    riichi_at = riichi_at or {}
    discards = []
    for s in range(4):
        river = tiles(rivers.get(s, "")) if rivers.get(s) else []
        discards.append(tuple({"tile": t, "tsumogiri": False, "riichi": riichi_at.get(s) == i, "called": False,
                               "order": i * 4 + (s - dealer) % 4} for i, t in enumerate(river)))
    open_melds = []
    for s in range(4):
        ms = []
        for kind, text in (melds or {}).get(s, []):
            ts = tuple(tiles(text))
            ms.append(Meld(kind, ts, called=ts[0], from_seat=(s + 3) % 4))
        open_melds.append(tuple(ms))
    indicators = tuple(tiles(dora))
    if legal is None:
        legal = [Action("discard", t) for t in sorted(set(mine))]
    return SeatView(
        seat=seat, hand=tuple(sorted(mine)), drawn=mine[-1] if len(mine) % 3 == 2 else None,
        hand_sizes=tuple(13 for _ in range(4)),
        melds=tuple(open_melds), discards=tuple(discards), riichi=tuple(s in riichi_at for s in range(4)),
        scores=scores, dealer=dealer, seat_winds=tuple(27 + (s - dealer) % 4 for s in range(4)), round_wind=27,
        hand_index=7 if all_last else 0, honba=0, sticks=0, dora_indicators=indicators, live_left=live_left,
        furiten=False, last_discard=None, current=seat, phase="play", legal_actions=tuple(legal),
        finished=False, rules=rules, all_last=all_last)
