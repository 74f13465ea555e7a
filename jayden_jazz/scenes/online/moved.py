"""A guest whose server stopped answering may say where it is now, from the table or the waiting room.

The client reconnects by itself to the address it has; a server that came
back elsewhere (a new port after a crash, another machine) is never found
that way. So while the connection is down the table's menu and the waiting
room offer the new address: the link is let go (the seat stays kept in
``online.yaml``) and Continue's *Server address* row takes over, where the
kept token takes the seat back at the new address -- one path for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import load_session, save_session, session_path
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

VALUE = "new-address"
ITEM_LABEL = "Server moved? Give its new address"
#: Said at the table and in the waiting room while the connection is down.
HINT = "Not connected to the server: reconnecting. Moved? Esc: new address."
#: The same on a status line shared with other notes.
SHORT = "Server moved? Esc: new address"


def offered(link: Link) -> bool:
    """A player's seat, on a server this machine does not run, whose connection is down: only they
    can say where it went (a spectator keeps nothing; the host's own server is started again here)."""
    return (link.seat is not None and link.hosting is None
            and link.net.state not in ("connected", "closed", "idle"))


def items(link: Link) -> list[MenuItem]:
    return [MenuItem(ITEM_LABEL, VALUE)] if offered(link) else []


def give_new_address(app: AppView, link: Link) -> None:
    """Keep the seat for Continue, leave the game's screens, and open Continue on the address row."""
    save_session(app.dirs.saves, link, notice=app.notices.append)
    path = session_path(app.dirs.saves)
    if load_session(path) is None:
        app.notices.append("This seat could not be kept for Continue, so its new address cannot be given.")
        return
    app.back_to("menu")                     # the table (or waiting room) closes its link as it goes
    app.stack.push(app.scene("online-continue", path=path, new_address=True))


__all__ = ["HINT", "ITEM_LABEL", "SHORT", "VALUE", "give_new_address", "items", "offered"]
