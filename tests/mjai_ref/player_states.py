"""Feeds mjai messages to libriichi's per-seat state and reports what each seat may do.

Runs under the python of the mjai environment. Input, one JSON object per line:
``{"reset": true}`` starts four new seat states; ``{"s": seat, "e": message, "q": 0 or 1}``
gives one seat one message. For every line one JSON line comes out: ``{}``, or with ``q``
the seat's report (see ``report``); ``{"error": text}`` when the state refuses the message.
"""

import json
import sys

from mjai.mlibriichi.state import PlayerState

CANS = ("can_discard", "can_riichi", "can_chi", "can_chi_low", "can_chi_mid", "can_chi_high", "can_pon",
        "can_daiminkan", "can_ankan", "can_kakan", "can_tsumo_agari", "can_ron_agari", "can_ryukyoku")
SUITS = "mps"
HONOURS = "ESWNPFC"


def name(kind, red=False):
    """mjai's name of a tile of ``kind`` (0..33), ``red`` for the red five."""
    if kind >= 27:
        return HONOURS[kind - 27]
    return f"{kind % 9 + 1}{SUITS[kind // 9]}" + ("r" if red else "")


def kind_of(pai):
    """The kind (0..33) of an mjai tile name."""
    return int(pai[0]) - 1 + 9 * SUITS.index(pai[1]) if pai[0].isdigit() else 27 + HONOURS.index(pai)


def copies(state, kind, n):
    """The ways to take ``n`` tiles of ``kind`` from the hand, red five apart: lists of names."""
    held = state.tehai[kind]
    red = kind < 27 and kind % 9 == 4 and state.akas_in_hand[kind // 9]
    ways = []
    if held - red >= n:
        ways.append([name(kind)] * n)
    if red and held >= n:
        ways.append([name(kind, True)] + [name(kind)] * (n - 1))
    return ways


def call_reactions(state, seat, target, pai):
    """Every chi, pon and open kan the hand could make on ``pai``, as mjai reactions."""
    kind = kind_of(pai)
    shapes = [("pon", [(kind, 2)]), ("daiminkan", [(kind, 3)])]
    if kind < 27:
        num = kind % 9
        pairs = ((-2, -1), (-1, 1), (1, 2))
        shapes += [("chi", [(kind + a, 1), (kind + b, 1)]) for a, b in pairs if 0 <= num + a and num + b <= 8]
    out = []
    for kind_name, parts in shapes:
        if any(state.tehai[k] < n for k, n in parts):
            continue
        ways = [[]]
        for k, n in parts:
            ways = [w + more for w in ways for more in copies(state, k, n)]
        out += [{"type": kind_name, "actor": seat, "target": target, "pai": pai, "consumed": w} for w in ways]
    return out


def own_reactions(state, seat):
    """Every closed and added kan the state lists, as mjai reactions."""
    ankans = [kind_of(pai) for pai in state.ankan_candidates()]
    kakans = [kind_of(pai) for pai in state.kakan_candidates()]
    out = [{"type": "ankan", "actor": seat, "consumed": w} for k in ankans for w in copies(state, k, 4)]
    out += [{"type": "kakan", "actor": seat, "pai": w[0], "consumed": [name(k)] * 3}
            for k in kakans for w in copies(state, k, 1)]
    return out


def accepted(state, reactions):
    """The reactions ``validate_reaction`` lets through."""
    ok = []
    for reaction in reactions:
        try:
            state.validate_reaction(json.dumps(reaction))
        except Exception:  # a refusal: not an option
            continue
        ok.append(reaction)
    return ok


def discards(state):
    """The tiles in hand (by name, red five apart) that no swap-call ban holds back."""
    return [w[0] for k in range(34) if not state.forbidden_tiles[k] for w in copies(state, k, 1)]


def report(state, cans, seat, event):
    """The seat's candidates, shanten, waits (kinds), furiten, swap-call bans (kinds), hand
    (34 counts and red fives), the drawn tile, the discards and every kan or call it accepts."""
    reactions = own_reactions(state, seat)
    if event.get("type") == "dahai" and event.get("actor") != seat and (cans.can_chi or cans.can_pon):
        reactions += call_reactions(state, seat, event["actor"], event["pai"])
    return {
        "cans": {c: bool(getattr(cans, c)) for c in CANS},
        "shanten": state.shanten,
        "waits": [k for k, on in enumerate(state.waits) if on],
        "furiten": bool(state.at_furiten),
        "forbidden": [k for k, on in enumerate(state.forbidden_tiles) if on],
        "tehai": list(state.tehai),
        "akas": [bool(a) for a in state.akas_in_hand],
        "drawn": state.last_self_tsumo() if cans.can_discard else None,
        "discards": discards(state) if cans.can_discard else [],
        "calls": accepted(state, reactions),
    }


def main():
    states = [PlayerState(s) for s in range(4)]
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        ask = json.loads(line)
        if ask.get("reset"):
            states = [PlayerState(s) for s in range(4)]
            out.write("{}\n")
            continue
        seat, event = ask["s"], ask["e"]
        try:
            cans = states[seat].update(json.dumps(event))
            answer = report(states[seat], cans, seat, event) if ask.get("q") else {}
        except Exception as exc:  # reported to the test, which fails with it
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(answer) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
