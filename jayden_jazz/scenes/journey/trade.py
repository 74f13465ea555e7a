"""After a Journey game: the trade as steps a player can follow, then the profile written.

1. The result and the trade rule in words: who takes what, and why.
2. Under One and Diff, when the player won: the opponent's dealt cards to
   choose from (Diff: one after another), then a review before confirming.
3. Every card that changes hands (a card lost is shown as lost) and the
   reward drawn.
4. The game's record and the profile are written (``finish_game``); the
   opponent is marked beaten after a win.
Nothing is written before step 4, and the trade is applied once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import yaml

from jayden_jazz.cards import Game
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.match import OPPONENT, PLAYER, Conclusion, JourneySetup, conclude
from jayden_jazz.journey.trade import cards_due, finish_of
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cardkit.cards_art import MINI, draw_face
from jayden_jazz.scenes.cardkit.cardview import CardViewWindow
from jayden_jazz.scenes.journey.run import Session, game_id
from jayden_jazz.scenes.journey.words import TRADE_WORDS, card_name
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

FRAME = pygame.Rect(8, 8, 624, 334)
FACES_Y = 150
PITCH = MINI[0] + 14
WIDE_PITCH = MINI[0] + 40           # room for "reward" under a card


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
        self.step = "result"               # result, choose, review, changes, written
        self.conclusion: Conclusion | None = None
        self.written: str = ""
        self.failed = False
        self.menu = Menu([])

    # ------------------------------------------------------------------ steps
    def next_step(self) -> None:
        if self.step == "result":
            self.step = "choose" if self.due else "changes"
        elif self.step == "review":
            self.step = "changes"
        elif self.step == "changes":
            self.step = "written"
            self.write()
            return
        elif self.step == "written":
            if self.open_list:
                self.stack.replace(self.app.scene("journey-opponents", session=self.session))
            else:
                self.close()
            return
        if self.step == "changes":
            self.conclusion = conclude(self.game, self.setup, self.opponent, self.session.catalog,
                                       game_id(self.setup), choose=lambda hand, n: list(self.picked),
                                       abandoned=self.abandoned)
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

    def write(self) -> None:
        c = self.conclusion
        assert c is not None
        gid = game_id(self.setup)
        record = {"journey": {**self.setup.to_dict(), "profile": self.session.slot},
                  "outcome": c.outcome, "abandoned": self.abandoned,
                  "transfers": [[t.card, t.giver, t.taker, t.why] for t in c.transfers], "reward": c.reward,
                  "game": self.game.record().to_data(self.game)}
        text = yaml.safe_dump(record, sort_keys=False, allow_unicode=True)
        try:
            after = jsave.finish_game(self.session.path, self.session.profile, self.session.catalog, gid, text,
                                      list(c.entries), self.opponent.id, c.outcome)
        except (SaveError, OSError, ValueError) as e:
            self.failed = True
            self.written = f"The profile was not changed: {e}"
            self.app.sound.play("illegal")
            return
        self.session.profile = after
        beaten = " " + self.opponent.name + " is beaten." if c.outcome == "won" else ""
        self.written = f"Saved in profile {self.session.slot} ({self.session.profile.name}).{beaten}"
        self.forget_autosave()

    def forget_autosave(self) -> None:
        """The game is settled now: its autosave (the profile's own slot, or the shared one an older
        version used) goes, so Continue does not offer it again."""
        from jayden_jazz.saves import cards as csave
        from jayden_jazz.saves import journey_game, store

        saves = Path(self.app.dirs.saves)
        for path in (journey_game.game_path(saves, self.session.slot), csave.slot_path(saves, "autosave")):
            try:
                data = journey_game.journey_of(store.read(path))
            except SaveError:
                continue
            if data is not None and data.get("seed") == self.setup.seed \
                    and data.get("opponent") == self.setup.opponent:
                try:
                    path.unlink(missing_ok=True)
                except OSError as e:        # settled all the same: the record exists, Continue passes it over
                    self.written += f" (its autosave {path.name} could not be removed: {e.strerror or e})"

    # ------------------------------------------------------------------ input
    def face_rect(self, i: int, count: int = 0) -> pygame.Rect:
        """The i-th of ``count`` small faces; a short row is spaced out so the word under each card
        (won, LOST, reward) stays apart from its neighbour's."""
        pitch = max(PITCH, min(WIDE_PITCH, (FRAME.w - 40) // count)) if count > 0 else PITCH
        return pygame.Rect(FRAME.x + 20 + i * pitch, FACES_Y, *MINI)

    def handle(self, action: Action) -> None:
        k = action.kind
        if self.step == "choose":
            if k == Kind.MOVE and action.dx:
                self.cursor = (self.cursor + action.dx) % len(self.offered)
            elif k in (Kind.POINT, Kind.ACTION) and action.pos is not None:
                hit = next((i for i in range(len(self.offered)) if self.face_rect(i).collidepoint(action.pos)), None)
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
        if k == Kind.ACTION or (k == Kind.BACK and self.step == "written"):
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

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        titles = {"result": "The trade - 1. result", "choose": "The trade - 2. choose",
                  "review": "The trade - 2. review", "changes": "The trade - 3. cards",
                  "written": "The trade - 4. saved"}
        inner = draw_window(surface, font, FRAME, titles[self.step])
        y = inner.y + 4
        font.draw(surface, self.heading(), inner.x + 4, y, P.YELLOW)
        y += LINE_H + 6
        for line in self.explain():
            for part in wrap(line, (inner.w - 8) // 8):
                font.draw(surface, part, inner.x + 4, y, P.WHITE)
                y += LINE_H
        getattr(self, f"_draw_{self.step}")(surface, inner)

    def _faces(self, surface: pygame.Surface, cards: list[str], owner: int, marks: dict[str, tuple[str, int]],
               cursor: int | None = None, spaced: bool = False) -> None:
        font = self.app.font
        catalog = self.session.catalog
        for i, cid in enumerate(cards):
            r = self.face_rect(i, len(cards) if spaced else 0)
            draw_face(surface, font, r, catalog[cid], owner)
            if cid in marks:
                text, colour = marks[cid]
                font.draw(surface, text, r.centerx - font.width(text) // 2, r.bottom + 2, colour)
            if cursor == i:
                pygame.draw.rect(surface, P.YELLOW, r.inflate(4, 4), 2)

    def _draw_result(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        font.draw(surface, f"{self.opponent.name} was dealt:", inner.x + 4, FACES_Y - 18, P.LIGHT_CYAN)
        self._faces(surface, self.offered, OPPONENT, {})
        mine = list(self.finish.dealt[PLAYER])
        y = FACES_Y + MINI[1] + 26
        font.draw(surface, "You were dealt:", inner.x + 4, y - 18, P.LIGHT_CYAN)
        catalog = self.session.catalog
        for i, cid in enumerate(mine):
            draw_face(surface, font, self.face_rect(i).move(0, y - FACES_Y), catalog[cid], PLAYER)
        font.draw(surface, "Enter: go on", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_choose(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        marks = {cid: (str(n), P.YELLOW) for n, cid in enumerate(self.picked, 1)}
        font.draw(surface, f"Choose {self.due - len(self.picked)} more: \u2190\u2192 and Enter",
                  inner.x + 4, FACES_Y - 18, P.LIGHT_CYAN)
        self._faces(surface, self.offered, OPPONENT, marks, self.cursor)
        card = self.session.catalog[self.offered[self.cursor]]
        abilities = ", ".join(a.name or f"ability {n}" for n, a in enumerate(card.abilities, 1)) or "no ability"
        owned = self.session.profile.collection.owned(card.id)
        font.draw(surface, f"{card.name}: {sum(card.sides)} points, {abilities}"[:(inner.w - 8) // 8],
                  inner.x + 4, FACES_Y + MINI[1] + 22, P.WHITE)
        font.draw(surface, f"You own {owned} of it" if owned else "You do not own it yet", inner.x + 4,
                  FACES_Y + MINI[1] + 22 + LINE_H, P.LIGHT_GREEN if not owned else P.LIGHT_GRAY)
        font.draw(surface, "Enter take or put back  V view  Esc put the last back", inner.x + 4,
                  FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_review(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        names = ", ".join(card_name(self.session.catalog, c) for c in self.picked)
        font.draw(surface, "You take:", inner.x + 4, FACES_Y - 18, P.LIGHT_CYAN)
        self._faces(surface, self.picked, PLAYER, {})
        for i, part in enumerate(wrap(names, (inner.w - 8) // 8)[:2]):
            font.draw(surface, part, inner.x + 4, FACES_Y + MINI[1] + 8 + i * LINE_H, P.WHITE)
        self.menu.draw(surface, font)
        font.draw(surface, "Confirm, or Change the choice (Esc)", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_changes(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        c = self.conclusion
        assert c is not None
        moved = [t.card for t in c.transfers] + ([c.reward] if c.reward else [])
        marks = {t.card: ("won", P.LIGHT_GREEN) if t.taker == PLAYER else ("LOST", P.LIGHT_RED)
                 for t in c.transfers}
        if c.reward:
            marks.setdefault(c.reward, ("reward", P.YELLOW))
        if moved:
            font.draw(surface, "These cards change hands:", inner.x + 4, FACES_Y - 18, P.LIGHT_CYAN)
            self._faces(surface, moved, PLAYER, marks, spaced=True)
        else:
            font.draw(surface, "No card changes hands.", inner.x + 4, FACES_Y - 18, P.LIGHT_CYAN)
        y = FACES_Y + MINI[1] + 20
        cat = self.session.catalog
        lines = [(f"You win {card_name(cat, t.card)} ({t.why})" if t.taker == PLAYER
                  else f"You lose {card_name(cat, t.card)} ({t.why})", P.LIGHT_GREEN if t.taker == PLAYER
                  else P.LIGHT_RED) for t in c.transfers]
        if c.outcome == "won":
            lines.append((f"Reward drawn: {card_name(cat, c.reward)}" if c.reward else
                          "Reward drawn: nothing this time", P.YELLOW))
        for text, colour in lines[:6]:
            font.draw(surface, text[:(inner.w - 8) // 8], inner.x + 4, y, colour)
            y += LINE_H
        font.draw(surface, "Enter: save this in the profile", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)

    def _draw_written(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        y = FACES_Y
        for part in wrap(self.written, (inner.w - 8) // 8):
            font.draw(surface, part, inner.x + 4, y, P.LIGHT_RED if self.failed else P.LIGHT_GREEN)
            y += LINE_H
        if not self.failed:
            owned = sum(self.session.profile.collection.counts.values())
            font.draw(surface, f"The profile now owns {owned} cards.", inner.x + 4, y + 8, P.WHITE)
        font.draw(surface, "Enter: back to the opponents", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)
