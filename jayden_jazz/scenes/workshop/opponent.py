"""The opponent editor: every field of one Journey opponent of a player's pack.

The opponent being edited is an immutable :class:`Opponent`; each change
makes a new one and asks the validator again (:mod:`.oppcheck`), so the
messages are those ``cards validate`` would print for the saved file. An
opponent with an error is not saved: the editor says why. The pool, the
rewards' cards and the opponents required come from every loaded pack,
picked by name in a :class:`.PickWindow`; each rule set opens in a
:class:`.RuleSetWindow`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from jayden_jazz.cards.catalog import Problem
from jayden_jazz.cards.opponents import LEVELS, MAX_TIER, TRADES, Opponent, RuleSet
from jayden_jazz.cards.validate_journey import MAX_ROULETTE
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.form import ButtonRow, ChoiceRow, Form, Row, TextRow, id_field
from jayden_jazz.scenes.workshop.oppcheck import opponent_problems
from jayden_jazz.scenes.workshop.ownpacks import OwnPack, PackChanged, free_id, read_own_pack, save_opponent
from jayden_jazz.scenes.workshop.pickwindow import Pickable, PickWindow
from jayden_jazz.scenes.workshop.ruleset import RuleSetWindow
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cardkit.library import Library
    from jayden_jazz.shell.appview import AppView

FORM_RECT = pygame.Rect(4, 20, 632, 14 * 15)
MSG_Y = 234
MSG_ROWS = 6
CHANCES = (0, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90, 100)
TRADE_WORDS = {"one": "one: the winner takes one card", "diff": "diff: one card per point won by",
               "direct": "direct: each keeps the cards it captured", "all": "all: the winner takes them all"}
HINTS = {"id": "The opponent's id in the pack: a-z, 0-9, _ and -.",
         "name": "Type the name; the id follows it until you change the id.",
         "description": "One or two sentences the player reads before the game.",
         "picture": "Enter: import a picture (PNG, JPEG, GIF or BMP) or remove it; shown in the lists.",
         "tier": "1 is met first, 9 last; the list is in tier order.",
         "level": "How well the computer plays for this opponent.",
         "trade": "What changes hands after the game.",
         "pool": "Enter: pick the cards the opponent's hands are dealt from.",
         "addrules": "Enter adds a rule set; with two or more one is drawn per game (Roulette).",
         "addreward": "Enter picks a card given after a win; chances add up to at most 100.",
         "requires": "Enter: the opponents to beat before this one is met.",
         "save": "Enter saves the opponent into the pack (F2 too)."}
KEYS_HELP = (("F2", "Save"), ("Esc", "Close"))


def blank_opponent(pack_id: str, key: str) -> Opponent:
    return Opponent(f"{pack_id}/{key}", "", "", 1, "easy", (), (RuleSet(),), "one")


def field_row(field: str | None) -> str:
    """The editor row a validator field belongs to (``rules[2].classic`` -> ``rules2``)."""
    head = (field or "").split(".", 1)[0]
    if "[" in head:
        name, _, n = head.partition("[")
        return {"rewards": "reward", "rules": "rules", "pool": "pool", "requires": "requires"}.get(name, name) + \
            (n.rstrip("]") if name in ("rewards", "rules") else "")
    return {"rules": "rules1", "rewards": "addreward"}.get(head, head)


class OpponentEditorScene(Scene):
    def redraw_in(self) -> int | None:
        """Nothing here moves on its own: it changes only with input, so the game may idle."""
        return None

    def __init__(self, app: AppView, pack: OwnPack, opponent: Opponent | None = None, *,
                 original_id: str | None = None, library: Library | None = None,
                 on_saved: Callable[[OwnPack], None] | None = None) -> None:
        super().__init__(app)
        if library is None:
            from jayden_jazz.scenes.cardkit.library import load_library

            library = load_library(app)
        self.library = library
        self.pack = pack
        assert pack.info is not None
        if opponent is None:
            opponent = blank_opponent(pack.id, free_id("new_opponent", {o.id.partition("/")[2]
                                                                          for o in pack.info.opponents}))
        self.opp = opponent
        self.original_id = original_id
        self.saved = opponent if original_id is not None else None
        self.on_saved = on_saved
        self.id_follows_name = original_id is None
        self.status = ""
        self.fields = {"id": id_field(opponent.id.partition("/")[2], 40),
                       "name": TextField(opponent.name, 40, what="An opponent's name"),
                       "description": TextField(opponent.description, 400, what="A description")}
        self.form = Form(FORM_RECT, label_w=104)
        self.problems: list[Problem] = []
        self._after_change()
        self.form.focus("name")

    # model -------------------------------------------------------------------------
    @property
    def key(self) -> str:
        return self.opp.id.partition("/")[2]

    @property
    def dirty(self) -> bool:
        return self.opp != self.saved

    def change(self, fn: Callable[[Opponent], Opponent]) -> None:
        self.opp = fn(self.opp)
        self.status = ""
        self._after_change()

    def _after_change(self) -> None:
        self.problems = opponent_problems(self.opp, self.pack, self.library.catalog, self.library.fields,
                                          self.original_id)
        self._rebuild()

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    def _text_changed(self, key: str, value: str) -> None:
        v = value.strip()
        if key == "id":
            self.id_follows_name = False
            self.change(lambda o: replace(o, id=f"{self.pack.id}/{v}"))
        elif key == "name" and self.id_follows_name:
            assert self.pack.info is not None
            taken = {o.id.partition("/")[2] for o in self.pack.info.opponents if o.id != self.original_id}
            new_id = free_id(v or "new_opponent", taken)
            self.fields["id"].set(new_id)
            self.fields["id"].cursor = len(new_id)
            self.change(lambda o: replace(o, name=v, id=f"{self.pack.id}/{new_id}"))
        else:
            text: dict[str, Any] = {key: v}
            self.change(lambda o: replace(o, **text))

    def card_name(self, card_id: str) -> str:
        card = self.library.catalog.cards.get(card_id) or next(
            (c for c in self.pack.cards if c.id == card_id), None)
        return card.name if card is not None else card_id

    # sub-windows -------------------------------------------------------------------
    def card_items(self) -> list[Pickable]:
        cards = {c.id: c for c in self.library.catalog.cards.values()}
        cards.update({c.id: c for c in self.pack.cards})
        return [Pickable(cid, f"{c.name}  ({cid})", c) for cid, c in cards.items()]

    def pick_pool(self) -> None:
        self.stack.push(PickWindow(self.app, "Pool: the cards this opponent plays", self.card_items(),
                                   lambda ids: self.change(lambda o: replace(o, pool=tuple(ids))),
                                   multi=True, chosen=self.opp.pool))

    def pick_reward(self) -> None:
        def add(ids: list[str]) -> None:
            have = [c for c, _ in self.opp.rewards]
            if ids and ids[0] not in have:
                self.change(lambda o: replace(o, rewards=o.rewards + ((ids[0], 10),)))
                self.form.focus(f"reward{len(self.opp.rewards)}")
        self.stack.push(PickWindow(self.app, "A reward: the card given after a win", self.card_items(), add))

    def chance_of(self, i: int) -> int:
        return self.opp.rewards[i][1] if i < len(self.opp.rewards) else 0

    def set_chance(self, i: int, n: int) -> None:
        rewards = list(self.opp.rewards)
        if n == 0:
            rewards.pop(i)
        else:
            rewards[i] = (rewards[i][0], n)
        self.change(lambda o: replace(o, rewards=tuple(rewards)))

    def pick_requires(self) -> None:
        assert self.pack.info is not None
        found = {o.id: o for o in self.library.catalog.opponents.values()}
        found.update({o.id: o for o in self.pack.info.opponents})
        items = [Pickable(oid, f"{o.name}  ({oid}, tier {o.tier})") for oid, o in found.items()
                 if oid not in (self.opp.id, self.original_id)]
        self.stack.push(PickWindow(self.app, "Requires: opponents beaten first", items,
                                   lambda ids: self.change(lambda o: replace(o, requires=tuple(ids))),
                                   multi=True, chosen=self.opp.requires))

    def edit_rules(self, i: int) -> None:
        if i >= len(self.opp.rule_sets):
            if len(self.opp.rule_sets) >= MAX_ROULETTE:
                self.status = f"An opponent has at most {MAX_ROULETTE} rule sets."
                return
            self.set_rules(i, RuleSet())

        fields = sorted(self.library.fields) or ["3x3"]
        self.stack.push(RuleSetWindow(self.app, f"Rule set {i + 1} of {self.opp.name or 'the opponent'}",
                                      self.opp.rule_sets[i], fields, partial(self.set_rules, i)))

    def set_rules(self, i: int, rs: RuleSet | None) -> None:
        sets = list(self.opp.rule_sets)
        if rs is None:
            if i < len(sets):
                sets.pop(i)
        elif i < len(sets):
            sets[i] = rs
        else:
            sets.append(rs)
        self.change(lambda o: replace(o, rule_sets=tuple(sets)))

    def pick_picture(self) -> None:
        """Import a picture file (the card editor's file picker and checks) or remove the one set."""
        from jayden_jazz.scenes.workshop.importpic import FilePicker

        def chose(v: str) -> None:
            if v == "import":
                self.stack.push(FilePicker(self.app, self._imported))
            elif v == "remove":
                self.change(lambda o: replace(o, picture=None))
                self.status = "Picture removed (its file stays in the pack's pictures folder)."

        self.stack.push(ChoiceWindow(self.app, "Picture", [
            MenuItem("Import a picture file...", "import"),
            MenuItem("Remove the picture", "remove", enabled=self.opp.picture is not None),
            MenuItem("Cancel", "cancel")],
            text="Pictures are fitted into 64x64 pixels and the 16 EGA colours.", on_choose=chose))

    def _imported(self, path: Path) -> None:
        from jayden_jazz.scenes.workshop.importpic import PictureError, import_picture

        try:
            dest = import_picture(path, self.pack.folder, self.key or "opponent")
        except (PictureError, OSError) as e:
            self.app.sound.play("illegal")
            self.stack.push(MessageWindow(self.app, "Picture not imported", str(e), fill=P.RED))
            return
        self.change(lambda o: replace(o, picture=dest))
        self.status = f"Picture imported as pictures/{dest.name}."

    # saving ------------------------------------------------------------------------
    def save(self, then: Callable[[], None] | None = None) -> bool:
        """Write the opponent into the pack; False when it was not written (a window says why)."""
        if self.errors:
            lines = [f"\u2022 {p.field or 'opponent'}: {p.message}" for p in self.errors[:4]]
            more = len(self.errors) - 4
            text = ("The opponent is not saved, because:\n" + "\n".join(lines)
                    + (f"\n...and {more} more." if more > 0 else ""))
            self.stack.push(MessageWindow(self.app, "Not saved", text, fill=P.RED, width=520))
            self.app.sound.play("illegal")
            return False
        try:
            self.pack = save_opponent(self.pack, self.opp, self.original_id)
        except PackChanged:
            self.pack = read_own_pack(self.pack.file)
            self.stack.push(MessageWindow(self.app, "Not saved", (
                "The pack file changed on disk since the Workshop read it, so nothing was written. The "
                "pack is read again; this opponent's edits are kept: save again to write them."), width=520))
            self._after_change()
            return False
        except (OSError, ValueError) as e:
            self.stack.push(MessageWindow(self.app, "Not saved", f"The pack could not be written: {e}", fill=P.RED))
            return False
        self.original_id = self.opp.id
        self.saved = self.opp
        self.status = f"Saved in {self.pack.file.name}."
        self.app.sound.play("select")
        if self.on_saved:
            self.on_saved(self.pack)
        if then:
            then()
        return True

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
            MenuItem("No, keep editing", "keep"), MenuItem("Save and close", "save"),
            MenuItem("Close without saving", "discard")],
            text="This opponent has changes that are not saved. Close anyway?", on_choose=chose))

    # rows --------------------------------------------------------------------------
    def _rebuild(self) -> None:
        o = self.opp
        rows: list[Row] = [TextRow({"id": "Id", "name": "Name", "description": "Description"}[k], k,
                                   field=self.fields[k], on_change=partial(self._text_changed, k))
                           for k in ("id", "name", "description")]
        pic = f"pictures/{o.picture.name}" if o.picture is not None else "none: Enter imports one"
        rows.append(ButtonRow("Picture", "picture", text=pic, on_press=self.pick_picture, colour=P.WHITE))
        rows.append(ChoiceRow("Tier", "tier", options=[(str(n), n) for n in range(1, MAX_TIER + 1)],
                              get=lambda: self.opp.tier, set=lambda v: self.change(lambda o: replace(o, tier=v))))
        rows.append(ChoiceRow("Level", "level", options=[(lv, lv) for lv in LEVELS],
                              get=lambda: self.opp.level, set=lambda v: self.change(lambda o: replace(o, level=v))))
        rows.append(ChoiceRow("Trade", "trade", options=[(TRADE_WORDS[t], t) for t in TRADES],
                              get=lambda: self.opp.trade, set=lambda v: self.change(lambda o: replace(o, trade=v))))
        names = ", ".join(self.card_name(c) for c in o.pool)
        rows.append(ButtonRow("Pool", "pool", text=f"{len(o.pool)} cards: {names}" if o.pool else "none yet: Enter",
                              on_press=self.pick_pool, colour=P.WHITE))
        for i, rs in enumerate(o.rule_sets):
            rows.append(ButtonRow(f"Rules {i + 1}", f"rules{i + 1}", text=rs.label,
                                  on_press=partial(self.edit_rules, i), colour=P.WHITE))
        if len(o.rule_sets) < MAX_ROULETTE:
            rows.append(ButtonRow(f"Rules {len(o.rule_sets) + 1}", "addrules", text="+ add a rule set (Roulette)",
                                  on_press=partial(self.edit_rules, len(o.rule_sets))))
        for i, (card, chance) in enumerate(o.rewards):
            label = self.card_name(card)
            rows.append(ChoiceRow(f"Reward {i + 1}", f"reward{i + 1}",
                                  options=[(f"{label}: {n}%" if n else f"{label}: remove", n) for n in sorted({*CHANCES, chance})],
                                  get=partial(self.chance_of, i), set=partial(self.set_chance, i)))
        rows.append(ButtonRow(f"Reward {len(o.rewards) + 1}", "addreward", text="+ add a reward",
                              on_press=self.pick_reward))
        req = ", ".join(r.partition("/")[2] for r in o.requires) or "none: met from the start"
        rows.append(ButtonRow("Requires", "requires", text=req, on_press=self.pick_requires, colour=P.WHITE))
        rows.append(ButtonRow("", "save", text="Save opponent (F2)", on_press=self.save))
        self.form.set_rows(rows)

    # input -------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.ask_close()
            return
        if (k == Kind.KEY and action.key == "f2") or action.text == "\x13":
            self.save()
            return
        if k == Kind.ACTION and action.pos is not None and action.pos[1] >= 322:
            for rect, what in self._key_rects():
                if rect.collidepoint(action.pos):
                    self.save() if what == "F2" else self.ask_close()
                    return
        self.form.handle(action)
        if self.form.refusal():
            self.status = self.form.refusal()         # the status line says why the key did nothing
            self.app.sound.play("illegal")

    def _key_rects(self) -> list[tuple[pygame.Rect, str]]:
        out, x = [], 4
        for key, label in KEYS_HELP:
            w = self.app.font.width(f"{key} {label}") + 8
            out.append((pygame.Rect(x, 324, w, 16), key))
            x += w + 4
        return out

    # drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLUE)
        font.draw(surface, f"Opponent workshop \u00b7 {self.pack.name}"[:60], 4, 3, P.YELLOW)
        if self.dirty:
            font.draw(surface, "changed", 636 - font.width("changed"), 3, P.LIGHT_MAGENTA)
        self.form.draw(surface, font, {field_row(p.field) for p in self.errors})
        for i, (s, colour) in enumerate(self.message_lines()[:MSG_ROWS]):
            font.draw(surface, s, 6, MSG_Y + i * 14, colour)
        for rect, key in self._key_rects():
            surface.fill(P.CYAN, rect)
            font.draw(surface, f"{key} {dict(KEYS_HELP)[key]}", rect.x + 4, rect.y + 1, P.BLACK)

    def message_lines(self) -> list[tuple[str, int]]:
        """The focused row's help, the status, then the validator's problems (errors in red)."""
        cols = 624 // 8
        row = self.form.current
        key = row.key if row is not None else ""
        hint = HINTS.get(key) or ("Enter opens this rule set." if key.startswith("rules") else
                                  "\u2190\u2192 the chance in per cent; 'remove' takes it away."
                                  if key.startswith("reward") else "")
        lines = [(s, P.LIGHT_GRAY) for s in wrap(hint, cols)]
        if self.status:
            lines += [(s, P.LIGHT_CYAN) for s in wrap(self.status, cols)]
        if not self.problems:
            lines.append(("\u2713 The validator finds no problem.", P.LIGHT_GREEN))
        for p in self.problems:
            colour, mark = (P.LIGHT_RED, "\u00d7") if p.is_error else (P.YELLOW, "!")
            for j, s in enumerate(wrap(f"{mark} {p.field or 'opponent'}: {p.message}", cols)):
                lines.append(("  " + s if j else s, colour))
        return lines


__all__ = ["OpponentEditorScene", "blank_opponent"]
