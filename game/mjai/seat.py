"""One seat's table, rebuilt from the mjai messages that seat receives.

An mjai bot sees its own deal and draws and everyone's discards, calls and dora indicators; the
others' concealed tiles are unknown. ``MjaiSeat`` keeps the messages of the hand in play and,
when the seat must answer, plays them through ``Game`` on a wall that agrees with all the seat
has seen: each tile another seat shows is put where that seat took it from (its deal or one of
its draws), a seat that declared riichi is given a tenpai hand of tiles nobody has shown, and
the tiles never seen fill the places no message has shown. The seat's view and its legal
actions are then the engine's own, exactly as at Kawa's table.

>>> from game.rules import TENHOU
>>> seat = MjaiSeat(TENHOU)
>>> seat.read({"type": "start_game", "id": 1})
>>> seat.read({"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
...            "dora_marker": "1p", "scores": [25000] * 4,
...            "tehais": [["?"] * 13, "1m 2m 3m 4p 5p 6p 7s 8s 9s E S S N".split(), ["?"] * 13, ["?"] * 13]})
>>> for message in ({"type": "tsumo", "actor": 0, "pai": "?"},
...                 {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": False}):
...     seat.read(message)
>>> sorted({a.type for a in seat.legal_actions()})
['pass', 'pon']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.hand.around import tenpai_around
from game.logs.export_mjai import MjaiTiles
from game.rules import RuleSet
from game.table.actions import Action
from game.table.game import Game
from game.table.moves import kuikae_kinds
from game.table.view import SeatView
from game.table.wall import LIVE_SIZE, Wall

__all__ = ["MjaiSeat", "SeatLost"]

Message = dict[str, Any]
Place = tuple[str, int, int]
"""Where a tile lies in the wall: ("deal", seat, i), ("live", i, 0), ("rinshan", i, 0), ("dora", i, 0)."""

CALLS = {"chi": "chi", "pon": "pon", "daiminkan": "daiminkan"}
KANS = ("ankan", "kakan", "daiminkan")
HAND_ENDS = ("hora", "ryukyoku", "end_kyoku", "end_game")


FIELDS: dict[str, tuple[str, ...]] = {
    "start_kyoku": ("bakaze", "kyoku", "honba", "kyotaku", "oya", "dora_marker", "scores", "tehais"),
    "tsumo": ("actor", "pai"), "dahai": ("actor", "pai"), "reach": ("actor",), "reach_accepted": ("actor",),
    "chi": ("actor", "target", "pai", "consumed"), "pon": ("actor", "target", "pai", "consumed"),
    "daiminkan": ("actor", "target", "pai", "consumed"), "ankan": ("actor", "consumed"),
    "kakan": ("actor", "pai"), "dora": ("dora_marker",),
}
"""The fields each event this seat plays needs (others are read and kept as they come)."""

SEAT_FIELDS = ("actor", "target", "oya")


class SeatLost(ValueError):
    """The messages cannot be played on any wall (a referee's mistake or a message out of order)."""


@dataclass
class _Held:
    """A seat's concealed tiles as places in the wall; ``drawn`` is the place of its last draw."""

    places: list[Place] = field(default_factory=list)
    drawn: Place | None = None


@dataclass
class _Riichi:
    """A seat that declared riichi and the places of its concealed tiles just after that discard."""

    seat: int
    places: list[Place]


class _Layout:
    """Pass one: where every tile shown so far came from, and the actions in the engine's terms."""

    def __init__(self, me: int, red_fives: bool) -> None:
        self.me = me
        self.tiles = MjaiTiles(red_fives)
        self.at: dict[Place, int] = {}
        self.held = [_Held() for _ in range(4)]
        self.live_drawn = 0
        self.kans = 0
        self.doras = 0
        self.rinshan_next = False
        self.reach_by: int | None = None
        self.riichis: list[_Riichi] = []
        self.steps: list[tuple[int, Action | None]] = []
        """(seat, action) in order; (-1, None) where the offers on the last discard or kan ended."""
        self.last_discard: int | None = None

    def show(self, place: Place, name: str) -> int:
        tile = self.tiles.new(name)
        self.at[place] = tile
        return tile

    def take(self, seat: int, name: str, prefer_drawn: bool) -> int:
        """The tile ``name`` leaving ``seat``'s concealed hand, looked for in the drawn tile first
        when ``prefer_drawn`` (a tsumogiri, a kan), else in it last."""
        held = self.held[seat]
        kind, red = self.tiles.kind(name)
        order = list(held.places)
        if held.drawn in order:
            order.remove(held.drawn)
            order = [held.drawn, *order] if prefer_drawn else [*order, held.drawn]
        for place in order:  # a tile already known by that name
            tile = self.at.get(place)
            if tile is not None and self.tiles.kind_of_tile(tile) == (kind, red):
                held.places.remove(place)
                return tile
        for place in order:  # else an unknown tile becomes it
            if place not in self.at:
                held.places.remove(place)
                return self.show(place, name)
        raise SeatLost(f"seat {seat} has no {name} to show")

    def read(self, m: Message) -> None:
        kind = m["type"]
        handler: Callable[[Message], None] | None = getattr(self, "_" + kind, None)
        if handler is not None:
            handler(m)

    def _start_kyoku(self, m: Message) -> None:
        for seat, names in enumerate(m["tehais"]):
            if len(names) != 13:
                raise SeatLost("a deal of 13 tiles was expected")
            for i, name in enumerate(names):
                place = ("deal", seat, i)
                self.held[seat].places.append(place)
                if seat == self.me:
                    self.show(place, name)
        self.show(("dora", 0, 0), m["dora_marker"])

    def _tsumo(self, m: Message) -> None:
        seat = int(m["actor"])
        if self.rinshan_next:
            place: Place = ("rinshan", self.kans - 1, 0)
            self.rinshan_next = False
        else:
            place = ("live", self.live_drawn, 0)
            self.live_drawn += 1
        self.steps.append((-1, None))
        if seat == self.me:
            self.show(place, m["pai"])
        self.held[seat].places.append(place)
        self.held[seat].drawn = place

    def _reach(self, m: Message) -> None:
        self.reach_by = int(m["actor"])

    def _dahai(self, m: Message) -> None:
        seat = int(m["actor"])
        tile = self.take(seat, m["pai"], bool(m.get("tsumogiri")))
        riichi = self.reach_by == seat
        self.reach_by = None
        self.held[seat].drawn = None
        self.steps.append((seat, Action("riichi" if riichi else "discard", tile=tile)))
        self.last_discard = tile
        if riichi:
            self.riichis.append(_Riichi(seat, list(self.held[seat].places)))

    def _call(self, m: Message) -> None:
        seat = int(m["actor"])
        used = tuple(sorted(self.take(seat, name, False) for name in m["consumed"]))
        if self.last_discard is None:
            raise SeatLost(f"{m['type']} with no discard to take")
        self.steps.append((seat, Action(CALLS[m["type"]], tile=self.last_discard, tiles=used)))
        self.held[seat].drawn = None
        if m["type"] == "daiminkan":
            self._kan()

    _chi = _pon = _daiminkan = _call

    def _ankan(self, m: Message) -> None:
        seat = int(m["actor"])
        # the drawn tile first: in riichi a closed kan must use it
        used = tuple(sorted(self.take(seat, name, i == 0) for i, name in enumerate(m["consumed"])))
        self.steps.append((seat, Action("ankan", tiles=used)))
        self._kan()

    def _kakan(self, m: Message) -> None:
        seat = int(m["actor"])
        self.steps.append((seat, Action("shouminkan", tile=self.take(seat, m["pai"], True))))
        self._kan()

    def _kan(self) -> None:
        self.kans += 1
        self.rinshan_next = True

    def _dora(self, m: Message) -> None:
        self.doras += 1
        self.show(("dora", self.doras, 0), m["dora_marker"])

    def give_riichi_hands(self) -> None:
        """Each seat that declared riichi gets a tenpai hand of unseen tiles in its unknown places."""
        for riichi in self.riichis:
            if riichi.seat == self.me:
                continue
            known = [self.at[p] >> 2 for p in riichi.places if p in self.at]
            unknown = [p for p in riichi.places if p not in self.at]
            kinds = tenpai_around(known, len(unknown), Counter(t >> 2 for t in self.tiles.free))
            if kinds is None:
                raise SeatLost(f"no tenpai hand for seat {riichi.seat}'s riichi among the unseen tiles")
            for place, kind in zip(unknown, kinds):
                tile = min(t for t in self.tiles.free if t >> 2 == kind)
                self.tiles.free.discard(tile)
                self.at[place] = tile

    def wall(self) -> Wall:
        """A wall holding every tile where it was shown, the unseen ones in the other places."""
        free = sorted(self.tiles.free)

        def tile(place: Place) -> int:
            if place not in self.at:
                self.at[place] = free.pop()
            return self.at[place]
        deal = [[tile(("deal", s, i)) for i in range(13)] for s in range(4)]
        return Wall(deal, [tile(("live", i, 0)) for i in range(LIVE_SIZE)], [tile(("rinshan", i, 0)) for i in range(4)],
                    [tile(("dora", i, 0)) for i in range(5)], [tile(("ura", i, 0)) for i in range(5)])


class MjaiSeat:
    """A seat at an mjai referee's table: reads its messages, and shows its view and legal actions."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.me = 0
        self.hand: list[Message] = []
        """The messages of the hand in play, from its start_kyoku."""
        self._game: Game | None = None
        self._steps: list[tuple[int, Action | None]] = []

    def read(self, message: Message) -> None:
        """Take one message (ValueError for one that is not an mjai event object)."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ValueError(f"an mjai event is a JSON object with a type: {message!r}")
        kind = message["type"]
        _check_fields(message)
        if kind == "start_game":
            self.me = int(message.get("id", self.me))
            if not 0 <= self.me < 4:
                raise ValueError(f"seat id {self.me} is not 0..3")
            self.hand = []
        elif kind == "start_kyoku":
            self.hand = [message]
        elif self.hand:
            self.hand.append(message)
        self._game = None

    @property
    def in_play(self) -> bool:
        """A hand is being played and has not ended."""
        return bool(self.hand) and self.hand[-1]["type"] not in HAND_ENDS

    def game(self) -> Game:
        """The hand so far, played through the engine (SeatLost when it cannot be)."""
        if self._game is None:
            self._game = self._replay()
        return self._game

    def view(self) -> SeatView:
        return self.game().view(self.me)

    def legal_actions(self) -> list[Action]:
        """What the seat may do now (empty between hands or when it has nothing to decide).

        The referee judges the other seats: the hand is rebuilt with swap-calling (kuikae) allowed,
        so a discard a referee lets pass never breaks it. The seat itself keeps the rule: no
        discard it forbids right after its own chi or pon, and no call that would leave only those.
        """
        if not self.in_play:
            return []
        game = self.game()
        return [a for a in game.legal_actions(self.me) if self._keeps_swap_rule(game, a)]

    def _keeps_swap_rule(self, game: Game, action: Action) -> bool:
        if action.type in ("discard", "riichi") and self._steps:
            seat, last = self._steps[-1]
            if seat == self.me and last is not None and last.type in ("chi", "pon"):
                banned = kuikae_kinds(self.rules, last.type, last.tile, last.tiles)  # type: ignore[arg-type]
                return action.tile >> 2 not in banned  # type: ignore[operator]
        if action.type in ("chi", "pon"):
            banned = kuikae_kinds(self.rules, action.type, action.tile, action.tiles)  # type: ignore[arg-type]
            rest = list(game.hand.seats[self.me].hand)
            for tile in action.tiles:
                rest.remove(tile)
            return any(t >> 2 not in banned for t in rest)
        return True

    def _replay(self) -> Game:
        start = self.hand[0]
        layout = _Layout(self.me, self.rules.red_fives)
        try:
            for message in self.hand:
                layout.read(message)
            layout.give_riichi_hands()
            wall = layout.wall()
            hand_index = "ESWN".index(start["bakaze"]) * 4 + int(start["oya"])
            game = Game(self.rules.with_options(kuikae_allowed=True), 0, walls=lambda index, honba: wall,
                        start={"hand_index": hand_index, "honba": start["honba"], "sticks": start["kyotaku"],
                               "scores": start["scores"]})
            for seat, action in layout.steps:
                _play(game, seat, action)
            self._steps = layout.steps
        except (KeyError, TypeError, ValueError) as exc:
            raise SeatLost(f"the hand cannot be rebuilt: {exc}") from exc
        return game


def _check_fields(message: Message) -> None:
    """ValueError naming the first field of ``message`` that is missing or of the wrong kind."""
    kind = message["type"]
    for name in FIELDS.get(kind, ()):
        if name not in message:
            raise ValueError(f"{kind} without {name!r}")
        value = message[name]
        if name in SEAT_FIELDS and not (type(value) is int and 0 <= value < 4):
            raise ValueError(f"{kind}: {name} {value!r} is not a seat 0..3")
        if name in ("pai", "dora_marker") and not (value == "?" or _is_tile(value)):
            raise ValueError(f"{kind}: {name} {value!r} is not an mjai tile")
        if name == "consumed" and not (isinstance(value, list) and all(_is_tile(t) for t in value)):
            raise ValueError(f"{kind}: consumed {value!r} is not a list of tiles")
    if kind == "start_kyoku":
        if message["bakaze"] not in ("E", "S", "W", "N"):
            raise ValueError(f"start_kyoku: bakaze {message['bakaze']!r} is not E, S, W or N")
        if not (isinstance(message["scores"], list) and len(message["scores"]) == 4
                and all(type(x) is int for x in message["scores"])):
            raise ValueError("start_kyoku: scores must be four whole numbers")
        tehais = message["tehais"]
        if not (isinstance(tehais, list) and len(tehais) == 4
                and all(isinstance(h, list) and len(h) == 13 and all(t == "?" or _is_tile(t) for t in h)
                        for h in tehais)):
            raise ValueError("start_kyoku: tehais must be four lists of 13 tiles")
        for name in ("kyoku", "honba", "kyotaku"):
            if type(message[name]) is not int or message[name] < 0:
                raise ValueError(f"start_kyoku: {name} {message[name]!r} is not a count")


def _is_tile(name: Any) -> bool:
    try:
        MjaiTiles(True).kind(name)
    except ValueError:
        return False
    return True


def _play(game: Game, seat: int, action: Action | None) -> None:
    """One step of the hand. ``None`` marks offers that ended with no call (a draw followed), so
    every seat still deciding passes; a call is taken by its seat while the others pass."""
    if action is None:
        _pass_all(game, but=None)
        return
    if action.type in CALLS:
        _pass_all(game, but=seat)
    game.apply(seat, action)


def _pass_all(game: Game, but: int | None) -> None:
    if game.phase != "calls":
        return
    for other in game.waiting_seats():
        if other != but:
            game.apply(other, Action("pass"))
