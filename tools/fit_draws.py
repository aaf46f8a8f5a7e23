"""Fit on the learning houou games (2022-01-01..09; those of 2022-01-10 are kept for measuring): the chance a
hand reaches the exhaustive draw by the wall left, the tenpai payment's worth, tenpai at the draw by shanten, and
the spread of one seat's score change in a hand. Figures behind ``game.ai.draw`` and ``game.ai.placement``.

    .venv/bin/python tools/fit_draws.py 60     # the first sixty complete games
"""
from __future__ import annotations

import collections
import csv
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.logs import read_any  # noqa: E402
from game.hand.shanten import shanten  # noqa: E402

SHARED = str(ROOT.parent / "shared" / "data" / "houou")
rows = [r for r in csv.DictReader(open(SHARED + "/manifest.csv")) if "2022-01-10" > r["date"][:10] >= "2022-01-01" and r["complete"] == "yes"]
alive = collections.Counter(); drawn = collections.Counter()
tp = collections.Counter(); tpn = collections.Counter()   # (wall bucket, shanten) -> tenpai at draw / hands at draw
pay = []; deltas = []; n_hands = 0; n_draw = 0
for r in rows[: int(sys.argv[1]) if len(sys.argv) > 1 else None]:
    try:
        g = read_any(SHARED + "/" + r["file"])
    except Exception as e:
        continue
    for h in g.hands:
        res = h.result
        if res.draw not in (None, "exhaustive"):
            continue
        n_hands += 1
        for d in res.deltas: deltas.append(d)
        counts = [[0]*34 for _ in range(4)]
        for s in range(4):
            for t in h.haipai[s]: counts[s][t >> 2] += 1
        draws = 0; snap = {}
        for st in h.steps:
            if st.kind == "draw":
                draws += 1
                counts[st.seat][st.tile >> 2] += 1
            elif st.kind == "discard":
                counts[st.seat][st.tile >> 2] -= 1
                w = 70 - draws
                b = w // 10 * 10
                if b not in snap and b < 60:
                    snap[b] = [None]*4
                if b in snap and snap[b][st.seat] is None:
                    snap[b][st.seat] = shanten(counts[st.seat])
            elif st.kind in ("chi", "pon", "daiminkan"):
                for t in st.tiles: counts[st.seat][t >> 2] -= 1
            elif st.kind == "ankan":
                for t in st.tiles: counts[st.seat][t >> 2] -= 1
            elif st.kind == "shouminkan":
                counts[st.seat][st.tile >> 2] -= 1
        end_w = 70 - draws
        for w in range(0, 71):
            if end_w <= w:
                alive[w] += 1
        is_draw = res.draw == "exhaustive"
        if is_draw:
            n_draw += 1
            for w in range(0, 71): drawn[w] += 1
            if res.tenpai is not None:
                k = len(res.tenpai)
                for s in range(4):
                    me = s in res.tenpai
                    others = k - me
                    # what being tenpai rather than noten changes for this seat, the others as they were
                    diff = (3000 / (others + 1) if others < 3 else 0) + (3000 / (4 - others) if others > 0 else 0)
                    pay.append(diff)
                for b, sh in snap.items():
                    for s in range(4):
                        if sh[s] is not None:
                            tpn[(b, min(sh[s], 4))] += 1
                            tp[(b, min(sh[s], 4))] += s in res.tenpai
print("hands", n_hands, "exhaustive draws", n_draw)
for w in (60, 50, 40, 30, 20, 10, 5, 0):
    print(f"wall {w}: reach draw {drawn[w]}/{alive[w]} = {drawn[w]/max(1,alive[w]):.3f}")
print("mean tenpai-vs-noten payment", sum(pay)/len(pay), len(pay))
m = sum(deltas)/len(deltas); sd = math.sqrt(sum((d-m)**2 for d in deltas)/len(deltas))
print("per-hand score change sd", sd)
for b in sorted({b for b, _ in tpn}, reverse=True):
    print(b, " ".join(f"sh{s}: {tp[(b,s)]}/{tpn[(b,s)]}={tp[(b,s)]/max(1,tpn[(b,s)]):.2f}" for s in range(5)))
