"""Draw offers and resigning at the online Jayden board: the server judges, this screen asks and shows.

As offline (docs/rules/jayden.md, *Draw by agreement*): a player offers a
draw from the menu and the opponent takes it or turns it down; a player may
resign, and the other side wins. Online the offer is the server's
(``view.draw_offer``), so it reaches the opponent's screen and survives a
reconnect; it lapses when the opponent acts instead of answering. A game
that ended so is not in the record of actions: the result the server
sends is applied to the board here, and the end window says it. Once the
game is over no offer is put or said any more, and a question about an offer
still open over the board is taken away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from jayden_jazz.jayden.position import AGREED_DRAW, RESIGNED
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.widgets import MenuItem
from jayden_jazz.tables.jayden.names import SIDE_NAME

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.scenes.online.jayden import RemoteSeats
    from jayden_jazz.shell.scene import Scene

SIDES = ("g", "r")


class OfferQuestion(ChoiceWindow):
    """The opponent's offer put to this player (No the default); it goes away by itself once the offer
    no longer stands -- the game ended some other way, or it was withdrawn -- so nothing is answered
    about a game that is over."""

    def __init__(self, app: AppView, text: str, on_answer: Callable[[bool], None], still_open: Callable[[], bool]) -> None:
        super().__init__(app, "Draw offered", [MenuItem("Yes, accept the draw", True), MenuItem("No, play on", False)],
                         text=text, on_choose=on_answer, on_cancel=lambda: on_answer(False), width=380)
        self.menu.index = 1
        self.still_open = still_open

    def update(self) -> None:
        if not self.still_open():
            self.close()


class Offers:
    def __init__(self, seats: RemoteSeats) -> None:
        self.seats = seats
        self.theirs_seen = False          # their open offer was put to this player
        self.mine_at: int | None = None   # the ply at which our own offer was seen open
        self.question: Scene | None = None    # the window putting their offer to this player

    def _seats(self) -> tuple[dict[str, Any] | None, int | None]:
        v = self.seats.view_msg
        me = self.seats.link.seat
        if v is None or me is None or me > 1 or v["status"] != "playing":
            return None, None
        return v, me

    def who(self, seat: int) -> str:
        return f"{self.seats.seat_name(seat)} ({SIDE_NAME[SIDES[seat]]})"

    # the menu -------------------------------------------------------------------------
    def menu_items(self) -> list[MenuItem]:
        v, me = self._seats()
        if v is None or me is None:
            return []
        offer = v.get("draw_offer")
        why = ("Your draw offer waits for an answer" if offer == me else
               "Your opponent offers a draw: answer it first" if offer is not None else "")
        return [MenuItem("Offer a draw", "draw", enabled=not why, hint=why), MenuItem("Resign", "resign")]

    def choose(self, choice: str) -> None:
        v, me = self._seats()
        sc = self.seats
        board = sc.board
        if v is None or me is None:
            board.refuse("Only a player can offer a draw or resign, while the game goes on")
            return
        if choice == "draw":
            sc.link.net.offer_draw(sc.link.game)
            board.say(f"You offer a draw: it stands until {self.who(1 - me)} answers or acts")
            return

        def answer(yes: bool) -> None:
            if yes:
                sc.link.net.resign(sc.link.game)

        board.stack.push(menus.yes_no(sc.app, "Resign?", f"You give up and {self.who(1 - me)} wins the game.",
                                   answer, yes="Yes, I resign", no="No, play on"))

    # what the server's views say ----------------------------------------------------------
    def follow(self, v: dict[str, Any]) -> None:
        """Put the opponent's offer to this player once; tell the offerer how theirs ended."""
        sc = self.seats
        board = sc.board
        me = sc.link.seat
        playing = v.get("status") == "playing"
        offer = v.get("draw_offer") if playing else None
        if me is None or me > 1:
            return
        if offer is not None and offer != me and not self.theirs_seen:
            self.theirs_seen = True
            sc.app.sound.play("select")
            self.question = board.stack.push(OfferQuestion(
                sc.app, f"{self.who(offer)} offers a draw. Do you accept? Acting instead turns it down.",
                self._answer, lambda: self._open(offer)))
        elif offer is None:
            self.theirs_seen = False
            if self.question is not None:          # answered, lapsed, or the game ended meanwhile
                self.question.close()
                self.question = None
        if offer == me and self.mine_at is None:
            self.mine_at = int(v["ply"])
        elif offer != me and self.mine_at is not None:
            if playing:
                board.say(f"The draw offer lapsed: {self.who(1 - me)} acted instead" if int(v["ply"]) > self.mine_at
                          else f"{self.who(1 - me)} declines the draw")
            elif board.message.startswith("You offer a draw"):
                board.messages.clear()             # taken, or the game ended some other way: the offer is over
            self.mine_at = None

    def _open(self, offer: int) -> bool:
        """Their offer still stands in the server's latest view (the game goes on, nobody acted)."""
        v = self.seats.view_msg or {}
        return v.get("status") == "playing" and v.get("draw_offer") == offer

    def _answer(self, yes: bool) -> None:
        self.question = None
        if self.seats.view_msg is not None and self.seats.view_msg.get("status") == "playing":
            self.seats.link.net.answer_draw(self.seats.link.game, yes)

    def apply_end(self, v: dict[str, Any]) -> None:
        """A resignation or an agreed draw, which the record of actions does not hold, on the board too."""
        res = v.get("result") or {}
        table = self.seats.table
        if table.pos.result is not None or res.get("reason") not in (RESIGNED, AGREED_DRAW):
            return
        winner = res.get("winner")
        if res["reason"] == RESIGNED and winner in (0, 1):
            table.pos.resign(SIDES[1 - int(winner)])
            table.finish(SIDES[int(winner)], RESIGNED)
        elif res["reason"] == AGREED_DRAW:
            table.pos.agree_draw()
            table.finish(None, AGREED_DRAW)


__all__ = ["OfferQuestion", "Offers"]
