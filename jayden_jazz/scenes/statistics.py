"""The Statistics screen: how the player does in each game, read from the statistics file.

A rule set's name can be long (a preset, the variants and every classic rule
in play). Cut short, two different sets would read alike ("Updated + Open +
Same…"), so a name too long for the room left of the numbers goes on over
more lines, broken after a " + ", and never runs into them. The list of rule
sets scrolls in its box (arrows, PgUp/PgDn, Home/End, the mouse wheel) with
a scroll bar beside it when it holds more than the box shows.
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
RULE_ROWS = 8
"""Rule-set lines the box shows at once; more scroll."""
INDENT, MORE = "  ", "    "
"""A rule set's first line, and the lines its name goes on over."""


class StatisticsScene(Scene):
    opaque = True

    def __init__(self, app: AppView, game: str = "cards") -> None:
        super().__init__(app)
        self.game = game if game in PAGES else stats.GAMES[0]
        self.path = stats.stats_path(app)
        self.stats = stats.Statistics.load(self.path)
        self.frame = pygame.Rect(8, 8, 624, 322)
        self.list_top = 0
        """The rule-set line at the top of the box (always a set's first line)."""

    def enter(self) -> None:
        if self.stats.notice and self.stack is not None:
            self.stack.push(MessageWindow(self.app, "Statistics", self.stats.notice, fill=P.RED))
            self.stats.notice = ""

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.kind == Kind.MOVE and action.dx and not action.dy:
            i = PAGES.index(self.game)
            self.game = PAGES[(i + action.dx) % len(PAGES)]
            self.list_top = 0
            self.app.sound.play("menu")
        elif action.kind in (Kind.MOVE, Kind.SCROLL):
            self.scroll(action)
        elif action.means(Kind.RESET):
            self.ask_reset()
        elif action.kind == Kind.ACTION:
            if action.pos is not None and action.pos[1] < self.frame.y + 44:
                self.handle(Action(Kind.MOVE, dx=1 if action.pos[0] >= 320 else -1))
            else:
                self.close()

    def scroll(self, action: Action) -> None:
        """Up/Down (and a wheel notch) one rule set, PgUp/PgDn a boxful, Home/End to the ends.

        The list moves by whole rule sets, so the box never starts with the end of a name whose
        beginning scrolled away (a lone "Combo" would read as a rule set of its own).
        """
        if self.game not in self.stats.games:
            return
        stops = self.list_stops(self.rule_lines())
        at = max((i for i, s in enumerate(stops) if s <= self.list_top), default=0)
        if action.kind == Kind.SCROLL or not action.dx:
            at += action.dy
        elif action.dx < 0:                      # Home / End
            at = 0 if action.dy < 0 else len(stops) - 1
        elif action.dy > 0:                      # PgDn: the last set that starts inside the box, or the next
            at = max(at + 1, max(i for i, s in enumerate(stops) if s <= stops[at] + RULE_ROWS - 1))
        else:                                    # PgUp: the first set a box above still shows
            at = min(at - 1, min(i for i, s in enumerate(stops) if s >= stops[at] - RULE_ROWS + 1))
        self.list_top = stops[min(max(0, at), len(stops) - 1)]

    @staticmethod
    def list_stops(lines: list[tuple[str, stats.Tally | None, int]]) -> list[int]:
        """The lines the box may start at: each rule set's first line, up to the one from which
        the rest of the list fits the box."""
        starts = [i for i, (_, t, _) in enumerate(lines) if t is not None] or [0]
        last = next((s for s in starts if len(lines) - s <= RULE_ROWS), starts[-1])
        return [s for s in starts if s <= last]

    def shown_top(self, lines: list[tuple[str, stats.Tally | None, int]]) -> int:
        """The first rule-set line the box shows now (the list may have shrunk since it scrolled)."""
        return max([s for s in self.list_stops(lines) if s <= self.list_top], default=0)

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

    def head_rows(self) -> list[tuple[str, stats.Tally | None, int]]:
        """The rows above the rule sets: all games, each kind of opponent, the list's heading."""
        g = self.stats.games[self.game]
        out: list[tuple[str, stats.Tally | None, int]] = [("All games", g.total, P.WHITE)]
        for kind in stats.OPPONENTS:
            out.append((f"  against {stats.OPPONENT_TITLES[kind]}", g.opponents.get(kind, stats.Tally()),
                        P.WHITE))
        out.append(("By rule set", None, P.LIGHT_CYAN))
        return out

    def rule_lines(self) -> list[tuple[str, stats.Tally | None, int]]:
        """Every rule set, most played first, its whole name over as many lines as it needs (the
        counts on the first)."""
        g = self.stats.games[self.game]
        out: list[tuple[str, stats.Tally | None, int]] = []
        for name, t in sorted(g.rules.items(), key=lambda kv: (-kv[1].played, kv[0])):
            for i, line in enumerate(self.wrap_name(name)):
                out.append((line, None if i else t, P.WHITE))
        if not out:
            out.append((INDENT + "no games counted yet", None, P.LIGHT_GRAY))
        return out

    def rows(self) -> list[tuple[str, stats.Tally | None, int]]:
        """(label, counts, colour) per line drawn, top to bottom; counts None for a heading or
        a rule set's further lines: the head rows, then the rule-set lines the box shows now."""
        lines = self.rule_lines()
        top = self.shown_top(lines)
        return self.head_rows() + lines[top:top + RULE_ROWS]

    def label_room(self) -> int:
        """Letters a label may take without running into the Played column's title."""
        font = self.app.font
        return (COLUMNS[0][1] - font.width(COLUMNS[0][0]) - LABEL_GAP - self.label_x()) // font.width("M")

    def wrap_name(self, name: str) -> list[str]:
        """A rule set's name in lines that fit the label room: broken after a " + " (the next
        rule starts the next line), a single rule too long for a line at a space, and a word
        too long for even that (never from the game) at the room's edge."""
        room = self.label_room()
        parts = name.split(" + ")
        lines: list[str] = []
        cur = INDENT
        for i, part in enumerate(parts):
            tail = "" if i == len(parts) - 1 else " +"
            piece = part + tail
            sep = "" if cur.strip() == "" else " "
            if len(cur) + len(sep) + len(piece) <= room:
                cur += sep + piece
                continue
            if cur.strip():
                lines.append(cur)
                cur = MORE
            for word in piece.split(" "):
                sep = "" if cur.strip() == "" else " "
                if len(cur) + len(sep) + len(word) > room and cur.strip():
                    lines.append(cur)
                    cur = MORE
                    sep = ""
                while len(cur) + len(word) > room:
                    cut = room - len(cur)
                    lines.append(cur + word[:cut])
                    cur, word = MORE, word[cut:]
                cur += sep + word
        if cur.strip():
            lines.append(cur)
        return lines

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
        """The label as drawn: rule-set names arrive wrapped (:meth:`wrap_name`); any other label
        too long for the room is cut after its last whole part with an ellipsis."""
        font = self.app.font
        room = self.label_room()
        if len(label) <= room:
            return label
        head = label[:room - 1]
        for sep in (" + ", " "):
            cut = head.rfind(sep)
            if cut > len(label) - len(label.lstrip()) + 2:
                head = head[:cut]
                break
        return head.rstrip(" +,") + (ELLIPSIS if font.has(ELLIPSIS) else ".")

    def list_rect(self) -> pygame.Rect:
        """The box the rule-set lines scroll in (its right edge holds the scroll bar)."""
        top = self.row_y(len(self.head_rows()))
        return pygame.Rect(self.label_x(), top, self.inner().right - 4 - self.label_x(), RULE_ROWS * LINE_H)

    def draw_scroll_mark(self, surface: pygame.Surface) -> None:
        """A bar beside the list when it holds more than the box shows: the light part is where
        the box is in the list, so a player sees there is more and where."""
        lines = self.rule_lines()
        if len(lines) <= RULE_ROWS:
            return
        last = self.list_stops(lines)[-1]
        box = self.list_rect()
        bar = pygame.Rect(box.right - 4, box.y, 4, box.h)
        surface.fill(P.DARK_GRAY, bar)
        h = max(8, bar.h * RULE_ROWS // len(lines))
        y = bar.y + (bar.h - h) * self.shown_top(lines) // max(1, last)
        surface.fill(P.LIGHT_GRAY, (bar.x, y, bar.w, h))

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
        self.draw_scroll_mark(surface)
        gone = self.stats.games[self.game].total.abandoned if self.game in self.stats.games else 0
        note = (f"{gone} online game{'s' if gone != 1 else ''} ended abandoned (not in Played)." if gone
                else "Counted for the first person at the screen (P1, or Green in Jayden).")
        font.draw_centered(surface, note, self.frame.centerx, self.frame.bottom - 40, P.LIGHT_CYAN)
        keys = self.app.input.keymap
        scroll = "\u2191\u2193 rule sets  " if len(self.rule_lines()) > RULE_ROWS else ""
        foot = f"{scroll}\u2190\u2192 other game  {keys.label('reset_stats')} reset  {keys.label('back')} back"
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
