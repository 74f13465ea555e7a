"""Cards as PNG files a designer can post: one full card view each, and a contact sheet.

The pictures are drawn by the same :class:`CardView` the game shows, on
8-bit EGA surfaces, so a file can only hold the 16 EGA colours. Each pack
goes into its own folder: ``OUT/<pack>/<card>.png`` and
``OUT/<pack>/contact.sheet.png`` (a dot cannot be part of a card id, so the
sheet never overwrites a card).
"""

from __future__ import annotations

import io
import math
import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from jayden_jazz.cards import Card  # noqa: E402
from jayden_jazz.cards.writer import atomic_write_bytes  # noqa: E402
from jayden_jazz.scenes.cardkit.cardview import VIEW_H, VIEW_W, CardView  # noqa: E402
from jayden_jazz.shell import palette as P  # noqa: E402
from jayden_jazz.shell.display import new_logical_surface  # noqa: E402
from jayden_jazz.shell.font import Font  # noqa: E402

SHEET_NAME = "contact.sheet.png"
SHEET_COLUMNS = 8
GAP = 6


def load_font() -> Font:
    from jayden_jazz import paths

    return Font.load(paths.asset("font", "ega8x14.txt"))


def card_surface(font: Font, card: Card) -> pygame.Surface:
    """The full 250x350 card view of one card, as the game draws it."""
    surf = new_logical_surface((VIEW_W, VIEW_H))
    surf.fill(P.BLACK)
    CardView(font, card).draw(surf, 0, 0)
    return surf


def contact_sheet(font: Font, cards: list[Card], title: str) -> pygame.Surface:
    """Every card of a pack in rows of up to eight, under the pack's name."""
    cols = max(1, min(SHEET_COLUMNS, len(cards)))
    rows = max(1, math.ceil(len(cards) / cols))
    head = 24
    w = GAP + cols * (VIEW_W + GAP)
    h = head + GAP + rows * (VIEW_H + GAP)
    sheet = new_logical_surface((w, h))
    sheet.fill(P.BLACK)
    font.draw(sheet, title, GAP, 6, P.YELLOW)
    for i, card in enumerate(cards):
        x = GAP + (i % cols) * (VIEW_W + GAP)
        y = head + GAP + (i // cols) * (VIEW_H + GAP)
        CardView(font, card).draw(sheet, x, y)
    return sheet


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "x.png")
    return buf.getvalue()


def render_cards(cards: list[Card], out: Path, pack_names: dict[str, str] | None = None,
                 sheet: bool = True) -> list[Path]:
    """Write every card (and a contact sheet per pack); returns the files written."""
    font = load_font()
    written: list[Path] = []
    by_pack: dict[str, list[Card]] = {}
    for c in cards:
        by_pack.setdefault(c.pack, []).append(c)
    for pack, pack_cards in by_pack.items():
        folder = Path(out) / pack
        for c in pack_cards:
            path = folder / f"{c.key}.png"
            atomic_write_bytes(path, png_bytes(card_surface(font, c)))
            written.append(path)
        if sheet:
            name = (pack_names or {}).get(pack, pack)
            title = f"{name} ({pack}): {len(pack_cards)} card{'s' if len(pack_cards) != 1 else ''}"
            path = folder / SHEET_NAME
            atomic_write_bytes(path, png_bytes(contact_sheet(font, pack_cards, title)))
            written.append(path)
    return written
