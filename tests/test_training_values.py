"""The value probe (``python -m training.values``) tells a result that depends on the kind discarded
from one that does not, and reads a real game's discards with the seat's own result."""

from __future__ import annotations

import numpy as np
import pytest

from game.ai.policy.features import CHANNELS
from game.ai.policy.net import load_model
from game.logs.choices import choices_of
from game.logs.replay import read_record
from tests.conftest import shared_path

torch = pytest.importorskip("torch", reason="the training extra (torch) is not installed")
values = pytest.importorskip("training.values")


def _made(seed: int, n: int, kind_effect: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Four kind features and six position features; the result follows the position, and the kind
    by ``kind_effect``, under noise larger than either."""
    rng = np.random.default_rng(seed)
    f = rng.standard_normal((n, 10)).astype(np.float32)
    y = (2.0 * f[:, 4] - f[:, 5] + kind_effect * f[:, 0] + 3.0 * rng.standard_normal(n)).astype(np.float32)
    return f, y, np.arange(n) // 20


def test_a_result_that_depends_on_the_kind_is_learned_from_the_kind() -> None:
    learn, check = _made(1, 6000, 1.0), _made(2, 3000, 1.0)
    c = values.compare(learn[:2], check, kind_width=4, epochs=4, seed=1, batch=256)
    assert c.position < c.variance  # the position alone predicts part of it
    assert c.gain > 0.4  # the kind's share is 1.0 squared; the heads miss part of it in four epochs
    assert c.gain > 3 * c.gain_half_width


def test_a_result_the_kind_does_not_move_gains_nothing_from_it() -> None:
    learn, check = _made(3, 6000, 0.0), _made(4, 3000, 0.0)
    c = values.compare(learn[:2], check, kind_width=4, epochs=4, seed=1, batch=256)
    assert c.position < c.variance
    assert c.gain < c.gain_half_width
    assert abs(c.gain) < 0.2


def test_a_real_games_discards_carry_the_seats_own_result() -> None:
    net = load_model()
    assert net is not None
    path = shared_path("data", "houou") / "hanchan" / "2022010900gm-00a9-0000-03a39e66.xml"
    if not path.is_file():
        pytest.skip(f"{path} is not here")
    feats, results = values.features_of(net, path)
    channels = int(net.meta["channels"])
    assert feats.shape == (len(results), 3 * channels + CHANNELS)
    assert len(results) > 200  # a hanchan holds a few hundred own-turn discards
    record = read_record(path)
    own = [record.hands[c.hand].result.deltas[c.view.seat] / 1000.0 for c in choices_of(record)
           if c.taken.type in ("discard", "riichi") and not c.view.riichi[c.view.seat]
           and len({a.tile >> 2 for a in c.legal if a.type in ("discard", "riichi")}) >= 2]
    assert np.allclose(results, own)  # each discard carries the deciding seat's result of its own hand
    assert results.min() < 0 < results.max()
