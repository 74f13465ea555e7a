"""The hand picker's grid: which cards it shows, in which order, found by typing."""

from __future__ import annotations

from jayden_jazz.cards import Card
from jayden_jazz.scenes.cards.hands_base import PickerBase
from jayden_jazz.scenes.cards.hands_layout import SORTS


class PickerSearch(PickerBase):
    def refresh(self, *, searched: bool = False) -> None:
        """The grid: the pool narrowed by pack and search, in the chosen order. The cursor keeps
        its card, except when the search text changed (``searched``): then it goes to the best
        match, the card a player who typed its name means."""
        keep = self.shown[self.index] if 0 <= self.index < len(self.shown) else None
        cat = self.catalog
        ids = [c for c in self.pool if self.pack_filter is None or c.split("/")[0] == self.pack_filter]
        words = self.search.lower().split()
        if words:
            ids = [c for c in ids if search_rank(cat[c], words) is not None]
        if self.sort == "name":
            ids.sort(key=lambda c: (cat[c].name.lower(), c))
        elif self.sort == "points":
            ids.sort(key=lambda c: (-sum(cat[c].sides), cat[c].name.lower()))
        self.shown = ids
        if searched and words and ids:
            best = min(range(len(ids)), key=lambda i: (search_rank(cat[ids[i]], words), i))
            keep = ids[best]
        self.index = ids.index(keep) if keep in ids else 0
        self.top_row = 0
        self._scroll_to_cursor()

    def cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        self.app.sound.play("menu")
        self.refresh()

    def packs_in_pool(self) -> list[str]:
        return list(dict.fromkeys(c.split("/")[0] for c in self.pool))

    def cycle_pack(self) -> None:
        options: list[str | None] = [None, *self.packs_in_pool()]
        self.pack_filter = options[(options.index(self.pack_filter) + 1) % len(options)] \
            if self.pack_filter in options else None
        self.app.sound.play("menu")
        self.refresh()

    def type_key(self, key: str) -> bool:
        """Letters, digits and (after a word) spaces search the names; Backspace takes one back."""
        if key == "backspace":
            if self.search:
                self.search = self.search[:-1]
                self.refresh(searched=True)
            return True
        if key == "space":
            key = " "
        if len(key) == 1 and (key.isalnum() or key in "-'. "):
            if key == " " and (not self.search or self.search.endswith(" ")):
                return True
            if len(self.search) < 24:
                self.search += key.lower()
                self.focus = "grid"
                self.refresh(searched=True)
            return True
        return False

    def find_text(self) -> str:
        """The search as the toolbar shows it (18 columns): its end, where the typing is."""
        shown = self.search if len(self.search) <= 11 else "\u2026" + self.search[-10:]
        return f"Find: {shown}_"

    def help_line(self) -> str:
        """What the keys do now, for the line above the hand: typing finds, and how to deal at random."""
        if self.search:
            return "Enter picks, Esc clears"
        label = self.app.input.keymap.label("random")
        if len(label) == 1 and label.isalnum():
            return "Type to find; Ctrl+R random"
        return f"Type to find; {label} random"


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
