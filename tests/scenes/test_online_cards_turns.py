"""The online card table acts only on what its player did in their own turn.

Keys and clicks made while another seat is to play are refused there and
then, with the reason, and never kept to act once this seat's turn comes:
before, a click on a hand card and one on a cell made in the other
player's turn placed that card the moment the turn came, with no input at
all. Servers listen on 127.0.0.1 port 0 only.
"""

from __future__ import annotations

import random

from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import click, press, step
from tests.net.conftest import FAST, ThreadServer, client
from tests.scenes.cards_helpers import cell_centre, hand_centre
from tests.scenes.test_online import until
from tests.scenes.test_online_cards import screen_at_table, seat0_move


def test_keys_and_clicks_in_the_other_seats_turn_do_nothing_and_say_why(make_app, online_fast_server, tmp_path):
    server = ThreadServer(tmp_path / "data", FAST)
    host = client(server.url, "Lori")
    rng = random.Random(8)
    try:
        app, table, _ = screen_at_table(make_app, server, host)
        if table.controller.game.to_move == 1:                     # this screen begins: one move, then it is Lori's turn
            until(app, lambda: table.phase == Phase.TURN, 10, "our first turn")
            table.controller.play(1, rng.choice(table.controller.game.legal_actions()))
        until(app, lambda: table.phase == Phase.COMPUTER and table.controller.game.to_move == 0, 20, "Lori's turn")
        ply = len(table.controller.game.history)
        mine = table.controller.game.hand_ids(1)[0]
        g = table.controller.game
        free = next(g.field.name_of(c) for c in g.field.cells if g.card_at(c) is None)
        click(app, *hand_centre(table, 1, mine))        # pick a card of our hand ...
        assert table.controller.messages.text == "Wait: it is Lori's turn"
        table.say("")
        click(app, *cell_centre(table, free))           # ... and put it on a free cell
        assert table.controller.messages.text == "Wait: it is Lori's turn"
        table.say("")
        press(app, "RETURN", "h", "LEFT", "UP")
        assert table.controller.messages.text == "Wait: it is Lori's turn"
        assert not table.queue and table.selected is None and table.pending is None
        acted = [-1]

        def lori_acted_and_our_turn() -> bool:
            acted[0] = seat0_move(host, rng, acted[0])  # Lori plays once, in her turn
            g = table.controller.game
            return len(g.history) > ply and table.phase == Phase.TURN and g.to_move == 1
        until(app, lori_acted_and_our_turn, 20, "Lori's action shown and our turn")
        step(app, 60)                                   # a second of our turn without a key
        for _ in host.poll():
            pass
        assert len(table.controller.game.history) == ply + 1 == host.view["ply"]     # Lori's action only: none of ours
        assert table.phase == Phase.TURN and table.selected is None and table.pending is None
        assert table.online.refused == [] and table.online.problem == ""
        app.stack.clear()
    finally:
        host.close()
        server.stop()
