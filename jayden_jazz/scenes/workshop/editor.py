"""The card editor: every field of one card, the budget, the validator's word, a live preview.

The card being edited is an immutable :class:`Card`; every change makes a
new one, so undo is a list of earlier cards. After each change the card
is written as YAML (exactly as it will be saved) and checked by the pack
validator, so the messages shown are the ones ``cards validate`` prints.
A card with an error (over budget, say) cannot be saved; the editor says
which and why.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

import pygame

from jayden_jazz.cards import Ability, Card
from jayden_jazz.cards.card import ELEMENTS, month_text, parse_month
from jayden_jazz.cards.catalog import Problem
from jayden_jazz.cards.deal import game_month
from jayden_jazz.cards.language import MAX_ABILITIES
from jayden_jazz.scenes.cardkit.cardview import CardView
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.editor_check import card_problems_in_editor
from jayden_jazz.scenes.workshop.editor_panel import (  # noqa: F401 (the layout, read by tests and tools)
    FORM_RECT, KEYS_HELP, MSG_ROWS, MSG_Y, PANEL_W, ROW_HINTS, VIEW_X, EditorPanel, row_of)
from jayden_jazz.scenes.workshop.form import ButtonRow, ChoiceRow, Form, Row, SidesRow, TextRow, id_field
from jayden_jazz.scenes.workshop.ownpacks import OwnPack, PackChanged, read_own_pack, save_card
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

TEXT_KEYS = ("id", "name", "aliases", "started_roasting", "likes", "dislikes", "description")
LABELS = {"id": "Id", "name": "Name", "aliases": "Aliases", "started_roasting": "Started",
          "likes": "Likes", "dislikes": "Dislikes", "description": "Description"}
HINTS = {"aliases": "other names, with commas", "started_roasting": "YYYY-MM", "id": "a-z 0-9 _ -",
         "name": "the card's primary name", "likes": "what the character likes",
         "dislikes": "what the character dislikes", "description": "1-4 sentences, third person"}


def blank_card(pack_id: str, key: str) -> Card:
    return Card(id=f"{pack_id}/{key}", name="", sides=(5, 5, 5, 5), started_roasting=game_month(None))


def ability_summary(i: int, ab: Ability) -> str:
    head = f"{ab.name}: " if ab.name else ""
    return f"{head}{ab.effect.replace('_', ' ')} ({ab.cost})"


class CardEditorScene(Scene):
    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, pack: OwnPack, card: Card | None = None, *, original_key: str | None = None,
                 on_saved: Callable[[OwnPack], None] | None = None) -> None:
        super().__init__(app)
        self.pack = pack
        if card is None:
            from jayden_jazz.scenes.workshop.ownpacks import free_id

            card = blank_card(pack.id, free_id("new_card", {c.key for c in pack.cards}))
        self.card = replace(card, id=f"{pack.id}/{card.key}")
        self.original_key = original_key
        self.saved = self.card if original_key is not None else None
        self.on_saved = on_saved
        self.id_follows_name = original_key is None
        self.history: list[tuple[Card, dict[str, str]]] = []
        self.last_key: str | None = None
        self.status = ""
        self.fields = {k: id_field("", 120) if k == "id" else
                       TextField(max_len=400 if k == "description" else 120, what=f"The {LABELS[k]} line")
                       for k in TEXT_KEYS}
        self.before_texts: dict[int, str] = {}
        """An ability's "Only before" as typed while it is not a month (by ability index): an error."""
        self._load_texts(self._texts_of(self.card))
        self._prev_text = self.texts()
        self.form = Form(FORM_RECT, label_w=96)
        self.problems: list[Problem] = []
        self.view = CardView(app.font, self.card)
        self.panel = EditorPanel(self)
        self._rebuild()
        self.form.focus("name")          # where a player starts typing
        self._revalidate()

    # text <-> card -------------------------------------------------------------
    @staticmethod
    def _texts_of(card: Card) -> dict[str, str]:
        return {"id": card.key, "name": card.name, "aliases": ", ".join(card.aliases),
                "started_roasting": month_text(card.started_roasting), "likes": card.likes,
                "dislikes": card.dislikes, "description": card.description}

    def _load_texts(self, texts: dict[str, str]) -> None:
        for k, v in texts.items():
            self.fields[k].value = v
            self.fields[k].cursor = len(v)

    def texts(self) -> dict[str, str]:
        return {k: f.value for k, f in self.fields.items()}

    def _text_changed(self, key: str, value: str) -> None:
        v = value.strip()
        if key == "id":
            self.id_follows_name = False
            self.change(key, lambda c: replace(c, id=f"{self.pack.id}/{v}"))
        elif key == "name" and self.id_follows_name:
            from jayden_jazz.scenes.workshop.ownpacks import free_id

            taken = {c.key for c in self.pack.cards if c.key != self.original_key}
            new_id = free_id(v or "new_card", taken)
            self.fields["id"].set(new_id)
            self.fields["id"].cursor = len(new_id)
            self.change(key, lambda c: replace(c, name=v, id=f"{self.pack.id}/{new_id}"))
        elif key == "aliases":
            names = tuple(a.strip() for a in value.split(",") if a.strip())
            self.change(key, lambda c: replace(c, aliases=names))
        elif key == "started_roasting":
            try:
                month = parse_month(v)
            except ValueError:
                self.change(key, lambda c: c)
                return
            self.change(key, lambda c: replace(c, started_roasting=month))
        else:
            text: dict[str, Any] = {key: v}         # one of the text fields, by its name
            self.change(key, lambda c: replace(c, **text))

    # changes and undo ------------------------------------------------------------
    def change(self, key: str, fn: Callable[[Card], Card]) -> None:
        """Apply one edit; consecutive edits of the same row are one undo step."""
        if key != self.last_key:
            self.history.append((self.card, dict(self._prev_text)))
            self.last_key = key
        self.card = fn(self.card)
        self.status = ""
        self._after_change()

    def undo(self) -> None:
        if not self.history:
            self.status = "Nothing to undo."
            return
        self.card, texts = self.history.pop()
        self._load_texts(texts)
        self.last_key = None
        self.status = "Undone."
        self._after_change()

    def _after_change(self) -> None:
        self._prev_text = self.texts()
        self._rebuild()
        self._revalidate()
        self.view = CardView(self.app.font, self.card)
        # a refused date keeps the card's last good month: the preview shows none rather than that one
        self.view.month_unknown = any(p.field == "started_roasting" for p in self.errors)

    @property
    def dirty(self) -> bool:
        return self.card != self.saved

    # abilities -------------------------------------------------------------------
    def set_ability(self, i: int, ab: Ability | None, key: str) -> None:
        """Replace ability ``i`` (or add it at the end; None removes it)."""
        def fn(c: Card) -> Card:
            abl = list(c.abilities)
            if ab is None:
                if i < len(abl):
                    abl.pop(i)
                    self.before_texts = {j - (j > i): t for j, t in self.before_texts.items() if j != i}
            elif i < len(abl):
                abl[i] = ab
            else:
                abl.append(ab)
            return replace(c, abilities=tuple(abl))
        self.change(key, fn)

    def edit_ability(self, i: int) -> None:
        from jayden_jazz.scenes.workshop.ability import AbilityEditor, default_ability

        if i >= len(self.card.abilities):
            if len(self.card.abilities) >= MAX_ABILITIES:
                self.status = f"A card has at most {MAX_ABILITIES} abilities."
                return
            self.set_ability(i, default_ability("modify"), f"add{i}")
        self.stack.push(AbilityEditor(self.app, self, i))

    # validation ------------------------------------------------------------------
    def _revalidate(self) -> None:
        self.problems = card_problems_in_editor(self.card, self.pack, self.original_key,
                                                self.fields["started_roasting"].value, self.before_texts)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    # saving ----------------------------------------------------------------------
    def save(self, then: Callable[[], None] | None = None, *, overwrite: bool = False) -> bool:
        """Write the card into the pack; False when it was not written (a window says why)."""
        if self.errors:
            lines = [f"\u2022 {p.field or 'card'}: {p.message}" for p in self.errors[:4]]
            more = len(self.errors) - 4
            text = "The card is not saved, because:\n" + "\n".join(lines) + (f"\n...and {more} more." if more > 0 else "")
            self.stack.push(MessageWindow(self.app, "Not saved", text, fill=P.RED, width=520))
            self.app.sound.play("illegal")
            return False
        try:
            self.pack = save_card(self.pack, self.card, self.original_key, overwrite=overwrite)
        except PackChanged:
            self.ask_changed(then)
            return False
        except (OSError, ValueError) as e:
            self.stack.push(MessageWindow(self.app, "Not saved", f"The pack could not be written: {e}", fill=P.RED))
            return False
        self.original_key = self.card.key
        self.saved = self.card
        self.status = f"Saved in {self.pack.file.name}."
        self.app.sound.play("select")
        if self.on_saved:
            self.on_saved(self.pack)
        if then:
            then()
        return True

    def ask_changed(self, then: Callable[[], None] | None) -> None:
        """The pack file was edited elsewhere: keep that edit (the default), reload, or overwrite."""
        def chose(v: str) -> None:
            if v == "overwrite":
                self.save(then, overwrite=True)
            elif v == "reload":
                self.reload_pack()

        name = self.pack.file.name
        self.stack.push(ChoiceWindow(self.app, "Pack changed", [
            MenuItem("No, do not overwrite", "no"), MenuItem("Reload the pack", "reload"),
            MenuItem("Overwrite it", "overwrite")],
            text=(f"The pack file {name} changed on disk since you opened it. Overwrite? "
                  f"(The changed file is kept as a .bak.) Reload reads it again and keeps "
                  "this card's edits, unsaved."),
            on_choose=chose, width=520))

    def reload_pack(self) -> None:
        """The pack read again from its file; the card being edited stays as it is, unsaved."""
        self.pack = read_own_pack(self.pack.file)
        if self.original_key is not None and self.pack.card(self.original_key) is None:
            self.original_key = None          # removed by the edit: saving adds it again
            self.saved = None
        self.status = f"Reloaded {self.pack.file.name}."
        self._revalidate()

    def ask_close(self) -> None:
        if not self.dirty:
            self.close()
            return

        def chose(v: str) -> None:
            if v == "save":
                self.save(then=self.close)
            elif v == "discard":
                self.close()

        self.stack.push(ChoiceWindow(self.app, "Unsaved changes", [
            MenuItem("Keep editing", "keep"), MenuItem("Save and close", "save"),
            MenuItem("Close without saving", "discard")],
            text="This card has changes that are not saved.", on_choose=chose))

    def picture_menu(self) -> None:
        self.stack.push(self.app.scene("card-picture", editor=self))

    # rows ------------------------------------------------------------------------
    def _rebuild(self) -> None:
        rows: list[Row] = []
        for k in TEXT_KEYS:
            rows.append(TextRow(LABELS[k], k, field=self.fields[k], placeholder=HINTS.get(k, ""),
                                on_change=partial(self._text_changed, k)))
        rows.append(SidesRow("Sides", "sides", get=lambda: self.card.sides, set=self._set_side,
                             sub=getattr(self, "_sides_sub", 0), note=self._refused,
                             last=getattr(self, "_sides_last", "")))
        self._sides_last = ""             # carried into this one rebuild only
        rows.append(ChoiceRow("Element", "element", options=[("none", None)] + [(e, e) for e in ELEMENTS],
                              get=lambda: self.card.element,
                              set=lambda v: self.change("element", lambda c: replace(c, element=v))))
        pic = self.card.picture.name if self.card.picture else "none (F4 adds one)"
        rows.append(ButtonRow("Picture", "picture", text=pic, on_press=self.picture_menu, colour=P.WHITE))
        for i, ab in enumerate(self.card.abilities):
            rows.append(ButtonRow(f"Ability {i + 1}", f"ability{i + 1}", text=ability_summary(i, ab),
                                  on_press=partial(self.edit_ability, i), colour=P.WHITE))
        if len(self.card.abilities) < MAX_ABILITIES:
            n = len(self.card.abilities)
            rows.append(ButtonRow(f"Ability {n + 1}", "add", text="+ add an ability",
                                  on_press=partial(self.edit_ability, n)))
        rows.append(ButtonRow("", "save", text="Save card (F2)", on_press=self.save))
        self.form.set_rows(rows)

    def _refused(self, text: str) -> None:
        """A key that changed nothing (a 0 on a side, a full or refused text row): the status says why."""
        self.status = text
        self.app.sound.play("illegal")

    def _set_side(self, i: int, v: int) -> None:
        row = self.form.current
        if isinstance(row, SidesRow):
            self._sides_sub = row.sub
            self._sides_last = row.last
        sides = list(self.card.sides)
        sides[i] = v
        self.change("sides", lambda c: replace(c, sides=(sides[0], sides[1], sides[2], sides[3])))

    # input -----------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.ask_close()
            return
        if k == Kind.KEY and action.key in ("f2", "f3", "f4") or (k == Kind.KEY and action.text in ("\x13", "\x1a")):
            key = {"\x13": "f2", "\x1a": "f3"}.get(action.text, action.key)
            keyed: dict[str, Callable[[], object]] = {"f2": self.save, "f3": self.undo, "f4": self.picture_menu}
            keyed[key]()
            return
        if k == Kind.ACTION and action.pos is not None and action.pos[1] >= 322:
            for rect, what in self.panel.key_rects():
                if rect.collidepoint(action.pos):
                    shown: dict[str, Callable[[], object]] = {"F2": self.save, "F3": self.undo,
                                                              "F4": self.picture_menu, "Esc": self.ask_close}
                    shown[what]()
                    return
        if k == Kind.SCROLL and action.pos is not None and action.pos[0] >= VIEW_X:
            self.view.scroll(action.dy * 3)
            return
        if k == Kind.ALT and not action.text:
            self.view.scroll(3 if self.view.top < self.view.max_top else -self.view.top)
            return
        if self.form.handle(action):
            if self.form.refusal():
                self._refused(self.form.refusal())      # said in the status line, with the refusal sound
            if k == Kind.MOVE and action.dy:
                self.last_key = None
            return
        if k == Kind.ALT:
            self.view.scroll(3 if self.view.top < self.view.max_top else -self.view.top)

    # drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)
