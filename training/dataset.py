"""Every choice the players of recorded games made, as the planes the policy reads and the answer.

The decisions come from ``game.logs.choices`` (each with the deciding seat's view only). Four kinds of sample come out of it, one array set each:

* ``discard``: the planes, the legal kinds (a mask) and the kind discarded;
* ``riichi``: a discard kind that could be declared riichi, and whether it was;
* ``call``: an offer of chi / pon / kan (no ron among the choices), and which ``CALL_CLASSES`` was taken;
* ``kan``: a closed or added kan that could be declared, and whether it was.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from game.ai.policy.choices import (CALL_TYPES, KAN_TYPES, call_class, discard_kinds, is_call_offer,
                                    is_own_turn, kan_kind)
from game.ai.policy.features import CALL, DECISIONS, DISCARD, KAN, RIICHI, as_question, encode
from game.ai.position import Position, from_view
from game.logs.choices import Choice
from game.table import Action

__all__ = ["Samples", "samples_of", "houou_files", "learns_discard"]


@dataclass
class Samples:
    """Arrays per sample kind: planes ``x`` (float16), answer ``y``, and for discards the mask."""

    x: dict[str, list[np.ndarray]] = field(default_factory=lambda: {k: [] for k in DECISIONS})
    y: dict[str, list[int]] = field(default_factory=lambda: {k: [] for k in DECISIONS})
    mask: list[np.ndarray] = field(default_factory=list)
    call_mask: list[np.ndarray] = field(default_factory=list)

    def add(self, kind: str, x: np.ndarray, y: int) -> None:
        self.x[kind].append(x.astype(np.float16))
        self.y[kind].append(y)

    def arrays(self) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        for kind in self.x:
            xs = self.x[kind]
            out[f"{kind}_x"] = np.stack(xs) if xs else np.zeros((0,), np.float16)
            out[f"{kind}_y"] = np.asarray(self.y[kind], dtype=np.int16)
        out["discard_mask"] = np.stack(self.mask) if self.mask else np.zeros((0, 34), bool)
        out["call_mask"] = np.stack(self.call_mask) if self.call_mask else np.zeros((0, 6), bool)
        return out


def learns_discard(pos: Position, kinds: Sequence[int], taken: Action) -> bool:
    """Whether an own-turn choice is a discard the discard head learns from: two kinds or more to choose
    from, and the seat not in riichi."""
    return len(kinds) >= 2 and taken.type in ("discard", "riichi") and not pos.in_riichi


def _own_turn(s: Samples, c: Choice) -> None:
    pos = from_view(c.view)
    kinds = discard_kinds(c.legal)
    taken = c.taken
    x = None
    if learns_discard(pos, kinds, taken):
        x = encode(pos, DISCARD, drawn=c.view.drawn, legal_kinds=kinds)
        mask = np.zeros(34, bool)
        mask[kinds] = True
        s.add("discard", x, taken.tile >> 2)  # type: ignore[operator]
        s.mask.append(mask)
        riichi_kinds = {a.tile >> 2 for a in c.legal if a.type == "riichi"}  # type: ignore[operator]
        if taken.tile >> 2 in riichi_kinds:  # type: ignore[operator]
            s.add("riichi", as_question(x, RIICHI, taken.tile >> 2), int(taken.type == "riichi"))  # type: ignore[operator]
    kans = [a for a in c.legal if a.type in KAN_TYPES]
    if kans and taken.type in KAN_TYPES + ("discard", "riichi"):
        for kind in sorted({kan_kind(a) for a in kans}):
            xk = encode(pos, KAN, candidate=kind, drawn=c.view.drawn, legal_kinds=kinds or None)
            s.add("kan", xk, int(taken.type in KAN_TYPES and kan_kind(taken) == kind))


def _call_offer(s: Samples, c: Choice) -> None:
    if any(a.type == "ron" for a in c.legal):
        return  # a win on offer is the win rule's, not the call policy's
    called = next(a.tile for a in c.legal if a.type in CALL_TYPES)
    pos = from_view(c.view)
    x = encode(pos, CALL, candidate=called >> 2, offers=[a for a in c.legal if a.type in CALL_TYPES])  # type: ignore[operator]
    mask = np.zeros(6, bool)
    for a in c.legal:
        mask[call_class(a)] = True
    s.add("call", x, call_class(c.taken))
    s.call_mask.append(mask)


def samples_of(choices: Iterable[Choice]) -> Samples:
    """The training samples of a record's decisions."""
    s = Samples()
    for c in choices:
        if is_own_turn(c.legal):
            _own_turn(s, c)
        elif is_call_offer(c.legal):
            _call_offer(s, c)
    return s


def houou_files(folder: Path, keep: Callable[[str], bool]) -> list[Path]:
    """The record files of the houou folder whose manifest date (``YYYY-MM-DD``) ``keep`` accepts."""
    with open(folder / "manifest.csv", encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    return [folder / r["file"] for r in rows if keep(r["date"][:10])]
