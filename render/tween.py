"""Tweens: values that move from a start to an end over time, advanced by frame time.

Time flows only through :meth:`Tween.update` / :meth:`Animator.update` with the frame's ``dt``:
nothing sleeps and nothing reads a clock, so every tween is exact for a given elapsed time.
The player's animation speed is one scale over the same tweens (:data:`SPEEDS`): "slow" doubles
every duration and delay, "off" makes them zero, so a tween added at "off" is finished at once.

An :class:`Animator` holds the running tweens of the sprites on screen, keyed by the client's
sprite id and a property name (``"pos"``, ``"angle"``, ``"alpha"``, ``"flip"``). The client draws
each sprite at ``animator.value(sid, prop, resting_value)``: while a tween runs that is the
tween's value, afterwards the resting value the client passes. The ``animate_*`` helpers build
the tweens for each engine event in one call.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Union

__all__ = [
    "Easing", "Value", "linear", "ease_in_quad", "ease_out_quad", "ease_in_out_quad",
    "ease_out_cubic", "ease_in_out_cubic", "ease_out_back", "EASINGS", "SPEEDS", "DURATIONS",
    "speed_scale", "lerp", "flip_width", "Tween", "Animator", "animate_draw", "animate_discard",
    "animate_call", "animate_riichi", "animate_dora", "animate_reveal",
]

Easing = Callable[[float], float]
Value = Union[float, tuple[float, ...]]
Point = tuple[float, float]


# ---------------------------------------------------------------- easing: [0, 1] -> about [0, 1]

def linear(t: float) -> float:
    """Constant speed."""
    return t


def ease_in_quad(t: float) -> float:
    """Starts slowly, speeds up."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Starts fast, slows down."""
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_quad(t: float) -> float:
    """Slow at both ends."""
    return 2.0 * t * t if t < 0.5 else 1.0 - (2.0 - 2.0 * t) ** 2 / 2.0


def ease_out_cubic(t: float) -> float:
    """Starts fast, settles gently: a tile sliding into place."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends, steeper in the middle."""
    return 4.0 * t ** 3 if t < 0.5 else 1.0 - (2.0 - 2.0 * t) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots a little past the end and comes back: a tile snapping into a meld."""
    c1 = 1.70158
    u = t - 1.0
    return 1.0 + (c1 + 1.0) * u ** 3 + c1 * u * u


EASINGS: dict[str, Easing] = {f.__name__: f for f in (
    linear, ease_in_quad, ease_out_quad, ease_in_out_quad, ease_out_cubic, ease_in_out_cubic,
    ease_out_back)}

SPEEDS: dict[str, float] = {"off": 0.0, "fast": 1.0, "slow": 2.0}
"""Animation speed preference -> the factor applied to every duration and delay."""

DURATIONS: dict[str, float] = {
    "draw": 0.18, "discard": 0.22, "call": 0.28, "call_stagger": 0.04, "riichi": 0.3,
    "stick": 0.25, "dora": 0.35, "reveal": 0.3, "reveal_stagger": 0.05,
}
"""Base durations in seconds at "fast" speed for the event helpers."""


def speed_scale(speed: str | float) -> float:
    """The duration factor of a speed name ("off", "fast", "slow") or a factor >= 0 itself."""
    if isinstance(speed, str):
        if speed not in SPEEDS:
            raise ValueError(f"unknown animation speed {speed!r} (choose from {', '.join(SPEEDS)})")
        return SPEEDS[speed]
    if not speed >= 0.0:
        raise ValueError(f"animation speed factor must be >= 0, not {speed!r}")
    return float(speed)


def lerp(start: Value, end: Value, t: float) -> Value:
    """The point ``t`` of the way from ``start`` to ``end`` (numbers or equal-length tuples)."""
    if isinstance(start, tuple):
        return tuple(a + (b - a) * t for a, b in zip(start, end))  # type: ignore[arg-type]
    return start + (end - start) * t  # type: ignore[operator]


def _check_values(start: Value, end: Value) -> None:
    if isinstance(start, tuple) or isinstance(end, tuple):
        if not (isinstance(start, tuple) and isinstance(end, tuple) and len(start) == len(end)):
            raise ValueError(f"tween start {start!r} and end {end!r} must have the same shape")


class Tween:
    """A value going from ``start`` to ``end`` in ``duration_s`` after waiting ``delay_s``.

    ``value_at(elapsed)`` is pure; ``update(dt)`` advances the tween's own clock. Before the
    delay ends the value is ``start``; from ``delay_s + duration_s`` on it is exactly ``end``.
    A zero duration jumps to ``end`` when the delay is over (at once if there is none).
    """

    __slots__ = ("start", "end", "duration_s", "easing", "delay_s", "elapsed")

    def __init__(self, start: Value, end: Value, duration_s: float, easing: Easing = linear,
                 delay_s: float = 0.0) -> None:
        if not duration_s >= 0.0 or not delay_s >= 0.0:
            raise ValueError(f"tween duration and delay must be >= 0, not {duration_s!r}, {delay_s!r}")
        _check_values(start, end)
        self.start = start
        self.end = end
        self.duration_s = float(duration_s)
        self.easing = easing
        self.delay_s = float(delay_s)
        self.elapsed = 0.0

    @property
    def total_s(self) -> float:
        """Delay plus duration: when the tween is over."""
        return self.delay_s + self.duration_s

    def progress_at(self, elapsed: float) -> float:
        """Linear progress 0..1 at ``elapsed`` seconds (before easing)."""
        if elapsed >= self.total_s:
            return 1.0
        if elapsed <= self.delay_s:
            return 0.0
        return (elapsed - self.delay_s) / self.duration_s

    def value_at(self, elapsed: float) -> Value:
        """The value ``elapsed`` seconds after the tween started (its delay included)."""
        t = self.progress_at(elapsed)
        if t >= 1.0:
            return self.end
        if t <= 0.0:
            return self.start
        return lerp(self.start, self.end, self.easing(t))

    @property
    def value(self) -> Value:
        """The value at the tween's own clock."""
        return self.value_at(self.elapsed)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.total_s

    def update(self, dt: float) -> Value:
        """Advance by ``dt`` seconds (negative counts as zero) and return the new value."""
        if dt > 0.0:
            self.elapsed += dt
        return self.value

    def scaled(self, factor: float) -> "Tween":
        """The same tween with its duration, delay and clock multiplied by ``factor``."""
        copy = Tween(self.start, self.end, self.duration_s * factor, self.easing, self.delay_s * factor)
        copy.elapsed = self.elapsed * factor
        return copy

    def __repr__(self) -> str:
        return (f"Tween({self.start!r} -> {self.end!r}, {self.duration_s:g}s, "
                f"{self.easing.__name__}, delay {self.delay_s:g}s, at {self.elapsed:g}s)")


class Animator:
    """The running tweens of the sprites on screen, keyed by (sprite id, property).

    Tweens added are scaled by the animation speed; at "off" they are over the moment they are
    added (zero frames), so :attr:`busy` stays false and the sprite is at its resting place.
    A finished tween is dropped at the next :meth:`update`, which reports its sprite in
    :attr:`finished` once every tween of that sprite is over.
    """

    def __init__(self, speed: str | float = "fast") -> None:
        self._scale = speed_scale(speed)
        self._tweens: dict[Hashable, dict[str, Tween]] = {}
        self._ended: list[Hashable] = []
        self.finished: list[Hashable] = []
        """Sprite ids whose last tween ended at (or, at "off", before) the latest update()."""

    @property
    def scale(self) -> float:
        """The current duration factor (0 for "off", 1 for "fast", 2 for "slow")."""
        return self._scale

    def set_speed(self, speed: str | float) -> None:
        """Change the speed for tweens added from now on; running ones keep their own pace."""
        self._scale = speed_scale(speed)

    @property
    def busy(self) -> bool:
        """True while any tween is still running."""
        return any(not t.done for tweens in self._tweens.values() for t in tweens.values())

    def is_done(self, sprite_id: Hashable) -> bool:
        """True when the sprite has no running tween."""
        return all(t.done for t in self._tweens.get(sprite_id, {}).values())

    def add(self, sprite_id: Hashable, prop: str, tween: Tween) -> Tween:
        """Run ``tween`` (scaled by the speed) for the sprite's ``prop``, replacing any running one.

        Returns the scaled tween the animator runs.
        """
        running = tween.scaled(self._scale)
        if running.done:
            self._tweens.get(sprite_id, {}).pop(prop, None)
            if not self._tweens.get(sprite_id):
                self._tweens.pop(sprite_id, None)
                self._note_ended(sprite_id)
        else:
            self._tweens.setdefault(sprite_id, {})[prop] = running
        return running

    def _note_ended(self, sprite_id: Hashable) -> None:
        if sprite_id not in self._ended:
            self._ended.append(sprite_id)

    def update(self, dt: float) -> list[Hashable]:
        """Advance every tween by ``dt`` seconds; returns (and keeps in ``finished``) the
        sprite ids whose tweens are now all over."""
        for sprite_id in list(self._tweens):
            tweens = self._tweens[sprite_id]
            for tween in tweens.values():
                tween.update(dt)
            if all(t.done for t in tweens.values()):
                del self._tweens[sprite_id]
                self._note_ended(sprite_id)
        self.finished, self._ended = self._ended, []
        return self.finished

    def value(self, sprite_id: Hashable, prop: str, default: Value) -> Value:
        """The sprite's ``prop`` now: the running tween's value, else ``default`` (its rest)."""
        tween = self._tweens.get(sprite_id, {}).get(prop)
        return default if tween is None else tween.value

    def running(self, sprite_id: Hashable, prop: str) -> Tween | None:
        """The tween running for the sprite's ``prop``, if any."""
        return self._tweens.get(sprite_id, {}).get(prop)

    def finish_all(self) -> None:
        """End every tween now (the player skipped the animation); ends show at next update."""
        for tweens in self._tweens.values():
            for tween in tweens.values():
                tween.elapsed = tween.total_s

    def cancel(self, sprite_id: Hashable) -> None:
        """Drop the sprite's tweens without reporting it finished."""
        self._tweens.pop(sprite_id, None)

    # -- one-line builders for the three kinds of tween

    def move(self, sprite_id: Hashable, start: Point, end: Point, duration_s: float,
             easing: Easing = ease_out_cubic, delay_s: float = 0.0) -> Tween:
        """Tween the sprite's position ``"pos"`` (x, y) from ``start`` to ``end``."""
        return self.add(sprite_id, "pos", Tween(tuple(start), tuple(end), duration_s, easing, delay_s))

    def rotate(self, sprite_id: Hashable, start_deg: float, end_deg: float, duration_s: float,
               easing: Easing = ease_in_out_quad, delay_s: float = 0.0) -> Tween:
        """Tween the sprite's ``"angle"`` in degrees (counter-clockwise, as pygame rotates)."""
        return self.add(sprite_id, "angle", Tween(float(start_deg), float(end_deg), duration_s,
                                                  easing, delay_s))

    def fade(self, sprite_id: Hashable, start_alpha: float, end_alpha: float, duration_s: float,
             easing: Easing = linear, delay_s: float = 0.0) -> Tween:
        """Tween the sprite's ``"alpha"`` (0 transparent .. 1 opaque)."""
        return self.add(sprite_id, "alpha", Tween(float(start_alpha), float(end_alpha), duration_s,
                                                  easing, delay_s))

    def flip(self, sprite_id: Hashable, duration_s: float, delay_s: float = 0.0,
             easing: Easing = linear) -> Tween:
        """Tween ``"flip"`` 0 -> 1 to turn a tile face up: draw the back while it is below 0.5,
        the face from 0.5, each ``abs(1 - 2 * flip)`` of its width wide (see :func:`flip_width`)."""
        return self.add(sprite_id, "flip", Tween(0.0, 1.0, duration_s, easing, delay_s))


def flip_width(flip: float) -> float:
    """Width factor of a tile ``flip`` of the way through turning over (1 -> 0 -> 1)."""
    return abs(1.0 - 2.0 * flip)



# ---------------------------------------------------------------- tweens for engine events

def animate_draw(anim: Animator, sprite_id: Hashable, wall_xy: Point, hand_xy: Point) -> None:
    """Drawing a tile: it slides from the wall to the hand and fades in."""
    d = DURATIONS["draw"]
    anim.move(sprite_id, wall_xy, hand_xy, d, ease_out_cubic)
    anim.fade(sprite_id, 0.0, 1.0, d * 0.6)


def animate_discard(anim: Animator, sprite_id: Hashable, hand_xy: Point, pond_xy: Point,
                    end_angle: float = 0.0, start_angle: float = 0.0) -> None:
    """Discarding: hand to pond; ``end_angle`` 90 lays a riichi discard sideways on the way."""
    d = DURATIONS["discard"]
    anim.move(sprite_id, hand_xy, pond_xy, d, ease_out_cubic)
    if end_angle != start_angle:
        anim.rotate(sprite_id, start_angle, end_angle, d)


def animate_call(anim: Animator, called_id: Hashable, pond_xy: Point, meld_xy: Point,
                 hand_moves: Sequence[tuple[Hashable, Point, Point]] = (),
                 called_angle: float = 90.0, start_angle: float = 0.0) -> None:
    """A call: the called tile flies from the pond to the meld turning to ``called_angle``,
    then each hand tile ``(id, from_xy, to_xy)`` joins it, one after another."""
    d = DURATIONS["call"]
    anim.move(called_id, pond_xy, meld_xy, d, ease_out_back)
    if called_angle != start_angle:
        anim.rotate(called_id, start_angle, called_angle, d)
    for i, (sprite_id, start, end) in enumerate(hand_moves):
        anim.move(sprite_id, start, end, d, ease_out_cubic, delay_s=d * 0.5 + i * DURATIONS["call_stagger"])


def animate_riichi(anim: Animator, tile_id: Hashable | None, stick_id: Hashable,
                   stick_from: Point, stick_to: Point) -> None:
    """Riichi: the declaring tile (if given, already in the pond) turns sideways, then the
    1,000-point stick slides from the hand to the table and fades in."""
    d = DURATIONS["riichi"]
    if tile_id is not None:
        anim.rotate(tile_id, 0.0, 90.0, d)
    anim.move(stick_id, stick_from, stick_to, DURATIONS["stick"], ease_out_cubic, delay_s=d * 0.5)
    anim.fade(stick_id, 0.0, 1.0, DURATIONS["stick"], delay_s=d * 0.5)


def animate_dora(anim: Animator, sprite_id: Hashable, delay_s: float = 0.0) -> None:
    """A dora indicator turning face up (a flip tween)."""
    anim.flip(sprite_id, DURATIONS["dora"], delay_s)


def animate_reveal(anim: Animator, sprite_ids: Iterable[Hashable], delay_s: float = 0.0) -> None:
    """A winning (or tenpai) hand turning face up, tile after tile from the left."""
    for i, sprite_id in enumerate(sprite_ids):
        anim.flip(sprite_id, DURATIONS["reveal"], delay_s + i * DURATIONS["reveal_stagger"])
