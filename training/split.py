"""The houou games split by date, and their samples extracted once and kept on disk.

Games of 2022-01-01 to 2022-01-08 are learned from; those of 2022-01-09 choose the training
settings (when to stop, which variant); those of 2022-01-10 are only measured, once, at the end.
"""

from __future__ import annotations

import hashlib
import multiprocessing
from pathlib import Path

import numpy as np

from game.ai.policy.features import CHANNELS, FEATURE_VERSION
from game.logs.choices import choices_of
from game.logs.replay import read_record
from training.dataset import houou_files, samples_of

__all__ = ["SPLITS", "HOUOU", "split_files", "extract", "load_split"]

HOUOU = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "houou"
SPLITS = {
    "learn": lambda d: d <= "2022-01-08",
    "choose": lambda d: d == "2022-01-09",
    "measure": lambda d: d >= "2022-01-10",
}


def split_files(name: str, folder: Path = HOUOU) -> list[Path]:
    return houou_files(folder, SPLITS[name])


def _one(path: Path) -> dict[str, np.ndarray]:
    try:
        return samples_of(choices_of(read_record(path))).arrays()
    except Exception as exc:  # noqa: BLE001 - one game the table cannot follow is left out, and said
        print(f"left out {path.name}: {exc}", flush=True)
        return {}


def extract(files: list[Path], workers: int = 2) -> dict[str, np.ndarray]:
    """All samples of ``files``, concatenated per array name."""
    parts: dict[str, list[np.ndarray]] = {}
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for arrays in pool.imap(_one, files, chunksize=4):
            for k, v in arrays.items():
                if v.size:
                    parts.setdefault(k, []).append(v)
    return {k: np.concatenate(v) for k, v in parts.items()}


def _key(files: list[Path]) -> str:
    h = hashlib.sha256(f"channels={CHANNELS} version={FEATURE_VERSION}".encode())
    for f in files:
        h.update(f.name.encode())
    return h.hexdigest()[:12]


def load_split(name: str, cache: Path, folder: Path = HOUOU, workers: int = 2, limit: int | None = None) -> dict[str, np.ndarray]:
    """The samples of one split, read from ``cache`` when the same features of the same games are there."""
    files = split_files(name, folder)[:limit]
    path = cache / f"{name}-{_key(files)}.npz"
    if path.is_file():
        with np.load(path) as z:
            return {k: z[k] for k in z.files}
    arrays = extract(files, workers)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, **arrays)
    tmp.replace(path)
    return arrays
