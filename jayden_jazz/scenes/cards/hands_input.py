"""What each key and click does in the hand picker: typing searches, arrows move, Enter picks.

The scene holds the seats, the picks and the cursor; this part reads an
action and turns it into one of the scene's own steps (pick, fill at random,
press a button) or a move of the finder's cursor, so every letter can type
into the search without a key doing two things.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.scenes.cards.hands_layout import BUTTONS, COLS, GRID, PACK_RECT, PITCH_X, PITCH_Y, ROWS, SORT_RECT
from jayden_jazz.shell.input import HOTKEYS, Action, Kind

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene

#: What Ctrl+R types (SDL gives the control character): Random hand while typing searches.
CTRL_R = "\x12"


class PickerInput:
    def __init__(self, scene: HandChoiceScene) -> None:
        self.scene = scene
        self.hover: tuple[int, int] | None = None     # the screen slot under the pointer

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        for b in range(len(BUTTONS)):
            if self.scene.painter.button_rect(b).collidepoint(pos):
                return ("button", b)
        if SORT_RECT.collidepoint(pos):
            return ("sort", 0)
        if PACK_RECT.collidepoint(pos):
            return ("pack", 0)
        if GRID.collidepoint(pos):
            for i in range(self.scene.top_row * COLS, min(len(self.scene.shown), (self.scene.top_row + ROWS) * COLS)):
                if self.scene.painter.tile_rect(i).collidepoint(pos):
                    return ("grid", i)
        return None

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            if self.scene.search and self.scene.phase == "choose":
                self.scene.search = ""                 # Esc clears the search first
                self.scene.refresh()
                return
            self.scene._cancel()
            return
        if self.scene.phase != "choose":
            return
        typed = action.text or (action.key if len(action.key) == 1 else "")   # scripted keys carry no text
        capital = len(typed) == 1 and typed.isalpha() and typed.isupper()
        if typed == CTRL_R or (k == Kind.RANDOM and not typed.isalnum()):
            self.scene.random_fill()                   # Ctrl+R, or a Random key that types nothing
            return
        if k == Kind.RANDOM and action.pos is None:
            self.scene.finder.type_key(typed)                 # R is a letter of a name like any other
            return
        if k == Kind.ALT and action.pos is None and typed.isalnum() and (self.scene.search or capital):
            self.scene.finder.type_key(typed)                 # V types once a search is under way (Shift: always)
            return
        if k == Kind.ACTION and action.key == "space" and self.scene.search:
            self.scene.finder.type_key("space")               # a space between the words of a search
            return
        if k == Kind.KEY or k in HOTKEYS:          # the hotkeys' letters type into the search
            if action.key == "f2":
                self.scene.finder.cycle_sort()
            elif action.key == "f3":
                self.scene.finder.cycle_pack()
            else:
                self.scene.finder.type_key(action.key)
            return
        if k == Kind.MOVE:
            if action.dx and action.dy and action.dx > 0:       # PgUp / PgDn scroll the card text
                view = self.scene.painter.current_view()
                if view is not None:
                    view.scroll(action.dy * view.rows)
                return
            self.scene.finder.move(action.dx, action.dy)
        elif k == Kind.SCROLL:
            max_top = max(0, (len(self.scene.shown) - 1) // COLS - ROWS + 1)
            self.scene.top_row = min(max(0, self.scene.top_row + action.dy), max_top)
        elif k == Kind.POINT and action.pos is not None:
            hit = self._hit(action.pos)
            slot = self._slot(action.pos)
            if hit is not None and hit[0] == "grid" and slot == self.hover:
                return                           # a nudge within one tile: the cursor keeps the found card
            self.hover = slot
            if hit is not None and hit[0] in ("grid", "button"):
                self.scene.focus = "grid" if hit[0] == "grid" else "buttons"
                if hit[0] == "grid":
                    self.scene.index = hit[1]
                else:
                    self.scene.button = hit[1]
        elif k == Kind.ACTION:
            if action.pos is not None:
                hit = self._hit(action.pos)
                if hit is None:
                    return
                if hit[0] == "sort":
                    self.scene.finder.cycle_sort()
                    return
                if hit[0] == "pack":
                    self.scene.finder.cycle_pack()
                    return
                self.scene.focus = "grid" if hit[0] == "grid" else "buttons"
                if hit[0] == "grid":
                    self.scene.index = hit[1]
                else:
                    self.scene.button = hit[1]
            if self.scene.focus == "grid":
                if self.scene.shown:
                    self.scene.toggle(self.scene.index)
            else:
                self.scene.press_button(self.scene.button)
        elif k == Kind.ALT:
            view = self.scene.painter.current_view()
            if view is not None:
                view.top = 0 if view.top >= view.max_top else min(view.max_top, view.top + view.rows)

    @staticmethod
    def _slot(pos: tuple[int, int]) -> tuple[int, int] | None:
        """The grid place (column, row on screen) under the pointer, whatever card is there now."""
        if not GRID.collidepoint(pos):
            return None
        return ((pos[0] - GRID.x) // PITCH_X, (pos[1] - GRID.y) // PITCH_Y)
