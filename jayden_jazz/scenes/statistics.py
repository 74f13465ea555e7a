"""The Statistics screen: how the player does in each game, read from the statistics file.

A rule set's name can be long (a preset, the variants and every classic rule
in play): one too long for the room left of the numbers is cut after its
last whole part with the font's ellipsis, so it never runs into them.
"""

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

COLUMNS = (("Played", 360), ("Won", 408), ("Drawn", 464), ("Lost", 512), ("Best streak", 612))
PAGES = (*stats.GAMES, "journey")
"""The two games' pages, then the Journey's (per profile and opponent, from the profiles)."""
"""Column titles and the x their numbers end at (numbers are right-aligned)."""
LABEL_GAP = 8
"""Pixels kept free between a label and the first column's title."""
ELLIPSIS = "\u2026"
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
            out.append((f"  {name}", t, P.WHITE))
        if len(rules) > RULE_ROWS:
            out.append((f"  ... and {len(rules) - RULE_ROWS} more", None, P.LIGHT_GRAY))
        if not rules:
            out.append(("  no games counted yet", None, P.LIGHT_GRAY))
        return out

    def inner(self) -> pygame.Rect:
        """The window's inside, as ``draw_window`` leaves it for a titled frame."""
        r = self.frame.inflate(-12, -12)
        return pygame.Rect(r.x, r.y + 6, r.w, r.h - 6)

    def label_x(self) -> int:
        return self.inner().x + 8

    def row_y(self, i: int) -> int:
        """The top of row ``i`` of :meth:`rows`."""
        return self.inner().y + 24 + LINE_H + 4 + i * LINE_H

    def label_text(self, label: str) -> str:
        """The label as drawn: whole when it fits left of the numbers, else cut after its last
        whole part (a rule, a word) with an ellipsis."""
        font = self.app.font
        room = (COLUMNS[0][1] - font.width(COLUMNS[0][0]) - LABEL_GAP - self.label_x()) // font.width("M")
        if len(label) <= room:
            return label
        head = label[:room - 1]
        for sep in (" + ", " "):
            cut = head.rfind(sep)
            if cut > len(label) - len(label.lstrip()) + 2:
                head = head[:cut]
                break
        return head.rstrip(" +,") + (ELLIPSIS if font.has(ELLIPSIS) else ".")

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
            font.draw(surface, self.label_text(label), inner.x + 8, y, colour)
            if t is not None:
                values = (t.played, t.won, t.drawn, t.lost, t.best_streak)
                for (_, right), v in zip(COLUMNS, values):
                    text = str(v)
                    font.draw(surface, text, right - font.width(text), y, colour if v else P.DARK_GRAY)
            y += LINE_H
        gone = self.stats.games[self.game].total.abandoned if self.game in self.stats.games else 0
        note = (f"{gone} online game{'s' if gone != 1 else ''} ended abandoned (not in Played)." if gone
                else "Counted for the first person at the screen (P1, or Green in Jayden).")
        font.draw_centered(surface, note, self.frame.centerx, self.frame.bottom - 40, P.LIGHT_CYAN)
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
