"""What the Workshop's first screen draws: the list of packs and cards, the hint, the key bar, and
on the right the card chosen or what its pack holds.

The scene holds the packs, the rows and the choice; this part only reads
them, so the look can change without touching what a key does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import sides_text
from jayden_jazz.scenes.cardkit.cardview import VIEW_W
from jayden_jazz.scenes.workshop.keybar import key_bar_rects
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.workshop.home import WorkshopScene
    from jayden_jazz.scenes.workshop.ownpacks import OwnPack

VIEW_X = 640 - VIEW_W
PANEL_W = VIEW_X - 2
LIST_Y, ROW_H, ROWS = 40, 14, 17
HINT_LINES = 3          # under the list, above the key bar
KEYS = (("Enter", "Edit"), ("C", "Copy"), ("Del", "Delete"), ("Z", "Zip"), ("N", "New pack"))


class WorkshopHomeView:
    def __init__(self, scene: WorkshopScene) -> None:
        self.scene = scene

    def key_rects(self) -> list[tuple[pygame.Rect, str]]:
        return key_bar_rects(self.scene.app.font, KEYS, 326, 3)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.scene.app.font
        surface.fill(P.BLACK)
        surface.fill(P.BLUE, (0, 0, PANEL_W, 350))
        font.draw(surface, "Card workshop", 6, 4, P.YELLOW)
        font.draw(surface, "\u00b7 your packs", 6 + 14 * 8, 4, P.LIGHT_CYAN)
        font.draw(surface, str(self.scene.cards_dir)[-46:], 6, 20, P.LIGHT_GRAY)
        for row in range(ROWS):
            i = self.scene.top + row
            if i >= len(self.scene.rows):
                break
            kind, pack, card = self.scene.rows[i]
            y = LIST_Y + row * ROW_H
            sel = i == self.scene.index
            if sel:
                surface.fill(P.CYAN, (4, y, PANEL_W - 8, ROW_H))
            if kind == "pack" and pack is not None:
                lock = " (not loaded)" if pack.hidden_by is not None else " (read-only)" if pack.locked else ""
                text, colour = f"\u25bc {pack.name} ({len(pack.cards)}){lock}", P.YELLOW
            elif kind == "card" and card is not None:
                name = card.name if len(card.name) <= 26 else card.name[:25] + "~"
                text = f"   {name:<26} {sides_text(card.sides)} {card.budget:>3}"
                colour = P.WHITE
            elif kind == "new":
                text, colour = "   + new card", P.LIGHT_GREEN
            else:
                text, colour = "+ new pack", P.LIGHT_GREEN
            font.draw(surface, text[:46], 8, y, P.BLACK if sel else colour)
        kind, pack, card = self.scene.current
        y = LIST_Y + ROWS * ROW_H + 4
        if not self.scene.packs:
            hint = ("You have no packs yet. Choose \"+ new pack\" to start one; "
                    "the shipped packs stay as they are.")
        elif pack is not None and pack.hidden_by is not None:
            hint = (f"Not loaded by the game: {pack.hidden_by.name} in your cards folder has the same "
                    "pack id and is read first; move it away to play this pack.")
        elif pack is not None and pack.locked:
            hint = f"Read-only: {pack.locked}."
        elif kind == "card":
            hint = "Enter edits this card; C copies it; Del deletes it."
        else:
            hint = "Enter on a pack: its opponents, name and more. Z zips the pack for sharing."
        for j, line in enumerate(wrap(hint, (PANEL_W - 12) // 8)[:HINT_LINES]):
            font.draw(surface, line, 6, y + j * 14, P.LIGHT_CYAN)
        for rect, key in self.key_rects():
            surface.fill(P.CYAN, rect)
            font.draw(surface, f"{key} {dict(KEYS)[key]}", rect.x + 4, rect.y + 1, P.BLACK)
        if self.scene.view is not None:
            self.scene.view.draw(surface, VIEW_X, 0)
        else:
            self.draw_pack_panel(surface, pack)

    def draw_pack_panel(self, surface: pygame.Surface, pack: OwnPack | None) -> None:
        font = self.scene.app.font
        r = pygame.Rect(VIEW_X, 0, VIEW_W, 350)
        surface.fill(P.BLACK, r)
        lines: list[tuple[str, int]] = []
        if pack is None:
            lines = [("A new pack", P.YELLOW), ("", P.WHITE)]
            lines += [(s, P.WHITE) for s in wrap(
                "A pack is a YAML file in its own folder in your cards folder. The Workshop writes it; "
                "you can also read and change it by hand.", 29)]
        else:
            lines = [(pack.name, P.YELLOW), (f"id {pack.id}", P.LIGHT_GRAY), ("", P.WHITE)]
            lines += [(f"{len(pack.cards)} card(s)", P.WHITE)]
            errs = [p for p in pack.problems if p.is_error]
            warns = [p for p in pack.problems if not p.is_error]
            if errs:
                lines.append((f"{len(errs)} problem(s) refuse cards", P.LIGHT_RED))
            if warns:
                lines.append((f"{len(warns)} warning(s)", P.YELLOW))
            for p in (errs + warns)[:6]:
                lines += [(s, P.LIGHT_RED if p.is_error else P.YELLOW)
                          for s in wrap(f"{p.field or 'pack'}: {p.message}", 29)[:2]]
        for i, (s, c) in enumerate(lines[:23]):
            font.draw(surface, s[:30], r.x + 6, 6 + i * 14, c)
