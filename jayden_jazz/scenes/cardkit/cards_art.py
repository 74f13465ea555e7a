"""Drawing one card at any size: faces with their four values, and backs.

Every size shows each value on the side it belongs to, as on a Triple
Triad card, so a 7x7 field reads the same way as a 3x3; bigger cards add
the picture and the name. A card with abilities carries a yellow diamond.
Values changed by an active effect are drawn in yellow (raised) or light
cyan (lowered) on black.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from jayden_jazz.cards import Card, side_text
from jayden_jazz.scenes.cardkit import colours
from jayden_jazz.scenes.cardkit.elements_art import card_element
from jayden_jazz.scenes.cardkit.pictures import ega_picture
from jayden_jazz.scenes.cardkit.short_names import short_name
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.smallfont import LINE, name_lines, small_font

MINI = (30, 40)
"""Hand cards and the chooser's grid: just big enough for the value cross."""
TINY = (20, 22)
"""Waiting seats' hand cards when MINI cards would overlap: values in small digits."""

RAISED, LOWERED, PLAIN = P.YELLOW, P.LIGHT_CYAN, P.WHITE
NEUTRAL = (P.DARK_GRAY, P.LIGHT_GRAY)


def value_colour(now: int, printed: int) -> int:
    return PLAIN if now == printed else (RAISED if now > printed else LOWERED)


def draw_sides(surface: pygame.Surface, font: Font, r: pygame.Rect, values: tuple[int, ...],
               printed: tuple[int, ...] | None = None, inset: tuple[int, int] = (1, 2),
               rows: tuple[int, int, int] | None = None) -> None:
    """Each value on the side it belongs to: top, right, bottom, left (the project's side order).

    A value an effect changed is drawn in yellow (raised) or light cyan
    (lowered) on black, so it stands out from the printed ones.
    """
    printed = printed or values
    for i, (x, y) in enumerate(_spots(r, inset, rows)):
        now, was = values[i], printed[i]
        font.draw(surface, side_text(now), x, y, value_colour(now, was), None if now == was else P.BLACK)


def _spots(r: pygame.Rect, inset: tuple[int, int], rows: tuple[int, int, int] | None) -> tuple[tuple[int, int], ...]:
    dy, dx = inset
    cx = r.centerx
    top, mid, bottom = rows or (r.y + dy, r.y + r.h // 2 - 7, r.bottom - 14 - dy)
    return ((cx - 4, top), (r.right - 8 - dx, mid), (cx - 4, bottom), (r.x + dx, mid))


def _layout(r: pygame.Rect) -> tuple[str, tuple[int, int], tuple[int, int, int] | None]:
    """Which face a card of this size gets, and where its values go (inset, rows)."""
    if r.w >= 84 and r.h >= 96:
        return "large", (2, 5), (r.y + 3, r.y + 31, r.y + 59)
    if r.w >= 56 and r.h >= 56:
        return "medium", (2, 3), (r.y + 1, r.y + 22 + (r.h - 58) // 2, r.bottom - 17)
    if r.h < TINY[1] + 4:
        return "tiny", (0, 0), None
    return "compact", (0 if r.h < 40 else 1, 2), None


def value_spots(rect: pygame.Rect) -> tuple[tuple[int, int], ...] | None:
    """Where a face of this size writes its four values (top left of each 8x14 glyph), in side
    order; None for the tiny faces, whose values are small digits."""
    r = pygame.Rect(rect)
    kind, inset, rows = _layout(r)
    return None if kind == "tiny" else _spots(r, inset, rows)


def draw_cross(surface: pygame.Surface, font: Font, cx: int, cy: int, values: tuple[int, ...],
               printed: tuple[int, ...] | None = None, bg: int | None = None) -> None:
    """Four values around (cx, cy) in a 26x40 cross (the card view's small previews)."""
    printed = printed or values
    t, r, b, l = (side_text(v) for v in values)
    col = [value_colour(values[i], printed[i]) for i in range(4)]
    font.draw(surface, t, cx - 4, cy - 22, col[0], bg)
    font.draw(surface, l, cx - 13, cy - 9, col[3], bg)
    font.draw(surface, r, cx + 5, cy - 9, col[1], bg)
    font.draw(surface, b, cx - 4, cy + 4, col[2], bg)


_FACES: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
FACE_CACHE_SIZE = 600


def draw_face(surface: pygame.Surface, font: Font, rect: pygame.Rect, card: Card, owner: int | None,
              values: tuple[int, ...] | None = None, *, picture: bool = True,
              short: tuple[str, ...] | None = None) -> None:
    """A card face filling ``rect`` in its controller's colours (gray when nobody holds it yet).

    ``short`` is the short name a compact face writes when the caller knows the other names on
    the table (:func:`.short_names.short_names`); without it the card is shortened alone.

    Faces are drawn once per card, owner, values and size and then blitted:
    a 7x7 table with four open hands shows over a hundred of them a frame.
    """
    r = pygame.Rect(rect)
    key = (card.id, card.name, card.sides, card.picture, card.element, owner, tuple(values) if values else None, r.size,
           picture, short)
    surf = _FACES.get(key)
    if surf is None:
        surf = new_logical_surface(r.size)
        paint_face(surf, font, surf.get_rect(), card, owner, values, picture=picture, short=short)
        _FACES[key] = surf
        if len(_FACES) > FACE_CACHE_SIZE:
            _FACES.popitem(last=False)
    else:
        _FACES.move_to_end(key)
    surface.blit(surf, r.topleft)


def paint_face(surface: pygame.Surface, font: Font, rect: pygame.Rect, card: Card, owner: int | None,
               values: tuple[int, ...] | None = None, *, picture: bool = True,
               short: tuple[str, ...] | None = None) -> None:
    """Draw a face directly (what :func:`draw_face` caches).

    Every size puts the values on their sides and marks a card with
    abilities (a yellow diamond in the top right corner); the owner's
    colour fills the card and frames it twice. Large faces add the picture
    and the name (up to two lines); medium ones (5x5) the name in small
    capitals and a small picture; compact ones (7x7) a short name between
    the side values; tiny ones (waiting seats' crowded hands) values only.
    """
    fill, edge = NEUTRAL if owner is None else (colours.dark(owner), colours.light(owner))
    r = pygame.Rect(rect)
    surface.fill(fill, r)
    pygame.draw.rect(surface, edge, r, 2 if min(r.w, r.h) >= 40 else 1)
    values = values or card.sides
    kind, inset, rows = _layout(r)
    if kind == "tiny":
        _tiny(surface, r, values, card.sides)
        if card.abilities:
            surface.fill(P.YELLOW, (r.right - 5, r.y + 2, 3, 3))
        return
    if kind == "large":
        _large(surface, font, r, card, picture)
    elif kind == "medium":
        _medium(surface, font, r, card, picture)
    draw_sides(surface, font, r, values, card.sides, inset, rows=rows)
    if kind == "compact":
        _compact_name(surface, r, card.name, short)
    if card.abilities:
        ability_mark(surface, r)
    if card.element:
        card_element(surface, r, card.element)


def _compact_name(surface: pygame.Surface, r: pygame.Rect, name: str, short: tuple[str, ...] | None) -> None:
    """A short name in small capitals between the left and right values (7x7 cells and small
    hand cards): whole words or printed abbreviations (:mod:`.short_names`), on a black plate
    so the letters read as a label and not as part of the values beside them ("5SOL.5"); the
    full name is in the status line when the pointer or the cursor is on the card."""
    boxes = compact_name_rects(r, name, short)
    if boxes:
        plate = boxes[0][1].unionall([b for _, b in boxes]).inflate(2, 2)
        surface.fill(P.BLACK, plate.clip(_between_values(r).inflate(0, 2)))
    for line, box in boxes:
        small_font().draw(surface, line, box.x, box.y, P.WHITE)


def compact_name_rects(r: pygame.Rect, name: str,
                       short: tuple[str, ...] | None = None) -> list[tuple[str, pygame.Rect]]:
    """Where a compact face writes each line of its short name (``short``, else the name shortened
    alone; the ink box, without the plate's one-pixel rim): centred between the left and the
    right value, clear of both."""
    small = small_font()
    room = _between_values(r)
    lines = list(short) if short is not None else face_name_lines(name, r.size)[1]
    y = r.y + r.h // 2 - 6 + (3 if len(lines) == 1 else 0)
    return [(line, pygame.Rect(room.x + (room.w - small.width(line)) // 2, y + i * LINE, small.width(line),
                               LINE - 1))
            for i, line in enumerate(lines)]


def _between_values(r: pygame.Rect) -> pygame.Rect:
    """A compact face's room between the left value and the right one, at the height of two
    small lines: the name and its plate leave a blank pixel round every value's ink."""
    left, right = r.x + 2 + 8, r.right - 10 - 1  # the left value's box ends at x+10, the right's starts a pixel on
    return pygame.Rect(left, r.y + r.h // 2 - 6, right - left, 2 * LINE - 1)


def _tiny(surface: pygame.Surface, r: pygame.Rect, values: tuple[int, ...], printed: tuple[int, ...]) -> None:
    """The four values in small digits on their sides: the hands of waiting seats when many cards
    share a small panel, so none hides another."""
    small = small_font()
    cx, cy = r.centerx, r.y + r.h // 2
    spots = ((cx - 1, r.y + 2), (r.right - 5, cy - 3), (cx - 1, r.bottom - 7), (r.x + 2, cy - 3))
    for i, (x, y) in enumerate(spots):
        now, was = values[i], printed[i]
        if now != was:
            surface.fill(P.BLACK, (x - 1, y - 1, 5, 7))
        small.draw(surface, side_text(now), x, y, value_colour(now, was))


def ability_mark(surface: pygame.Surface, r: pygame.Rect) -> None:
    """A small yellow diamond with a black rim in the top right corner: this card has abilities."""
    x, y = r.right - 7, r.y + 6
    pygame.draw.polygon(surface, P.BLACK, [(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)])
    pygame.draw.polygon(surface, P.YELLOW, [(x, y - 3), (x + 3, y), (x, y + 3), (x - 3, y)])


def _picture(surface: pygame.Surface, font: Font, card: Card, box: pygame.Rect, picture: bool) -> None:
    pic = ega_picture(card.picture, box.size) if picture else None
    surface.fill(P.BLACK, box)
    if pic is not None:
        surface.blit(pic, (box.x + (box.w - pic.get_width()) // 2, box.y + (box.h - pic.get_height()) // 2))
    else:
        font.draw_centered(surface, (card.name[:1] or "?").upper(), box.centerx, box.centery - 7, P.DARK_GRAY)


def _large(surface: pygame.Surface, font: Font, r: pygame.Rect, card: Card, picture: bool) -> None:
    _picture(surface, font, card, pygame.Rect(r.centerx - 20, r.y + 18, 40, 40), picture)
    _name(surface, font, r, card.name)


def _medium(surface: pygame.Surface, font: Font, r: pygame.Rect, card: Card, picture: bool) -> None:
    """5x5 cells and big hand cards: the name in small capitals under the top value (two lines,
    cut at word ends), a small picture between the side values."""
    small = small_font()
    lines = face_name_lines(card.name, r.size)[1]
    y = r.y + 13 + (r.h - 58) // 2
    for i, line in enumerate(lines):
        small.draw_centered(surface, line, r.centerx, y + i * LINE + (3 if len(lines) == 1 else 0), P.WHITE)
    _picture(surface, font, card, pygame.Rect(r.centerx - 8, y + 13, 16, 16), picture)


def face_name_lines(name: str, size: tuple[int, int]) -> tuple[bool, list[str]]:
    """The name lines a face of ``size`` draws: (in small capitals?, lines); none on tiny faces
    and on compact ones with room for fewer than four letters, where a name that does not fit
    whole is shortened as a person would (:func:`.short_names.short_name`)."""
    r = pygame.Rect((0, 0), size)
    kind = _layout(r)[0]
    small = small_font()
    if kind == "large":
        return large_name_lines(name, max(1, (r.w - 4) // 8), small.columns(r.w - 4), big_lines_fit(r))
    if kind == "medium":
        return True, name_lines(name, small.columns(r.w - 6), 2)
    cols = compact_columns(size)
    return True, (short_name(name, cols, 2) if cols else [])


def compact_columns(size: tuple[int, int]) -> int:
    """How many small capitals a face of ``size`` writes its short name in (between the left and
    the right value); 0 for a face that writes none (not compact, or room for fewer than four)."""
    r = pygame.Rect((0, 0), size)
    cols = small_font().columns(r.w - 21)
    return cols if _layout(r)[0] == "compact" and cols >= 4 else 0


BIG_LINE = 13
"""Rows between two name lines in the 8x14 font (their glyphs' blank top and bottom rows meet)."""


def name_band(r: pygame.Rect) -> pygame.Rect:
    """A large face's room for the name: under the bottom value, inside the frame, so no name line
    ever covers a value (a 3x3 cell is 98 pixels high: room for one big line, not two)."""
    top = _layout(r)[2][2] + 14                  # type: ignore[index]  # large faces always have rows
    return pygame.Rect(r.x + 2, top, r.w - 4, max(0, r.bottom - 2 - top))


def big_lines_fit(r: pygame.Rect) -> int:
    """How many 8x14 name lines a large face's band holds (0, 1 or 2)."""
    h = name_band(r).h
    return 0 if h < 14 else min(2, 1 + (h - 14) // BIG_LINE)


def large_name_lines(name: str, columns: int, small_columns: int, big_lines: int = 2) -> tuple[bool, list[str]]:
    """A large face's name: (small capitals?, lines). In the big font when every word fits a
    line and the name fits the ``big_lines`` the face has room for; else in the small capitals
    (two lines, a word too long for even those cut with an ellipsis), so no word is ever split
    over two lines ("Springwrigh" / "t") and no line is drawn over the bottom value."""
    from jayden_jazz.shell.font import wrap

    words = name.split()
    if all(len(w) <= columns for w in words):
        lines = wrap(name, columns)
        if len(lines) <= big_lines:
            return False, lines
    return True, name_lines(name, small_columns, 2)


def name_line_rects(r: pygame.Rect, name: str) -> tuple[bool, list[tuple[str, pygame.Rect]]]:
    """Where a large face writes each name line (small capitals?, [(line, its box)]): in the band
    under the bottom value, a single line in its middle, two big lines from its top, small
    capitals centred where one big line would be."""
    small, lines = face_name_lines(name, r.size)
    band = name_band(r)
    if small:
        top = band.y + 13 - (len(lines) * LINE - 1) // 2
        return True, [(line, _centred(small_font().width(line), LINE - 1, r.centerx, top + i * LINE))
                      for i, line in enumerate(lines)]
    top = band.y + (6 if len(lines) == 1 else 0)
    return False, [(line, _centred(8 * len(line), 14, r.centerx, top + i * BIG_LINE)) for i, line in enumerate(lines)]


def _centred(w: int, h: int, cx: int, y: int) -> pygame.Rect:
    return pygame.Rect(cx - w // 2, y, w, h)


def _name(surface: pygame.Surface, font: Font, r: pygame.Rect, name: str) -> None:
    """The name in up to two lines, each in the box :func:`name_line_rects` gives it."""
    small, boxes = name_line_rects(r, name)
    for line, box in boxes:
        (small_font() if small else font).draw(surface, line, box.x, box.y, P.WHITE)


_BIG: dict[tuple[str, int], pygame.Surface] = {}


def big_text(font: Font, text: str, colour: int) -> pygame.Surface:
    """Text at twice the font size (pixel-doubled), cached."""
    key = (text, colour)
    surf = _BIG.get(key)
    if surf is None:
        glyph = font.render(text, colour)
        # scale keeps the colour key as an index; set_colorkey(get_colorkey()) would
        # map its RGB (black) back to index 0 and leak index 255 onto the screen
        surf = pygame.transform.scale(glyph, (glyph.get_width() * 2, glyph.get_height() * 2))
        _BIG[key] = surf
    return surf


@lru_cache(maxsize=32)
def back_surface(size: tuple[int, int]) -> pygame.Surface:
    """The ``card_back`` sprite at a size (nearest-neighbour, so only its own colours appear)."""
    w, h = size
    try:
        from jayden_jazz.shell.art import sprite_sheet

        sprite = sprite_sheet("title.txt").get("card_back")
    except (FileNotFoundError, ValueError, OSError):
        sprite = None
    if sprite is None:
        surf = new_logical_surface((w, h))
        surf.fill(P.BLUE)
        pygame.draw.rect(surf, P.WHITE, surf.get_rect(), 1)
        return surf
    if sprite.get_size() == (w, h):
        return sprite
    out = new_logical_surface((w, h))
    out.fill(P.BLACK)
    scaled = pygame.transform.scale(sprite, (w, h))
    out.blit(scaled, (0, 0))
    return out


def draw_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    r = pygame.Rect(rect)
    surface.blit(back_surface((r.w, r.h)), r.topleft)


def draw_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An empty place a card can go."""
    r = pygame.Rect(rect)
    surface.fill(P.BLACK, r)
    pygame.draw.rect(surface, P.DARK_GRAY, r, 1)
