"""What each key and click does in the hand picker: typing searches, arrows move, Enter picks.

The scene holds the seats, the picks and the cursor; this part reads an
action and turns it into one of the scene's own steps (pick, fill at random,
press a button) or a move of the finder's cursor, so every letter can type
into the search without a key doing two things. Reading the action is the
pure :func:`step_for` (testable without a window, like the card table's
``nearest_slot``); :class:`PickerInput` carries the step out on the scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from jayden_jazz.scenes.cards.hands_layout import BUTTONS, COLS, GRID, PACK_RECT, PITCH_X, PITCH_Y, ROWS, SORT_RECT
from jayden_jazz.shell.input import HOTKEYS, Action, Kind

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene

#: What Ctrl+R types (SDL gives the control character): Random hand while typing searches.
CTRL_R = "\x12"


class Step(NamedTuple):
    """One step of the picker, read from an action: ``do`` names it ("clear-search", "cancel",
    "random", "type", "sort", "pack", "page-text", "move", "scroll", "point", "act", "next-text"
    or "none"); ``key`` is what "type" types, ``dx``/``dy`` and ``pos`` come from the action."""

    do: str
    key: str = ""
    dx: int = 0
    dy: int = 0
    pos: tuple[int, int] | None = None


NOTHING = Step("none")


def step_for(action: Action, *, choosing: bool, searching: bool) -> Step:
    """What an action means in the picker, by its kind, the key and the text it typed, whether
    cards are being chosen and whether a search is under way. Pure (no window, no scene), so which
    letter types into the search and which one acts is told apart in one place and tested alone."""
    k = action.kind
    if k == Kind.BACK:
        return Step("clear-search") if searching and choosing else Step("cancel")   # Esc clears the search first
    if not choosing:
        return NOTHING
    typed = action.text or (action.key if len(action.key) == 1 else "")   # scripted keys carry no text
    capital = len(typed) == 1 and typed.isalpha() and typed.isupper()
    if typed == CTRL_R or (k == Kind.RANDOM and not typed.isalnum()):
        return Step("random")                          # Ctrl+R, or a Random key that types nothing
    if k == Kind.RANDOM and action.pos is None:
        return Step("type", typed)                     # R is a letter of a name like any other
    if k == Kind.ALT and action.pos is None and typed.isalnum() and (searching or capital):
        return Step("type", typed)                     # V types once a search is under way (Shift: always)
    if k == Kind.ACTION and action.key == "space" and searching:
        return Step("type", "space")                   # a space between the words of a search
    if k == Kind.KEY or k in HOTKEYS:                  # the hotkeys' letters type into the search
        if action.key == "f2":
            return Step("sort")
        if action.key == "f3":
            return Step("pack")
        return Step("type", action.key)
    if k == Kind.MOVE:
        if action.dx and action.dy and action.dx > 0:  # PgUp / PgDn scroll the card text
            return Step("page-text", dy=action.dy)
        return Step("move", dx=action.dx, dy=action.dy)
    if k == Kind.SCROLL:
        return Step("scroll", dy=action.dy)
    if k == Kind.POINT:
        return Step("point", pos=action.pos) if action.pos is not None else NOTHING
    if k == Kind.ACTION:
        return Step("act", pos=action.pos)
    if k == Kind.ALT:
        return Step("next-text")
    return NOTHING


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
        step = step_for(action, choosing=self.scene.phase == "choose", searching=bool(self.scene.search))
        self.do(step)

    def do(self, step: Step) -> None:
        """Carry out a step on the scene: the pointer's places are found here, on the painted screen."""
        scene, do = self.scene, step.do
        if do == "clear-search":
            scene.search = ""
            scene.refresh()
        elif do == "cancel":
            scene._cancel()
        elif do == "random":
            scene.random_fill()
        elif do == "type":
            scene.finder.type_key(step.key)
        elif do == "sort":
            scene.finder.cycle_sort()
        elif do == "pack":
            scene.finder.cycle_pack()
        elif do == "page-text":
            view = scene.painter.current_view()
            if view is not None:
                view.scroll(step.dy * view.rows)
        elif do == "move":
            scene.finder.move(step.dx, step.dy)
        elif do == "scroll":
            max_top = max(0, (len(scene.shown) - 1) // COLS - ROWS + 1)
            scene.top_row = min(max(0, scene.top_row + step.dy), max_top)
        elif do == "point" and step.pos is not None:
            self._point(step.pos)
        elif do == "act":
            self._act(step.pos)
        elif do == "next-text":
            view = scene.painter.current_view()
            if view is not None:
                view.top = 0 if view.top >= view.max_top else min(view.max_top, view.top + view.rows)

    def _point(self, pos: tuple[int, int]) -> None:
        hit = self._hit(pos)
        slot = self._slot(pos)
        if hit is not None and hit[0] == "grid" and slot == self.hover:
            return                               # a nudge within one tile: the cursor keeps the found card
        self.hover = slot
        if hit is not None and hit[0] in ("grid", "button"):
            self._focus(hit)

    def _focus(self, hit: tuple[str, int]) -> None:
        self.scene.focus = "grid" if hit[0] == "grid" else "buttons"
        if hit[0] == "grid":
            self.scene.index = hit[1]
        else:
            self.scene.button = hit[1]

    def _act(self, pos: tuple[int, int] | None) -> None:
        scene = self.scene
        if pos is not None:
            hit = self._hit(pos)
            if hit is None:
                return
            if hit[0] == "sort":
                scene.finder.cycle_sort()
                return
            if hit[0] == "pack":
                scene.finder.cycle_pack()
                return
            self._focus(hit)
        if scene.focus == "grid":
            if scene.shown:
                scene.toggle(scene.index)
        else:
            scene.press_button(scene.button)

    @staticmethod
    def _slot(pos: tuple[int, int]) -> tuple[int, int] | None:
        """The grid place (column, row on screen) under the pointer, whatever card is there now."""
        if not GRID.collidepoint(pos):
            return None
        return ((pos[0] - GRID.x) // PITCH_X, (pos[1] - GRID.y) // PITCH_Y)
