"""Hands the player keeps: the last hand of each seat and hands saved by name (in the settings; in the
Journey, the profile keeps its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.scenes.cards.hands_layout import BUTTONS
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import HOTKEYS, Action, Kind
from jayden_jazz.shell.scene import PlayScene

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.shell.appview import AppView

MAX_SAVED = 20


class SavedHands:
    """The hands a player keeps, for the picker's Last hand and Saved hands buttons."""

    def __init__(self, scene: HandChoiceScene) -> None:
        self.scene = scene

    def _store(self) -> dict:
        data = self.scene.app.settings["cards"]
        return data if isinstance(data, dict) else {}

    def _usable(self, ids: Any) -> list[str]:
        if not isinstance(ids, (list, tuple)):
            return []
        pool = set(self.scene.pool)
        return list(dict.fromkeys(c for c in ids if isinstance(c, str) and c in pool))[:self.scene.size]

    def last_hand(self) -> list[str]:
        last = self._store().get("last_hands")
        return self._usable(last.get(str(self.scene.seat))) if isinstance(last, dict) else []

    def saved_hands(self) -> dict[str, list[str]]:
        saved = self._store().get("saved_hands")
        return {str(k): list(v) for k, v in saved.items() if isinstance(v, list)} if isinstance(saved, dict) else {}

    def _write(self, key: str, value: Any) -> None:
        data = dict(self._store())
        data[key] = value
        self.scene.app.settings["cards"] = data
        self.scene.app.save_settings()

    def load_last(self) -> None:
        """Last hand: this seat's last in the card game; another mode's own (a Journey profile's)."""
        if self.scene.own_hands is None:
            self.load(self.last_hand(), "last hand")
            return
        hand, why = self.scene.own_hands.last()
        if why is not None:
            self.scene.app.sound.play("illegal")
            self.scene.message = why
            return
        self.load(hand, "last hand")

    def keep_last(self) -> None:
        if self.scene.own_hands is not None:
            self.scene.own_hands.keep(list(self.scene.picked))
            return
        last = self._store().get("last_hands")
        last = dict(last) if isinstance(last, dict) else {}
        last[str(self.scene.seat)] = list(self.scene.picked)
        self._write("last_hands", last)

    def load(self, ids: list[str], what: str) -> None:
        why = self.scene.own_hands.missing(ids, what) if self.scene.own_hands is not None else None
        if why is not None:                      # another mode's hand comes whole or not at all
            self.scene.app.sound.play("illegal")
            self.scene.message = why
            return
        usable = self._usable(ids)
        if not usable:
            self.scene.app.sound.play("illegal")
            self.scene.message = f"No card of the {what} is on offer now"
            return
        self.scene.picked = usable
        missing = len(ids) - len(usable)
        self.scene.message = (f"{what[:1].upper() + what[1:]} loaded" + (f"; {missing} of its cards are not on offer" if missing else "")
                        + (f"; pick {self.scene.still} more" if self.scene.still else ""))
        self.scene.app.sound.play("select")
        if not self.scene.still:
            self.scene.focus, self.scene.button = "buttons", BUTTONS.index("Done")

    def save_hand(self, name: str) -> None:
        saved = self.saved_hands()
        saved[name] = list(self.scene.picked)
        if len(saved) > MAX_SAVED:
            saved.pop(next(iter(saved)))
        self._write("saved_hands", saved)
        self.scene.message = f"Saved as \"{name}\""

    def open_saved(self) -> None:
        if self.scene.on_saved is not None:
            self.scene.on_saved(self.scene)
            return
        from jayden_jazz.scenes.windows import ChoiceWindow
        from jayden_jazz.shell.widgets import MenuItem

        saved = self.saved_hands()
        items = [MenuItem(f"Load {name} ({len(ids)} cards)"[:40], ("load", name)) for name, ids in saved.items()]
        if self.scene.picked:
            items.insert(0, MenuItem("Save this hand as a new one", ("save", None)))
        items.append(MenuItem("Back", ("back", None)))
        self.scene.stack.push(ChoiceWindow(self.scene.app, "Saved hands", items, width=380, on_choose=self._saved_choice,
                                     text="" if saved else "No hand saved yet."))

    def _saved_choice(self, value: Any) -> None:
        kind, name = value
        if kind == "load":
            self.load(self.saved_hands().get(name, []), f"hand {name}")
        elif kind == "save":
            n = len(self.saved_hands()) + 1
            while f"Hand {n}" in self.saved_hands():
                n += 1
            self.scene.stack.push(NameWindow(self.scene.app, f"Hand {n}", self.save_hand))


class NameWindow(PlayScene):
    """Type a name (letters, digits, -); Enter keeps it, Esc gives up. Starts with a suggestion."""

    opaque = False

    def __init__(self, app: AppView, suggestion: str, on_done: Any) -> None:
        super().__init__(app)
        self.text = suggestion
        self.fresh = True                 # the first key typed replaces the suggestion
        self.on_done = on_done
        self.rect = pygame.Rect(170, 140, 300, 70)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.kind == Kind.ACTION and action.pos is None:
            name = self.text.strip()
            if name:
                self.close()
                self.on_done(name)
        elif (action.kind in (Kind.KEY, Kind.ALT) or action.kind in HOTKEYS) and action.pos is None:
            key = action.text if action.kind == Kind.ALT else action.key
            if key == "backspace":
                self.text = "" if self.fresh else self.text[:-1]
            elif len(key) == 1 and (key.isalnum() or key in "-'."):
                self.text = (key if self.fresh else self.text + key)[:20]
            else:
                return
            self.fresh = False

    def draw(self, surface: pygame.Surface) -> None:
        from jayden_jazz.shell.widgets import draw_window

        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Name of the hand")
        font.draw(surface, self.text + "_", inner.x + 4, inner.y + 4, P.YELLOW)
        font.draw(surface, "Enter keep  Esc cancel", inner.x + 4, inner.y + 24, P.LIGHT_GRAY)


__all__ = ["MAX_SAVED", "NameWindow", "SavedHands"]
