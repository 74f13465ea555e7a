"""The online card table's status line always names who is to act: after a move, while a refusal from
the server is shown, and while the news of a player away and back is shown (the message goes under the
table, never in place of whose turn it is). A loopback server (127.0.0.1, port 0) in a thread; the
screen hosts seat 0 ("Jazz"), a bare client plays seat 1 ("Jayden")."""

from __future__ import annotations

import random

from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import press
from tests.scenes.test_online import until
from tests.scenes.test_online_cards_away import comes_back, hosted_table
from tests.scenes.test_online_connect import drawn_text


def status(app, table) -> list[str]:
    """The status line's words, checked to be drawn on the screen as they are (its dots left off)."""
    words = [text for text, _ in table.picture.top_text()]
    shown = drawn_text(app)
    assert all(w in shown for w in words), (words, shown)
    return [w.rstrip(".") for w in words]          # the waiting dots come and go


def test_the_status_line_names_who_is_to_act_after_a_move_an_error_and_news(make_app, online_loop_server):
    app, table, guest, token = hosted_table(make_app, online_loop_server)
    rng = random.Random(4)
    try:
        if table.controller.game.to_move == 1:                       # Jayden begins: one action of theirs first
            for _ in guest.poll():
                pass
            v = guest.view
            assert v is not None and v["to_move"] == 1
            guest.send_action(rng.choice(v["legal"]), v["ply"])
        until(app, lambda: table.phase == Phase.TURN and table.controller.game.to_move == 0, 20, "our turn")
        assert status(app, table)[0] == "Jazz"            # our own turn: our name, then what to do
        ply = len(table.controller.game.history)
        table.controller.play(0, rng.choice(table.controller.game.legal_actions()))
        until(app, lambda: table.phase == Phase.COMPUTER and len(table.controller.game.history) > ply, 20,
              "after our move")
        assert status(app, table) == ["Jayden", "is to play"]

        table.online.link.net.send_action("nothing@a1", 0)       # a ply the game is no longer at: refused
        until(app, lambda: bool(table.online.refused), 10, "the refusal")
        assert table.controller.messages.text == table.online.refused[-1]
        assert table.controller.messages.text in drawn_text(app) and status(app, table) == ["Jayden", "is to play"]
        table.say("")                                     # the refusal read (it would stay its time)

        guest.close()                                     # Jayden drops: the waiting note, the host asked
        until(app, lambda: "Jayden lost connection - waiting" in table.controller.messages.text, 15, "the waiting note")
        assert status(app, table) == ["Jayden (lost)", "lost the connection - waiting"]
        until(app, lambda: app.stack.top is not table, 15, "the host's question")
        press(app, "return")                              # Keep waiting
        assert app.stack.top is table
        with comes_back(app, table, online_loop_server, token):
            assert table.controller.messages.text in drawn_text(app) and status(app, table) == ["Jayden", "is to play"]
        app.stack.clear()
    finally:
        guest.close()
