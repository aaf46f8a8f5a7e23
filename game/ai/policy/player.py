"""An AI seat that chooses as houou players do, and keeps what the engine knows for certain.

The learned network answers the discard, riichi, call and kan questions; the seat's rules player
(``game.ai.player.Player``) keeps the choices that are not matters of style: winning or passing a
win (a ron that leaves the game's last place unchanged is passed only in the last hand),
nine terminals, the tenpai declaration. On top of the network, the certainties: a tenpai whose
ron has no yaku is never kept quiet, a riichi is never declared into the seat's own furiten or a
dead wait, a discard is never one of the audit's blunder classes when another discard is not
(``game.ai.audit``: no push at 2+ shanten against a riichi while a genbutsu is held, no tenpai
broken in the last draws, no open tenpai without yaku, no early dora cut for nothing; a cheap
1-shanten's push is left to the policy), and an open call is made only when the hand after it keeps a reachable yaku
(or late in the hand, for the draw payment).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from game.ai.audit import classify
from game.ai.levels import KEITEN_WALL
from game.ai.policy.choices import (CALL_TYPES, KAN_TYPES, call_class, discard_kinds, is_call_offer,
                                    is_own_turn, kan_kind)
from game.ai.policy.features import CALL, DISCARD, KAN, RIICHI, as_question, call_keeps_yaku, encode
from game.ai.policy.net import PolicyNet
from game.ai.position import Position, from_view
from game.ai.tenpai import TenpaiFacts, rules_for
from game.rules import RuleSet
from game.table.actions import Action
from game.table.events import Event
from game.table.view import SeatView
from game.tiles import RED_FIVES

__all__ = ["LearnedPlayer", "houou_shares", "without_model"]

_RULED = ("tsumo", "ron", "kyuushu", "tenpai", "noten")
"""Choices the rules player keeps: a win, nine terminals, the tenpai declaration."""

_JUDGEMENTS = {"cheap_push"}
"""Audit classes that are judgements, not certainties: pushing a cheap 1-shanten against a riichi
is sometimes right (strong players do it, and so did the rules player), so the policy decides."""


class RulesPlayer(Protocol):
    level: Any

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action: ...

    def rank(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Action, float]]: ...


def _plain_first(actions: list[Action], red_fives: bool) -> Action:
    """Of several copies of one choice, one that keeps a red five in hand."""
    plain = [a for a in actions if not (red_fives and a.tile in RED_FIVES)]
    return (plain or actions)[0]


class LearnedPlayer:
    """One AI seat playing by the learned policy (deterministic: always its most likely choice)."""

    def __init__(self, net: PolicyNet, rules: RulesPlayer, seat: int) -> None:
        self.net = net
        self.rules = rules
        self.level = rules.level
        self.seat = seat

    def observe(self, event: Event) -> None:
        """Every decision reads the view it is given."""

    def close(self) -> None:
        """Nothing held."""

    def rank(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """The rules player's ranking in estimated points (the review's and the coach's scale)."""
        return self.rules.rank(view, legal)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The chosen action; always one of ``legal``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if any(a.type in _RULED for a in legal):
            choice = self.rules.decide(view, legal)
            if choice.type in _RULED:
                return choice
            legal = [a for a in legal if a.type not in _RULED]  # a win or an abort passed by the rules
            if len(legal) == 1:
                return legal[0]
        pos = from_view(view)
        if is_own_turn(legal):
            return self._own_turn(view, pos, legal)
        if is_call_offer(legal):
            return self._call(pos, legal)
        return self.rules.decide(view, legal)

    # ------------------------------------------------------------------ own turn
    def _own_turn(self, view: SeatView, pos: Position, legal: Sequence[Action]) -> Action:
        kinds = discard_kinds(legal)
        kans = [a for a in legal if a.type in KAN_TYPES]
        if kans:
            kan = self._kan(pos, view, kans, kinds)
            if kan is not None:
                return kan
        if len(kinds) == 1 or pos.in_riichi:
            quiet = [a for a in legal if a.type in ("discard", "riichi")]
            return quiet[0]
        x = encode(pos, DISCARD, drawn=view.drawn, legal_kinds=kinds)
        rules = view.rules if isinstance(view.rules, RuleSet) else rules_for(pos.red_fives)
        facts = TenpaiFacts(pos, rules)  # one for the riichi weighing and every blunder check
        options = self._turn_options(pos, x, legal, kinds, facts)
        for _, action in options:
            if not set(classify(pos, rules, legal, action, facts)) - _JUDGEMENTS:
                return action
        return options[0][1]

    def _turn_options(self, pos: Position, x: np.ndarray, legal: Sequence[Action], kinds: list[int],
                      facts: TenpaiFacts) -> list[tuple[float, Action]]:
        """Each discard the seat may make, with riichi or without, and how likely houou players are to
        make it (the kind's chance times the riichi head's), likeliest first; without the options the
        certainties rule out: a riichi into a dead wait or the seat's own furiten, a yakuless tenpai
        kept quiet (its kind keeps only its riichi share, so a likelier other discard can win). When
        the options with riichi are together likelier than those without, they come first."""
        probs = self.net.discard_probs(x, kinds)
        options: list[tuple[float, int, Action]] = []
        for kind in kinds:
            riichis, quiet = _riichi_and_quiet(legal, kind)
            if not (riichis and quiet):
                options.append((probs[kind], kind, _plain_first(riichis or quiet, pos.red_fives)))
                continue
            riichi, keep = _plain_first(riichis, pos.red_fives), _plain_first(quiet, pos.red_fives)
            tenpai = facts.after(riichi.tile)  # type: ignore[arg-type]
            if tenpai is None or tenpai.dead or tenpai.furiten:
                options.append((probs[kind], kind, keep))
                continue
            p_riichi = _riichi_chance(self.net, x, kind)
            options.append((probs[kind] * p_riichi, kind, riichi))
            if tenpai.ron_has_yaku:
                options.append((probs[kind] * (1.0 - p_riichi), kind, keep))
        declare = _riichi_likelier(options)
        options.sort(key=lambda o: ((o[2].type == "riichi") != declare, -o[0], o[1], o[2].type))
        return [(p, a) for p, _, a in options]

    def _kan(self, pos: Position, view: SeatView, kans: list[Action], kinds: list[int]) -> Action | None:
        best: tuple[float, Action | None] = (0.5, None)
        for a in kans:
            p = _kan_chance(self.net, pos, view, a, kinds)
            if p > best[0]:
                best = (p, a)
        return best[1]

    # ------------------------------------------------------------------ calls
    def _call(self, pos: Position, legal: Sequence[Action]) -> Action:
        offers = [a for a in legal if a.type in CALL_TYPES]
        passing = next((a for a in legal if a.type == "pass"), None)
        if passing is None:
            return offers[0]
        called = offers[0].tile
        x = encode(pos, CALL, candidate=called >> 2, offers=offers)  # type: ignore[operator]
        classes = sorted({0} | {call_class(a) for a in offers})
        probs = self.net.call_probs(x, classes, called >> 2)
        for cls in sorted(classes, key=lambda c: -probs[c]):
            if cls == 0:
                return passing
            options = [a for a in offers if call_class(a) == cls]
            sound = [a for a in options if call_keeps_yaku(pos, a) or pos.wall_left <= KEITEN_WALL]
            if sound:
                return sound[0]
        return passing


def _riichi_likelier(options: Sequence[tuple[float, int, Action]]) -> bool:
    """Whether houou players are likelier to declare riichi this turn than not, all discards taken
    together (``options``: each permitted discard with its chance). Riichi or not is decided first,
    then the discard: a riichi that is the single likeliest option while most of the chance lies
    spread over quiet discards is not declared.

    >>> from game.table.actions import Action
    >>> quiet = [(0.2, k, Action("discard", 4 * k)) for k in (1, 2, 3)]
    >>> _riichi_likelier(quiet + [(0.3, 9, Action("riichi", 36))])
    False
    >>> _riichi_likelier(quiet[:1] + [(0.3, 9, Action("riichi", 36))])
    True
    """
    riichi = sum(p for p, _, a in options if a.type == "riichi")
    return riichi > sum(p for p, _, a in options if a.type != "riichi")


def _riichi_and_quiet(legal: Sequence[Action], kind: int) -> tuple[list[Action], list[Action]]:
    """The legal discards of ``kind`` with riichi, and without."""
    same = [a for a in legal if a.type in ("discard", "riichi") and a.tile >> 2 == kind]  # type: ignore[operator]
    return [a for a in same if a.type == "riichi"], [a for a in same if a.type == "discard"]


def _riichi_chance(net: PolicyNet, x: np.ndarray, kind: int) -> float:
    """How likely houou players are to declare riichi discarding ``kind`` (``x``: the turn's planes)."""
    return net.yes_prob_any_suit("riichi", as_question(x, RIICHI, kind), kind)


def _kan_chance(net: PolicyNet, pos: Position, view: SeatView, kan: Action, kinds: list[int]) -> float:
    """How likely houou players are to declare ``kan`` (``kinds``: the discards the turn allows)."""
    asked = encode(pos, KAN, candidate=kan_kind(kan), drawn=view.drawn, legal_kinds=kinds or None)
    return net.yes_prob_any_suit("kan", asked, kan_kind(kan))


def houou_shares(net: PolicyNet, view: SeatView, legal: Sequence[Action]) -> dict[Action, float] | None:
    """How often houou players take each legal action in this spot (the network's chances), or
    None where the policy does not answer (a win on offer, a single choice)."""
    if len(legal) < 2 or any(a.type in _RULED for a in legal):
        return None
    pos = from_view(view)
    out: dict[Action, float] = {}
    if is_own_turn(legal):
        kinds = discard_kinds(legal)
        if pos.in_riichi or len(kinds) < 2:
            return None
        x = encode(pos, DISCARD, drawn=view.drawn, legal_kinds=kinds)
        probs = net.discard_probs(x, kinds)
        kan_share = 0.0
        for a in legal:
            if a.type in KAN_TYPES:
                p = _kan_chance(net, pos, view, a, kinds)
                out[a] = p
                kan_share = max(kan_share, p)
        for kind in kinds:
            share = probs[kind] * (1.0 - kan_share)
            riichi, quiet = _riichi_and_quiet(legal, kind)
            p_riichi = _riichi_chance(net, x, kind) if riichi and quiet else 1.0
            for group, part in ((riichi, p_riichi), (quiet, 1.0 - p_riichi if riichi else 1.0)):
                for a in group:
                    out[a] = share * part / len(group)
        return out
    if is_call_offer(legal):
        offers = [a for a in legal if a.type in CALL_TYPES]
        x = encode(pos, CALL, candidate=offers[0].tile >> 2, offers=offers)  # type: ignore[operator]
        classes = sorted({call_class(a) for a in legal if a.type in CALL_TYPES + ("pass",)})
        probs = net.call_probs(x, classes, offers[0].tile >> 2)  # type: ignore[operator]
        for cls in classes:
            group = [a for a in legal if a.type in CALL_TYPES + ("pass",) and call_class(a) == cls]
            for a in group:
                out[a] = probs[cls] / len(group)
        return out
    return None


def without_model(agent: Any) -> bool:
    """Whether ``agent`` is an AI of a level that plays the learned policy, playing by its rules
    because the model could not be read."""
    level = getattr(agent, "level", None)
    return bool(getattr(level, "learned", False)) and not isinstance(agent, LearnedPlayer)
