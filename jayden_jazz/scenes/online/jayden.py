"""Jayden played through a game server: this screen shows only what the server holds.

The board is a :class:`JaydenController` rebuilt from the server's view:
actions a view adds to the record are played on the table one at a time
(``follow.py``: the opponent's shown selected first, like a computer's
move, then with their steps); a view that does not follow on -- a
reconnect, a refused stale action -- rebuilds the table from its record. The local seat's
commands (select, deselect, refusals) are the table's; an action goes to the
server with its ply and is shown only when the server's view has it.

Connection trouble: another seat away shows "X lost connection - waiting"
with the seconds counting; once the server's wait is over the host may
give that seat to the computer or end the game as abandoned. Our own
connection lost shows "Reconnecting..." and the client comes back by
itself (``NetClient``); the view it then receives is drawn as it is.

A spectator's link (``link.watching``) follows the same way, both sides'
actions shown selected then played; every key that would act says so,
the menu offers only the move list and leaving, and leaving asks nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz import statistics
from jayden_jazz.jayden import START_JPN, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.jayden.panels import MoveListWindow
from jayden_jazz.scenes.jayden.render import (BOARD_H, COLS, ROWS, BoardRenderer, BoardView, cell_at,
                                              cell_of_square, square_of_cell)
from jayden_jazz.scenes.online import hints as hints_online
from jayden_jazz.scenes.online import host_choice as H
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online import names
from jayden_jazz.scenes.online.follow import Follower
from jayden_jazz.scenes.online.jayden_offers import Offers
from jayden_jazz.scenes.online.presence import Presence
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, soonest, ticks_to_next
from jayden_jazz.shell.widgets import MenuItem
from jayden_jazz.tables.jayden.controller import JaydenController
from jayden_jazz.tables.jayden.names import SIDE_NAME, describe_result
from jayden_jazz.tables.jayden.view import Event
from jayden_jazz.tables.seats import MessageTimer

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SIDES = ("g", "r")               # seat 0 plays Green, who moves first
MESSAGE_TICKS = 240
BLINK_TICKS = 15
NAME_COLS = 14          # a name's characters on the status line, beside the board's own notes
SOUND_BY_KIND = {"move": "move", "attack": "attack", "fire": "fire", "condition": "condition", "deploy": "deploy"}


class OnlineJaydenScene(PlayScene):
    """One seat of an online Jayden game; ``link`` is the seated connection (closed on leaving)."""

    helper_attr = "_none"

    def __init__(self, app: AppView, link: L.Link) -> None:
        super().__init__(app)
        self.link = link
        self.renderer = BoardRenderer(app.font)
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.ticks = 0
        self.table: JaydenController | None = None
        self.shown: dict[str, Any] | None = None      # the view the board was last brought to
        self.presence = Presence()
        self.offers = Offers(self)
        self.hints = hints_online.JaydenHints(self)     # when the host allowed them (hints.py)
        self.sent_ply: int | None = None     # the ply of our action until a view shows it played
        self.counted = False
        self.end_shown = False
        self.status_on = True
        seat = link.seat if link.seat is not None else 0
        self.side = SIDES[seat] if seat < 2 else "g"
        self.flip = self.side == "r"
        self.cursor = (9, ROWS - 2)
        self._sync()

    # what the server holds ---------------------------------------------------------------
    @property
    def view_msg(self) -> dict[str, Any] | None:
        return self.link.net.view

    @property
    def pos(self) -> Position:
        assert self.table is not None
        return self.table.pos

    def seat_name(self, seat: int, most: int = 24) -> str:
        """The seat as the server names it: the player's name, "CPU Normal", "(lost)" (names.py)."""
        v = self.view_msg
        if v is None or seat >= len(v["seats"]):
            return SIDE_NAME[SIDES[seat]]
        return names.name(v, seat, most)

    def _players(self, v: dict[str, Any]) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for s in v["seats"][:2]:
            out[SIDES[s["seat"]]] = ({"kind": "computer", "level": s.get("level") or "normal"}
                                     if s["kind"] == "computer" else {"kind": "human"})
        return out

    def _rebuild(self, v: dict[str, Any]) -> None:
        board = v["board"]
        game = jsave.JaydenGame(start=board.get("start") or START_JPN, actions=[e["action"] for e in v["log"]],
                                players={"g": {"kind": "human"}, "r": {"kind": "human"}},
                                enhanced=bool(self.app.settings["enhanced"]),
                                quiet_draw=bool(board.get("quiet_draw", True)))
        pos = game.position()
        if self.table is not None:
            self.table.stop_thinking()                   # a hint asked of the old board is dropped
        self.table = JaydenController(game, pos, pace=lambda: self.speed, rng=random.Random(0),
                                      make_brain=self.hints.make_brain, can_think=self.hints.can_think,
                                      hints=hints_online.allowed(v))
        self.table.take_notices()
        self.follower = Follower(self.table, self.link.seat)

    def _sync(self) -> None:
        """Queue what the server's latest view adds to the board (shown one action at a time),
        or rebuild the board from the view when it does not follow on."""
        v = self.view_msg
        if v is None or v is self.shown:
            return
        self.shown = v
        self.changed()
        if self.table is None or not self.follower.extend(v["log"]):
            self._rebuild(v)
        self._check(v)

    def _check(self, v: dict[str, Any]) -> None:
        """Once the board has played all it was sent, it must be the server's position."""
        if self.follower.incoming:
            return
        if self.pos.jpn() != v["board"]["jpn"] or len(self.pos.history) != len(v["log"]):
            self._rebuild(v)
        self.offers.apply_end(v)
        if v["status"] == "playing" and v.get("to_move") == v.get("you"):
            self._to_master()

    def _to_master(self) -> None:
        for sq in range(COLS * ROWS):
            if self.pos.piece_at(sq) == ("M", self.side):
                if self.table is not None and self.table.selected is None and self.table.step is None:
                    self.cursor = cell_of_square(sq, self.flip)
                return

    def _follow(self) -> None:
        assert self.table is not None
        for n in self.table.take_notices():
            if n.event is Event.PLAYED and n.record is not None:
                self.app.sound.play(SOUND_BY_KIND.get(n.record.kind, "move"))
            elif n.event is Event.SAY:
                self.say(n.text)

    def _ended(self, v: dict[str, Any]) -> None:
        if not self.counted and self.link.seat is not None:
            self.counted = True
            self._count(v)
            L.forget_session(self.app, self.link.game)
        if not self.end_shown and self.stack is not None and not self.follower.busy:
            self.end_shown = True
            self.show_end()

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
        other = self._players(v).get(SIDES[1 - me], {"kind": "human"})
        kind = other.get("level", "normal") if other.get("kind") == "computer" else "human"
        statistics.record(self.app, "jayden", (outcome, [kind], statistics.rules_name_jayden(
            bool(self.app.settings["enhanced"]), bool(v["board"].get("quiet_draw", True)))))

    # messages ---------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return animation_factor(self.app.settings["animation"])

    def say(self, text: str) -> None:
        self.messages.say(text, MESSAGE_TICKS + len(text) * 2)

    def refuse(self, text: str) -> None:
        self.app.sound.play("refusal")
        self.say(text)

    def _network(self) -> None:
        for msg in self.link.poll():
            self.changed()
            heard = H.hear(msg, self.presence, self.ticks, host=self.link.is_host)
            if heard.ask is not None:
                self._ask_host(heard.ask)
            if heard.reconnected:
                self.shown = None              # the server sends the whole view again: draw that
            if msg["type"] == "error":
                self.sent_ply = None
            if heard.refuse:
                self.refuse(heard.refuse)
            elif heard.say:
                self.say(heard.say)
        v = self.view_msg
        if v is not None and self.sent_ply is not None and int(v["ply"]) > self.sent_ply:
            self.sent_ply = None
        if v is not None:
            self.presence.from_view(v, self.ticks)
            self.offers.follow(v)

    def _ask_host(self, seat: int) -> None:
        s = names.view_seat(self.view_msg, seat)
        H.ask_host(self.app, self.stack, self.link, seat, str(s["name"]) if s else self.seat_name(seat))

    def host_command(self, choice: str, seat: int) -> None:
        H.host_command(self.app, self.stack, self.link, choice, seat)

    # input ------------------------------------------------------------------------------
    def handle(self, action: InputAction) -> None:
        k = action.kind
        if self.link.watching and k in (Kind.HINT, Kind.UNDO):
            self.refuse(L.WATCHING)
        elif k == Kind.BACK:
            self.open_menu()
        elif k == Kind.MOVE:
            c, r = self.cursor
            self.cursor = (min(max(c + action.dx, 0), COLS - 1), min(max(r + action.dy, 0), ROWS - 1))
        elif action.pos is not None and action.pos[1] >= BOARD_H and k in (Kind.POINT, Kind.ACTION):
            return
        elif k == Kind.POINT and action.pos is not None:
            self.cursor = cell_at(action.pos)
        elif k == Kind.ACTION:
            if action.pos is not None:
                self.cursor = cell_at(action.pos)
            self.press(square_of_cell(*self.cursor, self.flip))
        elif k == Kind.ALT:
            self.status_on = not self.status_on
        elif k == Kind.LOG:
            self.show_moves()
        elif k == Kind.HINT:
            self.hints.ask()
        elif k == Kind.UNDO:
            self.refuse("Online games have no undo: the server holds every action as played")

    def why_not_now(self) -> str:
        """Why this seat cannot act now, in plain words, or ""."""
        v = self.view_msg
        if self.presence.own_lost:
            return "Not connected to the server: reconnecting..."
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

    def catch_up(self) -> None:
        """The board brought to the server's latest view (it may have come since the last tick) and what
        it is still showing played at once: a key pressed acts on the game as the server holds it."""
        self._sync()
        if self.table is not None and self.follower.busy:
            if not self.follower.finish() and self.view_msg is not None:
                self._rebuild(self.view_msg)
            self._follow()

    def press(self, sq: int) -> None:
        if self.table is None:
            return
        self.catch_up()
        table = self.table
        assert table is not None
        v = self.view_msg
        if v is not None and v["status"] in ("over", "abandoned"):
            self.show_end()
            return
        why = L.WATCHING if self.link.watching else self.why_not_now()
        if why:
            self.refuse(why)
            return
        act = table.targets.get(sq) if table.selected is not None else None
        if act is not None:
            table.deselect()
            assert v is not None
            self.sent_ply = int(v["ply"])
            self.link.net.send_action(act.text(), self.sent_ply)
            self.app.sound.play("select")
            return
        out = table.press(self.side, sq)
        if not out:
            self.refuse(out.reason)
        elif out.done == "selected":
            self.app.sound.play("select")
        self._follow()

    # time --------------------------------------------------------------------------------
    def update(self) -> None:
        self.ticks += 1
        self.messages.tick()
        self._network()
        self._sync()
        if self.table is None:
            return
        self.table.tick()
        shown = self.follower.tick(self.speed)
        if shown is not None:
            self.cursor = cell_of_square(shown.dst, self.flip)
        self._follow()
        v = self.view_msg
        if v is not None and not self.follower.busy:
            self._check(v)
            if v["status"] in ("over", "abandoned") and not self.end_shown:
                self._ended(v)

    def redraw_in(self) -> int | None:
        if self.table is not None and self.follower.busy:
            return EVERY_TICK
        return soonest(ticks_to_next(self.ticks, BLINK_TICKS), 30 if self.presence.troubled else None,
                       self.messages.left or None)

    # menu and leaving ------------------------------------------------------------------------
    def open_menu(self) -> None:
        if self.link.watching:
            self.stack.push(ChoiceWindow(self.app, "Watching", [MenuItem("Resume", "resume"),
                                         MenuItem("Move list", "moves"), MenuItem("Leave", "leave")],
                                         on_choose=self.menu_choice, width=300))
            return
        items = [MenuItem("Resume", "resume"), MenuItem("Move list", "moves"), *self.hints.menu_items(),
                 *self.offers.menu_items()]
        items += H.away_items(self.link, self.presence, self.view_msg)
        items += [MenuItem("Instructions", "instructions"), MenuItem("Options", "options"),
                  MenuItem("Leave the game", "leave")]
        self.stack.push(ChoiceWindow(self.app, "Online game", items, on_choose=self.menu_choice, width=300))

    def menu_choice(self, choice: Any) -> None:
        if isinstance(choice, tuple) and choice[0] == "away":
            self._ask_host(int(choice[1]))
        elif choice == "moves":
            self.show_moves()
        elif choice == "hint":
            self.hints.ask()
        elif choice in ("draw", "resign"):
            self.offers.choose(choice)
        elif choice in ("instructions", "options"):
            self.stack.push(self.app.scene(choice))
        elif choice == "leave":
            self.ask_leave()

    def ask_leave(self) -> None:
        v = self.view_msg
        if self.link.watching or (v is not None and v["status"] not in ("playing", "waiting")):
            self.leave()
            return
        if self.link.is_host:
            text = ("The game is not finished and runs on this machine: leaving stops the server, and the other "
                    "player waits until you host again (Continue on the title).")
        else:
            text = "The game is not finished. It stays on the server: Continue on the title takes you back to it."
        self.stack.push(menus.yes_no(self.app, "Leave this game?", text,
                                     lambda yes: self.leave() if yes else None,
                                     yes="Yes, leave", no="No, go on playing"))

    def leave(self) -> None:
        self.app.back_to("menu")

    def exit(self) -> None:
        self.hints.close()
        self.link.close()

    def show_moves(self) -> None:
        if self.table is not None:
            self.stack.push(MoveListWindow(self.app, self.table.records))

    def show_end(self) -> None:
        v = self.view_msg or {}
        if v.get("status") == "abandoned":
            head, text = "Abandoned", "The host ended the game as abandoned."
        else:
            head, text = describe_result(self.pos)
            if not head:
                head, text = "Game over", "The game is over."
        items = [MenuItem("Look at the board", "look"), MenuItem("Move list", "moves"),
                 MenuItem("Back to title", "title")]
        self.stack.push(ChoiceWindow(self.app, head, items, text=text, width=360,
                                     on_choose=lambda c: self.leave() if c == "title" else
                                     (self.show_moves() if c == "moves" else None)))

    # drawing --------------------------------------------------------------------------------
    def state_parts(self) -> list[tuple[str, int]]:
        """You (side and name) and what is going on; the opponent's name is on the line below."""
        v = self.view_msg
        me = f"You are {SIDE_NAME[self.side]}"
        if v is None:
            return [(me, P.WHITE), ("waiting for the server", P.LIGHT_GRAY)]
        if self.link.seat is not None:
            me += f" ({self.seat_name(SIDES.index(self.side), NAME_COLS)})"
        else:
            me = f"Watching: {self.seat_name(0, NAME_COLS)}, {self.seat_name(1, NAME_COLS)}"
        if v["status"] == "playing" and v.get("to_move") is not None:
            seat = int(v["to_move"])
            if seat == v.get("you"):
                return [(me, P.WHITE), ("your turn", P.YELLOW)]
            return [(me, P.WHITE), (f"{SIDE_NAME[SIDES[seat]]} ({self.seat_name(seat, NAME_COLS)}) to act",
                                    P.LIGHT_GRAY)]
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
        out = self.presence.notes(self.ticks)          # trouble first; then who plays
        out += [self.players_note()] if self.view_msg is not None else []
        if (self.link.net.pending is not None or self.sent_ply is not None) and not self.presence.own_lost:
            out.append(("Sending your action...", P.WHITE))
        keys = self.app.input.keymap
        hint = "" if self.link.watching else self.hints.key_note(keys)
        out.append((f"{hint}{keys.label('log')} moves, {keys.label('back')} menu", P.DARK_GRAY))
        return out

    def board_view(self) -> BoardView:
        assert self.table is not None
        tv = self.table.view()
        targets: dict[int, str] = {}
        if tv.enhanced and tv.selected is not None:
            targets = {a.dst: a.kind for a in tv.targets}
        return BoardView(cursor=self.cursor, selected=tv.selected, targets=targets, status=self.status_on,
                         blink=(self.ticks // BLINK_TICKS) % 2 == 0, marks=list(tv.marks), threats=[],
                         message=self.messages.text, state=self.state_parts(), notes=self.notes(), flip=self.flip,
                         motion=tv.step, hint=list(tv.hint))

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:
            surface.fill(P.BLACK)
            self.app.font.draw_centered(surface, "Waiting for the server...", 320, 160, P.WHITE)
            return
        self.renderer.draw(surface, self.pos, self.board_view())
