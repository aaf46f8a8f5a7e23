"""Tweens: exact values for given elapsed times at each speed; "off" takes zero frames."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from render.tween import (DURATIONS, EASINGS, SPEEDS, Animator, Tween, animate_call,
                          animate_discard, animate_dora, animate_draw, animate_reveal,
                          animate_riichi, ease_in_out_quad, ease_in_quad, ease_out_back,
                          ease_out_cubic, ease_out_quad, flip_width, linear, speed_scale)


def test_easings_start_at_zero_and_end_at_one() -> None:
    for name, easing in EASINGS.items():
        assert easing(0.0) == pytest.approx(0.0, abs=1e-12), name
        assert easing(1.0) == pytest.approx(1.0, abs=1e-12), name


def test_easing_values_at_known_points() -> None:
    assert ease_in_quad(0.5) == 0.25
    assert ease_out_quad(0.5) == 0.75
    assert ease_in_out_quad(0.25) == 0.125
    assert ease_in_out_quad(0.75) == 0.875
    assert ease_out_cubic(0.5) == 0.875
    assert ease_out_back(0.8) > 1.0  # overshoots before settling


@given(st.floats(min_value=0.0, max_value=1.0))
def test_symmetric_easings_are_symmetric(t: float) -> None:
    assert ease_in_out_quad(t) == pytest.approx(1.0 - ease_in_out_quad(1.0 - t), abs=1e-9)
    assert ease_out_quad(t) == pytest.approx(1.0 - ease_in_quad(1.0 - t), abs=1e-9)


def test_a_tween_gives_exact_positions_with_delay() -> None:
    tw = Tween((0.0, 100.0), (200.0, 300.0), 0.5, linear, delay_s=0.1)
    assert tw.value_at(0.0) == (0.0, 100.0)
    assert tw.value_at(0.1) == (0.0, 100.0)
    assert tw.value_at(0.35) == pytest.approx((100.0, 200.0))
    assert tw.value_at(0.6) == (200.0, 300.0)
    assert tw.value_at(5.0) == (200.0, 300.0)
    assert tw.total_s == pytest.approx(0.6)


def test_update_advances_the_tween_clock() -> None:
    tw = Tween(0.0, 10.0, 1.0, ease_in_quad)
    assert tw.update(0.5) == 2.5
    assert not tw.done
    assert tw.update(-3.0) == 2.5  # time never runs backwards
    assert tw.update(0.5) == 10.0
    assert tw.done


def test_a_zero_duration_tween_is_at_its_end_at_once() -> None:
    tw = Tween(1.0, 2.0, 0.0)
    assert tw.done and tw.value == 2.0
    delayed = Tween(1.0, 2.0, 0.0, delay_s=0.2)
    assert delayed.value_at(0.1) == 1.0 and delayed.value_at(0.2) == 2.0


def test_bad_tweens_are_refused() -> None:
    with pytest.raises(ValueError, match="same shape"):
        Tween((0.0, 0.0), 1.0, 1.0)
    with pytest.raises(ValueError, match="same shape"):
        Tween((0.0, 0.0), (1.0, 1.0, 1.0), 1.0)
    with pytest.raises(ValueError, match=">= 0"):
        Tween(0.0, 1.0, -1.0)
    with pytest.raises(ValueError, match="unknown animation speed"):
        Animator("ludicrous")
    with pytest.raises(ValueError, match=">= 0"):
        speed_scale(-1.0)


@pytest.mark.parametrize("speed, scale", sorted(SPEEDS.items()))
def test_each_speed_scales_the_same_tween(speed: str, scale: float) -> None:
    anim = Animator(speed)
    anim.move("t", (0.0, 0.0), (100.0, 0.0), 0.2, linear, delay_s=0.1)
    if scale == 0.0:
        assert not anim.busy
        assert anim.value("t", "pos", (100.0, 0.0)) == (100.0, 0.0)
        return
    anim.update(0.1 * scale)  # the delay is over
    assert anim.value("t", "pos", None) == (0.0, 0.0)
    anim.update(0.1 * scale)  # half way
    assert anim.value("t", "pos", None) == pytest.approx((50.0, 0.0))
    assert anim.busy and not anim.is_done("t")
    assert anim.update(0.1 * scale + 1e-9) == ["t"]
    assert anim.finished == ["t"]
    assert not anim.busy and anim.is_done("t")
    assert anim.value("t", "pos", (100.0, 0.0)) == (100.0, 0.0)


def test_slow_is_twice_fast() -> None:
    fast, slow = Animator("fast"), Animator("slow")
    for anim in (fast, slow):
        anim.rotate("r", 0.0, 90.0, 0.3, linear)
    fast.update(0.1)
    slow.update(0.2)
    assert fast.value("r", "angle", 0.0) == pytest.approx(30.0)
    assert slow.value("r", "angle", 0.0) == pytest.approx(30.0)


def test_off_completes_every_event_in_zero_frames() -> None:
    anim = Animator("off")
    animate_draw(anim, 1, (0, 0), (10, 10))
    animate_discard(anim, 2, (0, 0), (5, 5), end_angle=90.0)
    animate_call(anim, 3, (0, 0), (9, 9), [(4, (1, 1), (8, 8)), (5, (2, 2), (7, 7))])
    animate_riichi(anim, 2, "stick", (0, 0), (3, 3))
    animate_dora(anim, "dora")
    animate_reveal(anim, [10, 11, 12])
    assert not anim.busy
    for sid in (1, 2, 3, 4, 5, "stick", "dora", 10, 11, 12):
        assert anim.is_done(sid)
        assert anim.value(sid, "pos", "rest") == "rest"
    assert sorted(map(str, anim.update(0.0))) == sorted(
        map(str, (1, 2, 3, 4, 5, "stick", "dora", 10, 11, 12)))


def test_a_new_tween_replaces_the_running_one_for_that_property() -> None:
    anim = Animator()
    anim.move("a", (0, 0), (10, 0), 1.0, linear)
    anim.fade("a", 0.0, 1.0, 0.5)
    anim.update(0.5)
    anim.move("a", (5, 0), (5, 10), 1.0, linear)
    anim.update(0.5)
    assert anim.value("a", "pos", None) == pytest.approx((5.0, 5.0))
    assert anim.update(0.0) == []  # alpha ended, pos still running: not finished
    assert anim.update(0.5) == ["a"]


def test_speed_changes_apply_to_new_tweens_and_skip_finishes_all() -> None:
    anim = Animator("fast")
    anim.fade("a", 0.0, 1.0, 1.0)
    anim.set_speed("slow")
    anim.fade("b", 0.0, 1.0, 1.0)
    anim.update(1.0)
    assert anim.finished == ["a"]
    assert anim.value("b", "alpha", None) == pytest.approx(0.5)
    anim.finish_all()
    assert not anim.busy
    assert anim.update(0.0) == ["b"]
    anim.fade("c", 0.0, 1.0, 1.0)
    anim.cancel("c")
    assert anim.update(2.0) == [] and not anim.busy


def test_event_helpers_build_the_expected_tweens() -> None:
    anim = Animator("fast")
    animate_call(anim, "called", (0, 0), (100, 0), [("h1", (0, 50), (60, 0)), ("h2", (0, 60), (30, 0))])
    d = DURATIONS["call"]
    assert anim.running("called", "angle").end == 90.0
    assert anim.running("h1", "pos").delay_s == pytest.approx(d * 0.5)
    assert anim.running("h2", "pos").delay_s == pytest.approx(d * 0.5 + DURATIONS["call_stagger"])
    animate_riichi(anim, "t", "stick", (0, 0), (0, 40))
    assert anim.running("stick", "alpha").start == 0.0
    animate_reveal(anim, ["x", "y", "z"], delay_s=0.2)
    assert anim.running("z", "flip").delay_s == pytest.approx(0.2 + 2 * DURATIONS["reveal_stagger"])
    animate_discard(anim, "plain", (0, 0), (1, 1))
    assert anim.running("plain", "angle") is None
    anim.update(10.0)
    assert not anim.busy
    assert set(anim.finished) == {"called", "h1", "h2", "t", "stick", "x", "y", "z", "plain"}


def test_flip_width_narrows_then_widens() -> None:
    assert flip_width(0.0) == 1.0
    assert flip_width(0.5) == 0.0
    assert flip_width(1.0) == 1.0
    assert flip_width(0.25) == 0.5


@given(st.sampled_from(["linear", "ease_in_quad", "ease_out_quad", "ease_in_out_quad",
                        "ease_out_cubic", "ease_in_out_cubic"]),
       st.floats(min_value=0.0, max_value=2.0), st.floats(min_value=0.0, max_value=2.0),
       st.floats(min_value=0.01, max_value=3.0), st.floats(min_value=0.0, max_value=1.0))
def test_monotone_tweens_stay_between_their_ends_and_never_go_back(
        name: str, t1: float, t2: float, duration: float, delay: float) -> None:
    tw = Tween(-50.0, 150.0, duration, EASINGS[name], delay)
    a, b = sorted((t1, t2))
    va, vb = tw.value_at(a), tw.value_at(b)
    assert -50.0 <= va <= vb + 1e-9 <= 150.0 + 1e-9
