"""Write the game icon as PNGs (16..256 px) from ``assets/icon/icon.txt``.

Usage::

    python tools/make_icons.py [--out DIR] [--check]

The PNGs are generated files kept in the repository (window icon, desktop
entries, bundles); the text grid is the source. ``--check`` writes nothing
and exits 1 when a committed PNG no longer matches its source, so CI can
catch an edit to ``icon.txt`` without a rerun of this script.

Every size is a nearest-neighbour scale with transparent background. Each
size is drawn from the drawing that scales to it by a whole factor when
there is one (the 16 px drawing for 16 and 48, the 32 px one for 32, 64,
128, 256); 24 px has no whole factor and is cut down from the 32 px drawing.
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
from jayden_jazz.shell.palette import EGA_RGB  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128, 256)
DRAWINGS = {"icon": 32, "icon16": 16}


def png_name(size: int) -> str:
    return f"icon_{size}.png"


def source_for(size: int) -> str:
    """The drawing a size is made from: a whole-factor scale when possible."""
    for name, base in sorted(DRAWINGS.items(), key=lambda kv: -kv[1]):
        if size % base == 0:
            return name
    return "icon"


def rgba_surface(rows: list[str]) -> pygame.Surface:
    """The drawing at 1x as 32-bit RGBA; ``.`` cells fully transparent."""
    h, w = len(rows), len(rows[0])
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    for y, line in enumerate(pixelart.sprite_indices(rows)):
        for x, idx in enumerate(line):
            if idx != pixelart.TRANSPARENT_INDEX:
                surf.set_at((x, y), (*EGA_RGB[idx], 255))
    return surf


def icon_surface(sprites: dict[str, list[str]], size: int) -> pygame.Surface:
    return pygame.transform.scale(rgba_surface(sprites[source_for(size)]), (size, size))


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    if a.get_size() != b.get_size():
        return False
    w, h = a.get_size()
    for y in range(h):
        for x in range(w):
            ca, cb = tuple(a.get_at((x, y))), tuple(b.get_at((x, y)))
            if ca != cb and not (ca[3] == 0 and cb[3] == 0):
                return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=pixelart.ICON_PATH.parent)
    parser.add_argument("--source", type=Path, default=pixelart.ICON_PATH)
    parser.add_argument("--check", action="store_true", help="verify, write nothing")
    args = parser.parse_args(argv)
    sprites = pixelart.load_sprite_rows(args.source)
    for name, base in DRAWINGS.items():
        rows = sprites.get(name)
        if rows is None or (len(rows), len(rows[0])) != (base, base):
            print(f"{args.source}: need sprite {name} {base}x{base}", file=sys.stderr)
            return 2
    stale = []
    for size in SIZES:
        surf = icon_surface(sprites, size)
        path = args.out / png_name(size)
        if args.check:
            if not path.exists() or not same_pixels(pygame.image.load(str(path)), surf):
                stale.append(path)
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(path))
        print(path)
    if stale:
        for path in stale:
            print(f"stale or missing: {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
