"""Points at the end of a hand, the end of the game, and the final standing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules import RuleSet
from game.table.judge import HandScore, score_dict
from game.table.state import meld_dict

if TYPE_CHECKING:
    from game.table.game import Game

__all__ = ["win_payments", "win_entry", "noten_payments", "nagashi_payments", "game_over", "final_standing",
           "rank_order"]

NOTEN_TOTAL = 3000
MANGAN_BASE = 2000


def win_payments(game: Game, seat: int, from_seat: int | None, score: HandScore) -> tuple[dict[int, int], int | None]:
    """What each seat pays this winner (honba included as the score says), and the liable seat."""
    hand = game.hand
    pay = {p: a for p, a in score.payments(seat, hand.dealer, from_seat).items() if a}
    names = {y.name.lower() for y in score.yaku}
    liable = next((who for name, who in hand.seats[seat].pao.items() if name in names and who != seat), None)
    if liable is None:
        return pay, None
    total = sum(pay.values())
    if from_seat is None:
        return {liable: total}, liable
    if from_seat == liable:
        return pay, liable
    value = score.payment.ron
    half = value // 2
    return {from_seat: half, liable: total - half}, liable


def win_entry(game: Game, seat: int, from_seat: int | None, tile: int, how: str, concealed: list[int],
              score: HandScore, liable: int | None, deltas: list[int]) -> dict[str, Any]:
    """The JSON-ready record of one win, its full scoring included."""
    hand = game.hand
    st = hand.seats[seat]
    return {
        "seat": seat, "from_seat": seat if from_seat is None else from_seat, "tile": tile, "how": how,
        "tsumo": from_seat is None, "hand": sorted(concealed), "melds": [meld_dict(m) for m in st.melds],
        "dora_indicators": hand.dora_indicators(),
        "ura_indicators": list(game.win_context(seat, how).ura_indicators),
        "han": score.han, "fu": score.fu, "yaku": [[y.name, y.han] for y in score.yaku],
        "dora": score.dora, "aka": score.aka, "ura": score.ura, "yakuman_count": score.yakuman_count,
        "limit": score.limit, "points": score.payment.total,
        "pao": liable, "deltas": deltas, "score": score_dict(score),
    }


def noten_payments(tenpai: list[int]) -> list[int]:
    """3,000 in all from the noten seats to the tenpai seats; nothing if all or none are tenpai."""
    deltas = [0, 0, 0, 0]
    if 0 < len(tenpai) < 4:
        gain = NOTEN_TOTAL // len(tenpai)
        loss = NOTEN_TOTAL // (4 - len(tenpai))
        for s in range(4):
            deltas[s] = gain if s in tenpai else -loss
    return deltas


def nagashi_payments(dealer: int, seats: list[int]) -> list[int]:
    """A tsumo mangan for each nagashi seat, without honba."""
    deltas = [0, 0, 0, 0]
    for seat in seats:
        for payer in range(4):
            if payer == seat:
                continue
            amount = MANGAN_BASE * (2 if seat == dealer or payer == dealer else 1)
            deltas[payer] -= amount
            deltas[seat] += amount
    return deltas


def rank_order(scores: list[int]) -> list[int]:
    """Seats from first to last; ties go to the seat nearer seat 0."""
    return sorted(range(4), key=lambda s: (-scores[s], s))


def last_planned_hand(rules: RuleSet) -> int:
    """The index of the last planned hand (all-last): East 4 or South 4 (0 for a single hand)."""
    return {"single": 0, "east": 3}.get(rules.game_length, 7)


EXTRA_ROUND = 4
"""Hands of the extension (West after a hanchan, South after an East-only game): one wind's worth."""


def game_over(game: Game, dealer_stays: bool, outcome: str) -> bool:
    """Whether the game ends after the hand just settled (``outcome``: win, exhaustive, abortive).

    From the last planned hand on, every hand is played as an all-last: a dealer who keeps the
    deal plays on unless agari-yame (or tenpai-yame) lets the leading dealer stop; otherwise the
    game ends, except under the extension rule while nobody holds the return points and the
    extra round has hands left.
    """
    rules = game.rules
    index = game.hand_index
    if rules.bust and min(game.scores) < 0:
        return True
    if index >= 15 and not dealer_stays:
        return True
    if rules.game_length == "single":
        return outcome == "win"
    last = last_planned_hand(rules)
    if index < last:
        return False
    if index > last and not rules.west_extension:
        end = True  # a tie-break hand
    elif dealer_stays:
        end = leading_dealer_stops(game, outcome)
    else:
        end = not rules.west_extension or target_reached(game) or index >= last + EXTRA_ROUND
    ordered = sorted(game.scores, reverse=True)
    if end and rules.tie_break and ordered[0] == ordered[1] and index < 15:
        return False
    return end


def target_reached(game: Game) -> bool:
    """Someone holds the return points (the extension's target), riichi sticks on the table apart."""
    return max(game.scores) >= game.rules.return_points


def leading_dealer_stops(game: Game, outcome: str) -> bool:
    """Agari-yame: the dealer who keeps the deal of an all-last hand in first place ends the game by
    winning (or, with tenpai-yame, by being tenpai at an exhaustive draw); under the extension rule
    only with the return points in hand. An abortive draw never ends it."""
    rules = game.rules
    dealer = game.hand.dealer
    if not rules.agari_yame or rank_order(game.scores)[0] != dealer:
        return False
    if rules.west_extension and game.scores[dealer] < rules.return_points:
        return False
    return outcome == "win" or outcome == "exhaustive" and rules.tenpai_yame


def final_standing(game: Game) -> list[dict[str, Any]]:
    """Seats in rank order with final score (sticks left to the top) and game points."""
    rules = game.rules
    scores = list(game.scores)
    order = rank_order(scores)
    scores[order[0]] += 1000 * game.sticks
    oka = (rules.return_points - rules.start_points) * 4 if rules.oka else 0
    rows = []
    for rank, seat in enumerate(order):
        value = scores[seat] - rules.return_points + rules.uma[rank] + (oka if rank == 0 else 0)
        rows.append({"seat": seat, "rank": rank + 1, "score": scores[seat], "points": value / 1000})
    return rows
