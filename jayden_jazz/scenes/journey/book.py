"""The collection book: every card of every loaded pack, owned (with copies) or missing.

Filters: which cards (all, owned, missing; F2), which pack (F3), which
ability effect (F4). The card under the cursor is shown whole on the
right, with the opponents that play it or give it as a reward; the top
line is each pack's completion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import Card
from jayden_jazz.scenes.cardkit.cardview import VIEW_W, CardView
from jayden_jazz.scenes.journey.lists import Row, RowList
from jayden_jazz.scenes.journey.run import Session
from jayden_jazz.scenes.journey.words import fit
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

VIEW_X = 640 - VIEW_W
LIST = pygame.Rect(4, 66, VIEW_X - 10, 168)
OWNED = ("all", "owned", "missing")
FILTER_Y = 48
FILTERS = {"owned": pygame.Rect(4, FILTER_Y, 118, 14), "pack": pygame.Rect(126, FILTER_Y, 126, 14),
           "ability": pygame.Rect(256, FILTER_Y, VIEW_X - 262, 14)}


def ability_effects(card: Card) -> set[str]:
    return {a.effect for a in card.abilities}


class BookScene(Scene):
    def __init__(self, app: AppView, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.owned_filter = "all"
        self.pack: str | None = None
        self.ability: str | None = None
        cat = session.catalog
        self.effects = sorted({e for cid in cat for e in ability_effects(cat[cid])})
        self.list = RowList([], LIST)
        self._views: dict[str, CardView] = {}
        self.refresh()

    # ------------------------------------------------------------------ what is shown
    def cards(self) -> list[str]:
        cat, coll = self.session.catalog, self.session.profile.collection
        out = []
        for cid in self.session.library.card_ids():
            if self.pack is not None and cid.split("/")[0] != self.pack:
                continue
            n = coll.owned(cid)
            if (self.owned_filter == "owned" and not n) or (self.owned_filter == "missing" and n):
                continue
            if self.ability is not None and self.ability not in ability_effects(cat[cid]):
                continue
            out.append(cid)
        return out

    def refresh(self) -> None:
        keep = self.list.current.value if self.list.current else None
        cat, coll = self.session.catalog, self.session.profile.collection
        rows = []
        for cid in self.cards():
            n = coll.owned(cid)
            label = (f"{n}x " if n else " - ") + cat[cid].name
            rows.append(Row(fit(label, 27).ljust(28) + fit(self.session.library.pack_name(cid.split("/")[0]), 12), cid,
                            colour=P.WHITE if n else P.DARK_GRAY))
        if not rows:
            rows = [Row("No card matches these filters", None, enabled=False)]
        self.list.set_rows(rows, keep)

    def completion(self) -> list[str]:
        coll = self.session.profile.collection
        out = []
        for pid in self.session.library.pack_ids:
            ids = self.session.catalog.packs[pid].card_ids
            have = sum(1 for c in ids if coll.owned(c))
            out.append(f"{self.session.library.pack_name(pid)} {have}/{len(ids)}")
        return out

    def who(self, cid: str) -> list[str]:
        """Opponents that play the card (it can be won in a trade) and that give it as a reward."""
        plays, gives = [], []
        for o in sorted(self.session.catalog.opponents.values(), key=lambda o: (o.tier, o.name)):
            if cid in o.pool:
                plays.append(o.name)
            chance = dict(o.rewards).get(cid)
            if chance:
                gives.append(f"{o.name} ({chance}%)")
        return [("Played by: " + (", ".join(plays) if plays else "nobody")),
                ("Reward from: " + (", ".join(gives) if gives else "nobody"))]

    # ------------------------------------------------------------------ input
    def cycle(self, which: str) -> None:
        if which == "owned":
            self.owned_filter = OWNED[(OWNED.index(self.owned_filter) + 1) % len(OWNED)]
        elif which == "pack":
            packs: list[str | None] = [None, *self.session.library.pack_ids]
            self.pack = packs[(packs.index(self.pack) + 1) % len(packs)]
        else:
            effects: list[str | None] = [None, *self.effects]
            self.ability = effects[(effects.index(self.ability) + 1) % len(effects)]
        self.app.sound.play("menu")
        self.refresh()

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
            return
        if k == Kind.KEY and action.key in ("f2", "f3", "f4"):
            self.cycle({"f2": "owned", "f3": "pack", "f4": "ability"}[action.key])
            return
        if k == Kind.ACTION and action.pos is not None:
            for which, rect in FILTERS.items():
                if rect.collidepoint(action.pos):
                    self.cycle(which)
                    return
        if k == Kind.MOVE and action.dx and not action.dy:
            view = self.view()
            if view is not None:
                view.scroll(action.dx * view.rows)
            return
        self.list.handle(action)

    def redraw_in(self) -> None:
        return None

    # ------------------------------------------------------------------ drawing
    def view(self) -> CardView | None:
        row = self.list.current
        if row is None or row.value is None:
            return None
        view = self._views.get(row.value)
        if view is None:
            view = self._views[row.value] = CardView(self.app.font, self.session.catalog[row.value])
        return view

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        surface.fill(P.BLUE, (0, 0, VIEW_X - 2, 16))
        font.draw(surface, f"Collection book - {self.session.profile.name}"[:48], 4, 1, P.WHITE)
        for i, line in enumerate(wrap("Complete: " + ", ".join(self.completion()), (VIEW_X - 8) // 8)[:2]):
            font.draw(surface, line, 4, 18 + i * LINE_H, P.LIGHT_CYAN)
        texts = {"owned": "F2 " + {"all": "All cards"}.get(self.owned_filter, self.owned_filter.capitalize()),
                 "pack": "F3 " + (self.session.library.pack_name(self.pack) if self.pack else "All packs"),
                 "ability": "F4 " + (self.ability.replace("_", " ").capitalize() if self.ability
                                     else "Any ability")}
        for which, rect in FILTERS.items():
            surface.fill(P.BLUE, rect)
            font.draw(surface, fit(texts[which], rect.w // 8), rect.x + 2, rect.y, P.WHITE)
        self.list.draw(surface, font)
        row = self.list.current
        y = LIST.bottom + 6
        if row is not None and row.value is not None:
            n = self.session.profile.collection.owned(row.value)
            font.draw(surface, f"You own {n} cop{'ies' if n != 1 else 'y'}" if n else "Missing: not owned yet",
                      4, y, P.LIGHT_GREEN if n else P.LIGHT_RED)
            y += LINE_H
            for text in self.who(row.value):
                for part in wrap(text, (VIEW_X - 12) // 8)[:2]:
                    font.draw(surface, part, 4, y, P.WHITE)
                    y += LINE_H
        font.draw(surface, "\u2191\u2193 card  \u2190\u2192 text  F2 F3 F4 filters  Esc back", 4, 336, P.LIGHT_GRAY)
        view = self.view()
        if view is not None:
            view.draw(surface, VIEW_X, 0)
        else:
            surface.fill(P.BLUE, (VIEW_X, 0, VIEW_W, 350))
