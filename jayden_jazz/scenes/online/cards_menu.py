"""The card table's Esc menu and end window online: only what works at an online table.

The server keeps the game, so the offline table's New game, Rematch, Save
and Load have no place here (a rematch is hosted again from Play online).
The menu says the join code, so a friend can still be told how to watch;
the host's questions about seats away come after Resume. The end window's
first choice, the one a stray Enter takes, is Look at the table: it
changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jayden_jazz.scenes.jayden import menus
from jayden_jazz.scenes.online import host_choice as H
from jayden_jazz.scenes.online import moved
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.scenes.online.cards_link import OnlineCards

LEAVE_HOST = ("The game is not finished and runs on this machine: leaving stops the server, and the other "
              "players wait until you host again (Continue on the title).")
LEAVE_GUEST = "The game is not finished. It stays on the server: Continue on the title takes you back to it."


def join_code(online: OnlineCards) -> str:
    view = online.link.net.view or {}
    return str(view.get("code") or online.link.code or "")


def menu(table: CardsTableScene, online: OnlineCards) -> ChoiceWindow:
    """A player's menu at the online table."""
    link = online.link
    items = [MenuItem("Resume", "resume"), *H.away_items(link, online.away.presence, link.net.view),
             MenuItem("Move log (L)", "log"), MenuItem("Rules summary", "rules")]
    if not online.record_refusal():
        items.append(MenuItem("Watch replay", "replay"))
    items += [*moved.items(link), MenuItem("Options", "options"), MenuItem("Leave the game", "leave")]
    code = join_code(online)
    text = f"Join code: {code} (friends watch with it)" if code else ""

    def choose(value: Any) -> None:
        if isinstance(value, tuple):
            seat = int(value[1])
            away = online.away.presence.away
            H.ask_host(table.app, table.stack, link, seat, away[seat].name if seat in away else f"Player {seat + 1}")
        elif value == "leave":
            ask_leave(table, online)
        elif value == moved.VALUE:
            moved.give_new_address(table.app, link)
        else:
            table.menu_choice(value)

    return ChoiceWindow(table.app, "Online game", items, text=text, on_choose=choose, width=320)


def ask_leave(table: CardsTableScene, online: OnlineCards) -> None:
    """Leaving a game that goes on asks first (No is the default); a finished one is left at once."""
    view = online.link.net.view or {}
    if table.controller.game.is_over() or view.get("status") not in (None, "playing", "waiting"):
        table.to_title()
        return
    text = LEAVE_HOST if online.link.is_host else LEAVE_GUEST
    table.stack.push(menus.yes_no(table.app, "Leave this game?", text,
                                  lambda yes: table.to_title() if yes else None,
                                  yes="Yes, leave", no="No, go on playing"))


def end_items(online: OnlineCards) -> list[MenuItem]:
    """The end window's choices online, the harmless one first."""
    items = [MenuItem("Look at the table", "look"), MenuItem("Move log", "log")]
    if not online.record_refusal():
        items.append(MenuItem("Watch replay", "replay"))
    return items + [MenuItem("Back to title", "title")]


__all__ = ["ask_leave", "end_items", "join_code", "menu"]
