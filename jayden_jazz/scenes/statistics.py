"""The Statistics screen: how the player does in each game, read from the statistics file."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz import statistics as stats
from jayden_jazz.scenes.journey import stats_page as journey_page
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

PAGES = (*stats.GAMES, "journey")
"""The two games' pages, then the Journey's (per profile and opponent, from the profiles)."""
COLUMNS = (("Played", 304), ("Won", 364), ("Drawn", 424), ("Lost", 484), ("Best streak", 600))
"""Column titles and the x their numbers end at (numbers are right-aligned)."""
RULE_ROWS = 7


class StatisticsScene(Scene):
    opaque = True

    def __init__(self, app: AppView, game: str = "cards") -> None:
        super().__init__(app)
        self.game = game if game in PAGES else stats.GAMES[0]
        self.path = stats.stats_path(app)
        self.stats = stats.Statistics.load(self.path)
        self.frame = pygame.Rect(8, 8, 624, 322)

    def enter(self) -> None:
        if self.stats.notice and self.stack is not None:
            self.stack.push(MessageWindow(self.app, "Statistics", self.stats.notice, fill=P.RED))
            self.stats.notice = ""

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.kind == Kind.MOVE and action.dx:
            i = PAGES.index(self.game)
            self.game = PAGES[(i + action.dx) % len(PAGES)]
            self.app.sound.play("menu")
        elif action.means(Kind.RESET):
            self.ask_reset()
        elif action.kind == Kind.ACTION:
            if action.pos is not None and action.pos[1] < self.frame.y + 44:
                self.handle(Action(Kind.MOVE, dx=1 if action.pos[0] >= 320 else -1))
            else:
                self.close()

    def ask_reset(self) -> None:
        """Counting from zero throws the counts away, so it asks, with No first."""
        from jayden_jazz.scenes.windows import ChoiceWindow
        from jayden_jazz.shell.widgets import MenuItem

        w = ChoiceWindow(self.app, "Reset statistics?", [MenuItem("Yes", True), MenuItem("No", False)],
                         text="Count every game of both games from zero again? The counts so far are lost.",
                         on_choose=lambda yes: self.reset() if yes else None, width=400)
        w.menu.index = 1
        self.stack.push(w)

    def reset(self) -> None:
        fresh = stats.Statistics(self.path)
        try:
            fresh.save()
        except OSError as e:
            self.stack.push(MessageWindow(self.app, "Statistics", f"Could not write {self.path}: "
                                                                  f"{e.strerror or e}"))
            return
        self.stats = fresh

    def rows(self) -> list[tuple[str, stats.Tally | None, int]]:
        """(label, counts, colour) per line; counts None for a heading."""
        g = self.stats.games[self.game]
        out: list[tuple[str, stats.Tally | None, int]] = [("All games", g.total, P.WHITE)]
        for kind in stats.OPPONENTS:
            out.append((f"  against {stats.OPPONENT_TITLES[kind]}", g.opponents.get(kind, stats.Tally()),
                        P.WHITE))
        out.append(("By rule set", None, P.LIGHT_CYAN))
        rules = sorted(g.rules.items(), key=lambda kv: (-kv[1].played, kv[0]))
        for name, t in rules[:RULE_ROWS]:
            out.append((f"  {name}"[:34], t, P.WHITE))
        if len(rules) > RULE_ROWS:
            out.append((f"  ... and {len(rules) - RULE_ROWS} more", None, P.LIGHT_GRAY))
        if not rules:
            out.append(("  no games counted yet", None, P.LIGHT_GRAY))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, self.frame, "Statistics")
        title = f"\u25c4 {stats.GAME_TITLES.get(self.game, journey_page.TITLE)} \u25ba"
        font.draw_centered(surface, title, self.frame.centerx, inner.y + 2, P.YELLOW)
        y = inner.y + 24
        if self.game == "journey":
            self.draw_journey(surface, inner, y)
            return
        font.draw(surface, "Games", inner.x + 8, y, P.LIGHT_CYAN)
        for name, right in COLUMNS:
            font.draw(surface, name, right - font.width(name), y, P.LIGHT_CYAN)
        pygame.draw.line(surface, P.CYAN, (inner.x + 4, y + 15), (inner.right - 6, y + 15))
        y += LINE_H + 4
        for label, t, colour in self.rows():
            font.draw(surface, label, inner.x + 8, y, colour)
            if t is not None:
                values = (t.played, t.won, t.drawn, t.lost, t.best_streak)
                for (_, right), v in zip(COLUMNS, values):
                    text = str(v)
                    font.draw(surface, text, right - font.width(text), y, colour if v else P.DARK_GRAY)
            y += LINE_H
        font.draw_centered(surface, "Counted for the first person at the screen (P1, or Green in Jayden).", self.frame.centerx, self.frame.bottom - 40,
                           P.LIGHT_CYAN)
        keys = self.app.input.keymap
        foot = f"\u2190\u2192 other game  {keys.label('reset_stats')} reset  {keys.label('back')} back"
        font.draw_centered(surface, foot, self.frame.centerx, self.frame.bottom - 22, P.LIGHT_GRAY)
        path = str(self.path)
        font.draw(surface, "Kept in " + (path if len(path) <= 70 else "..." + path[-67:]), 4, 334, P.DARK_GRAY)

    def draw_journey(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        """Per profile, per opponent: games won, drawn and lost, and cards won and lost in them."""
        font = self.app.font
        font.draw(surface, "Opponents", inner.x + 8, y, P.LIGHT_CYAN)
        for name, right in journey_page.COLUMNS:
            font.draw(surface, name, right - font.width(name), y, P.LIGHT_CYAN)
        pygame.draw.line(surface, P.CYAN, (inner.x + 4, y + 15), (inner.right - 6, y + 15))
        y += LINE_H + 4
        for label, values, colour in journey_page.journey_rows(self.app):
            font.draw(surface, label, inner.x + 8, y, colour)
            for (_, right), v in zip(journey_page.COLUMNS, values or ()):
                font.draw(surface, str(v), right - font.width(str(v)), y, colour if v else P.DARK_GRAY)
            y += LINE_H
        font.draw_centered(surface, "\u2190\u2192 other game  Esc back", self.frame.centerx,
                           self.frame.bottom - 22, P.LIGHT_GRAY)
