"""The card table scene draws from the controller's frozen view: the log window's colours come
from the seat-tagged lines of the view, and the cursor goes where the pick command sends it."""

from __future__ import annotations

from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.render import cell_key, hand_key
from jayden_jazz.scenes.cards.windows import _log_style
from jayden_jazz.scenes.windows import TextWindow
from jayden_jazz.shell.display import new_logical_surface
from tests.helpers import click, press, step
from tests.scenes.cards_helpers import (HUMAN, WEAK5, cell_centre, goto, hand_centre, make_table, play_click,
                                        settle, take_seat)

P0_GRAB = ["t/x1", "t/x2", "t/x3", "t/grab", "t/x4"]


def test_the_log_window_colours_each_line_by_the_seat_the_view_gives_it(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], seats=[HUMAN, HUMAN], open=True)
    for cid, cell in (("t/x1", "b2"), ("t/w1", "a2"), ("t/x2", "a1")):
        play_click(app, sc, cid, cell)
        settle(app, sc)
    press(app, "l")
    win = app.stack.top
    assert isinstance(win, TextWindow) and win.title == "Move log"
    shown = [_log_style(line) for line in win.view.lines]
    assert [colour for _, colour in shown] == [seats.light(s) for s in (0, 1, 0, 0)]
    assert shown[-1][0].strip().startswith("Player 1 captures Weak 1 on a2")
    assert [ln.seat for ln in sc.controller.screen_view().log_lines] == [0, 1, 0, 0]


def test_a_picked_card_sends_the_cursor_to_the_free_cell_nearest_the_middle(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], seats=[HUMAN, HUMAN], open=True)
    settle(app, sc)
    click(app, *hand_centre(sc, 0, "t/x2"))
    step(app)
    assert sc.selected == 1 and sc.cursor == cell_key(4)            # b2, the middle of the 3x3
    click(app, *cell_centre(sc, "a1"))
    step(app)
    settle(app, sc)
    click(app, *hand_centre(sc, 1, "t/w1"))
    step(app)
    assert sc.cursor == cell_key(4)
    click(app, *hand_centre(sc, 1, "t/w1"))                           # picked again: back in the hand
    step(app)
    assert sc.selected is None and sc.cursor == hand_key(1, 0)


class _Reads:
    """Counts the controller's views built while the scene draws, and keeps the frames drawn."""

    def __init__(self, sc) -> None:
        self.views = 0
        self.frames: list = []
        screen_view, draw = sc.controller.screen_view, sc.renderer.draw

        def counted():
            self.views += 1
            return screen_view()

        def kept(surface, frame):
            self.frames.append(frame)
            draw(surface, frame)

        sc.controller.screen_view = counted
        sc.renderer.draw = kept

    def draw(self, sc) -> int:
        """Views built by one ``sc.draw``; the frame drawn must equal one built right after."""
        self.views = 0
        sc.draw(new_logical_surface((640, 350)))
        built = self.views
        assert self.frames[-1] == sc.picture.frame()          # drawing changed nothing
        return built


def test_a_drawn_frame_is_built_from_one_view_whatever_the_phase(make_app):
    app, sc = make_table(make_app, [P0_GRAB, WEAK5], seats=[HUMAN, HUMAN], open=True)
    app.settings["enhanced"] = True                                 # the capture preview is drawn
    reads = _Reads(sc)
    phases = {}
    opening = [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"), ("t/w3", "a3")]
    for cid, cell in opening:
        take_seat(app, sc)
        phases.setdefault("turn", reads.draw(sc))
        click(app, *hand_centre(sc, sc.controller.game.to_move, cid))
        goto(app, sc, cell_key(sc.controller.game.field.index(cell)))
        phases.setdefault("picked", reads.draw(sc))
        assert reads.frames[-1].view.preview_values is not None         # the previews are drawn too
        click(app, *cell_centre(sc, cell))
        for _ in range(5):
            step(app)
            phases.setdefault(sc.phase, reads.draw(sc))
    take_seat(app, sc)
    play_click(app, sc, "t/grab", "a1")
    settle(app, sc)
    phases["ability"] = reads.draw(sc)
    press(app, "RETURN")                                              # Grab One: its targets
    assert sc.phase == "targets"
    phases["targets"] = reads.draw(sc)
    assert {"picked", "show", "turn", "ability", "targets"} <= set(phases)
    assert phases == dict.fromkeys(phases, 1), phases
