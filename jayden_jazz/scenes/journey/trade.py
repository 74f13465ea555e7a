"""After a Journey game: the trade as steps a player can follow, then the profile written.

1. The result and the trade rule in words: who takes what, and why.
2. Under One and Diff, when the player won: the opponent's dealt cards to
   choose from (Diff: one after another), then a review before confirming.
3. Every card that changes hands, grouped as won, lost (in the opponent's
   colours, marked LOST) and rewarded.
4. The game's record and the profile are written (``finish_game``); the
   opponent is marked beaten after a win.
Nothing is written before step 4, and the trade is applied once; an
abandoned game is written at once, before the first step shows (an abandon
is binding: closing the program on this screen cannot bring the game back). Every card
is shown with its name (:mod:`.trade_faces`); many cards run over pages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import Game
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.match import OPPONENT, PLAYER, Conclusion, JourneySetup, conclude
from jayden_jazz.journey.trade import cards_due, finish_of
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_records
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cardkit.cardview import CardViewWindow
from jayden_jazz.scenes.journey.run import Session, game_id
from jayden_jazz.scenes.journey.trade_faces import (Group, Page, draw_page, group_columns, lay_out, page_of,
                                                   same_names)
from jayden_jazz.scenes.journey.words import TRADE_WORDS, fit
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

FRAME = pygame.Rect(8, 8, 624, 334)


class TradeScene(Scene):
    def __init__(self, app: AppView, session: Session, opponent: Opponent, setup: JourneySetup, game: Game,
                 abandoned: bool = False, open_list: bool = False) -> None:
        super().__init__(app)
        self.open_list = open_list         # continued from the title: the opponent list comes after
        self.session, self.opponent, self.setup, self.game = session, opponent, setup, game
        self.abandoned = abandoned
        finish = finish_of(game)
        if abandoned:
            finish = finish.abandoned(by=PLAYER)
        self.finish = finish
        self.outcome = "drawn" if finish.winner is None else ("won" if finish.winner == PLAYER else "lost")
        self.due = cards_due(setup.trade, finish) if self.outcome == "won" else 0
        self.offered = list(finish.dealt[OPPONENT])
        self.picked: list[str] = []
        self.cursor = 0
        self.page = 0                      # when the cards of a step run over more than one page
        self.step = "result"               # result, choose, review, changes, written
        self.conclusion: Conclusion | None = None
        self.written: str = ""
        self.failed = False
        self.saved = False
        self.menu = Menu([])
        self.shared = same_names(session.catalog)     # names two packs share: their pack is shown too
        if abandoned:                      # the computer chooses: the loss is decided and written now
            self.conclusion = self.concluded()
            self.write()

    # ------------------------------------------------------------------ steps
    def next_step(self) -> None:
        if self.step == "result":
            self.step = "choose" if self.due else "changes"
        elif self.step == "review":
            self.step = "changes"
        elif self.step == "changes":
            self.step = "written"
            if not self.saved and not self.failed:
                self.write()
            return
        elif self.step == "written":
            if self.open_list:
                self.stack.replace(self.app.scene("journey-opponents", session=self.session))
            else:
                self.close()
            return
        if self.step == "changes" and self.conclusion is None:
            self.conclusion = self.concluded()
        if self.step == "review":
            self.menu = Menu([MenuItem("Confirm", "confirm"), MenuItem("Change", "change")])
            self.menu.layout(FRAME.x + 16, FRAME.bottom - 70, 140)
        self.app.sound.play("select")

    def toggle(self, i: int) -> None:
        cid = self.offered[i]
        if cid in self.picked:
            self.picked.remove(cid)
        elif len(self.picked) < self.due:
            self.picked.append(cid)
        else:
            self.app.sound.play("illegal")
            return
        self.app.sound.play("menu")
        if len(self.picked) == self.due:
            self.step = "review"
            self.menu = Menu([MenuItem("Confirm", "confirm"), MenuItem("Change", "change")])
            self.menu.layout(FRAME.x + 16, FRAME.bottom - 70, 140)

    def concluded(self) -> Conclusion:
        return conclude(self.game, self.setup, self.opponent, self.session.catalog, game_id(self.setup),
                        choose=lambda hand, n: list(self.picked), abandoned=self.abandoned)

    def write(self) -> None:
        """The record, the profile, then the autosave removed (:func:`journey_records.finish`)."""
        c = self.conclusion
        assert c is not None
        try:
            after, problems = journey_records.finish(
                Path(self.app.dirs.saves), self.session.slot, self.session.profile, self.session.catalog,
                self.setup.to_dict(), c.outcome, self.abandoned, c.transfers, c.reward,
                self.game.record().to_data(self.game), self.opponent.name)
        except (SaveError, OSError, ValueError) as e:
            self.app.sound.play("illegal")
            if os.path.lexists(jsave.record_path(self.session.path, game_id(self.setup))):
                self.saved = True          # decided: the record is written, the profile catches up with it
                self.written = (f"The game is recorded, but the profile could not be written yet ({e}); its "
                                "cards are put in the profile when the Journey is next opened.")
                return
            self.failed = True
            self.written = f"The profile was not changed: {e}"
            return
        self.saved = True
        self.session.profile = after
        beaten = " " + self.opponent.name + " is beaten." if c.outcome == "won" else ""
        self.written = f"Saved in profile {self.session.slot} ({self.session.profile.name}).{beaten}"
        if problems:
            self.written += " (" + "; ".join(problems) + ")"

    # ------------------------------------------------------------------ the cards shown
    def groups(self) -> list[Group]:
        """The cards of this step under their labels (empty groups left out)."""
        o = self.opponent.name
        if self.step == "result":
            out = [Group(f"{o} was dealt:", tuple(self.offered), OPPONENT), Group("You were dealt:", self.finish.dealt[PLAYER],
                                                                         PLAYER)]
        elif self.step == "choose":
            marks = {cid: (f"taken {n}" if self.due > 1 else "taken", P.YELLOW) for n, cid in enumerate(self.picked, 1)}
            out = [Group(f"{o} was dealt: choose {self.due - len(self.picked)} more", tuple(self.offered), OPPONENT,
                         marks)]
        elif self.step == "review":
            out = [Group("You take:", tuple(self.picked), PLAYER)]
        elif self.step == "changes":
            c = self.conclusion
            assert c is not None
            won = tuple(t.card for t in c.transfers if t.taker == PLAYER)
            lost = tuple(t.card for t in c.transfers if t.taker != PLAYER)
            out = [Group("You win:", won, PLAYER, {cid: ("won", P.LIGHT_GREEN) for cid in won}),
                   Group(f"You lose (now {o}'s):", lost, OPPONENT, {cid: ("LOST", P.LIGHT_RED) for cid in lost}),
                   Group("Reward for the win:", (c.reward,) if c.reward else (), PLAYER,
                         {c.reward: ("reward", P.YELLOW)} if c.reward else {})]
        else:
            out = []
        return [g for g in out if g.cards]

    def cards_area(self) -> pygame.Rect:
        """Below the words of the rule, above what the step keeps at the bottom (the chosen card's
        details, the Confirm menu, the key hints)."""
        inner = FRAME.inflate(-12, -12)
        inner.y, inner.h = inner.y + 6, inner.h - 6
        lines = sum(len(wrap(line, (inner.w - 8) // 8)) for line in self.shown_explain())
        top = inner.y + 4 + LINE_H + 4 + lines * LINE_H + 2
        bottom = {"choose": FRAME.bottom - 24 - 2 * LINE_H - 4, "review": FRAME.bottom - 72,
                  "changes": FRAME.bottom - 24 - LINE_H}.get(self.step, FRAME.bottom - 24)
        return pygame.Rect(inner.x + 4, top, inner.w - 8, bottom - top)

    def pages(self) -> list[Page]:
        return lay_out(self.groups(), self.cards_area(), self.session.catalog)

    def shown_page(self, pages: list[Page]) -> int:
        if self.step == "choose":
            return page_of(pages, 0, self.cursor)
        return min(self.page, len(pages) - 1)

    def handle(self, action: Action) -> None:
        k = action.kind
        if self.step == "choose":
            if k == Kind.MOVE and action.dx:
                self.cursor = (self.cursor + action.dx) % len(self.offered)
            elif k == Kind.MOVE and action.dy:              # a row up or down
                cols = group_columns(self.groups()[0], self.cards_area().w, self.session.catalog)
                self.cursor = min(max(0, self.cursor + action.dy * cols), len(self.offered) - 1)
            elif k in (Kind.POINT, Kind.ACTION) and action.pos is not None:
                pages = self.pages()
                hit = next((i for _, i, cell in pages[self.shown_page(pages)].cells
                            if cell.collidepoint(action.pos)), None)
                if hit is not None:
                    self.cursor = hit
                    if k == Kind.ACTION:
                        self.toggle(hit)
            elif k == Kind.ACTION:
                self.toggle(self.cursor)
            elif k == Kind.BACK and self.picked:
                self.picked.pop()
            elif k == Kind.ALT:
                self.stack.push(CardViewWindow(self.app, self.session.catalog[self.offered[self.cursor]]))
            return
        if self.step == "review":
            if k == Kind.MOVE and action.dx:
                self.page = max(0, min(len(self.pages()) - 1, self.page + action.dx))
                return
            if k == Kind.BACK:
                self.step = "choose"
                return
            item = self.menu.handle(action)
            if item is not None:
                if item.value == "confirm":
                    self.next_step()
                else:
                    self.picked = []
                    self.step = "choose"
            return
        if (k == Kind.MOVE and action.dx) or k == Kind.SCROLL:            # more cards than one page holds
            step = action.dx if k == Kind.MOVE else action.dy
            self.page = max(0, min(len(self.pages()) - 1, self.shown_page(self.pages()) + step))
            return
        if k == Kind.ACTION or (k == Kind.BACK and self.step == "written"):
            self.page = 0
            self.next_step()

    def redraw_in(self) -> None:
        return None

    # ------------------------------------------------------------------ drawing
    def heading(self) -> str:
        if self.abandoned:
            return "You abandoned the game: it counts as lost."
        res = self.game.result()
        score = f", {res.scores[0]} to {res.scores[1]}" if res is not None else ""
        return {"won": "You won", "lost": "You lost", "drawn": "A draw"}[self.outcome] + score + "."

    def explain(self) -> list[str]:
        rule, o = self.setup.trade, self.opponent.name
        lines = ["Trade rule " + TRADE_WORDS.get(rule, rule)]
        if rule == "direct":
            lines.append("Each card you hold on the field that was dealt to the other side changes hands.")
        elif self.outcome == "drawn":
            lines.append("A draw trades nothing.")
        elif self.outcome == "won":
            if rule == "all":
                lines.append(f"You take every card {o} was dealt.")
            else:
                diff = "" if rule == "one" else f" (you held {self.due} more on the field)"
                lines.append(f"You choose {self.due} card{'s' if self.due != 1 else ''} of {o}'s hand{diff}.")
        else:
            if rule == "all":
                lines.append(f"{o} takes every card you were dealt.")
            else:
                n = cards_due(rule, self.finish)
                lines.append(f"{o} takes {n} card{'s' if n != 1 else ''} of your hand: the highest total "
                             "of the sides first.")
        return lines

    def shown_explain(self) -> list[str]:
        """The rule's words until the trade is saved; then only what was saved (a player must not read
        "You choose 1 card" again after the choice)."""
        return [] if self.step == "written" else self.explain()

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        titles = {"result": "The trade - 1. result", "choose": "The trade - 2. choose",
                  "review": "The trade - 2. review", "changes": "The trade - 3. cards",
                  "written": "The trade - 4. saved"}
        inner = draw_window(surface, font, FRAME, titles[self.step])
        y = inner.y + 4
        font.draw(surface, self.heading(), inner.x + 4, y, P.YELLOW)
        y += LINE_H + 4
        for line in self.shown_explain():
            for part in wrap(line, (inner.w - 8) // 8):
                font.draw(surface, part, inner.x + 4, y, P.WHITE)
                y += LINE_H
        getattr(self, f"_draw_{self.step}")(surface, inner)

    def _draw_cards(self, surface: pygame.Surface, cursor: tuple[int, int] | None = None) -> None:
        """The step's cards with their names; a page mark when they run over more than one page."""
        font = self.app.font
        pages = self.pages()
        if not pages[0].cells:
            return
        n = self.shown_page(pages)
        lib = self.session.library
        packs = {pid: lib.pack_name(pid) for pid in lib.pack_ids}
        draw_page(surface, font, pages[n], self.groups(), self.session.catalog, packs, self.shared, cursor)
        if len(pages) > 1:
            text = f"\u2190\u2192 page {n + 1} of {len(pages)}"
            font.draw(surface, text, FRAME.right - 16 - font.width(text), FRAME.bottom - 22, P.YELLOW)

    def _draw_result(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        self._draw_cards(surface)
        self.app.font.draw(surface, "Enter: go on", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_choose(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        self._draw_cards(surface, (0, self.cursor))
        card = self.session.catalog[self.offered[self.cursor]]
        abilities = ", ".join(a.name or f"ability {n}" for n, a in enumerate(card.abilities, 1)) or "no ability"
        owned = self.session.profile.collection.owned(card.id)
        y = FRAME.bottom - 24 - 2 * LINE_H
        pack = self.session.library.pack_name(card.id.partition("/")[0])
        font.draw(surface, fit(f"{card.name}: {sum(card.sides)} points, {abilities}", (inner.w - 8) // 8),
                  inner.x + 4, y, P.WHITE)
        font.draw(surface, fit((f"You own {owned} of it" if owned else "You do not own it yet") + f" - {pack}",
                               (inner.w - 8) // 8), inner.x + 4, y + LINE_H,
                  P.LIGHT_GREEN if not owned else P.LIGHT_GRAY)
        font.draw(surface, "\u2190\u2192 Enter take or put back  V view  Esc put the last back", inner.x + 4,
                  FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_review(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        self._draw_cards(surface)
        self.menu.draw(surface, self.app.font)
        self.app.font.draw(surface, "Confirm, or Change the choice (Esc)", inner.x + 4, FRAME.bottom - 22,
                           P.LIGHT_GRAY)

    def _draw_changes(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        c = self.conclusion
        assert c is not None
        area = self.cards_area()
        if not c.transfers:
            font.draw(surface, "No card changes hands.", area.x, area.y, P.LIGHT_CYAN)
        self._draw_cards(surface)
        if c.outcome == "won" and not c.reward and self.opponent.rewards:
            font.draw(surface, "Reward drawn: nothing this time", area.x, area.bottom, P.YELLOW)
        hint = "Enter: save this in the profile"
        if self.saved:
            hint = "Saved in the profile already: an abandoned game is lost at once. Enter: on"
        elif self.failed:
            hint = "Not saved (Enter says why)"
        font.draw(surface, hint, inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_written(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        y = self.cards_area().y
        for part in wrap(self.written, (inner.w - 8) // 8):
            font.draw(surface, part, inner.x + 4, y, P.LIGHT_RED if self.failed else P.LIGHT_GREEN)
            y += LINE_H
        if not self.failed:
            owned = sum(self.session.profile.collection.counts.values())
            font.draw(surface, f"The profile now owns {owned} cards.", inner.x + 4, y + 8, P.WHITE)
        font.draw(surface, "Enter: back to the opponents", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)
