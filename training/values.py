"""Can the hand results of houou games teach what each discard is worth?

    python -m training.values [--games N] [--epochs 6] [--seed 1] [--threads 1]

Every own-turn discard of the learning games (2022-01-01 to 2022-01-08) becomes a sample: what the
shipped policy network reads of the position (its trunk, the column of the kind discarded beside the
mean and the largest of every column, and the input planes averaged over the kinds) and the points the
seat won or lost in that hand. Two heads learn to predict those points: one from the position alone, one
that adds the kind discarded. The choosing games (2022-01-09) then say whether the second predicts
better. If it does not, the results cannot tell one discard's worth from another's, and a value learned
from them would price the review's choices by noise. The measured games are not read.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import nn

from game.ai.policy.choices import discard_kinds, is_own_turn
from game.ai.policy.features import DISCARD, encode
from game.ai.policy.net import PolicyNet, load_model
from game.ai.position import from_view
from game.logs.choices import choices_of
from game.logs.replay import read_record
from training.dataset import learns_discard
from training.split import HOUOU, split_files

__all__ = ["Comparison", "ValueHeads", "compare", "features_of", "main"]

_RESULT_CLIP = 30.0
"""Hand results are learned in thousands of points, a yakuman and more cut to this (a few hands)."""


def features_of(net: PolicyNet, path: Path) -> tuple[np.ndarray, np.ndarray]:
    """(features, result in thousands) of every own-turn discard of one record, the seat's view only.

    The features are the trunk's column of the kind discarded first (its ``channels``), then what the
    position says whatever is discarded: the mean and the largest of each trunk channel over the kinds
    and the input planes averaged over the kinds."""
    record = read_record(path)
    planes, taken, results = [], [], []
    for c in choices_of(record):
        if not is_own_turn(c.legal) or c.taken.tile is None:
            continue
        pos = from_view(c.view)
        kinds = discard_kinds(c.legal)
        if not learns_discard(pos, kinds, c.taken):
            continue
        planes.append(encode(pos, DISCARD, drawn=c.view.drawn, legal_kinds=kinds))
        taken.append(c.taken.tile >> 2)
        results.append(record.hands[c.hand].result.deltas[c.view.seat] / 1000.0)
    if not planes:
        return np.zeros((0, 0), np.float32), np.zeros(0, np.float32)
    x = np.stack(planes).astype(np.float32)
    h = np.concatenate([net.columns(x[i:i + 256]) for i in range(0, len(x), 256)])
    column = h[np.arange(len(h)), :, np.asarray(taken)]
    feats = np.concatenate([column, h.mean(axis=2), h.max(axis=2), x.mean(axis=2)], axis=1)
    return feats.astype(np.float32), np.clip(np.asarray(results, np.float32), -_RESULT_CLIP, _RESULT_CLIP)


def _one(path: Path) -> tuple[np.ndarray, np.ndarray]:
    net = load_model()
    if net is None:
        raise SystemExit("the shipped policy network is missing or damaged")
    try:
        return features_of(net, path)
    except Exception as exc:  # noqa: BLE001 - one game the table cannot follow is left out, and said
        print(f"left out {path.name}: {exc}", flush=True)
        return np.zeros((0, 0), np.float32), np.zeros(0, np.float32)


def _extract(files: list[Path], workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, results and the game each sample is from."""
    feats, ys, games = [], [], []
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for g, (f, y) in enumerate(pool.imap(_one, files, chunksize=2)):
            if len(y):
                feats.append(f)
                ys.append(y)
                games.append(np.full(len(y), g, np.int32))
    return np.concatenate(feats), np.concatenate(ys), np.concatenate(games)


class ValueHeads(nn.Module):
    """A position's expected result plus a part read from every feature: the first ``kind_width``
    features are the kind discarded's, the rest the position's. Trained ``blind`` to the kind, its
    features are zero (their mean), so both heads have the same size and only the kind differs."""

    def __init__(self, kind_width: int, width: int, blind: bool) -> None:
        super().__init__()
        self.kind_width = kind_width
        self.blind = blind
        self.position = nn.Sequential(nn.Linear(width - kind_width, 128), nn.ReLU(), nn.Linear(128, 1))
        self.both = nn.Sequential(nn.Linear(width, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, f: torch.Tensor) -> torch.Tensor:
        if self.blind:
            f = torch.cat([torch.zeros_like(f[:, :self.kind_width]), f[:, self.kind_width:]], dim=1)
        return self.position(f[:, self.kind_width:])[:, 0] + self.both(f)[:, 0]


def _fit(f: torch.Tensor, y: torch.Tensor, f_check: torch.Tensor, y_check: torch.Tensor, kind_width: int,
         blind: bool, epochs: int, seed: int, batch: int) -> np.ndarray:
    """Each choosing sample's squared error under the epoch the choosing games like best."""
    torch.manual_seed(seed)
    model = ValueHeads(kind_width, f.shape[1], blind)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-5)
    best: np.ndarray | None = None
    for _ in range(epochs):
        model.train()
        order = torch.randperm(len(f))
        for i in range(0, len(f), batch):
            idx = order[i:i + batch]
            loss = ((model(f[idx]) - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            err = ((model(f_check) - y_check) ** 2).numpy()
        if best is None or err.mean() < best.mean():
            best = err
    assert best is not None
    return best


@dataclass(frozen=True)
class Comparison:
    """Squared errors on the choosing games (thousands of points, squared) of the two heads."""

    variance: float
    """Of the results themselves: the error of predicting their mean."""
    position: float
    """The head blind to the kind discarded."""
    with_kind: float
    gain: float
    """``position`` less ``with_kind``: how much the kind discarded adds."""
    gain_half_width: float
    """Half the 95% interval of ``gain``, games taken as the units (samples of a game are not independent)."""


def compare(learn: tuple[np.ndarray, np.ndarray], check: tuple[np.ndarray, np.ndarray, np.ndarray],
            kind_width: int, epochs: int = 6, seed: int = 1, batch: int = 2048) -> Comparison:
    """Train both heads on ``learn`` (features, results) and compare them on ``check`` (features,
    results, game of each sample)."""
    f, y = learn
    fc, yc, games = check
    mu, sd = f.mean(axis=0), f.std(axis=0) + 1e-3
    tf, ty = torch.from_numpy((f - mu) / sd), torch.from_numpy(y)
    tfc, tyc = torch.from_numpy((fc - mu) / sd), torch.from_numpy(yc)
    plain = _fit(tf, ty, tfc, tyc, kind_width, True, epochs, seed, batch)
    kinded = _fit(tf, ty, tfc, tyc, kind_width, False, epochs, seed, batch)
    _, unit = np.unique(games, return_inverse=True)
    per_game = np.bincount(unit, plain - kinded)
    n = len(yc)
    half = 1.96 * per_game.std() * np.sqrt(len(per_game)) / n  # the mean's error with games as units
    return Comparison(float(yc.var()), float(plain.mean()), float(kinded.mean()),
                      float(plain.mean() - kinded.mean()), float(half))


def main(argv: list[str] | None = None, log: Callable[[str], None] = print) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.values", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="use only the first N games of each split (a quick try)")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--houou", type=Path, default=HOUOU)
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    net = load_model()
    if net is None:
        ap.error("the shipped policy network is missing or damaged")
    start = time.time()
    f, y, _ = _extract(split_files("learn", args.houou)[:args.games], workers=2)
    check = _extract(split_files("choose", args.houou)[:args.games], workers=2)
    log(f"{len(y):,} learning discards, {len(check[1]):,} choosing discards ({time.time() - start:.0f} s)")
    channels = int(net.meta["channels"])
    c = compare((f, y), check, channels, args.epochs, args.seed)
    log(f"squared error of a hand's result, thousands of points, on the choosing games: "
        f"{c.variance:.3f} guessing the mean, {c.position:.3f} from the position, "
        f"{c.with_kind:.3f} adding the kind discarded")
    log(f"the kind discarded adds {c.gain:+.4f} +- {c.gain_half_width:.4f} ({time.time() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
