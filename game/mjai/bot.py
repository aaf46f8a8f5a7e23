"""An mjai player: reads the messages since its last answer, answers with one mjai action.

The choice is the built-in AI's, from the seat view the engine builds (``game.mjai.seat``);
the answer is always one JSON object, and a message it cannot use is noted, never fatal: it
then answers safely (the drawn tile on its own turn, ``none`` otherwise).

>>> from game.rules import TENHOU
>>> bot = MjaiBot("easy", TENHOU, seed=1)
>>> bot.answer([{"type": "start_game", "id": 2}])
{'type': 'none'}
>>> deal = [["?"] * 13, ["?"] * 13, "1m 2m 3m 4p 5p 6p 7s 8s 9s E S S N".split(), ["?"] * 13]
>>> start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
...          "dora_marker": "1p", "scores": [25000] * 4, "tehais": deal}
>>> bot.answer([start, {"type": "tsumo", "actor": 0, "pai": "?"},
...             {"type": "dahai", "actor": 0, "pai": "9p", "tsumogiri": True},
...             {"type": "tsumo", "actor": 1, "pai": "?"},
...             {"type": "dahai", "actor": 1, "pai": "2p", "tsumogiri": True},
...             {"type": "tsumo", "actor": 2, "pai": "N"}])["type"]
'dahai'
>>> bot.notes
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai import make_player
from game.logs.mjai_live import MjaiError, MjaiStream, action_to_reaction
from game.mjai.seat import MjaiSeat, SeatLost
from game.rules import RuleSet
from game.table.actions import Action

__all__ = ["MjaiBot"]

Message = dict[str, Any]
NONE: Message = {"type": "none"}


class MjaiBot:
    """Kawa's AI at ``level`` behind the mjai protocol; ``notes`` collects what went wrong."""

    def __init__(self, level: str, rules: RuleSet, seed: int = 0) -> None:
        self.level = level
        self.rules = rules
        self.seed = seed
        self.seat = MjaiSeat(rules)
        self.wire = MjaiStream(rules.red_fives)
        self.agent = make_player(level, seed, 0)
        self.riichi_tile: int | None = None
        """The discard chosen with a ``reach`` answer, sent when the referee asks for it."""
        self.notes: list[str] = []

    def answer(self, messages: Sequence[Any]) -> Message:
        """The one action for these messages (every message since the last answer)."""
        for message in messages:
            try:
                self._read(message)
            except ValueError as exc:
                self.notes.append(f"message ignored: {exc}")
        try:
            return self._choose()
        except (SeatLost, MjaiError, ValueError) as exc:
            self.notes.append(f"answered safely: {exc}")
            return self._safe()

    def _read(self, message: Any) -> None:
        self.seat.read(message)
        if message["type"] == "start_game":
            self.agent = make_player(self.level, self.seed, self.seat.me)
        if message["type"] in ("start_kyoku", "dahai"):
            self.riichi_tile = None

    def _choose(self) -> Message:
        legal = self.seat.legal_actions()
        if not legal:
            return NONE
        me = self.seat.me
        last = self.seat.hand[-1]
        if last["type"] == "reach" and last.get("actor") == me:
            return self._riichi_discard(legal)
        view = self.seat.view()
        action = self.agent.decide(view, legal)
        if action.type == "riichi":
            self.riichi_tile = action.tile
            return {"type": "reach", "actor": me}
        reaction = action_to_reaction(action, me, self.wire, target=last.get("actor"), melds=view.melds[me])
        if reaction["type"] == "dahai":
            reaction["tsumogiri"] = action.tile == view.drawn
        return reaction

    def _riichi_discard(self, legal: list[Action]) -> Message:
        """The discard that goes with the riichi this seat declared."""
        riichis = [a for a in legal if a.type == "riichi"]
        if not riichis:
            raise MjaiError("asked for a riichi discard, but no riichi discard is offered")
        chosen = next((a for a in riichis if a.tile == self.riichi_tile), None)
        if chosen is None:
            chosen = self.agent.decide(self.seat.view(), riichis)
        reaction = action_to_reaction(Action("discard", tile=chosen.tile), self.seat.me, self.wire)
        reaction["tsumogiri"] = chosen.tile == self.seat.view().drawn
        return reaction

    def _safe(self) -> Message:
        """The drawn tile when the last message is this seat's draw, else ``none``."""
        last = self.seat.hand[-1] if self.seat.hand else {}
        if last.get("type") == "tsumo" and last.get("actor") == self.seat.me and last.get("pai") != "?":
            return {"type": "dahai", "actor": self.seat.me, "pai": last["pai"], "tsumogiri": True}
        return NONE
