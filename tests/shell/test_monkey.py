"""Thousands of random actions and mouse events into every scene: no exception, EGA only."""

import random

import pygame
import pytest

from jayden_jazz.scenes.registry import SCENES, make_scene
from jayden_jazz.shell.input import ACTION, ALT, BACK, Action, Kind, move
from tests.helpers import assert_ega_only

N_ACTIONS = 3000


def random_action(rng: random.Random) -> Action:
    r = rng.random()
    if r < 0.45:
        return move(rng.choice((-1, 0, 1)), rng.choice((-1, 0, 1)))
    if r < 0.6:
        return ACTION
    if r < 0.65:
        return BACK
    if r < 0.7:
        return ALT
    if r < 0.75:
        return Action(Kind.SCROLL, dy=rng.choice((-1, 1)))
    if r < 0.8:
        return Action(Kind.KEY, key=rng.choice("uhdpnrsy12345"))
    pos = (rng.randrange(640), rng.randrange(350))
    if r < 0.9:
        return Action(Kind.POINT, pos=pos)
    return Action(rng.choice((Kind.ACTION, Kind.ALT)), pos=pos)


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_monkey(scene, make_app):
    app = make_app("--seed", "7")
    rng = random.Random(scene)
    app.stack.push(make_scene(scene, app))
    for i in range(N_ACTIONS):
        if not len(app.stack) or not app.running:
            app.running = True
            app.stack.push(make_scene(scene, app))
        if rng.random() < 0.85 or len(app.stack) < 2:
            app.stack.handle(random_action(rng))
        else:
            # esc out to the scene under test now and then is covered by BACK;
            # here also push the scene again so deep stacks are exercised
            app.stack.push(make_scene(scene, app))
        app._update()
        if i % 10 == 0:
            app.render()
    app.render()
    assert_ega_only(app.display.logical)
    # raw events through the real input map too (the window mapping path)
    for _ in range(300):
        wpos = (rng.randrange(1400), rng.randrange(800))
        ev = rng.choice([
            pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(1, 1), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=rng.choice((1, 2, 3))),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1))),
            pygame.event.Event(pygame.KEYDOWN, key=rng.choice((pygame.K_a, pygame.K_F1, pygame.K_UP)),
                               mod=0, unicode=""),
        ])
        pygame.event.post(ev)
        app._process_events()
        app._update()
    app.render()
    assert_ega_only(app.display.logical)
