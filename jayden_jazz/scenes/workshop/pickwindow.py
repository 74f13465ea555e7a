"""A window to pick cards (or opponents) from a long list by typing part of a name.

Typing filters the list (every word must be in the name or an alias, best
matches first); Up/Down move; Enter or a
click picks. With ``multi`` Enter toggles the item and the window stays
open until Esc (or F2), which hands back every item ticked; otherwise
Enter hands back the one item and Esc picks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from jayden_jazz.cards import Card
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

RECT = pygame.Rect(40, 16, 560, 318)
LIST_Y, ROW_H, ROWS = 58, 14, 17


@dataclass(frozen=True)
class Pickable:
    value: str              # what is handed back: a card's or an opponent's id
    label: str              # shown in the list
    card: Card | None = None        # searched by its name and aliases when set, else by the label


def rank(item: Pickable, words: list[str]) -> int | None:
    """0 a name is the text typed, 1 a name starts with it, 2 every word is in a name, 3 in the label
    or id; None: no match. Names are the card's name and aliases, or the label."""
    if not words:
        return 0
    whole = " ".join(words)
    names = [item.card.name, *item.card.aliases] if item.card is not None else [item.label]
    best: int | None = None
    for name in (n.lower() for n in names):
        if all(w in name for w in words):
            r = 0 if name == whole else 1 if name.startswith(whole) else 2
            best = r if best is None else min(best, r)
    if best is None and all(w in f"{item.label} {item.value}".lower() for w in words):
        best = 3
    return best


class PickWindow(Scene):
    opaque = False

    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, title: str, items: list[Pickable], on_done: Callable[[list[str]], object], *,
                 multi: bool = False, chosen: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        self.title = title
        self.items = items
        self.on_done = on_done
        self.multi = multi
        self.chosen = list(chosen)
        self.search = TextField(max_len=40, what="A search")
        self.shown: list[Pickable] = []
        self.index = 0
        self.top = 0
        self.refresh()

    def refresh(self) -> None:
        words = self.search.value.lower().split()
        ranked = [(r, i, it) for i, it in enumerate(self.items) if (r := rank(it, words)) is not None]
        self.shown = [it for _, _, it in sorted(ranked, key=lambda t: (t[0], t[1]))]
        self.index = min(self.index, max(0, len(self.shown) - 1))
        self._scroll()

    def _scroll(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + ROWS:
            self.top = self.index - ROWS + 1

    def pick(self) -> None:
        if not self.shown:
            self.app.sound.play("illegal")
            return
        value = self.shown[self.index].value
        if not self.multi:
            self.close()
            self.on_done([value])
        elif value in self.chosen:
            self.chosen.remove(value)
        else:
            self.chosen.append(value)

    def finish(self) -> None:
        self.close()
        if self.multi:
            self.on_done(list(self.chosen))

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK or (k == Kind.KEY and action.key == "f2"):
            self.finish()
        elif k == Kind.MOVE and action.dy and not action.dx:
            self.index = min(max(0, self.index + action.dy), max(0, len(self.shown) - 1))
            self._scroll()
        elif k == Kind.SCROLL:
            self.top = min(max(0, self.top + action.dy), max(0, len(self.shown) - ROWS))
        elif k == Kind.ACTION and action.pos is not None:
            x, y = action.pos
            i = self.top + (y - LIST_Y) // ROW_H
            if RECT.collidepoint(action.pos) and y >= LIST_Y and i < min(len(self.shown), self.top + ROWS):
                self.index = i
                self.pick()
            elif not RECT.collidepoint(action.pos):
                self.finish()
        elif k == Kind.ACTION and action.text in ("\r", "\n", ""):
            self.pick()
        elif self.search.handle(action):
            if self.search.refusal:
                self.app.sound.play("illegal")
            self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, RECT, self.title)
        font.draw(surface, "Find:", inner.x + 4, inner.y + 4, P.LIGHT_CYAN)
        self.search.draw(surface, font, self.search_box(), True)
        count = f"{len(self.chosen)} chosen" if self.multi else f"{len(self.shown)} shown"
        font.draw(surface, count, inner.right - 8 - font.width(count), inner.y + 4, P.LIGHT_GRAY)
        for row in range(ROWS):
            i = self.top + row
            if i >= len(self.shown):
                break
            it = self.shown[i]
            y = LIST_Y + row * ROW_H
            sel = i == self.index
            if sel:
                surface.fill(P.CYAN, (inner.x + 2, y, inner.w - 4, ROW_H))
            mark = ("[x] " if it.value in self.chosen else "[ ] ") if self.multi else ""
            font.draw(surface, (mark + it.label)[:66], inner.x + 6, y, P.BLACK if sel else P.WHITE)
        if not self.shown:
            font.draw(surface, "Nothing matches; Backspace to change the search.", inner.x + 6, LIST_Y, P.YELLOW)
        font.draw(surface, self.help_line()[:66], inner.x + 4, RECT.bottom - 18,
                  P.YELLOW if self.search.refusal else P.LIGHT_CYAN)

    def search_box(self) -> pygame.Rect:
        """Where the search is typed: the field keeps its text inside (the end of a long one shows)."""
        return pygame.Rect(RECT.x + 6 + 48, RECT.y + 12 + 3, 240, 16)

    def help_line(self) -> str:
        """The keys, or why the last key typed was refused."""
        if self.search.refusal:
            return self.search.refusal
        return ("Type to find. Enter ticks or unticks. Esc or F2: done." if self.multi
                else "Type to find. Enter picks. Esc: cancel.")


__all__ = ["PickWindow", "Pickable"]
