"""The paced loop draws only when the picture changes, on a fake clock.

Each test runs the real ``App.run`` loop (events, fixed ticks, redraw plan,
present) with a clock that advances exactly what the loop waits for, so the
counts of ticks and presented frames are exact and nothing depends on timing.
"""

from __future__ import annotations

import time

import pygame
import pytest

from jayden_jazz.scenes.cards.setup import CardsSetupScene
from jayden_jazz.scenes.registry import make_scene
from jayden_jazz.scenes.jayden.board import BLINK_TICKS, MESSAGE_TICKS, JaydenScene
from jayden_jazz.scenes.title import STAR_TICKS, TitleScene
from jayden_jazz.shell.loop import STEP, FrameClock, RedrawPlan
from jayden_jazz.shell.scene import EVERY_TICK, Scene
from tests.helpers import step


@pytest.fixture(autouse=True)
def empty_event_queue():
    """pygame's queue is shared by every test: start each loop with nothing left over."""
    if pygame.display.get_init():
        pygame.event.clear()


class FakeClock:
    """Each pass lasts what the loop asked for; ``at[n]`` runs at the start of pass n."""

    def __init__(self, app, at=None, real_sleep: float = 0.0) -> None:
        self.app = app
        self.at = at or {}
        self.passes = 0
        self.real_sleep = real_sleep
        self.log: list[tuple[int, int]] = []      # (ticks, presents) at the start of each pass

    def tick(self, wait: float) -> float:
        self.passes += 1
        self.log.append((self.app.step.ticks, self.app.display.presents))
        if self.passes in self.at:
            self.at[self.passes]()
        if self.real_sleep:
            time.sleep(self.real_sleep)
        return wait


def post_key(name: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=name, mod=0, unicode="", scancode=0))


class Moving(Scene):
    """Says nothing about redraws: must be drawn every tick, as before idling existed."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.x = 0
        self.drawn: list[int] = []

    def update(self) -> None:
        self.x += 1

    def draw(self, surface) -> None:
        self.drawn.append(self.x)


class Bounce(Moving):
    """Animates for a while after each key, then holds still."""

    def __init__(self, app, frames: int) -> None:
        super().__init__(app)
        self.left = frames

    def handle(self, action) -> None:
        self.left = 30

    def update(self) -> None:
        if self.left:
            self.left -= 1
            self.x += 1

    def redraw_in(self):
        return EVERY_TICK if self.left else None


def test_static_scene_presents_far_fewer_frames_than_ticks(make_app):
    app = make_app("--scene", "cards")
    assert isinstance(app.stack.top, CardsSetupScene)
    clock = FakeClock(app)
    app.run(frames=600, clock=clock)
    assert app.step.ticks == 600                 # the logic still ran every tick
    assert app.display.presents == 1             # the first frame, then nothing changed


def test_title_redraws_only_when_the_stars_twinkle(make_app):
    app = make_app()
    assert isinstance(app.stack.top, TitleScene)
    app.run(frames=600, clock=FakeClock(app))
    assert app.step.ticks == 600
    assert app.display.presents == 600 // STAR_TICKS + 1


def test_static_jayden_board_redraws_at_the_blink_rate(make_app):
    app = make_app("--scene", "jayden-board")
    app.run(frames=600, clock=FakeClock(app))
    assert app.display.presents == 600 // BLINK_TICKS + 1


def test_key_press_is_handled_and_presented_within_one_tick(make_app):
    app = make_app("--scene", "cards")
    scene = app.stack.top
    seen = {}

    def press_down():
        seen["index"] = scene.menu.index
        post_key(pygame.K_DOWN)

    clock = FakeClock(app, at={200: press_down})
    app.run(frames=203, clock=clock)
    ticks_at_press, presents_at_press = clock.log[199]
    ticks_next, presents_next = clock.log[200]          # start of the pass after the press
    assert scene.menu.index == seen["index"] + 1
    assert ticks_next == ticks_at_press + 1              # one tick later ...
    assert presents_next == presents_at_press + 1        # ... the change is on screen
    assert presents_at_press == 1                        # and nothing was drawn while idle


def test_input_becomes_actions_inside_the_tick(make_app):
    app = make_app("--scene", "cards")
    scene = app.stack.top
    before = scene.menu.index
    post_key(pygame.K_DOWN)
    app._process_events()                     # read, not yet acted on
    assert scene.menu.index == before
    app.step.advance(STEP / 2, app._update)   # no whole tick yet
    assert scene.menu.index == before
    app.step.advance(STEP / 2, app._update)
    assert scene.menu.index == before + 1


def test_an_animation_presents_every_tick_while_it_runs(make_app):
    app = make_app()
    scene = app.stack.push(Bounce(app, frames=40))
    clock = FakeClock(app, at={100: lambda: post_key(pygame.K_SPACE)})
    app.run(frames=200, clock=clock)
    # 40 ticks of motion, a frame each; still until the key; then 30 more, each drawn
    assert scene.drawn == list(range(1, 71))
    assert app.display.presents == 70 and app.step.ticks == 200


def test_a_scene_that_says_nothing_is_drawn_every_tick(make_app):
    app = make_app()
    scene = app.stack.push(Moving(app))
    app.run(frames=120, clock=FakeClock(app))
    assert scene.drawn == list(range(1, 121))


def test_worker_reply_wakes_a_still_scene(make_app):
    from jayden_jazz.ai.worker import AIWorker

    class Waiting(Moving):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.worker = AIWorker()
            self.answer = None
            self.reply_tick = None
            self.draw_ticks: list[int] = []

        def update(self) -> None:
            if self.app.step.ticks == 30:  # asked after a while of nothing to draw
                self.worker.submit("math:sqrt", 16.0)
            reply = self.worker.poll()
            if reply is not None:          # no changed() here: the loop must notice by itself
                self.answer = reply.value
                self.reply_tick = self.app.step.ticks + 1

        def draw(self, surface) -> None:
            self.draw_ticks.append(self.app.step.ticks)

        def redraw_in(self):
            return None

        def exit(self) -> None:
            self.worker.close()

    app = make_app()
    scene = app.stack.push(Waiting(app))

    def stop_soon():
        if scene.answer is not None:
            app.running = False

    clock = FakeClock(app, real_sleep=0.002)
    clock.at = _Every(stop_soon)
    app.run(frames=20000, clock=clock)
    assert scene.answer == 4.0
    assert scene.reply_tick is not None and scene.reply_tick > 30
    assert scene.draw_ticks == [1, scene.reply_tick]      # drawn at the start, then in the reply's tick


class _Every(dict):
    """``at`` for FakeClock: the same callback at every pass."""

    def __init__(self, fn) -> None:
        super().__init__()
        self.fn = fn

    def __contains__(self, key) -> bool:
        return True

    def __getitem__(self, key):
        return self.fn


def test_minimized_window_draws_nothing_but_keeps_ticking(make_app):
    app = make_app()
    scene = app.stack.push(Moving(app))
    clock = FakeClock(app, at={
        10: lambda: pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED)),
        60: lambda: pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED)),
    })
    app.run(frames=80, clock=clock)
    assert app.step.ticks == 80 and scene.x == 80
    presents = [p for _, p in clock.log]
    assert presents[20] == presents[55] == 9       # hidden from the 10th pass: no frames
    assert app.display.presents == 9 + 21          # drawing again from the 60th pass


def test_redraw_plan_keeps_the_nearest_promise():
    plan = RedrawPlan()
    assert plan.should_draw(0, False, None)           # the first frame is always drawn
    plan.drawn(0, 10)
    assert not plan.should_draw(5, False, None)
    assert not plan.should_draw(9, False, 5)          # a later promise does not postpone ...
    assert plan.should_draw(10, False, 5)              # ... the earlier one
    plan.drawn(10, None)
    assert not plan.should_draw(500, False, None)
    assert plan.should_draw(500, True, None)           # a change always draws
    plan.drawn(500, None)
    assert not plan.should_draw(501, False, 3)        # a new answer between frames ...
    assert not plan.should_draw(503, False, None)
    assert plan.should_draw(504, False, None)          # ... is kept


def test_render_passes_the_leftover_fraction_to_drawing(make_app):
    app = make_app()
    scene = app.stack.push(Moving(app))
    app.step.accumulator = STEP * 0.25
    app.render()
    assert scene.alpha == 0.25


def test_frame_clock_wakes_just_after_the_next_tick():
    now = [100.0]
    slept = []
    clock = FrameClock()
    clock._now = lambda: now[0]

    def sleep(s):
        slept.append(s)
        now[0] += s

    clock._sleep = sleep
    clock._last = 100.0
    now[0] = 100.004                      # the pass took 4 ms
    dt = clock.tick(STEP)
    assert abs(slept[0] - (STEP - 0.004 + FrameClock.MARGIN)) < 1e-9
    assert abs(dt - (STEP + FrameClock.MARGIN)) < 1e-9
    now[0] += 0.050                       # a slow pass: no sleep, the time is reported
    assert abs(clock.tick(STEP) - 0.050) < 1e-9
    assert len(slept) == 1


def test_scene_redraw_answers(make_app):
    app = make_app("--scene", "jayden-board")
    board = app.stack.top
    assert isinstance(board, JaydenScene)
    step(app, 3)
    assert board.redraw_in() == BLINK_TICKS - board.ticks % BLINK_TICKS
    board.say("Hello")
    assert board.redraw_in() <= BLINK_TICKS
    board.ticks = 0
    board.messages.left = 7
    assert board.redraw_in() == 7                   # the message goes before the next blink
    assert MESSAGE_TICKS > BLINK_TICKS
    for name in ("cards", "options", "instructions", "jayden"):
        app.stack.push(make_scene(name, app))
        assert app.stack.top.redraw_in() is None, name
