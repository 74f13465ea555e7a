"""The trade screen's cards: small faces, each with its name beside it, in labelled groups.

A player must read which cards were dealt, won, lost and rewarded, so a
card is never shown by its face alone. Groups (``You win:``, ``You lose:``)
are laid out in columns as wide as the area allows; when they do not all
fit (an All trade or a Direct game on 5x5 moves a dozen cards), they run on
over pages, never over each other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

import pygame

from jayden_jazz.cards import Card
from jayden_jazz.scenes.cardkit.cards_art import MINI, draw_face
from jayden_jazz.scenes.journey.words import fit
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_W, Font, wrap
from jayden_jazz.shell.widgets import LINE_H

CELL_H = 3 * LINE_H                 # a face (40) with up to three lines beside it
LABEL_H = LINE_H
TEXT_GAP = 5
MIN_CHARS = 10                      # a name line never shorter than this: 5 cards across the 3x3 trade
MIN_CELL_W = MINI[0] + TEXT_GAP + MIN_CHARS * GLYPH_W + 4


@dataclass(frozen=True)
class Group:
    """Cards shown under one label, in one owner's colours; ``marks`` puts a word under a card's name."""

    label: str
    cards: tuple[str, ...]
    owner: int
    marks: Mapping[str, tuple[str, int]] = field(default_factory=dict)


@dataclass
class Page:
    labels: list[tuple[str, int, int]] = field(default_factory=list)     # text, x, y
    cells: list[tuple[int, int, pygame.Rect]] = field(default_factory=list)  # group, index in it, cell


def lay_out(groups: list[Group], area: pygame.Rect, catalog: Mapping[str, Card]) -> list[Page]:
    """The groups in rows across, each in one row when the area is wide enough (five names across on
    the 640-pixel screen) and in fewer, wider columns when a name has a word too long for a narrow
    one (a word is never broken); what does not fit under the area runs on to the next page."""
    pages = [Page()]
    y = area.y
    for g, group in enumerate(groups):
        cols = group_columns(group, area.w, catalog)
        width = area.w // cols                    # every row of a group alike, from the left
        for row_start in range(0, len(group.cards), cols):
            first = row_start == 0
            if y + CELL_H + (LABEL_H if first else 0) > area.bottom and (pages[-1].cells or pages[-1].labels):
                pages.append(Page())
                y = area.y
            if first or y == area.y:
                pages[-1].labels.append((group.label if first else group.label + " (continued)", area.x, y))
                y += LABEL_H
            for col, i in enumerate(range(row_start, min(len(group.cards), row_start + cols))):
                pages[-1].cells.append((g, i, pygame.Rect(area.x + col * width, y, width, CELL_H)))
            y += CELL_H
    return pages


def group_columns(group: Group, width: int, catalog: Mapping[str, Card]) -> int:
    """As many columns as the width holds while the group's longest word still fits on a line."""
    longest = max((len(w) for cid in group.cards for w in catalog[cid].name.split()), default=0)
    for cols in range(max(1, width // MIN_CELL_W), 1, -1):
        if text_chars(width // cols) >= longest:
            return cols
    return 1


def text_chars(cell_w: int) -> int:
    return (cell_w - MINI[0] - TEXT_GAP - 4) // GLYPH_W


def page_of(pages: list[Page], group: int, index: int) -> int:
    return next((n for n, p in enumerate(pages) for g, i, _ in p.cells if (g, i) == (group, index)), 0)


def face_rect(cell: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(cell.x, cell.y + (CELL_H - MINI[1]) // 2 - 3, *MINI)


def same_names(catalog: Mapping[str, Card]) -> set[str]:
    """Names two loaded cards share: for these the pack is shown too."""
    return {n for n, k in Counter(c.name for c in catalog.values()).items() if k > 1}


def cell_lines(card: Card, mark: tuple[str, int] | None, pack: str | None, chars: int) -> list[tuple[str, int]]:
    """What is written beside a face: the name (two lines if it must), the mark, the pack where it helps."""
    extra = ([mark] if mark else []) + ([(pack, P.LIGHT_GRAY)] if pack else [])
    name = wrap(card.name, chars) or [""]
    room = max(1, 3 - len(extra))
    if len(name) > room and pack:                         # the name first: the pack gives way
        extra, room = extra[:-1], room + 1
    if len(name) > room:
        name = name[:room - 1] + [fit(" ".join(name[room - 1:]), chars)]
    return [(line, P.WHITE) for line in name] + [(fit(t, chars), c) for t, c in extra]


def draw_page(surface: pygame.Surface, font: Font, page: Page, groups: list[Group],
              catalog: Mapping[str, Card], pack_names: Mapping[str, str], shared: set[str],
              cursor: tuple[int, int] | None = None) -> None:
    for text, x, y in page.labels:
        font.draw(surface, text, x, y, P.LIGHT_CYAN)
    for g, i, cell in page.cells:
        group = groups[g]
        cid = group.cards[i]
        card = catalog[cid]
        face = face_rect(cell)
        draw_face(surface, font, face, card, group.owner)
        if cursor == (g, i):
            pygame.draw.rect(surface, P.YELLOW, face.inflate(4, 4), 2)
        chars = text_chars(cell.w)
        pack = pack_names.get(cid.partition("/")[0]) if card.name in shared else None
        for n, (text, colour) in enumerate(cell_lines(card, group.marks.get(cid), pack, chars)):
            font.draw(surface, text, face.right + TEXT_GAP, cell.y + n * LINE_H, colour)


__all__ = ["CELL_H", "Group", "Page", "cell_lines", "draw_page", "face_rect", "group_columns", "lay_out", "page_of",
           "same_names", "text_chars"]
