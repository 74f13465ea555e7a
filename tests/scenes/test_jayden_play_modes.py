"""Enhanced and Original play modes: helpers change, the rules do not."""
# rule: jayden.md#play-modes

import numpy as np
import pygame

from jayden_jazz.jayden import START_JPN, parse_square
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden.render import square_rect
from jayden_jazz.scenes.registry import make_scene
from tests.helpers import click, press, step

HUMANS = {"g": {"kind": "human"}, "r": {"kind": "human"}}


def board(make_app, enhanced: bool):
    app = make_app()
    game = jsave.JaydenGame(start=START_JPN, actions=[], players=dict(HUMANS), enhanced=enhanced)
    scene = make_scene("jayden-board", app, game=game)
    app.stack.push(scene)
    step(app)
    return app, scene


def click_square(app, square: str) -> None:
    r = square_rect(parse_square(square))
    click(app, r.centerx, r.centery)


def cell_pixels(app, square: str) -> np.ndarray:
    r = square_rect(parse_square(square))
    app.render()
    return pygame.surfarray.array2d(app.display.logical)[r.left:r.right, r.top:r.bottom].copy()


def marks_targets(make_app, enhanced: bool) -> bool:
    app, _ = board(make_app, enhanced)
    before = cell_pixels(app, "c4")            # empty square a Hero on c2 can reach
    click_square(app, "c2")
    return not np.array_equal(before, cell_pixels(app, "c4"))


def test_enhanced_marks_the_selected_pieces_targets_and_original_does_not(make_app):
    assert marks_targets(make_app, enhanced=True)
    assert not marks_targets(make_app, enhanced=False)


def undo_after_a_move(make_app, enhanced: bool) -> str:
    app, scene = board(make_app, enhanced)
    click_square(app, "c2")
    click_square(app, "c4")
    assert scene.pos.jpn() != START_JPN
    press(app, "u")
    return scene.pos.jpn()


def test_undo_only_in_enhanced_mode(make_app):
    assert undo_after_a_move(make_app, enhanced=True) == START_JPN
    assert undo_after_a_move(make_app, enhanced=False) != START_JPN
