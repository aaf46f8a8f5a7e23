"""The learned policy's network, evaluated with numpy from the weights shipped beside this module.

``houou.npz`` holds the weights (``python -m training`` writes it) and a ``meta`` entry (JSON: the
channels, blocks, seed and the feature count it was trained on). ``load_model`` reads it once; a
missing or damaged file gives ``None`` and a ``model_problem()`` that says why, and every AI level
then plays by its rules.

>>> w = random_weights(8, 1)
>>> net = PolicyNet(w, {"channels": 8, "blocks": 1, "features": CHANNELS})
>>> x = np.zeros((CHANNELS, 34), np.float32)
>>> p = net.discard_probs(x, [0, 5, 33])
>>> sorted(p) == [0, 5, 33] and abs(sum(p.values()) - 1) < 1e-6
True
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from game.ai.policy.features import CHANNELS

__all__ = ["MODEL_FILE", "PolicyNet", "load_model", "model_problem", "save_weights", "random_weights",
           "read_model", "SUIT_ORDERS"]

MODEL_FILE = Path(__file__).with_name("houou.npz")

SUIT_ORDERS = np.array([[k for suit in order for k in range(9 * suit, 9 * suit + 9)] + list(range(27, 34))
                        for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))])
"""The six ways to name the three suits: row ``i`` lists, for each kind of the renamed position, the kind
it was (the honours stay)."""
_RENAMED = np.argsort(SUIT_ORDERS, axis=1)
"""Where each kind lands under each renaming."""

_problem: list[str] = []
_loaded: dict[str, PolicyNet | None] = {}


def _conv(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A 1-D convolution over the 34 kinds (kernel 1 or 3, same padding) of a batch: x (B, C_in,
    34), w (C_out, C_in * k) as ``PolicyNet`` keeps it, each input channel's taps side by side."""
    if w.shape[1] == x.shape[1]:
        return w @ x + b[:, None]
    cols = np.zeros((x.shape[0], x.shape[1], 3, 34), dtype=np.float32)
    cols[:, :, 0, 1:] = x[:, :, :-1]  # the kind below
    cols[:, :, 1, :] = x
    cols[:, :, 2, :-1] = x[:, :, 1:]  # the kind above
    return w @ cols.reshape(x.shape[0], -1, 34) + b[:, None]


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


def _sigmoid(v: float) -> float:
    return float(1.0 / (1.0 + np.exp(-v)))


def _softmax(logits: np.ndarray) -> np.ndarray:
    e = np.exp(logits - logits.max())
    return e / e.sum()


class PolicyNet:
    """The network: a residual stack of convolutions over the kinds, and four heads."""

    def __init__(self, weights: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.w = {k: np.asarray(v, dtype=np.float32) for k, v in weights.items()}
        for k, v in self.w.items():
            if v.ndim == 3:  # convolutions: (C_out, C_in, k) -> (C_out, C_in * k)
                self.w[k] = np.ascontiguousarray(v.reshape(v.shape[0], -1))
        self.meta = meta
        self.blocks = int(meta["blocks"])

    def _trunk(self, x: np.ndarray) -> np.ndarray:
        """The features of a batch of positions (B, CHANNELS, 34) -> (B, channels, 34)."""
        w = self.w
        h = _conv(x, w["stem.w"], w["stem.b"])
        for i in range(self.blocks):
            a = _conv(_relu(h), w[f"block{i}.a.w"], w[f"block{i}.a.b"])
            h = h + _conv(_relu(a), w[f"block{i}.b.w"], w[f"block{i}.b.b"])
        return _relu(h)

    def columns(self, x: np.ndarray) -> np.ndarray:
        """What the network reads of each kind of a batch of positions: (B, CHANNELS, 34) -> (B, channels, 34)."""
        return self._trunk(x)

    def _pooled(self, h: np.ndarray, candidate: int) -> np.ndarray:
        """The table as a whole (mean and max over the kinds) and the kind asked about."""
        v = np.concatenate([h.mean(axis=2), h.max(axis=2), h[:, :, candidate]], axis=1)
        return _relu(v @ self.w["hidden.w"].T + self.w["hidden.b"])

    def discard_probs(self, x: np.ndarray, kinds: Sequence[int]) -> dict[int, float]:
        """The chance a houou player discards each of ``kinds``."""
        logits = _conv(self._trunk(x[None]), self.w["discard.w"], self.w["discard.b"])[0, 0]
        p = _softmax(logits[list(kinds)])
        return {k: float(v) for k, v in zip(kinds, p)}

    def yes_prob(self, head: str, x: np.ndarray, candidate: int) -> float:
        """The chance of yes for the ``riichi`` or ``kan`` question about the kind ``candidate``."""
        p = self._pooled(self._trunk(x[None]), candidate)[0]
        return _sigmoid(float((self.w[f"{head}.w"] @ p + self.w[f"{head}.b"])[0]))

    def yes_prob_any_suit(self, head: str, x: np.ndarray, candidate: int) -> float:
        """``yes_prob`` asked of the position under each of the six namings of the suits, its logits
        averaged: a hand plays the same in any suit, and the network's answers differ a little between
        them (on the choosing games: riichi 81.2 -> 81.7%, kan 86.9 -> 87.7%; discards and calls gain
        nothing, so they are asked once)."""
        h = self._trunk(x[:, SUIT_ORDERS].transpose(1, 0, 2))
        asked = _RENAMED[:, candidate]
        v = np.concatenate([h.mean(axis=2), h.max(axis=2), h[np.arange(len(asked)), :, asked]], axis=1)
        pooled = _relu(v @ self.w["hidden.w"].T + self.w["hidden.b"])
        return _sigmoid(float((pooled @ self.w[f"{head}.w"].T + self.w[f"{head}.b"]).mean()))

    def call_probs(self, x: np.ndarray, classes: Sequence[int], called: int) -> dict[int, float]:
        """The chance of each offered ``CALL_CLASSES`` index (pass included) for the kind ``called``."""
        logits = self.w["call.w"] @ self._pooled(self._trunk(x[None]), called)[0] + self.w["call.b"]
        p = _softmax(logits[list(classes)])
        return {c: float(v) for c, v in zip(classes, p)}


def _shapes(channels: int, blocks: int) -> dict[str, tuple[int, ...]]:
    c = channels
    out: dict[str, tuple[int, ...]] = {"stem.w": (c, CHANNELS, 3), "stem.b": (c,)}
    for i in range(blocks):
        for part in ("a", "b"):
            out[f"block{i}.{part}.w"] = (c, c, 3)
            out[f"block{i}.{part}.b"] = (c,)
    out.update({"discard.w": (1, c, 1), "discard.b": (1,), "hidden.w": (64, 3 * c), "hidden.b": (64,),
                "riichi.w": (1, 64), "riichi.b": (1,), "call.w": (6, 64), "call.b": (6,),
                "kan.w": (1, 64), "kan.b": (1,)})
    return out


def random_weights(channels: int, blocks: int, seed: int = 0) -> dict[str, np.ndarray]:
    """Small random weights of the right shapes (for tests of the machinery, not for play)."""
    rng = np.random.default_rng(seed)
    return {k: (rng.standard_normal(s) * 0.05).astype(np.float32) for k, s in _shapes(channels, blocks).items()}


def save_weights(path: Path, weights: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write weights (as float16) and their description."""
    arrays = {k: v.astype(np.float16) for k, v in weights.items()}
    arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    with open(path, "wb") as fh:
        np.savez_compressed(fh, **arrays)


def read_model(data: bytes) -> PolicyNet:
    """The network a model file's bytes describe; ValueError saying what is wrong otherwise."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, KeyError) as exc:
        raise ValueError(f"not a model file ({type(exc).__name__}: {exc})") from None
    if "meta" not in arrays:
        raise ValueError("the model file has no description")
    try:
        meta = json.loads(arrays.pop("meta").tobytes().decode())
        channels, blocks, features = int(meta["channels"]), int(meta["blocks"]), int(meta["features"])
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
        raise ValueError(f"the model file's description cannot be read ({exc})") from None
    if features != CHANNELS:
        raise ValueError(f"the model reads {features} planes, this version makes {CHANNELS}")
    for name, shape in _shapes(channels, blocks).items():
        if name not in arrays:
            raise ValueError(f"the model file lacks {name}")
        if arrays[name].shape != shape:
            raise ValueError(f"{name} has shape {arrays[name].shape}, not {shape}")
        if not np.all(np.isfinite(arrays[name])):
            raise ValueError(f"{name} holds values that are not numbers")
    return PolicyNet(arrays, meta)


def load_model(path: Path | None = None) -> PolicyNet | None:
    """The shipped network (read once), or None when it is missing or damaged (``model_problem`` says why)."""
    path = MODEL_FILE if path is None else path
    key = str(path)
    if key in _loaded:
        return _loaded[key]
    net: PolicyNet | None = None
    try:
        net = read_model(path.read_bytes())
    except OSError as exc:
        _problem.append(f"the learned model {path.name} cannot be read ({exc.strerror or exc}); the AI plays by its rules")
    except ValueError as exc:
        _problem.append(f"the learned model {path.name} is damaged: {exc}; the AI plays by its rules")
    _loaded[key] = net
    return net


def model_problem() -> str:
    """Why the learned model is not in use ("" when it is, or has not been asked for)."""
    return _problem[-1] if _problem else ""
