"""Draw the default pack's 64x64 card portraits from a few numbers per card.

The portraits are generated rather than hand-drawn so that they stay
original, stay inside the 16 EGA colours (they are saved as 8-bit palette
PNGs, one index per pixel), and can be redrawn for a new card by adding one
line to :data:`LOOKS`. A card without a line gets a look derived from its id
with a stable hash, so the output never depends on Python's hash seed.

Usage (from the repository root)::

    python tools/make_card_pictures.py              # write cards/default/pictures/*.png
    python tools/make_card_pictures.py --check      # exit 1 if any picture is missing or stale
    python tools/make_card_pictures.py --pack DIR   # another pack folder

Only cards whose ``picture:`` names ``pictures/<id>.png`` are drawn; the YAML
is never rewritten.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import yaml  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from jayden_jazz.shell.palette import (  # noqa: E402
    BLACK, BLUE, BROWN, CYAN, DARK_GRAY, FULL_PALETTE, GREEN, LIGHT_BLUE,
    LIGHT_CYAN, LIGHT_GRAY, LIGHT_GREEN, LIGHT_MAGENTA, LIGHT_RED, MAGENTA,
    RED, WHITE, YELLOW,
)

SIZE = 64

EARS = ("up", "floppy", "mixed", "short")
EYES = ("dots", "glasses", "shades", "sleepy", "wide")
HATS = ("none", "headphones", "cap", "crown", "beanie", "headset", "bow", "antenna", "visor")
PATTERNS = ("plain", "stripes", "dots", "grid", "checks", "rays")


@dataclass(frozen=True)
class Look:
    """Everything that tells one portrait from another."""

    background: int
    pattern: str
    fur: int
    shirt: int
    ears: str
    eyes: str
    hat: str
    accent: int


# One line per card: background, pattern, fur, shirt, ears, eyes, hat, accent.
LOOKS: dict[str, Look] = {
    "grand_carrot": Look(MAGENTA, "rays", WHITE, YELLOW, "up", "sleepy", "crown", YELLOW),
    "old_bramble": Look(GREEN, "plain", LIGHT_GRAY, BLUE, "floppy", "glasses", "none", BLACK),
    "archivist_marlo": Look(BROWN, "stripes", YELLOW, DARK_GRAY, "short", "glasses", "bow", RED),
    "ashfeather": Look(RED, "rays", DARK_GRAY, LIGHT_RED, "up", "wide", "none", YELLOW),
    "pillar": Look(LIGHT_BLUE, "stripes", WHITE, CYAN, "up", "dots", "cap", RED),
    "springwright": Look(CYAN, "dots", BROWN, LIGHT_RED, "mixed", "wide", "cap", RED),
    "brickmason": Look(RED, "checks", BROWN, DARK_GRAY, "short", "dots", "visor", YELLOW),
    "rebootica": Look(BLACK, "grid", LIGHT_GRAY, GREEN, "up", "glasses", "headset", LIGHT_GREEN),
    "quillstorm": Look(BLUE, "rays", LIGHT_CYAN, MAGENTA, "up", "shades", "none", YELLOW),
    "grindstone": Look(DARK_GRAY, "plain", BROWN, BLUE, "short", "sleepy", "beanie", LIGHT_GRAY),
    "lagspike": Look(GREEN, "checks", YELLOW, BROWN, "floppy", "sleepy", "antenna", LIGHT_RED),
    "chipsy": Look(MAGENTA, "grid", LIGHT_MAGENTA, BLACK, "up", "dots", "headphones", LIGHT_CYAN),
    "flagrunner": Look(LIGHT_GREEN, "stripes", LIGHT_GRAY, RED, "mixed", "dots", "cap", BLUE),
    "ricochet": Look(LIGHT_CYAN, "rays", LIGHT_RED, BLUE, "up", "shades", "none", WHITE),
    "tilejack": Look(BLUE, "grid", BROWN, YELLOW, "mixed", "glasses", "beanie", LIGHT_GREEN),
    "nitpick": Look(DARK_GRAY, "dots", LIGHT_GREEN, GREEN, "short", "glasses", "none", WHITE),
    "pixel_pilar": Look(YELLOW, "checks", LIGHT_MAGENTA, LIGHT_BLUE, "floppy", "wide", "bow", MAGENTA),
    "chainlink": Look(LIGHT_RED, "rays", DARK_GRAY, YELLOW, "up", "dots", "visor", LIGHT_CYAN),
    "wikiwren": Look(WHITE, "stripes", BROWN, CYAN, "short", "glasses", "bow", BLUE),
    "thornback": Look(BROWN, "plain", DARK_GRAY, GREEN, "short", "sleepy", "beanie", RED),
    "mid_tier_milo": Look(LIGHT_GRAY, "plain", YELLOW, LIGHT_GRAY, "mixed", "dots", "none", DARK_GRAY),
    "doublejump_dex": Look(LIGHT_BLUE, "dots", WHITE, LIGHT_RED, "up", "wide", "none", BLUE),
    "bracketeer": Look(GREEN, "grid", LIGHT_GRAY, DARK_GRAY, "floppy", "glasses", "headset", YELLOW),
    "bumper": Look(MAGENTA, "dots", LIGHT_CYAN, BROWN, "mixed", "sleepy", "cap", YELLOW),
    "dashline": Look(YELLOW, "rays", LIGHT_RED, BLACK, "up", "shades", "visor", WHITE),
    "strafe": Look(CYAN, "stripes", DARK_GRAY, LIGHT_MAGENTA, "floppy", "dots", "none", WHITE),
    "hugsworth": Look(LIGHT_MAGENTA, "dots", BROWN, YELLOW, "floppy", "wide", "beanie", RED),
    "swapmeet_sal": Look(BROWN, "checks", LIGHT_GRAY, MAGENTA, "mixed", "dots", "bow", YELLOW),
    "underdog_pip": Look(DARK_GRAY, "plain", WHITE, BROWN, "floppy", "wide", "cap", LIGHT_GREEN),
    "cleo_closer": Look(BLACK, "rays", LIGHT_MAGENTA, RED, "up", "shades", "none", YELLOW),
    "rally_rowan": Look(RED, "stripes", YELLOW, WHITE, "up", "wide", "headset", BLACK),
    "fizzwick": Look(BLACK, "grid", LIGHT_GREEN, BLUE, "short", "glasses", "antenna", YELLOW),
    "bip_and_bop": Look(LIGHT_GREEN, "checks", LIGHT_BLUE, YELLOW, "mixed", "wide", "cap", RED),
    "streamlight": Look(BLUE, "dots", LIGHT_GRAY, MAGENTA, "up", "wide", "headphones", LIGHT_MAGENTA),
    "zoomie": Look(LIGHT_CYAN, "rays", YELLOW, LIGHT_RED, "floppy", "wide", "visor", BLUE),
    "mic_check": Look(DARK_GRAY, "stripes", BROWN, CYAN, "short", "dots", "headset", LIGHT_RED),
    "recompile": Look(BLUE, "grid", WHITE, DARK_GRAY, "up", "glasses", "beanie", LIGHT_CYAN),
    "sprout": Look(LIGHT_GREEN, "dots", WHITE, GREEN, "short", "wide", "antenna", GREEN),
    "byte_sized_bea": Look(LIGHT_MAGENTA, "checks", LIGHT_GRAY, BLUE, "short", "dots", "bow", YELLOW),
}

_FUR_CHOICES = (BROWN, LIGHT_GRAY, WHITE, YELLOW, DARK_GRAY, LIGHT_RED, LIGHT_CYAN, LIGHT_MAGENTA)
_BG_CHOICES = (BLUE, GREEN, CYAN, RED, MAGENTA, DARK_GRAY, LIGHT_BLUE, LIGHT_GREEN)


def derived_look(card_id: str) -> Look:
    """A look for a card without a line in :data:`LOOKS`, stable across runs."""
    digest = hashlib.sha256(card_id.encode("utf-8")).digest()
    fur = _FUR_CHOICES[digest[2] % len(_FUR_CHOICES)]
    background = _BG_CHOICES[digest[0] % len(_BG_CHOICES)]
    if background == fur:
        background = BLACK
    return Look(
        background=background,
        pattern=PATTERNS[digest[1] % len(PATTERNS)],
        fur=fur,
        shirt=(RED, BLUE, GREEN, MAGENTA, CYAN, BROWN)[digest[3] % 6],
        ears=EARS[digest[4] % len(EARS)],
        eyes=EYES[digest[5] % len(EYES)],
        hat=HATS[digest[6] % len(HATS)],
        accent=(YELLOW, WHITE, LIGHT_RED, LIGHT_CYAN, LIGHT_GREEN)[digest[7] % 5],
    )


def _pattern_colour(background: int) -> int:
    """A second shade for the background pattern that keeps it quiet."""
    pairs = {
        BLACK: DARK_GRAY, BLUE: LIGHT_BLUE, GREEN: LIGHT_GREEN, CYAN: LIGHT_CYAN,
        RED: LIGHT_RED, MAGENTA: LIGHT_MAGENTA, BROWN: YELLOW, LIGHT_GRAY: WHITE,
        DARK_GRAY: BLACK, LIGHT_BLUE: BLUE, LIGHT_GREEN: GREEN, LIGHT_CYAN: CYAN,
        LIGHT_RED: RED, LIGHT_MAGENTA: MAGENTA, YELLOW: BROWN, WHITE: LIGHT_GRAY,
    }
    return pairs[background]


def _draw_background(surf: pygame.Surface, look: Look) -> None:
    surf.fill(look.background)
    ink = _pattern_colour(look.background)
    if look.pattern == "stripes":
        for y in range(0, SIZE, 8):
            pygame.draw.rect(surf, ink, (0, y, SIZE, 3))
    elif look.pattern == "dots":
        for y in range(3, SIZE, 8):
            for x in range(3 + (y // 8 % 2) * 4, SIZE, 8):
                pygame.draw.rect(surf, ink, (x, y, 2, 2))
    elif look.pattern == "grid":
        for i in range(0, SIZE, 8):
            pygame.draw.line(surf, ink, (i, 0), (i, SIZE - 1))
            pygame.draw.line(surf, ink, (0, i), (SIZE - 1, i))
    elif look.pattern == "checks":
        for y in range(0, SIZE, 8):
            for x in range(0, SIZE, 8):
                if (x + y) // 8 % 2:
                    pygame.draw.rect(surf, ink, (x, y, 8, 8))
    elif look.pattern == "rays":
        for end in range(-SIZE, 2 * SIZE, 12):
            pygame.draw.polygon(surf, ink, [(32, 30), (end, 0), (end + 5, 0)])
            pygame.draw.polygon(surf, ink, [(32, 30), (end, SIZE - 1), (end + 5, SIZE - 1)])


def _draw_ears(surf: pygame.Surface, look: Look) -> None:
    inner = LIGHT_MAGENTA if look.fur != LIGHT_MAGENTA else MAGENTA

    def upright(x: int, top: int) -> None:
        pygame.draw.ellipse(surf, look.fur, (x, top, 9, 30 - top))
        pygame.draw.ellipse(surf, BLACK, (x, top, 9, 30 - top), 1)
        pygame.draw.ellipse(surf, inner, (x + 3, top + 4, 3, 22 - top))

    def floppy(left: bool) -> None:
        rect = (6, 22, 18, 9) if left else (40, 22, 18, 9)
        pygame.draw.ellipse(surf, look.fur, rect)
        pygame.draw.ellipse(surf, BLACK, rect, 1)
        inner_rect = (9, 25, 11, 3) if left else (44, 25, 11, 3)
        pygame.draw.ellipse(surf, inner, inner_rect)

    if look.ears == "up":
        upright(21, 2)
        upright(34, 2)
    elif look.ears == "short":
        upright(21, 10)
        upright(34, 10)
    elif look.ears == "floppy":
        floppy(True)
        floppy(False)
    else:  # mixed: one up, one down
        upright(34, 2)
        floppy(True)


def _draw_body_and_head(surf: pygame.Surface, look: Look) -> None:
    pygame.draw.ellipse(surf, look.shirt, (10, 50, 44, 30))
    pygame.draw.ellipse(surf, BLACK, (10, 50, 44, 30), 1)
    pygame.draw.rect(surf, look.fur, (28, 46, 8, 6))
    pygame.draw.ellipse(surf, look.fur, (17, 22, 30, 27))
    pygame.draw.ellipse(surf, BLACK, (17, 22, 30, 27), 1)
    muzzle = WHITE if look.fur not in (WHITE, LIGHT_GRAY) else LIGHT_GRAY
    if muzzle == look.fur:
        muzzle = WHITE
    pygame.draw.ellipse(surf, muzzle, (25, 36, 14, 10))
    pygame.draw.rect(surf, LIGHT_RED if look.fur != LIGHT_RED else RED, (31, 37, 3, 2))
    # A rabbit's split lip: a short stem and two curls, drawn pixel by pixel.
    for x, y in ((32, 39), (32, 40), (31, 41), (30, 42), (29, 42), (28, 41),
                 (33, 41), (34, 42), (35, 42), (36, 41)):
        surf.set_at((x, y), BLACK)


def _draw_eyes(surf: pygame.Surface, look: Look) -> None:
    left, right, y = 25, 36, 30
    if look.eyes == "shades":
        pygame.draw.rect(surf, BLACK, (left - 2, y, 18, 5))
        pygame.draw.line(surf, WHITE, (left, y + 1), (left + 2, y + 1))
        pygame.draw.line(surf, WHITE, (right, y + 1), (right + 2, y + 1))
        return
    if look.eyes == "sleepy":
        for x in (left, right):
            pygame.draw.line(surf, BLACK, (x, y + 3), (x + 3, y + 3))
            pygame.draw.line(surf, BLACK, (x, y + 2), (x + 3, y + 2))
    else:
        height = 6 if look.eyes == "wide" else 5
        for x in (left, right):
            pygame.draw.rect(surf, WHITE, (x, y, 4, height))
            pygame.draw.rect(surf, BLACK, (x + 1, y + height - 3, 2, 3))
    if look.eyes == "glasses":
        for x in (left, right):
            pygame.draw.rect(surf, look.accent, (x - 2, y - 2, 8, 9), 1)
        pygame.draw.line(surf, look.accent, (left + 6, y + 1), (right - 3, y + 1))


def _draw_hat(surf: pygame.Surface, look: Look) -> None:
    a = look.accent
    if look.hat == "headphones":
        pygame.draw.arc(surf, DARK_GRAY, (13, 12, 38, 34), 0.0, 3.1416, 3)
        pygame.draw.rect(surf, a, (11, 29, 7, 11))
        pygame.draw.rect(surf, a, (46, 29, 7, 11))
        pygame.draw.rect(surf, BLACK, (11, 29, 7, 11), 1)
        pygame.draw.rect(surf, BLACK, (46, 29, 7, 11), 1)
    elif look.hat == "headset":
        pygame.draw.arc(surf, DARK_GRAY, (15, 14, 34, 30), 0.0, 3.1416, 2)
        pygame.draw.rect(surf, a, (13, 30, 6, 8))
        pygame.draw.line(surf, DARK_GRAY, (16, 38), (26, 45))
        pygame.draw.rect(surf, a, (25, 44, 3, 3))
    elif look.hat == "cap":
        pygame.draw.ellipse(surf, a, (18, 17, 28, 14))
        pygame.draw.rect(surf, a, (18, 24, 36, 4))
        pygame.draw.rect(surf, BLACK, (18, 24, 36, 4), 1)
    elif look.hat == "visor":
        pygame.draw.rect(surf, a, (17, 25, 30, 3))
        pygame.draw.rect(surf, a, (34, 26, 16, 4))
        pygame.draw.rect(surf, BLACK, (34, 26, 16, 4), 1)
    elif look.hat == "beanie":
        pygame.draw.ellipse(surf, a, (18, 14, 28, 18))
        pygame.draw.rect(surf, _pattern_colour(a), (18, 24, 28, 4))
        pygame.draw.circle(surf, WHITE, (32, 14), 3)
    elif look.hat == "crown":
        points = [(20, 26), (20, 14), (25, 20), (29, 10), (32, 18), (35, 10), (39, 20), (44, 14), (44, 26)]
        pygame.draw.polygon(surf, a, points)
        pygame.draw.polygon(surf, BLACK, points, 1)
        pygame.draw.rect(surf, LIGHT_RED, (31, 22, 3, 3))
    elif look.hat == "bow":
        pygame.draw.polygon(surf, a, [(38, 20), (46, 16), (46, 26)])
        pygame.draw.polygon(surf, a, [(38, 20), (31, 15), (31, 25)])
        pygame.draw.rect(surf, BLACK, (37, 19, 3, 3))
    elif look.hat == "antenna":
        pygame.draw.line(surf, DARK_GRAY, (32, 23), (32, 8))
        pygame.draw.circle(surf, a, (32, 7), 3)
        pygame.draw.circle(surf, BLACK, (32, 7), 3, 1)


def draw_portrait(look: Look) -> pygame.Surface:
    """An 8-bit, EGA-palette 64x64 portrait for ``look``."""
    surf = pygame.Surface((SIZE, SIZE), 0, 8)
    surf.set_palette(FULL_PALETTE)
    _draw_background(surf, look)
    _draw_ears(surf, look)  # behind the head and any hat, so hats sit over the ear roots
    _draw_body_and_head(surf, look)
    _draw_eyes(surf, look)
    _draw_hat(surf, look)
    pygame.draw.rect(surf, BLACK, (0, 0, SIZE, SIZE), 1)
    return surf


def look_for(card_id: str) -> Look:
    """The card's own look, or one derived from its id."""
    return LOOKS.get(card_id) or derived_look(card_id)


def _pack_cards(pack_dir: Path) -> tuple[Path, list[dict]]:
    files = sorted(p for p in pack_dir.iterdir() if p.suffix in (".yaml", ".yml"))
    if len(files) != 1:
        raise SystemExit(f"{pack_dir}: expected exactly one pack YAML file, found {len(files)}")
    with files[0].open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return files[0], list(data.get("cards") or [])


def _png_bytes(surf: pygame.Surface) -> bytes:
    # Compare pixels, not files: PNG encoders may differ between versions.
    return pygame.image.tobytes(surf, "P")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=ROOT / "cards" / "default")
    parser.add_argument("--check", action="store_true",
                        help="report missing or stale pictures instead of writing them")
    args = parser.parse_args(argv)
    _, cards = _pack_cards(args.pack)
    problems = 0
    drawn = 0
    for card in cards:
        picture = card.get("picture")
        if picture != f"pictures/{card['id']}.png":
            continue
        target = args.pack / picture
        surf = draw_portrait(look_for(card["id"]))
        if args.check:
            if not target.is_file():
                print(f"missing: {target}")
                problems += 1
                continue
            on_disk = pygame.image.load(str(target))
            if on_disk.get_bitsize() != 8 or _png_bytes(on_disk) != _png_bytes(surf):
                print(f"stale: {target}")
                problems += 1
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surf, str(target))
        drawn += 1
    print(f"{drawn} pictures {'checked' if args.check else 'written'}, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
