"""The game being played: hands, actions, draw offers and resignations, judged by the table
(:mod:`.games`), written to the store, acknowledged, then every connection of the game sent its
own view (:mod:`.views`). The acknowledgement waits for the commit (:mod:`.commit`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.jayden.position import AGREED_DRAW, RESIGNED

from . import protocol as P
from .connection import Conn
from .games import JAYDEN_SIDES, CardsTable, JaydenTable, Refusal, Table

if TYPE_CHECKING:
    from .server import GameServer


class Turns:
    def __init__(self, server: GameServer) -> None:
        self.server = server

    def seated(self, conn: Conn, kind: str) -> tuple[Table, int]:
        """The table and seat of a player; a spectator only watches."""
        if conn.table is None:
            raise Refusal("not_joined", f"join a game before sending {kind}")
        if conn.seat is None:
            raise Refusal("spectator", "a spectator watches; only a seat's player may act")
        return conn.table, conn.seat

    # ------------------------------------------------------------------ views
    def view_of(self, table: Table, seat: int | None) -> str:
        """``seat``'s view, encoded (the card game shares most of it between seats)."""
        return table.view_text(seat, self.server.lobby.presence_of(table))

    def view(self, conn: Conn, msg: P.ViewAsk) -> None:
        """A player's or a spectator's view, asked for again (after a reconnect, say)."""
        if conn.table is None:
            raise Refusal("not_joined", "join a game before sending view")
        self.server.commits.send(conn, P.view_with_ref(self.view_of(conn.table, conn.seat), msg.ref))

    def broadcast(self, table: Table) -> None:
        """Every connection at ``table`` its view; a view is worked out once per seat (and once for
        all spectators), however many connections share it."""
        conns = self.server.watchers.get(table.id)
        if not conns:
            return
        send = self.server.commits.send
        presence = self.server.lobby.presence_of(table)
        views: dict[int | None, str] = {}
        for c in list(conns):
            text = views.get(c.seat)
            if text is None:
                text = views[c.seat] = table.view_text(c.seat, presence)
            send(c, text)

    # ------------------------------------------------------------------ a player's messages
    def hand(self, conn: Conn, msg: P.Hand) -> None:
        table, seat = self.seated(conn, msg.TYPE)
        if not isinstance(table, CardsTable):
            raise Refusal("not_cards", "only the card game has hands to choose")
        table.choose_hand(seat, list(msg.cards))
        self.server.store.set_hand(table.id, seat, list(msg.cards))
        self.server.commits.send(conn, P.ack(table.ply, msg.ref, hand=True))
        self.maybe_start(table)
        self.broadcast(table)

    def action(self, conn: Conn, msg: P.Action) -> None:
        table, seat = self.seated(conn, msg.TYPE)
        ply, text = msg.ply, msg.action
        send = self.server.commits.send
        if not self.play(table, seat, ply, text):
            send(conn, P.ack(ply, msg.ref, action=text, duplicate=True))
            send(conn, self.view_of(table, seat))
            return
        send(conn, P.ack(ply, msg.ref, action=text))
        self.broadcast(table)
        self.server.computers.think(table)

    def play(self, table: Table, seat: int, ply: int, text: str) -> bool:
        """Judge, then write; the caller acknowledges only after this returns."""
        before = table.status
        if not table.play(seat, ply, text):
            return False
        self.server.store.add_action(table.id, ply, seat, text, table.status if table.status != before else None)
        return True

    def off_board(self, conn: Conn, msg: P.OfferDraw | P.AnswerDraw | P.Resign) -> None:
        """A draw offer, its answer, or a resignation (Jayden): not actions, so they name no ply;
        the game they name must be the one this connection sits at."""
        table, seat = self.seated(conn, msg.TYPE)
        lobby = self.server.lobby
        named = lobby.held(msg.game)
        if named is None and not self.server.store.shared:    # SQLite: no_game unless archived (a local read)
            named = lobby.find(msg.game)
        if named is not table:     # a shared store is not read on the loop: the game sat at is held here
            raise Refusal("not_your_game", "you can only offer a draw or resign in the game you sit at")
        if not isinstance(table, JaydenTable):
            raise Refusal("not_jayden", "draw offers and resigning are for Jayden games")
        if isinstance(msg, P.OfferDraw):
            table.offer_draw(seat)
            answer = P.ack(table.ply, msg.ref, draw="offered")
        elif isinstance(msg, P.AnswerDraw):
            table.answer_draw(seat, msg.accept)
            answer = P.ack(table.ply, msg.ref, draw="accepted" if msg.accept else "declined")
        else:
            table.resign(seat)
            answer = P.ack(table.ply, msg.ref, resigned=True)
        self.store_end(table)
        self.server.commits.send(conn, answer)
        self.broadcast(table)
        if isinstance(msg, P.OfferDraw):
            self.server.computers.answer_draw(table)

    # ------------------------------------------------------------------ the game's course
    def store_end(self, table: JaydenTable) -> None:
        """A resignation or an agreed draw: an end no action shows, so it is written down."""
        res = table.position.result
        if table.status == "over" and res is not None and res.reason in (RESIGNED, AGREED_DRAW):
            loser = None if res.winner is None else 1 - JAYDEN_SIDES.index(res.winner)
            self.server.store.set_ending(table.id, loser, res.reason)

    def maybe_start(self, table: Table) -> None:
        if table.status == "waiting" and table.ready_to_start():
            table.start()
            self.server.store.set_status(table.id, table.status)
            self.server.computers.think(table)


__all__ = ["Turns"]
