"""Card pictures in the Workshop: import a PNG, touch it up pixel by pixel, or remove it.

The import itself (file picker, checks, fitting into 64x64 and the 16 EGA
colours) is :mod:`.importpic`, shared with the opponent editor. The pixel
editor works on palette indices only; it cannot make a colour outside the 16.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from jayden_jazz.cards.writer import atomic_write_bytes
from jayden_jazz.scenes.cardkit.pictures import TRANSPARENT, to_ega
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.importpic import (BOX, IMPORT_SUFFIXES, MAX_IMPORT_BYTES, MAX_IMPORT_SIDE,
                                                   FilePicker, PictureError, _free_name, import_picture,
                                                   png_bytes)
from jayden_jazz.scenes.workshop.ownpacks import OwnPack, free_id
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.cards import Card
    from jayden_jazz.scenes.workshop.editor import CardEditorScene
    from jayden_jazz.shell.appview import AppView


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


# the import's names stay reachable here, where the card editor's tests and tools have always found them
__all__ = ["BOX", "FilePicker", "IMPORT_SUFFIXES", "MAX_IMPORT_BYTES", "MAX_IMPORT_SIDE", "PictureError",
           "PixelEditor", "copy_into", "copy_picture", "import_picture", "load_indices", "picture_menu",
           "png_bytes"]
