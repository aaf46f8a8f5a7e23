"""The AI review in the player's words: actions, decision kinds, severities and the reason codes of
``game.review.reasons``, marked for the catalogues and given in the language in force (``tr``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from game.review import Decision
from game.table import Action
from game.tiles import kind_of
from render.i18n import C_, N_, number, percent, series, tr, trn
from render.words import round_label, tile_words, wind_words

__all__ = ["KIND_NAMES", "SEVERITY_NAMES", "action_words", "reason_words", "hand_words", "hand_code_words",
           "severity_counts", "decision_line", "options_lines", "seat_words", "shares_words", "choice_words"]

KIND_NAMES = {"efficiency": N_("Hand efficiency"), "riichi_dama": N_("Riichi or dama"), "call": N_("Calls"),
              "push_fold": N_("Push or fold"), "win": N_("Wins"), "kan": N_("Kans"),
              "placement": N_("Placement (last hand)")}
SEVERITY_NAMES = {"agree": N_("agrees"), "slip": N_("slip"), "mistake": N_("mistake"),
                  "strong_choice": N_("a choice strong players make"), "not_weighed": N_("not weighed")}
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


def _danger_words(reason: dict[str, Any], me: int, hand_index: int) -> str:
    """Against whom the seat's tile is dangerous, and how safe the AI's was."""
    who = seat_words(reason["seat"], me, hand_index)
    ai, you = reason.get("deal_in", [None, None])
    if ai is None:  # a reason kept from before the chances were given
        ai, you = reason["risk"]
        words = (N_("your tile is dangerous against the riichi of {who} (expected loss {you} against {ai} points)")
                 if reason["code"] == "dangerous_against_riichi" else
                 N_("your tile is dangerous against the likely tenpai of {who} (expected loss {you} against {ai} points)"))
        return tr(words).format(who=who, ai=ai, you=you)
    if reason["code"] == "dangerous_against_riichi":
        words = (N_("against the riichi of {who} your tile deals in about {you}% of the time, the AI's is safe")
                 if ai == 0 else
                 N_("against the riichi of {who} your tile deals in about {you}% of the time, the AI's {ai}%"))
    else:
        words = (N_("against the likely tenpai of {who} your tile deals in about {you}% of the time if they are "
                    "ready, the AI's is safe") if ai == 0 else
                 N_("against the likely tenpai of {who} your tile deals in about {you}% of the time if they are "
                    "ready, the AI's {ai}%"))
    line = tr(words).format(who=who, ai=ai, you=you)
    held = reason.get("genbutsu_held", 0)
    return line + (trn("; you held {n} safe kind", "; you held {n} safe kinds", held).format(n=held) if held else "")


def _kind_words(kind: int) -> str:
    return tile_words(kind)


def _waits_words(kinds: Sequence[int]) -> str:
    return ", ".join(tile_words(k) for k in kinds)


def reason_words(reason: dict[str, Any], me: int, hand_index: int) -> str:
    """Why the AI's choice is better, from the review's reason code and its numbers; for a costly choice
    houou players make now and then, why it is only a slip."""
    words = _cost_words(reason, me, hand_index)
    if "sometimes" in reason:
        words += tr("; houou players choose yours {share}% of the time here: a slip, not a mistake").format(
            share=round(100 * reason["sometimes"]))
    return words


def _cost_words(reason: dict[str, Any], me: int, hand_index: int) -> str:
    """The term of the value that makes the cost, in words."""
    code = reason.get("code", "")
    value = reason.get("value", [0, 0])
    if code in ("dangerous_against_riichi", "dangerous_against_threat"):
        return _danger_words(reason, me, hand_index)
    if code == "pair_broken":
        ai, you = reason["ukeire"]
        return tr("your tile breaks your pair of {tile}: {you} tiles improve the hand after it, {ai} after the AI's").format(
            tile=_kind_words(reason["kind"]), ai=ai, you=you)
    if code == "wide_over_narrow":
        (ai_sh, you_sh), (ai, you) = reason["shanten"], reason["ukeire"]
        return tr("it keeps a wide {ai_shanten} with {ai} improving tiles rather than a narrow {you_shanten} with {you}").format(
            ai_shanten=_shanten(ai_sh), you_shanten=_shanten(you_sh), ai=ai, you=you)
    if code == "dora_given_up":
        return tr("your tile gives up a dora ({tile}); the AI's keeps the hand as fast and keeps it").format(
            tile=_kind_words(reason["kind"]))
    if code == "red_five_given_up":
        return tr("your tile gives up a red five; the AI's keeps the hand as fast and keeps it")
    if code == "yakuhai_pair_broken":
        return tr("your tile breaks your pair of {tile}, a yakuhai: a pon of it or a third copy is a yaku").format(
            tile=_kind_words(reason["kind"]))
    if code == "dead_wait":
        return tr("your tenpai waits on {tiles}, and every copy is already in sight: it cannot win").format(
            tiles=_waits_words(reason["kinds"]))
    if code == "furiten_wait":
        return tr("your tenpai is furiten (it waits on {tiles}, and one is in your own discards): it can win "
                  "only by tsumo").format(tiles=_waits_words(reason["kinds"]))
    if code == "repeated":
        return tr("the same riichi-or-quiet choice as earlier in this hand: counted once")
    if code == "not_weighed":
        return tr("the AI did not weigh this choice here, so it gives no cost")
    if code == "strong_choice" and "ai_share" in reason:
        return tr("houou players choose this {share}% of the time here and the AI's choice {ai}%: the AI's values "
                  "are not the last word here, so it is no mistake").format(
            share=round(100 * reason["share"]), ai=round(100 * reason["ai_share"]))
    if code == "strong_choice":
        return tr("houou players choose this {share}% of the time here: a choice strong players make").format(
            share=round(100 * reason["share"]))
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


def choice_words(action: Action) -> str:
    """An option as the houou line names it: the tile of a discard (with riichi when declared), else the action."""
    if action.type == "discard" and action.tile is not None:
        return tile_words(kind_of(action.tile))
    if action.type == "riichi" and action.tile is not None:
        return tr("riichi {tile}").format(tile=tile_words(kind_of(action.tile)))
    return action_words(action)


def shares_words(shares: Sequence[tuple[Action, float]], name: Callable[[Action], str] = choice_words,
                 most: int = 3) -> str:
    """'houou players: 9 circles 61%, 4 characters 22%': the options houou players take most often
    here (at least 1% of the time), empty without shares."""
    shown = [(a, v) for a, v in shares if v >= 0.005][:most]
    if not shown:
        return ""
    return tr("houou players: {choices}").format(
        choices=", ".join(tr("{choice} {share}%").format(choice=name(a), share=round(100 * v)) for a, v in shown))
