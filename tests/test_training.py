"""A small training run on a few houou games learns more than chance (the full model is trained
by ``python -m training``, never by the tests)."""

from __future__ import annotations

import numpy as np
import pytest

from game.logs.choices import choices_of
from game.logs.replay import read_record
from tests.conftest import shared_path

torch = pytest.importorskip("torch", reason="the training extra (torch) is not installed")
train_module = pytest.importorskip("training.train")
dataset = pytest.importorskip("training.dataset")


def _samples(files) -> dict[str, np.ndarray]:
    parts: dict[str, list[np.ndarray]] = {}
    for f in files:
        for k, v in dataset.samples_of(choices_of(read_record(f))).arrays().items():
            if v.size:
                parts.setdefault(k, []).append(v)
    return {k: np.concatenate(v) for k, v in parts.items()}


def test_a_few_games_teach_more_than_chance() -> None:
    folder = shared_path("data", "houou")
    learn_files = dataset.houou_files(folder, lambda d: d == "2022-01-01")[:3]
    held_files = dataset.houou_files(folder, lambda d: d == "2022-01-10")[:1]
    learn, held = _samples(learn_files), _samples(held_files)
    chance = float(np.mean(1.0 / held["discard_mask"].sum(axis=1)))
    net, _ = train_module.train(learn, held, epochs=3, seed=5, channels=16, blocks=1, batch=64, log=lambda s: None)
    agree = train_module._agreement(net, held)
    assert agree["discard"] > 2 * chance  # chance is about one in ten
    assert agree["discard"] > 0.3
    # the same seed learns the same network
    again, _ = train_module.train(learn, held, epochs=3, seed=5, channels=16, blocks=1, batch=64, log=lambda s: None)
    assert all(np.array_equal(a, b) for a, b in zip(net.weights().values(), again.weights().values()))


@pytest.mark.parametrize("argv, said", [
    (["--learn-share", "0"], "--learn-share must be above 0 and at most 1"),
    (["--learn-share", "1.5"], "--learn-share must be above 0 and at most 1"),
    (["--learn-share", "0.5"], "not the shipped model: give --out"),
])
def test_a_learning_curve_run_is_refused_before_it_could_overwrite_the_model(argv, said, capsys) -> None:
    shipped = train_module.MODEL_FILE.read_bytes()
    with pytest.raises(SystemExit) as stop:
        train_module.main(argv)
    assert stop.value.code == 2
    assert said in capsys.readouterr().err
    assert train_module.MODEL_FILE.read_bytes() == shipped
