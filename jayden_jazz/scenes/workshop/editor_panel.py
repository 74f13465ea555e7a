"""What the card editor draws on its left: the form, the budget bar, the messages and the key bar.

The editor scene holds the card, its fields and its problems; this part only
reads them, so how the panel looks can change without touching how a card is
edited. The preview on the right is the card view the scene holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards.language import BUDGET
from jayden_jazz.scenes.cardkit.cardview import VIEW_W
from jayden_jazz.scenes.workshop.keybar import key_bar_rects
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.workshop.editor import CardEditorScene

VIEW_X = 640 - VIEW_W
PANEL_W = VIEW_X - 2
FORM_RECT = pygame.Rect(4, 20, PANEL_W - 8, 13 * 15)
MSG_Y = 248
MSG_ROWS = 5
ROW_HINTS = {
    "id": "The card's id in the pack: a-z, 0-9, _ and -.",
    "name": "Type the name; the id follows it until you change the id.",
    "aliases": "Other names, separated by commas (optional).",
    "started_roasting": "Year and month the character joined, as YYYY-MM.",
    "description": "1-4 sentences in the third person; the preview wraps it.",
    "sides": "\u2190\u2192 side; 1-9 or A sets it (10 = A); + - change",
    "picture": "Enter (or F4): import a picture or draw one.",
    "add": "Enter adds an ability (at most three).",
    "save": "Enter saves the card into the pack (F2 too).",
}
KEYS_HELP = (("F2", "Save"), ("F3", "Undo"), ("F4", "Picture"), ("Esc", "Close"))


def row_of(field: str | None) -> str:
    """The editor row a validator field belongs to (``abilities[2].cost`` -> ``ability2``)."""
    if not field:
        return ""
    if field.startswith("abilities["):
        return "ability" + field[len("abilities["):].split("]", 1)[0]
    if field == "budget" or field.startswith("sides"):
        return "sides"
    return field.split(".", 1)[0]


class EditorPanel:
    def __init__(self, scene: CardEditorScene) -> None:
        self.scene = scene

    def key_rects(self) -> list[tuple[pygame.Rect, str]]:
        return key_bar_rects(self.scene.app.font, KEYS_HELP, 324, 4)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        surface.fill(P.BLACK)
        surface.fill(P.BLUE, (0, 0, PANEL_W, 350))
        title = f"Card workshop \u00b7 {self.scene.pack.name}"
        font.draw(surface, title[:40], 4, 3, P.YELLOW)
        if self.scene.dirty:
            font.draw(surface, "changed", PANEL_W - 4 - font.width("changed"), 3, P.LIGHT_MAGENTA)
        self.scene.form.draw(surface, font, {row_of(p.field) for p in self.scene.errors})
        self.draw_budget(surface, FORM_RECT.bottom + 2)
        self.draw_messages(surface, MSG_Y)
        for rect, key in self.key_rects():
            label = dict(KEYS_HELP)[key]
            surface.fill(P.CYAN, rect)
            font.draw(surface, f"{key} {label}", rect.x + 4, rect.y + 1, P.BLACK)
        self.scene.view.draw(surface, VIEW_X, 0)

    def draw_budget(self, surface: pygame.Surface, y: int) -> None:
        font = self.scene.app.font
        sides = sum(self.scene.card.sides)
        costs = sum(a.cost for a in self.scene.card.abilities)
        total = sides + costs
        over = total > BUDGET
        font.draw(surface, f"Budget {total:>2}/{BUDGET}", 7, y, P.LIGHT_RED if over else P.WHITE)
        x0, w = 120, 9
        for i in range(BUDGET):
            colour = P.LIGHT_GREEN if i < sides else (P.LIGHT_MAGENTA if i < total else P.DARK_GRAY)
            surface.fill(P.LIGHT_RED if over and i < total else colour, (x0 + i * w, y + 2, w - 1, 10))
        if over:
            font.draw(surface, f"+{total - BUDGET}", x0 + BUDGET * w + 2, y, P.LIGHT_RED)
        note = f"sides {sides} + abilities {costs}"
        if over:
            note = f"over by {total - BUDGET}: cannot be saved"
        elif total < BUDGET:
            note += f", {BUDGET - total} left"
        font.draw(surface, note[:46], 7, y + 15, P.LIGHT_RED if over else P.LIGHT_GRAY)

    def message_lines(self) -> list[tuple[str, int]]:
        """(text, colour) under the budget: the focused row's help whole (wrapped, never cut), the
        status, then the validator's problems."""
        cols = (PANEL_W - 12) // 8
        lines: list[tuple[str, int]] = []
        row = self.scene.form.current
        hint = ROW_HINTS.get(row.key, "Enter edits this ability." if row.key.startswith("ability") else "") \
            if row is not None else ""
        lines += [(s, P.LIGHT_GRAY) for s in wrap(hint, cols)]
        if self.scene.status:
            lines += [(s, P.LIGHT_CYAN) for s in wrap(self.scene.status, cols)]
        if not self.scene.problems:
            lines.append(("\u2713 The validator finds no problem.", P.LIGHT_GREEN))
        for p in self.scene.problems:
            where = (p.field or "card").replace("abilities[", "ability[")
            colour = P.LIGHT_RED if p.is_error else P.YELLOW
            mark = "\u00d7" if p.is_error else "!"
            for j, s in enumerate(wrap(f"{mark} {where}: {p.message}", cols)):
                lines.append(("  " + s if j else s, colour))
        return lines

    def draw_messages(self, surface: pygame.Surface, y: int) -> None:
        font = self.scene.app.font
        lines = self.message_lines()
        more = len(lines) - MSG_ROWS + 1 if len(lines) > MSG_ROWS else 0
        shown = lines[:MSG_ROWS - 1] if more else lines
        for i, (s, colour) in enumerate(shown):
            font.draw(surface, s, 6, y + i * 14, colour)
        if more:                                   # the last row says what is not shown, above the key bar
            font.draw(surface, f"... and {more} more line{'s' if more != 1 else ''} (see the red rows)",
                      6, y + (MSG_ROWS - 1) * 14, P.LIGHT_GRAY)
