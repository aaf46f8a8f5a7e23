"""Feeds mjai messages to libriichi's per-seat state and reports what each seat may do.

Runs under the python of the mjai environment. Input, one JSON object per line:
``{"reset": true}`` starts four new seat states; ``{"s": seat, "e": message, "q": 0 or 1}``
gives one seat one message. For every line one JSON line comes out: ``{}``, or with ``q``
the seat's candidates, shanten, waits (kinds), furiten, forbidden kinds and tiles in hand;
``{"error": text}`` when the state refuses the message.
"""

import json
import sys

from mjai.mlibriichi.state import PlayerState

CANS = ("can_discard", "can_riichi", "can_chi", "can_chi_low", "can_chi_mid", "can_chi_high", "can_pon",
        "can_daiminkan", "can_ankan", "can_kakan", "can_tsumo_agari", "can_ron_agari", "can_ryukyoku")


def report(state, cans):
    return {
        "cans": {name: bool(getattr(cans, name)) for name in CANS},
        "shanten": state.shanten,
        "waits": [k for k, on in enumerate(state.waits) if on],
        "furiten": bool(state.at_furiten),
        "forbidden": [k for k, on in enumerate(state.forbidden_tiles) if on],
        "tehai": list(state.tehai),
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
        seat = ask["s"]
        try:
            cans = states[seat].update(json.dumps(ask["e"]))
        except Exception as exc:  # reported to the test, which fails with it
            out.write(json.dumps({"error": f"{type(exc).__name__}: {exc}"}) + "\n")
            continue
        out.write(json.dumps(report(states[seat], cans) if ask.get("q") else {}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
