"""Synthesise Kawa's sound effects into assets/sounds/*.wav with the standard library only.

    python assets/make_sounds.py

Short percussive sounds, 22050 Hz mono 16-bit: a tile click for a draw, a clack for a discard,
a wood-block knock as the default call sound, and one sound of its own for each of chi, pon,
kan, riichi, ron and tsumo. Each sound is a list of parts (struck partials, pitch-gliding
thumps, filtered noise bursts) mixed, faded at both ends and scaled to one peak level.
Noise comes from a seeded generator, so the files come out the same every time.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.8
"""Peak level of a sound, as a fraction of full scale; the frequent ones are quieter."""
LEVELS = {"draw": 0.45, "discard": 0.65}
OUT = Path(__file__).resolve().parent / "sounds"

Samples = list[float]
Part = Callable[[Samples], None]


def _span(buf: Samples, start_s: float) -> range:
    return range(int(start_s * RATE), len(buf))


def struck(start_s: float, partials: list[tuple[float, float, float]]) -> Part:
    """Sine partials (frequency Hz, amplitude, decay s) struck at ``start_s``, each dying away."""
    def add(buf: Samples) -> None:
        for i in _span(buf, start_s):
            t = i / RATE - start_s
            buf[i] += sum(a * math.exp(-t / d) * math.sin(2 * math.pi * f * t) for f, a, d in partials)
    return add


def thump(start_s: float, f0: float, f1: float, glide_s: float, amp: float, decay_s: float) -> Part:
    """A drum-like hit: a sine gliding from ``f0`` down to ``f1`` Hz while it decays."""
    def add(buf: Samples) -> None:
        phase = 0.0
        for i in _span(buf, start_s):
            t = i / RATE - start_s
            f = f1 + (f0 - f1) * math.exp(-t / glide_s)
            phase += 2 * math.pi * f / RATE
            buf[i] += amp * math.exp(-t / decay_s) * math.sin(phase)
    return add


def noise(start_s: float, amp: float, decay_s: float, seed: int, brightness: float) -> Part:
    """A noise burst: ``brightness`` 0..1 from dull (low-passed) to bright (high-passed)."""
    def add(buf: Samples) -> None:
        rng = random.Random(seed)
        low = 0.0
        for i in _span(buf, start_s):
            t = i / RATE - start_s
            white = rng.uniform(-1.0, 1.0)
            low += (white - low) * 0.25
            sample = brightness * (white - low) + (1.0 - brightness) * low
            buf[i] += amp * math.exp(-t / decay_s) * sample
    return add


def woodblock(start_s: float, freq: float, amp: float = 1.0) -> Part:
    """A hollow wooden knock: a strong fundamental, an inharmonic overtone, a short click."""
    knock = struck(start_s, [(freq, amp, 0.045), (freq * 2.76, amp * 0.35, 0.02)])
    click = noise(start_s, amp * 0.25, 0.004, seed=int(freq), brightness=0.9)

    def add(buf: Samples) -> None:
        knock(buf)
        click(buf)
    return add


# name -> (length in seconds, parts)
RECIPES: dict[str, tuple[float, list[Part]]] = {
    "draw": (0.09, [noise(0.0, 0.5, 0.006, seed=1, brightness=0.85),
                    struck(0.0, [(2400, 0.5, 0.015), (3700, 0.3, 0.01)])]),
    "discard": (0.16, [noise(0.0, 0.7, 0.008, seed=2, brightness=0.6),
                       struck(0.0, [(1200, 0.8, 0.03), (1900, 0.5, 0.022), (3100, 0.3, 0.015)]),
                       struck(0.045, [(1250, 0.25, 0.02), (2000, 0.15, 0.015)])]),
    "call": (0.22, [woodblock(0.0, 950)]),
    "chi": (0.26, [woodblock(0.0, 1300, 0.8), woodblock(0.09, 1300)]),
    "pon": (0.38, [thump(0.0, 170, 70, 0.04, 1.0, 0.12),
                   noise(0.0, 0.35, 0.01, seed=3, brightness=0.4)]),
    "kan": (0.85, [noise(0.0, 0.5, 0.015, seed=4, brightness=0.7),
                   struck(0.0, [(520, 0.7, 0.5), (1240, 0.45, 0.35), (1810, 0.35, 0.3),
                                (2650, 0.25, 0.2), (3400, 0.15, 0.15)])]),
    "riichi": (0.55, [noise(0.0, 0.6, 0.006, seed=5, brightness=0.8),
                      struck(0.0, [(2100, 0.5, 0.02)]),
                      struck(0.08, [(880, 0.6, 0.15), (1760, 0.15, 0.08)]),
                      struck(0.2, [(1320, 0.7, 0.2), (2640, 0.15, 0.1)])]),
    "ron": (0.9, [thump(0.0, 130, 50, 0.05, 1.0, 0.2),
                  noise(0.0, 0.45, 0.12, seed=6, brightness=0.75),
                  struck(0.03, [(660, 0.4, 0.4), (830, 0.3, 0.35), (990, 0.3, 0.3)])]),
    "tsumo": (0.62, [woodblock(0.0, 800, 0.7), woodblock(0.08, 1000, 0.8), woodblock(0.16, 1250),
                     struck(0.24, [(1500, 0.4, 0.18), (2250, 0.15, 0.1)])]),
}

FADE_IN_S = 0.002
FADE_OUT_S = 0.012


def render(name: str) -> list[int]:
    """The 16-bit samples of sound ``name``: parts mixed, faded and scaled to its peak level."""
    length_s, parts = RECIPES[name]
    buf: Samples = [0.0] * int(length_s * RATE)
    for part in parts:
        part(buf)
    n_in, n_out = int(FADE_IN_S * RATE), int(FADE_OUT_S * RATE)
    for i in range(n_in):
        buf[i] *= i / n_in
    for i in range(n_out):
        buf[-1 - i] *= i / n_out
    top = max(abs(x) for x in buf) or 1.0
    scale = LEVELS.get(name, PEAK) * 32767 / top
    return [round(x * scale) for x in buf]


def write_wav(path: Path, samples: list[int]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in RECIPES:
        samples = render(name)
        write_wav(OUT / f"{name}.wav", samples)
        print(f"{name}.wav: {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
