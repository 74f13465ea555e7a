"""Card pictures in the Workshop: import a PNG, touch it up pixel by pixel, or remove it.

An imported picture is checked (file size, pixel size), scaled to fit
64x64 (the card view's picture box) and reduced to the 16 EGA colours before
it is written into the pack's ``pictures/`` folder, so what the player sees
in the editor is exactly what every other player will see. The pixel editor
works on palette indices only; it cannot make a colour outside the 16.
"""

from __future__ import annotations

import io
import shutil
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import numpy as np
import pygame

from jayden_jazz.cards import picturefile
from jayden_jazz.cards.writer import atomic_write_bytes
from jayden_jazz.scenes.cardkit.pictures import TRANSPARENT, to_ega
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.ownpacks import OwnPack, free_id
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.cards import Card
    from jayden_jazz.scenes.workshop.editor import CardEditorScene
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


def copy_picture(src: Path, folder: Path, key: str) -> Path:
    """A card's picture copied into another pack's folder (for a copied card)."""
    src = Path(src)
    if src.stat().st_size > MAX_IMPORT_BYTES:
        raise PictureError("the picture is too big to copy")
    dest = _free_name(Path(folder), key, src.suffix.lower() or ".png")
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)
    return dest


def copy_into(app: AppView, pack: OwnPack, card: Card) -> Scene:
    """The editor on a copy of ``card`` as a new card of ``pack`` (its picture copied in), to push."""
    key = free_id(card.key + ("_copy" if card.pack == pack.id else ""), {c.key for c in pack.cards})
    name = card.name + " (copy)" if card.pack == pack.id else card.name
    copy = replace(card, id=f"{pack.id}/{key}", name=name)
    if card.picture is not None:
        try:
            copy = replace(copy, picture=copy_picture(card.picture, pack.folder, key))
        except (OSError, ValueError):
            copy = replace(copy, picture=None)
    editor: Scene = app.scene("card-editor", pack=pack, card=copy, original_key=None)
    return editor


def load_indices(path: Path | None) -> np.ndarray:
    """A picture as an (h, w) array of EGA indices (255 = see-through); a blank 32x32 without one."""
    if path is None:
        return np.full((32, 32), TRANSPARENT, dtype=np.uint8)
    image = pygame.image.load(str(path))
    w, h = image.get_size()
    ega = to_ega(image, BOX) if (w > BOX[0] or h > BOX[1]) else to_ega(image)
    return pygame.surfarray.array2d(ega).T.astype(np.uint8).copy()


def indices_surface(pixels: np.ndarray) -> pygame.Surface:
    h, w = pixels.shape
    surf = new_logical_surface((w, h))
    pygame.surfarray.blit_array(surf, np.ascontiguousarray(pixels.T))
    surf.set_colorkey(TRANSPARENT)
    return surf


# ---------------------------------------------------------------------- the menu


def picture_menu(app: AppView, editor: "CardEditorScene") -> ChoiceWindow:
    has = editor.card.picture is not None

    def chose(v: str) -> None:
        if v == "import":
            editor.stack.push(FilePicker(app, lambda path: _imported(app, editor, path)))
        elif v == "edit":
            editor.stack.push(PixelEditor(app, editor))
        elif v == "remove":
            editor.change("picture", lambda c: replace(c, picture=None))

    return ChoiceWindow(app, "Picture", [
        MenuItem("Import a picture file...", "import"),
        MenuItem("Edit the pixels..." if has else "Draw a new picture...", "edit"),
        MenuItem("Remove the picture", "remove", enabled=has),
        MenuItem("Cancel", "cancel")],
        text="Pictures are fitted into 64x64 pixels and the 16 EGA colours.", on_choose=chose)


def _imported(app: AppView, editor: "CardEditorScene", path: Path) -> None:
    try:
        dest = import_picture(path, editor.pack.folder, editor.card.key or "card")
    except (PictureError, OSError) as e:
        app.sound.play("illegal")
        editor.stack.push(MessageWindow(app, "Picture not imported", str(e), fill=P.RED))
        return
    editor.change("picture", lambda c: replace(c, picture=dest))
    editor.status = f"Picture imported as pictures/{dest.name}."


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


# ---------------------------------------------------------------------- the pixel editor

PALETTE = list(range(16)) + [TRANSPARENT]
COLOUR_NAMES = ("black", "blue", "green", "cyan", "red", "magenta", "brown", "light gray", "dark gray",
                "light blue", "light green", "light cyan", "light red", "light magenta", "yellow", "white")


class PixelEditor(Scene):
    """A tiny 16-colour editor: arrows move, Enter paints, P picks up a colour, F fills."""

    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, editor: "CardEditorScene") -> None:
        super().__init__(app)
        self.editor = editor
        try:
            self.pixels = load_indices(editor.card.picture)
        except (pygame.error, OSError, ValueError):
            self.pixels = load_indices(None)
        self.saved = self.pixels.copy()
        self.history: list[np.ndarray] = []
        h, w = self.pixels.shape
        self.zoom = max(1, min(288 // w, 288 // h))
        self.canvas = pygame.Rect(12, 40, w * self.zoom, h * self.zoom)
        self.cx, self.cy = w // 2, h // 2
        self.colour = P.WHITE
        self.status = ""

    @property
    def dirty(self) -> bool:
        return not np.array_equal(self.pixels, self.saved)

    def paint(self, x: int, y: int) -> None:
        if self.pixels[y, x] != self.colour:
            self.history.append(self.pixels.copy())
            self.pixels[y, x] = self.colour

    def fill(self, x: int, y: int) -> None:
        target = int(self.pixels[y, x])
        if target == self.colour:
            return
        self.history.append(self.pixels.copy())
        h, w = self.pixels.shape
        todo = [(x, y)]
        while todo:
            px, py = todo.pop()
            if 0 <= px < w and 0 <= py < h and self.pixels[py, px] == target:
                self.pixels[py, px] = self.colour
                todo += [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]

    def undo(self) -> None:
        if self.history:
            self.pixels = self.history.pop()

    def save(self) -> None:
        ed = self.editor
        old = ed.card.picture
        in_pack = old is not None and Path(old).resolve().is_relative_to(ed.pack.folder.resolve()) \
            and Path(old).suffix.lower() == ".png"
        dest = Path(old) if in_pack and old is not None else _free_name(ed.pack.folder, ed.card.key or "card")
        try:
            atomic_write_bytes(dest, png_bytes(indices_surface(self.pixels)))
        except OSError as e:
            self.stack.push(MessageWindow(self.app, "Not saved", f"The picture could not be written: {e}"))
            return
        self.saved = self.pixels.copy()
        if dest != old:
            ed.change("picture", lambda c: replace(c, picture=dest))
        else:
            ed.view = type(ed.view)(self.app.font, ed.card)       # the file changed: draw it again
        self.status = f"Saved as pictures/{dest.name}."

    def ask_close(self) -> None:
        if not self.dirty:
            self.close()
            return

        def chose(v: str) -> None:
            if v == "save":
                self.save()
                self.close()
            elif v == "discard":
                self.close()

        self.stack.push(ChoiceWindow(self.app, "Unsaved picture", [
            MenuItem("Keep drawing", "keep"), MenuItem("Save and close", "save"),
            MenuItem("Close without saving", "discard")], on_choose=chose))

    def _swatch(self, i: int) -> pygame.Rect:
        return pygame.Rect(320 + (i % 6) * 26, 40 + (i // 6) * 26, 22, 22)

    def handle(self, action: Action) -> None:
        k = action.kind
        h, w = self.pixels.shape
        if k == Kind.BACK:
            self.ask_close()
        elif k == Kind.MOVE:
            self.cx = min(max(0, self.cx + action.dx), w - 1)
            self.cy = min(max(0, self.cy + action.dy), h - 1)
        elif k == Kind.ACTION and action.pos is None:
            self.paint(self.cx, self.cy)
        elif k == Kind.KEY:
            key = action.key
            if key == "f2":
                self.save()
            elif key == "f3" or action.text == "\x1a":
                self.undo()
            elif key == "p":
                self.colour = int(self.pixels[self.cy, self.cx])
            elif key == "f":
                self.fill(self.cx, self.cy)
            elif key in ("[", "]"):
                i = PALETTE.index(self.colour)
                self.colour = PALETTE[(i + (1 if key == "]" else -1)) % len(PALETTE)]
        elif k == Kind.SCROLL:
            i = PALETTE.index(self.colour)
            self.colour = PALETTE[(i + action.dy) % len(PALETTE)]
        elif action.pos is not None and k in (Kind.ACTION, Kind.POINT, Kind.ALT):
            x, y = action.pos
            if self.canvas.collidepoint(x, y):
                self.cx = (x - self.canvas.x) // self.zoom
                self.cy = (y - self.canvas.y) // self.zoom
                if k == Kind.ACTION:
                    self.paint(self.cx, self.cy)
                elif k == Kind.ALT:
                    self.colour = int(self.pixels[self.cy, self.cx])
            elif k == Kind.ACTION:
                for i, c in enumerate(PALETTE):
                    if self._swatch(i).collidepoint(x, y):
                        self.colour = c

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLUE)
        name = self.editor.card.name or "the card"
        font.draw(surface, f"Picture of {name}"[:40], 12, 6, P.YELLOW)
        h, w = self.pixels.shape
        font.draw(surface, f"{w}x{h} pixels, 16 colours", 12, 22, P.LIGHT_CYAN)
        # the canvas: see-through pixels as a gray check
        surface.fill(P.BLACK, self.canvas.inflate(4, 4))
        big = pygame.transform.scale(indices_surface(self.pixels), self.canvas.size)
        big.set_colorkey(TRANSPARENT)
        for yy in range(0, self.canvas.h, 8):
            for xx in range(0, self.canvas.w, 8):
                surface.fill(P.DARK_GRAY if (xx + yy) // 8 % 2 else P.LIGHT_GRAY,
                             (self.canvas.x + xx, self.canvas.y + yy, 8, 8))
        surface.blit(big, self.canvas.topleft)
        cur = pygame.Rect(self.canvas.x + self.cx * self.zoom, self.canvas.y + self.cy * self.zoom,
                          self.zoom, self.zoom).inflate(2, 2)
        pygame.draw.rect(surface, P.YELLOW, cur, 1)
        for i, c in enumerate(PALETTE):
            r = self._swatch(i)
            if c == TRANSPARENT:
                surface.fill(P.LIGHT_GRAY, r)
                surface.fill(P.DARK_GRAY, (r.x, r.y, r.w // 2, r.h // 2))
                surface.fill(P.DARK_GRAY, (r.centerx, r.centery, r.w // 2, r.h // 2))
            else:
                surface.fill(P.BLACK, r.inflate(2, 2))
                surface.fill(c, r)
            if c == self.colour:
                pygame.draw.rect(surface, P.YELLOW, r.inflate(4, 4), 2)
        # actual size beside it
        font.draw(surface, "Actual size", 320, 132, P.LIGHT_CYAN)
        surface.fill(P.BLACK, (320, 150, 68, 68))
        surface.blit(indices_surface(self.pixels), (322 + (64 - w) // 2, 152 + (64 - h) // 2))
        help_lines = ["Arrows move, Enter paints", "Click paints, right click", "  picks a colour",
                      "[ ] or wheel: colour", "P picks up, F fills", "F2 save  F3 undo  Esc back"]
        for i, line in enumerate(help_lines):
            font.draw(surface, line, 400, 150 + i * 15, P.WHITE)
        colour = "see-through" if self.colour == TRANSPARENT else COLOUR_NAMES[self.colour]
        font.draw(surface, f"Painting: {colour}", 320, 250, P.WHITE)
        if self.dirty:
            font.draw(surface, "changed (F2 saves)", 320, 270, P.LIGHT_MAGENTA)
        if self.status:
            font.draw(surface, self.status[:38], 320, 290, P.LIGHT_GREEN)
