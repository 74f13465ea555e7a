"""Watching an online game (a spectator) through the screens, with a real server on 127.0.0.1 port 0.

A headless app joins with Watch (the Join screen) or from the Find list (a
full game offers Watch), waits in the waiting room while the seats fill,
then follows the whole game on the Jayden board or the card table while
two bots play it: every action key says it is refused, nothing hidden is
ever drawn, the board at the end is the server's, the statistics and
Continue know nothing of it, and leaving asks nothing.
"""

from __future__ import annotations

import random
import time
from contextlib import contextmanager
from typing import Iterator

from jayden_jazz import statistics
from jayden_jazz.net.discovery import HostedGame
from jayden_jazz.net.protocol import VERSION
from jayden_jazz.online.words import WATCHING
from jayden_jazz.scenes.cards.table import CardsTableScene
from jayden_jazz.scenes.online.find import FindScene
from jayden_jazz.scenes.jayden.board import JaydenScene
from jayden_jazz.scenes.online.lobby import LobbyScene
from jayden_jazz.scenes.jayden.panels import EndBar
from jayden_jazz.scenes.jayden.render import square_rect
from jayden_jazz.scenes.resume import latest_to_continue
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.tables.cards import mirror
from tests.helpers import click, press, step
from tests.net.conftest import client, create, expect, pick, play_out
from tests.scenes.test_online import FakeFinder, open_online, type_text, until
from tests.scenes.test_online_hidden import sent_ids


def drawn_text(app) -> str:
    """Every text the next frame draws, one a line."""
    seen: list[str] = []
    font = app.font
    plain, centered = font.draw, font.draw_centered

    def draw(surface, text, *a, **k):
        seen.append(str(text))
        return plain(surface, text, *a, **k)

    def draw_c(surface, text, *a, **k):
        seen.append(str(text))
        return centered(surface, text, *a, **k)

    font.draw, font.draw_centered = draw, draw_c
    try:
        app.render()
    finally:
        del font.draw, font.draw_centered
    return "\n".join(seen)


def watch_screen(app, address: str, code: str) -> None:
    press(app, "down", "return")                      # Join a game
    sc = app.stack.top
    type_text(app, address)
    press(app, "return")
    type_text(app, code)
    press(app, "return")
    press(app, "down")                                # past Join to play, to Watch
    assert sc.focused == "watch"
    press(app, "return")


def kept(app) -> tuple[bytes | None, bool]:
    """The statistics file as it is, and whether Continue would offer an online game."""
    path = statistics.stats_path(app)
    u = latest_to_continue(app.dirs.saves)
    return (path.read_bytes() if path.exists() else None), (u is not None and u.game == "online")


def menu_labels(app) -> list[str]:
    top = app.stack.top
    assert isinstance(top, ChoiceWindow)
    return [i.label for i in top.items]


@contextmanager
def made_game(url: str, kind: str, setup: dict) -> Iterator[tuple[dict, list]]:
    """A two-seat game made by a bare client; the players put in the list are closed with it, whatever happens."""
    maker = client(url, "Maker")
    players: list = []
    try:
        yield create(maker, kind, setup, [{"kind": "human"}, {"kind": "human"}]), players
    finally:
        for c in [maker, *players]:
            c.close()


def seat_both(url: str, created: dict, players: list) -> None:
    """Ann and Ben take seats 0 and 1 of the made game."""
    for seat, name in enumerate(("Ann", "Ben")):
        c = client(url, name)
        c.join(created["game"], seat=seat)
        expect(c, "joined")
        players.append(c)


def test_a_spectator_watches_a_whole_jayden_game_from_the_waiting_room_to_the_end(make_app, online_loop_server):
    with made_game(online_loop_server.url, "jayden", {}) as (created, players):
        app = open_online(make_app)
        before = kept(app)
        watch_screen(app, f"127.0.0.1:{online_loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, LobbyScene), 15, "the waiting room")
        lobby = app.stack.top
        assert lobby.link.watching and lobby.link.seat is None
        until(app, lambda: lobby.view is not None, 5, "the first view")
        text = drawn_text(app)
        assert "You are watching" in text and "watching" in text.splitlines()[0]
        assert text.count("waiting for a player") == 2
        for seat, name in enumerate(("Ann", "Ben")):
            c = client(online_loop_server.url, name)
            c.join(created["game"], seat=seat)
            expect(c, "joined")
            players.append(c)
            if seat == 0:                              # the seats fill as the spectator looks on
                until(app, lambda: lobby.view["seats"][0]["connected"], 5, "Ann seated")
                text = drawn_text(app)
                assert "Ann" in text and text.count("waiting for a player") == 1
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 15, "the board")
        sc = app.stack.top
        until(app, lambda: sc.seats.view_msg is not None and sc.seats.view_msg["status"] == "playing", 5)
        assert "Watching: Ann, Ben" in drawn_text(app)
        app.settings["animation"] = "fast"             # each action shown selected, then with its steps
        # every key that would act is refused, in the same words
        for keys in (("return",), ("h",), ("u",)):
            sc.messages.say("")
            press(app, *keys)
            assert sc.messages.text == WATCHING, keys
        sc.messages.say("")
        r = square_rect(0, sc.flip)
        click(app, r.centerx, r.centery)
        assert sc.messages.text == WATCHING and sc.table.selected is None
        press(app, "escape")
        assert menu_labels(app) == ["Resume", "Move list", "Leave"]
        press(app, "escape")
        shown_selected = []

        def watch() -> None:
            step(app, 1)
            if sc.table is not None and sc.seats.follower.hold > 0:
                shown_selected.append(sc.table.selected)
        final = play_out(players, random.Random(7), timeout=120, between=watch)
        app.settings["animation"] = "instant"          # the rest at once: the steps were seen
        until(app, lambda: sc.end_shown, 90, "the end shown")
        assert sc.pos.jpn() == final["board"]["jpn"] and len(sc.table.records) == len(final["log"])
        assert shown_selected and all(s is not None for s in shown_selected)   # both sides' actions as steps
        end = app.stack.top                             # the same end bar as offline, without New game
        assert isinstance(end, EndBar) and end.items[end.index].value == "look"
        assert "new" not in [i.value for i in end.items]
        assert kept(app) == before                      # no statistics, nothing for Continue
        press(app, "escape", "escape")                  # the end window, then the menu: Leave asks nothing
        assert menu_labels(app)[-1] == "Leave"
        press(app, "up", "return")
        until(app, lambda: type(app.stack.top).__name__ == "TitleScene", 5, "the title")
        assert sc.seats.link.net.state == "closed" and kept(app) == before


def test_leaving_a_watched_game_mid_way_asks_nothing_and_a_player_coming_back_is_said(make_app, online_loop_server):
    with made_game(online_loop_server.url, "jayden", {}) as (created, players):
        seat_both(online_loop_server.url, created, players)
        app = open_online(make_app)
        before = kept(app)
        watch_screen(app, f"127.0.0.1:{online_loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 15, "the board of a running game")
        sc = app.stack.top
        until(app, lambda: sc.seats.view_msg is not None, 5)
        players[1].close()
        until(app, lambda: "Ben lost connection" in drawn_text(app), 10, "Ben away")
        ben = client(online_loop_server.url, "Ben")
        ben.join(created["game"], seat=1, token=players[1].session["token"])
        players[1] = ben
        until(app, lambda: sc.messages.text == "Ben is back", 10, "Ben back")
        press(app, "escape")
        press(app, "up", "return")                    # Leave: no question
        until(app, lambda: type(app.stack.top).__name__ == "TitleScene", 5, "the title")
        assert kept(app) == before


def test_find_offers_watch_on_a_full_game(make_app, online_loop_server, monkeypatch):
    finder = FakeFinder()
    make_app.online(finder=lambda: finder)
    with made_game(online_loop_server.url, "jayden", {}) as (created, players):
        seat_both(online_loop_server.url, created, players)
        app = open_online(make_app)
        press(app, "down", "down", "return")
        sc = app.stack.top
        assert isinstance(sc, FindScene)
        finder.listed = [HostedGame("Ann's machine", "127.0.0.1", online_loop_server.port, "jayden", created["code"], 0,
                                    VERSION)]
        until(app, lambda: len(sc.games) == 1, 5, "the list updated")
        assert sc.menu.items[0].enabled and "can be watched" in drawn_text(app)
        press(app, "return")
        assert menu_labels(app) == ["Watch", "Back to the list"]
        press(app, "return")
        until(app, lambda: isinstance(app.stack.top, JaydenScene), 15, "watching from the list")
        assert app.stack.top.seats.link.watching
        app.stack.clear()



class Spectating:
    """A spectator's card table held, every frame, to what everyone may see: no hand face up, nothing
    face up or named that the server did not send it, and none of seat 0's unsent cards anywhere."""

    def __init__(self, app, table: CardsTableScene, secret: set[str]) -> None:
        self.app, self.t, self.secret = app, table, secret
        self.sent: set[str] = set()
        self.steps_seen = False
        self.frames = 0

    def check(self) -> None:
        app, t = self.app, self.t
        step(app, 1)
        if app.stack.top is not t and not t.end_shown:
            return
        if t.online.link.net.view is not None:
            sent_ids(t.online.link.net.view, self.sent)
        sent = self.sent
        st = t.controller.screen_view()
        assert t.visible_seats() == frozenset()
        for h in st.hands:
            face_up = list(h.cards or ()) + [cid for _, cid in h.known]
            assert h.cards is None and all(c in sent and not mirror.is_standin(c) for c in face_up)
        drawn = [cid for _, _, cid in t.renderer.faces]
        assert all(c in sent and not mirror.is_standin(c) for c in drawn), drawn
        words = drawn_text(app)
        hidden = self.secret - sent                # seat 0's cards the spectator was never shown
        cat = t.library.catalog
        assert not hidden & set(drawn) and "unseen/" not in words and "hidden card" not in words
        names_sent = {cat[c].name for c in sent if c in cat}
        assert not any(cat[c].name in words for c in hidden if c in cat and cat[c].name not in names_sent)
        self.steps_seen = self.steps_seen or (t.controller.show is not None and t.controller.caption is not None)
        self.frames += 1

    def to_the_end(self, players: list, seed: int) -> dict:
        """Two bots play to the end while the spectator follows; then it catches up, step by step."""
        final = play_out(players, random.Random(seed), timeout=60, between=self.check)
        end = time.monotonic() + 60
        while not self.t.end_shown:
            assert time.monotonic() < end, "the end window did not come"
            self.check()
            time.sleep(0.002)
        for _ in range(5):
            self.check()
        return final


def test_a_spectator_watches_a_whole_hidden_three_open_card_game(make_app, online_loop_server):
    rules = {"preset": "updated", "open": False, "three_open": True, "random": True}
    with made_game(online_loop_server.url, "cards", {"rules": rules, "field": "3x3"}) as (created, players):
        app = open_online(make_app)
        app.settings["animation"] = "fast"              # the placements are shown as steps
        before = kept(app)
        watch_screen(app, f"127.0.0.1:{online_loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, LobbyScene), 15, "the waiting room")
        assert "You are watching" in drawn_text(app)
        seat_both(online_loop_server.url, created, players)
        until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the card table")
        t = app.stack.top
        assert t.online.watching and t.visible_seats() == frozenset()
        until(app, lambda: players[0].view is not None and players[0].view["board"] is not None, 5)
        secret = {c for c in players[0].view["board"]["hands"][0] if c}    # seat 0's hand, as seat 0 sees it
        w = Spectating(app, t, secret)
        check = w.check
        check()
        assert "Watching: Ann, Ben" in drawn_text(app)
        for keys in (("return",), ("h",), ("u",)):
            t.say("")
            press(app, *keys)
            assert t.controller.messages.text == WATCHING, keys
        press(app, "escape")
        assert menu_labels(app) == ["Resume", "Move log (L)", "Look at the card under the cursor (V)", "Leave"]
        press(app, "escape")
        final = w.to_the_end(players, 3)
        assert w.steps_seen and w.frames > 20
        there = {x["cell"]: (x["card"], x["owner"]) for x in final["board"]["cells"] if x}
        names = t.controller.game.field.cell_names
        g = t.controller.game
        here = {names[c]: (card.id, g.owner_at(c)) for c in g.field.cells if (card := g.card_at(c))}
        assert here == there and t.final_result().to_dict() == final["result"]
        assert t.online.problem == "" and t.online.refused == []
        assert kept(app) == before
        press(app, "escape")                          # the end window closed
        press(app, "escape")
        press(app, "up", "return")                    # Leave: no question
        until(app, lambda: type(app.stack.top).__name__ == "TitleScene", 5, "the title")
        assert kept(app) == before


def test_a_spectator_joining_a_hand_swap_game_under_way_follows_it_to_the_end(make_app, online_loop_server):
    rules = {"preset": "updated", "open": False, "three_open": True, "hand_swap": True, "random": True}
    with made_game(online_loop_server.url, "cards", {"rules": rules, "field": "3x3"}) as (created, players):
        seat_both(online_loop_server.url, created, players)
        rng = random.Random(5)
        while players[0].view is None or players[0].view["ply"] < 2:   # two cards down before anyone watches
            for c in players:
                c.poll()
                v = c.view
                if v and v["status"] == "playing" and v["to_move"] == v["you"] and c.pending is None \
                        and v["ply"] < 2:
                    c.send_action(pick(v, rng), v["ply"])
                    c.wait_for(lambda m: m["type"] == "view" and m["ply"] > v["ply"], 5)
        app = open_online(make_app)
        app.settings["animation"] = "fast"
        before = kept(app)
        secret = {c for c in players[0].view["board"]["hands"][0] if c}
        watch_screen(app, f"127.0.0.1:{online_loop_server.port}", created["code"])
        until(app, lambda: isinstance(app.stack.top, CardsTableScene), 20, "the table of a game under way")
        t = app.stack.top
        assert t.online.watching and t.online.base == 2
        w = Spectating(app, t, secret)
        final = w.to_the_end(players, 9)
        there = {x["cell"]: (x["card"], x["owner"]) for x in final["board"]["cells"] if x}
        names = t.controller.game.field.cell_names
        g = t.controller.game
        here = {names[c]: (card.id, g.owner_at(c)) for c in g.field.cells if (card := g.card_at(c))}
        assert here == there and t.final_result().to_dict() == final["result"] and t.online.problem == ""
        assert kept(app) == before
        app.stack.clear()
