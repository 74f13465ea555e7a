"""The end-of-game bar and the move list window.

The end of a game is shown in the two status lines, not in a window over
the middle of the board: the final capture and every rank stay in view
while the player decides what to do next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from jayden_jazz.scenes.jayden.names import SIDE_COLOR
from jayden_jazz.scenes.jayden.render import LINE_H, STATUS_COLS, STATUS_Y, BoardRenderer, fit
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_W, wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H as ROW_H
from jayden_jazz.shell.widgets import MenuItem, TextView, draw_window
from jayden_jazz.tables.jayden.moves import Played, groups, taken, taken_text, turn_lines
from jayden_jazz.tables.jayden.names import PIECE_NAME, SIDE_NAME

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

END_CHOICES = [MenuItem("New game", "new"), MenuItem("Watch replay", "replay"),
               MenuItem("Move list", "moves"), MenuItem("Look at the board", "look"),
               MenuItem("Back to title", "title")]


class EndBar(Scene):
    """The result and what to do next, in the status lines below the board."""

    opaque = False

    def __init__(self, app: AppView, title: str, text: str, on_choose: Callable[[str], None], *,
                 items: list[MenuItem] | None = None, index: int = 0) -> None:
        super().__init__(app)
        self.title = title
        self.lines = [text]
        self.items = list(END_CHOICES if items is None else items)
        self.index = index
        self.on_choose = on_choose
        self._spans: list[tuple[int, int]] = []
        x = 4
        for item in self.items:
            w = (len(item.label) + 2) * GLYPH_W
            self._spans.append((x, x + w))
            x += w + GLYPH_W

    def _item_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos
        if not STATUS_Y + LINE_H <= y < STATUS_Y + 2 * LINE_H:
            return None
        for i, (a, b) in enumerate(self._spans):
            if a <= x < b:
                return i
        return None

    def choose(self, value: str) -> None:
        self.close()
        self.on_choose(value)

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.choose("look")
        elif k == Kind.MOVE:
            d = action.dx or action.dy
            self.index = (self.index + d) % len(self.items)
        elif k == Kind.SCROLL:
            self.index = (self.index + action.dy) % len(self.items)
        elif k == Kind.POINT and action.pos is not None:
            i = self._item_at(action.pos)
            if i is not None:
                self.index = i
        elif k == Kind.ACTION:
            if action.pos is not None:
                i = self._item_at(action.pos)
                if i is None:
                    return
                self.index = i
            self.app.sound.play("menu")
            self.choose(self.items[self.index].value)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.MAGENTA, (0, STATUS_Y, 640, 2 * LINE_H))
        font.draw(surface, fit(self.lines[0], STATUS_COLS - 1), 4, STATUS_Y, P.YELLOW)
        for i, (item, (a, b)) in enumerate(zip(self.items, self._spans)):
            if i == self.index:
                surface.fill(P.CYAN, (a, STATUS_Y + LINE_H, b - a, LINE_H))
            font.draw(surface, f" {item.label} ", a, STATUS_Y + LINE_H, P.BLACK if i == self.index else P.WHITE)


MESSAGE_LINES = 4        # the longest message the game says fits in three


class MoveListWindow(Scene):
    """Every turn in the action notation with piece names, and what each side took.

    A bar marks one turn (the latest at first, or the turn that ends at
    ``at`` actions, where a viewer stands); Enter or a click on a turn calls
    ``on_pick`` with the number of actions up to its end, to look back at the
    position after it. Esc closes. A finished game's ``result`` is the last
    line, after the turns. The rows are the text view's own height
    (``ROW_H``), so the bar, the clicks and the words line up however long
    the list is. The board's latest ``message`` is shown whole above the
    turns: the status lines cut a long one, and this is where to read it.
    ``names`` puts the players' names in place of Green and Red (an online game).
    """

    opaque = False

    def __init__(self, app: AppView, records: list[Played],
                 on_pick: Callable[[int], None] | None = None, at: int | None = None,
                 result: str = "", message: str = "", names: dict[str, str] | None = None) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(40, 12, 560, 300)
        who = names or SIDE_NAME
        self.head = [(f"{who[s]} took: {taken_text(taken(records, s))}", SIDE_COLOR[s]) for s in "gr"]
        cols = (self.rect.w - 40) // GLYPH_W
        if message:
            self.head += [(line, P.YELLOW) for line in wrap("Last message: " + message, cols)[:MESSAGE_LINES]]
        lines = [fit(line, cols) for line in turn_lines(records, names)] or ["(no action yet)"]
        self.colours = {line: SIDE_COLOR[g[0].side] for line, g in zip(lines, groups(records))}   # by who acted
        self.result = fit(result, cols)
        if self.result:
            lines.append(self.result)
        self.ends: list[int] = []
        for group in groups(records):
            self.ends.append((self.ends[-1] if self.ends else 0) + len(group))
        rows = (self.rect.h - 24 - 6 - len(self.head) * LINE_H - 4 - LINE_H - 4) // ROW_H
        self.view = TextView(lines, rows)
        self.view.top = self.view.max_top          # the latest turns first in view
        self.index = len(self.ends) - 1            # the turn under the bar
        if at is not None and self.ends:
            self.index = next((i for i, end in enumerate(self.ends) if end >= at), self.index)
            self.view.top = min(self.view.max_top, max(0, self.index - self.view.rows // 2))
        self.on_pick = on_pick
        self.body = pygame.Rect(0, 0, 0, 0)

    def _select(self, i: int) -> None:
        if not self.ends:
            return
        self.index = min(max(i, 0), len(self.ends) - 1)
        if self.index < self.view.top:
            self.view.top = self.index
        elif self.index >= self.view.top + self.view.rows:
            self.view.top = self.index - self.view.rows + 1

    def _line_at(self, pos: tuple[int, int]) -> int | None:
        if not self.body.collidepoint(pos):
            return None
        i = self.view.top + (pos[1] - self.body.y) // ROW_H
        return i if 0 <= i < len(self.ends) else None

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK or (k == Kind.ACTION and (self.on_pick is None or not self.ends)):
            self.close()
        elif k == Kind.ACTION:
            i = self._line_at(action.pos) if action.pos is not None else self.index
            if i is None:
                self.close()
                return
            self.close()
            assert self.on_pick is not None
            self.on_pick(self.ends[i])
        elif k == Kind.MOVE and action.dy:
            self._select(self.index + action.dy * (self.view.rows if action.dx else 1))
        elif k == Kind.POINT and action.pos is not None:
            i = self._line_at(action.pos)
            if i is not None:
                self.index = i
        else:
            self.view.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Move list")
        y = inner.y
        for text, colour in self.head:
            font.draw(surface, fit(text, inner.w // GLYPH_W - 1), inner.x + 4, y, colour)
            y += LINE_H
        y += 4
        self.body = pygame.Rect(inner.x + 4, y, inner.w - 8, self.view.rows * ROW_H)
        if self.ends and self.on_pick is not None and self.view.top <= self.index < self.view.top + self.view.rows:
            surface.fill(P.DARK_GRAY, (self.body.x, y - 1 + (self.index - self.view.top) * ROW_H,
                                       self.body.w - 8, ROW_H))
        self.view.draw(surface, font, self.body, P.WHITE, styles=self._style)
        guide = ("\u2191\u2193 turn  Enter look at it  Esc close" if self.on_pick is not None and self.ends
                 else "\u2191\u2193 PgUp PgDn scroll  Enter or Esc close")
        font.draw(surface, guide, inner.x + 4, inner.bottom - LINE_H, P.LIGHT_GRAY)

    def _style(self, line: str) -> tuple[str, int]:
        if self.result and line == self.result:
            return line, P.YELLOW
        return line, self.colours.get(line, P.WHITE)


LEGEND_ORDER = "MHDRSINXCK"          # the Master first, the Mark last, as the Instructions list them


class LegendWindow(Scene):
    """Every piece's pictures (Green and Red), name and letter, over the board; any key closes it."""

    opaque = False

    def __init__(self, app: AppView, renderer: BoardRenderer) -> None:
        super().__init__(app)
        self.renderer = renderer
        self.rect = pygame.Rect(0, 0, 600, 24 + 6 + 5 * 28 + 3 * LINE_H)
        self.rect.center = (320, 161)

    def handle(self, action: Action) -> None:
        if action.kind not in (Kind.POINT, Kind.SCROLL):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Pieces")
        for i, letter in enumerate(LEGEND_ORDER):
            x = inner.x + 8 + (i // 5) * (inner.w // 2)
            y = inner.y + 2 + (i % 5) * 28
            for j, side in enumerate("gr"):
                surface.fill(P.BLUE if j == 0 else P.DARK_GRAY, (x + j * 34, y, 32, 23))
                self.renderer.draw_piece(surface, letter, side, x + j * 34, y)
            name = PIECE_NAME[letter] + (" (deployed)" if letter == "X" else "")
            font.draw(surface, name, x + 74, y + 4, P.WHITE)
            font.draw(surface, f"{letter} {letter.lower()}", x + 74 + GLYPH_W * 20, y + 4, P.YELLOW)
        y = inner.y + 2 + 5 * 28 + 4
        font.draw(surface, "Green left, Red right; letters as in JPN (Green capitals).", inner.x + 8, y,
                  P.LIGHT_GRAY)
        font.draw(surface, "Any key closes this.", inner.x + 8, y + LINE_H, P.LIGHT_GRAY)
