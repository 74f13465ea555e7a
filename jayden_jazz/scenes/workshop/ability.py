"""Building one ability from the effect catalogue: effect, target, amount, sides,
count, conditions, filters, cost and text.

Only what the chosen effect uses is offered (the table in docs/card-packs.md
lives in :mod:`jayden_jazz.cards.language`), so every ability built here is
well-formed. The cost follows the documented suggested cost and the text
follows the game's own wording until the player changes them; the card
preview beside the window updates as the ability changes.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.cards import Ability, Filter
from jayden_jazz.cards.card import SIDE_NAMES, month_text, parse_month
from jayden_jazz.cards.language import EFFECTS, describe, suggested_cost
from jayden_jazz.scenes.workshop.form import ButtonRow, ChoiceRow, Form, Row, TextRow
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.workshop.editor import CardEditorScene
    from jayden_jazz.shell.appview import AppView

EFFECT_LABELS = {"modify": "change side values", "gain_control": "gain control",
                 "swap": "swap with the field", "reset": "reset the game", "win": "win the game"}
TARGET_LABELS = {"self": "this card", "own": "all your cards", "opponents": "opponents' cards",
                 "all": "every field card", "neighbours": "cards next to it",
                 "choose_field": "a field card you choose", "choose_swap": "hand card + field card",
                 "game": "the game"}
SIDE_SETS: list[tuple[int, ...]] = [(0, 1, 2, 3)] + [c for n in (1, 2, 3) for c in combinations(range(4), n)]
WINDOW = pygame.Rect(2, 2, 384, 346)


def side_set_label(sides: tuple[int, ...]) -> str:
    return "all four" if len(sides) == 4 else " + ".join(SIDE_NAMES[s] for s in sides)


def default_ability(effect: str) -> Ability:
    spec = EFFECTS[effect]
    ab = Ability(timing=spec.timing, effect=effect, target=spec.targets[0], cost=1, text="",
                 amount=1 if effect == "modify" else 0)
    ab = replace(ab, cost=max(spec.min_cost, suggested_cost(ab)))
    return replace(ab, text=describe(ab))


def reshape(old: Ability, new: Ability) -> Ability:
    """``new`` with cost and text following the suggestion and wording where ``old`` followed them."""
    spec = EFFECTS[new.effect]
    if old.cost == max(EFFECTS[old.effect].min_cost, suggested_cost(old)):
        new = replace(new, cost=max(spec.min_cost, suggested_cost(new)))
    if not old.text or old.text == describe(old):
        new = replace(new, text=describe(new))
    return new


def with_effect(old: Ability, effect: str) -> Ability:
    spec = EFFECTS[effect]
    target = old.target if old.target in spec.targets else spec.targets[0]
    new = Ability(timing=spec.timing, effect=effect, target=target, cost=max(old.cost, spec.min_cost),
                  text=old.text, name=old.name,
                  amount=(old.amount or 1) if effect == "modify" else 0,
                  sides=old.sides if effect == "modify" else (0, 1, 2, 3),
                  count=old.count if effect == "gain_control" else 1,
                  condition=old.condition, filter=old.filter if spec.takes_filter else Filter())
    return reshape(old, new)


def month_problem(text: str) -> str | None:
    """Why ``text`` is not a month "Only before" can use, in plain words; None when it is one."""
    import re

    t = text.strip()
    if not t:
        return None
    m = re.fullmatch(r"(\d{4})-(\d{1,2})", t)
    if m is None:
        return f"write the year and month as YYYY-MM, e.g. 2005-01 (now {t!r})"
    year, month = int(m.group(1)), int(m.group(2))
    if not 1 <= month <= 12:
        return f"{t} has no month {month}: months are 01 to 12"
    if not 1900 <= year <= 2100:
        return f"the year {year} is out of range (1900-2100)"
    return None


def _numbers(lo: int, hi: int, off: bool = True, skip: tuple[int, ...] = ()) -> list[tuple[str, Any]]:
    return ([("off", None)] if off else []) + [(str(n), n) for n in range(lo, hi + 1) if n not in skip]


_YES_NO = [("off", None), ("yes", True), ("no", False)]
CONDITION_ROWS = (
    ("captured_at_least", "captured >=", _numbers(1, 9)),
    ("controlling_at_most", "you hold <=", _numbers(0, 24)),
    ("behind", "you are behind", _YES_NO),
    ("roasting_within_years", "roasted, years", _numbers(0, 30)),
    ("empty_cells_at_most", "empty cells <=", _numbers(0, 48)),
)
FILTER_ROWS = (
    ("roasting_within_years", "roasted, yrs", _numbers(0, 30)),
    ("total_at_most", "total <=", _numbers(4, 40)),
    ("adjacent", "next to it", _YES_NO),
)
HINTS = {
    "name": "An optional name shown with the ability.",
    "effect": "What the ability does. Turn effects last until the end of your next turn.",
    "target": "Which cards the effect touches; group targets are decided at every comparison.",
    "amount": "Added to the side values (clamped to 1..A).",
    "sides": "Which sides the amount changes.",
    "count": "How many field cards you take (all of them when fewer are there).",
    "if.captured_at_least": "Offered only when this placement captured at least this many cards.",
    "if.controlling_at_most": "Offered only when you hold at most this many field cards.",
    "if.behind": "yes: only when someone holds more field cards than you; no: only when nobody does.",
    "if.roasting_within_years": "Only when this card started roasting within this many years of the game's date.",
    "if.empty_cells_at_most": "Only when at most this many playable cells are still empty.",
    "only.roasting_within_years": "Only cards that started roasting within this many years.",
    "only.total_at_most": "Only cards whose printed sides add up to at most this.",
    "only.adjacent": "yes: only cards next to the played card; no: only cards not next to it.",
    "only.roasting_before": "Only cards that started roasting before this month (YYYY-MM).",
    "cost": "Points of the card's 24. Below the suggested cost the validator warns.",
    "text": "What the card says. It follows the game's wording until you change it.",
    "done": "Back to the card (Esc too). Every change is already on the card.",
    "remove": "Takes this ability off the card (F3 in the editor undoes it).",
}


class AbilityEditor(Scene):
    """A window over the editor's form; the editor's preview stays in view."""

    opaque = False

    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, editor: "CardEditorScene", index: int) -> None:
        super().__init__(app)
        self.editor = editor
        self.index = index
        self.form = Form(pygame.Rect(WINDOW.x + 10, WINDOW.y + 16, WINDOW.w - 20, 15 * 17), label_w=148)
        ab = self.ability
        self.name_field = TextField(ab.name or "", max_len=40, what="An ability's name")
        self.text_field = TextField(ab.text, max_len=200, what="An ability's text")
        before = ab.filter.roasting_before
        typed = editor.before_texts.get(index)
        self.before_field = TextField(typed if typed is not None else (month_text(before) if before else ""),
                                      max_len=7, what="A month (YYYY-MM)")
        self._rebuild()

    @property
    def ability(self) -> Ability:
        return self.editor.card.abilities[self.index]

    def set(self, ab: Ability, key: str) -> None:
        self.editor.set_ability(self.index, ab, f"ability{self.index + 1}.{key}")
        if key != "text" and self.text_field.value != self.ability.text:
            self.text_field.set(self.ability.text)
            self.text_field.cursor = len(self.ability.text)
        self._rebuild()

    # the rows ------------------------------------------------------------------------
    def _rebuild(self) -> None:
        ab = self.ability
        spec = EFFECTS[ab.effect]
        rows: list[Row] = [
            TextRow("Name (optional)", "name", field=self.name_field, placeholder="an inside joke?",
                    on_change=lambda v: self.set(replace(self.ability, name=v.strip() or None), "name")),
            ChoiceRow("Effect", "effect", options=[(EFFECT_LABELS[e], e) for e in EFFECTS],
                      get=lambda: self.ability.effect,
                      set=lambda e: self.set(with_effect(self.ability, e), "effect")),
        ]
        if len(spec.targets) > 1:
            rows.append(ChoiceRow("Target", "target", options=[(TARGET_LABELS[t], t) for t in spec.targets],
                                  get=lambda: self.ability.target,
                                  set=lambda t: self._reshape(target=t, key="target")))
        if ab.effect == "modify":
            rows.append(ChoiceRow("Amount", "amount", options=[(f"{n:+d}", n) for n in range(-9, 10) if n],
                                  get=lambda: self.ability.amount,
                                  set=lambda n: self._reshape(amount=n, key="amount")))
            rows.append(ChoiceRow("Sides", "sides", options=[(side_set_label(s), s) for s in SIDE_SETS],
                                  get=lambda: self.ability.sides,
                                  set=lambda s: self._reshape(sides=s, key="sides")))
        if ab.effect == "gain_control":
            rows.append(ChoiceRow("Cards", "count", options=_numbers(1, 3, off=False),
                                  get=lambda: self.ability.count,
                                  set=lambda n: self._reshape(count=n, key="count")))
        for key, label, options in CONDITION_ROWS:
            rows.append(ChoiceRow("If " + label, "if." + key, options=options,
                                  get=partial(lambda key: getattr(self.ability.condition, key), key),
                                  set=partial(self._condition, key)))
        if spec.takes_filter:
            for key, label, options in FILTER_ROWS:
                rows.append(ChoiceRow("Only " + label, "only." + key, options=options,
                                      get=partial(lambda key: getattr(self.ability.filter, key), key),
                                      set=partial(self._filter, key)))
            rows.append(TextRow("Only before", "only.roasting_before", field=self.before_field,
                                placeholder="YYYY-MM, or empty", on_change=self._before))
        low = max(1, spec.min_cost)
        rows.append(ChoiceRow("Cost", "cost", options=_numbers(low, 24, off=False),
                              get=lambda: self.ability.cost,
                              set=lambda n: self.set(replace(self.ability, cost=n), "cost")))
        rows.append(TextRow("Text", "text", field=self.text_field,
                            on_change=lambda v: self.set(replace(self.ability, text=v.strip()), "text")))
        rows.append(ButtonRow("", "done", text="Done", on_press=self.close))
        rows.append(ButtonRow("", "remove", text="Remove this ability", on_press=self.remove, colour=P.LIGHT_RED))
        self.form.set_rows(rows)

    def _reshape(self, key: str, **changes: Any) -> None:
        old = self.ability
        self.set(reshape(old, replace(old, **changes)), key)

    def _condition(self, key: str, value: Any) -> None:
        old = self.ability
        self.set(reshape(old, replace(old, condition=replace(old.condition, **{key: value}))), "if." + key)

    def _filter(self, key: str, value: Any) -> None:
        old = self.ability
        self.set(reshape(old, replace(old, filter=replace(old.filter, **{key: value}))), "only." + key)

    def _before(self, text: str) -> None:
        """The filter follows the field: a month that reads is used; anything else is not used (the
        card text then says nothing of it) and is an error the editor names, so the card cannot be
        saved with a date the player believes is in it."""
        t = text.strip()
        if t and month_problem(t) is None:
            self.editor.before_texts.pop(self.index, None)
            self._filter("roasting_before", parse_month(t))
        else:
            if t:
                self.editor.before_texts[self.index] = t
            else:
                self.editor.before_texts.pop(self.index, None)
            self._filter("roasting_before", None)

    def remove(self) -> None:
        self.editor.set_ability(self.index, None, f"remove{self.index}")
        self.close()

    # input and drawing -----------------------------------------------------------------
    def inner(self) -> pygame.Rect:
        """The window's inside, as ``draw_window`` leaves it for a titled frame."""
        r = WINDOW.inflate(-12, -12)
        return pygame.Rect(r.x, r.y + 6, r.w, r.h - 6)

    def cost_line(self) -> tuple[tuple[str, int], tuple[str, int]]:
        """The line under the rows: the suggested cost at the left, the card's budget at the right
        ((text, x) each), short enough that the two never meet."""
        ab = self.ability
        inner = self.inner()
        sugg = max(EFFECTS[ab.effect].min_cost, suggested_cost(ab))
        note = f"Suggested cost {sugg}" + (" (used)" if ab.cost == sugg else f", this costs {ab.cost}")
        budget = f"Budget {self.editor.card.budget}/24"
        return (note, inner.x + 4), (budget, inner.right - 4 - self.app.font.width(budget))

    def hint(self) -> tuple[str, bool]:
        """The help under the cost line, and whether it is a warning: why the last key typed was
        refused, why "Only before" is not used while its text does not read as a month, or the
        focused row's help."""
        if self.form.refusal():
            return self.form.refusal(), True
        row = self.form.current
        hint = HINTS.get(row.key, "") if row is not None else ""
        problem = month_problem(self.before_field.value)
        if problem is not None:
            return f"\"Only before\" is not used: {problem}.", True
        return hint, False

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
            return
        if k == Kind.KEY and (action.key in ("f2", "f3") or action.text in ("\x13", "\x1a")):
            if action.key == "f3" or action.text == "\x1a":
                self.editor.undo()
                if self.index >= len(self.editor.card.abilities):
                    self.close()
                    return
                self.name_field.set(self.ability.name or "")
                self.text_field.set(self.ability.text)
                self._rebuild()
            else:
                self.editor.save()
            return
        if k in (Kind.ACTION, Kind.ALT) and action.pos is not None and not WINDOW.collidepoint(action.pos):
            return
        used = self.form.handle(action)
        if self.form.refusal():
            self.app.sound.play("illegal")
        if used and k == Kind.MOVE and action.dy:
            self.editor.last_key = None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        ab = self.ability
        inner = draw_window(surface, font, WINDOW, f"Ability {self.index + 1}: {ab.timing}")
        self.form.draw(surface, font, {"cost"} if ab.cost < suggested_cost(ab) else set())
        y = self.form.rect.y + self.form.visible_rows * 15 + 2
        sugg = max(EFFECTS[ab.effect].min_cost, suggested_cost(ab))
        (note, nx), (budget_text, bx) = self.cost_line()
        font.draw(surface, note, nx, y, P.LIGHT_GREEN if ab.cost >= sugg else P.YELLOW)
        font.draw(surface, budget_text, bx, y, P.LIGHT_RED if self.editor.card.budget > 24 else P.WHITE)
        hint, warn = self.hint()
        for i, line in enumerate(wrap(hint, (inner.w - 8) // 8)[:2]):
            font.draw(surface, line, inner.x + 4, y + 15 + i * 14, P.LIGHT_RED if warn else P.LIGHT_CYAN)
        font.draw(surface, "\u2191\u2193 rows  \u2190\u2192 change  F3 undo  Esc done", inner.x + 4,
                  inner.bottom - 14, P.LIGHT_GRAY)
