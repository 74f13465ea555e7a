"""The full card view: everything printed on a card, 250x350 (the screen's height).

Text wraps to 29 columns of the 8x14 font. What does not fit scrolls
(arrows, wheel); the picture and values stay put at the top.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from jayden_jazz.cards import Card, sides_text
from jayden_jazz.cards.card import SIDE_NAMES
from jayden_jazz.scenes.cardkit import colours
from jayden_jazz.scenes.cardkit.cards_art import big_text, value_colour
from jayden_jazz.scenes.cardkit.elements_art import ELEMENT_NAMES, draw_element
from jayden_jazz.scenes.cardkit.pictures import ega_picture
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import Font, wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

VIEW_W, VIEW_H = 250, 350
COLUMNS = 29
LINE = 14
TOP_BLOCK = 102         # name bar, then picture, values and date side by side
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")

# line styles (first character of a text line)
HEAD, BODY, ABILITY, NOTE, EFFECT = "\x01", "\x02", "\x03", "\x04", "\x05"
_STYLE = {HEAD: P.YELLOW, BODY: P.WHITE, ABILITY: P.LIGHT_GREEN, NOTE: P.LIGHT_GRAY, EFFECT: P.YELLOW}


def month_name(month: tuple[int, int]) -> str:
    return f"{MONTHS[month[1] - 1]} {month[0]}"


@dataclass
class Effective:
    """What the table adds to a card on the field: its values now and why."""

    values: tuple[int, int, int, int]
    owner: int | None = None
    notes: tuple[str, ...] = ()


def side_block(card: Card) -> str:
    """The four values by name, for readers of the text (and tests)."""
    return ", ".join(f"{n} {v}" for n, v in zip(SIDE_NAMES, sides_text(card.sides)))


def text_lines(card: Card, effective: Effective | None = None, columns: int = COLUMNS) -> list[str]:
    """The card's text below the picture, each line tagged with its style."""
    out: list[str] = []

    def para(style: str, text: str, indent: str = "") -> None:
        for i, line in enumerate(wrap(text, columns - len(indent))):
            out.append(style + (indent if i else "") + line)

    if effective is not None and tuple(effective.values) != tuple(card.sides):
        para(EFFECT, f"Now {sides_text(effective.values)} (printed {sides_text(card.sides)})")
        for note in effective.notes:
            para(EFFECT, "\u2022 " + note, "  ")
    if card.aliases:
        para(NOTE, "Also known as " + ", ".join(card.aliases))
    if card.element:
        para(NOTE, f"Element: {ELEMENT_NAMES.get(card.element, card.element)}")
    if card.likes:
        para(BODY, "Likes: " + card.likes)
    if card.dislikes:
        para(BODY, "Dislikes: " + card.dislikes)
    if card.description:
        out.append("")
        para(BODY, card.description)
    for i, ab in enumerate(card.abilities, 1):
        out.append("")
        head = f"{i}. {ab.timing.capitalize()}"
        if ab.name:
            head += f": {ab.name}"
        head += f" ({ab.cost})"
        para(HEAD, head)
        from jayden_jazz.cards.language import describe

        para(ABILITY, ab.text or describe(ab), "  ")
    return out


class CardView:
    """Lays out one card once; draws it at any place with a scroll offset."""

    def __init__(self, font: Font, card: Card, effective: Effective | None = None) -> None:
        self.font = font
        self.card = card
        self.effective = effective
        self.lines = text_lines(card, effective)
        self.rows = (VIEW_H - TOP_BLOCK - 6) // LINE
        self.top = 0
        self.month_unknown = False      # the Workshop: the date typed is refused, so no month is shown

    @property
    def max_top(self) -> int:
        return max(0, len(self.lines) - self.rows)

    def scroll(self, n: int) -> None:
        self.top = min(max(0, self.top + n), self.max_top)

    def draw(self, surface: pygame.Surface, x: int, y: int) -> None:
        font, card = self.font, self.card
        owner = self.effective.owner if self.effective else None
        fill = colours.dark(owner) if owner is not None else P.BLUE
        edge = colours.light(owner) if owner is not None else P.WHITE
        r = pygame.Rect(x, y, VIEW_W, VIEW_H)
        surface.fill(P.BLACK, r)
        surface.fill(fill, r.inflate(-4, -4))
        pygame.draw.rect(surface, edge, r, 1)
        pygame.draw.rect(surface, edge, r.inflate(-4, -4), 1)
        # name bar
        name = card.name if len(card.name) <= COLUMNS else card.name[:COLUMNS - 1] + "\u2026"
        if not font.has("\u2026"):
            name = card.name[:COLUMNS]
        surface.fill(P.BLACK, (x + 4, y + 4, VIEW_W - 8, 18))
        font.draw_centered(surface, name, x + VIEW_W // 2, y + 6, P.YELLOW)
        # picture on the left, the four values as a big cross beside it, the date on the right
        values = tuple(self.effective.values) if self.effective else card.sides
        pic_x, pic_y = x + 10, y + 30
        surface.fill(P.BLACK, (pic_x - 2, pic_y - 2, 68, 68))
        pic = ega_picture(card.picture, (64, 64))
        if pic is not None:
            surface.blit(pic, (pic_x + (64 - pic.get_width()) // 2, pic_y + (64 - pic.get_height()) // 2))
        else:
            initial = big_text(font, (card.name[:1] or "?").upper(), P.DARK_GRAY)
            surface.blit(initial, (pic_x + 32 - initial.get_width() // 2, pic_y + 18))
        cx = x + 124
        self._big_value(surface, values[0], card.sides[0], cx, pic_y - 2)
        self._big_value(surface, values[3], card.sides[3], cx - 24, pic_y + 21)
        self._big_value(surface, values[1], card.sides[1], cx + 24, pic_y + 21)
        self._big_value(surface, values[2], card.sides[2], cx, pic_y + 44)
        mon = card.started_roasting
        when = ("?", P.LIGHT_RED) if self.month_unknown else (f"{MONTHS[mon[1] - 1][:3]} {mon[0]}", P.WHITE)
        for i, (text, colour) in enumerate((("Started", P.LIGHT_GRAY), ("Roasting", P.LIGHT_GRAY), when)):
            font.draw(surface, text, x + 166, pic_y + 6 + i * LINE, colour)
        if card.element:
            draw_element(surface, card.element, x + 166, pic_y + 6 + 3 * LINE + 2, P.DARK_GRAY, scale=2)
        # text
        ty = y + TOP_BLOCK
        shown = self.lines[self.top:self.top + self.rows]
        for line in shown:
            if line:
                style, text = line[0], line[1:]
                font.draw(surface, text, x + 9, ty, _STYLE.get(style, P.WHITE))
            ty += LINE
        if self.top > 0:
            font.draw(surface, "\u25b2", x + VIEW_W - 16, y + TOP_BLOCK - 2, P.YELLOW)
        if self.top < self.max_top:
            font.draw(surface, "\u25bc", x + VIEW_W - 16, y + VIEW_H - 18, P.YELLOW)

    def _big_value(self, surface: pygame.Surface, now: int, printed: int, cx: int, y: int) -> None:
        """A value at twice the font size in a black box 22 high whose top is ``y``."""
        big = big_text(self.font, "A" if now == 10 else str(now), value_colour(now, printed))
        box = pygame.Rect(cx - 11, y, 22, 22)
        surface.fill(P.BLACK, box)
        surface.blit(big, (box.x + 3, box.y - 3))


class CardViewWindow(Scene):
    """The full view over the table; any button closes it, arrows and wheel scroll long text."""

    opaque = False

    def __init__(self, app: AppView, card: Card, effective: Effective | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.view = CardView(app.font, card, effective)
        self.x = (640 - VIEW_W) // 2
        self.on_close = on_close

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.MOVE and action.dy:
            self.view.scroll(action.dy * (self.view.rows if action.dx else 1))
        elif k == Kind.SCROLL:
            self.view.scroll(action.dy * 3)
        elif k in (Kind.BACK, Kind.ALT, Kind.ACTION):
            self.close()
            if self.on_close:
                self.on_close()

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.x, 0)
