"""Every rank of the Jayden board is whole in every state, with the status lines below."""

import numpy as np
import pygame

from jayden_jazz.jayden import parse_square
from jayden_jazz.scenes.jayden.panels import EndBar, MoveListWindow
from jayden_jazz.scenes.jayden.render import BOARD_H, CELL_H, ROWS, STATUS_Y, BoardRenderer, cell_of_square
from tests.helpers import assert_ega_only, press, step
from tests.scenes.jpn_helpers import jpn
from tests.scenes.test_jayden_scene import act, board, choose, goto, settle


def ranks_shown(app, pos, flip=False) -> list[float]:
    """Per rank (top row first), the share of its pixels that show the board
    and its pieces as they stand (markers and the Action Box change a little)."""
    app.render()
    got = pygame.surfarray.array2d(app.display.logical)
    plain = pygame.surfarray.array2d(BoardRenderer(app.font)._layer(pos, flip))
    return [float(np.mean(got[:, r * CELL_H:(r + 1) * CELL_H] == plain[:, r * CELL_H:(r + 1) * CELL_H]))
            for r in range(ROWS)]


def assert_whole(app, pos, flip=False):
    shown = ranks_shown(app, pos, flip)
    assert min(shown) > 0.9, [round(s, 2) for s in shown]
    status = pygame.surfarray.array2d(app.display.logical)[:, STATUS_Y:]
    assert np.count_nonzero(status) > 200              # the status lines hold text


def test_the_board_and_two_status_lines_fill_the_screen_without_overlap():
    assert ROWS * CELL_H == BOARD_H == STATUS_Y and STATUS_Y + 2 * 14 == 350


def test_start_position_all_ranks_whole(make_app):
    app, sc = board(make_app)
    assert_whole(app, sc.pos)
    assert_ega_only(app.display.logical)


def test_action_box_on_rank_1_and_on_rank_14(make_app):
    app, sc = board(make_app)
    goto(app, sc, "j1")
    assert_whole(app, sc.pos)
    goto(app, sc, "j14")
    assert_whole(app, sc.pos)
    goto(app, sc, "a14")
    assert_whole(app, sc.pos)


def test_the_command_line_flag_run_shows_whole_ranks(make_app):
    app = make_app("--scene", "jayden", "--keys", "RETURN WAIT")
    for _ in range(30):
        step(app)
    sc = app.stack.top
    assert_whole(app, sc.pos)


def test_end_bar_and_replay_keep_every_rank_whole(make_app):
    start = jpn({"j1": "M", "a1": "D", "j14": "m", "c1": "H", "e1": "K", "t13": "h", "a13": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "a1", "a13")                # the Dragon takes a Hero on rank 13 ...
    act(app, sc, "c1", "c2")
    act(app, sc, "t13", "t12")
    act(app, sc, "j14", "k13")               # (a Master action ends Red's turn)
    act(app, sc, "a13", "a14")
    act(app, sc, "c2", "c3")
    act(app, sc, "k13", "j14")
    act(app, sc, "a14", "j14")               # ... and the Red Master on rank 14
    settle(app, sc)
    assert isinstance(app.stack.top, EndBar)
    assert_whole(app, sc.pos)
    # the final capture is marked in the top rank, in view
    sc.cursor = (0, 7)
    app.render()
    x, y = cell_of_square(parse_square("j14"))
    frame = pygame.surfarray.array2d(app.display.logical)[x * 32:(x + 1) * 32, 0:2]
    assert (frame == 10).any()               # the Green turn marker (light green) on j14
    choose(app, "Watch replay")
    replay = app.stack.top
    for _ in range(len(replay.actions) * 80):
        step(app)
        if replay.index == len(replay.actions) and replay.motion is None:
            break
    assert replay.index == len(replay.actions)
    assert_whole(app, replay.pos)


def test_status_line_shows_the_result_after_the_end_bar_closes(make_app):
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "a1", "a9")
    settle(app, sc)
    press(app, "ESC")                         # Look at the board
    assert app.stack.top is sc
    left, second, right = sc.renderer.status_lines(sc.pos, sc.view())
    assert left[0][0] == "Game over: Green wins (the enemy Master was destroyed)"


def test_move_list_window_lists_turns_with_piece_names(make_app):
    app, sc = board(make_app)
    act(app, sc, "c2", "c4")
    act(app, sc, "e2", "e3")
    act(app, sc, "s13", "s11")
    press(app, "l")
    top = app.stack.top
    assert isinstance(top, MoveListWindow)
    assert top.view.lines == ["  1 Green Hero c2-c4, Hero e2-e3", "  1 Red   Hero s13-s11 ..."]
    press(app, "ESC")
    assert app.stack.top is sc


def test_reference_shot_in_flight_and_move_list(make_app):
    from tests.reference import check_reference
    start = jpn({"j1": "M", "a1": "C", "b1": "C", "e5": "S", "g7": "r", "a2": "K", "c1": "H",
                 "j14": "m", "s14": "k", "p12": "h"})
    app, sc = board(make_app, start)
    act(app, sc, "e5", "g7")
    for _ in range(4):
        step(app)
    assert type(sc.motion.current()[0]).__name__ == "Shot"
    sc.ticks = 0
    app.render()
    assert_ega_only(app.display.logical)
    check_reference(app.display.logical, "jayden_shot")
    settle(app, sc)
    act(app, sc, "c1", "c2")
    act(app, sc, "p12", "p11")
    press(app, "l")
    assert app.stack.top.head[0][0] == "Green took: 1 Raider"
    assert app.stack.top.head[1][0] == "Red took: nothing"
    sc.ticks = 0
    app.render()
    check_reference(app.display.logical, "jayden_moves")


def test_clicks_on_the_status_lines_do_not_reach_the_board(make_app):
    from tests.helpers import click
    app, sc = board(make_app)
    before = sc.cursor
    click(app, 100, STATUS_Y + 20)
    assert sc.cursor == before and sc.selected is None and not sc.message
