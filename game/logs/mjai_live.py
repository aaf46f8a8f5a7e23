"""The mjai wire, live: the table's events as mjai messages, and an mjai reaction as a table action.

mjai (MJAI.md beside the real games) is the JSON protocol of the riichi AI community. A game's
events become messages in the order mjai gives them (``start_kyoku``, ``tsumo``, ``reach``,
``dahai``, ``reach_accepted``, calls with ``consumed``, ``dora``, ``hora``, ``ryukyoku``,
``end_kyoku``), and :func:`for_seat` hides what one seat may not see: the others' deals and
drawn tiles become ``"?"``. A reaction (``dahai``, ``reach``, ``chi``, ``pon``, ``daiminkan``,
``ankan``, ``kakan``, ``hora``, ``ryukyoku``, ``none``) maps to the one legal action it names.

>>> from game.rules import TENHOU
>>> from game.table import Game
>>> game = Game(TENHOU, seed=1)
>>> wire = MjaiStream(TENHOU.red_fives)
>>> messages = wire.messages(game.events)
>>> [m["type"] for m in messages]
['start_game', 'start_kyoku', 'tsumo']
>>> hidden = for_seat(messages[1], 1)
>>> hidden["tehais"][0][:2], len(hidden["tehais"][1])
(['?', '?'], 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.logs.export_mjai import MJAI_DRAW_REASONS, mjai_tile
from game.melds import Meld
from game.table.actions import Action
from game.table.events import (Called, Discarded, DoraRevealed, Drawn, Event, GameEnded, HandDrawn, HandEnded,
                               HandStarted, RiichiAccepted, RiichiDeclared, Won)

__all__ = ["MjaiStream", "for_seat", "reaction_to_action", "action_to_reaction", "MjaiError"]

Message = dict[str, Any]

_CALL_TYPES = {"chi": "chi", "pon": "pon", "daiminkan": "daiminkan", "ankan": "ankan", "shouminkan": "kakan"}


class MjaiError(ValueError):
    """An mjai reaction that names no legal action; the message says what was asked and offered."""


class MjaiStream:
    """Turns a game's events into mjai messages, remembering what the wire needs between events.

    ``messages(events)`` may be called with every event so far or only with the new ones: each
    event is read once, in order.
    """

    def __init__(self, red_fives: bool, names: Sequence[str] = ("", "", "", "")) -> None:
        self.red_fives = red_fives
        self.names = list(names)
        self._seen = 0
        self._started = False

    def name(self, tile: int) -> str:
        return mjai_tile(tile, self.red_fives)

    def messages(self, events: Sequence[Event]) -> list[Message]:
        """The mjai messages of the events not read before (``events`` is the game's whole list)."""
        out: list[Message] = []
        for event in events[self._seen:]:
            out.extend(self.convert(event))
        self._seen = len(events)
        return out

    def convert(self, event: Event) -> list[Message]:
        """The mjai messages one table event stands for (none for some)."""
        out: list[Message] = []
        if not self._started:
            self._started = True
            out.append({"type": "start_game", "names": self.names, "aka_flag": self.red_fives})
        handler = getattr(self, "_" + event.type)
        out.extend(handler(event))
        return out

    # one method per table event ---------------------------------------------------------
    def _hand_started(self, e: HandStarted) -> list[Message]:
        return [{"type": "start_kyoku", "bakaze": "ESWN"[e.round_wind - 27], "kyoku": e.hand_index % 4 + 1,
                 "honba": e.honba, "kyotaku": e.sticks, "oya": e.dealer,
                 "dora_marker": self.name(e.dora_indicators[0]), "scores": list(e.scores),
                 "tehais": [[self.name(t) for t in hand] if hand else ["?"] * 13 for hand in e.hands]}]

    def _drawn(self, e: Drawn) -> list[Message]:
        return [{"type": "tsumo", "actor": e.seat, "pai": "?" if e.tile is None else self.name(e.tile)}]

    def _riichi_declared(self, e: RiichiDeclared) -> list[Message]:
        return [{"type": "reach", "actor": e.seat}]

    def _discarded(self, e: Discarded) -> list[Message]:
        return [{"type": "dahai", "actor": e.seat, "pai": self.name(e.tile), "tsumogiri": e.tsumogiri}]

    def _riichi_accepted(self, e: RiichiAccepted) -> list[Message]:
        return [{"type": "reach_accepted", "actor": e.seat}]

    def _called(self, e: Called) -> list[Message]:
        if e.call == "ankan":
            return [{"type": "ankan", "actor": e.seat, "consumed": [self.name(t) for t in e.tiles]}]
        if e.call == "shouminkan":
            rest = [t for t in e.tiles if t != e.added]
            return [{"type": "kakan", "actor": e.seat, "pai": self.name(e.added),  # type: ignore[arg-type]
                     "consumed": [self.name(t) for t in rest]}]
        rest = [t for t in e.tiles if t != e.called]
        return [{"type": _CALL_TYPES[e.call], "actor": e.seat, "target": e.from_seat,
                 "pai": self.name(e.called), "consumed": [self.name(t) for t in rest]}]  # type: ignore[arg-type]

    def _dora_revealed(self, e: DoraRevealed) -> list[Message]:
        return [{"type": "dora", "dora_marker": self.name(e.indicator)}]

    def _won(self, e: Won) -> list[Message]:
        return [{"type": "hora", "actor": e.seat, "target": e.seat if e.tsumo else e.from_seat,
                 "pai": self.name(e.tile), "deltas": list(e.deltas)}]

    def _drawn_hand(self, e: HandDrawn) -> list[Message]:
        message: Message = {"type": "ryukyoku", "reason": MJAI_DRAW_REASONS[e.draw], "deltas": list(e.deltas)}
        if e.tenpai is not None:
            message["tenpais"] = [s in e.tenpai for s in range(4)]
        return [message]

    def _hand_ended(self, e: HandEnded) -> list[Message]:
        return [{"type": "end_kyoku"}]

    def _game_ended(self, e: GameEnded) -> list[Message]:
        return [{"type": "end_game", "scores": list(e.scores)}]


def for_seat(message: Message, seat: int) -> Message:
    """The message as ``seat`` receives it: the others' deals and drawn tiles as ``"?"``."""
    kind = message["type"]
    if kind == "start_kyoku":
        tehais = [hand if s == seat else ["?"] * 13 for s, hand in enumerate(message["tehais"])]
        return {**message, "tehais": tehais}
    if kind == "tsumo" and message["actor"] != seat:
        return {**message, "pai": "?"}
    if kind == "start_game":
        return {**message, "id": seat}
    return message


def _names(stream: MjaiStream, tiles: Iterable[int]) -> list[str]:
    return sorted(stream.name(t) for t in tiles)


def action_to_reaction(action: Action, seat: int, stream: MjaiStream, target: int | None = None,
                       melds: Sequence[Meld] = ()) -> Message:
    """The mjai reaction that asks for ``action`` (``target``: the seat whose tile it takes;
    ``melds``: the seat's melds, where an added kan finds the pon it extends)."""
    kind = action.type
    if kind in ("discard", "riichi"):
        assert action.tile is not None
        if kind == "riichi":
            return {"type": "reach", "actor": seat}
        return {"type": "dahai", "actor": seat, "pai": stream.name(action.tile), "tsumogiri": False}
    if kind in ("chi", "pon", "daiminkan"):
        assert action.tile is not None
        return {"type": kind, "actor": seat, "target": target, "pai": stream.name(action.tile),
                "consumed": _names(stream, action.tiles)}
    if kind == "ankan":
        return {"type": "ankan", "actor": seat, "consumed": _names(stream, action.tiles)}
    if kind == "shouminkan":
        assert action.tile is not None
        pon = next((m for m in melds if m.type == "pon" and m.first_kind == action.tile >> 2), None)
        consumed = _names(stream, pon.tiles) if pon is not None else []
        return {"type": "kakan", "actor": seat, "pai": stream.name(action.tile), "consumed": consumed}
    if kind in ("tsumo", "ron"):
        return {"type": "hora", "actor": seat, "target": seat if kind == "tsumo" else target,
                "pai": stream.name(action.tile) if action.tile is not None else "?"}
    if kind == "kyuushu":
        return {"type": "ryukyoku", "actor": seat}
    return {"type": "none"}


def reaction_to_action(reaction: Message, legal: Sequence[Action], stream: MjaiStream,
                       after_reach: bool = False) -> Action | None:
    """The legal action an mjai reaction names; ``MjaiError`` when it names none.

    mjai declares riichi in two steps: ``reach`` (None here: a declaration, its discard comes
    next) and then a ``dahai``, which the caller passes with ``after_reach=True`` to name the
    riichi discard.
    """
    if not isinstance(reaction, dict) or not isinstance(reaction.get("type"), str):
        raise MjaiError(f"a reaction is a JSON object with a type: {reaction!r}")
    kind = reaction["type"]
    offered = ", ".join(sorted({a.type for a in legal})) or "nothing"

    def pick(types: tuple[str, ...], tile: Any = None, consumed: Any = None) -> Action:
        for action in legal:
            if action.type not in types:
                continue
            if tile is not None and (action.tile is None or stream.name(action.tile) != tile):
                continue
            if consumed is not None and _names(stream, action.tiles) != sorted(consumed):
                continue
            return action
        asked = " ".join(str(x) for x in (kind, tile, consumed) if x is not None)
        raise MjaiError(f"{asked} is not offered now (offered: {offered})")

    if kind == "none":
        if any(a.type == "pass" for a in legal):
            return pick(("pass",))
        raise MjaiError(f"'none' is no answer on your own turn (offered: {offered})")
    if kind == "dahai":
        return pick(("riichi",) if after_reach else ("discard",), reaction.get("pai"))
    if kind == "reach":
        pick(("riichi",))
        return None
    if kind in ("chi", "pon", "daiminkan"):
        return pick((kind,), reaction.get("pai"), list(reaction.get("consumed", [])))
    if kind == "ankan":
        return pick(("ankan",), None, list(reaction.get("consumed", [])))
    if kind == "kakan":
        return pick(("shouminkan",), reaction.get("pai"))
    if kind == "hora":
        return pick(("tsumo", "ron"))
    if kind == "ryukyoku":
        return pick(("kyuushu",))
    raise MjaiError(f"unknown reaction type {kind!r}")
