"""Drawing the card table: field, hands, turn and effects; used by play and tests.

The layout puts the field in the middle, as large as its shape allows
(3x3 cards show their pictures, a 7x7 still shows every value), and each
seat's hand in a panel at the sides: seats 1 and 3 on the left, 2 and 4 on
the right, so turns alternate sides. Drawing reads only a frozen
:class:`~jayden_jazz.scenes.cards.table_frame.TableFrame` (plain values:
the cards as this screen may see them and the scene's :class:`TableView`),
never the engine's game, so it can change nothing and show nothing the
frame does not hold.

Which card faces were drawn in the last frame is kept in
:attr:`TableRenderer.faces`, so a test can prove a hidden hand never
reached the screen.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pygame

from jayden_jazz.cards.card import Ability, SIDE_NAMES
from jayden_jazz.scenes.cards import marks
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.table_frame import (CellKey, FieldCard, HandKey, SlotKey, TableFrame, TableView,
                                                  cell_key, hand_key)
from jayden_jazz.scenes.cards.table_names import TableNames
from jayden_jazz.scenes.cardkit.cards_art import MINI, TINY, draw_back, draw_face
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font, wrap
from jayden_jazz.shell.smallfont import LINE, small_font

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.cards import Card

SCREEN_W, SCREEN_H = 640, 350
BAR_H = 16
SIDE_W = 158
FIELD_AREA = pygame.Rect(SIDE_W + 2, BAR_H + 1, SCREEN_W - 2 * (SIDE_W + 2), SCREEN_H - 2 * BAR_H - 2)
LABEL_W, LABEL_H = 10, 14      # room for the row numbers at the left and the column letters on top
MAX_CELL = 104
HAND_SIZES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((72, 60), (76, 64)),     # two columns, values and a picture
    ((44, 46), (50, 50)),     # three columns, values
    ((37, 44), (39, 46)),     # four columns
    (MINI, (31, 42)),         # five columns, values
    (TINY, (21, 23)),         # seven columns, values in small digits; rows overlap when even these do not fit
)
PANEL_HEAD = 32
BANNER_AREA = pygame.Rect(0, BAR_H, SCREEN_W, SCREEN_H - 2 * BAR_H)
"""Where a "Same!" banner may go: anywhere between the bars that holds nothing to read."""
SMALL_PANEL = 100            # a seat's panel while the other seat of its side is to move
TABLE_FILL = P.BROWN

def dim(surface: pygame.Surface, r: pygame.Rect) -> None:
    """Darken a card that may not be played now: black on every other pixel of its fill (the
    palette has no half tones), leaving the white values and name whole, since the player still
    plans with them."""
    r = r.clip(surface.get_rect())
    if r.w <= 0 or r.h <= 0:
        return
    pixels = pygame.surfarray.pixels2d(surface)
    part = pixels[r.left:r.right, r.top:r.bottom]
    xs, ys = np.ogrid[r.left:r.right, r.top:r.bottom]
    part[((xs + ys) % 2 == 0) & (part != P.WHITE) & (part != P.YELLOW)] = P.BLACK
    del part, pixels          # unlock the surface


def short_effect(ab: Ability) -> str:
    """A Turn effect in a few words for the side panels: ``+3 all sides: this card``."""
    if ab.effect != "modify":
        return ab.effect.replace("_", " ")
    sides = "all sides" if len(ab.sides) == 4 else "/".join(SIDE_NAMES[s] for s in ab.sides)
    who = {"self": "this card", "own": "own cards", "opponents": "opponents", "all": "all cards",
           "neighbours": "next to it"}.get(ab.target, ab.target)
    return f"{ab.amount:+d} {sides}: {who}"


class TableLayout:
    """Where every cell and hand card of one field shape and seat count goes."""

    def __init__(self, fld, players: int) -> None:
        self.field = fld
        self.players = players
        area = FIELD_AREA
        self.cell_w = min((area.w - 2 * LABEL_W) // fld.width, MAX_CELL)
        self.cell_h = min((area.h - LABEL_H - 2) // fld.height, MAX_CELL)
        self.cell_w = min(self.cell_w, self.cell_h)           # cards are never wider than tall
        self.cell_h = min(self.cell_h, self.cell_w * 5 // 4)   # ... nor much taller than wide
        w, h = self.cell_w * fld.width, self.cell_h * fld.height
        self.field_rect = pygame.Rect(area.x + (area.w - w) // 2, area.y + LABEL_H + (area.h - LABEL_H - h) // 2,
                                      w, h)
        self.panels: dict[int, pygame.Rect] = {}
        self.focused: int | None = -1
        self.focus(None)

    def focus(self, seat: int | None) -> None:
        """Give the seat to move the larger panel of its side (3 and 4 players), so its hand is
        the largest and most readable one on the screen."""
        if seat == self.focused:
            return
        self.focused = seat
        columns: dict[int, list[int]] = {0: [], 1: []}
        for s in range(self.players):
            columns[s % 2].append(s)
        top, height = BAR_H + 1, SCREEN_H - 2 * BAR_H - 2
        for side, ss in columns.items():
            if not ss:
                continue
            x = 0 if side == 0 else SCREEN_W - SIDE_W
            if len(ss) == 2 and seat in ss:
                heights = [height - SMALL_PANEL if s == seat else SMALL_PANEL for s in ss]
            else:
                heights = [height // len(ss)] * len(ss)
            y = top
            for i, s in enumerate(ss):
                self.panels[s] = pygame.Rect(x, y, SIDE_W, heights[i] - (2 if i < len(ss) - 1 else 0))
                y += heights[i]

    def cell_rect(self, index: int) -> pygame.Rect:
        col, row = index % self.field.width, index // self.field.width
        return pygame.Rect(self.field_rect.x + col * self.cell_w, self.field_rect.y + row * self.cell_h,
                           self.cell_w, self.cell_h)

    def card_rect(self, index: int) -> pygame.Rect:
        return self.cell_rect(index).inflate(-2, -2)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The playable cell under a screen point, or None (holes are not cells to point at)."""
        x, y = pos
        fr = self.field_rect
        if not fr.collidepoint(x, y):
            return None
        i = self.field.at((x - fr.x) // self.cell_w, (y - fr.y) // self.cell_h)
        return i if i >= 0 and self.field.is_playable(i) else None

    def hand_area(self, seat: int, effect_lines: int = 0) -> pygame.Rect:
        p = self.panels[seat]
        top = p.y + PANEL_HEAD
        bottom = p.bottom - effect_lines * 14 - (2 if effect_lines else 0)
        return pygame.Rect(p.x, top, p.w, max(TINY[1], bottom - top))

    def size_index(self, seat: int, n: int, effect_lines: int = 0) -> int:
        """The biggest of :data:`HAND_SIZES` in which ``n`` cards fit side by side."""
        area = self.hand_area(seat, effect_lines)
        for k, ((w, h), (px, py)) in enumerate(HAND_SIZES):
            per_row = max(1, (area.w + px - w) // px)
            if (math.ceil(n / per_row) - 1) * py + h <= area.h:
                return k
        return len(HAND_SIZES)

    def hand_rects(self, seat: int, n: int, effect_lines: int = 0, at_most: int = 0) -> list[pygame.Rect]:
        """Rects for ``n`` hand cards: the biggest card size that fits (but none bigger than
        :data:`HAND_SIZES` [``at_most``]), else overlapping rows."""
        if n <= 0:
            return []
        area = self.hand_area(seat, effect_lines)
        k = max(self.size_index(seat, n, effect_lines), min(at_most, len(HAND_SIZES) - 1))
        if k < len(HAND_SIZES):
            (w, h), (px, py) = HAND_SIZES[k]
            per_row = max(1, (area.w + px - w) // px)
        else:
            (w, h), (px, py) = HAND_SIZES[-1]
            per_row = max(1, (area.w + px - w) // px)
            rows = math.ceil(n / per_row)
            py = max(12, (area.h - h) // max(1, rows - 1))
        used = (min(n, per_row) - 1) * px + w
        x0 = area.x + (area.w - used) // 2
        return [pygame.Rect(x0 + (i % per_row) * px, area.y + (i // per_row) * py, w, h) for i in range(n)]


class TableRenderer:
    def __init__(self, font: Font, layout: TableLayout) -> None:
        self.font = font
        self.layout = layout
        self.faces: list[tuple[str, int, str]] = []
        """("hand", seat, card id) and ("field", cell, card id) drawn in the last frame."""
        self._board: pygame.Surface | None = None
        self._tmp: pygame.Surface | None = None
        self._banner_at: tuple[tuple, tuple[int, pygame.Rect] | None] | None = None   # last search, by what it avoided
        self.names = TableNames()              # the small faces' short names, told apart across the table

    # ------------------------------------------------------------------ static board
    def _board_surface(self) -> pygame.Surface:
        if self._board is not None:
            return self._board
        lay = self.layout
        surf = new_logical_surface((SCREEN_W, SCREEN_H))
        surf.fill(P.BLACK)
        frame = lay.field_rect.inflate(8, 8)
        surf.fill(TABLE_FILL, frame)
        pygame.draw.rect(surf, P.YELLOW, frame, 1)
        for i in range(lay.field.size):
            r = lay.cell_rect(i)
            if lay.field.is_playable(i):
                inner = r.inflate(-2, -2)
                surf.fill(P.BLACK, inner)
                pygame.draw.rect(surf, P.DARK_GRAY, inner, 1)
            else:
                # a hole: no cell at all, hatched so it never reads as an empty cell
                surf.fill(TABLE_FILL, r)
                for k in range(-r.h, r.w, 6):
                    pygame.draw.line(surf, P.BLACK, (r.x + max(k, 0), r.y + max(-k, 0)),
                                     (r.x + min(k + r.h, r.w) - 1, r.y + min(r.h, r.w - k) - 1))
        self._labels(surf)
        self._board = surf
        return surf

    def _labels(self, surf: pygame.Surface) -> None:
        """Column letters above the field and row numbers at its left: the names the log uses."""
        lay = self.layout
        fr = lay.field_rect
        for col in range(lay.field.width):
            x = fr.x + col * lay.cell_w + lay.cell_w // 2
            self.font.draw_centered(surf, chr(ord("a") + col), x, fr.y - 4 - 14, P.LIGHT_GRAY)
        for row in range(lay.field.height):
            y = fr.y + row * lay.cell_h + (lay.cell_h - 14) // 2
            text = str(row + 1)
            self.font.draw(surf, text, fr.x - 5 - self.font.width(text), y, P.LIGHT_GRAY)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        view = frame.view
        self.faces = []
        self.names.see_table(frame)
        lay = self.layout
        r: pygame.Rect | None                  # a slot's rect; None for a slot not drawn now
        surface.blit(self._board_surface(), (0, 0))
        pending_cell = view.pending[2] if view.pending else None
        for i in lay.field.cells:
            fc = frame.field.get(i)
            if fc is not None:
                self._field_card(surface, i, fc, view)
        if view.pending is not None and frame.placed is not None:
            seat, _, cell = view.pending
            card = frame.placed
            r = lay.card_rect(cell)
            draw_face(surface, self.font, r, card, seat, short=self.names.short(card.name, r.size))
            self.faces.append(("field", cell, card.id))
            pygame.draw.rect(surface, P.WHITE if view.blink else P.YELLOW, r.inflate(2, 2), 1)
        self._elements(surface, frame)
        if view.preview_values is not None:
            cell, now, printed = view.preview_values
            marks.values_preview(surface, self.font, lay.card_rect(cell), now, printed)
        for cell, side in view.matched:
            marks.matched_mark(surface, lay.card_rect(cell), side)
        for c in view.preview:
            self._preview_mark(surface, lay.card_rect(c), view.highlight)
        if view.last is not None and view.last != pending_cell and view.last in frame.field:
            marks.last_mark(surface, lay.cell_rect(view.last))
        if view.step_cell is not None:
            pygame.draw.rect(surface, P.YELLOW, lay.cell_rect(view.step_cell), 2)
        if view.hint is not None:
            self._hint_mark(surface, lay.card_rect(view.hint[1]), view.blink)
        for s in range(frame.players):
            self._panel(surface, frame, s)
        if view.banner is not None:
            self._banner(surface, frame)
        for key in view.candidates:
            r = self.slot_rect(frame, key)
            if r is not None:
                pygame.draw.rect(surface, P.LIGHT_GREEN if view.blink else P.GREEN, r.inflate(2, 2), 2)
        for key in view.chosen:
            r = self.slot_rect(frame, key)
            if r is not None:
                pygame.draw.rect(surface, P.YELLOW, r.inflate(2, 2), 2)
                self.font.draw(surface, "\u2713", r.right - 9, r.y + 1, P.YELLOW, P.BLACK)
        if view.hint is not None:
            r = self.slot_rect(frame, view.hint[0])
            if r is not None:
                self._hint_mark(surface, r, view.blink)
        if view.cursor is not None:
            r = self.slot_rect(frame, view.cursor)
            if r is not None:
                colour = P.WHITE if view.blink else P.LIGHT_CYAN
                pygame.draw.rect(surface, colour, r.inflate(4, 4), 2)
            if view.cursor[0] == "cell":
                self._name_plate(surface, frame, view.cursor[1])
        self._bar(surface, 0, view.top)
        self._bar(surface, SCREEN_H - BAR_H, view.bottom)

    def _name_plate(self, surface: pygame.Surface, frame: TableFrame, cell: int) -> None:
        """The whole name of the field card under the cursor where its face is too small for it."""
        card = shown_card(frame, cell)
        if card is not None:
            marks.name_plate(surface, self.font, self.layout.card_rect(cell), card.name, FIELD_AREA.bottom)

    def _elements(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Elemental cells: the glyph in an empty cell, and on the card lying on one (with its modifier)."""
        from jayden_jazz.scenes.cardkit.elements_art import cell_under_card, empty_cell_element

        for i, (element, modifier) in frame.elements.items():
            if modifier is None:
                empty_cell_element(surface, self.layout.card_rect(i), element)
            else:
                cell_under_card(surface, self.font, self.layout.card_rect(i), element, modifier)

    def _banner(self, surface: pygame.Surface, frame: TableFrame) -> None:
        from jayden_jazz.scenes.cards.banner import banner

        view = frame.view
        placed = self.banner_rect(frame)
        if placed is not None and view.banner is not None:
            surface.blit(banner(self.font, *view.banner, scale=placed[0]), placed[1])

    def banner_rect(self, frame: TableFrame) -> tuple[int, pygame.Rect] | None:
        """(letter scale, rect) of the "Same!" banner, or None to leave it to the top bar's caption.

        It goes where it hides nothing (see :meth:`banner_blocked`), as near the field's middle
        as that allows, in the largest letters that fit: three times the font's; twice on a
        crowded table; the font's own size on the most crowded (a nearly full 7x7 for four
        players with Draft's hands)."""
        from jayden_jazz.scenes.cards.banner import SCALE, banner, place_banner

        view = frame.view
        if view.banner is None:
            return None
        blocked = self.banner_blocked(frame)
        key = (view.banner, tuple(map(tuple, blocked)))
        if self._banner_at is not None and self._banner_at[0] == key:
            return self._banner_at[1]
        found = None
        for scale in range(SCALE, 0, -1):
            size = banner(self.font, *view.banner, scale=scale).get_size()
            r = place_banner(size, BANNER_AREA, blocked, self.layout.field_rect.center)
            if r is not None:
                found = (scale, r)
                break
        self._banner_at = (key, found)
        return found

    def banner_blocked(self, frame: TableFrame) -> list[pygame.Rect]:
        """What a banner must leave in sight: every cell holding a card (with its frames), every
        hand card of every seat (lifted or framed), an empty cell's element, the panels' heads
        and effect lines, the field's border and the names of its rows and columns."""
        from jayden_jazz.scenes.cardkit.elements_art import empty_cell_glyph

        lay, view = self.layout, frame.view
        out: list[pygame.Rect] = []
        pending_cell = view.pending[2] if view.pending else None
        for i in lay.field.cells:
            if i in frame.field or i == pending_cell:
                out.append(lay.cell_rect(i))
            elif i in frame.elements:                        # an empty cell's element stays readable
                out.append(empty_cell_glyph(lay.card_rect(i))[0])
        for s in range(frame.players):
            p = lay.panels[s]
            out.append(pygame.Rect(p.x, p.y, p.w, PANEL_HEAD))
            lines = self.effect_line_count(frame, s)
            if lines:
                out.append(pygame.Rect(p.x, p.bottom - 14 * lines, p.w, 14 * lines))
            out += [r.inflate(4, 4).union(r.move(0, -4).inflate(4, 4)) for _, r in self.hand_slots(frame, s)]
        edge = lay.field_rect.inflate(8, 8)                      # the field's border, kept whole
        out += [pygame.Rect(edge.x, edge.y, edge.w, 5), pygame.Rect(edge.x, edge.bottom - 5, edge.w, 5),
                pygame.Rect(edge.x, edge.y, 5, edge.h), pygame.Rect(edge.right - 5, edge.y, 5, edge.h)]
        out += self._label_rects()
        return out

    def _label_rects(self) -> list[pygame.Rect]:
        """Where :meth:`_labels` writes the column letters and row numbers."""
        lay, fr, font = self.layout, self.layout.field_rect, self.font
        out = []
        for col in range(lay.field.width):
            w = font.width(chr(ord("a") + col))
            out.append(pygame.Rect(fr.x + col * lay.cell_w + lay.cell_w // 2 - w // 2, fr.y - 18, w, 14))
        for row in range(lay.field.height):
            w = font.width(str(row + 1))
            out.append(pygame.Rect(fr.x - 5 - w, fr.y + row * lay.cell_h + (lay.cell_h - 14) // 2, w, 14))
        return out

    def _hint_mark(self, surface: pygame.Surface, r: pygame.Rect, blink: bool) -> None:
        colour = P.LIGHT_GREEN if blink else P.GREEN
        outer = r.inflate(6, 6)
        for i in range(0, outer.w, 6):                  # a dashed frame: never mistaken for the cursor
            pygame.draw.line(surface, colour, (outer.x + i, outer.y), (min(outer.right - 1, outer.x + i + 3), outer.y), 2)
            pygame.draw.line(surface, colour, (outer.x + i, outer.bottom - 2),
                             (min(outer.right - 1, outer.x + i + 3), outer.bottom - 2), 2)
        for j in range(0, outer.h, 6):
            pygame.draw.line(surface, colour, (outer.x, outer.y + j), (outer.x, min(outer.bottom - 1, outer.y + j + 3)), 2)
            pygame.draw.line(surface, colour, (outer.right - 2, outer.y + j),
                             (outer.right - 2, min(outer.bottom - 1, outer.y + j + 3)), 2)
        self.font.draw(surface, "H", outer.x + 1, outer.y + 1, P.BLACK, colour)

    def _preview_mark(self, surface: pygame.Surface, r: pygame.Rect, mover: int | None) -> None:
        """A card the chosen card would capture here: a yellow frame and a corner in the mover's colour."""
        pygame.draw.rect(surface, P.YELLOW, r.inflate(-4, -4), 2)
        marks.corner_marks(surface, r, P.YELLOW)
        if mover is not None:
            corner = [(r.x + 3, r.bottom - 4), (r.x + 3, r.bottom - 16), (r.x + 15, r.bottom - 4)]
            pygame.draw.polygon(surface, seats.light(mover), corner)

    def _field_card(self, surface: pygame.Surface, i: int, fc: FieldCard, view: TableView) -> None:
        card, owner, values = fc.card, fc.owner, fc.values
        r = self.layout.card_rect(i)
        flip = view.flips.get(i)
        self.faces.append(("field", i, card.id))
        if flip is None:
            draw_face(surface, self.font, r, card, owner, values, short=self.names.short(card.name, r.size))
            return
        old, progress = flip
        shown = old if progress < 0.5 else owner
        k = abs(1.0 - 2.0 * progress)
        if self._tmp is None or self._tmp.get_size() != r.size:
            self._tmp = new_logical_surface(r.size)
        draw_face(self._tmp, self.font, self._tmp.get_rect(), card, shown, values,
                  short=self.names.short(card.name, r.size))
        w = max(1, int(r.w * k))
        squeezed = pygame.transform.scale(self._tmp, (w, r.h))
        surface.blit(squeezed, (r.x + (r.w - w) // 2, r.y))

    def hand_slots(self, frame: TableFrame, seat: int) -> list[tuple[int, pygame.Rect]]:
        """(engine hand index, rect) of the cards drawn in a seat's panel, in drawing order."""
        view = frame.view
        hand = frame.hands[seat]
        skip = view.pending[1] if view.pending and view.pending[0] == seat else None
        shown = [i for i in range(len(hand)) if i != skip]
        lay = self.layout
        f = lay.focused
        at_most = 0
        if f is not None and f != seat and f in lay.panels:   # no hand drawn bigger than the mover's
            at_most = lay.size_index(f, len(frame.hands[f]), self.effect_line_count(frame, f))
        rects = lay.hand_rects(seat, len(shown), self.effect_line_count(frame, seat), at_most)
        return list(zip(shown, rects))

    def effect_lines(self, frame: TableFrame, seat: int) -> list[tuple[str, int]]:
        """A seat's running Turn effects for its panel; a small panel (a waiting seat of 3 or 4)
        gets one line each (name, cell and turns left), so its cards keep their room."""
        out: list[tuple[str, int]] = []
        cols = (SIDE_W - 8) // 8
        small = seat in self.layout.panels and self.layout.panels[seat].h <= SMALL_PANEL
        for e in frame.effects:
            if e.seat != seat:
                continue
            name = e.ability.name or f"{e.card.name} {e.number}"
            if small:
                left = f" {e.cell} {e.turns_left}t"
                head = "\u2666 " + name
                if len(head) + len(left) > cols:
                    head = head[:cols - len(left) - 1] + "."
                out.append((head + left, P.YELLOW))
                continue
            out.append((("\u2666 " + name)[:cols], P.YELLOW))
            for line in wrap(short_effect(e.ability), cols - 2)[:2]:
                out.append(("  " + line, P.WHITE))
            left = f"  {e.cell}, {e.turns_left} turn{'s' if e.turns_left != 1 else ''} left"
            out.append((left[:cols], P.LIGHT_GRAY))
        if small and out and self._lines_crowd_cards(frame.held[seat], seat, len(out)):
            return []        # the header's yellow diamond says an effect runs; the card view has it whole
        return out

    def _lines_crowd_cards(self, n: int, seat: int, lines: int) -> bool:
        """True when a small panel's ``n`` face-up cards fit side by side only without its effect lines."""
        lay = self.layout
        return overlap(lay.hand_rects(seat, n, lines)) and not overlap(lay.hand_rects(seat, n, 0))

    def effect_line_count(self, frame: TableFrame, seat: int) -> int:
        return len(self.effect_lines(frame, seat))

    def slot_rect(self, frame: TableFrame, key: SlotKey) -> pygame.Rect | None:
        if key[0] == "cell":
            return self.layout.card_rect(key[1])
        if key[0] == "hand":
            seat, index = key[1], key[2]
            if seat not in self.layout.panels:
                return None
            for i, r in self.hand_slots(frame, seat):
                if i == index:
                    return r
        return None

    def _panel(self, surface: pygame.Surface, frame: TableFrame, seat: int) -> None:
        font, view = self.font, frame.view
        p = self.layout.panels[seat]
        dark, light = seats.dark(seat), seats.light(seat)
        turn = view.highlight == seat and not view.game_over
        surface.fill(light if turn else dark, (p.x, p.y, p.w, 15))
        label = view.seat_labels[seat] if seat < len(view.seat_labels) else seats.seat_name(seat)
        font.draw(surface, label[:p.w // 8 - 1], p.x + 4, p.y + 1, P.BLACK if turn else P.WHITE)
        hand = frame.hands[seat]
        score = view.scores[seat] if view.scores else frame.scores[seat]
        font.draw(surface, f"Field {score:<2d}", p.x + 4, p.y + 16, light)
        x = font.draw(surface, f"Hand {len(hand)}", p.x + 84, p.y + 16, P.LIGHT_GRAY)
        if not self.effect_lines(frame, seat) and any(e.seat == seat for e in frame.effects):
            font.draw(surface, "\u2666", min(x + 4, p.right - 9), p.y + 16, P.YELLOW)
        face_up = seat in view.visible
        slots = self.hand_slots(frame, seat)
        on_top = []                              # the cursor's and the drawn card: whole where rows overlap
        for i, r in slots:
            key = hand_key(seat, i)
            if key in (view.cursor, view.drawn):
                on_top.append((i, r))
                continue
            self._hand_card(surface, hand, seat, i, r, face_up, view)
        for i, r in on_top:
            self._hand_card(surface, hand, seat, i, r, face_up, view)
        lines = self.effect_lines(frame, seat)
        y = p.bottom - 14 * len(lines)
        for text, colour in lines:
            font.draw(surface, text, p.x + 4, y, colour)
            y += 14

    def _hand_card(self, surface: pygame.Surface, hand: tuple[Card | None, ...], seat: int, i: int,
                   r: pygame.Rect, face_up: bool, view: TableView) -> None:
        key = hand_key(seat, i)
        rr = r.move(0, -4) if view.selected == key else r
        card = hand[i]                        # None: a card this screen may not see
        if card is not None:
            draw_face(surface, self.font, rr, card, seat, short=self.names.short(card.name, rr.size))
            self.faces.append(("hand", seat, card.id))
        else:
            draw_back(surface, rr)
        if key in view.dimmed:
            dim(surface, rr)
        if face_up and key in view.known_own:
            marks.known_mark(surface, rr)
        if view.selected == key:
            pygame.draw.rect(surface, P.YELLOW, rr.inflate(2, 2), 1)
        # the computer's pick, and Chaos's drawn card while its step plays (only where its face
        # is seen): a blinking frame in the gap around it, covering no values
        if view.computer_pick == key or (view.drawn == key and (face_up or key in view.revealed)):
            pygame.draw.rect(surface, P.YELLOW if view.blink else P.WHITE, rr.inflate(4, 4), 2)

    def _bar(self, surface: pygame.Surface, y: int, parts: list[tuple[str, int]]) -> None:
        surface.fill(P.BLACK, (0, y, SCREEN_W, BAR_H))
        shown, small = fit_bar(self.font, parts)
        if small:
            text, colour = shown[0]
            two = two_lines(self.font, text)
            if two is not None:                  # two lines of the bar's own font, over the field's edge
                draw_two_lines(surface, self.font, y, two, colour)
                return
            tiny = small_font()
            for i, line in enumerate(small_lines(text)):
                tiny.draw(surface, line, 4, y + 2 + i * (LINE + 1), colour)
            return
        x = 4
        for i, (text, colour) in enumerate(shown):
            if i:
                x = self.font.draw(surface, SEP, x, y + 1, P.DARK_GRAY)
            x = self.font.draw(surface, text, x, y + 1, colour)


def shown_card(frame: TableFrame, cell: int) -> Card | None:
    """The card drawn on a cell: the field's, or the one placed there and not yet confirmed."""
    fc = frame.field.get(cell)
    if fc is not None:
        return fc.card
    pending = frame.view.pending
    return frame.placed if pending is not None and pending[2] == cell else None


def overlap(rects: list[pygame.Rect]) -> bool:
    """True when any two of the rects share a pixel (cards hiding each other's values)."""
    return any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


SEP = " \u2502 "
BAR_ROOM = SCREEN_W - 8
SMALL_ROOM = (BAR_ROOM + 1) // 4          # letters of the small capitals in one line


def fit_bar(font: Font, parts: list[tuple[str, int]]) -> tuple[list[tuple[str, int]], bool]:
    """What a bar shows: the parts in order of importance (the first is the message) that fit
    whole, measured with the font; later parts (the cursor's card, the key list) give way first.

    A first part too long for the font on its own is shown alone in two lines of small capitals
    (``True``), so no message is cut; only text beyond even those two lines is elided.
    """
    shown: list[tuple[str, int]] = []
    width = 0
    for i, (text, colour) in enumerate(parts):
        w = font.width(text) + (font.width(SEP) if shown else 0)
        if width + w <= BAR_ROOM:
            shown.append((text, colour))
            width += w
        elif i == 0:
            return [(text, colour)], True
        else:
            break
    return shown, False


TWO_LINE_H = 2 * 14 + 3       # a bar grown to two lines of the font for a long message


def two_lines(font: Font, text: str) -> list[str] | None:
    """A message too long for one line of the bar in two lines of the bar's own font, broken at
    words; None when even two do not hold it (then the small capitals do)."""
    lines = wrap(text, BAR_ROOM // font.width("M"))
    if len(lines) <= 2 and all(font.width(ln) <= BAR_ROOM for ln in lines):
        return lines
    return None


def draw_two_lines(surface: pygame.Surface, font: Font, y: int, lines: list[str], colour: int) -> None:
    """The top bar (``y`` 0) grown down, or the bottom bar grown up, to hold two lines of the font."""
    top = y if y == 0 else y + BAR_H - TWO_LINE_H
    edge = top + TWO_LINE_H - 1 if y == 0 else top
    surface.fill(P.BLACK, (0, top, SCREEN_W, TWO_LINE_H))
    pygame.draw.line(surface, P.DARK_GRAY, (0, edge), (SCREEN_W - 1, edge))
    for i, line in enumerate(lines):
        font.draw(surface, line, 4, top + 1 + (1 if y else 0) + i * 14, colour)


def small_lines(text: str) -> list[str]:
    """A long message in at most two lines of small capitals, broken at a word."""
    lines = wrap(text, SMALL_ROOM)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
        lines[1] = lines[1][:SMALL_ROOM - 3] + "..." if len(lines[1]) > SMALL_ROOM else lines[1]
    return lines
