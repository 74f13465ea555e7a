"""The card table online: a mirror of the server's game at this screen, kept to the server's word.

This machine holds only what its seat may see: the cards of its view
(``null`` for a hidden card) and never the Chaos seed. The mirror
(:mod:`jayden_jazz.tables.cards.mirror`) is a whole
:class:`~jayden_jazz.cards.Game` with a face-down stand-in for each card
this seat may not see; before the first card it is built with the game's
setup (so Hand Swap and Three Open show as steps), once play is under way
(taken up again: Continue, a reconnection) from the position the view
shows, its log from the server's events. The card table plays it with the
other seats remote (``{"kind": "remote"}``): their actions are read from
the server's log (a ``Placed`` event and the ``AbilityUsed`` that follows
it make one action); the card they play is put in place of a stand-in
(and under Chaos made the card drawn) and the action is played through the
controller, so it shows as steps. This seat's own actions are chosen with
the table's own commands (the engine refuses here what the server would
refuse) and, once committed, sent with their ply. After each action the
table is compared with the server's board; should they ever differ, the
table stops taking actions and says so, rather than show a game the
server does not hold.

With hidden hands the table reveals at the end only what the server's
last view shows (no hand is turned face up), the result is the server's,
and hints, saving and Watch replay are refused with the reason: they would
read the stand-ins as cards.

A spectator (no seat: ``view["you"]`` is null) gets the same table with
every seat remote: it sees what everyone sees (no hand face up unless
Open; Three Open's and Hand Swap's shown cards as the server sends them)
and its acting keys are refused with ``WATCHING``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from typing import TYPE_CHECKING, Any, cast

from jayden_jazz.cards import Result
from jayden_jazz.cards import events as ev
from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import forget_session
from jayden_jazz.online.words import WATCHING, words
from jayden_jazz.scenes.online import hints
from jayden_jazz.scenes.online import moved
from jayden_jazz.scenes.online.cards_away import CardsAway
from jayden_jazz.tables.cards import mirror
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.cards import Game
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.scenes.windows import ChoiceWindow
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.input import Action

NO_HINTS = ("No hints at an online table with hidden hands: the computer would have to read the "
            "face-down cards, which are not on this machine.")
NO_HINTS_CHAOS = ("No hints at an online Chaos table: the draws come from the server's seed, which is not "
                  "on this machine.")
NO_RECORD = ("Not online with hidden hands: this machine holds stand-ins for the cards it may not see, "
             "so the server keeps the only whole record of this game.")
NO_RECORD_CHAOS = ("Not online under Chaos: the draws come from the server's seed, which is not on this "
                   "machine, so the server keeps the only whole record of this game.")


def result_of(data: dict[str, Any]) -> Result:
    return Result(str(data["reason"]), str(data["decided_by"]), tuple(data["winners"]), tuple(data["scores"]),
                  tuple(data["hand_points"]), tuple(data["tied"]))


def event_of(data: dict[str, Any]) -> ev.Event | None:
    """An event of the server's log as the engine's object (None for a kind this version lacks)."""
    kind = str(data["event"])
    cls = getattr(ev, kind, None)
    if cls is None or kind in ("Event", "Report", "Match"):
        return None
    if kind == "GameEnded":
        return ev.GameEnded(result_of(data["result"]))
    names = {f.name for f in dataclasses.fields(cls)}          # the server adds details of its own (dealer, ...)
    fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k in names}
    if kind == "Captured":
        fields["matched"] = tuple(ev.Match(**m) for m in data.get("matched") or ())
    return cls(**fields)  # type: ignore[no-any-return]


def played_events(log: list[dict[str, Any]]) -> list[tuple[int, ev.Event]]:
    """The log's events, each with the ply after its action (0 for the setup's)."""
    out: list[tuple[int, ev.Event]] = []
    ply = 0
    for data in log:
        if data["event"] == "Placed":
            ply += 1
        e = event_of(data)
        if e is not None:
            out.append((ply, e))
    return out


class OnlineCards:
    """What the card table asks of the server: ``update`` each tick, ``committed`` after this seat's
    action, ``close`` when the player leaves. ``stand`` holds the mirror's stand-ins and ``base``
    the server's ply its history starts at."""

    def __init__(self, link: Link, view: dict[str, Any], stand: mirror.StandIns | None = None,
                 base: int = 0) -> None:
        self.link = link
        self.seat: int | None = None if view.get("you") is None else int(view["you"])
        self.stand = stand
        self.base = base
        self.hidden = not view["setup"]["rules"].get("open")
        self.chaos = bool(view["setup"]["rules"].get("chaos"))
        self.played = len(mirror.actions_in(view["log"]))     # the server's actions already in the mirror
        self.remote: deque[mirror.Played] = deque()
        self.problem = ""
        self.refused: list[str] = []                   # the server's refusals, as said on the table
        self._replaying = False                        # a remote seat's action is being played here
        self.away = CardsAway(link)
        self.end_logged = True                         # the server's result is in the log (or no end yet)

    @property
    def watching(self) -> bool:
        return self.seat is None

    def watching_words(self) -> str:
        """The status line's "Watching: <names>", by the server's names."""
        view = self.link.net.view
        n = len(view["seats"]) if view is not None else 0
        return "Watching: " + ", ".join(self.away.name(s)[:12] for s in range(n))

    def watch_key(self, table: CardsTableScene, action: Action) -> None:
        """A spectator's key: the cursor moves (V shows the card under it), the end window opens
        again; everything that would act is refused in the same words."""
        from jayden_jazz.shell.input import Kind

        k = action.kind
        if k == Kind.MOVE:
            table.move_cursor(action.dx, action.dy)
        elif k == Kind.POINT and action.pos is not None:
            table.cursor = table.slot_at(action.pos) or table.cursor
        elif k == Kind.ACTION and table.phase == Phase.OVER and table.final_result() is not None:
            table.show_end()
        elif k in (Kind.ACTION, Kind.HINT, Kind.UNDO):
            table.app.sound.play("illegal")
            table.say(WATCHING)

    def watch_menu(self, table: CardsTableScene) -> ChoiceWindow:
        """A spectator's menu: only looking and leaving (leaving asks nothing: nothing is lost)."""
        from jayden_jazz.scenes.windows import ChoiceWindow
        from jayden_jazz.shell.widgets import MenuItem

        def choose(choice: str) -> None:
            if choice == "log":
                table.open_log()
            elif choice == "card" and table.cursor is not None:
                table.show_card(table.cursor)
            elif choice == "leave":
                table.to_title()

        return ChoiceWindow(table.app, "Watching", [MenuItem("Resume", "resume"), MenuItem("Move log (L)", "log"),
                                                    MenuItem("Look at the card under the cursor (V)", "card"),
                                                    MenuItem("Leave", "leave")], on_choose=choose, width=340)

    def ply(self, table: CardsTableScene) -> int:
        """The server's ply the table is at."""
        return self.base + len(table.controller.game.history)

    @property
    def hints_allowed(self) -> bool:
        """The host's choice. A hint is the table's own, worked out here from the game this machine
        holds and never sent."""
        return hints.allowed(self.link.net.view)

    def committed(self, table: CardsTableScene) -> None:
        if self._replaying:
            return                                     # the server's own action: nothing to send
        self.link.net.send_action(str(table.controller.game.history[-1]), self.ply(table) - 1)
        self.played = self.ply(table)
        self._ended(table)

    def revise(self, report: ev.Report, game: Game) -> ev.Report:
        """What an action did as the server tells it. Chaos: the mirror never draws, so the next draw
        is the server's (named only where the view names it). With hidden hands the end is the
        server's too (hand points count cards this machine never saw); until its result is here the
        end is left out of the steps and the log gets it then."""
        events = report.events
        if game.rules.chaos and not game.is_over() and not any(isinstance(e, ev.CardDrawn) for e in events):
            nxt = game.to_move
            view = self.link.net.view
            card = None
            if view is not None and view.get("board") and view["ply"] == self.base + len(game.history) \
                    and view["to_move"] == nxt:
                card = view["board"].get("drawn")
            if card is None and nxt != self.seat and self.hidden:
                card = ""                              # drawn in a hidden hand: worded without its name
            if card is not None:
                events += (ev.CardDrawn(nxt, str(card)),)
        if self.hidden and report.ended is not None:
            res = self.result()
            events = tuple(e for e in events if not isinstance(e, ev.GameEnded))
            if res is not None:
                events += (ev.GameEnded(res),)
            else:
                self.end_logged = False
        return ev.Report(report.action, report.seat, events)

    def result(self) -> Result | None:
        """The server's result, once its view has one."""
        view = self.link.net.view
        return result_of(view["result"]) if view is not None and view.get("result") else None

    def hint_refusal(self) -> str:
        """The one gate of hints at the online table (``TableComputers.hints_on``): why there is none
        here (empty: there may be). The computer would read stand-ins or made-up draws at a hidden or
        Chaos table; elsewhere it is the host's choice."""
        if self.hidden or self.chaos:
            return NO_HINTS if self.hidden else NO_HINTS_CHAOS
        return "" if self.hints_allowed else hints.NOT_ALLOWED

    def record_refusal(self) -> str:
        """Why this table's record cannot be saved or replayed (empty: it can)."""
        return NO_RECORD if self.hidden else NO_RECORD_CHAOS if self.chaos else ""

    def update(self, table: CardsTableScene) -> None:
        net = self.link.net
        for msg in self.link.poll():
            kind = msg["type"]
            self.away.hear(msg, table)                 # who is away, the host's choice (cards_away.py)
            if kind == "error":
                self.refused.append(words(msg))
                table.say(words(msg))
                table.app.sound.play("illegal")
            elif kind == "connection" and msg.get("state") in ("lost", "refused"):
                table.say(moved.HINT if moved.offered(self.link) else
                          "Lost the connection to the server - reconnecting...")
        view = net.view
        self.away.tick(table, view)
        if view is None or self.problem:
            return
        if view["status"] in ("over", "abandoned"):
            forget_session(table.app.dirs.saves, self.link.game)      # Continue no longer offers it
        actions = mirror.actions_in(view["log"])
        for played in actions[self.played:]:
            if played.seat != self.seat:
                self.remote.append(played)
            self.played += 1
        c = table.controller
        if self.remote and c.phase == Phase.COMPUTER and table.controller.game.to_move == self.remote[0].seat:
            self._play_remote(table, view)
        if not self.end_logged and self.result() is not None:
            self._log_end(table)
        if not self.remote and not c.busy and self.ply(table) == view["ply"] and view["board"] is not None:
            self._own_draw(table, view)
            self.check(table, view)

    def _play_remote(self, table: CardsTableScene, view: dict[str, Any]) -> None:
        played = self.remote.popleft()
        seat, action = played.seat, played.action
        game = table.controller.game
        self._replaying = True
        try:
            mirror.reveal(game, played, self.stand.catalog if self.stand else table.library.catalog)
            table.controller.play(seat, action)
        except KeyError as e:
            self._differs(table, f"this machine lacks the card {e.args[0]} the server's action plays")
        except Refusal as e:
            self._differs(table, f"the server's action {action} does not fit here ({e})")
        finally:
            self._replaying = False
        mirror.set_draw(game, view, self.ply(table))        # Chaos: this seat's draw, when it moves next
        self._ended(table)

    def _own_draw(self, table: CardsTableScene, view: dict[str, Any]) -> None:
        """Chaos: the draw of this seat's turn, should the view have come after the turn began."""
        game, c = table.controller.game, table.controller
        if game.rules.chaos and game.drawn_card is None and not game.is_over():
            mirror.set_draw(game, view, self.ply(table))
            if game.drawn_card is not None:
                c.draw_known()

    def log_end(self, table: CardsTableScene) -> None:
        """The server's result into the log, once it is here. The table calls it too before its end
        window opens: the view with the result may have come in between (the client's thread), and
        once the window is on top the table no longer updates."""
        res = self.result()
        if res is None or self.end_logged:
            return
        self.end_logged = True
        c = table.controller
        e = ev.GameEnded(res)
        c.load_log([(c.game.ply + c.ply_base, e)])
        c.say(c.event_text(e))

    def _log_end(self, table: CardsTableScene) -> None:
        self.log_end(table)
        c = table.controller
        if c.phase == Phase.OVER and not table.end_shown and table.stack is not None and table.stack.top is table:
            table.show_end()

    def _ended(self, table: CardsTableScene) -> None:
        if table.controller.game.is_over():
            forget_session(table.app.dirs.saves, self.link.game)      # Continue no longer offers it

    def check(self, table: CardsTableScene, view: dict[str, Any]) -> None:
        """The table here against the server's board: the same cards with the same owners, the same
        number of cards in each hand, and every card the server shows in a hand held here too."""
        game = table.controller.game
        names = game.field.cell_names
        here = {names[c]: (card.id, game.owner_at(c)) for c in game.field.cells
                if (card := game.card_at(c)) is not None}
        there = {x["cell"]: (x["card"], x["owner"]) for x in view["board"]["cells"] if x is not None}
        if here != there:
            self._differs(table, "the board here is not the server's")
            return
        for s, hand in enumerate(view["board"]["hands"]):
            held = game.hand_ids(s)
            if len(held) != len(hand) or Counter(c for c in hand if c is not None) - Counter(held):
                self._differs(table, f"{table.seat_word(s)}'s hand here is not the server's")
                return

    def _differs(self, table: CardsTableScene, why: str) -> None:
        self.problem = f"This table no longer matches the server's game ({why}); leave and join again."
        table.say(self.problem)

    def close(self) -> None:
        self.link.close()


def open_table(app: AppView, link: Link, view: dict[str, Any]) -> CardsTableScene:
    """The card table scene for a started game, this seat at the screen, the others remote;
    ValueError in plain words when this machine lacks a card of the game."""
    import copy

    from jayden_jazz.scenes.cardkit.library import load_library
    from jayden_jazz.scenes.cards.config import Match, MatchConfig

    library = load_library(app)
    board = view["board"]
    ids = {c for h in board["hands"] for c in h if c} | {x["card"] for x in board["cells"] if x}
    ids |= {str(c) for e in view["log"] for c in [e.get("card"), e.get("to_hand"), e.get("to_field"),
                                                   *(e.get("cards") or ())] if c}
    unknown = sorted(ids - set(library.catalog))
    if unknown:
        raise ValueError(f"This machine does not have the card {unknown[0]} that the game uses: install its pack "
                         "to play this game here.")
    game, stand, base = mirror.mirror_game(view, library.catalog, library.fields)
    here = copy.copy(library)                  # the stand-ins join this table's catalog only
    here.catalog = stand.catalog
    players = int(view["setup"]["players"])
    you = view.get("you")
    seats = [{"kind": "human"} if s == you else {"kind": "remote"} for s in range(players)]
    rules = game.rules
    config = MatchConfig(players=players, seats=seats, field=game.field.name, preset=str(view["setup"]["rules"].get("preset", "updated")),
                         open=rules.open, pure=rules.pure, sudden_death=rules.sudden_death,
                         classic=list(rules.classic))
    match = Match(config, game.field, tuple(tuple(game.hand_ids(s)) for s in range(players)), game.to_move,
                  library.pack_dir_texts, game.date)
    online = OnlineCards(link, view, stand, base)
    # the registry hands back a Scene; "cards-table" is always this class
    table = cast("CardsTableScene", app.scene("cards-table", match=match, library=here, game=game, online=online))
    c = table.controller
    c.reveal_end = rules.open                  # the end shows what the server's last view shows
    c.flow.watched = you is None               # a spectator's screen: no hand is anyone's here
    c.revise = lambda report: online.revise(report, c.game)
    c.ply_base = base
    if base:
        c.load_log(played_events(view["log"]))
    return table
