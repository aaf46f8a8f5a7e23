"""Learn the policy from the houou games and write it into the package.

    python -m training [--epochs 5] [--seed 1] [--channels 96] [--blocks 6]

reads ``../shared/data/houou/``, extracts every decision of the learning and choosing games (kept
under ``build/policy-cache/``), trains one network with four heads (discard, riichi, call, kan)
from the seed, keeps the epoch the choosing games like best, writes
``game/ai/policy/houou.npz`` and prints its agreement on the measured games it never learned from.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from game.ai.policy.features import CHANNELS, DECISIONS
from game.ai.policy.net import MODEL_FILE, save_weights
from training.split import HOUOU, load_split

__all__ = ["Net", "main"]

_SUITS = [list(range(0, 9)), list(range(9, 18)), list(range(18, 27))]
_PERMS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


class _Block(nn.Module):
    def __init__(self, c: int) -> None:
        super().__init__()
        self.a = nn.Conv1d(c, c, 3, padding=1)
        self.b = nn.Conv1d(c, c, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.b(torch.relu(self.a(torch.relu(x))))


class Net(nn.Module):
    """A residual stack of 1-D convolutions over the 34 kinds, and four heads."""

    def __init__(self, channels: int, blocks: int) -> None:
        super().__init__()
        self.stem = nn.Conv1d(CHANNELS, channels, 3, padding=1)
        self.blocks = nn.ModuleList(_Block(channels) for _ in range(blocks))
        self.discard = nn.Conv1d(channels, 1, 1)
        self.hidden = nn.Linear(3 * channels, 64)
        self.riichi = nn.Linear(64, 1)
        self.call = nn.Linear(64, 6)
        self.kan = nn.Linear(64, 1)

    def trunk(self, x: torch.Tensor) -> torch.Tensor:
        h = self.stem(x)
        for b in self.blocks:
            h = b(h)
        return torch.relu(h)

    def pooled(self, h: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        """The table as a whole and the kind asked about (marked in the last plane of ``x``)."""
        at = x[:, -1, :].argmax(dim=1)
        picked = h.gather(2, at[:, None, None].expand(-1, h.shape[1], 1)).squeeze(2)
        return torch.relu(self.hidden(torch.cat([h.mean(dim=2), h.amax(dim=2), picked], dim=1)))

    def weights(self) -> dict[str, np.ndarray]:
        """The parameters under the names ``game.ai.policy.net`` reads."""
        out = {"stem.w": self.stem.weight, "stem.b": self.stem.bias}
        for i, b in enumerate(self.blocks):
            out.update({f"block{i}.a.w": b.a.weight, f"block{i}.a.b": b.a.bias,
                        f"block{i}.b.w": b.b.weight, f"block{i}.b.b": b.b.bias})
        out.update({"discard.w": self.discard.weight, "discard.b": self.discard.bias,
                    "hidden.w": self.hidden.weight, "hidden.b": self.hidden.bias,
                    "riichi.w": self.riichi.weight, "riichi.b": self.riichi.bias,
                    "call.w": self.call.weight, "call.b": self.call.bias,
                    "kan.w": self.kan.weight, "kan.b": self.kan.bias})
        return {k: v.detach().cpu().numpy().astype(np.float32) for k, v in out.items()}


def _permute(x: torch.Tensor, perm: tuple[int, ...]) -> torch.Tensor:
    """The same position with the three suits renamed (a hand plays the same in any suit)."""
    idx = [k for s in perm for k in _SUITS[s]] + list(range(27, 34))
    return x[..., idx]


def _discard_loss(net: Net, x: torch.Tensor, mask: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    logits = net.discard(net.trunk(x)).squeeze(1).masked_fill(~mask, -1e9)
    return nn.functional.cross_entropy(logits, y)


def _head_loss(net: Net, kind: str, x: torch.Tensor, y: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
    p = net.pooled(net.trunk(x), x)
    if kind == "call":
        logits = net.call(p).masked_fill(~mask, -1e9)  # type: ignore[operator]
        return nn.functional.cross_entropy(logits, y)
    head = net.riichi if kind == "riichi" else net.kan
    return nn.functional.binary_cross_entropy_with_logits(head(p).squeeze(1), y.float())


def _agreement(net: Net, data: dict[str, np.ndarray], batch: int = 2048) -> dict[str, float]:
    """How often the network's first choice is the recorded one, per head."""
    out: dict[str, float] = {}
    net.eval()
    with torch.no_grad():
        for kind in DECISIONS:
            xs, ys = data.get(f"{kind}_x"), data.get(f"{kind}_y")
            if xs is None or not len(xs):
                continue
            hits = 0
            for i in range(0, len(xs), batch):
                x = torch.from_numpy(xs[i:i + batch].astype(np.float32))
                y = torch.from_numpy(ys[i:i + batch].astype(np.int64))
                h = net.trunk(x)
                if kind == "discard":
                    m = torch.from_numpy(data["discard_mask"][i:i + batch])
                    pred = net.discard(h).squeeze(1).masked_fill(~m, -1e9).argmax(1)
                elif kind == "call":
                    m = torch.from_numpy(data["call_mask"][i:i + batch])
                    pred = net.call(net.pooled(h, x)).masked_fill(~m, -1e9).argmax(1)
                else:
                    head = net.riichi if kind == "riichi" else net.kan
                    pred = (head(net.pooled(h, x)).squeeze(1) > 0).long()
                hits += int((pred == y).sum())
            out[kind] = hits / len(xs)
    net.train()
    return out


def train(learn: dict[str, np.ndarray], choose: dict[str, np.ndarray], epochs: int, seed: int,
          channels: int, blocks: int, batch: int = 256, log=print,
          keep=None, bf16: bool = True) -> tuple[Net, dict[str, float]]:
    """Train from ``seed``; the network of the epoch whose choosing-game agreement is best.
    ``bf16`` computes the steps in bfloat16 where the processor has it (about twice as fast on
    two cores); the agreement and the shipped weights are in full precision."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = Net(channels, blocks)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    n = len(learn["discard_y"])
    steps = epochs * (n // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=max(steps, 1), pct_start=0.1)
    side = {k: len(learn.get(f"{k}_y", ())) for k in ("riichi", "call", "kan")}
    side_batch = {k: max(8, int(batch * v / max(n, 1) * 1.5)) for k, v in side.items()}
    best: tuple[float, dict[str, np.ndarray] | None, dict[str, float]] = (-1.0, None, {})
    started = time.time()
    for epoch in range(epochs):
        order = rng.permutation(n)
        for step in range(n // batch):
            idx = np.sort(order[step * batch:(step + 1) * batch])
            perm = _PERMS[rng.integers(6)]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
                loss = _step_loss(net, learn, idx, perm, rng, side, side_batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            if step % 500 == 0:
                log(f"epoch {epoch + 1} step {step}/{n // batch} loss {loss.item():.3f} ({time.time() - started:.0f} s)")
        agree = _agreement(net, choose)
        score = agree.get("discard", 0.0) + 0.5 * agree.get("call", 0.0) + 0.25 * agree.get("riichi", 0.0)
        log(f"epoch {epoch + 1}: choosing games {json.dumps({k: round(v, 4) for k, v in agree.items()})}")
        if score > best[0]:
            best = (score, net.weights(), agree)
            if keep is not None:
                keep(best[1])  # the best so far is on disk, should the run be stopped
    final = Net(channels, blocks)
    assert best[1] is not None
    final.load_state_dict(_state_from(best[1], blocks))
    return final, best[2]


def _step_loss(net: Net, learn: dict[str, np.ndarray], idx: np.ndarray, perm: tuple[int, ...],
               rng: np.random.Generator, side: dict[str, int], side_batch: dict[str, int]) -> torch.Tensor:
    """One batch's loss: the discards at ``idx`` and a few of each other question, suits renamed by ``perm``."""
    x = _permute(torch.from_numpy(learn["discard_x"][idx].astype(np.float32)), perm)
    m = _permute(torch.from_numpy(learn["discard_mask"][idx]), perm)
    y = torch.from_numpy(_perm_kinds(learn["discard_y"][idx].astype(np.int64), perm))
    loss = _discard_loss(net, x, m, y)
    for kind, count in side.items():
        if not count:
            continue
        j = np.sort(rng.integers(0, count, side_batch[kind]))
        xs = _permute(torch.from_numpy(learn[f"{kind}_x"][j].astype(np.float32)), perm)
        ys = torch.from_numpy(learn[f"{kind}_y"][j].astype(np.int64))
        cm = torch.from_numpy(learn["call_mask"][j]) if kind == "call" else None
        loss = loss + _head_loss(net, kind, xs, ys, cm)
    return loss


def _perm_kinds(kinds: np.ndarray, perm: tuple[int, ...]) -> np.ndarray:
    """Where each kind lands after ``_permute`` with ``perm``."""
    new = np.arange(34)
    for dest, src in enumerate(perm):
        new[src * 9:(src + 1) * 9] = np.arange(dest * 9, dest * 9 + 9)
    return new[kinds]


def _state_from(weights: dict[str, np.ndarray], blocks: int) -> dict[str, torch.Tensor]:
    state = {"stem.weight": weights["stem.w"], "stem.bias": weights["stem.b"]}
    for i in range(blocks):
        for part in ("a", "b"):
            state[f"blocks.{i}.{part}.weight"] = weights[f"block{i}.{part}.w"]
            state[f"blocks.{i}.{part}.bias"] = weights[f"block{i}.{part}.b"]
    for head in ("discard", "hidden", "riichi", "call", "kan"):
        state[f"{head}.weight"] = weights[f"{head}.w"]
        state[f"{head}.bias"] = weights[f"{head}.b"]
    return {k: torch.from_numpy(np.asarray(v)) for k, v in state.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training", description=__doc__.splitlines()[0])
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--channels", type=int, default=96)
    ap.add_argument("--blocks", type=int, default=6)
    ap.add_argument("--games", type=int, default=None, help="use only the first N games of each split (a quick try)")
    ap.add_argument("--learn-share", type=float, default=1.0,
                    help="learn from only this share of the learning games' samples, the earliest (a learning curve)")
    ap.add_argument("--houou", type=Path, default=HOUOU)
    ap.add_argument("--cache", type=Path, default=Path("build/policy-cache"))
    ap.add_argument("--out", type=Path, default=MODEL_FILE)
    ap.add_argument("--threads", type=int, default=1, help="threads for the arithmetic (one is steadier on a busy machine)")
    ap.add_argument("--fp32", action="store_true", help="compute the steps in 32-bit floats (slower)")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    started = time.time()
    if not 0.0 < args.learn_share <= 1.0:
        ap.error("--learn-share must be above 0 and at most 1")
    if args.learn_share < 1.0 and args.out.resolve() == MODEL_FILE.resolve():
        ap.error("--learn-share trains a point of a learning curve, not the shipped model: give --out")
    learn = load_split("learn", args.cache, args.houou, limit=args.games)
    learn = {k: v[:max(1, int(len(v) * args.learn_share))] for k, v in learn.items()}
    choose = load_split("choose", args.cache, args.houou, limit=args.games)
    print(f"samples: learning {len(learn['discard_y'])} discards, choosing {len(choose['discard_y'])} "
          f"({time.time() - started:.0f} s)", flush=True)
    meta = {"channels": args.channels, "blocks": args.blocks, "seed": args.seed, "epochs": args.epochs,
            "features": CHANNELS}
    net, agree = train(learn, choose, args.epochs, args.seed, args.channels, args.blocks,
                       log=lambda s: print(s, flush=True), keep=lambda w: save_weights(args.out, w, meta),
                       bf16=not args.fp32)
    save_weights(args.out, net.weights(), meta)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB) after {time.time() - started:.0f} s", flush=True)
    if args.learn_share < 1.0:
        return 0  # a point of a learning curve, read on the choosing games: the measured games stay unread
    measure = load_split("measure", args.cache, args.houou, limit=args.games)
    held = _agreement(net, measure)
    print("agreement on the measured games (never learned from): " +
          ", ".join(f"{k} {v:.1%}" for k, v in held.items()), flush=True)
    return 0
