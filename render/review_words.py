"""The AI review in the player's words: actions, decision kinds, severities and the reason codes of
``game.review.reasons``, marked for the catalogues and given in the language in force (``tr``)."""

from __future__ import annotations

import re
from typing import Any

from game.review import Decision
from game.table import Action
from game.tiles import kind_of
from render.i18n import C_, N_, number, percent, series, tr, trn
from render.words import round_label, tile_words, wind_words

__all__ = ["KIND_NAMES", "SEVERITY_NAMES", "action_words", "reason_words", "hand_words", "hand_code_words", "severity_counts", "decision_line",
           "options_lines", "seat_words"]

KIND_NAMES = {"efficiency": N_("Hand efficiency"), "riichi_dama": N_("Riichi or dama"), "call": N_("Calls"),
              "push_fold": N_("Push or fold"), "win": N_("Wins"), "kan": N_("Kans"),
              "placement": N_("Placement (last hand)")}
SEVERITY_NAMES = {"agree": N_("agrees"), "slip": N_("slip"), "mistake": N_("mistake")}
ACTION_WORDS = {"discard": N_("discard {tile}"), "riichi": N_("riichi discarding {tile}"),
                "chi": N_("chi on {tile}"), "pon": N_("pon on {tile}"), "daiminkan": N_("open kan on {tile}"),
                "ankan": N_("closed kan of {tile}"), "shouminkan": N_("add {tile} to your pon"),
                "tsumo": N_("win by tsumo on {tile}"), "ron": N_("win by ron on {tile}"),
                "kyuushu": N_("abort with nine terminals and honours"), "pass": N_("pass")}
WHERE = (N_("you"), N_("the player on your right"), N_("the player opposite"), N_("the player on your left"))
REASON_WORDS = {"worth_pushing": N_("the hand is worth pushing"), "keeps_value": N_("it keeps more of the hand's value"),
                "call_worth_it": N_("the call speeds the hand up enough"),
                "call_not_worth_it": N_("the call is not worth what it gives up"),
                "kan": N_("the kan costs nothing and adds a dora"), "no_kan": N_("the kan is not worth it here"),
                "higher_value": N_("it is worth more")}


def action_words(action: Action) -> str:
    """'discard 5 circles', 'pon on Red dragon', 'pass'."""
    tile = action.tile if action.tile is not None else (action.tiles[0] if action.tiles else None)
    words = tr(ACTION_WORDS.get(action.type, action.type))
    return words.format(tile=tile_words(kind_of(tile)) if tile is not None else "")


def hand_words(d: Decision) -> str:
    """'East 2, 1 honba'."""
    return tr("{round}, {honba} honba").format(round=round_label(27 + min(d.hand_index // 4, 3), d.hand_index),
                                               honba=d.honba)


def severity_counts(mistakes: int, slips: int) -> str:
    """'8 mistakes, 1 slip' in the language's plural forms ('2 errori, 1 imprecisione')."""
    return series([trn("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes),
                   trn("{n} slip", "{n} slips", slips).format(n=slips)])


HAND_CODE = re.compile(r"^(?P<wind>[ESWN])(?P<number>[1-4])-(?P<honba>[0-9]+)$")
"""The review's short name of a hand: 'E1-0' is East 1 with no honba."""
WIND_INITIALS = {"E": C_("wind initial", "E"), "S": C_("wind initial", "S"), "W": C_("wind initial", "W"),
                 "N": C_("wind initial", "N")}


def hand_code_words(code: str) -> str:
    """A hand's short name as the language writes it: 'E1-0', '東1局0本場', '东1局0本场', 'O2-1'
    (a code of another form as it is)."""
    found = HAND_CODE.match(code)
    if found is None:
        return code
    wind, number, honba = WIND_INITIALS[found.group(1)], int(found.group(2)), int(found.group(3))
    return tr(C_("short name of a hand", "{wind}{number}-{honba}")).format(wind=tr(wind), number=number, honba=honba)


def seat_words(seat: int, me: int, hand_index: int) -> str:
    """A seat by its wind in the hand and where it sits from ``me``: 'South (the player on your right)'."""
    wind = wind_words(27 + (seat - hand_index % 4) % 4)
    return tr("{wind} ({where})").format(wind=wind, where=tr(WHERE[(seat - me) % 4]))


def _shanten(s: int) -> str:
    return tr("tenpai") if s == 0 else tr("{n}-shanten").format(n=s)


def reason_words(reason: dict[str, Any], me: int, hand_index: int) -> str:
    """Why the AI's choice is better, from the review's reason code and its numbers."""
    code = reason.get("code", "")
    value = reason.get("value", [0, 0])
    if code == "lower_shanten":
        ai, you = reason["shanten"]
        return tr("it leaves the hand {ai}; yours leaves it {you}").format(ai=_shanten(ai), you=_shanten(you))
    if code == "wider_wait":
        ai, you = reason["ukeire"]
        return tr("its wait has {ai} tiles left, yours {you}").format(ai=ai, you=you)
    if code == "wider_waits_ahead":
        ai, you = reason["waits"]
        return tr("once tenpai, its wait can expect {ai} tiles on average, yours {you}").format(ai=ai, you=you)
    if code == "more_useful_tiles":
        ai, you = reason["ukeire"]
        return tr("{ai} tiles improve the hand after it, {you} after yours").format(ai=ai, you=you)
    if code in ("dangerous_against_riichi", "dangerous_against_threat"):
        words = (N_("your tile is dangerous against the riichi of {who} (expected loss {you} against {ai} points)")
                 if code == "dangerous_against_riichi" else
                 N_("your tile is dangerous against the likely tenpai of {who} (expected loss {you} against {ai} points)"))
        line = tr(words).format(who=seat_words(reason["seat"], me, hand_index), ai=reason["risk"][0], you=reason["risk"][1])
        held = reason.get("genbutsu_held", 0)
        return line + (trn("; you held {n} safe kind", "; you held {n} safe kinds", held).format(n=held) if held else "")
    if code == "riichi":
        dama, riichi = reason["points"]
        return tr("riichi raises a ron from {dama} to {riichi} points").format(dama=dama, riichi=riichi)
    if code == "dama":
        dama, _ = reason["points"]
        return tr("the hand already pays {dama} points without riichi: stay quiet").format(dama=dama)
    if code == "missed_win":
        return tr("you passed a win worth about {points} points").format(points=reason["points"])
    if code == "win_keeps_last_place":
        return tr("this win still leaves you last in the final hand")
    words = tr(REASON_WORDS[code]) if code in REASON_WORDS else code.replace("_", " ")
    return tr("{words} (about {ai} against {you} points)").format(words=words, ai=value[0], you=value[1])


def decision_line(d: Decision) -> str:
    """'You: discard 5 circles. The AI: pon on 3 bamboo (about 600 points lost)'."""
    line = tr("You: {yours}. The AI: {ai}").format(yours=action_words(d.actual), ai=action_words(d.options[0][0]))
    if d.agreed:
        return line
    return line + " " + tr("(about {cost:,} points lost)").format(cost=round(d.cost))


def options_lines(d: Decision) -> list[str]:
    """The AI's top choices with their values (estimated points), one a line: '1. discard 5 circles: 1,200'."""
    return [tr("{n}. {action}: {value:,}").format(n=n, action=action_words(a), value=round(v))
            for n, (a, v) in enumerate(d.options, 1)]
