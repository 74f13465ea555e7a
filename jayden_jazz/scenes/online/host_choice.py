"""What both online tables do with the server's messages about people, and the host's choice.

A seat's player lost: everyone sees the waiting note with its counter
(:mod:`.presence`); once the server's wait is over (``presence
{host_may_act}``) the host is asked whether the computer should play that
seat or the game end as abandoned (asked again first, No the default,
since it discards the game). The Jayden board and the card table show
the same words and send the same ``host`` command, from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jayden_jazz.online.connector import Link
from jayden_jazz.online.words import words
from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.online.presence import Presence
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView
    from jayden_jazz.shell.scene import SceneStack

COMPUTER_NOW = "The seat is played by the computer now"
ABANDONED_NOW = "The game was ended as abandoned"


@dataclass
class Heard:
    """What one message from the server means for a table."""

    ask: int | None = None         # the host is to be asked about this seat
    say: str = ""                  # a word for the status line
    refuse: str = ""               # a refusal, said with the refusal sound
    reconnected: bool = False      # our own link is back: the whole view follows


def hear(msg: dict[str, Any], presence: Presence, ticks: int, *, host: bool) -> Heard:
    """Read one message (presence, our connection, errors, the host's acks) into ``presence``."""
    out = Heard()
    said = presence.read(msg, ticks)
    if said.startswith("ask:") and host:
        out.ask = int(said[4:])
    elif said.startswith("back:"):
        out.say = f"{said[5:]} is back"
    elif said == "reconnected":
        out.reconnected = True
    kind = msg["type"]
    if kind == "error" or (kind == "connection" and msg.get("state") == "refused"):
        out.refuse = words(msg)
    elif kind == "ack" and msg.get("host"):
        out.say = COMPUTER_NOW if msg["host"] == "computer" else ABANDONED_NOW
    return out


def ask_host(app: AppView, stack: SceneStack, link: Link, seat: int, name: str) -> None:
    """The host's question about ``seat``, whose player ``name`` is away."""
    stack.push(ChoiceWindow(
        app, "Player away", [MenuItem("Keep waiting", "wait"),
                             MenuItem("The computer plays their seat", "computer"),
                             MenuItem("End the game as abandoned", "abandon")],
        text=f"{name} lost the connection a while ago. You are the host: what now?",
        on_choose=lambda choice: host_command(app, stack, link, choice, seat), width=420))


def host_command(app: AppView, stack: SceneStack, link: Link, choice: str, seat: int) -> None:
    if choice == "computer":
        link.net.host(link.game, link.host_token or "", "computer", seat)
    elif choice == "abandon":
        def answer(yes: bool) -> None:
            if yes:
                link.net.host(link.game, link.host_token or "", "abandon")

        stack.push(menus.yes_no(
            app, "End the game?", "The game ends unfinished, for every player, and is kept as abandoned.",
            answer, yes="Yes, end it", no="No, keep waiting"))


def away_items(link: Link, presence: Presence, view: dict[str, Any] | None) -> list[MenuItem]:
    """The host's menu entries for the seats away now (the question again, after Keep waiting)."""
    if not link.is_host or view is None or view.get("status") != "playing":
        return []
    return [MenuItem(f"{a.name} is away: what now?", ("away", seat)) for seat, a in sorted(presence.away.items())]


__all__ = ["ABANDONED_NOW", "COMPUTER_NOW", "Heard", "ask_host", "away_items", "hear", "host_command"]
