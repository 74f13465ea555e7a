"""The opponents of the Journey, by tier, and one opponent's card before a game.

The list marks each opponent as beaten, open or locked (with who opens it)
and counts the cards won from it. The card shows everything the rules say
is known before a game: the rules (for Roulette every set, with the one
drawn for this game), the trade rule in words, the level, and what the
opponent may give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.match import hand_size, prepare
from jayden_jazz.scenes.cardkit.pictures import ega_picture
from jayden_jazz.scenes.journey.lists import Row, RowList
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.journey.run import Session, continue_kept, kept_opponent, play
from jayden_jazz.scenes.journey.words import (LEVEL_NAMES, TRADE_SHORT, TRADE_WORDS, fit, gives_words, wrap_list,
                                              locked_words, rule_set_words)
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

FRAME = pygame.Rect(8, 8, 624, 334)
LIST = pygame.Rect(FRAME.x + 10, FRAME.y + 36, 300, 266)
SIDE_X = LIST.right + 14
LEGEND = "\u2713 beaten  \u00b7 locked  +N cards won"
TIER_NAMES = {1: "the front door", 2: "the snack bar", 3: "the jukebox", 4: "the pool tables",
              5: "the stage", 6: "the arcade", 7: "the office", 8: "the cellar", 9: "the back room"}


def draw_picture(surface: pygame.Surface, o: Opponent, at: tuple[int, int]) -> bool:
    """The opponent's picture in a 68x68 box at ``at``; False (nothing drawn) when it has none."""
    pic = ega_picture(o.picture)
    if pic is None:
        return False
    surface.fill(P.BLACK, (*at, 68, 68))
    surface.blit(pic, (at[0] + 2 + (64 - pic.get_width()) // 2, at[1] + 2 + (64 - pic.get_height()) // 2))
    return True


def tier_title(tier: int) -> str:
    place = TIER_NAMES.get(tier)
    return f"Tier {tier}" + (f": {place}" if place else "")


class OpponentsScene(Scene):
    def __init__(self, app: AppView, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.list = RowList([], LIST)
        self._told: str | None = None      # the last starter-grant notice shown
        self.refresh()

    @property
    def opponents(self) -> dict[str, Opponent]:
        return self.session.catalog.opponents

    def refresh(self) -> None:
        keep = self.list.current.value if self.list.current else None
        beaten = self.session.beaten()
        rows: list[Row] = []
        was, self.kept = getattr(self, "kept", None), kept_opponent(self.session)
        kept = self.kept
        if kept is not None:               # the profile's game to finish (or to trade) comes first
            label = f" Continue the game against {kept.name}"
            if len(label) > LIST.w // 8:
                label = " Continue the game: " + fit(kept.name, LIST.w // 8 - 20)
            rows += [Row(label, "continue", colour=P.YELLOW), Row("", None, enabled=False)]
            if was is None:
                keep = "continue"          # a game just left (or found): the cursor is on its way back
        tier = None
        for o in sorted(self.opponents.values(), key=lambda o: (o.tier, o.name)):
            if o.tier != tier:
                tier = o.tier
                rows.append(Row(tier_title(tier), None, enabled=False))
            locked = locked_words(o, beaten, self.opponents)
            won = len(self.session.cards_won_from(o.id))
            mark = "\u2713" if o.id in beaten else ("\u00b7" if locked else " ")
            label = f" {mark} {o.name}"[:30].ljust(30) + (f"+{won}" if won else "")
            rows.append(Row(label, o.id, colour=P.DARK_GRAY if locked else
                            (P.LIGHT_GREEN if o.id in beaten else P.WHITE)))
        rows += [Row("", None, enabled=False), Row(" Collection book (B)", "book"), Row(" Decks (D)", "decks"),
                 Row(" Back", "back")]
        self.list.set_rows(rows, keep)

    def enter(self) -> None:
        self.grant_if_stuck()

    def resume(self) -> None:
        self.refresh()                     # a game may have beaten someone, or a deck changed
        self.grant_if_stuck()

    def grant_if_stuck(self) -> None:
        """No dead end: a profile that cannot play anyone receives the starter cards it lacks, announced."""
        notice = self.session.grant_if_stuck()
        if notice is not None and notice == self._told:
            return                          # a grant that could not be written is said once, not at every return
        self._told = notice
        if notice is not None and self.stack is not None:
            self.refresh()
            self.app.sound.play("select")
            self.stack.push(MessageWindow(self.app, "Starter grant", notice))

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
            return
        if action.kind == Kind.KEY and action.key in ("b", "d"):
            self.choose("book" if action.key == "b" else "decks")
            return
        row = self.list.handle(action)
        if row is not None:
            self.choose(row.value)

    def choose(self, value: Any) -> None:
        if value == "back":
            self.close()
        elif value == "continue":
            self.continue_kept()
        elif value == "book":
            self.stack.push(self.app.scene("journey-book", session=self.session))
        elif value == "decks":
            self.stack.push(self.app.scene("journey-decks", session=self.session))
        elif value in self.opponents:
            o = self.opponents[value]
            locked = locked_words(o, self.session.beaten(), self.opponents)
            if locked:
                self.app.sound.play("illegal")
                self.stack.push(MessageWindow(self.app, o.name, f"{locked}: then {o.name} will play you."))
                return
            self.app.sound.play("select")
            self.stack.push(self.app.scene("journey-opponent", session=self.session, opponent=o))

    def continue_kept(self) -> None:
        try:
            table = continue_kept(self.session)
        except SaveError as e:
            self.app.sound.play("illegal")
            self.stack.push(MessageWindow(self.app, "Save file refused", f"{e.path}\n\n{e.problem}\n\n"
                                                                         "The file was not changed."))
            return
        self.app.sound.play("select")
        self.stack.push(table)

    def redraw_in(self) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        p = self.session.profile
        inner = draw_window(surface, font, FRAME, f"Card Journey - {p.name}")
        font.draw(surface, self.header(), inner.x + 4, inner.y + 2, P.LIGHT_CYAN)
        self.list.draw(surface, font)
        row = self.list.current
        if row is not None and row.value in self.opponents:
            self._side(surface, self.opponents[row.value])
        elif row is not None and row.value == "continue" and self.kept is not None:
            y = LIST.y
            for part in wrap(f"Your game against {self.kept.name} is not finished. Enter takes you back to "
                             "the table, or to the trade when the game is over. A profile plays one game "
                             "at a time.", (FRAME.right - 16 - SIDE_X) // 8):
                font.draw(surface, part, SIDE_X, y, P.YELLOW)
                y += LINE_H
        font.draw(surface, LEGEND, SIDE_X, FRAME.bottom - 40,
                  P.LIGHT_GRAY)
        font.draw(surface, "\u2191\u2193 choose  Enter open  B book  D decks  Esc back", inner.x + 4,
                  FRAME.bottom - 22, P.LIGHT_GRAY)

    def header(self) -> str:
        """Cards owned and opponents beaten: the ticks of the list (an opponent of a pack no longer loaded
        is neither listed nor counted)."""
        owned = sum(self.session.profile.collection.counts.values())
        beaten = len(self.session.beaten() & set(self.opponents))
        return f"{owned} cards owned, {beaten} of {len(self.opponents)} opponents beaten"

    def _side(self, surface: pygame.Surface, o: Opponent) -> None:
        font = self.app.font
        cols = (FRAME.right - 16 - SIDE_X) // 8
        if draw_picture(surface, o, (FRAME.right - 16 - 68, LIST.y)):
            cols -= 9                      # the words run beside the picture
        beaten = self.session.beaten()
        lines: list[tuple[str, int]] = [(o.name, P.YELLOW),
                                        (f"{LEVEL_NAMES.get(o.level, o.level)} player, trade: "
                                         f"{TRADE_SHORT.get(o.trade, o.trade)}", P.WHITE)]
        locked = locked_words(o, beaten, self.opponents)
        stats = self.session.profile.progress.get(o.id)
        if locked:
            lines.append((f"Locked. {locked}.", P.LIGHT_RED))
        elif o.id in beaten:
            lines.append(("Beaten", P.LIGHT_GREEN))
        else:
            lines.append(("Open: not beaten yet", P.LIGHT_CYAN))
        if stats is not None:
            lines.append((f"Won {stats.won}, drawn {stats.drawn}, lost {stats.lost}", P.WHITE))
        won = sorted(self.session.cards_won_from(o.id))
        if won:
            names = ", ".join(self.session.catalog[c].name for c in won if c in self.session.catalog)
            lines.append((f"Cards won from {o.name.split(',')[0]}: {names}", P.LIGHT_GREEN))
        theirs = self.session.won_from_you(o.id)
        if theirs:
            names = ", ".join(self.session.catalog[c].name for c in theirs)
            lines.append((f"Won from you (win them back): {names}", P.LIGHT_RED))
        lines.append(("", P.WHITE))
        lines.append((o.description, P.LIGHT_GRAY))
        y = LIST.y
        for text, colour in lines:
            for part in wrap(text, cols) or [""]:
                if y > FRAME.bottom - 56:
                    return
                font.draw(surface, part, SIDE_X, y, colour)
                y += LINE_H


class OpponentCardScene(Scene):
    """One opponent before a game: the rules drawn for it, the trade, the level, the rewards; Play."""

    def __init__(self, app: AppView, session: Session, opponent: Opponent, seed: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.opponent = opponent
        self.notice = ""                   # why the drawn rules could not be kept in the profile
        if seed is not None:
            self.setup = prepare(opponent, seed)
        else:                              # drawn once, kept in the profile until played
            self.setup, self.notice = session.setup_for(opponent, app.rng)
        self.menu = Menu([MenuItem("Play", "play"), MenuItem("Back", "back")])
        self.menu.layout(FRAME.right - 150, FRAME.bottom - 50, 120)

    def handle(self, action: Action) -> None:
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        if item.value == "back":
            self.close()
        else:
            self.app.sound.play("select")
            stack = self.stack
            self.close()                   # the hand picker and the table come in its place
            play(self.app, stack, self.session, self.opponent, self.setup)

    def redraw_in(self) -> None:
        return None

    def lines(self) -> list[tuple[str, int]]:
        o, js = self.opponent, self.setup
        out: list[tuple[str, int]] = [(o.description, P.LIGHT_GRAY),
                                      (f"{tier_title(o.tier)}. Level: {LEVEL_NAMES.get(o.level, o.level)}",
                                       P.WHITE)]
        if o.roulette:
            out.append((f"Roulette: one of {len(o.rule_sets)} rule sets is drawn for each game, and kept "
                        "until that game is played.", P.WHITE))
            for i, rs in enumerate(o.rule_sets):
                drawn = i == js.rule_index
                out.append(((" \u25ba " if drawn else "   ") + rule_set_words(rs)
                            + ("  (drawn for this game)" if drawn else ""), P.YELLOW if drawn else P.LIGHT_GRAY))
        else:
            out.append(("Rules: " + rule_set_words(js.rule_set), P.YELLOW))
        out.append((f"Hands of {hand_size(js)} cards, from the cards you own.", P.WHITE))
        out.append(("Trade rule " + TRADE_WORDS.get(o.trade, o.trade), P.LIGHT_CYAN))
        if self.notice:
            out.append((self.notice, P.LIGHT_RED))
        out += [(line, P.WHITE) for line in self.gives()]
        return out

    def gives(self) -> list[str]:
        return gives_words(self.opponent, self.session.catalog, self.session.won_from_you(self.opponent.id))

    def lists_from(self) -> int:
        """Where :meth:`lines` turns to lists of card names (wrapped between names)."""
        return len(self.lines()) - len(self.gives())

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, FRAME, self.opponent.name)
        y = inner.y + 4
        cols = (inner.w - 8) // 8
        if draw_picture(surface, self.opponent, (inner.right - 72, inner.y + 4)):
            cols -= 10                     # the words run beside the picture
        lists = self.lists_from()
        parts = [(part, colour) for n, (text, colour) in enumerate(self.lines())
                 for part in (wrap_list(text, cols) if n >= lists else wrap(text, cols)) or [""]]
        room = (self.menu.rect.y - 4 - y) // LINE_H
        if len(parts) > room:                        # a long pool is the last line: it ends in "..."
            parts = parts[:room - 1] + [(parts[room - 1][0][:cols - 3] + "...", parts[room - 1][1])]
        for part, colour in parts:
            font.draw(surface, part, inner.x + 4, y, colour)
            y += LINE_H
        self.menu.draw(surface, font)
        font.draw(surface, "Enter play  Esc back", inner.x + 4, FRAME.bottom - 22, P.LIGHT_GRAY)
