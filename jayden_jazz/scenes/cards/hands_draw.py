"""Drawing the hand picker: the heading, the toolbar, the grid, the hand strip and the buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cardkit.cards_art import MINI, draw_face
from jayden_jazz.cards import Card
from jayden_jazz.scenes.cardkit.cardview import VIEW_W, CardView
from jayden_jazz.scenes.cards.hands_layout import (BUTTON_W, BUTTON_X, BUTTON_Y0, BUTTONS, COLS, FIND_RECT, GRID,
                                                  PACK_RECT, PITCH_X, PITCH_Y, ROWS, SORT_NAMES, SORT_RECT, STRIP,
                                                  TILE, VIEW_X)
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.smallfont import LINE, small_font
from jayden_jazz.shell.smallfont import name_lines as small_name_lines

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene


class PickerDrawing:
    """Paints the picker and knows where its tiles and buttons are."""

    def __init__(self, scene: HandChoiceScene) -> None:
        self.scene = scene
        self._views: dict[str, CardView] = {}

    def tile_rect(self, i: int) -> pygame.Rect:
        row, col = divmod(i, COLS)
        return pygame.Rect(GRID.x + col * PITCH_X, GRID.y + (row - self.scene.top_row) * PITCH_Y, *TILE)

    def grid_rect(self, i: int) -> pygame.Rect:
        """The small face inside a tile."""
        t = self.tile_rect(i)
        return pygame.Rect(t.x + 2, t.y + 2, *MINI)

    def button_label(self, b: int) -> str:
        """A button's words: another mode's own store of hands (the Journey's decks) says so."""
        label = BUTTONS[b]
        return "Decks" if label == "Saved hands" and self.scene.on_saved is not None else label

    def button_rect(self, b: int) -> pygame.Rect:
        return pygame.Rect(BUTTON_X, BUTTON_Y0 + b * 16, BUTTON_W, 15)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        surface.fill(P.BLACK)
        seat = min(self.scene.seat, self.scene.config.players - 1)
        name = f"{seats.seat_name(seat)} ({seats.COLOUR_NAMES[seat]})"
        surface.fill(seats.dark(seat), (0, 0, VIEW_X - 2, 16))
        if self.scene.phase == "computer":
            head = f"{name} (computer) is choosing a hand" + "." * (1 + self.scene.ticks // 20 % 3)
        else:
            head = self.scene.title or f"{name}: choose {self.scene.size} cards"
        font.draw(surface, head[:48], 4, 1, P.WHITE)
        if self.scene.phase == "choose":
            self._toolbar(surface)
        self._grid(surface)
        if self.scene.phase == "choose":
            self._strip(surface)
            self._buttons(surface)
            view = self.current_view()
            if view is not None:
                view.draw(surface, VIEW_X, 0)
        else:
            surface.fill(P.BLUE, (VIEW_X, 0, VIEW_W, 350))
            font.draw_centered(surface, "Waiting", VIEW_X + VIEW_W // 2, 160, P.LIGHT_GRAY)

    def _toolbar(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        if self.scene.search:
            font.draw(surface, self.scene.finder.find_text(), FIND_RECT.x, FIND_RECT.y, P.YELLOW)
        else:
            font.draw(surface, "Type to find", FIND_RECT.x, FIND_RECT.y, P.LIGHT_GRAY)
        for rect, text in ((SORT_RECT, f"F2 Sort:{SORT_NAMES[self.scene.sort]}"),
                           (PACK_RECT, "F3 " + (self.scene.library.pack_name(self.scene.pack_filter) if self.scene.pack_filter
                                                 else "All packs"))):
            surface.fill(P.BLUE, rect)
            font.draw(surface, text[:rect.w // 8], rect.x + 2, rect.y, P.WHITE)

    def _grid(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        seat = min(self.scene.seat, self.scene.config.players - 1)
        show_picks = self.scene.phase == "choose"
        first = self.scene.top_row * COLS
        if not self.scene.shown and show_picks:
            font.draw(surface, "No card matches; Backspace or Esc", GRID.x + 4, GRID.y + 8, P.LIGHT_GRAY)
        for i in range(first, min(len(self.scene.shown), first + ROWS * COLS)):
            card = self.scene.catalog[self.scene.shown[i]]
            t = self.tile_rect(i)
            picked = show_picks and card.id in self.scene.picked
            surface.fill(seats.dark(seat) if picked else P.BLACK, t)
            draw_face(surface, font, self.grid_rect(i), card, seat if picked else None)
            lines = name_lines(card.name, (t.w - 36) // 8)
            for j, line in enumerate(lines):
                font.draw(surface, line, t.x + 35, t.y + 1 + j * 13, P.WHITE)
            font.draw(surface, f"{sum(card.sides)} pts", t.x + 35, t.y + 29, P.LIGHT_GRAY)
            if picked:
                font.draw(surface, "\u2713", t.right - 10, t.y + 29, P.YELLOW)
            if show_picks and self.scene.focus == "grid" and i == self.scene.index:
                pygame.draw.rect(surface, P.WHITE if (self.scene.ticks // 15) % 2 == 0 else P.YELLOW, t.inflate(2, 2), 2)
        rows = (len(self.scene.shown) + COLS - 1) // COLS
        if rows > ROWS:
            bar = pygame.Rect(GRID.right - 4, GRID.y, 4, ROWS * PITCH_Y)
            surface.fill(P.DARK_GRAY, bar)
            h = max(8, bar.h * ROWS // rows)
            ty = bar.y + (bar.h - h) * self.scene.top_row // max(1, rows - ROWS)
            surface.fill(P.LIGHT_GRAY, (bar.x, ty, bar.w, h))

    def message_rows(self) -> tuple[list[str], bool]:
        """The message whole: one line of the 8x14 font where it fits above the hand strip, else
        up to two lines of small capitals (``True``), so no message is cut."""
        if not self.scene.message:
            return [], False
        if self.scene.app.font.width(self.scene.message) <= STRIP.w:
            return [self.scene.message], False
        tiny = small_font()
        return wrap(self.scene.message, tiny.columns(STRIP.w))[:2], True

    def _strip(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        seat = min(self.scene.seat, self.scene.config.players - 1)
        still = self.scene.still
        text = f"Hand {len(self.scene.picked)}/{self.scene.size}" + (f", {still} to pick" if still else ", complete")
        rows, small = self.message_rows()
        if not rows:
            font.draw(surface, self.scene.finder.help_line(), STRIP.x, STRIP.y - 32, P.LIGHT_GRAY)
        for i, row in enumerate(rows):
            if small:
                small_font().draw(surface, row, STRIP.x, STRIP.y - 31 + i * (LINE + 1), P.YELLOW)
            else:
                font.draw(surface, row, STRIP.x, STRIP.y - 32, P.YELLOW)
        font.draw(surface, text, STRIP.x, STRIP.y - 16, P.YELLOW if still else P.LIGHT_GREEN)
        pitch = MINI[0] + 2
        room = max(1, (STRIP.w + 2) // pitch)
        shown = self.scene.picked if len(self.scene.picked) <= room else self.scene.picked[-(room - 1):]
        x = STRIP.x
        if len(shown) < len(self.scene.picked):
            more = f"+{len(self.scene.picked) - len(shown)}"
            font.draw(surface, more, x + (pitch - font.width(more)) // 2, STRIP.y + 13, P.LIGHT_GRAY)
            x += pitch
        for cid in shown:
            draw_face(surface, font, pygame.Rect(x, STRIP.y, *MINI), self.scene.catalog[cid], seat)
            x += pitch

    def _buttons(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        for b in range(len(BUTTONS)):
            label = self.button_label(b)
            r = self.button_rect(b)
            on = self.scene.focus == "buttons" and b == self.scene.button
            enabled = label != "Done" or self.scene.still == 0
            surface.fill(P.CYAN if on else P.BLUE, r)
            pygame.draw.rect(surface, P.WHITE if enabled else P.DARK_GRAY, r, 1)
            font.draw_centered(surface, label, r.centerx, r.y + 1,
                               P.BLACK if on else (P.WHITE if enabled else P.LIGHT_GRAY))

    def current_card(self) -> Card | None:
        if self.scene.focus == "buttons" or not self.scene.shown or self.scene.phase != "choose":
            if self.scene.picked and self.scene.phase == "choose":
                return self.scene.catalog[self.scene.picked[-1]]
            return None
        return self.scene.catalog[self.scene.shown[self.scene.index]]

    def current_view(self) -> CardView | None:
        card = self.current_card()
        if card is None:
            return None
        view = self._views.get(card.id)
        if view is None:
            view = self._views[card.id] = CardView(self.scene.app.font, card)
        return view


def name_lines(name: str, cols: int) -> list[str]:
    """A name in at most two lines of ``cols``, broken between words; a word too long for a
    line ends in an ellipsis (the card view shows the whole name)."""
    return small_name_lines(name, cols, 2)


__all__ = ["PickerDrawing", "name_lines"]
