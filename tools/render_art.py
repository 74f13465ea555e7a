"""Render every piece of text-grid art to preview PNGs for a human to judge.

Usage::

    python tools/render_art.py [OUT_DIR] [--scale N]

OUT_DIR defaults to /tmp/art_preview. Writes:

- ``font_sample.png``  sample sentences at 1x and at the preview scale
- ``font_sheet.png``   every glyph in the font, 16 per row, with its code
- ``pieces.png``       every piece in both teams on both board square colours,
                       plus the shield overlay and the cursor
- ``board.png``        a mock 20x14 board with the start position at 1x and 2x
- ``title.png``        the title logo, card back and card frame
- ``icon.png``         the 32x32 and 16x16 icon drawings

Previews are stretched vertically by 4/3 (``--no-aspect`` turns that off)
because EGA pixels were that much taller than wide, and art that only looks
right with square pixels is wrong.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from jayden_jazz.shell import pixelart  # noqa: E402
from jayden_jazz.shell.palette import FULL_PALETTE  # noqa: E402

SAMPLES = [
    "The quick brown fox jumps over the lazy dog",
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG",
    "0123456789 !?@#$%&*()[]{}<>",
    "\"'+,-./:;=\\^_`|~  Jayden & Jazz: Hero, Mark.",
    "\u250c\u2500\u2500\u252c\u2500\u2500\u2510 \u2554\u2550\u2550\u2557 "
    "\u2591\u2592\u2593\u2588 \u2190\u2191\u2192\u2193 \u25b2\u25bc\u25c4\u25ba "
    "\u2022\u00b7\u2665\u2666\u2663\u2660 \u2713 \u00d7",
    "\u251c\u2500\u2500\u253c\u2500\u2500\u2524 \u2551  \u2551 "
    "caf\u00e9 cr\u00e8me \u00e0 gar\u00e7on M\u00fcller ni\u00f1o",
    "\u2514\u2500\u2500\u2534\u2500\u2500\u2518 \u255a\u2550\u2550\u255d "
    "gjpqy Ilj1 O0o rn m w",
]
START = ("csrrrriinkmdiirrrrsc/khhhhhhhhhhhhhhhhhhk/20/20/20/20/20/20/20/20/20/20/"
         "KHHHHHHHHHHHHHHHHHHK/CSRRRRIIDMKNIIRRRRSC")
SQUARE_COLOURS = (1, 8)  # the board's two square colours (dark blue, dark gray)


def new_surface(w: int, h: int, fill: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), depth=8)
    surf.set_palette(FULL_PALETTE)
    surf.fill(fill)
    return surf


def draw_text(dest: pygame.Surface, glyphs: dict[str, list[str]], text: str,
              x: int, y: int, ink: int) -> None:
    for cx, ch in enumerate(text):
        rows = glyphs.get(ch, glyphs["?"])
        for gy, row in enumerate(rows):
            for gx, cell in enumerate(row):
                if cell == "#":
                    dest.set_at((x + cx * 8 + gx, y + gy), ink)


def enlarge(surf: pygame.Surface, scale: int, aspect: bool) -> pygame.Surface:
    w, h = surf.get_size()
    hs = scale * 4 // 3 if aspect else scale
    return pygame.transform.scale(surf, (w * scale, h * hs))


def save(surf: pygame.Surface, out: Path, name: str, scale: int, aspect: bool) -> Path:
    path = out / name
    pygame.image.save(enlarge(surf, scale, aspect), str(path))
    return path


def render_font(glyphs: dict[str, list[str]], out: Path, scale: int, aspect: bool) -> list[Path]:
    w = max(len(s) for s in SAMPLES) * 8 + 16
    h = len(SAMPLES) * 14 + 16
    sample = new_surface(w, h, 1)
    for i, line in enumerate(SAMPLES):
        draw_text(sample, glyphs, line, 8, 8 + i * 14, 14 if i == 2 else 15)
    paths = [save(sample, out, "font_sample.png", scale, aspect),
             save(sample, out, "font_sample_1x.png", 1, False)]

    chars = sorted(glyphs)
    cols = 16
    rows = (len(chars) + cols - 1) // cols
    sheet = new_surface(cols * 48, rows * 30, 0)
    for i, ch in enumerate(chars):
        x, y = (i % cols) * 48, (i // cols) * 30
        draw_text(sheet, glyphs, f"{ord(ch):04X}", x + 8, y + 15, 8)
        sheet.fill(1, (x + 20, y, 8, 14))
        draw_text(sheet, glyphs, ch, x + 20, y, 15)
    paths.append(save(sheet, out, "font_sheet.png", max(2, scale - 1), aspect))
    return paths


def render_pieces(out: Path, scale: int, aspect: bool) -> list[Path]:
    sprites = pixelart.load_sprite_rows(pixelart.PIECES_PATH)
    names = list(sprites)
    w, h = 32, 25
    teams = ("green", "red", None)
    sheet = new_surface(len(names) * (w + 4) + 4, len(teams) * len(SQUARE_COLOURS) * (h + 4) + 4, 7)
    for ti, team in enumerate(teams):
        for si, square in enumerate(SQUARE_COLOURS):
            y = 4 + (ti * len(SQUARE_COLOURS) + si) * (h + 4)
            for ni, name in enumerate(names):
                x = 4 + ni * (w + 4)
                sheet.fill(square, (x, y, w, h))
                sheet.blit(pixelart.sprite_surface(sprites[name], team), (x, y))
    return [save(sheet, out, "pieces.png", scale, aspect)]


def board_surface() -> pygame.Surface:
    sprites = pixelart.load_sprite_rows(pixelart.PIECES_PATH)
    cache: dict[tuple[str, str], pygame.Surface] = {}
    board = new_surface(20 * 32, 14 * 25, 0)
    ranks = START.split("/")
    for ry, rank in enumerate(ranks):
        fx = 0
        digits = ""
        for ch in rank + "/":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                fx += int(digits)
                digits = ""
            if ch == "/":
                break
            team = "green" if ch.isupper() else "red"
            name = pixelart.PIECE_SPRITE_BY_LETTER[ch.upper()]
            key = (name, team)
            if key not in cache:
                cache[key] = pixelart.sprite_surface(sprites[name], team)
            board.fill(SQUARE_COLOURS[(fx + ry) % 2], (fx * 32, ry * 25, 32, 25))
            board.blit(cache[key], (fx * 32, ry * 25))
            fx += 1
    for ry in range(2, 12):
        for fx in range(20):
            board.fill(SQUARE_COLOURS[(fx + ry) % 2], (fx * 32, ry * 25, 32, 25))
    # a deployed Sentinel with its shield ring, and the cursor, to judge them in place
    shield = pixelart.sprite_surface(sprites["shield"])
    sx, sy = 9, 6
    board.blit(pixelart.sprite_surface(sprites["sentinel_deployed"], "green"), (sx * 32, sy * 25))
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx or dy:
                board.blit(shield, ((sx + dx) * 32, (sy + dy) * 25))
    board.blit(pixelart.sprite_surface(sprites["sentinel_deployed"], "red"), (14 * 32, 8 * 25))
    board.blit(pixelart.sprite_surface(sprites["cursor"]), (4 * 32, 12 * 25))
    board.fill(14, (0, 7 * 25 - 1, 640, 2))  # the Half Line between ranks 7 and 8
    return board


def render_board(out: Path, aspect: bool) -> list[Path]:
    board = board_surface()
    return [save(board, out, "board.png", 1, aspect), save(board, out, "board_2x.png", 2, aspect)]


def render_sheet(path: Path, out: Path, name: str, scale: int, aspect: bool, bg: int) -> list[Path]:
    if not path.exists():
        return []
    sprites = pixelart.load_sprite_rows(path)
    surfs = [pixelart.sprite_surface(rows) for rows in sprites.values()]
    w = sum(s.get_width() for s in surfs) + 8 * (len(surfs) + 1)
    h = max(s.get_height() for s in surfs) + 16
    sheet = new_surface(w, h, bg)
    x = 8
    for s in surfs:
        sheet.blit(s, (x, 8))
        x += s.get_width() + 8
    return [save(sheet, out, name, scale, aspect)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="/tmp/art_preview")
    parser.add_argument("--scale", type=int, default=3)
    parser.add_argument("--no-aspect", action="store_true", help="square pixels")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    aspect = not args.no_aspect
    paths = render_font(pixelart.load_font_glyphs(), out, args.scale, aspect)
    if pixelart.PIECES_PATH.exists():
        paths += render_pieces(out, args.scale, aspect)
        paths += render_board(out, aspect)
    paths += render_sheet(pixelart.TITLE_PATH, out, "title.png", 2, aspect, 0)
    paths += render_sheet(pixelart.ICON_PATH, out, "icon.png", 6, False, 7)
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
