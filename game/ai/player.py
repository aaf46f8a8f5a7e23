"""An AI seat: ``decide(view, legal_actions) -> Action``, from the seat view only.

Every decision picks one of the offered actions. The own turn weighs, for each discard,
the chance to win (shanten, ukeire) times the hand's value against the expected loss to
threats; calls are compared the same way with and without the meld.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.ai.danger import Threat, danger_table, genbutsu_kinds, threats
from game.ai.draw import draw_payment
from game.ai.efficiency import NEXT_UKEIRE, Option, discard_candidates, hand_speed, tenpai_waits, win_chance
from game.ai.levels import KEITEN_WALL, Level, level as level_named, personal
from game.ai.policy.net import load_model
from game.ai.policy.player import LearnedPlayer
from game.ai.position import Position, from_view
from game.ai.placement import placement_gain
from game.ai.tenpai import Tenpai, TenpaiFacts, placement_after_ron, ron_score, rules_for, tsumo_score
from game.ai.value import plan_value, points_for_han, points_won, visible_han, yakuhai_kinds
from game.melds import Meld
from game.hand.shanten import shanten
from game.rules import RuleSet
from game.table.actions import Action
from game.table.events import Event
from game.table.view import SeatView
from game.tiles import RED_FIVES, is_terminal_or_honor

__all__ = ["Player", "make_player", "rules_player"]

_ALL_OPTIONS = 8
"""Shanten slack that counts the improving tiles of every discard, however far behind the best."""

GUESSED_BEHIND = 0.6
"""The choice of a discard keeps to the fastest ones and takes a discard behind them to leave this share
of the typical improving tiles of its shanten (``NEXT_UKEIRE``): how every level plays (see
``_value_every_option``), not a value ``rank`` reports."""

_RIICHI_STICK = 1000.0

_SAME_VALUE = 1e-6
"""Values closer than this are a tie (broken by safety when folding, then by dora kept)."""

_NO_YAKU_WORTH = 250.0
"""What a hand without a reachable yaku is still worth to efficiency (it may find one)."""

_NO_YAKU_DORA = 150.0
"""What each dora or red five adds to such a hand (so an early dora is not thrown for nothing)."""

_UNSURE_YAKU_PACE = 0.5
"""An open hand whose yaku is only likely (an outside tile left for all simples, a yakuhai
pair) won 0.44-0.50 of the chance its shape promised at self-play tables (1-shanten; one
whose yaku was sure 0.75-0.94 of it): such a plan counts half its worth."""

_CHEAP_HAN = 3
"""Against a riichi a 1-shanten hand showing fewer han than this folds under the simple defence
(dora, reds, yakuhai, riichi); the full defence weighs it."""


def rules_player(level: str, seed: int, seat: int, personality: str | None = None) -> Player:
    """The level played by its rules alone: what a learned level falls back to without its model,
    and the values in points the review and the coach rank options by."""
    return Player(personal(level_named(level), personality), seed, seat)


def make_player(level: str, seed: int, seat: int, personality: str | None = None) -> Player | LearnedPlayer:
    """An AI for ``seat`` at the named level (with a personality's leanings, ``PERSONALITIES``),
    deterministic given the game seed. A level that plays the learned policy plays by its rules
    alone when the model file is missing or damaged (``game.ai.policy.model_problem`` says why)."""
    rules = rules_player(level, seed, seat, personality)
    if rules.level.learned:
        net = load_model()
        if net is not None:
            return LearnedPlayer(net, rules, seat)
    return rules


class Player:
    """One AI seat. Holds only its level and its own random generator."""

    def __init__(self, lvl: Level, seed: int, seat: int) -> None:
        self.level = lvl
        self.seat = seat
        self.rng = random.Random(f"kawa-ai/{seed}/{seat}/{lvl.name}")
        self._hazard = 0.025
        self._rules: RuleSet = rules_for(False)
        self._scores: dict[Any, float] | None = None
        """While ``rank`` runs: the values the weighing gives (discard kinds as ints, actions)."""

    # ------------------------------------------------------------------ entry point
    def observe(self, event: Event) -> None:
        """The AI reads everything it needs from the view at each decision."""

    def close(self) -> None:
        """Nothing held."""

    def rank(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Action, float | None]]:
        """The distinct legal actions with their values in estimated points, best first.

        The first is what ``decide`` takes (without a level's random noise); the others follow
        by the values the same weighing gave them: each discard the better of pushing on with it
        and folding from it, a call's expected worth, a win's points. An action the weighing did
        not value (a call passed while folding, a kan declined) comes last with None: not
        evaluated, never a made-up figure.
        """
        scores: dict[Any, float] = {}
        self._scores = scores
        try:
            top = self.decide(view, legal)
        finally:
            self._scores = None
        pos = view if isinstance(view, Position) else from_view(view)
        if any(a.type in ("tsumo", "ron") for a in legal):
            self._score_wins(pos, legal, scores)
        for a in legal:
            if a.type == "kyuushu" and a != top:
                scores[a] = 0.0  # an abort pays nobody
        seen: set[tuple[Any, ...]] = set()
        ranked: list[tuple[Action, float]] = []
        for a in [top] + [a for a in legal if a != top]:
            key = (a.type, None if a.tile is None else a.tile >> 2, a.tile in RED_FIVES and pos.red_fives,
                   tuple(t >> 2 for t in a.tiles))
            if key in seen:
                continue
            seen.add(key)
            ranked.append((a, self._score_of(a, scores)))
        valued = sorted(((a, v) for a, v in ranked[1:] if v is not None), key=lambda av: -av[1])
        unvalued: list[tuple[Action, float | None]] = [(a, None) for a, v in ranked[1:] if v is None]
        return [ranked[0]] + valued + unvalued

    @staticmethod
    def _score_of(action: Action, scores: dict[Any, float]) -> float | None:
        if action in scores:
            return scores[action]
        if action.type in ("discard", "riichi") and action.tile is not None:
            return scores.get(action.tile >> 2)
        return None

    def _score_wins(self, pos: Position, legal: Sequence[Action], scores: dict[Any, float]) -> None:
        """A win is worth its points, a tsumo as a tsumo pays (in the last hand with what it does
        to the placement); passing a ron what the hand may still win, by its own draws (furiten
        now), unless a call beside it valued the pass already."""
        for a in legal:
            if a.type in ("tsumo", "ron") and a.tile is not None:
                hand = list(pos.hand)
                if a.type == "tsumo" and a.tile in hand:
                    hand.remove(a.tile)
                    pts = float(tsumo_score(pos, self._rules, hand, a.tile, riichi=pos.in_riichi)[1])
                else:
                    pts = float(ron_score(pos, self._rules, hand, a.tile, riichi=pos.in_riichi)[1])
                scores[a] = self._placement_worth(pos, pts) if self.level.placement and pos.all_last else pts
        for a in legal:
            if a.type == "pass" and a not in scores:
                scores[a] = self._after_passed_ron(pos, scores, legal)

    def _after_passed_ron(self, pos: Position, scores: dict[Any, float], legal: Sequence[Action]) -> float:
        """What a tenpai that lets a ron go may still win: its own draws only (the pass makes it furiten),
        each win worth about what the ron would have paid."""
        ron = next((scores[a] for a in legal if a.type == "ron" and a in scores), 0.0)
        _, live = hand_speed(pos.counts, pos.seen)
        return self._speed(pos, 0, live, not pos.is_closed, riichi=pos.in_riichi, wait=live, furiten=True) * ron

    def _note(self, values: dict[Any, float]) -> None:
        """Keep the values a choice was made by, while ``rank`` asks for them."""
        if self._scores is not None:
            self._scores.update(values)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The chosen action; always one of ``legal``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        pos = view if isinstance(view, Position) else from_view(view)
        rules = getattr(view, "rules", None)
        self._rules = rules if isinstance(rules, RuleSet) else rules_for(pos.red_fives)
        self._set_hazard(pos)
        by_type: dict[str, list[Any]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        for win in ("tsumo", "ron"):
            if win in by_type:
                if not self._decline_win(pos, by_type[win][0]):
                    return by_type[win][0]
        if "tenpai" in by_type:
            return by_type["tenpai"][0]
        if "noten" in by_type and len(by_type) == 1:
            return by_type["noten"][0]
        if "kyuushu" in by_type and self._abort_nine(pos):
            return by_type["kyuushu"][0]
        if "discard" in by_type or "riichi" in by_type:
            return self._own_turn(pos, by_type)
        calls = [a for a in legal if a.type in ("chi", "pon", "daiminkan")]
        if calls and "pass" in by_type:
            return self._call_or_pass(pos, calls, by_type["pass"][0])
        if "pass" in by_type:
            return by_type["pass"][0]
        return legal[0]

    # ------------------------------------------------------------------ helpers
    def _turns_left(self, pos: Position) -> int:
        return max(0, pos.wall_left // 4)

    def _worth(self, pos: Position, counts: list[int], aka: int, melds: Sequence[Meld] | None,
               riichi: bool, typical: bool = False) -> tuple[float, float]:
        """Points a win of this shape is expected to pay, and how sure its yaku is (1 when the
        hand is closed or holds a yaku already; else the expected yaku han, at most 1).

        The points are what such wins paid (``points_won``); ``typical`` takes the typical
        points of the han instead, as calls are judged (valued as they pay, open hands looked
        so cheap that strong called in a fifth of its hands, far fewer than strong players).
        A plan whose yaku is unsure counts ``_UNSURE_YAKU_PACE`` of them: it wins less often."""
        plan = plan_value(pos, counts, aka, melds)
        sure = 1.0 if plan.definite or plan.closed else min(1.0, plan.yaku_han)
        if not self.level.use_value:
            return 4000.0, sure
        han = plan.han(riichi)
        if han <= 0:
            return _NO_YAKU_WORTH + _NO_YAKU_DORA * plan.dora, 0.0
        won = points_for_han(han, pos.is_dealer) if typical else points_won(han, pos.is_dealer, plan.closed)
        pts = won + 1000 * pos.sticks + 300 * pos.honba
        if self.level.placement and pos.all_last:
            pts = self._placement_worth(pos, pts)
        if sure < 1.0:
            pts *= _UNSURE_YAKU_PACE
        return pts, sure

    def _placement_worth(self, pos: Position, pts: float) -> float:
        """In the last hand a win is worth its points and the uma it can be expected to gain
        (``placement_gain``: smooth in the points, no cliff at a gap)."""
        return pts + placement_gain(pos.scores, pos.seat, self._rules.uma, pts)

    def _speed(self, pos: Position, sh: int, uk: int, open_hand: bool, riichi: bool = False,
               wait: float | None = None, furiten: bool = False) -> float:
        """The chance to win; a furiten tenpai wins by its own draws only."""
        ron = 0.0 if furiten else 0.9 if riichi else 1.6
        return win_chance(sh, max(uk, 0), self._turns_left(pos), pos.unseen_total,
                          0.6 if open_hand else 0.0, ron, self._hazard, wait)

    def _wait_ahead(self, pos: Position, counts: list[int], sh: int, uk: int) -> float | None:
        """For levels that look ahead: the winning tiles a 1-shanten hand (3n+1 counts) can expect
        once tenpai, to a tenth (also the win chances' key); None for a typical wait."""
        if not self.level.wait_look or sh != 1 or uk <= 0:
            return None
        return round(tenpai_waits(counts, pos.seen), 1)

    def _set_hazard(self, pos: Position) -> None:
        """The chance per turn that another seat ends the hand first, from what is visible."""
        h = 0.025
        if self.level.defence == "full":
            for t in threats(pos):
                h += 0.07 * t.tenpai
        self._hazard = round(min(h, 0.4), 3)

    def _noise(self) -> float:
        if self.level.noise <= 0 or self._scores is not None:
            return 1.0  # ``rank`` leaves noise out
        return 1.0 + self.level.noise * (self.rng.random() * 2 - 1)

    # ------------------------------------------------------------------ own turn
    def _own_turn(self, pos: Position, by_type: dict[str, list[Any]]) -> Any:
        discards = by_type.get("discard", [])
        riichis = by_type.get("riichi", [])
        if pos.in_riichi:
            kan = self._kan_choice(pos, by_type, threatened=False)
            return kan if kan is not None else (discards or riichis)[0]
        counts = pos.counts
        kinds = sorted({a.tile >> 2 for a in discards + riichis})
        options = discard_candidates(counts, pos.seen, 0, kinds)
        found = threats(pos, reds_counted=self.level.defence == "full") if self.level.defence != "none" else []
        facts = TenpaiFacts(pos, self._rules)
        evs = self._option_values(pos, counts, options, None, facts)
        if self._scores is not None and any(o.ukeire < 0 for o in options):
            self._value_every_option(pos, counts, kinds, facts, found)
            noted, self._scores = self._scores, None
            try:
                choice = self._choose(pos, options, evs, found)
            finally:
                self._scores = noted
        else:
            choice = self._choose(pos, options, evs, found)
        kan = self._kan_choice(pos, by_type, threatened=self._threatened(found), best=min(o.shanten for o in options))
        if kan is not None:
            self._note_top(kan)
            return kan
        choice = self._live_riichi_discard(pos, facts, evs, riichis, choice, found)
        chosen = next(o for o in options if o.kind == choice)
        riichi_action = self._pick_tile([a for a in riichis if a.tile >> 2 == choice], pos)
        if riichi_action is not None:
            tenpai = facts.after(riichi_action.tile)
            wanted = self._want_riichi(pos, tenpai, chosen, found)
            self._note_riichi(pos, chosen, riichi_action, discards, tenpai, wanted)
            if wanted:
                return riichi_action
        action = self._pick_tile([a for a in discards if a.tile >> 2 == choice], pos)
        if action is None:  # only a riichi discard of this kind is offered
            action = riichi_action
        return action

    def _value_every_option(self, pos: Position, counts: list[int], kinds: list[int], facts: TenpaiFacts,
                            found: list[Threat]) -> None:
        """While ranking: every discard valued with its own improving tiles, those behind the fastest too.

        The choice keeps to the fastest discards and takes the others at ``GUESSED_BEHIND`` of a typical
        count: counting them in play (going back a step for a wider shape whenever the chain says so) cost
        strong about 300 points a hand at self-play tables (tenhou, seed 81000, 2,000 hands: +235 against
        -50), so the chain over-rates going back. The values say what each option is worth by its own count,
        and a choice valued at or above the AI's own is no disagreement."""
        every = discard_candidates(counts, pos.seen, _ALL_OPTIONS, kinds)
        self._choose(pos, every, self._option_values(pos, counts, every, None, facts), found)

    def _note_top(self, action: Action) -> None:
        """While ranking: the chosen action is worth at least the best value noted so far."""
        if self._scores is not None:
            self._scores[action] = max(self._scores.values(), default=0.0)

    def _note_riichi(self, pos: Position, chosen: Option, riichi_action: Action, discards: list[Any],
                     tenpai: Tenpai | None, wanted: bool) -> None:
        """While ranking: riichi and the quiet discard of the chosen kind, the one not taken
        valued by how the two expectations differ (``riichi_gain``)."""
        if self._scores is None:
            return
        kind = chosen.kind
        base = self._scores.get(kind, 0.0)
        gain = self.riichi_gain(pos, tenpai, chosen.ukeire)
        riichi, quiet = (base, base - gain) if wanted else (base + gain, base)
        self._scores[riichi_action] = riichi
        for a in discards:
            if a.tile >> 2 == kind:
                self._scores[a] = quiet

    def riichi_gain(self, pos: Position, tenpai: Tenpai | None, live: int) -> float:
        """What riichi adds to keeping the same tenpai quiet, in expected points: the chance to
        win with riichi (others fold, so fewer rons) times its ron, less the stick (it comes back
        with a win, so it is no gain, and is lost otherwise), against the quiet chance times the
        quiet ron. A furiten wait wins by tsumo alone either way; a quiet hand without a yaku
        wins nothing."""
        if tenpai is None or tenpai.dead:
            return -_RIICHI_STICK
        furiten = tenpai.furiten
        p_riichi = self._speed(pos, 0, live, False, riichi=True, wait=live, furiten=furiten)
        p_quiet = self._speed(pos, 0, live, False, wait=live, furiten=furiten)
        with_riichi = p_riichi * tenpai.riichi_points - _RIICHI_STICK
        quiet = p_quiet * tenpai.dama_points
        return with_riichi - quiet

    def _pick_tile(self, actions: list[Any], pos: Position) -> Any:
        """Of several copies of a kind, keep a red five."""
        if not actions:
            return None
        plain = [a for a in actions if not (pos.red_fives and a.tile in RED_FIVES)]
        return (plain or actions)[0]

    def _aka_after(self, pos: Position, kind: int | None, hand: Sequence[int] | None = None) -> int:
        """Red fives left in the concealed ``hand`` (default: the seat's) after discarding a ``kind``
        (a red five goes only when it is the kind's last copy)."""
        if not pos.red_fives:
            return 0
        hand = pos.hand if hand is None else hand
        reds = [t for t in hand if t in RED_FIVES]
        n = len(reds)
        if kind is not None and any(t >> 2 == kind for t in reds):
            if sum(1 for t in hand if t >> 2 == kind) == 1:
                n -= 1
        return n

    def _option_values(self, pos: Position, counts: list[int], options: list[Option],
                       melds: Sequence[Meld] | None, facts: TenpaiFacts | None = None) -> dict[int, float]:
        """Expected points of keeping each option: win chance x worth. Levels that look at the
        waits ahead weigh a 1-shanten option by the winning tiles its tenpai can expect; levels
        that weigh value read an open tenpai with the real scorer (``_open_tenpai_worth``)."""
        open_hand = not (pos.is_closed if melds is None else all(not m.opened for m in melds))
        out = {}
        by_shape: dict[tuple[int, int, float | None, bool], tuple[float, float]] = {}  # -> speed, draw payment
        for o in options:
            counts[o.kind] -= 1
            worth, _ = self._worth(pos, counts, self._aka_after(pos, o.kind), melds, riichi=not open_hand)
            tenpai = facts.after_kind(o.kind) if o.shanten == 0 and facts is not None else None
            if open_hand and tenpai is not None and self.level.use_value:
                worth = self._open_tenpai_worth(pos, tenpai, worth)
            wait = self._wait_ahead(pos, counts, o.shanten, o.ukeire)
            counts[o.kind] += 1
            uk = o.ukeire if o.ukeire >= 0 else int(NEXT_UKEIRE[min(o.shanten, 8)] * GUESSED_BEHIND)  # play only
            furiten = tenpai is not None and tenpai.furiten and self.level.use_value
            shape = (o.shanten, uk, wait, furiten)
            found = by_shape.get(shape)
            if found is None:  # options of one shape share their speed
                speed = self._speed(pos, o.shanten, uk, open_hand, wait=wait, furiten=furiten)
                if not self.level.use_value:
                    speed = speed + 0.001 * uk  # plain efficiency, ties by ukeire
                found = by_shape[shape] = (speed, self._draw_payment(pos, o.shanten))
            speed, payment = found
            out[o.kind] = (speed * worth + payment) * self._noise()
        return out

    def _open_tenpai_worth(self, pos: Position, tenpai: Tenpai | None, estimate: float) -> float:
        """An open tenpai is worth what a ron on its live waits pays on average; one with no
        yaku on any wait only what it may still become (and the draw payment, counted apart)."""
        if tenpai is None or tenpai.dead:
            return estimate
        if tenpai.yakuless:
            return min(estimate, _NO_YAKU_WORTH)
        pts = tenpai.mean_dama_points
        if self.level.placement and pos.all_last:
            pts = self._placement_worth(pos, pts)
        return pts

    def _best(self, pos: Position, kinds: list[int], score: dict[int, float]) -> int:
        """The kind with the best score; on a tie the one that gives up no dora or red five."""
        return max(kinds, key=lambda k: (score[k], -self._dora_held(pos, k), -k))

    def _dora_held(self, pos: Position, kind: int) -> int:
        """Dora and red fives a discard of ``kind`` would give up (ties keep them)."""
        red = pos.red_fives and kind * 4 in RED_FIVES and self._aka_after(pos, kind) < self._aka_after(pos, None)
        return pos.dora_kinds[kind] + int(red)

    def _threatened(self, found: list[Threat]) -> bool:
        return any(t.tenpai >= 0.6 for t in found)

    def _choose(self, pos: Position, options: list[Option], evs: dict[int, float],
                found: list[Threat]) -> int:
        """The discard kind: push for the best hand, or fold to the safest tile."""
        kinds = [o.kind for o in options]
        if self.level.defence == "none" or not found:
            self._note(evs)
            return self._best(pos, kinds, evs)
        detailed = self.level.defence == "full"
        risk = danger_table(pos, kinds, detailed, found)
        best_sh = min(o.shanten for o in options)
        if self.level.defence == "simple":
            if self._hopeless_against_riichi(pos, best_sh):
                safe = genbutsu_kinds(pos)
                self._note({k: -risk[k] for k in kinds})
                return min(kinds, key=lambda k: (k not in safe, risk[k], -evs[k], self._dora_held(pos, k), k))
            return self._choose_simple(pos, options, evs, risk, found, best_sh)
        hopeless = self._hopeless_against_riichi(pos, best_sh)
        values = self._push_or_fold(pos, options, evs, risk, found, hopeless)
        self._note(values)
        if hopeless:  # folding against a riichi: a genbutsu first, even where another tile reads safer overall
            safe = genbutsu_kinds(pos)
            return min(kinds, key=lambda k: (k not in safe, risk[k], -evs[k], self._dora_held(pos, k), k))
        best = max(values.values())
        return min((k for k in kinds if values[k] >= best - _SAME_VALUE),
                   key=lambda k: (risk[k] if best <= 0 else 0.0, -values[k], self._dora_held(pos, k), k))

    def _push_or_fold(self, pos: Position, options: list[Option], evs: dict[int, float], risk: dict[int, float],
                      found: list[Threat], hopeless: bool) -> dict[int, float]:
        """Each discard valued on one scale as the better of two plans (the full defence).

        Pushing on: the hand's worth (win chance x value) less this tile's risk and that of the
        tiles it will still have to let go before it is ready. Folding from it: this tile's risk
        and half that of the safest tiles left for the next few turns, the hand given up. A hand
        2+ shanten from ready against a riichi folds: its pushing plan is not counted."""
        detailed = True
        caution = self.level.caution
        turns = self._turns_left(pos)
        counts = pos.counts
        held = [k for k in range(34) if counts[k]]
        hand_risk = danger_table(pos, held, detailed, found) if set(held) != set(risk) else risk
        blind = sum(t.tenpai * t.value for t in found) * 0.05
        ordered = sorted(hand_risk[k] for k in held for _ in range(counts[k]))
        ahead = min(turns, 3)
        values = {}
        for o in options:
            rest = list(ordered)
            rest.remove(hand_risk[o.kind])
            fold = -caution * (risk[o.kind] + 0.5 * sum(rest[:ahead]))
            if hopeless:
                values[o.kind] = fold
                continue
            others = [hand_risk[k] for k in held if k != o.kind] or [0.0]
            per_tile = 0.5 * sum(others) / len(others) + 0.5 * blind
            later = min(turns, 1 + 2 * max(o.shanten, 0))
            push = evs[o.kind] - caution * (risk[o.kind] + per_tile * later)
            values[o.kind] = max(push, fold)
        return values

    def _hopeless_against_riichi(self, pos: Position, best_sh: int) -> bool:
        """Against a riichi, a hand 2+ shanten away is not worth a deal-in: it folds. So does a
        cheap 1-shanten hand under the simple rules; the full defence weighs that one, its chance
        and value against the risk of each tile (a fast cheap hand with safe tiles to spare pushes)."""
        if not set(pos.riichi_seats) - {pos.seat}:
            return False
        if best_sh >= 2:
            return True
        return best_sh == 1 and self.level.defence != "full" and visible_han(pos, pos.counts) < _CHEAP_HAN

    def _choose_simple(self, pos: Position, options: list[Option], evs: dict[int, float],
                       risk: dict[int, float], found: list[Threat], best_sh: int) -> int:
        """Fixed rules: against a riichi (or a near-certain open tenpai) push only tenpai
        hands with a fair wait or value, else fold to the safest tile."""
        kinds = [o.kind for o in options]
        serious = [t for t in found if t.tenpai >= 0.9]
        best = self._best(pos, kinds, evs)
        if not serious:
            self._note(evs)
            return best
        best_opt = next(o for o in options if o.kind == best)
        counts = pos.counts
        counts[best] -= 1
        worth, _ = self._worth(pos, counts, self._aka_after(pos, best), None, pos.is_closed)
        push = (best_opt.shanten == 0 and (best_opt.ukeire >= 4 or worth >= 5000)) or \
               (best_opt.shanten == 1 and worth >= 8000 and self._turns_left(pos) >= 6)
        if push:
            pushed = {k: evs[k] - 0.5 * risk[k] for k in kinds}
            self._note(pushed)
            return self._best(pos, kinds, pushed)
        self._note({k: -risk[k] for k in kinds})
        return min(kinds, key=lambda k: (risk[k], -evs[k], self._dora_held(pos, k), k))

    def _live_riichi_discard(self, pos: Position, facts: TenpaiFacts, evs: dict[int, float],
                             riichis: list[Any], choice: int, found: list[Threat]) -> int:
        """A riichi discard into furiten or a dead wait gives way to the best one that leaves a
        live, non-furiten tenpai (levels that judge their riichi); facing a likely tenpai only to a tile
        no more dangerous than the chosen one."""
        if self.level.riichi != "judged" or not riichis:
            return choice
        mine = facts.after_kind(choice)
        if mine is None or not (mine.furiten or mine.dead):
            return choice
        sound = [a.tile >> 2 for a in riichis
                 if (t := facts.after(a.tile)) is not None and not t.furiten and not t.dead]
        if sound and self._threatened(found):
            risk = danger_table(pos, sound + [choice], self.level.defence == "full", found)
            sound = [k for k in sound if risk[k] <= risk[choice]]
        if not sound:
            return choice
        return self._best(pos, sound, evs)

    def _want_riichi(self, pos: Position, tenpai: Tenpai | None, chosen: Option, found: list[Threat]) -> bool:
        """Riichi a live tenpai when no wait has a yaku by ron, or when the stick's han are
        worth more than the quiet win (values by the real scorer)."""
        if chosen.shanten != 0 or tenpai is None:
            return False
        if self.level.riichi == "always":
            return True
        if tenpai.dead:
            return False  # nothing can win it: keep the stick
        if tenpai.furiten and self._threatened(found):
            return False  # a furiten wait wins only by tsumo: facing a threat, keep the hand free to fold
        if not tenpai.ron_has_yaku:
            return True
        if self._turns_left(pos) <= 1:
            return False  # a draw or two left: the stick would buy little
        if self.level.placement and pos.all_last:
            rank = pos.placement()
            if rank == 0:
                return False  # any win keeps the top
            gap = sorted(pos.scores, reverse=True)[rank - 1] - pos.scores[pos.seat]
            return tenpai.dama_points < gap
        quiet = self.level.dama_from * (1.5 if pos.is_dealer else 1.0)
        return tenpai.dama_points < quiet  # a win worth this much without riichi is taken quietly

    # ------------------------------------------------------------------ kans
    def _kan_choice(self, pos: Position, by_type: dict[str, list[Any]], threatened: bool,
                    best: int | None = None) -> Any:
        kans = by_type.get("ankan", []) + by_type.get("shouminkan", [])
        if not kans:
            return None
        if pos.in_riichi:
            return by_type.get("ankan", [None])[0]  # the table offers it only when the wait stays
        if threatened and self.level.defence != "none":
            return None
        counts = pos.counts
        for a in kans:
            k = (a.tile if a.tile is not None else a.tiles[0]) >> 2
            c = list(counts)
            c[k] -= 4 if a.type == "ankan" else 1
            if c[k] < 0:
                continue
            after = shanten(c)
            if best is None or after <= best:
                return a
        return None

    # ------------------------------------------------------------------ calls
    def _call_or_pass(self, pos: Position, calls: list[Any], pass_action: Any) -> Any:
        """A call when the open hand's expected worth beats the closed one's by the level's
        margin. Facing a likely tenpai the simple defence passes every call; the full one
        passes at 2+ shanten, weighs at 1-shanten only the calls that leave a live tenpai, and
        weighs them all for a hand already ready."""
        lvl = self.level
        counts = pos.counts
        if lvl.calls == "yakuhai":
            yh = yakuhai_kinds(pos)
            for a in calls:
                if a.type == "pon" and (a.tile >> 2) in yh:
                    return a
            return pass_action
        found = threats(pos) if lvl.defence != "none" else []
        threatened = self._threatened(found)
        s0, uk0 = hand_speed(counts, pos.seen)
        if threatened and (s0 >= 2 or lvl.defence == "simple"):
            return pass_action
        tenpai_only = threatened and s0 == 1  # facing a likely tenpai: only a call that reaches one
        worth0, _ = self._worth(pos, counts, self._aka_after(pos, None), None, riichi=pos.is_closed,
                                typical=True)
        wait0 = self._wait_ahead(pos, counts, s0, uk0)
        ev0 = self._speed(pos, s0, uk0, not pos.is_closed, wait=wait0) * worth0
        best_ev, best_action = ev0 * lvl.call_margin, pass_action
        self._note({pass_action: ev0})  # the level's margin tilts its choice; the value is the expectation
        for a in calls:
            if a.type == "daiminkan":
                continue
            used = [t >> 2 for t in a.tiles]
            c = list(counts)
            ok = True
            for k in used:
                c[k] -= 1
                ok = ok and c[k] >= 0
            if not ok:
                continue
            called = a.tile
            meld = Meld(a.type, tuple(a.tiles) + (called,), called=called, from_seat=None)
            melds = pos.my_melds + (meld,)
            forbidden = {called >> 2}
            if a.type == "chi":
                lo = min(used + [called >> 2])
                if called >> 2 == lo and lo % 9 <= 5:
                    forbidden.add(lo + 3)
                elif called >> 2 == lo + 2 and lo % 9 >= 1:
                    forbidden.add(lo - 1)
            kinds = [k for k in range(34) if c[k] and k not in forbidden]
            if not kinds:
                continue
            rest = [t for t in pos.hand if t not in a.tiles]  # a red five used in the meld is counted there
            options = discard_candidates(c, pos.seen, 0, kinds)
            after_call: TenpaiFacts | None = None  # read once, when a tenpai after this call needs it
            for o in options:
                if o.ukeire < 0 or tenpai_only and (o.shanten != 0 or o.ukeire == 0):
                    continue
                c[o.kind] -= 1
                worth, sure = self._worth(pos, c, self._aka_after(pos, o.kind, rest), melds, riichi=False,
                                          typical=True)
                if o.shanten == 0 and lvl.use_value and sure >= lvl.call_sure and worth > _NO_YAKU_WORTH:
                    after_call = after_call or self._facts_after_call(pos, a, melds)
                    tenpai = after_call.after_kind(o.kind)
                    if tenpai is not None and tenpai.yakuless:
                        worth = _NO_YAKU_WORTH  # the real scorer finds no yaku on any wait
                    elif sure < 1.0:
                        worth /= _UNSURE_YAKU_PACE  # it finds one: the yaku is no longer a guess
                if sure < lvl.call_sure or worth <= _NO_YAKU_WORTH:
                    c[o.kind] += 1
                    if o.shanten == 0 and s0 > 0 and self._keiten_time(pos):
                        ev = draw_payment(0, pos.wall_left)  # a tenpai without yaku still collects at the draw
                        self._note_call(a, ev)
                        if ev > best_ev:
                            best_ev, best_action = ev, a
                    continue
                wait = self._wait_ahead(pos, c, o.shanten, o.ukeire)
                c[o.kind] += 1
                ev = self._speed(pos, o.shanten, o.ukeire, True, wait=wait) * worth
                self._note_call(a, ev)
                if ev > best_ev:
                    best_ev, best_action = ev, a
        return best_action

    def _facts_after_call(self, pos: Position, call: Action, melds: tuple[Meld, ...]) -> TenpaiFacts:
        """The tenpai each discard would leave after ``call`` (by the real scorer, as the
        discard after the call will read them)."""
        return TenpaiFacts(pos.with_own([t for t in pos.hand if t not in call.tiles], melds), self._rules)

    def _note_call(self, action: Action, ev: float) -> None:
        """While ranking: a call is worth its best discard after it."""
        if self._scores is not None:
            self._scores[action] = max(ev, self._scores.get(action, ev))

    def _draw_payment(self, pos: Position, sh: int) -> float:
        """What a shape is worth through the tenpai payment of an exhaustive draw (keiten levels,
        at every shanten, by the chances fitted to real hands: ``game.ai.draw``)."""
        if not (self.level.keiten or (sh <= 0 and self._turns_left(pos) == 0)):
            return 0.0  # without keiten only a tenpai in the last draws collects
        return draw_payment(sh, pos.wall_left)

    def _keiten_time(self, pos: Position) -> bool:
        """Late enough that a tenpai for the draw payment is worth a call (strong only)."""
        return self.level.keiten and pos.wall_left <= KEITEN_WALL

    # ------------------------------------------------------------------ other choices
    def _abort_nine(self, pos: Position) -> bool:
        """Kyuushu kyuuhai: abort unless the hand is close to kokushi."""
        distinct = sum(1 for k in set(t >> 2 for t in pos.hand) if is_terminal_or_honor(k))
        return distinct < 11 or self.level.name == "easy"

    def _decline_win(self, pos: Position, action: Any) -> bool:
        """In the last hand, a ron that still ends the game in last place is declined while
        enough of the wall is left to hope for more (strong only). The ron's value comes from
        the real scorer, and the discarder pays it."""
        if not (self.level.placement and pos.all_last and action.type == "ron") or pos.is_dealer:
            return False
        if pos.placement() != 3 or pos.wall_left < 12:
            return False
        return placement_after_ron(pos, self._rules, action.tile)[1] == 3
