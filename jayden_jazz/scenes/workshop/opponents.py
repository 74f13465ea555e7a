"""The Opponents of one of the player's packs: the Journey opponents the pack brings.

Enter edits one (or makes one on "+ new opponent"), C copies it under a
new id, Del deletes it after asking (No is the default), Esc goes back to
the Workshop. The editor is :mod:`.opponent`, opened by its registered name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.scenes.cardkit.pictures import ega_picture
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.ownpacks import (OwnPack, PackChanged, delete_opponent, free_id,
                                                  read_own_pack)
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cardkit.library import Library
    from jayden_jazz.shell.appview import AppView

LIST_Y, ROW_H, ROWS = 24, 14, 14
KEYS = (("Enter", "Edit"), ("C", "Copy"), ("Del", "Delete"), ("Esc", "Back"))


class OpponentsScene(Scene):
    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, pack: OwnPack, library: Library | None = None) -> None:
        super().__init__(app)
        self.pack = pack
        self.library = library
        self.index = 0
        self.top = 0
        self.keep: str | None = None
        self._problems: dict[str, list[str]] = {}     # by opponent id: why the game would refuse it

    @property
    def opponents(self) -> tuple[Opponent, ...]:
        return self.pack.info.opponents if self.pack.info is not None else ()

    @property
    def current(self) -> Opponent | None:
        return self.opponents[self.index] if self.index < len(self.opponents) else None

    def reload(self, keep: str | None = None) -> None:
        self.pack = read_own_pack(self.pack.file)
        self._problems = {}
        ids = [o.id for o in self.opponents]
        if keep in ids:
            self.index = ids.index(keep)
        self.index = min(self.index, len(ids))
        self._scroll()

    def resume(self) -> None:
        self.reload(self.keep)

    def _scroll(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + ROWS:
            self.top = self.index - ROWS + 1

    def _lib(self) -> Library:
        if self.library is None:
            from jayden_jazz.scenes.cardkit.library import load_library

            self.library = load_library(self.app)
        return self.library

    def refusals(self, opp: Opponent) -> list[str]:
        """Why the Journey would refuse ``opp`` as the pack is now (empty when it plays)."""
        if opp.id not in self._problems:
            from jayden_jazz.scenes.workshop.oppcheck import opponent_problems

            lib = self._lib()
            self._problems[opp.id] = [f"{p.field or 'opponent'}: {p.message}" for p in opponent_problems(
                opp, self.pack, lib.catalog, lib.fields, opp.id) if p.is_error]
        return self._problems[opp.id]

    def card_words(self, cid: str) -> str:
        """A card by its name: this pack's cards as they are now, else any loaded pack's; an id found in
        neither is said to be missing, so a typo in the file is not mistaken for a card."""
        card = next((c for c in self.pack.cards if c.id == cid), None) or self._lib().catalog.get(cid)
        if card is not None:
            return card.name
        return f"missing card \"{self._short(cid)}\" (in no loaded pack)"

    def opponent_words(self, oid: str) -> str:
        found = next((p for p in self.opponents if p.id == oid), None) or self._lib().catalog.opponents.get(oid)
        return found.name if found is not None else f"missing opponent \"{self._short(oid)}\""

    def _short(self, some_id: str) -> str:
        """An id as the pack's file writes it: without the pack's own prefix."""
        return some_id.partition("/")[2] if some_id.startswith(self.pack.id + "/") else some_id

    def details(self, o: Opponent) -> str:
        """The opponent in words: its description, rules, what it gives and whom it comes after."""
        rules = " | ".join(rs.label for rs in o.rule_sets)
        rewards = ", ".join(f"{self.card_words(c)} {n}%" for c, n in o.rewards) or "nothing"
        requires = ", ".join(self.opponent_words(r) for r in o.requires)
        return f"{o.description} Rules: {rules}. Gives: {rewards}." + (f" Requires: {requires}." if requires else "")

    def _refuse(self, why: str) -> None:
        self.app.sound.play("illegal")
        self.stack.push(MessageWindow(self.app, "Not possible", why))

    def _saved(self, pack: OwnPack) -> None:
        self.pack = pack

    # actions -----------------------------------------------------------------------
    def edit(self, copy: bool = False) -> None:
        if self.pack.locked:
            self._refuse(f"This pack cannot be changed: {self.pack.locked}.")
            return
        opp = self.current
        if copy and opp is None:
            self._refuse("Choose an opponent to copy first.")
            return
        if copy and opp is not None:
            key = free_id(opp.id.partition("/")[2] + "_copy", {o.id.partition("/")[2] for o in self.opponents})
            opp, original = replace(opp, id=f"{self.pack.id}/{key}", name=f"{opp.name} (copy)"[:40]), None
        else:
            original = opp.id if opp is not None else None
        editor = self.app.scene("opponent-editor", pack=self.pack, opponent=opp, original_id=original,
                                library=self._lib(), on_saved=self._saved)
        self.keep = original
        self.stack.push(editor)

    def delete(self) -> None:
        opp = self.current
        if opp is None:
            self._refuse("Choose an opponent to delete first.")
            return
        if self.pack.locked:
            self._refuse(f"This pack cannot be changed: {self.pack.locked}.")
            return

        needing = [o.name for o in self.opponents if opp.id in o.requires]

        def chose(v: str) -> None:
            if v != "yes":
                return
            try:
                delete_opponent(self.pack, opp.id)
            except PackChanged:
                self.stack.push(MessageWindow(self.app, "Not deleted", (
                    "The pack file changed on disk since the Workshop read it, so nothing was written. "
                    "The list now shows the file as it is; try again.")))
            except (OSError, ValueError) as e:
                self.stack.push(MessageWindow(self.app, "Not deleted", f"The pack could not be written: {e}"))
            self.reload()

        self.stack.push(ChoiceWindow(self.app, "Delete opponent", [MenuItem("No, keep it", "no"),
                                                                   MenuItem("Yes, delete it", "yes")],
                                     text=f"Delete \"{opp.name}\" from {self.pack.name}? This cannot be undone."
                                     + (f" {', '.join(needing)} require(s) it and will not be met until "
                                        "changed." if needing else ""),
                                     on_choose=chose))

    # input -------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        k = action.kind
        n = len(self.opponents) + 1
        if k == Kind.BACK:
            self.close()
        elif k in (Kind.MOVE, Kind.SCROLL) and action.dy:
            self.index = min(max(0, self.index + action.dy), n - 1)
            self._scroll()
        elif k == Kind.KEY and action.key in ("c", "delete", "d"):
            self.edit(copy=True) if action.key == "c" else self.delete()
        elif k == Kind.ACTION and action.pos is not None:
            x, y = action.pos
            if y >= 322:
                for rect, key in self._key_rects():
                    if rect.collidepoint(action.pos):
                        {"Enter": self.edit, "C": lambda: self.edit(copy=True), "Del": self.delete,
                         "Esc": self.close}[key]()
                return
            i = self.top + (y - LIST_Y) // ROW_H
            if y >= LIST_Y and i < min(n, self.top + ROWS):
                same, self.index = i == self.index, i
                if same:
                    self.edit()
        elif k == Kind.ACTION:
            self.edit()

    def _key_rects(self) -> list[tuple[pygame.Rect, str]]:
        out, x = [], 4
        for key, label in KEYS:
            w = self.app.font.width(f"{key} {label}") + 8
            out.append((pygame.Rect(x, 326, w, 16), key))
            x += w + 3
        return out

    # drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLUE)
        font.draw(surface, f"Opponents \u00b7 {self.pack.name}"[:70], 6, 4, P.YELLOW)
        rows = [(f"{o.name[:26]:<26} tier {o.tier}  {o.level:<6}  {o.trade:<6}  "
                 f"{len(o.pool)} cards" + ("  roulette" if o.roulette else ""), P.WHITE) for o in self.opponents]
        rows.append(("+ new opponent", P.LIGHT_GREEN))
        for row in range(ROWS):
            i = self.top + row
            if i >= len(rows):
                break
            y = LIST_Y + row * ROW_H
            if i == self.index:
                surface.fill(P.CYAN, (4, y, 632, ROW_H))
            font.draw(surface, rows[i][0][:78], 8, y, P.BLACK if i == self.index else rows[i][1])
        self._draw_details(surface, LIST_Y + ROWS * ROW_H + 6)
        for rect, key in self._key_rects():
            surface.fill(P.CYAN, rect)
            font.draw(surface, f"{key} {dict(KEYS)[key]}", rect.x + 4, rect.y + 1, P.BLACK)

    def _draw_details(self, surface: pygame.Surface, y: int) -> None:
        font = self.app.font
        o = self.current
        if self.pack.locked:
            text, colour = f"Read-only: {self.pack.locked}.", P.LIGHT_RED
        elif o is None:
            text, colour = ("Enter makes a new opponent for the Journey: its cards, its rules (one set, or "
                            "several for a Roulette), its trade rule and what it may give."), P.LIGHT_CYAN
        else:
            text, colour = self.details(o), P.WHITE
        pic = ega_picture(o.picture) if o is not None else None
        cols = 70 if pic is not None else 78         # the picture sits at the right of the words
        if pic is not None:
            surface.fill(P.BLACK, (566, y, 68, 68))
            surface.blit(pic, (568 + (64 - pic.get_width()) // 2, y + 2 + (64 - pic.get_height()) // 2))
        lines = [(line, colour) for line in wrap(text, cols)]
        if o is not None and not self.pack.locked:
            lines += [(line, P.LIGHT_RED) for why in self.refusals(o) for line in wrap(f"\u00d7 {why}", cols)]
        for j, (line, c) in enumerate(lines[:8]):
            font.draw(surface, line, 6, y + j * 14, c)


__all__ = ["OpponentsScene"]
