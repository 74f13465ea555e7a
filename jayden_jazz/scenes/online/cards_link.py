"""The card table online: a mirror of the server's game at this screen, kept to the server's word.

With Open hands a seat's view holds every card, so this machine builds
the same :class:`~jayden_jazz.cards.Game` the server holds (hands as play
starts, first seat, Elemental cells, date) and the card table plays it
with the other seats remote (``{"kind": "remote"}``): their actions are
read from the server's log (a ``Placed`` event and the ``AbilityUsed`` that
follows it make one action) and played through the controller, so they
show as steps; this seat's own actions are chosen with the table's own
commands (the engine refuses here what the server would refuse) and,
once committed, sent with their ply. After each action the table is
compared with the server's board; should they ever differ, the table
stops taking actions and says so, rather than show a game the server
does not hold.

A game taken up again (Continue) is rebuilt from the view: the hands as
play started and every action played again. Hidden hands (the other
seats' cards are not on this machine), Chaos (the draws come from the
server's seed), Hand Swap (the hands before the swap), and taking up a
game where cards went back to a hand cannot be mirrored:
:func:`why_not_mirrored` says so in words.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from jayden_jazz.cards import Action, Game, Rules, new_game
from jayden_jazz.scenes.online import hints
from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.cards_away import CardsAway
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal


def why_not_mirrored(view: dict[str, Any]) -> str:
    """Empty when this version can show the game's table, else why not in plain words."""
    rules = view["setup"]["rules"]
    if not rules.get("open"):
        return "This version shows only card games with Open hands online (hidden hands are not here yet)."
    if rules.get("chaos") or rules.get("hand_swap"):
        return "This version cannot show a Chaos or Hand Swap card game online yet."
    if any(e["event"] in ("Swapped", "FieldReset") for e in view.get("log") or ()):
        return ("This version cannot take up this card game again here: cards went back to a hand "
                "(a swap or a reset) before you came back.")
    return ""


def actions_in(log: list[dict[str, Any]]) -> list[tuple[int, Action]]:
    """The seats' actions in the server's event log, in order."""
    out: list[tuple[int, Action]] = []
    for e in log:
        if e["event"] == "Placed":
            out.append((int(e["seat"]), Action(str(e["card"]), str(e["cell"]))))
        elif e["event"] == "AbilityUsed" and out and out[-1][1].card == e["card"] and out[-1][1].ability is None:
            seat, a = out[-1]
            out[-1] = (seat, Action(a.card, a.cell, int(e["number"]), tuple(str(t) for t in e["targets"])))
    return out


def mirror_game(view: dict[str, Any], catalog: Any, fields: dict[str, Any]) -> Game:
    """The server's game as it stands, from a view of a started Open game: the hands as play
    started (each seat's placed cards, in order, before what it holds: without swaps and resets
    nothing else leaves a hand, and under Order that is the hand's own order), the first seat
    (the first placement's, else the seat to move), then every action played again."""
    setup = view["setup"]
    board = view["board"]
    actions = actions_in(view["log"])
    players = int(setup["players"])
    hands = [[a.card for seat, a in actions if seat == s] + list(board["hands"][s]) for s in range(players)]
    first = actions[0][0] if actions else int(view["to_move"])
    y, m = (int(x) for x in str(setup["date"]).split("-"))
    names = [str(s["name"]) for s in view["seats"]]
    game = new_game(catalog, fields[setup["field"]["name"]], hands, Rules.from_dict(dict(setup["rules"])),
                    first_seat=first, date=(y, m), names=names,
                    elements=[(n, e) for n, e in dict(board["elements"]).items()], players=players)
    for _, action in actions:
        game.play(action)
    return game


class OnlineCards:
    """What the card table asks of the server: ``update`` each tick, ``committed`` after this seat's
    action, ``close`` when the player leaves."""

    def __init__(self, link: L.Link, view: dict[str, Any]) -> None:
        self.link = link
        self.seat = int(view["you"])
        self.played = len(actions_in(view["log"]))     # the server's actions already in the mirror
        self.remote: deque[tuple[int, Action]] = deque()
        self.problem = ""
        self.refused: list[str] = []                   # the server's refusals, as said on the table
        self._replaying = False                        # a remote seat's action is being played here
        self.away = CardsAway(link)

    @property
    def hints_allowed(self) -> bool:
        """The one gate of hints at the online table (``CardsTableScene.hints_on``): the host's choice.
        A hint is the table's own, worked out here from the game this machine holds and never sent."""
        return hints.allowed(self.link.net.view)

    def committed(self, table: Any) -> None:
        if self._replaying:
            return                                     # the server's own action: nothing to send
        game = table.game
        self.link.net.send_action(str(game.history[-1]), len(game.history) - 1)
        self.played = len(game.history)
        self._ended(table)

    def update(self, table: Any) -> None:
        net = self.link.net
        for msg in net.poll():
            kind = msg["type"]
            self.away.hear(msg, table)                 # who is away, the host's choice (cards_away.py)
            if kind == "error":
                self.refused.append(L.words(msg))
                table.say(L.words(msg))
                table.app.sound.play("illegal")
            elif kind == "connection" and msg.get("state") in ("lost", "refused"):
                table.say("Lost the connection to the server - reconnecting...")
        view = net.view
        self.away.tick(table, view)
        if view is None or self.problem:
            return
        if view["status"] in ("over", "abandoned"):
            L.forget_session(table.app, self.link.game)      # Continue no longer offers it
        actions = actions_in(view["log"])
        for seat, action in actions[self.played:]:
            if seat != self.seat:
                self.remote.append((seat, action))
            self.played += 1
        c = table.controller
        if self.remote and c.phase == Phase.COMPUTER and table.game.to_move == self.remote[0][0]:
            seat, action = self.remote.popleft()
            self._replaying = True
            try:
                c.play(seat, action)
            except Refusal as e:
                self._differs(table, f"the server's action {action} does not fit here ({e})")
            finally:
                self._replaying = False
            self._ended(table)
        if not self.remote and not c.busy and len(table.game.history) == view["ply"] and view["board"] is not None:
            self.check(table, view)

    def _ended(self, table: Any) -> None:
        if table.game.is_over():
            L.forget_session(table.app, self.link.game)      # Continue no longer offers it

    def check(self, table: Any, view: dict[str, Any]) -> None:
        """The table here against the server's board: the same cards with the same owners."""
        game = table.game
        names = game.field.cell_names
        here = {names[c]: (card.id, game.owner_at(c)) for c in game.field.cells
                if (card := game.card_at(c)) is not None}
        there = {x["cell"]: (x["card"], x["owner"]) for x in view["board"]["cells"] if x is not None}
        if here != there:
            self._differs(table, "the board here is not the server's")

    def _differs(self, table: Any, why: str) -> None:
        self.problem = f"This table no longer matches the server's game ({why}); leave and join again."
        table.say(self.problem)

    def close(self) -> None:
        self.link.close()


def open_table(app: Any, link: L.Link, view: dict[str, Any]) -> Any:
    """The card table scene for a started Open game, this seat at the screen, the others remote;
    ValueError in plain words when this machine lacks a card of the game."""
    from jayden_jazz.scenes.cardkit.library import load_library
    from jayden_jazz.scenes.cards.config import Match, MatchConfig

    library = load_library(app)
    ids = {c for h in view["board"]["hands"] for c in h if c} | {x["card"] for x in view["board"]["cells"] if x}
    unknown = sorted(ids - set(library.catalog))
    if unknown:
        raise ValueError(f"This machine does not have the card {unknown[0]} that the game uses: install its pack "
                         "to play this game here.")
    game = mirror_game(view, library.catalog, library.fields)
    players = int(view["setup"]["players"])
    seats = [{"kind": "human"} if s == int(view["you"]) else {"kind": "remote"} for s in range(players)]
    rules = game.rules
    config = MatchConfig(players=players, seats=seats, field=game.field.name, open=True, pure=rules.pure,
                         sudden_death=rules.sudden_death, classic=list(rules.classic))
    match = Match(config, game.field, tuple(tuple(game.hand_ids(s)) for s in range(players)), game.to_move,
                  library.pack_dir_texts, game.setup.date if game.setup else (2026, 1))
    return app.scene("cards-table", match=match, library=library, game=game, online=OnlineCards(link, view))
