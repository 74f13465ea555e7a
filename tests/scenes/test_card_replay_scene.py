"""The replay viewer as one scene among others on the stack."""

from __future__ import annotations

from jayden_jazz.scenes.cards.replay import CardsReplayScene, demo
from tests.helpers import press
from tests.scenes.cards_helpers import PACK_DIR


def test_the_replay_viewer_takes_a_redraw_request_and_marks_the_cells_an_action_changed(make_app):
    app = make_app("--cards", str(PACK_DIR), "--seed", "5")
    rp = app.stack.push(demo(app))
    assert isinstance(rp, CardsReplayScene)
    app.stack.dirty = False
    rp.changed()           # the redraw request every scene answers (the cells' set once hid it)
    assert app.stack.dirty
    press(app, "RIGHT")
    assert rp.index == 1
    assert rp.game.field.index(rp.actions[0].cell) in rp.changed_cells
    press(app, "LEFT")
    assert rp.index == 0 and rp.changed_cells == frozenset()
