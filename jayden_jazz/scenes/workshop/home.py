"""The Card Workshop's first screen: the player's packs and their cards.

From here a card is made, edited, copied or deleted, a pack is made, and a
pack is zipped for sharing. Only packs in the player's cards folder are
listed: the shipped packs are read-only (copy a card from them into your
own pack instead).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, cast

import pygame

from jayden_jazz.cards import Card
from jayden_jazz.cards.packzip import ZipPackError, zip_pack
from jayden_jazz.scenes.cardkit.cardview import CardView
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.home_view import (  # noqa: F401 (the layout, read by tests)
    HINT_LINES, KEYS, LIST_Y, PANEL_W, ROW_H, ROWS, VIEW_X, WorkshopHomeView)
from jayden_jazz.scenes.workshop.ownpacks import (OwnPack, PackChanged, delete_card, new_pack,
                                                  read_own_packs)
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.workshop.editor import CardEditorScene
    from jayden_jazz.shell.appview import AppView

CHANGED_TEXT = ("The pack file changed on disk since the Workshop read it, so nothing was written. "
                "The list now shows the file as it is; try again.")


class TextPrompt(Scene):
    """One line of text to type, Enter to accept, Esc to cancel."""

    opaque = False

    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, title: str, prompt: str, value: str, on_done: Callable[[str], object],
                 max_len: int = 40, what: str = "This text") -> None:
        super().__init__(app)
        self.title, self.prompt = title, prompt
        self.field = TextField(value, max_len=max_len, what=what)
        self.field.selected = bool(value)     # a suggested value: the first key typed replaces it
        self.on_done = on_done
        self.rect = pygame.Rect(120, 120, 400, 96)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.kind == Kind.ACTION and action.text in ("\r", "\n", "") and \
                (action.pos is None or not self.rect.collidepoint(action.pos)):
            self.close()
            self.on_done(self.field.value)
        else:
            self.field.handle(action)
            if self.field.refusal:
                self.app.sound.play("illegal")

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, self.title)
        font.draw(surface, self.prompt, inner.x + 4, inner.y + 2, P.WHITE)
        self.field.draw(surface, font, pygame.Rect(inner.x + 4, inner.y + 22, inner.w - 8, 16), True)
        for i, line in enumerate(self.hint_lines()):
            font.draw(surface, line, inner.x + 4, inner.y + 46 + i * 14,
                      P.YELLOW if self.field.refusal else P.LIGHT_GRAY)

    def hint_lines(self) -> list[str]:
        """The line under the field: why the last key was refused, else the keys (two lines at most)."""
        inner_w = self.rect.w - 12
        return wrap(self.field.refusal, (inner_w - 8) // 8)[:2] if self.field.refusal \
            else ["Enter: OK   Esc: cancel"]


class WorkshopScene(Scene):
    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.cards_dir = Path(app.dirs.cards)
        self.packs: list[OwnPack] = []
        self.rows: list[tuple[str, OwnPack | None, Card | None]] = []
        self.index = 0
        self.top = 0
        self.view: CardView | None = None
        self._editor: CardEditorScene | None = None     # the card being edited, to show it when back
        self.screen = WorkshopHomeView(self)
        self.reload()

    # model -----------------------------------------------------------------------
    def reload(self, keep: tuple[str, str] | None = None) -> None:
        self.packs = read_own_packs(self.cards_dir)
        rows: list[tuple[str, OwnPack | None, Card | None]] = []
        for pack in self.packs:
            rows.append(("pack", pack, None))
            for c in pack.cards:
                rows.append(("card", pack, c))
            if not pack.locked:
                rows.append(("new", pack, None))
        rows.append(("newpack", None, None))
        self.rows = rows
        if keep is not None:
            for i, (kind, p, row_card) in enumerate(rows):
                if p is not None and p.id == keep[0] and (row_card.key if row_card else kind) == keep[1]:
                    self.index = i
        self.index = min(self.index, len(rows) - 1)
        self._changed()

    def resume(self) -> None:
        kind, pack, card = self.current
        keep = (pack.id, card.key if card else kind) if pack else None
        ed = getattr(self, "_editor", None)
        if ed is not None and ed.original_key is not None:
            keep = (ed.pack.id, ed.original_key)        # the card just saved
        self._editor = None
        self.reload(keep)

    @property
    def current(self) -> tuple[str, OwnPack | None, Card | None]:
        return self.rows[self.index]

    def _changed(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + ROWS:
            self.top = self.index - ROWS + 1
        card = self.current[2]
        self.view = CardView(self.app.font, card) if card is not None else None

    def _taken_pack_ids(self) -> set[str]:
        from jayden_jazz.cards.errors import CardsError
        from jayden_jazz.scenes.cardkit.library import load_library

        try:   # packs report their own problems; only a folder that cannot be read lands here
            return set(load_library(self.app).catalog.packs)
        except (CardsError, OSError):
            return {p.id for p in self.packs}

    # actions ---------------------------------------------------------------------
    def _refuse(self, why: str) -> None:
        self.app.sound.play("illegal")
        self.stack.push(MessageWindow(self.app, "Not possible", why))

    def activate(self) -> None:
        kind, pack, card = self.current
        if kind == "newpack" or pack is None:     # the new-pack row is the only one without a pack
            self.ask_new_pack()
        elif kind == "pack":
            self.pack_menu(pack)
        elif kind == "new":
            self.edit(pack, None)
        else:
            self.edit(pack, card)

    def edit(self, pack: OwnPack, card: Card | None, *, copy: bool = False) -> None:
        if pack.locked:
            self._refuse(f"This pack cannot be changed: {pack.locked}.")
            return
        if card is not None and copy:
            editor = self.app.scene("card-copy", pack=pack, card=card)
        else:
            editor = self.app.scene("card-editor", pack=pack, card=card,
                                    original_key=card.key if card is not None else None)
        self._editor = cast("CardEditorScene", editor)
        self.stack.push(editor)

    def copy(self) -> None:
        kind, pack, card = self.current
        if card is None or pack is None:
            self._refuse("Choose a card to copy first.")
            return
        self.edit(pack, card, copy=True)

    def delete(self) -> None:
        kind, pack, card = self.current
        if card is None or pack is None:
            self._refuse("Choose a card to delete first.")
            return
        if pack.locked:
            self._refuse(f"This pack cannot be changed: {pack.locked}.")
            return

        def chose(v: str) -> None:
            if v == "yes":
                try:
                    delete_card(pack, card.key)
                except PackChanged:
                    self.stack.push(MessageWindow(self.app, "Not deleted", CHANGED_TEXT))
                except (OSError, ValueError) as e:
                    self.stack.push(MessageWindow(self.app, "Not deleted", f"The pack could not be written: {e}"))
                self.reload((pack.id, "new"))

        self.stack.push(ChoiceWindow(self.app, "Delete card", [MenuItem("No, keep it", "no"),
                                                               MenuItem("Yes, delete it", "yes")],
                                     text=f"Delete \"{card.name}\" from {pack.name}? This cannot be undone.",
                                     on_choose=chose))

    def ask_new_pack(self) -> None:
        def named(name: str) -> None:
            if not name.strip():
                self._refuse("A pack needs a name.")
                return

            def authored(author: str) -> None:
                try:
                    pack = new_pack(self.cards_dir, name, author, self._taken_pack_ids())
                except OSError as e:
                    self._refuse(f"The pack could not be made: {e}")
                    return
                self.reload((pack.id, "new"))

            self.stack.push(TextPrompt(self.app, "New pack", "Your name (the author):", "", authored,
                                       what="An author's name"))

        self.stack.push(TextPrompt(self.app, "New pack", "The pack's name:", "My cards", named,
                                   what="A pack's name"))

    def pack_menu(self, pack: OwnPack) -> None:
        n_opp = len(pack.info.opponents) if pack.info is not None else 0
        items = [MenuItem("New card", "new", enabled=not pack.locked),
                 MenuItem("Name, author and version...", "header", enabled=not pack.locked),
                 MenuItem(f"Opponents ({n_opp})...", "opponents", enabled=pack.info is not None),
                 MenuItem("Zip for sharing", "zip"), MenuItem("Cards as pictures (PNG)", "render",
                                                              enabled=bool(pack.cards)),
                 MenuItem("Cancel", "cancel")]
        text = f"{pack.name} ({pack.id}), {len(pack.cards)} cards, in {pack.file}."
        if pack.locked:
            text += f" Read-only: {pack.locked}."

        def chose(v: str) -> None:
            if v == "new":
                self.edit(pack, None)
            elif v == "opponents":
                self.stack.push(self.app.scene("workshop-opponents", pack=pack))
            elif v == "zip":
                self.zip(pack)
            elif v == "header":
                self.ask_header(pack)
            elif v == "render":
                self.render_pack(pack)

        self.stack.push(ChoiceWindow(self.app, "Pack", items, text=text, on_choose=chose, width=440))

    def ask_header(self, pack: OwnPack) -> None:
        from jayden_jazz.scenes.workshop.ownpacks import set_header

        assert pack.info is not None
        info = pack.info

        def version(v: str, name: str, author: str) -> None:
            try:
                new = set_header(pack, name, author, v)
            except PackChanged:
                self.stack.push(MessageWindow(self.app, "Not changed", CHANGED_TEXT))
                self.reload((pack.id, "pack"))
                return
            except (OSError, ValueError) as e:
                self._refuse(f"The pack could not be written: {e}")
                return
            self.reload((new.id, "pack"))

        self.stack.push(TextPrompt(self.app, "Pack", "The pack's name:", info.name, lambda name: self.stack.push(
            TextPrompt(self.app, "Pack", "The author:", info.author, lambda author: self.stack.push(
                TextPrompt(self.app, "Pack", "The version (such as 1.1):", info.version,
                           lambda v: version(v, name, author), what="A version")), what="An author's name")),
            what="A pack's name"))

    def zip(self, pack: OwnPack | None = None) -> None:
        pack = pack or self.current[1]
        if pack is None:
            self._refuse("Choose a pack (or one of its cards) to zip.")
            return
        if pack.file.suffix.lower() == ".zip":
            self._refuse("This pack is a zip already: share the file itself.")
            return
        out = Path(self.app.dirs.data) / "shared" / f"{pack.id}.zip"
        pictures = [c.picture for c in pack.cards if c.picture is not None]
        try:
            names = zip_pack(pack.file, out, pictures)
        except (ZipPackError, OSError) as e:
            self._refuse(f"The pack could not be zipped: {e}")
            return
        self._done("Zipped", out.parent, (
            f"{pack.name} is zipped ({len(names)} files) in {out}. Send that file: whoever drops it into "
            "their cards folder plays with your cards."))

    def render_pack(self, pack: OwnPack) -> None:
        """Every card as the 250x350 PNG of its full view, and a contact sheet, to post for others."""
        from jayden_jazz.scenes.workshop.export import SHEET_NAME, render_cards

        out = Path(self.app.dirs.data) / "shared"
        try:
            written = render_cards(pack.cards, out, {pack.id: pack.name})
        except (OSError, pygame.error) as e:
            self._refuse(f"The pictures could not be written: {e}")
            return
        self._done("Cards as pictures", out / pack.id, (
            f"{len(written) - 1} card pictures (250x350) and {SHEET_NAME} with the whole pack are in "
            f"{out / pack.id}."))

    def _done(self, title: str, folder: Path, text: str) -> None:
        """Say where the files are, with a way to open that folder."""
        from jayden_jazz.scenes.folders import open_in_file_manager

        def chose(v: str) -> None:
            if v == "open" and not (not self.app.headless and open_in_file_manager(folder)):
                self.stack.push(MessageWindow(self.app, title, f"The folder could not be opened here; it is {folder}."))

        self.stack.push(ChoiceWindow(self.app, title, [MenuItem("OK", "ok"), MenuItem("Open the folder", "open")],
                                     text=text, on_choose=chose, width=520))

    # input -----------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
            return
        if k == Kind.MOVE and action.dy:
            step = action.dy * (ROWS if action.dx > 0 else 1)
            if action.dx < 0:
                step = -len(self.rows) if action.dy < 0 else len(self.rows)
            self.index = min(max(0, self.index + step), len(self.rows) - 1)
            self._changed()
            return
        if k == Kind.SCROLL:
            self.index = min(max(0, self.index + action.dy), len(self.rows) - 1)
            self._changed()
            return
        if k == Kind.KEY:
            what = {"c": self.copy, "delete": self.delete, "d": self.delete, "z": self.zip,
                    "n": self.ask_new_pack}.get(action.key)
            if what:
                what()
            return
        if action.pos is not None and k in (Kind.POINT, Kind.ACTION, Kind.ALT):
            x, y = action.pos
            if k == Kind.ACTION and y >= 322:
                for rect, key in self.screen.key_rects():
                    if rect.collidepoint(action.pos):
                        {"Enter": self.activate, "C": self.copy, "Del": self.delete, "Z": self.zip,
                         "N": self.ask_new_pack}[key]()
                        return
            if x < PANEL_W and LIST_Y <= y < LIST_Y + ROWS * ROW_H:
                i = self.top + (y - LIST_Y) // ROW_H
                if i < len(self.rows):
                    same = i == self.index
                    self.index = i
                    self._changed()
                    if k == Kind.ACTION and same:
                        self.activate()
            return
        if k == Kind.ACTION:
            self.activate()
        elif k == Kind.ALT and self.view is not None:
            from jayden_jazz.scenes.cardkit.cardview import CardViewWindow

            self.stack.push(CardViewWindow(self.app, self.view.card))

    # drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.screen.draw(surface)
