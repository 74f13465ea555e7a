"""Jayden played through a game server: the board's seats when the server holds the game.

The board is the same scene as for a game on this machine
(``scenes/jayden/board.py``, over :class:`RemoteSeats` instead of
``LocalSeats``), so every key means the same online; what the server does
not allow (undo, saves, hints where the host did not allow them) is refused
with the reason on the message line.

The table is brought to the server's view: actions a view adds to the
record are played on it one at a time (``follow.py``: the opponent's shown
selected first, like a computer's move, then with their steps); a view that
does not follow on -- a reconnect, a refused stale action -- loads the
table from its record. The local seat's commands (select, deselect,
refusals) are the table's; an action goes to the server with its ply and is
shown only when the server's view has it.

Connection trouble: another seat away shows "X lost connection - waiting"
with the seconds counting; once the server's wait is over the host may
give that seat to the computer or end the game as abandoned. Our own
connection lost shows "Reconnecting..." and the client comes back by
itself (``NetClient``); the view it then receives is drawn as it is.
A game the server could not record (``game_lost``) ends here as an
abandoned one does, with the reason, the board left to read; it is not
counted in the statistics and Continue forgets it.

A spectator's link (``link.watching``) follows the same way, both sides'
actions shown selected then played; every key that would act says so,
the menu offers only the move list and leaving, and leaving asks nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from jayden_jazz import statistics
from jayden_jazz.jayden import START_JPN, Position
from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import forget_session
from jayden_jazz.online.words import GAME_LOST_LINE, WATCHING
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.jayden.names import SIDE_COLOR
from jayden_jazz.scenes.jayden.render import cell_of_square
from jayden_jazz.scenes.online import hints as hints_online
from jayden_jazz.scenes.online import host_choice as H
from jayden_jazz.scenes.online import moved
from jayden_jazz.scenes.online import names
from jayden_jazz.scenes.online.follow import Follower
from jayden_jazz.scenes.online.jayden_offers import Offers
from jayden_jazz.scenes.online.presence import Presence
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.widgets import MenuItem
from jayden_jazz.tables.jayden.controller import JaydenController
from jayden_jazz.tables.jayden.names import SIDE_NAME, describe_result
from jayden_jazz.tables.jayden.view import Notice, Outcome, refused

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden.board import JaydenScene
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.scene import Scene

SIDES = ("g", "r")               # seat 0 plays Green, who moves first
NAME_COLS = 14          # a name's characters on the status line, beside the board's own notes
NO_UNDO = "Online games have no undo: the server holds every action as played"
END_ITEMS = [MenuItem("Watch replay", "replay"), MenuItem("Move list", "moves"),
             MenuItem("Look at the board", "look"), MenuItem("Back to title", "title")]
END_DEFAULT = [i.value for i in END_ITEMS].index("look")     # Enter on the end bar loses nothing


def online_board(app: AppView, link: Link) -> Scene:
    """The board for one seat (or a spectator) of an online game; ``link`` is closed on leaving."""
    return app.scene("jayden-seated", seats=RemoteSeats(app, link))


def _humans() -> dict[str, dict[str, Any]]:
    return {"g": {"kind": "human"}, "r": {"kind": "human"}}


class RemoteSeats:
    """One seat of a game a server holds: this screen's side acts through the server, the other
    side's actions arrive in its views."""

    warnings = False     # the Master warnings are a help the other player never agreed to

    def __init__(self, app: AppView, link: Link) -> None:
        self.app = app
        self.link = link
        self.presence = Presence()
        self.offers = Offers(self)
        self.hints = hints_online.JaydenHints(self)     # when the host allowed them (hints.py)
        self.shown: dict[str, Any] | None = None      # the view the board was last brought to
        self.started = False                            # a view has been shown at all
        self.sent_ply: int | None = None     # the ply of our action until a view shows it played
        self.counted = False
        self.lost = False                   # the server lost the game (game_lost): nothing more is played
        seat = link.seat if link.seat is not None else 0
        self.side = SIDES[seat] if seat < 2 else "g"
        game = jsave.JaydenGame(start=START_JPN, actions=[], players=_humans(),
                                enhanced=bool(app.settings["enhanced"]))
        self.table = JaydenController(game, pace=lambda: animation_factor(app.settings["animation"]),
                                      rng=random.Random(0), make_brain=self.hints.make_brain,
                                      can_think=self.hints.can_think, hints=False)
        self.follower = Follower(self.table, link.seat)
        self._board: JaydenScene | None = None

    @property
    def board(self) -> JaydenScene:
        assert self._board is not None, "the seats serve no board yet"
        return self._board

    def attach(self, board: JaydenScene) -> None:
        self._board = board
        self._sync()
        self.table.take_notices()         # the board is set up from the table as it now stands

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        self.table.stop_thinking()
        self.hints.close()
        self.link.close()

    # what the server holds ---------------------------------------------------------------
    @property
    def view_msg(self) -> dict[str, Any] | None:
        return self.link.net.view

    @property
    def pos(self) -> Position:
        return self.table.pos

    def seat_name(self, seat: int, most: int = 24) -> str:
        """The seat as the server names it: the player's name, "CPU Normal", "(lost)" (names.py)."""
        v = self.view_msg
        if v is None or seat >= len(v["seats"]):
            return SIDE_NAME[SIDES[seat]]
        return names.name(v, seat, most)

    def _rebuild(self, v: dict[str, Any]) -> None:
        """The table loaded with the view's record (a hint asked of the old board is dropped)."""
        board = v["board"]
        game = jsave.JaydenGame(start=board.get("start") or START_JPN, actions=[e["action"] for e in v["log"]],
                                players=_humans(), enhanced=bool(self.app.settings["enhanced"]),
                                quiet_draw=bool(board.get("quiet_draw", True)))
        self.table.hints = hints_online.allowed(v)
        self.table.load(game, game.position())
        self.follower = Follower(self.table, self.link.seat)
        self.started = True

    def _sync(self) -> None:
        """Queue what the server's latest view adds to the board (shown one action at a time),
        or load the board from the view when it does not follow on."""
        v = self.view_msg
        if v is None or v is self.shown:
            return
        self.shown = v
        self.board.changed()
        if not self.started or not self.follower.extend(v["log"]):
            self._rebuild(v)
        self._check(v)

    def _check(self, v: dict[str, Any]) -> None:
        """Once the board has played all it was sent, it must be the server's position."""
        if self.follower.incoming:
            return
        if self.pos.jpn() != v["board"]["jpn"] or len(self.pos.history) != len(v["log"]):
            self._rebuild(v)
        self.offers.apply_end(v)

    def _ended(self, v: dict[str, Any]) -> None:
        if not self.counted and self.link.seat is not None:
            self.counted = True
            self._count(v)
            forget_session(self.app.dirs.saves, self.link.game)
        board = self.board
        if not board.end_shown and board.stack is not None and not self.follower.busy:
            board.show_end()

    def _count(self, v: dict[str, Any]) -> None:
        """This player's statistics, from their own seat's side."""
        res = v.get("result") or {}
        me = self.link.seat
        if me is None:
            return
        winner = res.get("winner")
        outcome = "drawn" if winner is None else ("won" if winner == me else "lost")
        if v["status"] == "abandoned":
            outcome = statistics.ABANDONED      # counted apart: neither won nor lost
        them = names.view_seat(v, 1 - me) or {"kind": "human"}
        kind = str(them.get("level") or "normal") if them.get("kind") == "computer" else "human"
        statistics.record(self.app, "jayden", (outcome, [kind], statistics.rules_name_jayden(
            bool(self.app.settings["enhanced"]), bool(v["board"].get("quiet_draw", True)))))

    # the server's messages -----------------------------------------------------------------
    def _network(self) -> None:
        board = self.board
        for msg in self.link.poll():
            board.changed()
            heard = H.hear(msg, self.presence, board.ticks, host=self.link.is_host)
            if heard.ask is not None:
                self._ask_host(heard.ask)
            if heard.reconnected:
                self.shown = None              # the server sends the whole view again: draw that
            if msg["type"] == "error":
                self.sent_ply = None
                if msg.get("code") == "game_lost" and not self.lost:
                    self.lost = self.counted = True          # never finished: not in the statistics
                    forget_session(self.app.dirs.saves, self.link.game)
            if heard.refuse:
                board.refuse(heard.refuse)
            elif heard.say:
                board.say(heard.say)
        v = self.view_msg
        if v is not None and self.sent_ply is not None and int(v["ply"]) > self.sent_ply:
            self.sent_ply = None
        if v is not None:
            self.presence.from_view(v, board.ticks)
            self.offers.follow(v)

    def _ask_host(self, seat: int) -> None:
        s = names.view_seat(self.view_msg, seat)
        H.ask_host(self.app, self.board.stack, self.link, seat, str(s["name"]) if s else self.seat_name(seat))

    # time ----------------------------------------------------------------------------------
    def update(self) -> None:
        v = self.shown
        board = self.board
        if self.lost and not board.end_shown and board.stack is not None and not self.follower.busy:
            board.show_end()
        elif v is not None and not self.follower.busy and not self.lost:
            self._check(v)
            if v["status"] in ("over", "abandoned") and not self.board.end_shown:
                self._ended(v)
        self._network()
        self._sync()

    def after_tick(self) -> None:
        shown = self.follower.tick(self.board.speed)
        if shown is not None:
            self.board.cursor = cell_of_square(shown.dst, self.board.flip)

    def busy(self) -> bool:
        return self.follower.busy

    def redraw_in(self) -> int | None:
        return 30 if self.presence.troubled else None

    def waiting(self) -> str:
        return "" if self.started else "Waiting for the server..."

    def faces_red(self, side: str) -> bool | None:
        """Our own side at the bottom, whoever acts (a spectator sees Green's way)."""
        return self.side == "r"

    # pressing ------------------------------------------------------------------------------
    def why_not_now(self) -> str:
        """Why this seat cannot act now, in plain words, or ""."""
        v = self.view_msg
        if self.lost:
            return GAME_LOST_LINE
        if self.presence.own_lost:
            return moved.HINT if moved.offered(self.link) else "Not connected to the server: reconnecting..."
        if v is None:
            return "Waiting for the server..."
        if v["status"] == "abandoned":
            return "The game was ended as abandoned"
        if v["status"] == "over":
            return "The game is over"
        if v["status"] != "playing":
            return "The game has not started: a seat is still empty"
        if self.link.seat is None:
            return "You are watching this game"
        if v["to_move"] != v["you"]:
            seat = int(v["to_move"])
            return f"{SIDE_NAME[SIDES[seat]]} ({self.seat_name(seat)}) is to act; their action will show here"
        if self.link.net.pending is not None or self.sent_ply is not None:
            return "Waiting for the server to take your last action"
        return ""

    def catch_up(self) -> bool:
        """The board brought to the server's latest view (it may have come since the last tick) and what
        it is still showing played at once: a key pressed acts on the game as the server holds it."""
        self._sync()
        if self.follower.busy and not self.follower.finish() and self.view_msg is not None:
            self._rebuild(self.view_msg)
        self.board.follow()               # what that played is shown before the press is answered
        return self.started

    def over(self) -> bool:
        v = self.view_msg
        return self.lost or (v is not None and v["status"] in ("over", "abandoned"))

    def why_not_act(self) -> str:
        return WATCHING if self.link.watching else self.why_not_now()

    def act(self, sq: int) -> Outcome:
        table, v = self.table, self.view_msg
        act = table.targets.get(sq) if table.selected is not None else None
        if act is None or v is None:
            return table.press(self.side, sq)
        table.deselect()
        self.sent_ply = int(v["ply"])
        self.link.net.send_action(act.text(), self.sent_ply)
        return Outcome(True, "sent")

    def hint(self) -> Outcome:
        return refused(WATCHING) if self.link.watching else self.hints.ask()

    def undo(self) -> Outcome:
        return refused(WATCHING if self.link.watching else NO_UNDO)

    def noticed(self, n: Notice) -> None:
        """The end, saves and statistics of an online game come from the server's view, not the table."""

    # the menu and the end ------------------------------------------------------------------
    def menu(self) -> Scene:
        code = f"Game code {self.link.code}: others join or watch with it." if self.link.code else ""
        if self.link.watching:
            items = [MenuItem("Resume", "resume"), MenuItem("Move list", "moves"), MenuItem("Leave", "leave")]
            return menus.MainMenu(self.app, items, self.board.menu_choice, title="Watching", text=code)
        items = [MenuItem("Resume", "resume"), MenuItem("Move list", "moves"), *self.hints.menu_items(),
                 *self.offers.menu_items()]
        items += H.away_items(self.link, self.presence, self.view_msg) + moved.items(self.link)
        items += [MenuItem("Instructions", "instructions"), MenuItem("Options", "options"),
                  MenuItem("Leave the game", "leave")]
        return menus.MainMenu(self.app, items, self.board.menu_choice, title="Online game", text=code)

    def choose(self, choice: Any) -> None:
        if isinstance(choice, tuple) and choice[0] == "away":
            self._ask_host(int(choice[1]))
        elif choice in ("draw", "resign"):
            self.offers.choose(choice)
        elif choice == moved.VALUE:
            moved.give_new_address(self.app, self.link)
        elif choice in ("leave", "title"):
            self.ask_leave()

    def ask_leave(self) -> None:
        v = self.view_msg
        if self.link.watching or self.lost or (v is not None and v["status"] not in ("playing", "waiting")):
            self.leave()
            return
        if self.link.is_host:
            text = ("The game is not finished and runs on this machine: leaving stops the server, and the other "
                    "player waits until you host again (Continue on the title).")
        else:
            text = "The game is not finished. It stays on the server: Continue on the title takes you back to it."
        self.board.stack.push(menus.yes_no(self.app, "Leave this game?", text,
                                           lambda yes: self.leave() if yes else None,
                                           yes="Yes, leave", no="No, go on playing"))

    def leave(self) -> None:
        self.app.back_to("menu")

    def end_words(self) -> tuple[str, str]:
        v = self.view_msg or {}
        if self.lost:
            return "Game lost", GAME_LOST_LINE
        if v.get("status") == "abandoned":
            return "Abandoned", "The host ended the game as abandoned."
        head, text = describe_result(self.pos, self.names())
        return (head, text) if head else ("Game over", "The game is over.")

    def end_items(self) -> tuple[list[MenuItem], int]:
        return list(END_ITEMS), END_DEFAULT

    # the status lines ------------------------------------------------------------------------
    def names(self) -> dict[str, str] | None:
        """Both sides by their players' names; the side's colour added where the names alike would confuse."""
        v = self.view_msg
        if v is None:
            return None
        plain = [names.plain_name(v, seat) for seat in (0, 1)]
        if plain[0] == plain[1]:
            plain = [f"{p} ({SIDE_NAME[s]})" for p, s in zip(plain, SIDES)]
        return dict(zip(SIDES, plain))

    def hints_offered(self) -> bool:
        return hints_online.allowed(self.view_msg) and self.link.seat is not None

    def state(self) -> list[tuple[str, int]] | None:
        """You (side and name) and what is going on; the opponent's name is on the line below."""
        v = self.view_msg
        me = f"You are {SIDE_NAME[self.side]}"
        if v is None:
            return [(me, P.WHITE), ("waiting for the server", P.LIGHT_GRAY)]
        if self.link.seat is not None:
            me += f" ({self.seat_name(SIDES.index(self.side), NAME_COLS)})"
        else:
            me = f"Watching: {self.seat_name(0, NAME_COLS)}, {self.seat_name(1, NAME_COLS)}"
        if self.lost:
            return [(me, P.WHITE), ("game lost by the server", P.LIGHT_RED)]
        if v["status"] == "playing" and v.get("to_move") is not None:
            seat = int(v["to_move"])
            side = SIDES[seat]
            # "Green to act, second action" as on a local board; which action only once the board
            # shows that side's turn (it may still be playing the other side's last one)
            which = "" if self.pos.side != side else \
                ", first action" if self.pos.acted is None else ", second action"
            if seat == v.get("you"):
                return [(f"{SIDE_NAME[side]} to act{which}", SIDE_COLOR[side]), ("your turn", P.YELLOW),
                        (me, P.WHITE)]
            who = self.seat_name(seat, NAME_COLS).replace(" (lost)", ", lost")     # never "(Jazz (lost))"
            acting = (f"{SIDE_NAME[side]} ({who}) to act{which}", SIDE_COLOR[side])
            if self.link.seat is None:          # a spectator: that they watch, and whom, comes first
                return [(me, P.WHITE), acting]
            return [acting, (me, P.WHITE)]
        if v["status"] == "abandoned":
            return [(me, P.WHITE), ("game abandoned", P.LIGHT_RED)]
        return [(me, P.WHITE), ("game over" if v["status"] == "over" else "waiting", P.LIGHT_GRAY)]

    def players_note(self) -> tuple[str, int]:
        """Who plays, by the server's names: "Red: Jayden", or both sides for a spectator."""
        if self.link.seat is None:
            return (f"Green: {self.seat_name(0, NAME_COLS)}, Red: {self.seat_name(1, NAME_COLS)}", P.LIGHT_GRAY)
        them = 1 - SIDES.index(self.side)
        return (f"{SIDE_NAME[SIDES[them]]}: {self.seat_name(them, NAME_COLS)}", P.LIGHT_GRAY)

    def notes(self) -> list[tuple[str, int]]:
        board = self.board
        out = self.presence.notes(board.ticks)          # trouble first; then who plays
        if self.presence.own_lost and moved.offered(self.link):
            out.insert(1, (moved.SHORT, P.LIGHT_RED))   # the way out when the server went elsewhere
        out += [self.players_note()] if self.view_msg is not None else []
        if (self.link.net.pending is not None or self.sent_ply is not None) and not self.presence.own_lost:
            out.append(("Sending your action...", P.WHITE))
        out.append((board.key_guide(), P.DARK_GRAY))
        return out


__all__ = ["RemoteSeats", "online_board"]
