"""The Practice screen's words: drill names, what each asks, what protects a tile, a win's situation."""

from __future__ import annotations

from game.drills.scoring import ScoringProblem
from game.scoring.payment import Payment
from render.i18n import N_, series, tr
from render.words import wind_words

__all__ = ["DRILL_NAMES", "DRILL_PROMPTS", "LEVEL_NAMES", "PROTECTION_WORDS", "protection_words", "payment_words",
           "situation_words", "shanten_words"]

DRILL_NAMES = {"discard": N_("What to discard"), "defence": N_("Defence"), "waits": N_("Waits"),
               "scoring": N_("Scoring"), "mistakes": N_("Your mistakes")}
DRILL_PROMPTS = {
    "discard": N_("Which discard leaves the most tiles that bring the hand closer to ready? Click a tile."),
    "defence": N_("A riichi is on the table. Which of your tiles is the safest to discard? Click a tile."),
    "waits": N_("This hand is ready. Choose every tile that completes it, then Check."),
    "scoring": N_("Give the han, the fu and the points of this win (without honba or riichi sticks), then Check."),
    "mistakes": N_("A discard from one of your reviewed games. Which tile does the AI prefer? Click a tile."),
}
LEVEL_NAMES = {"easy": N_("Easy"), "hard": N_("Hard")}
PROTECTION_WORDS = {
    "genbutsu": N_("genbutsu: the riichi player cannot win on it"),
    "suji": N_("suji: every two-sided wait on it is ruled out"),
    "kabe": N_("kabe: the tiles a two-sided wait needs are all in sight"),
    "one_chance": N_("one chance: three copies of a tile its wait needs are in sight"),
    "half_suji": N_("half suji: one two-sided wait is ruled out, the other is not"),
    "none": N_("no protection"),
}


def protection_words(protection: str, seen: int) -> str:
    """What protects a tile, in words; honours say how many copies are in sight."""
    if protection == "honour":
        if seen >= 3:
            return tr("honour, {n} in sight: only a single wait can take it").format(n=seen)
        return tr("honour, {n} in sight").format(n=seen)
    return tr(PROTECTION_WORDS.get(protection, PROTECTION_WORDS["none"]))


def payment_words(payment: Payment) -> str:
    """'7,700', '2,000 all', '1,000 / 2,000' (the non-dealers' and the dealer's shares)."""
    if not payment.tsumo:
        return tr("{points:,}").format(points=payment.ron)
    if payment.dealer:
        return tr("{points:,} all").format(points=payment.tsumo_nondealer)
    return tr("{others:,} / {dealer:,}").format(others=payment.tsumo_nondealer, dealer=payment.tsumo_dealer)


def situation_words(problem: ScoringProblem) -> str:
    """'Ron, South seat (not the dealer), East round, after riichi'."""
    won = problem.won
    parts = [tr("Tsumo") if won.tsumo else tr("Ron")]
    seat = tr("{wind} seat").format(wind=wind_words(problem.seat_wind))
    parts.append(tr("{seat} (the dealer)").format(seat=seat) if problem.dealer else
                 tr("{seat} (not the dealer)").format(seat=seat))
    parts.append(tr("{wind} round").format(wind=wind_words(problem.round_wind)))
    names = {name for name, _ in won.yaku}
    if "double riichi" in names:
        parts.append(tr("after double riichi"))
    elif "riichi" in names:
        parts.append(tr("after riichi"))
    for flag, words in (("ippatsu", N_("ippatsu")), ("haitei", N_("last tile of the wall")),
                        ("houtei", N_("last discard")), ("rinshan", N_("after a kan")),
                        ("chankan", N_("robbing a kan"))):
        if any(flag in name for name in names):
            parts.append(tr(words))
    return series(parts)


def shanten_words(shanten: int) -> str:
    return tr("ready") if shanten == 0 else tr("{n} from ready").format(n=shanten)
