"""One of an opponent's rule sets, in a window over the opponent editor.

Preset, field, the variants and the classic rules, each a row that turns
with Left/Right or Enter. The rules' own refusals (Same Wall needs Same,
say) show under the rows as they are set, in the words of
:meth:`.Rules.problems`; the editor's validator refuses the opponent too,
so a set that cannot be played is never saved.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from jayden_jazz.cards.opponents import RuleSet
from jayden_jazz.cards.rules import CLASSIC, PRESETS, VARIANTS
from jayden_jazz.scenes.workshop.form import ButtonRow, ChoiceRow, Form, Row
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

RECT = pygame.Rect(60, 8, 520, 334)
YES_NO = [("no", False), ("yes", True)]


def rule_title(name: str) -> str:
    return name.replace("_", " ").title()


class RuleSetWindow(Scene):
    opaque = False

    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, title: str, rule_set: RuleSet, fields: list[str],
                 on_change: Callable[[RuleSet | None], None]) -> None:
        super().__init__(app)
        self.title = title
        self.rs = rule_set
        self.fields = fields if rule_set.field in fields else [rule_set.field, *fields]
        self.on_change = on_change
        self.form = Form(pygame.Rect(RECT.x + 8, RECT.y + 18, RECT.w - 16, 17 * 15), label_w=150)
        self._rebuild()

    def _set(self, rs: RuleSet) -> None:
        self.rs = rs
        self.on_change(rs)
        self._rebuild()

    def _is_on(self, name: str) -> bool:
        return name in self.rs.variants + self.rs.classic

    def _flag(self, name: str, on: bool) -> None:
        if name in VARIANTS:
            names = set(self.rs.variants) - {name} | ({name} if on else set())
            self._set(replace(self.rs, variants=tuple(v for v in VARIANTS if v in names)))
        else:
            names = set(self.rs.classic) - {name} | ({name} if on else set())
            self._set(replace(self.rs, classic=tuple(c for c in CLASSIC if c in names)))

    def remove(self) -> None:
        self.close()
        self.on_change(None)

    def _rebuild(self) -> None:
        rows: list[Row] = [
            ChoiceRow("Preset", "preset", options=[(p.capitalize(), p) for p in PRESETS],
                      get=lambda: self.rs.preset, set=lambda v: self._set(replace(self.rs, preset=v))),
            ChoiceRow("Field", "field", options=[(f, f) for f in self.fields],
                      get=lambda: self.rs.field, set=lambda v: self._set(replace(self.rs, field=v)))]
        for name in VARIANTS + CLASSIC:
            rows.append(ChoiceRow(rule_title(name), name, options=YES_NO, get=partial(self._is_on, name),
                                  set=partial(self._flag, name)))
        rows.append(ButtonRow("", "remove", text="Remove this rule set", on_press=self.remove,
                              colour=P.LIGHT_RED))
        rows.append(ButtonRow("", "done", text="Done (Esc)", on_press=self.close))
        self.form.set_rows(rows)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        else:
            self.form.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, RECT, self.title)
        self.form.draw(surface, font)
        y = self.form.rect.bottom + 4
        problems = self.rs.rules().problems()
        lines = [(s, P.LIGHT_RED) for p in problems for s in wrap(f"\u00d7 {p}", (inner.w - 8) // 8)]
        if not lines:
            lines = [(f"\u2713 {self.rs.label}", P.LIGHT_GREEN)]
        for i, (s, colour) in enumerate(lines[:3]):
            font.draw(surface, s, inner.x + 4, y + i * 14, colour)


__all__ = ["RuleSetWindow"]
