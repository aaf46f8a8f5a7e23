"""``main.py bench-client``: frame times of the window during a demo hand, median and p99.

Runs ``main.py --demo --seed S --size WxH --exit-after-hands N --frame-stats FILE`` in a child
process with SDL's software renderer and prints the figures from the file it writes. A frame's
time is the work of one frame (input, update, draw, flip), without the wait for the next one.
"""

from __future__ import annotations

import argparse
try:
    import resource  # Unix only: the peak memory figure
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["add_arguments", "run", "summarise"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="demo game seed (default 1)")
    parser.add_argument("--size", default="1920x1080", help="window size (default 1920x1080)")
    parser.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    parser.add_argument("--animations", choices=("off", "fast", "slow"), default="fast")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")


def summarise(frame_ms: list[float]) -> dict[str, float]:
    """Median, p95, p99 and max of the frame times (ms)."""
    if not frame_ms:
        raise ValueError("no frames were recorded")
    ordered = sorted(frame_ms)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]
    return {"frames": len(ordered), "median_ms": round(statistics.median(ordered), 3), "p95_ms": round(pct(95), 3),
            "p99_ms": round(pct(99), 3), "max_ms": round(ordered[-1], 3)}


def run(args: argparse.Namespace) -> int:
    main_py = Path(__file__).resolve().parent.parent / "main.py"
    env = dict(os.environ)
    env.setdefault("SDL_RENDER_DRIVER", "software")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "frames.json"
        env.setdefault("KAWA_DATA_DIR", str(Path(tmp) / "data"))
        cmd = [sys.executable, str(main_py), "--demo", "--seed", str(args.seed), "--size", args.size,
               "--exit-after-hands", str(args.hands), "--animations", args.animations, "--frame-stats", str(out)]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        peak_mb = _children_peak_mb()
        if proc.returncode != 0 or not out.exists():
            print(f"the demo failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}", file=sys.stderr)
            return 1
        data = json.loads(out.read_text())
    figures = summarise(data["frame_ms"])
    figures["first_frame_s"] = round(data.get("first_frame_s") or 0.0, 3)
    figures["video_driver"] = data.get("video_driver")
    figures["size"] = args.size
    figures["hands"] = args.hands
    figures["peak_rss_mb"] = peak_mb
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['frames']} frames at {args.size} ({figures['video_driver']} video, software renderer): "
              f"median {figures['median_ms']:.2f} ms, p95 {figures['p95_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms, "
              f"max {figures['max_ms']:.2f} ms; first frame after {figures['first_frame_s']:.2f} s; "
              f"{args.hands} hands, peak memory {peak_mb if peak_mb is not None else '?'} MB")
    return 0


def _children_peak_mb() -> float | None:
    """The largest resident size of the finished demo process, in MB (None where unknown)."""
    if resource is None:
        return None
    kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(kb / 1024, 1)
