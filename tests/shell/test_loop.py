import pytest

from jayden_jazz.shell.loop import MAX_FRAME_TIME, STEP, FixedStep


def run(frames, **kw):
    fs = FixedStep(**kw)
    counts = []
    calls = []
    for dt in frames:
        counts.append(fs.advance(dt, lambda: calls.append(1)))
    return fs, counts, len(calls)


def test_sixty_updates_per_simulated_second_at_any_frame_rate():
    for fps in (30, 60, 144):
        fs, _, n = run([1 / fps] * fps)
        assert n in (59, 60), fps
        assert fs.ticks == n


def test_slow_frames_run_catch_up_updates():
    _, counts, _ = run([3 * STEP + 1e-9])
    assert counts == [3]


def test_long_stall_is_clamped_and_catch_up_capped():
    fs, counts, n = run([10.0], max_updates=5)
    assert counts == [5]                       # capped
    assert fs.accumulator < STEP                # backlog forgotten, no spiral
    assert fs.dropped == pytest.approx(10.0 - 5 * STEP, abs=1e-6)
    # after the stall, normal frames again give one update each
    before = fs.ticks
    fs.advance(STEP, lambda: None)
    assert fs.ticks - before in (1, 2)


def test_clamp_limits_frame_time():
    fs = FixedStep(max_updates=1000)
    n = fs.advance(5.0, lambda: None)
    assert n == int(MAX_FRAME_TIME / STEP + 1e-9)


def test_negative_time_is_ignored_and_alpha_is_fraction():
    fs = FixedStep()
    assert fs.advance(-1.0, lambda: None) == 0
    fs.advance(STEP * 0.5, lambda: None)
    assert fs.alpha == pytest.approx(0.5)
