"""Asking before something is lost: a Yes/No window whose answer is No unless changed.

Enter straight away, Esc, or a click outside the choices all keep what the
player has; only choosing Yes goes ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


def confirm_window(app: AppView, title: str, text: str, on_yes: Callable[[], None], *,
                   yes: str = "Yes", no: str = "No") -> ChoiceWindow:
    """No first (and chosen on Enter); ``on_yes`` runs only after Yes."""
    return ChoiceWindow(app, title, [MenuItem(no, "no"), MenuItem(yes, "yes")], text=text, width=360,
                        fill=P.RED, on_choose=lambda v: on_yes() if v == "yes" else None)


__all__ = ["confirm_window"]
