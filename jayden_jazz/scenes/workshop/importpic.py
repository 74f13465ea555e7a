"""Importing a picture file into a pack: the file picker and the checks, for cards and opponents alike.

An imported picture is checked (file size, pixel size, that the game can
read it at all), scaled to fit 64x64 (the card view's picture box) and
reduced to the 16 EGA colours before it is written into the pack's
``pictures/`` folder, so what the player sees in the Workshop is exactly
what every other player will see. A file that cannot be used is refused
with the reason in plain words (:class:`PictureError`).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from jayden_jazz.cards import picturefile
from jayden_jazz.cards.writer import atomic_write_bytes
from jayden_jazz.scenes.cardkit.pictures import to_ega
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

MAX_IMPORT_BYTES = picturefile.MAX_PICTURE_BYTES
MAX_IMPORT_SIDE = picturefile.MAX_PICTURE_SIDE
"""The same limits as a pack's pictures: what is imported, every player can see."""
BOX = (64, 64)
IMPORT_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp")


class PictureError(ValueError):
    """A picture that cannot be used, with the reason in plain words."""


def _free_name(folder: Path, key: str, suffix: str = ".png") -> Path:
    pics = folder / "pictures"
    path = pics / f"{key}{suffix}"
    n = 2
    while path.exists():
        path = pics / f"{key}_{n}{suffix}"
        n += 1
    return path


def png_bytes(surface: pygame.Surface) -> bytes:
    """A PNG with an alpha channel, so see-through pixels stay see-through when read back."""
    rgba = pygame.Surface(surface.get_size(), pygame.SRCALPHA, 32)
    rgba.fill((0, 0, 0, 0))
    rgba.blit(surface, (0, 0))
    buf = io.BytesIO()
    pygame.image.save(rgba, buf, "x.png")
    return buf.getvalue()


def import_picture(src: Path, folder: Path, key: str) -> Path:
    """Check, scale and reduce ``src`` to EGA; write it into the pack folder; return its path."""
    src = Path(src)
    try:
        size = src.stat().st_size
    except OSError as e:
        raise PictureError(f"cannot read {src.name} ({e.strerror or e})") from None
    if size > MAX_IMPORT_BYTES:
        raise PictureError(f"{src.name} is {size / 1048576:.1f} MiB; a picture to import may be at most "
                           f"{MAX_IMPORT_BYTES // 1048576} MiB")
    try:   # the size from the header first: a huge picture is refused before it is decoded
        picturefile.check(src, MAX_IMPORT_SIDE, MAX_IMPORT_BYTES)
        data = picturefile.read_plain(src, MAX_IMPORT_BYTES)   # a plain file only: a pipe would hang
        image = pygame.image.load(io.BytesIO(data), src.name)
    except picturefile.PictureError as e:
        raise PictureError(f"{src.name}: {e}") from None
    except (pygame.error, OSError, ValueError) as e:
        raise PictureError(f"{src.name} is not a picture the game can read ({e})") from None
    w, h = image.get_size()
    if w > MAX_IMPORT_SIDE or h > MAX_IMPORT_SIDE or w < 1 or h < 1:
        raise PictureError(f"{src.name} is {w}x{h} pixels; at most {MAX_IMPORT_SIDE}x{MAX_IMPORT_SIDE}")
    ega = to_ega(image, BOX) if (w > BOX[0] or h > BOX[1]) else to_ega(image)
    dest = _free_name(Path(folder), key)
    atomic_write_bytes(dest, png_bytes(ega))
    return dest


# ---------------------------------------------------------------------- choosing a file

_LAST_FOLDER: list[Path] = []


class FilePicker(Scene):
    """Folders and picture files of one folder; Enter opens a folder or picks a file."""

    opaque = False
    ROWS = 16

    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, on_pick: Callable[[Path], None], start: Path | None = None) -> None:
        super().__init__(app)
        self.on_pick = on_pick
        self.rect = pygame.Rect(60, 14, 520, 322)
        self.index = 0
        self.top = 0
        self.error = ""
        self.open(start or (_LAST_FOLDER[-1] if _LAST_FOLDER else Path.home()))

    def open(self, folder: Path) -> None:
        try:
            entries = sorted(folder.iterdir(), key=lambda p: (not p.is_dir(), p.name.lower()))
        except OSError as e:
            self.error = f"cannot open {folder} ({e.strerror or e})"
            return
        self.folder = folder
        self.entries = [folder.parent] + [p for p in entries if not p.name.startswith(".") and (
            p.is_dir() or p.suffix.lower() in IMPORT_SUFFIXES)]
        self.index = 0
        self.top = 0
        self.error = ""

    def choose(self) -> None:
        path = self.entries[self.index]
        if path.is_dir():
            self.open(path)
            return
        _LAST_FOLDER[:] = [self.folder]
        self.close()
        self.on_pick(path)

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
        elif k == Kind.MOVE and action.dy:
            step = action.dy * (self.ROWS if action.dx else 1)
            self.index = min(max(0, self.index + step), len(self.entries) - 1)
        elif k == Kind.SCROLL:
            self.index = min(max(0, self.index + action.dy), len(self.entries) - 1)
        elif k == Kind.KEY and action.key == "backspace":
            self.open(self.folder.parent)
        elif k in (Kind.ACTION, Kind.POINT) and action.pos is not None:
            row = (action.pos[1] - (self.rect.y + 36)) // 16
            if self.rect.collidepoint(action.pos) and 0 <= row < self.ROWS and self.top + row < len(self.entries):
                same = self.index == self.top + row
                self.index = self.top + row
                if k == Kind.ACTION and same:
                    self.choose()
        elif k == Kind.ACTION:
            self.choose()
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.ROWS:
            self.top = self.index - self.ROWS + 1

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Import a picture")
        font.draw(surface, str(self.folder)[-62:], inner.x + 4, inner.y + 2, P.LIGHT_CYAN)
        for row in range(self.ROWS):
            i = self.top + row
            if i >= len(self.entries):
                break
            p = self.entries[i]
            y = self.rect.y + 36 + row * 16
            sel = i == self.index
            if sel:
                surface.fill(P.CYAN, (inner.x, y, inner.w - 78, 16))
            label = ".. (up one folder)" if i == 0 else (p.name + "/" if p.is_dir() else p.name)
            font.draw(surface, label[:52], inner.x + 6, y + 1,
                      P.BLACK if sel else (P.YELLOW if p.is_dir() or i == 0 else P.WHITE))
        chosen = self.entries[self.index] if self.entries else None
        if chosen is not None and self.index > 0 and chosen.is_file():
            self._draw_preview(surface, chosen, pygame.Rect(inner.right - 72, inner.y + 24, 68, 68))
        foot = self.error or "Enter opens a folder or imports a picture. Esc cancels."
        font.draw(surface, foot[:62], inner.x + 4, inner.bottom - 14, P.LIGHT_RED if self.error else P.LIGHT_GRAY)


    def _draw_preview(self, surface: pygame.Surface, path: Path, box: pygame.Rect) -> None:
        """The highlighted picture as it would be imported (small files only: drawing must stay quick)."""
        from jayden_jazz.scenes.cardkit.pictures import ega_picture

        surface.fill(P.BLACK, box)
        try:
            small = path.stat().st_size <= MAX_IMPORT_BYTES
        except OSError:
            small = False
        pic = ega_picture(path, BOX) if small else None
        if pic is not None:
            surface.blit(pic, (box.x + 2 + (64 - pic.get_width()) // 2, box.y + 2 + (64 - pic.get_height()) // 2))
        else:
            self.app.font.draw(surface, "?", box.centerx - 4, box.centery - 7, P.DARK_GRAY)


__all__ = ["BOX", "FilePicker", "IMPORT_SUFFIXES", "MAX_IMPORT_BYTES", "MAX_IMPORT_SIDE", "PictureError",
           "import_picture", "png_bytes"]
