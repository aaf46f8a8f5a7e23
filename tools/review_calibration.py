"""Does the review's estimated cost match what the choices really cost? Reviews the normal seats of
strong-against-normal duplicate self-play records (``kawa selfplay --duplicate --records DIR``) with
the strong AI and compares:

- the estimated cost per hand of normal's choices with strong's measured edge per hand (strong's
  score change less the other seats' mean, as ``selfplay`` reports it);
- hand by hand, the estimated cost of normal's choices in a seat with what strong scored more from
  the same seat and the same deal in the rotation where it sat there (the realised difference),
  bucketed by the estimated cost;
- how many realised points each estimated point is worth, for choices houou players make often and for the
  others apart (a least-squares fit of the realised difference on the two costs of each seat-hand, with 95%
  intervals): 1 for both when the review's shares (``STRONG_CHOICE_REALISED``, ``SELDOM_CHOICE_REALISED``) fit.

    .venv/bin/python main.py selfplay --hands 1000 --seed 82000 --ai strong,normal,normal,normal \\
        --duplicate --preset tenhou --records /tmp/cal
    .venv/bin/python tools/review_calibration.py /tmp/cal

Prints one line per bucket (hands, mean estimated, mean realised), the totals and the fit. The review reads the
learned model's shares, as the game's review does.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.logs import read_any  # noqa: E402
from game.ai.policy import shipped_shares  # noqa: E402
from game.review import review_game  # noqa: E402

BUCKETS = (0, 100, 300, 600, 1000, 2000, 4000)


def _deal(hand: object, seat: int) -> tuple[int, ...]:
    return tuple(sorted(hand.haipai[seat]))  # type: ignore[attr-defined]


def _seed_and_levels(stem: str) -> tuple[str, list[str]]:
    """The group's seed and the four seats' levels from a record's name: ``selfplay-SEED-RULES-LEVELS-DIGEST``
    (or ``selfplay-SEED-LEVELS`` as older records were named).

    >>> _seed_and_levels("selfplay-86000-tenhou-normal-strong-normal-normal-714e8992c8")
    ('86000', ['normal', 'strong', 'normal', 'normal'])
    >>> _seed_and_levels("selfplay-83000-normal-normal-normal-strong")
    ('83000', ['normal', 'normal', 'normal', 'strong'])
    """
    parts = stem.split("-")
    return parts[1], parts[3:7] if len(parts) >= 8 else parts[2:6]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    files = sorted(args.folder.glob("selfplay-*.json"))
    shares = shipped_shares()
    strong_deltas: dict[tuple[str, int, int, tuple[int, ...]], int] = {}
    normal_hands: list[tuple[str, int, int, tuple[int, ...], int, float]] = []
    edge_sum, hands_total = 0.0, 0
    for path in files:
        seed, levels = _seed_and_levels(path.stem)
        record = read_any(path)
        strong = levels.index("strong")
        for hand in record.hands:
            d = hand.result.deltas
            edge_sum += d[strong] - sum(d[s] for s in range(4) if s != strong) / 3
            hands_total += 1
            strong_deltas[(seed, hand.hand_index, strong, _deal(hand, strong))] = d[strong]
        for seat in range(4):
            if seat == strong:
                continue
            review = review_game(record, seat, shares=shares)
            cost: dict[tuple[int, int], tuple[float, float]] = {}
            for dec in review.decisions:
                often, other = cost.get((dec.hand_index, dec.honba), (0.0, 0.0))
                if dec.severity == "strong_choice":
                    often += dec.cost
                else:
                    other += dec.cost
                cost[(dec.hand_index, dec.honba)] = (often, other)
            for hand in record.hands:
                normal_hands.append((seed, hand.hand_index, seat, _deal(hand, seat), hand.result.deltas[seat],
                                     cost.get((hand.hand_index, hand.honba), (0.0, 0.0))))
    split = [(c, strong_deltas[(s, h, seat, deal)] - delta) for s, h, seat, deal, delta, c in normal_hands
             if (s, h, seat, deal) in strong_deltas]
    paired = [(sum(c), r) for c, r in split]
    print(f"{len(files)} games, {hands_total} hands: strong's edge {edge_sum / max(hands_total, 1):+.0f} a hand; "
          f"the review's estimated cost of normal {statistics.fmean(sum(c) for *_, c in normal_hands):.0f} a seat-hand "
          f"({len(normal_hands)} seat-hands)")
    print(f"{len(paired)} seat-hands with the same deal played by strong in the same seat:")
    print("estimated cost      hands  mean estimated  mean realised (strong's score there less normal's)")
    edges = list(BUCKETS) + [float("inf")]
    for lo, hi in zip(edges, edges[1:]):
        rows = [(c, r) for c, r in paired if lo <= c < hi]
        if not rows:
            continue
        realised = [r for _, r in rows]
        half = 1.96 * statistics.pstdev(realised) / len(realised) ** 0.5 if len(realised) > 1 else 0.0
        label = f"{lo:.0f}-{hi:.0f}" if hi != float("inf") else f"{lo:.0f}+"
        print(f"{label:>16} {len(rows):9} {statistics.fmean(c for c, _ in rows):15.0f} "
              f"{statistics.fmean(realised):+14.0f} +- {half:.0f}")
    if paired:
        print(f"all: estimated {statistics.fmean(c for c, _ in paired):.0f}, realised "
              f"{statistics.fmean(r for _, r in paired):+.0f}")
    fit = _fit(split)
    if fit is not None:
        (often, often_half), (other, other_half) = fit
        print(f"realised points per estimated point: choices houou players make often {often:.2f} +- {often_half:.2f}, "
              f"the others {other:.2f} +- {other_half:.2f}")
    return 0


def _fit(rows: list[tuple[tuple[float, float], float]]) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Least squares of the realised difference on the two costs (no constant), each with its 95% interval;
    None when the two costs cannot be told apart.

    >>> [(round(b, 2), round(h, 2)) for b, h in _fit([((1, 0), 1), ((0, 1), 2), ((2, 0), 2), ((0, 2), 4), ((1, 1), 3)])]
    [(1.0, 0.0), (2.0, 0.0)]
    """
    aa = sum(a * a for (a, _), _ in rows)
    ab = sum(a * b for (a, b), _ in rows)
    bb = sum(b * b for (_, b), _ in rows)
    det = aa * bb - ab * ab
    if len(rows) < 3 or det <= 1e-9 * max(aa * bb, 1.0):
        return None
    ay = sum(a * y for (a, _), y in rows)
    by = sum(b * y for (_, b), y in rows)
    often = (bb * ay - ab * by) / det
    other = (aa * by - ab * ay) / det
    residual = sum((y - often * a - other * b) ** 2 for (a, b), y in rows) / max(len(rows) - 2, 1)
    return ((often, 1.96 * (residual * bb / det) ** 0.5), (other, 1.96 * (residual * aa / det) ** 0.5))


if __name__ == "__main__":
    raise SystemExit(main())
