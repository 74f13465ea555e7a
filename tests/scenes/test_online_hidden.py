"""Hidden-hand card games online, through a real server (127.0.0.1, port 0) and real card tables.

Two headless apps join one game by its code and play it to the end on
their own card tables (each seat's actions chosen with the table's own
commands), with computer seats on the server for four players. Every frame
each table is held to what its seat was sent: no card face up, named in
the log or drawn (the renderer's ``faces``) that the server did not send
this seat, no stand-in anywhere face up, only its own hand turned face up
-- at the end too. At the end each table's board and result are the
server's, and no action was refused or found not to fit.
"""

from __future__ import annotations

import random
import time

import pytest

from jayden_jazz.online.session import session_path
from jayden_jazz.scenes.cards.hands import HandChoiceScene
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.tables.cards import mirror
from jayden_jazz.tables.cards.flow import Phase
from tests.helpers import ctrl, press, step
from tests.net.conftest import FAST, ThreadServer, client, expect
from tests.scenes.test_online import join_screen, open_online
from tests.scenes.test_online_cards import screen_joins_host, seat0_move


@pytest.fixture
def fast_server(make_app):
    """Hosted servers without the rate limit a person never reaches, and a short seat timeout."""
    make_app.online(server_args=("--rate", "2000", "--seat-timeout", "1"))


def sent_ids(v: dict, into: set[str]) -> None:
    """Every card id a view names: what this seat was sent."""
    b = v.get("board")
    if b is None:
        return
    into |= {c for h in b["hands"] for c in h if c} | {x["card"] for x in b["cells"] if x}
    for e in v["log"]:
        into |= {str(c) for c in [e.get("card"), e.get("to_hand"), e.get("to_field"), *(e.get("cards") or ())] if c}


class Watch:
    """One table and everything its seat was sent so far."""

    def __init__(self, table: CardsTableScene) -> None:
        self.table = table
        self.sent: set[str] = set()
        self.frames = 0

    def check(self) -> None:
        t = self.table
        net = t.online.link.net
        if net.view is not None:
            sent_ids(net.view, self.sent)
        me = t.online.seat
        assert t.visible_seats() == frozenset({me})           # only this seat's hand face up, at the end too
        st = t.controller.screen_view()
        for h in st.hands:
            face_up = list(h.cards or ()) + [cid for _, cid in h.known]
            assert all(not mirror.is_standin(c) and c in self.sent for c in face_up), (h, self.sent)
            assert (h.cards is not None) == (h.seat == me)
        assert all(cid in self.sent for _, cid, _ in st.board)
        drawn = [cid for _, _, cid in t.renderer.faces]
        assert all(not mirror.is_standin(c) and c in self.sent for c in drawn), drawn
        for line in st.log:
            assert "unseen/" not in line and "hidden card" not in line, line
        assert "unseen/" not in t.controller.messages.text and "hidden card" not in t.controller.messages.text
        assert t.online.problem == "", t.online.problem
        self.frames += 1


def tables(apps: list) -> list[CardsTableScene]:
    return [a.stack.top for a in apps if isinstance(a.stack.top, CardsTableScene)]


def run(apps: list, done, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"not in {seconds} s: {what}"
        for a in apps:
            step(a, 1)
        time.sleep(0.002)


def join_all(make_app, server: ThreadServer, code: str, n: int, pick: bool) -> list:
    apps = []
    for _ in range(n):
        app = open_online(make_app)
        app.settings["animation"] = "fast"                # the remote placements are shown as steps
        join_screen(app, f"127.0.0.1:{server.port}", code)
        if pick:
            run([app], lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
            ctrl(app, "r")
            press(app, "return")                                  # a random hand (Ctrl+R), Done
        apps.append(app)
    run(apps, lambda: len(tables(apps)) == n, 30, "the card tables")
    return apps


def play_out(apps: list, rng: random.Random, seconds: float = 150.0) -> list[Watch]:
    watches = [Watch(t) for t in tables(apps)]
    end = time.monotonic() + seconds
    steps_seen = False
    while not all(w.table.end_shown for w in watches):
        assert time.monotonic() < end, "the game did not finish in time"
        for app, w in zip(apps, watches):
            step(app, 1)
            w.check()
            t = w.table
            steps_seen = steps_seen or (t.controller.show is not None and t.controller.caption is not None
                                        and t.controller.caption[1] != t.online.seat)
            if t.phase == Phase.TURN and t.controller.game.to_move == t.online.seat and app.stack.top is t:
                t.controller.play(t.online.seat, rng.choice(t.controller.game.legal_actions()))
        time.sleep(0.002)
    assert steps_seen                                      # the other seats' placements were shown as steps
    return watches


def same_as_server(w: Watch) -> None:
    t = w.table
    v = t.online.link.net.view
    assert v["status"] == "over" and t.online.refused == [] and t.online.problem == ""
    there = {x["cell"]: (x["card"], x["owner"]) for x in v["board"]["cells"] if x}
    names = t.controller.game.field.cell_names
    g = t.controller.game
    here = {names[c]: (card.id, g.owner_at(c)) for c in g.field.cells if (card := g.card_at(c))}
    assert here == there and t.online.ply(t) == v["ply"]
    assert t.final_result().to_dict() == v["result"]
    assert any("Game over" in line for line in t.controller.log.texts())


def game(make_app, tmp_path, rules: dict, seats: list, field: str, rng_seed: int, pick: bool) -> list[Watch]:
    server = ThreadServer(tmp_path / "data", FAST)
    maker = client(server.url, "Maker")
    try:
        maker.create("cards", {"rules": rules, "field": field}, seats)
        code = expect(maker, "created")["code"]
        humans = sum(1 for s in seats if s["kind"] == "human")
        apps = join_all(make_app, server, code, humans, pick)
        watches = play_out(apps, random.Random(rng_seed))
        run(apps, lambda: all(w.table.online.link.net.view["status"] == "over" for w in watches), 10, "the end")
        for app in apps:
            step(app, 2)
        for w in watches:
            same_as_server(w)
            assert w.frames > 20
        for app in apps:
            app.stack.clear()
        return watches
    finally:
        maker.close()
        server.stop()


def test_two_players_hidden_three_open_and_hand_swap_play_to_the_end(make_app, fast_server, tmp_path):
    watches = game(make_app, tmp_path, {"preset": "updated", "open": False, "three_open": True, "hand_swap": True,
                                        "random": True}, [{"kind": "human"}] * 2, "3x3", 1, pick=False)
    for w in watches:                                       # Three Open: the other's shown cards were known
        other = 1 - w.table.online.seat
        shown = next(e for e in w.table.online.link.net.view["log"] if e["event"] == "CardsShown"
                     and e["seat"] == other)["cards"]
        assert set(shown) <= w.sent


def test_two_players_hidden_chaos_and_hand_swap_with_hands_picked_play_to_the_end(make_app, fast_server, tmp_path):
    watches = game(make_app, tmp_path, {"preset": "draft", "open": False, "chaos": True, "hand_swap": True},
                   [{"kind": "human"}] * 2, "3x3", 2, pick=True)
    for w in watches:                                       # the server's draws, as a local game words them
        texts = w.table.controller.log.texts()
        assert any("Chaos draws a card for Player" in x for x in texts)
        assert any("Chaos draws" in x and "for you" in x and "a card" not in x for x in texts)


def test_four_seats_two_people_two_computers_hidden_three_open_and_chaos(make_app, fast_server, tmp_path):
    game(make_app, tmp_path, {"preset": "updated", "open": False, "three_open": True, "chaos": True,
                              "random": True},
         [{"kind": "human"}, {"kind": "computer", "level": "easy"}, {"kind": "human"},
          {"kind": "computer", "level": "easy"}], "5x5", 3, pick=False)


def test_continue_after_hand_swap_rebuilds_the_hidden_table_from_the_view(make_app, fast_server, tmp_path):
    """Leave a hidden Hand Swap game mid-way, Continue: the table is the view's again (the other hand
    face down but for the card it was given, the log the server's) and plays to the end."""
    from jayden_jazz.scenes.resume import latest_to_continue

    server = ThreadServer(tmp_path / "data", FAST)
    host = client(server.url, "Host")
    rng = random.Random(7)
    try:
        app, created = screen_joins_host(make_app, server, host, {"preset": "updated", "open": False,
                                                                  "hand_swap": True})
        run([app], lambda: isinstance(app.stack.top, HandChoiceScene), 20, "the hand picker")
        ctrl(app, "r")
        press(app, "return")
        run([app], lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
        table = app.stack.top
        w = Watch(table)
        bot_plays(app, w, host, rng, lambda: table.online.ply(table) >= 4)
        app.stack.clear()                                  # the player leaves; the seat stays theirs
        app.stack.push(app.scene("menu"))
        u = latest_to_continue(app.dirs.saves)
        assert u is not None and u.game == "online"
        app.stack.push(app.scene("online-continue", path=u.path))
        run([app], lambda: isinstance(app.stack.top, CardsTableScene), 20, "back at the card table")
        again = app.stack.top
        v = again.online.link.net.view
        assert again.online.base == v["ply"] >= 4 and again.controller.game.setup is None    # built from the view
        theirs = v["board"]["hands"][0]
        held = again.controller.game.hand_ids(0)
        assert len(held) == len(theirs) and sorted(c for c in theirs if c) == \
            sorted(c for i, c in enumerate(held) if again.controller.game.can_see_card(1, 0, i))
        assert sum(1 for c in held if mirror.is_standin(c)) == theirs.count(None) >= 1
        assert [ln.ply for ln in again.controller.log.lines if ln.first] == list(range(1, v["ply"] + 1))
        assert any("Hand Swap" in line for line in again.controller.log.texts())
        w2 = Watch(again)
        w2.sent = set(w.sent)
        bot_plays(app, w2, host, rng, lambda: again.end_shown)
        step(app, 2)
        same_as_server(w2)
        app.stack.clear()
    finally:
        host.close()
        server.stop()


def bot_plays(app, w: Watch, bot, rng: random.Random, done, seconds: float = 90.0) -> None:
    """The table's seat 1 and ``bot`` (a bare client at seat 0) play until ``done()``."""
    acted = -1
    table = w.table
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not in time"
        step(app, 1)
        w.check()
        time.sleep(0.002)
        acted = seat0_move(bot, rng, acted)
        if table.phase == Phase.TURN and table.controller.game.to_move == 1 and app.stack.top is table:
            table.controller.play(1, rng.choice(table.controller.game.legal_actions()))


def test_hints_and_saving_are_refused_at_a_hidden_online_table_with_the_reason(make_app, fast_server, tmp_path):
    from jayden_jazz.scenes.online.cards_link import NO_HINTS, NO_RECORD

    server = ThreadServer(tmp_path / "data", FAST)
    maker = client(server.url, "Maker")
    try:
        maker.create("cards", {"rules": {"preset": "updated", "open": False, "random": True}, "field": "3x3"},
                     [{"kind": "human"}, {"kind": "computer", "level": "easy"}])
        app = open_online(make_app)
        app.settings["enhanced"] = True
        join_screen(app, f"127.0.0.1:{server.port}", expect(maker, "created")["code"])
        run([app], lambda: isinstance(app.stack.top, CardsTableScene), 30, "the card table")
        table = app.stack.top
        run([app], lambda: table.phase == Phase.TURN, 30, "our turn")
        assert not table.computers.hints_on()
        press(app, "h")
        assert table.controller.messages.text == NO_HINTS and not table.controller.hint_waiting
        table.menu_choice("save")
        assert table.controller.messages.text == NO_RECORD
        app.stack.clear()
    finally:
        maker.close()
        server.stop()


SWAPPERS = ["default/tilejack", "example/card_sharp", "default/nitpick", "default/swapmeet_sal", "default/recompile",
            "example/do_over", "default/rebootica"]


def test_taking_up_a_hidden_game_after_a_swap_ability_or_a_reset_rebuilds_it_from_the_view(make_app, fast_server,
                                                                                          tmp_path):
    """Two bare clients with hands of swap and reset cards play a hidden Hand Swap game until a swap or a
    reset sent a card to a hand; the app then takes seat 1 up with its token (as Continue does) and the
    table, built from the view, plays the game to the end with the server's agreement."""
    import yaml

    from tests.scenes.test_online import until as _until

    server = ThreadServer(tmp_path / "data", FAST)
    rng = random.Random(11)
    bots: list = []
    try:
        for attempt in range(10):
            for b in bots:
                b.close()
            maker = client(server.url, "Maker")
            bots = [maker]
            maker.create("cards", {"rules": {"preset": "updated", "open": False, "hand_swap": True}, "field": "3x3"},
                         [{"kind": "human"}, {"kind": "human"}])
            created = expect(maker, "created")
            a, b = client(server.url, "A"), client(server.url, "B")
            bots += [a, b]
            tokens = {}
            for seat, bot in ((0, a), (1, b)):
                bot.join(created["game"], seat=seat)
                tokens[seat] = expect(bot, "joined")["token"]
                bot.choose_hand(rng.sample(SWAPPERS, 5))
                expect(bot, "ack")
            acted = {0: -1, 1: -1}
            swapped = False
            end = time.monotonic() + 30
            while time.monotonic() < end:
                time.sleep(0.003)
                for seat, bot in ((0, a), (1, b)):
                    for _ in bot.poll():
                        pass
                    v = bot.view
                    if not v or v["status"] != "playing" or v["to_move"] != seat or bot.pending is not None \
                            or v["ply"] <= acted[seat]:
                        continue
                    swapped = any(e["event"] in ("Swapped", "FieldReset") for e in v["log"])
                    if swapped and seat == 1:
                        break
                    acted[seat] = v["ply"]
                    special = [x for x in v["legal"] if "!" in x]
                    bot.send_action(rng.choice(special or v["legal"]), v["ply"])
                else:
                    if b.view and b.view["status"] == "over":
                        break
                    continue
                break
            if swapped and b.view["status"] == "playing":
                break
        else:
            pytest.fail("no swap or reset in 10 games")
        view_b = b.view
        b.close()
        app = open_online(make_app)
        session_path(app.dirs.saves).parent.mkdir(parents=True, exist_ok=True)
        session_path(app.dirs.saves).write_text(yaml.safe_dump({
            "format": 1, "kind": "cards", "url": server.url, "game": created["game"], "code": created["code"],
            "seat": 1, "token": tokens[1], "saved": "2026-11-30T12:00:00"}), encoding="utf-8")
        app.stack.push(app.scene("online-continue", path=session_path(app.dirs.saves)))
        _until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
        table = app.stack.top
        v = table.online.link.net.view
        assert v["ply"] == view_b["ply"] == table.online.base and table.controller.game.setup is None
        assert any(e["event"] in ("Swapped", "FieldReset") for e in v["log"])
        held, theirs = table.controller.game.hand_ids(0), v["board"]["hands"][0]
        assert sum(1 for c in held if mirror.is_standin(c)) == theirs.count(None)
        w = Watch(table)
        bot_plays(app, w, a, rng, lambda: table.end_shown)
        step(app, 2)
        same_as_server(w)
        app.stack.clear()
    finally:
        for b in bots:
            b.close()
        server.stop()
