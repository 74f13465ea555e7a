"""Drawing the Jayden board: the 1989 checker, pieces, markers, status lines.

The 640x350 screen is 20 columns of 32 pixels by 14 ranks of 23 pixels
(322 pixels), and below them two 14-pixel status lines. Nothing is ever
drawn over a square except its own markers, so every rank is whole in every
state. Column 0 is file a; row 0 is rank 14 (the top), as Green sees the
screen; with ``flip`` (hot seat, Red to act) the board is turned 180
degrees. Drawing reads the position and never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from jayden_jazz.jayden import Action, Position, square_name
from jayden_jazz.scenes.jayden import motion
from jayden_jazz.scenes.jayden.names import SIDE_COLOR
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.art import sprite_sheet
from jayden_jazz.shell.font import GLYPH_H, GLYPH_W, Font
from jayden_jazz.shell.smallfont import SMALL_H, SmallFont, small_font
from jayden_jazz.tables.jayden.moves import Played
from jayden_jazz.tables.jayden.names import PIECE_NAME, RESULT_WORDS, SIDE_NAME
from jayden_jazz.tables.jayden.steps import Motion

CELL_W, CELL_H = 32, 23
COLS, ROWS = 20, 14
BOARD_H = ROWS * CELL_H              # 322
STATUS_Y = BOARD_H                   # two text lines below the board
LINE_H = GLYPH_H
STATUS_COLS = 640 // GLYPH_W         # 80 characters a line
LIGHT_SQ, DARK_SQ = P.BLUE, P.DARK_GRAY
HALF_LINE_Y = 7 * CELL_H
SPRITE_BY_LETTER = {"C": "cannon", "D": "dragon", "H": "hero", "I": "interceptor", "K": "mark",
                    "M": "master", "R": "raider", "S": "scout", "N": "sentinel",
                    "X": "sentinel_deployed"}
SEP = " \u2502 "

__all__ = ["CELL_W", "CELL_H", "COLS", "ROWS", "BOARD_H", "STATUS_Y", "PIECE_NAME", "SIDE_NAME",
           "SIDE_COLOR", "BoardRenderer", "BoardView", "cell_of_square", "square_of_cell", "cell_at",
           "cell_rect", "square_rect"]


def cell_of_square(sq: int, flip: bool = False) -> tuple[int, int]:
    """Square index -> (column, row) on screen; row 0 is rank 14 (rank 1 when flipped)."""
    col, row = sq % COLS, ROWS - 1 - sq // COLS
    return (COLS - 1 - col, ROWS - 1 - row) if flip else (col, row)


def square_of_cell(col: int, row: int, flip: bool = False) -> int:
    if flip:
        col, row = COLS - 1 - col, ROWS - 1 - row
    return (ROWS - 1 - row) * COLS + col


def cell_at(pos: tuple[int, int]) -> tuple[int, int]:
    x, y = pos
    return min(max(x // CELL_W, 0), COLS - 1), min(max(y // CELL_H, 0), ROWS - 1)


def cell_rect(col: int, row: int) -> pygame.Rect:
    return pygame.Rect(col * CELL_W, row * CELL_H, CELL_W, CELL_H)


def square_rect(sq: int, flip: bool = False) -> pygame.Rect:
    return cell_rect(*cell_of_square(sq, flip))


def fit_height(sprite: pygame.Surface, h: int) -> pygame.Surface:
    """The sprite cut to ``h`` rows: blank margins go first (top and bottom in
    turn), then middle rows, so art drawn for 25-pixel squares still fits."""
    w, sh = sprite.get_size()
    if sh <= h:
        return sprite
    key = sprite.get_colorkey()

    def blank(y: int) -> bool:
        return all(tuple(sprite.get_at((x, y))) == tuple(key) for x in range(w)) if key is not None else False

    rows = list(range(sh))
    cut = sh - h
    while cut and (blank(rows[0]) or blank(rows[-1])):
        if blank(rows[-1]) and (len(rows) % 2 == 0 or not blank(rows[0])):
            rows.pop()
        else:
            rows.pop(0)
        cut -= 1
    while cut:
        rows.pop(len(rows) // 2)
        cut -= 1
    out = pygame.Surface((w, h), depth=8)
    out.set_palette(sprite.get_palette())
    if key is not None:
        out.fill(key)
        out.set_colorkey(key)
    for i, y in enumerate(rows):
        out.blit(sprite, (0, i), (0, y, w, 1))
    return out


@dataclass
class BoardView:
    """What to show on top of the position: cursor, selection, markers, status."""

    cursor: tuple[int, int] | None = None
    selected: int | None = None
    targets: dict[int, str] = field(default_factory=dict)       # square -> 'move'|'attack'|'fire'|'condition'
    costs: dict[int, int] = field(default_factory=dict)         # fire cost per target square
    status: bool = True
    blink: bool = True
    marks: list[Played] = field(default_factory=list)            # the last turn and the one under way
    threats: list[int] = field(default_factory=list)             # enemy pieces that could take the Master
    endangered: list[int] = field(default_factory=list)          # own pieces the enemy could take next turn
    hint: list[Action] = field(default_factory=list)
    message: str = ""
    state: list[tuple[str, int]] | None = None                   # replaces "Green to act" (replays)
    alerts: list[tuple[str, int]] = field(default_factory=list)  # Master warnings: never hidden by a message
    notes: list[tuple[str, int]] = field(default_factory=list)   # second line when no message
    flip: bool = False
    motion: Motion | None = None                                 # the steps of the action being shown
    coords: bool = False                                         # file letters and rank numbers on the edge
    clock: list[tuple[str, int]] = field(default_factory=list)   # right end of the second line: time left
    more: str = ""                                               # after a message cut short: where to read it all


class BoardRenderer:
    def __init__(self, font: Font) -> None:
        self.font = font
        self.pieces = {side: {name: fit_height(s, CELL_H) for name, s in sprite_sheet("pieces.txt", team).items()}
                       for side, team in (("g", "green"), ("r", "red"))}
        self.neutral = {name: fit_height(s, CELL_H) for name, s in sprite_sheet("pieces.txt", None).items()}
        self.board = pygame.Surface((640, 350), depth=8)
        self.board.set_palette(P.FULL_PALETTE)
        self.board.fill(P.BLACK)
        for row in range(ROWS):
            for col in range(COLS):
                self.board.fill(self.square_colour(col, row), cell_rect(col, row))
        self.board.fill(P.YELLOW, (0, HALF_LINE_Y - 1, 640, 2))
        self._layer_surf = self.board.copy()
        self._layer_key: tuple | None = None

    @staticmethod
    def square_colour(col: int, row: int) -> int:
        return LIGHT_SQ if (row + col) % 2 == 0 else DARK_SQ

    def sprite(self, letter: str, side: str) -> pygame.Surface | None:
        return self.pieces[side].get(SPRITE_BY_LETTER[letter])

    def draw_piece(self, surface: pygame.Surface, letter: str, side: str, x: int, y: int) -> None:
        sprite = self.sprite(letter, side)
        if sprite is not None:
            surface.blit(sprite, (x, y))
        else:
            self.font.draw(surface, letter, x + 12, y + 4, SIDE_COLOR[side])

    def empty_square(self, surface: pygame.Surface, pos: Position, sq: int, flip: bool) -> None:
        """Paint a square as if nothing stood on it (for pieces in motion)."""
        col, row = cell_of_square(sq, flip)
        surface.blit(self.board, cell_rect(col, row).topleft, cell_rect(col, row))
        shield = self.neutral.get("shield")
        if shield is not None and pos.shielded(sq):
            surface.blit(shield, cell_rect(col, row).topleft)

    def _layer(self, pos: Position, flip: bool) -> pygame.Surface:
        """Board and pieces, redrawn only when the position changes."""
        key = (pos.key(), flip)
        if self._layer_key == key:
            return self._layer_surf
        surf = self._layer_surf
        surf.blit(self.board, (0, 0))
        shield = self.neutral.get("shield")
        for sq in range(COLS * ROWS):
            x, y = square_rect(sq, flip).topleft
            if shield is not None and pos.shielded(sq):
                surf.blit(shield, (x, y))
            piece = pos.piece_at(sq)
            if piece is not None:
                self.draw_piece(surf, piece[0], piece[1], x, y)
        self._layer_key = key
        return surf

    def draw(self, surface: pygame.Surface, pos: Position, view: BoardView) -> None:
        surface.blit(self._layer(pos, view.flip), (0, 0))
        if view.motion is not None:
            motion.draw_under(view.motion, surface, self, pos, view.flip)
        for played in view.marks:
            self._turn_mark(surface, played, view)
        for sq in view.endangered:
            self.risk_mark(surface, square_rect(sq, view.flip))
        for sq in view.threats:
            r = square_rect(sq, view.flip)
            pygame.draw.rect(surface, P.LIGHT_RED if view.blink else P.YELLOW, r, 2)
            pygame.draw.rect(surface, P.BLACK, r.inflate(-4, -4), 1)
        for i, act in enumerate(view.hint, 1):
            self._hint(surface, act, i, view.flip)
        for sq, kind in view.targets.items():
            self._mark(surface, sq, kind, view.costs.get(sq), view.flip)
        if view.selected is not None:
            pygame.draw.rect(surface, P.YELLOW if view.blink else P.WHITE, square_rect(view.selected, view.flip), 2)
        if view.motion is not None:
            motion.draw_over(view.motion, surface, self, pos, view.flip)
        if view.coords:
            self.coordinates(surface, view.flip)
        if view.cursor is not None:
            self._cursor(surface, view.cursor, view.blink)
        surface.fill(P.BLACK, (0, STATUS_Y, 640, 350 - STATUS_Y))
        if view.status:
            self._status(surface, pos, view)

    @staticmethod
    def risk_mark(surface: pygame.Surface, r: pygame.Rect) -> None:
        """A red corner at the top right: this piece could be taken next turn."""
        x, y = r.right - 1, r.y
        pygame.draw.polygon(surface, P.BLACK, [(x - 11, y), (x, y), (x, y + 11)])
        pygame.draw.polygon(surface, P.LIGHT_RED, [(x - 8, y + 1), (x - 1, y + 1), (x - 1, y + 8)])

    @staticmethod
    def coordinates(surface: pygame.Surface, flip: bool) -> None:
        """File letters along the bottom rank and rank numbers up the left file, in
        small capitals on a black tab in the square's corner; they turn with the board."""
        tiny = small_font()
        for col in range(COLS):
            sq = square_of_cell(col, ROWS - 1, flip)
            r = cell_rect(col, ROWS - 1)
            _tab(surface, tiny, square_name(sq)[0], r.right - 5, r.bottom - 6)
        for row in range(ROWS):
            sq = square_of_cell(0, row, flip)
            r = cell_rect(0, row)
            _tab(surface, tiny, square_name(sq)[1:], r.x + 1, r.y + 1)

    # markers ------------------------------------------------------------------
    def _turn_mark(self, surface: pygame.Surface, p: Played, view: BoardView) -> None:
        """From and to of an action of the last turns, in the colour of the side that made it."""
        colour = SIDE_COLOR[p.side]
        src = square_rect(p.action.src, view.flip)
        land = square_rect(p.land, view.flip)
        kind = p.kind
        if kind == "fire":
            self.dashed_line(surface, src.center, square_rect(p.action.dst, view.flip).center, P.YELLOW)
            self.burst_mark(surface, square_rect(p.action.dst, view.flip), P.YELLOW)
            self._corners(surface, src, colour)
            return
        if kind == "condition":
            dst = square_rect(p.action.dst, view.flip)
            pygame.draw.rect(surface, P.LIGHT_MAGENTA if view.blink else colour, dst, 2)
            self._corners(surface, src, colour)
            return
        self._dotted_rect(surface, src, colour)
        pygame.draw.rect(surface, colour, land, 2)
        if kind == "attack" and p.land != p.action.dst:       # a Hero's jump: mark the removed enemy too
            self.burst_mark(surface, square_rect(p.action.dst, view.flip), colour)

    @staticmethod
    def _dotted_rect(surface: pygame.Surface, r: pygame.Rect, colour: int) -> None:
        for x in range(r.x, r.right, 3):
            surface.set_at((x, r.y), colour)
            surface.set_at((x, r.bottom - 1), colour)
        for y in range(r.y, r.bottom, 3):
            surface.set_at((r.x, y), colour)
            surface.set_at((r.right - 1, y), colour)

    @staticmethod
    def _corners(surface: pygame.Surface, r: pygame.Rect, colour: int, n: int = 6) -> None:
        for (x, y, dx, dy) in ((r.x, r.y, 1, 1), (r.right - 1, r.y, -1, 1),
                               (r.x, r.bottom - 1, 1, -1), (r.right - 1, r.bottom - 1, -1, -1)):
            pygame.draw.line(surface, colour, (x, y), (x + n * dx, y))
            pygame.draw.line(surface, colour, (x, y), (x, y + (n - 1) * dy))

    @staticmethod
    def dashed_line(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], colour: int) -> None:
        (x0, y0), (x1, y1) = a, b
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(0, n + 1):
            if (i // 3) % 2 == 0:
                surface.set_at((x0 + (x1 - x0) * i // n, y0 + (y1 - y0) * i // n), colour)

    @staticmethod
    def burst_mark(surface: pygame.Surface, r: pygame.Rect, colour: int) -> None:
        """A small star: where a piece was removed."""
        cx, cy = r.center
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            pygame.draw.line(surface, colour, (cx - 5 * dx, cy - 4 * dy), (cx + 5 * dx, cy + 4 * dy))

    def _hint(self, surface: pygame.Surface, act: Action, n: int, flip: bool) -> None:
        for sq in (act.src, act.dst):
            r = square_rect(sq, flip)
            pygame.draw.rect(surface, P.LIGHT_CYAN, r, 1)
            pygame.draw.rect(surface, P.BLACK, r.inflate(-2, -2), 1)
        r = square_rect(act.dst, flip)
        self.font.draw(surface, str(n), r.x + 1, r.y + 1, P.BLACK, P.LIGHT_CYAN)
        self.dashed_line(surface, square_rect(act.src, flip).center, r.center, P.LIGHT_CYAN)

    def _mark(self, surface: pygame.Surface, sq: int, kind: str, cost: int | None, flip: bool) -> None:
        r = square_rect(sq, flip)
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

    # status -------------------------------------------------------------------
    def state_text(self, pos: Position) -> list[tuple[str, int]]:
        res = pos.result
        if res is not None:
            return [(result_line(pos), P.YELLOW)]
        side = pos.side
        which = "first action" if pos.acted is None else "second action"
        return [(f"{SIDE_NAME[side]} to act, {which}", SIDE_COLOR[side])]

    def info_text(self, pos: Position, view: BoardView) -> list[tuple[str, int]]:
        """The right end of the first line: never pushed off by messages."""
        parts: list[tuple[str, int]] = [("Turned", P.LIGHT_MAGENTA)] if view.flip else []
        if pos.result is None:
            parts.append((f"Free Cannons {pos.free_cannons(pos.side)}", P.LIGHT_CYAN))
        if view.cursor is not None:
            sq = square_of_cell(*view.cursor, view.flip)
            piece = pos.piece_at(sq)
            label = square_name(sq)
            if piece is not None:
                label += f" {SIDE_NAME[piece[1]]} {PIECE_NAME[piece[0]]}"
            parts.append((label, P.LIGHT_GRAY))
        return parts

    def status_lines(self, pos: Position, view: BoardView) -> list[list[tuple[str, int]]]:
        """The two status lines as (text, colour) parts, fitted to 80 columns."""
        right = self.info_text(pos, view)
        right_w = sum(len(t) for t, _ in right) + len(SEP) * max(0, len(right) - 1)
        left_cols = STATUS_COLS - right_w - 2
        state = view.state if view.state is not None else self.state_text(pos)
        second = view.alerts + view.notes
        msg = view.message
        clock_w = sum(len(t) for t, _ in view.clock) + len(SEP) * max(0, len(view.clock) - 1)
        second_cols = STATUS_COLS - 1 - (clock_w + 2 if clock_w else 0)
        if msg and view.alerts:                  # the warning keeps its line; the message takes the first
            state = [(self._cut(msg, left_cols, view.more), P.YELLOW)]
        elif msg:
            if len(msg) <= second_cols:
                second = [(msg, P.YELLOW)]
            else:
                first, rest = split_words(msg, left_cols)
                state = [(first, P.YELLOW)]
                second = [(self._cut(rest, second_cols, view.more), P.YELLOW)]
        return [self._fit_left(state, left_cols), self._fit_left(second, second_cols), right]

    @staticmethod
    def _cut(text: str, cols: int, more: str) -> str:
        """``text`` if it fits, else as much as fits with ``more`` saying where the rest is read."""
        if len(text) <= cols or not more:
            return fit(text, cols)
        return fit(text, cols - len(more) - 1).rstrip("\u2026") + "\u2026 " + more

    @staticmethod
    def _fit_left(parts: list[tuple[str, int]], cols: int) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        used = 0
        for text, colour in parts:
            need = len(text) + (len(SEP) if out else 0)
            if used + need > cols:
                if not out:
                    out.append((fit(text, cols), colour))
                break
            out.append((text, colour))
            used += need
        return out

    def _draw_parts(self, surface: pygame.Surface, parts: list[tuple[str, int]], x: int, y: int) -> int:
        for i, (text, colour) in enumerate(parts):
            if i:
                x = self.font.draw(surface, SEP, x, y, P.DARK_GRAY)
            x = self.font.draw(surface, text, x, y, colour)
        return x

    def _status(self, surface: pygame.Surface, pos: Position, view: BoardView) -> None:
        left, second, right = self.status_lines(pos, view)
        self._draw_parts(surface, left, 4, STATUS_Y)
        width = sum(self.font.width(t) for t, _ in right) + self.font.width(SEP) * max(0, len(right) - 1)
        self._draw_parts(surface, right, 636 - width, STATUS_Y)
        self._draw_parts(surface, second, 4, STATUS_Y + LINE_H)
        if view.clock:
            width = sum(self.font.width(t) for t, _ in view.clock) + self.font.width(SEP) * (len(view.clock) - 1)
            self._draw_parts(surface, view.clock, 636 - width, STATUS_Y + LINE_H)


def _tab(surface: pygame.Surface, tiny: SmallFont, text: str, x: int, y: int) -> None:
    w = tiny.width(text)
    surface.fill(P.BLACK, (x - 1, y - 1, w + 2, SMALL_H + 2))
    tiny.draw(surface, text, x, y, P.LIGHT_GRAY)


def result_line(pos: Position) -> str:
    res = pos.result
    if res is None:
        return ""
    why = RESULT_WORDS.get(res.reason, res.reason)
    if res.winner is None:
        return f"Game over: a draw ({why})"
    return f"Game over: {SIDE_NAME[res.winner]} wins ({why})"


def fit(text: str, cols: int) -> str:
    """Cut at a word boundary with an ellipsis, never inside a word."""
    if len(text) <= cols:
        return text
    head, _ = split_words(text, cols - 1)
    return head.rstrip(" ,;:") + "\u2026"


def split_words(text: str, cols: int) -> tuple[str, str]:
    """The longest head of whole words that fits in ``cols``, and the rest
    (a single word longer than the line is cut)."""
    if len(text) <= cols:
        return text, ""
    cut = text.rfind(" ", 0, cols + 1)
    if cut <= 0:
        return text[:cols], text[cols:].lstrip()
    return text[:cut].rstrip(), text[cut:].lstrip()
