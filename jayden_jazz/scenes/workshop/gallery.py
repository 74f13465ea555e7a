"""The Gallery: every card of every pack, to browse, sort, filter, search and read.

Packs come from the same folders as the card game (shipped, the player's
cards folder, ``--cards``). The list is on the left, the full card view of
the highlighted card on the right; packs with problems are marked and their
problems are one key away.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import Card, sides_text
from jayden_jazz.cards.card import ELEMENTS
from jayden_jazz.cards.catalog import Problem
from jayden_jazz.scenes.cardkit.cardview import VIEW_W, CardView, CardViewWindow
from jayden_jazz.scenes.cardkit.library import Library, load_library
from jayden_jazz.scenes.workshop.textfield import TextField, typed_char
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import HOTKEYS, Action, Kind
from jayden_jazz.shell.scene import Scene

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SORTS = ("pack order", "name", "side total", "budget", "started roasting")
ABILITY_FILTERS = ("any", "none", "modify", "gain_control", "swap", "reset", "win")
ELEMENT_FILTERS = ("any", "none", *ELEMENTS)
LIST_X, LIST_W = 6, 372
ROW_H = 14
LIST_Y = 90
ROWS = 14
VIEW_X = 640 - VIEW_W


@dataclass
class Query:
    search: str = ""
    pack: str | None = None           # a pack id, None for all
    ability: str = "any"              # ABILITY_FILTERS
    element: str = "any"              # ELEMENT_FILTERS
    sort: str = "pack order"          # SORTS


def matches(card: Card, q: Query) -> bool:
    if q.pack is not None and card.pack != q.pack:
        return False
    if q.ability == "none" and card.abilities:
        return False
    if q.ability not in ("any", "none") and not any(a.effect == q.ability for a in card.abilities):
        return False
    if q.element == "none" and card.element is not None:
        return False
    if q.element not in ("any", "none") and card.element != q.element:
        return False
    words = q.search.lower().split()
    if words:
        names = " ".join([card.name, *card.aliases, card.key]).lower()
        if not all(w in names for w in words):
            return False
    return True


def select(cards: list[Card], q: Query) -> list[Card]:
    """The cards shown for a query, in its order (ties keep pack order)."""
    out = [c for c in cards if matches(c, q)]
    if q.sort == "name":
        out.sort(key=lambda c: c.name.lower())
    elif q.sort == "side total":
        out.sort(key=lambda c: -c.points)
    elif q.sort == "budget":
        out.sort(key=lambda c: -c.budget)
    elif q.sort == "started roasting":
        out.sort(key=lambda c: c.started_roasting)
    return out


def pack_origin(lib: Library, pack_id: str, app: AppView) -> str:
    """shipped, yours or added (``--cards``): where a pack was found."""
    info = lib.catalog.packs.get(pack_id)
    if info is None or info.file is None:
        return "added"
    f = os.path.normcase(str(Path(info.file).resolve()))
    try:
        from jayden_jazz.paths import shipped_dir

        shipped = os.path.normcase(str(shipped_dir("cards").resolve()))
    except FileNotFoundError:
        shipped = ""
    own = os.path.normcase(str(Path(app.dirs.cards).resolve()))
    if shipped and f.startswith(shipped + os.sep):
        return "shipped"
    if f.startswith(own + os.sep):
        return "yours"
    return "added"


def problem_packs(lib: Library) -> dict[str, list[Problem]]:
    """Problems grouped by the pack file they are in (refused packs included)."""
    out: dict[str, list[Problem]] = {}
    for p in lib.problems:
        out.setdefault(p.file, []).append(p)
    return out


class GalleryScene(Scene):
    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, library: Library | None = None) -> None:
        super().__init__(app)
        self.lib = library or load_library(app)
        self.all_cards = list(self.lib.catalog.values())
        self.query = Query()
        self.search = TextField(max_len=40, what="A search")
        self.index = 0
        self.top = 0
        self.shown: list[Card] = []
        self._view: CardView | None = None
        self._refilter()

    # the model ---------------------------------------------------------------
    def _refilter(self, keep: Card | None = None) -> None:
        self.query.search = self.search.value
        self.shown = select(self.all_cards, self.query)
        if keep is not None and keep in self.shown:
            self.index = self.shown.index(keep)
        self.index = min(self.index, max(0, len(self.shown) - 1))
        self._scroll_to_index()
        self._update_view()

    def _update_view(self) -> None:
        self._view = CardView(self.app.font, self.current) if self.current is not None else None

    @property
    def current(self) -> Card | None:
        return self.shown[self.index] if self.shown else None

    def _scroll_to_index(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + ROWS:
            self.top = self.index - ROWS + 1
        self.top = max(0, min(self.top, max(0, len(self.shown) - ROWS)))

    def _move(self, d: int) -> None:
        if self.shown:
            self.index = min(max(0, self.index + d), len(self.shown) - 1)
            self._scroll_to_index()
            self._update_view()

    def cycle_pack(self, d: int = 1) -> None:
        packs: list[str | None] = [None, *self.lib.catalog.packs]
        i = packs.index(self.query.pack) if self.query.pack in packs else 0
        self.query.pack = packs[(i + d) % len(packs)]
        self._refilter(self.current)

    def cycle_ability(self, d: int = 1) -> None:
        i = ABILITY_FILTERS.index(self.query.ability)
        self.query.ability = ABILITY_FILTERS[(i + d) % len(ABILITY_FILTERS)]
        self._refilter(self.current)

    def cycle_element(self, d: int = 1) -> None:
        i = ELEMENT_FILTERS.index(self.query.element)
        self.query.element = ELEMENT_FILTERS[(i + d) % len(ELEMENT_FILTERS)]
        self._refilter(self.current)

    def cycle_sort(self, d: int = 1) -> None:
        i = SORTS.index(self.query.sort)
        self.query.sort = SORTS[(i + d) % len(SORTS)]
        self._refilter(self.current)

    def open_card(self) -> None:
        """The full view in the preview's place (one view of the card, not two side by side); the
        arrows then scroll its text, any other key goes back to the list."""
        if self.current is not None:
            window = CardViewWindow(self.app, self.current)
            window.x = VIEW_X
            if self._view is not None and self._view.card == self.current:
                window.view.top = self._view.top
            self.stack.push(window)

    def show_problems(self) -> None:
        """Which packs have problems (a line each), then every problem in full."""
        from jayden_jazz.scenes.cardkit.library import problem_lines, problem_style, shown_file
        from jayden_jazz.scenes.windows import MessageWindow, TextWindow

        if not self.lib.problems:
            self.stack.push(MessageWindow(self.app, "Pack problems", "Every pack loaded without a problem."))
            return
        by_file = problem_packs(self.lib)
        loaded = {str(info.file): pid for pid, info in self.lib.catalog.packs.items()}
        lines = [f"{len(by_file)} pack file(s) with problems:"]
        for file, found in by_file.items():
            errors = sum(1 for p in found if p.is_error)
            pid = loaded.get(file)
            if pid is None:
                state = ("\x03  the pack is refused: none of its cards could be read"
                         if any(p.card is None and p.is_error for p in found)
                         else "\x03  every card of it is refused")
            else:
                state = (f"\x03  {len(self.lib.catalog.packs[pid].card_ids)} cards play, {errors} error(s)" if errors
                         else "\x04  loads")
            lines.append(shown_file(file)[:64])
            warnings = len(found) - errors
            state += f", {warnings} warning(s)" if warnings else ""
            lines += [state[0] + "  " + s for s in wrap(state[1:], 60)]
        lines.append("")
        self.stack.push(TextWindow(self.app, "Pack problems", lines + problem_lines(self.lib.problems, 64),
                                   styles=problem_style))

    # input -------------------------------------------------------------------
    BUTTONS = (("F2", "Pack", "pack"), ("F3", "Ability", "ability"), ("F4", "Sort", "sort"),
               ("F5", "Problems", "problems"), ("F6", "Copy", "copy"), ("F7", "Element", "element"))
    SEARCH_W = 140            # the search box leaves room for the element filter on its row

    def _button_rects(self) -> list[tuple[pygame.Rect, str]]:
        out = []
        for i, (key, label, what) in enumerate(self.BUTTONS):
            w = self.app.font.width(self._button_text(key, label, what)) + 8
            if what == "copy":
                out.append((pygame.Rect(LIST_X + 186, 2, w, 16), what))
                continue
            if what == "element":
                out.append((pygame.Rect(LIST_X + 66 + self.SEARCH_W, 20, w, 16), what))
                continue
            out.append((pygame.Rect(LIST_X + (i % 2) * 186, 40 + (i // 2) * 18, w, 16), what))
        return out

    def _button_text(self, key: str, label: str, what: str) -> str:
        if what == "pack":
            return f"{key} Pack: {self.query.pack or 'all'}"[:22]
        if what == "ability":
            return f"{key} Ability: {self.query.ability.replace('_', ' ')}"
        if what == "sort":
            return f"{key} Sort: {self.query.sort}"[:22]
        if what == "copy":
            return f"{key} Copy to my pack"
        if what == "element":
            return f"{key} Element: {self.query.element}"
        n = len(problem_packs(self.lib))
        return f"{key} Problems ({n})" if n else f"{key} No problems"

    def _press(self, what: str, d: int = 1) -> None:
        if what == "pack":
            self.cycle_pack(d)
        elif what == "ability":
            self.cycle_ability(d)
        elif what == "sort":
            self.cycle_sort(d)
        elif what == "element":
            self.cycle_element(d)
        elif what == "problems":
            self.show_problems()
        elif what == "copy":
            self.copy_to_own()

    def copy_to_own(self) -> None:
        """Start a new card in one of the player's packs from the highlighted card."""
        from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
        from jayden_jazz.scenes.workshop.ownpacks import read_own_packs
        from jayden_jazz.shell.widgets import MenuItem

        card = self.current
        if card is None:
            return
        packs = [p for p in read_own_packs(self.app.dirs.cards) if not p.locked]
        if not packs:
            self.stack.push(MessageWindow(self.app, "Copy to my pack", (
                "You have no pack of your own yet. Make one in the Card workshop (title menu), "
                "then copy cards into it from here.")))
            return

        def chose(pid: str | None) -> None:
            pack = next((p for p in packs if p.id == pid), None)
            if pack is not None:
                self.stack.push(self.app.scene("card-copy", pack=pack, card=card))

        self.stack.push(ChoiceWindow(self.app, "Copy to my pack", [MenuItem(p.name, p.id) for p in packs]
                                     + [MenuItem("Cancel", None)],
                                     text=f"Copy \"{card.name}\" into which of your packs? The copy opens "
                                          "in the editor; its picture comes along.",
                                     on_choose=chose))

    def handle(self, action: Action) -> None:
        k = action.kind
        self.search.refusal = ""                # said until the next key
        if k == Kind.BACK:
            if self.search.value:
                self.search.set("")
                self._refilter(self.current)
            else:
                self.close()
            return
        if k == Kind.KEY and action.key in ("f2", "f3", "f4", "f5", "f6", "f7"):
            self._press({"f2": "pack", "f3": "ability", "f4": "sort", "f5": "problems", "f6": "copy",
                         "f7": "element"}[action.key])
            return
        if k == Kind.KEY and action.key in ("backspace", "delete"):
            self.search.handle(action)
            self._refilter(self.current)
            return
        ch = typed_char(action)
        if ch and (k in (Kind.KEY, Kind.ALT, *HOTKEYS) or (ch == " " and self.search.value)):
            self.search.cursor = len(self.search.value)
            self.search.handle(action)
            if self.search.refusal:
                self.app.sound.play("illegal")
                return
            self._refilter(self.current)
            return
        if k == Kind.MOVE:
            if action.dx and action.dy:        # Home/End, PgUp/PgDn
                if action.dx < 0:
                    self._move(-len(self.shown) if action.dy < 0 else len(self.shown))
                else:
                    self._move(action.dy * ROWS)
            elif action.dy:
                self._move(action.dy)
            elif action.dx and self._view is not None:
                self._view.scroll(action.dx * 3)
            return
        if k == Kind.SCROLL:
            if action.pos is not None and action.pos[0] >= VIEW_X and self._view is not None:
                self._view.scroll(action.dy * 3)
            else:
                self._move(action.dy * 3)
            return
        if k in (Kind.POINT, Kind.ACTION, Kind.ALT) and action.pos is not None:
            self._mouse(action)
            return
        if k in (Kind.ACTION, Kind.ALT):
            self.open_card()

    def _mouse(self, action: Action) -> None:
        if action.pos is None:
            return
        x, y = action.pos
        if action.kind == Kind.ACTION:
            for rect, what in self._button_rects():
                if rect.collidepoint(x, y):
                    self._press(what)
                    return
            if x >= VIEW_X:
                self.open_card()
                return
        if LIST_X <= x < LIST_X + LIST_W and LIST_Y <= y < LIST_Y + ROWS * ROW_H:
            i = self.top + (y - LIST_Y) // ROW_H
            if i < len(self.shown):
                same = i == self.index
                self.index = i
                if not same:
                    self._update_view()
                if action.kind == Kind.ALT or (action.kind == Kind.ACTION and same):
                    self.open_card()
        elif action.kind == Kind.ALT:
            self.open_card()

    # drawing -----------------------------------------------------------------
    def key_lines(self) -> list[tuple[str, int]]:
        """The two lines under the list: the keys, or why the last key typed was refused."""
        if self.search.refusal:
            return [(line, P.YELLOW) for line in wrap(self.search.refusal, LIST_W // 8)[:2]]
        return [("\u2191\u2193 choose  Enter: full view  Esc: back", P.LIGHT_GRAY),
                ("\u2190\u2192 scroll the card text", P.LIGHT_GRAY)]

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        surface.fill(P.BLUE, (0, 0, VIEW_X - 2, 350))
        font.draw(surface, "Gallery", LIST_X, 4, P.YELLOW)
        font.draw(surface, f"{len(self.shown)}/{len(self.all_cards)} cards", LIST_X + 64, 4, P.LIGHT_CYAN)
        # search box
        font.draw(surface, "Search:", LIST_X, 21, P.WHITE)
        box = pygame.Rect(LIST_X + 60, 20, self.SEARCH_W, 16)
        self.search.draw(surface, font, box, True)
        if not self.search.value:
            font.draw(surface, "name or alias", box.x + 6, box.y + 1, P.DARK_GRAY)
        for rect, what in self._button_rects():
            label = next(self._button_text(k, lab, w) for k, lab, w in self.BUTTONS if w == what)
            bad = what == "problems" and self.lib.problems
            surface.fill(P.RED if bad else P.CYAN, rect)
            font.draw(surface, label, rect.x + 4, rect.y + 1, P.WHITE if bad else P.BLACK)
        # list
        bad_files = problem_packs(self.lib)
        bad_ids = {pid for pid, info in self.lib.catalog.packs.items() if str(info.file) in bad_files}
        font.draw(surface, f"{'Name':<20} Sides Pts  Pack", LIST_X + 4, LIST_Y - 14, P.LIGHT_GRAY)
        c: Card | None                       # a listed card, then the highlighted one
        for row in range(ROWS):
            i = self.top + row
            if i >= len(self.shown):
                break
            c = self.shown[i]
            y = LIST_Y + row * ROW_H
            sel = i == self.index
            if sel:
                surface.fill(P.CYAN, (LIST_X, y, LIST_W, ROW_H))
            fg = P.BLACK if sel else P.WHITE
            name = c.name if len(c.name) <= 20 else c.name[:19] + "~"
            font.draw(surface, f"{name:<20} {sides_text(c.sides)}  {c.budget:>2}", LIST_X + 4, y, fg)
            pack = c.pack if len(c.pack) <= 14 else c.pack[:13] + "~"
            font.draw(surface, pack, LIST_X + 4 + 31 * 8, y,
                      (P.RED if sel else P.LIGHT_RED) if c.pack in bad_ids else (P.BLUE if sel else P.LIGHT_GRAY))
        if not self.shown:
            font.draw(surface, "No card matches.", LIST_X + 4, LIST_Y + 4, P.YELLOW)
            font.draw(surface, "Esc clears the search.", LIST_X + 4, LIST_Y + 20, P.LIGHT_GRAY)
        if len(self.shown) > ROWS:
            bar = pygame.Rect(LIST_X + LIST_W - 4, LIST_Y, 4, ROWS * ROW_H)
            surface.fill(P.DARK_GRAY, bar)
            h = max(6, bar.h * ROWS // len(self.shown))
            ty = bar.y + (bar.h - h) * self.top // max(1, len(self.shown) - ROWS)
            surface.fill(P.LIGHT_GRAY, (bar.x, ty, bar.w, h))
        # footer: where the highlighted card comes from, then the keys
        c = self.current
        if c is not None:
            origin = pack_origin(self.lib, c.pack, self.app)
            font.draw(surface, c.id[:46], LIST_X, 290, P.LIGHT_CYAN)
            font.draw(surface, f"{self.lib.pack_name(c.pack)[:34]} ({origin})", LIST_X, 304, P.LIGHT_CYAN)
        for i, (line, colour) in enumerate(self.key_lines()):
            font.draw(surface, line, LIST_X, 322 + i * 14, colour)
        if self._view is not None:
            self._view.draw(surface, VIEW_X, 0)
