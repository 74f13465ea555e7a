"""Decks: named hands of owned cards, built with the hand picker, kept in the profile.

A deck whose card was lost in a trade is marked incomplete (with the
missing cards) and cannot be chosen for a game until it is edited; the
hand picker's Decks button offers the complete decks of the hand's
size. Every change is written to the profile at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

import pygame

from jayden_jazz.cards import get_field
from jayden_jazz.journey.collection import Deck, deck_problem
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cards.config import MatchConfig
from jayden_jazz.scenes.journey.lists import Row, RowList
from jayden_jazz.scenes.journey.run import Session, decks_window, owned_ids
from jayden_jazz.scenes.journey.lasthand import ProfileHands
from jayden_jazz.scenes.journey.texts import NameWindow
from jayden_jazz.scenes.journey.words import card_name
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.shell.appview import AppView

FRAME = pygame.Rect(8, 8, 624, 334)
LIST = pygame.Rect(FRAME.x + 10, FRAME.y + 36, 280, 252)
SIDE_X = LIST.right + 16
MAX_DECKS = 100


def deck_sizes(session: Session) -> list[tuple[int, str, str]]:
    """(cards, field, preset) of every hand size the loaded opponents play, smallest first."""
    found: dict[int, tuple[str, str]] = {}
    for o in session.catalog.opponents.values():
        for rs in o.rule_sets:
            n = rs.rules().hand_size(get_field(rs.field).playable_count, 2)
            found.setdefault(n, (rs.field, rs.preset))
    found.setdefault(5, ("3x3", "updated"))
    return [(n, f, p) for n, (f, p) in sorted(found.items())]


class DecksScene(Scene):
    def __init__(self, app: AppView, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.list = RowList([], LIST)
        self.refresh()

    @property
    def decks(self) -> list[Deck]:
        return self.session.profile.decks

    def refresh(self, keep: Any = None) -> None:
        keep = keep if keep is not None else (self.list.current.value if self.list.current else None)
        rows = []
        for d in self.decks:
            problem = deck_problem(d, self.session.profile.collection)
            rows.append(Row(f"{d.name} ({len(d.cards)})" + ("  incomplete" if problem else ""), d.name,
                            colour=P.LIGHT_RED if problem else P.WHITE))
        rows += [Row("", None, enabled=False), Row("New deck", "new"), Row("Back", "back")]
        self.list.set_rows(rows, keep)

    def resume(self) -> None:
        self.refresh()

    # ------------------------------------------------------------------ commands
    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
            return
        row = self.list.handle(action)
        if row is None:
            return
        if row.value == "back":
            self.close()
        elif row.value == "new":
            self.ask_size()
        else:
            name = row.value
            items = [MenuItem("Edit cards", "edit"), MenuItem("Rename", "rename"), MenuItem("Copy", "copy"),
                     MenuItem("Delete", "delete"), MenuItem("Back", "back")]
            self.stack.push(ChoiceWindow(self.app, name, items, width=260,
                                         on_choose=lambda v: self.deck_command(name, v)))

    def ask_size(self) -> None:
        if len(self.decks) >= MAX_DECKS:
            self.stack.push(MessageWindow(self.app, "Decks", f"A profile keeps at most {MAX_DECKS} decks."))
            return
        have = len(owned_ids(self.session))     # a deck holds different cards: more than owned cannot be built
        items = [MenuItem(f"{n} cards ({field}, {preset.capitalize()})"
                          + ("" if n <= have else f": you own {have} different cards"), (n, field, preset),
                          enabled=n <= have)
                 for n, field, preset in deck_sizes(self.session)]
        self.stack.push(ChoiceWindow(self.app, "New deck: how many cards?", items, width=440,
                                     on_choose=lambda v: self.build(self.free_name("Deck"), v, [])))

    def free_name(self, base: str) -> str:
        names = {d.name for d in self.decks}
        if base.endswith(" copy") and base not in names:
            return base
        n = len(self.decks) + 1
        while f"{base} {n}"[:20] in names:
            n += 1
        return f"{base} {n}"[:20]

    def deck_command(self, name: str, command: str) -> None:
        deck = next((d for d in self.decks if d.name == name), None)
        if deck is None:
            return
        if command == "edit":
            size = next(((n, f, p) for n, f, p in deck_sizes(self.session) if n == len(deck.cards)),
                        (len(deck.cards), "3x3", "updated"))
            self.build(name, size, [c for c in deck.cards if self.session.profile.collection.owned(c)])
        elif command == "rename":
            self.stack.push(NameWindow(self.app, "Rename the deck", name, lambda new: self.rename(name, new)))
        elif command == "copy":
            self.keep([*self.decks, Deck(self.free_name(name[:14] + " copy"), deck.cards)])
        elif command == "delete":
            self.stack.push(ChoiceWindow(self.app, "Delete?", [MenuItem("No", False), MenuItem("Yes", True)],
                                         text=f"Delete the deck {name}? Its cards stay in the collection.",
                                         width=380, on_choose=lambda yes: self.keep(
                                             [d for d in self.decks if d.name != name]) if yes else None))

    def rename(self, old: str, new: str) -> None:
        if new != old and any(d.name == new for d in self.decks):
            self.stack.push(MessageWindow(self.app, "Rename", f"A deck is called {new} already."))
            return
        self.keep([Deck(new, d.cards) if d.name == old else d for d in self.decks], keep=new)

    def build(self, name: str, size: tuple[int, str, str], cards: list[str]) -> None:
        """The hand picker on owned cards; Done keeps the deck under ``name``."""
        n, field, preset = size
        cfg = MatchConfig(players=2, field=field, preset=preset, open=True)     # one person: no pass screen

        def chosen(picker: HandChoiceScene, hands: tuple[tuple[str, ...], ...]) -> None:
            picker.close()
            decks = [d for d in self.decks if d.name != name]
            at = next((i for i, d in enumerate(self.decks) if d.name == name), len(decks))
            decks.insert(at, Deck(name, tuple(hands[0])))
            self.keep(decks, keep=name)

        scene = self.app.scene("cards-hands", config=cfg, library=self.session.library,
                               pool=owned_ids(self.session), choosing=1, on_chosen=chosen,
                               on_saved=lambda p: decks_window(p, self.session),
                               own_hands=ProfileHands(self.session, for_game=False),
                               title=f"{name}: choose {n} cards")
        picker = cast("HandChoiceScene", scene)      # the registry hands back a Scene; "cards-hands" is this class
        self.stack.push(picker)
        if cards:
            picker.load(cards, f"deck {name}")

    def keep(self, decks: list[Deck], keep: Any = None) -> None:
        try:
            self.session.write(replace(self.session.profile, decks=decks))
        except (SaveError, OSError) as e:
            self.stack.push(MessageWindow(self.app, "Decks not written", str(e)))
        self.refresh(keep)

    def redraw_in(self) -> None:
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, FRAME, f"Decks - {self.session.profile.name}")
        font.draw(surface, f"{len(self.decks)} deck{'s' if len(self.decks) != 1 else ''}; "
                           "a deck with a card you no longer own is incomplete", inner.x + 4, inner.y + 2,
                  P.LIGHT_CYAN)
        self.list.draw(surface, font)
        row = self.list.current
        deck = next((d for d in self.decks if row is not None and d.name == row.value), None)
        y = LIST.y
        cols = (FRAME.right - 16 - SIDE_X) // 8
        if deck is not None:
            problem = deck_problem(deck, self.session.profile.collection,
                                   name_of=lambda c: card_name(self.session.catalog, c))
            font.draw(surface, deck.name, SIDE_X, y, P.YELLOW)
            y += LINE_H
            if problem:
                for part in wrap("Cannot be chosen: " + problem.replace("incomplete: ", ""), cols)[:3]:
                    font.draw(surface, part, SIDE_X, y, P.LIGHT_RED)
                    y += LINE_H
            for cid in deck.cards:
                owned = self.session.profile.collection.owned(cid)
                font.draw(surface, (("  " if owned else "x ") + card_name(self.session.catalog, cid))[:cols],
                          SIDE_X, y, P.WHITE if owned else P.LIGHT_RED)
                y += LINE_H
                if y > FRAME.bottom - 40:
                    break
        elif row is not None and row.value == "new":
            font.draw(surface, "Build a deck from the cards you own.", SIDE_X, y, P.WHITE)
        font.draw(surface, "\u2191\u2193 choose  Enter open  Esc back", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)
