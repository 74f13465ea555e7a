"""The card table online, when people come and go: as the Jayden board does (``host_choice.py``).

Another seat's player lost: the table says "X lost connection - waiting
N s" with the seconds counting, and, once the server's wait is over, the
host chooses: keep waiting, the computer plays that seat (the server's
computer player, shown as "CPU Normal" on its panel from then on), or end
the game as abandoned (asked again first). A game ended so closes the
table with a window that cannot be dismissed into play, and is counted as
abandoned in this player's statistics; a game played to its end is
counted as won, drawn or lost. Our own link lost: "Reconnecting...".
A game the server could not record (``game_lost``) closes the table the
same way, with the reason, and is not counted: nobody finished it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jayden_jazz import statistics
from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import forget_session
from jayden_jazz.online.words import GAME_LOST
from jayden_jazz.scenes.online import host_choice as H
from jayden_jazz.scenes.online import names
from jayden_jazz.scenes.online.presence import Presence
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene

NOTE_EVERY = 30          # ticks between the waiting note's updates (its counter counts seconds)


class CardsAway:
    def __init__(self, link: Link) -> None:
        self.link = link
        self.presence = Presence()
        self.ticks = 0
        self.counted = False
        self.closed = False            # the abandoned (or lost) window is up: the table takes no more play
        self.note = ""                 # the waiting note last said (it is said again as it counts)

    def seat_label(self, seat: int) -> str:
        return names.cards_label(self.link.net.view, seat)

    def name(self, seat: int) -> str:
        return names.name(self.link.net.view, seat)

    def plain_name(self, seat: int) -> str:
        return names.plain_name(self.link.net.view, seat)

    def lost(self, seat: int) -> bool:
        return names.is_lost(self.link.net.view, seat)

    def waiting_words(self, seat: int) -> str:
        return names.waiting_words(self.link.net.view, seat)

    def hear(self, msg: dict[str, Any], table: CardsTableScene) -> None:
        """One message from the server: presence, the host's acks, our own link."""
        if msg["type"] == "error":
            if msg.get("code") == "game_lost" and not self.closed and table.stack is not None:
                self.counted = True                  # never finished: neither won, lost nor abandoned
                forget_session(table.app.dirs.saves, self.link.game)      # Continue would find nothing there
                self._close(table, "Game lost", GAME_LOST)
            return                                   # the table says refusals itself
        heard = H.hear(msg, self.presence, self.ticks, host=self.link.is_host)
        if heard.ask is not None and table.stack is not None:
            view = self.link.net.view or {}
            seats = view.get("seats") or []
            name = seats[heard.ask]["name"] if heard.ask < len(seats) else f"Player {heard.ask + 1}"
            H.ask_host(table.app, table.stack, self.link, heard.ask, str(name))
        if heard.refuse:
            table.say(heard.refuse)
        elif heard.say:
            table.say(heard.say)

    def tick(self, table: CardsTableScene, view: dict[str, Any] | None) -> None:
        self.ticks += 1
        if view is not None:
            self.presence.from_view(view, self.ticks)
        if self.presence.troubled and self.ticks % NOTE_EVERY == 0 and not self.closed \
                and table.controller.screen_view().message in ("", self.note):        # a refusal said meanwhile stays its time
            self.note = "  ".join(text for text, _ in self.presence.notes(self.ticks))
            table.say(self.note)
        if view is None:
            return
        if view["status"] == "abandoned" and not self.closed and table.stack is not None:
            self._count(table, view, statistics.ABANDONED)
            self._close(table, "Abandoned", "The host ended the game as abandoned: it stays unfinished for "
                        "every player, and is counted as abandoned in the statistics.")
        elif view["status"] == "over" and table.controller.game.is_over():
            self.count_end(table)

    def count_end(self, table: CardsTableScene) -> None:
        """A game played to its end, counted once. Also as its end window opens: the table no
        longer updates under it, and the player may go from it straight back to the title."""
        view = self.link.net.view
        if view is not None and table.controller.game.is_over():
            self._count(table, view, "")

    def _count(self, table: CardsTableScene, view: dict[str, Any], outcome: str) -> None:
        """This player's statistics, once: the server's seats say who the opponents were (each
        kind once, as offline)."""
        if self.counted or self.link.seat is None:
            return
        me = self.link.seat
        if outcome != statistics.ABANDONED:
            res = table.final_result()               # hidden hands: the server's (hand points it alone saw)
            if res is None:
                return                               # counted once the result is here
            outcome = ("drawn" if len(res.winners) > 1 else "won") if me in res.winners else "lost"
        self.counted = True
        forget_session(table.app.dirs.saves, self.link.game)
        others = statistics.card_opponents(view["seats"], me)
        rules = statistics.rules_name_cards(table.controller.game.rules)
        statistics.record(table.app, "cards", (outcome, others, rules))

    def _close(self, table: CardsTableScene, title: str, text: str) -> None:
        self.closed = True
        table.stop_ai()

        def choose(choice: str) -> None:
            if choice == "log":
                table.open_log()
            else:
                table.to_title()

        table.stack.push(ChoiceWindow(
            table.app, title, [MenuItem("Move log", "log"), MenuItem("Back to title", "title")],
            text=text, on_choose=choose, width=380, fill=P.RED,
            cancel_on_back=False, close_on_choose=False))


__all__ = ["CardsAway"]
