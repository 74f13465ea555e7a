"""What a mode played on the card table (the Journey) asks the table to do instead of its own step.

A mode's hooks (:meth:`Match.on_over`, :meth:`Match.on_menu`) used to be one
``table_event(table, what)`` taking any object and a string, and pushing
windows on the table's stack itself. They now return one of these small
intents, or None for "the table's ordinary step", and the table carries the
intent out in one place (:func:`carry_out`): the mode says what should
happen, the table owns its stack and its windows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Union

from jayden_jazz.scenes.confirm import confirm_window
from jayden_jazz.scenes.windows import MessageWindow

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene as TablePart


@dataclass(frozen=True)
class Done:
    """The mode has nothing more to do (its end window is up already): the table does nothing."""


@dataclass(frozen=True)
class ShowEnd:
    """The mode's own end window (title, text); ``then`` when it is closed."""

    title: str
    text: str
    then: Callable[[], None]


@dataclass(frozen=True)
class Confirm:
    """A question with No as the default; ``then`` only after a Yes (a choice that loses something)."""

    title: str
    text: str
    then: Callable[[], None]


@dataclass(frozen=True)
class Run:
    """A step of the mode's own, done at once (leaving the table for the mode's screen)."""

    step: Callable[[], None]


TableIntent = Union[Done, ShowEnd, Confirm, Run]


def carry_out(table: TablePart, intent: TableIntent | None) -> bool:
    """Do what the mode asked; False (nothing done) when it asked nothing, so the table takes its
    ordinary step."""
    if intent is None:
        return False
    if isinstance(intent, ShowEnd):
        table.end_shown = True
        table.stack.push(MessageWindow(table.app, intent.title, intent.text, on_close=intent.then))
    elif isinstance(intent, Confirm):
        table.stack.push(confirm_window(table.app, intent.title, intent.text, intent.then))
    elif isinstance(intent, Run):
        intent.step()
    return True


__all__ = ["Confirm", "Done", "Run", "ShowEnd", "TableIntent", "carry_out"]
