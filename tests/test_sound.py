"""Engine events map to the right sounds; the board survives a missing mixer or file."""

from __future__ import annotations

import math
import shutil
import struct
import wave
from pathlib import Path

import pygame
import pytest

from render import sound as sound_module
from render.sound import NO_SOUND
from render.resources import asset_path
from render.sound import SOUND_NAMES, SoundBoard, sound_for_event
from tests.test_assets import load_script

EVENTS = [
    ("drawn", {"tile": 5}, "draw"),
    ("discarded", {"tile": 5, "tsumogiri": False, "riichi": False}, "discard"),
    ("called", {"type": "chi", "tiles": [0, 4, 8], "called": 0}, "chi"),
    ("called", {"type": "pon"}, "pon"),
    ("called", {"type": "daiminkan"}, "kan"),
    ("called", {"type": "ankan"}, "kan"),
    ("called", {"type": "shouminkan"}, "kan"),
    ("riichi_declared", {"double": False}, "riichi"),
    ("won", {"how": "tsumo", "tsumo": True}, "tsumo"),
    ("won", {"how": "ron", "tsumo": False}, "ron"),
    ("won", {"how": "chankan", "tsumo": False}, "ron"),
]


@pytest.mark.parametrize("event_type, data, expected", EVENTS)
def test_each_event_maps_to_its_sound(event_type, data, expected) -> None:
    assert sound_for_event(event_type, data) == expected
    plain = expected if expected in ("draw", "discard") else "call"
    assert sound_for_event(event_type, data, custom=False) == plain


@pytest.mark.parametrize("event_type", ["hand_started", "riichi_accepted", "dora_revealed",
                                        "drawn_hand", "hand_ended", "game_ended", "nonsense"])
def test_other_events_are_silent(event_type: str) -> None:
    assert sound_for_event(event_type, {}) is None


def test_a_call_of_unknown_type_uses_the_default_call_sound() -> None:
    assert sound_for_event("called", {"type": "mystery"}) == "call"
    assert sound_for_event("called", None) == "call"


def test_with_the_dummy_audio_driver_every_sound_plays() -> None:
    board = SoundBoard(volume=0.5)
    assert board.available, board.messages
    for name in SOUND_NAMES:
        assert board.play(name), name
    assert board.messages == []
    assert board.play_for_event("called", {"type": "pon"}) == "pon"
    board.custom = False
    assert board.play_for_event("called", {"type": "pon"}) == "call"


def test_volume_and_switches() -> None:
    board = SoundBoard(volume=0.3)
    assert board.volume == 0.3
    board.set_volume(0.0)
    assert not board.play("draw")
    with pytest.raises(ValueError, match="between 0 and 1"):
        board.set_volume(1.5)
    assert board.volume == 0.0
    with pytest.raises(ValueError, match="between 0 and 1"):
        SoundBoard(volume=-0.1)
    board.set_volume(1.0)
    board.enabled = False
    assert not board.play("ron")
    with pytest.raises(ValueError, match="unknown sound"):
        board.play("fanfare")


def no_device(monkeypatch) -> None:
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_module.pygame.mixer, "init", fail)


def test_no_audio_device_means_silence_and_one_message(monkeypatch) -> None:
    no_device(monkeypatch)
    board = SoundBoard()
    assert not board.available
    assert len(board.messages) == 1
    assert board.messages[0] == NO_SOUND, "plain words, not the system's error"
    for event_type, data, expected in EVENTS:
        assert board.play_for_event(event_type, data) == expected
    assert not board.play("kan")
    assert len(board.messages) == 1


def test_a_disabled_board_does_not_touch_the_device(monkeypatch) -> None:
    no_device(monkeypatch)
    board = SoundBoard(enabled=False)
    assert board.messages == [] and board.available
    board.enabled = True
    assert not board.play("draw")
    assert len(board.messages) == 1


def test_a_missing_or_broken_file_is_reported_once(tmp_path: Path) -> None:
    for name in SOUND_NAMES:
        shutil.copy(asset_path("sounds", f"{name}.wav"), tmp_path)
    (tmp_path / "pon.wav").unlink()
    (tmp_path / "kan.wav").write_bytes(b"RIFF nonsense")
    board = SoundBoard(root=tmp_path)
    for _ in range(3):
        assert not board.play("pon")
        assert not board.play("kan")
        assert board.play("chi")
    assert len(board.messages) == 2
    assert "pon.wav" in board.messages[0] and "kan.wav" in board.messages[1]


def read_wav(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, list(struct.unpack(f"<{params.nframes}h", frames))


def rms(samples: list[int]) -> float:
    return math.sqrt(sum(x * x for x in samples) / max(1, len(samples)))


def test_committed_sounds_are_short_percussive_and_distinct() -> None:
    script = load_script("make_sounds")
    seen = {}
    for name in SOUND_NAMES:
        params, samples = read_wav(asset_path("sounds", f"{name}.wav"))
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), name
        assert 0.05 <= params.nframes / 22050 <= 1.0, name
        level = script.LEVELS.get(name, script.PEAK)
        assert max(abs(x) for x in samples) == round(level * 32767), name
        eighth = len(samples) // 8
        loudest = max(rms(samples[i * eighth:(i + 1) * eighth]) for i in range(8))
        assert rms(samples[-eighth:]) < loudest / 3, f"{name} does not die away"
        seen[name] = samples
    assert len({tuple(s) for s in seen.values()}) == len(SOUND_NAMES)


@pytest.mark.parametrize("name", ["draw", "call", "chi"])
def test_committed_sounds_are_what_make_sounds_synthesises(name: str) -> None:
    script = load_script("make_sounds")
    _, committed = read_wav(asset_path("sounds", f"{name}.wav"))
    fresh = script.render(name)
    assert len(fresh) == len(committed)
    assert max(abs(a - b) for a, b in zip(fresh, committed)) <= 2


def test_real_engine_events_map_to_their_own_sounds() -> None:
    """Events of a seeded game, played with a preference for calls, carry the data the
    mapping reads: every call has its own sound, every win tsumo or ron as it happened."""
    import random

    from game.rules import EMA
    from game.table import Game

    game, rng = Game(EMA, seed=3), random.Random(1)
    calls_and_wins = {"ron", "tsumo", "pon", "chi", "daiminkan", "ankan", "shouminkan", "riichi"}
    heard = set()
    for _ in range(3000):
        seat = next((s for s in range(4) if game.legal_actions(s)), None)
        if seat is None or game.finished:
            break
        actions = game.legal_actions(seat)
        eager = [a for a in actions if a.type in calls_and_wins]
        action = rng.choice(eager if eager and rng.random() < 0.7 else actions)
        for event in game.apply(seat, action):
            name = sound_for_event(event.type, event.to_dict()["data"])
            if event.type == "called":
                assert name in ("chi", "pon", "kan"), event
            if event.type == "won":
                assert name == ("tsumo" if event.how == "tsumo" else "ron")
            heard.add(name)
    assert {"draw", "discard", "chi", "pon", "kan", "riichi"} <= heard
