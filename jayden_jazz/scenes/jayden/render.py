"""Drawing the Jayden board; used by play and replay alike.

The 20x14 board fills the 640x350 screen exactly (cells of 32x25). Rank 14
is the top row, as Green sees the screen. Drawing reads the position and
never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from jayden_jazz.jayden import Position, square_name
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.art import sprite_sheet
from jayden_jazz.shell.font import Font

CELL_W, CELL_H = 32, 25
COLS, ROWS = 20, 14
LIGHT_SQ, DARK_SQ = P.BLUE, P.DARK_GRAY
HALF_LINE_Y = 7 * CELL_H
SIDE_NAME = {"g": "Green", "r": "Red"}
SIDE_COLOR = {"g": P.LIGHT_GREEN, "r": P.LIGHT_RED}
SPRITE_BY_LETTER = {"C": "cannon", "D": "dragon", "H": "hero", "I": "interceptor", "K": "mark",
                    "M": "master", "R": "raider", "S": "scout", "N": "sentinel",
                    "X": "sentinel_deployed"}
PIECE_NAME = {"C": "Cannon", "D": "Dragon", "H": "Hero", "I": "Interceptor", "K": "Mark",
              "M": "Master", "R": "Raider", "S": "Scout", "N": "Sentinel", "X": "Sentinel"}


def cell_of_square(sq: int) -> tuple[int, int]:
    """Square index -> (column, row) on screen; row 0 is rank 14."""
    return sq % COLS, ROWS - 1 - sq // COLS


def square_of_cell(col: int, row: int) -> int:
    return (ROWS - 1 - row) * COLS + col


def cell_at(pos: tuple[int, int]) -> tuple[int, int]:
    x, y = pos
    return min(max(x // CELL_W, 0), COLS - 1), min(max(y // CELL_H, 0), ROWS - 1)


def cell_rect(col: int, row: int) -> pygame.Rect:
    return pygame.Rect(col * CELL_W, row * CELL_H, CELL_W, CELL_H)


@dataclass
class BoardView:
    """What to show on top of the position: cursor, selection, targets, status."""

    cursor: tuple[int, int] | None = None
    selected: int | None = None
    targets: dict[int, str] = field(default_factory=dict)       # square -> 'move'|'attack'|'fire'|'condition'
    costs: dict[int, int] = field(default_factory=dict)         # fire cost per target square
    status: bool = True
    blink: bool = True
    last: tuple[int, ...] = ()                                   # squares of the last action, for replays/AI
    message: str = ""


class BoardRenderer:
    def __init__(self, font: Font) -> None:
        self.font = font
        self.pieces = {"g": sprite_sheet("pieces.txt", "green"), "r": sprite_sheet("pieces.txt", "red")}
        self.neutral = sprite_sheet("pieces.txt", None)
        self.board = pygame.Surface((640, 350), depth=8)
        self.board.set_palette(P.FULL_PALETTE)
        for row in range(ROWS):
            for col in range(COLS):
                self.board.fill(LIGHT_SQ if (row + col) % 2 == 0 else DARK_SQ, cell_rect(col, row))
        self.board.fill(P.YELLOW, (0, HALF_LINE_Y - 1, 640, 2))
        self._layer_surf = self.board.copy()
        self._layer_key: tuple | None = None

    def _layer(self, pos: Position) -> pygame.Surface:
        """Board and pieces, redrawn only when the position changes."""
        key = (pos.key(),)
        if self._layer_key == key:
            return self._layer_surf
        surf = self._layer_surf
        surf.blit(self.board, (0, 0))
        shield = self.neutral.get("shield")
        for sq in range(COLS * ROWS):
            col, row = cell_of_square(sq)
            x, y = col * CELL_W, row * CELL_H
            if shield is not None and pos.shielded(sq):
                surf.blit(shield, (x, y))
            piece = pos.piece_at(sq)
            if piece is None:
                continue
            letter, side = piece
            sprite = self.pieces[side].get(SPRITE_BY_LETTER[letter])
            if sprite is not None:
                surf.blit(sprite, (x, y))
            else:
                self.font.draw(surf, letter, x + 12, y + 5, SIDE_COLOR[side])
        self._layer_key = key
        return surf

    def draw(self, surface: pygame.Surface, pos: Position, view: BoardView) -> None:
        surface.blit(self._layer(pos), (0, 0))
        for sq in view.last:
            col, row = cell_of_square(sq)
            pygame.draw.rect(surface, P.LIGHT_CYAN, cell_rect(col, row), 1)
        for sq, kind in view.targets.items():
            self._mark(surface, sq, kind, view.costs.get(sq))
        if view.selected is not None:
            col, row = cell_of_square(view.selected)
            r = cell_rect(col, row)
            pygame.draw.rect(surface, P.YELLOW if view.blink else P.WHITE, r, 2)
        if view.cursor is not None:
            self._cursor(surface, view.cursor, view.blink)
        if view.status:
            self._status(surface, pos, view)

    def _mark(self, surface: pygame.Surface, sq: int, kind: str, cost: int | None) -> None:
        col, row = cell_of_square(sq)
        r = cell_rect(col, row)
        cx, cy = r.center
        if kind == "move":
            surface.fill(P.BLACK, (cx - 4, cy - 3, 8, 6))
            surface.fill(P.LIGHT_GREEN, (cx - 3, cy - 2, 6, 4))
        elif kind == "attack":
            for (x, y, dx, dy) in ((r.x + 1, r.y + 1, 1, 1), (r.right - 2, r.y + 1, -1, 1),
                                   (r.x + 1, r.bottom - 2, 1, -1), (r.right - 2, r.bottom - 2, -1, -1)):
                pygame.draw.line(surface, P.LIGHT_RED, (x, y), (x + 7 * dx, y), 2)
                pygame.draw.line(surface, P.LIGHT_RED, (x, y), (x, y + 5 * dy), 2)
        elif kind == "fire":
            pygame.draw.line(surface, P.YELLOW, (r.x + 2, cy), (r.right - 3, cy), 1)
            pygame.draw.line(surface, P.YELLOW, (cx, r.y + 2), (cx, r.bottom - 3), 1)
            pygame.draw.rect(surface, P.YELLOW, r.inflate(-4, -4), 1)
            if cost is not None:
                self.font.draw(surface, str(cost), r.right - 9, r.y + 1, P.BLACK, P.YELLOW)
        elif kind == "condition":
            pygame.draw.rect(surface, P.LIGHT_MAGENTA, r, 2)
            pygame.draw.rect(surface, P.BLACK, r.inflate(-4, -4), 1)

    def _cursor(self, surface: pygame.Surface, cell: tuple[int, int], blink: bool) -> None:
        r = cell_rect(*cell)
        sprite = self.neutral.get("cursor")
        if sprite is not None and blink:
            surface.blit(sprite, r.topleft)
        else:
            pygame.draw.rect(surface, P.WHITE if blink else P.LIGHT_CYAN, r, 2)

    def status_text(self, pos: Position, view: BoardView) -> list[tuple[str, int]]:
        res = pos.result
        parts: list[tuple[str, int]] = []
        if res is not None:
            parts.append(("Game over", P.YELLOW))
        else:
            side = pos.side
            parts.append((f"{SIDE_NAME[side]} to act", SIDE_COLOR[side]))
            parts.append(("first action" if pos.acted is None else "second action", P.WHITE))
            parts.append((f"Free Cannons {pos.free_cannons(side)}", P.LIGHT_CYAN))
        for s in ("g", "r"):
            if not pos.has_mark(s):
                parts.append((f"{SIDE_NAME[s]}: no Mark", P.LIGHT_MAGENTA))
        if view.cursor is not None:
            sq = square_of_cell(*view.cursor)
            piece = pos.piece_at(sq)
            label = square_name(sq)
            if piece is not None:
                label += f" {SIDE_NAME[piece[1]]} {PIECE_NAME[piece[0]]}"
            parts.append((label, P.LIGHT_GRAY))
        if view.message:
            parts = [(view.message, P.YELLOW)] + parts[:2]
        return parts

    def _status(self, surface: pygame.Surface, pos: Position, view: BoardView) -> None:
        # The strip sits on the edge away from the cursor so it never covers
        # the square being looked at.
        top = view.cursor is not None and view.cursor[1] >= ROWS // 2
        y = 0 if top else 350 - 16
        surface.fill(P.BLACK, (0, y, 640, 16))
        x = 4
        for i, (text, color) in enumerate(self.status_text(pos, view)):
            if i:
                x = self.font.draw(surface, " \u2502 ", x, y + 1, P.DARK_GRAY)
            if x + self.font.width(text) > 636:
                break
            x = self.font.draw(surface, text, x, y + 1, color)

