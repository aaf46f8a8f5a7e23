"""Limits and payments: from han and fu to what each player pays.

base = fu x 2^(han+2), capped at 2,000 (mangan) for 1-4 han; then the limit table below;
13+ han without yakuman is a kazoe yakuman or a sanbaiman (``RuleSet.kazoe_yakuman``);
yakuman 8,000 per multiple. Ron: 4 x base (dealer 6 x); tsumo: 2 x base from the dealer and
1 x base from the others (dealer: 2 x from each). Each payment rounds up to the next 100.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.rules import RuleSet

__all__ = ["LIMITS", "Payment", "base_points", "payment_total", "make_payment", "PAYMENTS", "payment_of",
           "clear_cache"]

LIMITS: tuple[tuple[int, str, int], ...] = (
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)
"""(lowest han, name, base points), highest first."""

_LIMIT_OF_HAN: tuple[tuple[int, str], ...] = tuple(
    next(((base, name) for lowest, name, base in LIMITS if han >= lowest), (0, "")) for han in range(13))
"""(base points, limit name) by han, for 5 to 12 han (``LIMITS`` read once, not per hand)."""


def base_points(han: int, fu: int, yakuman: int, rules: RuleSet) -> tuple[int, str | None]:
    """Base points and the limit's name (None below mangan) for a hand."""
    if yakuman:
        return 8000 * yakuman, "yakuman" if yakuman == 1 else f"yakuman x{yakuman}"
    if han < 5:
        base = fu << (han + 2)
        if base >= 2000 or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
            return 2000, "mangan"
        return base, None
    if han >= 13:
        if rules.kazoe_yakuman:
            return 8000, "kazoe yakuman"
        return 6000, "sanbaiman"
    return _LIMIT_OF_HAN[han]


class Payment(NamedTuple):
    """What each payer pays, without honba and riichi sticks.

    Ron: ``ron`` from the discarder. Tsumo: ``tsumo_dealer`` from the dealer (0 when the
    winner is the dealer) and ``tsumo_nondealer`` from each other player.
    """

    base_points: int
    tsumo: bool
    dealer: bool
    ron: int = 0
    tsumo_dealer: int = 0
    tsumo_nondealer: int = 0

    @property
    def total(self) -> int:
        """Everything the winner receives, without honba and sticks."""
        if not self.tsumo:
            return self.ron
        if self.dealer:
            return 3 * self.tsumo_nondealer
        return self.tsumo_dealer + 2 * self.tsumo_nondealer

    def to_dict(self) -> dict[str, Any]:
        if self.tsumo:
            return {"tsumo_dealer": self.tsumo_dealer, "tsumo_nondealer": self.tsumo_nondealer}
        return {"ron": self.ron}

    def payments(self, winner_seat: int, dealer_seat: int, honba: int = 0,
                 from_seat: int | None = None) -> dict[int, int]:
        """What each paying seat pays, honba included (300 per counter in total)."""
        if not self.tsumo:
            if from_seat is None or from_seat == winner_seat or not 0 <= from_seat <= 3:
                raise ValueError(f"a ron needs the discarder's seat, other than the winner's, not {from_seat!r}")
            return {from_seat: self.ron + 300 * honba}
        out = {}
        for seat in range(4):
            if seat == winner_seat:
                continue
            share = self.tsumo_dealer if seat == dealer_seat and not self.dealer else self.tsumo_nondealer
            out[seat] = share + 100 * honba
        return out


def payment_total(base: int, tsumo: bool, dealer: bool) -> int:
    """What the winner receives for a base, without honba and sticks (``make_payment(...).total``)."""
    if not tsumo:
        return -(-base * (6 if dealer else 4) // 100) * 100
    if dealer:
        return 3 * (-(-base * 2 // 100) * 100)
    return -(-base * 2 // 100) * 100 + 2 * (-(-base // 100) * 100)


_new_payment = tuple.__new__
"""Builds a Payment from its six values without the Python-level constructor (hot path)."""


def make_payment(base: int, tsumo: bool, dealer: bool) -> Payment:
    """The payments for a base, a win by tsumo or ron, by the dealer or not."""
    if not tsumo:
        return _new_payment(Payment, (base, False, dealer, -(-base * (6 if dealer else 4) // 100) * 100, 0, 0))
    if dealer:
        return _new_payment(Payment, (base, True, True, 0, 0, -(-base * 2 // 100) * 100))
    return _new_payment(Payment, (base, True, False, 0, -(-base * 2 // 100) * 100, -(-base // 100) * 100))


PAYMENTS: dict[tuple[int, bool, bool], tuple[Payment, int]] = {}
"""(base, tsumo, dealer) -> the payment and its total, kept as met (few bases occur): read it
with ``PAYMENTS.get`` and fall back to ``payment_of`` on a first sight."""


def payment_of(base: int, tsumo: bool, dealer: bool) -> tuple[Payment, int]:
    """``make_payment`` and its total, kept in ``PAYMENTS``."""
    payment = make_payment(base, tsumo, dealer)
    found = PAYMENTS[base, tsumo, dealer] = (payment, payment.total)
    return found


def clear_cache() -> None:
    """Forget the payments kept (for a cold benchmark)."""
    PAYMENTS.clear()
