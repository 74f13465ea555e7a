"""The hand picker's grid: which cards it shows, in which order, found by typing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.cards import Card
from jayden_jazz.scenes.cards.hands_layout import BUTTONS, COLS, FIND_RECT, ROWS, SORTS
from jayden_jazz.shell.font import GLYPH_W

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene

MAX_SEARCH = 24
SEARCH_FULL = f"A search is at most {MAX_SEARCH} letters (Backspace makes room)"


class PickerSearch:
    """The picker's grid: which cards it shows, in which order, found by typing; where its cursor is."""

    def __init__(self, scene: HandChoiceScene) -> None:
        self.scene = scene

    def refresh(self, *, searched: bool = False) -> None:
        """The grid: the pool narrowed by pack and search, in the chosen order. The cursor keeps
        its card, except when the search text changed (``searched``): then it goes to the best
        match, the card a player who typed its name means."""
        keep = self.scene.shown[self.scene.index] if 0 <= self.scene.index < len(self.scene.shown) else None
        cat = self.scene.catalog
        ids = [c for c in self.scene.pool if self.scene.pack_filter is None or c.split("/")[0] == self.scene.pack_filter]
        words = self.scene.search.lower().split()
        if words:
            ids = [c for c in ids if search_rank(cat[c], words) is not None]
        if self.scene.sort == "name":
            ids.sort(key=lambda c: (cat[c].name.lower(), c))
        elif self.scene.sort == "points":
            ids.sort(key=lambda c: (-sum(cat[c].sides), cat[c].name.lower()))
        self.scene.shown = ids
        if searched and words and ids:
            best = min(range(len(ids)), key=lambda i: (search_rank(cat[ids[i]], words), i))
            keep = ids[best]
        self.scene.index = ids.index(keep) if keep in ids else 0
        self.scene.top_row = 0
        self.scroll_to_cursor()

    def cycle_sort(self) -> None:
        self.scene.sort = SORTS[(SORTS.index(self.scene.sort) + 1) % len(SORTS)]
        self.scene.app.sound.play("menu")
        self.refresh()

    def packs_in_pool(self) -> list[str]:
        return list(dict.fromkeys(c.split("/")[0] for c in self.scene.pool))

    def cycle_pack(self) -> None:
        options: list[str | None] = [None, *self.packs_in_pool()]
        self.scene.pack_filter = options[(options.index(self.scene.pack_filter) + 1) % len(options)] \
            if self.scene.pack_filter in options else None
        self.scene.app.sound.play("menu")
        self.refresh()

    def type_key(self, key: str) -> bool:
        """Letters, digits and (after a word) spaces search the names; Backspace takes one back.
        A letter past the longest search changes nothing and the message line says why."""
        if self.scene.message == SEARCH_FULL:
            self.scene.message = ""                    # said until the next key typed
        if key == "backspace":
            if self.scene.search:
                self.scene.search = self.scene.search[:-1]
                self.refresh(searched=True)
            return True
        if key == "space":
            key = " "
        if len(key) == 1 and (key.isalnum() or key in "-'. "):
            if key == " " and (not self.scene.search or self.scene.search.endswith(" ")):
                return True
            if len(self.scene.search) < MAX_SEARCH:
                self.scene.search += key.lower()
                self.scene.focus = "grid"
                self.refresh(searched=True)
            else:
                self.scene.message = SEARCH_FULL
                self.scene.app.sound.play("illegal")
            return True
        return False

    def find_text(self) -> str:
        """The search as the toolbar shows it, inside FIND_RECT: the whole, or "..." and its end
        (where the typing is) when the whole does not fit."""
        room = FIND_RECT.w // GLYPH_W - len("Find: _")
        search = self.scene.search
        shown = search if len(search) <= room else "\u2026" + search[len(search) - room + 1:]
        return f"Find: {shown}_"

    def help_line(self) -> str:
        """What the keys do now, for the line above the hand: typing finds, and how to deal at random."""
        if self.scene.search:
            return "Enter picks, Esc clears"
        label = self.scene.app.input.keymap.label("random")
        if len(label) == 1 and label.isalnum():
            return "Type to find; Ctrl+R random"
        return f"Type to find; {label} random"

    def scroll_to_cursor(self) -> None:
        row = self.scene.index // COLS
        if row < self.scene.top_row:
            self.scene.top_row = row
        elif row >= self.scene.top_row + ROWS:
            self.scene.top_row = row - ROWS + 1

    def move(self, dx: int, dy: int) -> None:
        n = len(self.scene.shown)
        if self.scene.focus == "buttons":
            if dy:
                b = self.scene.button + dy
                if b < 0:
                    self.scene.focus = "grid"
                    self.scene.index = min(n - 1, (n - 1) // COLS * COLS + self.scene.index % COLS) if n else 0
                else:
                    self.scene.button = min(b, len(BUTTONS) - 1)
            elif dx < 0:
                self.scene.focus = "grid"
            self.scroll_to_cursor()
            return
        if not n:
            self.scene.focus = "buttons"
            return
        i = self.scene.index
        if dx:
            i = min(max(0, i + dx), n - 1)
        if dy:
            j = i + dy * COLS
            if j >= n:
                if i // COLS < (n - 1) // COLS:
                    j = n - 1                      # last, shorter row
                else:
                    self.scene.focus = "buttons"
                    self.scene.button = 0
                    return
            i = max(0, j) if j >= 0 else i
        self.scene.index = i
        self.scroll_to_cursor()


def search_rank(card: Card, words: list[str]) -> int | None:
    """How well a card's name or one of its aliases matches the words typed; None: not at all.

    0 the whole text typed is the name (or alias), 1 the name starts with it, 2 every word
    starts a word of the name, 3 every word is somewhere in it (in any order).
    """
    whole = " ".join(words)
    best: int | None = None
    for text in (card.name, *card.aliases):
        t = text.lower()
        if not all(w in t for w in words):
            continue
        starts = t.split()
        rank = (0 if t == whole else 1 if t.startswith(whole)
                else 2 if all(any(s.startswith(w) for s in starts) for w in words) else 3)
        best = rank if best is None else min(best, rank)
    return best


__all__ = ["PickerSearch", "search_rank"]
