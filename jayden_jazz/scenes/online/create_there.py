"""Create a game on a server nobody at the table runs: the Host screen's choices, made on that server.

Nothing starts on this machine: the ``create`` goes to the server the
player connected to, this player takes their seat there like anyone else
(and holds the host token: giving an away seat to the computer, ending an
abandoned game), and the game shows in that server's list for others to
join.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.scenes.online import link as L
from jayden_jazz.scenes.online.host import HostScene
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.textcut import cut

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


class CreateThereScene(HostScene):
    title = "Create a game on the server"
    failure = "Cannot create the game"

    def __init__(self, app: AppView, url: str) -> None:
        self.url = url
        super().__init__(app)
        self.intro = cut(f"Made on {url[5:]}; the server holds the hands.", 62)

    def build_menu(self) -> None:
        super().build_menu()
        self.menu.items[-2].label = "Create the game"

    def start(self) -> None:
        self.app.sound.play("select")
        create, seat = self.choices()
        self.name.remember()
        self.connector = L.Connector(self.url, create=create, seat=seat, name=self.name.value)

    def notes(self, room: int) -> list[tuple[str, int]]:
        lines = wrap("It shows in the server's list for anyone to join or watch; "
                     "you may also give the join code to a friend.", 62)
        return [(t, P.LIGHT_GRAY) for t in lines][:max(room, 0)]


__all__ = ["CreateThereScene"]
