"""The table state machine: a whole game, one validated action at a time.

``Game.legal_actions(seat)`` is the only menu and ``Game.apply(seat, action)`` the only door:
an action that is not on the menu is refused with ``IllegalAction`` and nothing changes.
Every change is told as ``Event`` values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.melds import Meld
from game.rules import EMA, RuleSet
from game.table import moves, settle
from game.table.actions import Action, IllegalAction
from game.table.events import (Called, Discarded, DoraRevealed, Drawn, Event, GameEnded, HandDrawn, HandEnded,
                               HandStarted, RiichiAccepted, RiichiDeclared, won_event)
from game.table.judge import WinContext, jsonable, try_score, waits_of
from game.table.refusals import reason, refusal
from game.table.state import DiscardEntry, HandState, Pending, SeatState
from game.table.seeing import build_view
from game.table.view import SeatView
from game.table.wall import Wall
from game.tiles import is_terminal_or_honor

__all__ = ["Game", "WallSource"]

WallSource = Callable[[int, int], Wall]
"""``(hand_index, honba) -> Wall``."""

TENPAI, NOTEN = Action("tenpai"), Action("noten")
"""The two answers offered at an exhaustive draw."""

MAX_HAND_INDEX = 15
"""North 4: no game runs past it, whatever the extension and tie-break options say."""


class Game:
    """A whole game under one ``RuleSet``; walls come from the seed unless ``walls`` is given."""

    def __init__(self, rules: RuleSet = EMA, seed: int = 0, walls: WallSource | None = None,
                 start: dict[str, Any] | None = None) -> None:
        """``start`` (optional) begins the game at a later hand: ``hand_index``, ``honba``,
        ``sticks`` and ``scores`` (for recorded extracts and tests)."""
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        if not isinstance(seed, int):
            raise TypeError("seed must be an int")
        self.rules = rules
        self.seed = seed
        self._walls = walls
        self.scores: list[int] = [rules.start_points] * 4
        self.hand_index = 0
        self.honba = 0
        self.sticks = 0
        self.start = dict(start) if start else None
        if start:
            self._set_start(start)
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.hand_results: list[dict[str, Any]] = []
        self.used_walls: list[Wall] = []
        self.finished = False
        self.final_standing: list[dict[str, Any]] | None = None
        self._version = 0
        self._legal_cache: dict[int, tuple[int, list[Action]]] = {}
        self.hand: HandState
        self._out: list[Event] = []
        self._start_hand()
        self.events.extend(self._out)
        self._out = []

    def _set_start(self, start: dict[str, Any]) -> None:
        try:
            scores = [int(x) for x in start.get("scores", self.scores)]
            index, honba, sticks = int(start.get("hand_index", 0)), int(start.get("honba", 0)), \
                int(start.get("sticks", 0))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bad start position: {exc}") from None
        if len(scores) != 4 or not 0 <= index <= MAX_HAND_INDEX or honba < 0 or sticks < 0:
            raise ValueError("a start position has 4 scores, a hand index 0..15 and counters >= 0")
        self.scores, self.hand_index, self.honba, self.sticks = scores, index, honba, sticks

    # ------------------------------------------------------------------ public door

    @property
    def phase(self) -> str:
        """"turn", "calls" (offers on a discard or kan), "tenpai" (exhaustive draw) or "over"."""
        if self.finished:
            return "over"
        pending = self.hand.pending
        if pending is None:
            return "turn"
        return "tenpai" if pending.kind == "tenpai" else "calls"

    @property
    def current_seat(self) -> int:
        return self.hand.current

    def waiting_seats(self) -> list[int]:
        """Seats that have a decision to make now."""
        if self.finished:
            return []
        return [s for s in range(4) if self._legal(s)]

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty when it has nothing to decide).

        One action per kind of tile (a red five apart where red fives are in play):

        >>> from game.rules import TENHOU
        >>> game = Game(TENHOU, seed=1)
        >>> sorted({a.type for a in game.legal_actions(0)}), game.legal_actions(1)
        (['discard'], [])
        """
        if self.finished or not isinstance(seat, int) or not 0 <= seat < 4:
            return []
        return list(self._legal(seat))

    def _legal(self, seat: int) -> list[Action]:
        """The menu of a seat 0..3 of a game in play, kept until the next action (do not change it)."""
        cached = self._legal_cache.get(seat)
        if cached and cached[0] == self._version:
            return cached[1]
        acts = self._compute_legal(seat)
        self._legal_cache[seat] = (self._version, acts)
        return acts

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out a legal action and return the events it caused; refuse anything else.

        >>> from game.rules import TENHOU
        >>> game = Game(TENHOU, seed=1)
        >>> first = game.legal_actions(0)[0]
        >>> [e.type for e in game.apply(0, first)]  # seat 1 may call it, so the table waits
        ['discarded']
        >>> game.apply(0, first)
        Traceback (most recent call last):
        ...
        game.table.actions.IllegalAction: seat 0: discard 4m refused: you have nothing to decide now (waiting for seat(s) [1])
        """
        chosen = self._check(seat, action)
        self._out = []
        self.actions.append((seat, chosen))
        self._version += 1
        self._perform(seat, chosen)
        self._version += 1
        out, self._out = self._out, []
        self.events.extend(out)
        return out

    def time_out(self, seat: int) -> list[Event]:
        """Pass ``seat``'s offered call once the rules' call time-out has run out (the caller
        keeps the clock; the engine never waits)."""
        if self.rules.call_timeout <= 0:
            raise self._refuse(seat, "time-out", "no_time_out")
        if self.phase != "calls" or not self.legal_actions(seat):
            raise self._refuse(seat, "time-out", "no_call_offered")
        return self.apply(seat, Action("pass"))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now."""
        if not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"seat {seat!r} is not 0..3")
        return build_view(self, seat)

    def events_for(self, seat: int, start: int = 0) -> list[Event]:
        """Events from ``start`` on as ``seat`` sees them."""
        return [e.for_seat(seat) for e in self.events[start:]]

    def to_record(self) -> dict[str, Any]:
        """Seed, rules and every action so far (and the walls when they were injected)."""
        record: dict[str, Any] = {"seed": self.seed, "rules": self.rules.to_dict(),
                                  "actions": [[s, a.to_dict()] for s, a in self.actions]}
        if self.start:
            record["start"] = self.start
        if self._walls is not None:
            record["walls"] = [w.to_dict() for w in self.used_walls]
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a record to the identical state; a bad record raises ValueError."""
        if not isinstance(record, dict) or "actions" not in record:
            raise ValueError("a game record is a dict with seed, rules and actions")
        rules = RuleSet.from_dict(record.get("rules", {}))
        walls = None
        if "walls" in record:
            stored = [Wall.from_dict(w) for w in record["walls"]]

            def walls(hand_index: int, honba: int, _it=iter(stored)) -> Wall:  # noqa: ARG001
                try:
                    return next(_it)
                except StopIteration:
                    raise ValueError("the record holds fewer walls than hands") from None
        game = cls(rules, int(record.get("seed", 0)), walls, record.get("start"))
        for n, entry in enumerate(record["actions"]):
            try:
                seat, data = entry
                game.apply(int(seat), Action.from_dict(data))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"record action {n}: {exc}") from exc
        return game

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready values (to compare two games)."""
        return {"scores": list(self.scores), "hand_index": self.hand_index, "honba": self.honba,
                "sticks": self.sticks, "finished": self.finished, "final_standing": self.final_standing,
                "hand": self.hand.to_dict(), "events": len(self.events), "actions": len(self.actions),
                "results": len(self.hand_results)}

    # ------------------------------------------------------------------ legality

    def _compute_legal(self, seat: int) -> list[Action]:
        hand = self.hand
        pending = hand.pending
        if pending is not None:
            if seat in pending.offers and seat not in pending.responses:
                return list(pending.offers[seat])
            return []
        if seat != hand.current:
            return []
        return moves.turn_actions(self, seat)

    def _check(self, seat: int, action: Action) -> Action:
        """The action to perform, or IllegalAction naming the rule it breaks."""
        if not isinstance(action, Action) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise self._refuse(seat, action, "bad_request")
        if self.finished:
            raise self._refuse(seat, action, "game_over")
        legal = self._legal(seat)
        if not legal:
            code = refusal(self, seat, action) if self._explains(seat, action) else "not_your_turn"
            raise self._refuse(seat, action, code, f" (waiting for seat(s) {self.waiting_seats()})")
        template = action if action in legal else self._same_choice(action, legal)
        if template is None:
            kinds = sorted({a.type for a in legal})
            raise self._refuse(seat, action, refusal(self, seat, action), f" (you may: {', '.join(kinds)})")
        seat_state = self.hand.seats[seat]
        if action.type in ("discard", "riichi", "shouminkan"):
            if action.tile not in seat_state.hand:
                raise self._refuse(seat, action, "not_in_hand")
        elif action.tile != template.tile:
            raise self._refuse(seat, action, "wrong_tile", f" (the tile in play is {template.tile}, not {action.tile})")
        if action.tiles:
            rest = list(seat_state.hand)
            for t in action.tiles:
                if t not in rest:
                    raise self._refuse(seat, action, "not_in_hand")
                rest.remove(t)
        return action

    def _same_choice(self, action: Action, legal: list[Action]) -> Action | None:
        """The legal action ``action`` stands for (the same kind of tile, another copy), or None."""
        key = self._key(action)
        return next((a for a in legal if a.type == action.type and self._key(a) == key), None)

    def _explains(self, seat: int, action: Action) -> bool:
        """A seat offered nothing asks for a move of this moment (a call or win on another seat's tile, a
        tenpai declaration at the draw): the rule it breaks says why, not just that it has no decision."""
        pending = self.hand.pending
        if pending is None or seat == pending.seat and pending.kind != "tenpai":
            return False
        return action.type in ("tenpai", "noten") if pending.kind == "tenpai" else \
            action.type in ("chi", "pon", "daiminkan", "ron")

    def _refuse(self, seat: int, action: object, code: str, detail: str = "") -> IllegalAction:
        """The refusal of ``action`` for breaking the rule ``code``, in that rule's words."""
        return IllegalAction(seat, action, reason(code, self.rules) + detail, code)

    def _key(self, action: Action) -> tuple[Any, ...]:
        red = self.rules.red_fives
        offer_class = moves.offer_class
        tiles = action.tiles
        return (action.type, None if action.tile is None else offer_class(action.tile, red),
                tuple(sorted([offer_class(t, red) for t in tiles])) if tiles else ())

    # ------------------------------------------------------------------ dispatch

    def _perform(self, seat: int, action: Action) -> None:
        hand = self.hand
        if hand.pending is not None:
            hand.pending.responses[seat] = action
            if all(s in hand.pending.responses for s in hand.pending.offers):
                self._resolve_pending()
            return
        kind = action.type
        if kind in ("discard", "riichi"):
            self._discard(seat, action.tile, kind == "riichi")  # type: ignore[arg-type]
        elif kind == "tsumo":
            self._win([seat], None, action.tile, how="tsumo")  # type: ignore[arg-type]
        elif kind in ("ankan", "shouminkan"):
            self._declare_kan(seat, action)
        elif kind == "kyuushu":
            self._abort("kyuushu_kyuuhai", reveal={seat: sorted(hand.seats[seat].hand)})
        else:  # pragma: no cover - the menu never offers anything else on a turn
            raise IllegalAction(seat, action, "not a turn action")

    # ------------------------------------------------------------------ hand flow

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    def _start_hand(self) -> None:
        wall = self._walls(self.hand_index, self.honba) if self._walls else \
            Wall.from_seed(self.seed, self.hand_index, self.honba)
        if not isinstance(wall, Wall):
            raise TypeError("walls() must return a Wall")
        self.used_walls.append(wall)
        dealer = self.hand_index % 4
        seats = [SeatState(hand=list(wall.haipai[s])) for s in range(4)]
        self.hand = HandState(index=self.hand_index, honba=self.honba, dealer=dealer, wall=wall,
                              seats=seats, current=dealer)
        self._emit(HandStarted(dealer, hand_index=self.hand_index, round_wind=self.hand.round_wind, dealer=dealer,
                               honba=self.honba, sticks=self.sticks, scores=tuple(self.scores),
                               dora_indicators=tuple(self.hand.dora_indicators()),
                               hands=tuple(tuple(sorted(s.hand)) for s in seats), live_left=self.hand.live_left))
        self._draw(dealer)

    def _draw(self, seat: int) -> None:
        hand = self.hand
        tile = hand.wall.live[hand.live_drawn]
        hand.live_drawn += 1
        self._give(seat, tile, rinshan=False)

    def _draw_rinshan(self, seat: int) -> None:
        hand = self.hand
        tile = hand.wall.rinshan[hand.kans - 1]
        self._give(seat, tile, rinshan=True)

    def _give(self, seat: int, tile: int, rinshan: bool) -> None:
        hand = self.hand
        st = hand.seats[seat]
        st.hand.append(tile)
        st.drawn = tile
        st.rinshan = rinshan
        st.furiten_temp = False
        hand.current = seat
        hand.after_call = False
        hand.pending = None
        self._emit(Drawn(seat, tile=tile, rinshan=rinshan, live_left=hand.live_left))

    def _reveal_pending_dora(self) -> None:
        while self.hand.pending_dora:
            self.hand.pending_dora -= 1
            self._reveal_dora()

    def _reveal_dora(self) -> None:
        hand = self.hand
        if not self.rules.kan_dora or hand.dora_revealed >= 5:
            return
        hand.dora_revealed += 1
        self._emit(DoraRevealed(None, indicator=hand.wall.dora_indicators[hand.dora_revealed - 1],
                                dora_indicators=tuple(hand.dora_indicators())))

    def _discard(self, seat: int, tile: int, riichi: bool) -> None:
        hand = self.hand
        st = hand.seats[seat]
        self._reveal_pending_dora()
        tsumogiri = tile == st.drawn
        st.hand.remove(tile)
        if st.riichi:
            st.ippatsu = False
        if riichi:
            st.riichi_pending = True
            st.double_riichi = not hand.interrupted and not st.discarded_once
            self._emit(RiichiDeclared(seat, double=st.double_riichi))
        hand.discard_count += 1
        st.discards.append(DiscardEntry(tile, tsumogiri, riichi, order=hand.discard_count))
        st.discarded_once = True
        st.drawn = None
        st.rinshan = False
        st.kuikae = frozenset()
        hand.after_call = False
        if len(hand.first_discards) < 4:
            hand.first_discards.append(tile >> 2)
        self._emit(Discarded(seat, tile=tile, tsumogiri=tsumogiri, riichi=riichi))
        offers, waiting = moves.discard_offers(self, seat, tile)
        hand.pending = Pending("discard", seat, tile, offers, waiting_on=waiting)
        if not offers:
            self._resolve_pending()

    def _declare_kan(self, seat: int, action: Action) -> None:
        hand = self.hand
        st = hand.seats[seat]
        if action.type == "ankan":
            for t in action.tiles:
                st.hand.remove(t)
            st.melds.append(Meld("ankan", action.tiles))
            tile = action.tiles[0]
        else:
            tile = action.tile  # type: ignore[assignment]
            index = next(i for i, m in enumerate(st.melds) if m.type == "pon" and m.first_kind == tile >> 2)
            pon = st.melds[index]
            st.hand.remove(tile)
            st.melds[index] = Meld("shouminkan", (*pon.tiles, tile), pon.called, pon.from_seat, tile)
        st.drawn = None
        st.rinshan = False
        meld = st.melds[-1] if action.type == "ankan" else st.melds[index]
        self._emit(Called(seat, call=action.type, tiles=tuple(meld.tiles), called=meld.called,
                          from_seat=meld.from_seat, added=meld.added))
        kind = "ankan" if action.type == "ankan" else "chankan"
        offers, waiting = moves.kan_offers(self, seat, tile, closed=action.type == "ankan")
        hand.pending = Pending(kind, seat, tile, offers, waiting_on=waiting, kan=action)
        if not offers:
            self._resolve_pending()

    def _complete_kan(self, seat: int, closed: bool) -> None:
        hand = self.hand
        hand.kans += 1
        hand.kan_owners.append(seat)
        hand.interrupted = True
        for s in hand.seats:
            s.ippatsu = False
        self._reveal_pending_dora()
        if closed or not self.rules.kan_dora_delayed:
            self._reveal_dora()
        else:
            hand.pending_dora += 1
        self._draw_rinshan(seat)

    # ------------------------------------------------------------------ resolving offers

    def _resolve_pending(self) -> None:
        hand = self.hand
        pending = hand.pending
        assert pending is not None
        if pending.kind == "tenpai":
            self._exhaustive_draw()
            return
        responses = pending.responses
        rons = [s for s in moves.turn_order_from(pending.seat) if s in responses and responses[s].type == "ron"]
        if rons:
            self._ron(rons, pending)
            return
        self._mark_missed(pending, winners=())
        discarder = hand.seats[pending.seat]
        if pending.kind in ("chankan", "ankan"):
            self._complete_kan(pending.seat, closed=pending.kind == "ankan")
            return
        if discarder.riichi_pending:
            self._accept_riichi(pending.seat)
            if self._abortive("suucha_riichi") and all(s.riichi for s in hand.seats):
                self._abort("suucha_riichi", reveal={s: sorted(hand.seats[s].hand) for s in range(4)})
                return
        if (self._abortive("suufon_renda") and hand.discard_count == 4 and not hand.interrupted
                and len(set(hand.first_discards)) == 1 and 27 <= hand.first_discards[0] <= 30):
            self._abort("suufon_renda")
            return
        if (self._abortive("suukaikan") and hand.kans == 4 and len(set(hand.kan_owners)) > 1):
            self._abort("suukaikan")
            return
        if hand.live_left == 0:
            self._start_tenpai_declarations()
            return
        claims = sorted(((s, a) for s, a in pending.responses.items() if a.type in moves.CLAIM_RANK),
                        key=lambda claim: moves.CLAIM_RANK[claim[1].type])
        if claims:
            self._call(*claims[0], pending)
            return
        self._draw((pending.seat + 1) % 4)

    def _abortive(self, name: str) -> bool:
        return name in self.rules.abortive_draws

    def _mark_missed(self, pending: Pending, winners: tuple[int, ...] | list[int]) -> None:
        """Seats that let a winning tile pass become furiten (for good in riichi)."""
        for s in pending.waiting_on:
            if s in winners:
                continue
            st = self.hand.seats[s]
            if st.riichi:
                st.furiten_riichi = True
            else:
                st.furiten_temp = True

    def _accept_riichi(self, seat: int) -> None:
        st = self.hand.seats[seat]
        st.riichi_pending = False
        st.riichi = True
        st.ippatsu = True
        self.scores[seat] -= 1000
        self.sticks += 1
        self._emit(RiichiAccepted(seat, scores=tuple(self.scores), sticks=self.sticks))

    def _call(self, seat: int, action: Action, pending: Pending) -> None:
        hand = self.hand
        st = hand.seats[seat]
        tile = pending.tile
        assert tile is not None
        discarder = hand.seats[pending.seat]
        discarder.discards[-1].called = True
        for t in action.tiles:
            st.hand.remove(t)
        meld = Meld(action.type, (*action.tiles, tile), tile, pending.seat)  # type: ignore[arg-type]
        st.melds.append(meld)
        st.furiten_temp = False
        hand.interrupted = True
        hand.pending = None
        for s in hand.seats:
            s.ippatsu = False
        moves.note_pao(self, seat, meld)
        self._emit(Called(seat, call=action.type, tiles=tuple(meld.tiles), called=tile, from_seat=pending.seat,
                          added=None))
        hand.current = seat
        if action.type == "daiminkan":
            hand.kans += 1
            hand.kan_owners.append(seat)
            if self.rules.kan_dora_delayed:
                hand.pending_dora += 1
            else:
                self._reveal_dora()
            self._draw_rinshan(seat)
            return
        hand.after_call = True
        st.drawn = None
        st.kuikae = moves.kuikae_kinds(self.rules, action.type, tile, action.tiles)

    def _ron(self, rons: list[int], pending: Pending) -> None:
        mode = self.rules.multi_ron
        if len(rons) >= 3 and (mode == "triple_aborts" or self._abortive("sanchahou")):
            self._mark_missed(pending, winners=rons)
            self._abort("sanchahou", reveal={s: sorted(self.hand.seats[s].hand) for s in rons})
            return
        keep = {"head_bump": 1, "double": 2}.get(mode, 3)
        how = "chankan" if pending.kind == "chankan" else "ron"
        self._win(rons[:keep], pending.seat, pending.tile, how=how)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ endings

    def win_context(self, seat: int, how: str, honba: int | None = None) -> WinContext:
        """The scoring context of a win by ``seat`` now (``how``: tsumo, ron or chankan)."""
        hand = self.hand
        st = hand.seats[seat]
        tsumo = how == "tsumo"
        first = not hand.interrupted and not st.discarded_once
        dealer = seat == hand.dealer
        ura: list[int] = []
        if self.rules.ura_dora and st.riichi:
            count = hand.dora_revealed if self.rules.kan_ura else 1
            ura = list(hand.wall.ura_indicators[:count])
        return WinContext(
            tsumo=tsumo, riichi=st.riichi, double_riichi=st.double_riichi and st.riichi,
            ippatsu=st.ippatsu and st.riichi, rinshan=tsumo and st.rinshan, chankan=how == "chankan",
            haitei=tsumo and not st.rinshan and hand.live_left == 0,
            houtei=how == "ron" and hand.live_left == 0,
            tenhou=tsumo and first and dealer, chiihou=tsumo and first and not dealer,
            renhou=how != "tsumo" and first and not dealer,
            seat_wind=hand.seat_wind(seat), round_wind=hand.round_wind,
            dora_indicators=tuple(hand.dora_indicators()), ura_indicators=tuple(ura),
            honba=self.honba if honba is None else honba, riichi_sticks=self.sticks)

    def _win(self, winners: list[int], from_seat: int | None, tile: int, how: str) -> None:
        hand = self.hand
        if hand.pending is not None:
            self._mark_missed(hand.pending, winners=winners)
        hand.pending = None
        deltas = [0, 0, 0, 0]
        wins: list[dict[str, Any]] = []
        for n, seat in enumerate(winners):
            st = hand.seats[seat]
            concealed = list(st.hand) if how == "tsumo" else [*st.hand, tile]
            ctx = self.win_context(seat, how, honba=self.honba if n == 0 else 0)
            score = try_score(concealed, st.melds, tile, ctx, self.rules)
            if score is None:  # pragma: no cover - the menu only offers scoring wins
                raise RuntimeError(f"seat {seat} was offered a win that does not score")
            pay, liable = settle.win_payments(self, seat, from_seat, score)
            if n == 0:
                pay_sticks = 1000 * self.sticks
                deltas[seat] += pay_sticks
            else:
                pay_sticks = 0
            for payer, amount in pay.items():
                deltas[payer] -= amount
                deltas[seat] += amount
            one = [0, 0, 0, 0]
            for payer, amount in pay.items():
                one[payer] -= amount
                one[seat] += amount
            one[seat] += pay_sticks
            entry = settle.win_entry(self, seat, from_seat, tile, how, concealed, score, liable, one)
            wins.append(entry)
            self._emit(won_event(entry))
        self.sticks = 0
        dealer_stays = hand.dealer in winners
        result = {"wins": wins, "draw": None, "tenpai": None, "deltas": deltas}
        self._end_hand(result, deltas, dealer_stays, next_honba=self.honba + 1 if dealer_stays else 0,
                       outcome="win")

    def _abort(self, name: str, reveal: dict[int, list[int]] | None = None) -> None:
        deltas = [0, 0, 0, 0]
        self._emit(HandDrawn(None, draw=name, tenpai=None, hands={str(s): h for s, h in (reveal or {}).items()},
                             deltas=tuple(deltas), nagashi=()))
        result = {"wins": [], "draw": name, "tenpai": None, "deltas": deltas}
        self._end_hand(result, deltas, dealer_stays=True, next_honba=self.honba + 1, outcome="abortive")

    def _start_tenpai_declarations(self) -> None:
        hand = self.hand
        offers: dict[int, list[Action]] = {}
        for s, st in enumerate(hand.seats):
            tenpai = bool(waits_of(st.hand))
            if tenpai and not st.riichi:
                offers[s] = [TENPAI, NOTEN]
            else:
                st.declared = "tenpai" if tenpai else "noten"
        hand.pending = Pending("tenpai", hand.dealer, None, offers)
        if not offers:
            self._exhaustive_draw()

    def _exhaustive_draw(self) -> None:
        hand = self.hand
        pending = hand.pending
        if pending is not None:
            for s, a in pending.responses.items():
                hand.seats[s].declared = a.type
        hand.pending = None
        tenpai = [s for s in range(4) if hand.seats[s].declared == "tenpai"]
        nagashi = [s for s in range(4) if self.rules.nagashi_mangan
                   and hand.seats[s].discards
                   and all(is_terminal_or_honor(d.tile >> 2) and not d.called for d in hand.seats[s].discards)]
        if nagashi:
            deltas = settle.nagashi_payments(hand.dealer, nagashi)
            name = "nagashi_mangan"
        else:
            deltas = settle.noten_payments(tenpai)
            name = "exhaustive"
        self._emit(HandDrawn(None, draw=name, tenpai=tuple(tenpai),
                             hands={str(s): sorted(hand.seats[s].hand) for s in tenpai}, deltas=tuple(deltas),
                             nagashi=tuple(nagashi)))
        result = {"wins": [], "draw": name, "tenpai": tenpai, "deltas": deltas}
        self._end_hand(result, deltas, dealer_stays=hand.dealer in tenpai, next_honba=self.honba + 1,
                       outcome="exhaustive")

    def _end_hand(self, result: dict[str, Any], deltas: list[int], dealer_stays: bool, next_honba: int,
                  outcome: str) -> None:
        hand = self.hand
        hand.over = True
        hand.pending = None
        for s in range(4):
            self.scores[s] += deltas[s]
        summary = {"hand_index": self.hand_index, "honba": self.honba, "dealer": hand.dealer, **result,
                   "dora_indicators": hand.dora_indicators(),
                   "scores": list(self.scores), "sticks": self.sticks, "dealer_stays": dealer_stays}
        self.hand_results.append(jsonable(summary))
        ends = settle.game_over(self, dealer_stays, outcome)
        next_index = self.hand_index + (0 if dealer_stays else 1)
        self._emit(HandEnded(None, result=result.get("draw") or "won", deltas=tuple(deltas), scores=tuple(self.scores),
                             sticks=self.sticks, dealer_stays=dealer_stays,
                             next_hand_index=None if ends else next_index,
                             next_honba=None if ends else next_honba))
        if ends:
            self._end_game()
            return
        self.hand_index = next_index
        self.honba = next_honba
        self._start_hand()

    def _end_game(self) -> None:
        self.finished = True
        self.final_standing = settle.final_standing(self)
        self.sticks = 0
        for row in self.final_standing:
            self.scores[row["seat"]] = row["score"]
        self._emit(GameEnded(None, standing=tuple(self.final_standing), scores=tuple(self.scores)))
