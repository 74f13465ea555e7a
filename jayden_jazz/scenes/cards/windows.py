"""Windows of the card game: the pass screen, menus, abilities, end of game, pack lists.

They are small scenes pushed over the setup screen or the table; each one
reports the player's choice through a callback and closes on Esc.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable

import pygame

from jayden_jazz.cards import Card
from jayden_jazz.cards.catalog import Problem
from jayden_jazz.cards.result import Result
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cardkit.library import problem_lines, problem_style
from jayden_jazz.scenes.windows import ChoiceWindow, TextWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, MenuItem, draw_window
from jayden_jazz.tables.cards.movelog import LogLine, MoveLog

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

SCREEN = pygame.Rect(0, 0, 640, 350)


class PassScreen(Scene):
    """Covers the whole table so the next person can take the seat unseen."""

    opaque = True

    def __init__(self, app: AppView, seat: int, *, on_ready: Callable[[], None],
                 on_menu: Callable[[], None] | None = None, what: str = "to play",
                 summary: str = "") -> None:
        super().__init__(app)
        self.seat = seat
        self.summary = summary
        self.on_ready = on_ready
        self.on_menu = on_menu
        self.what = what
        self.rect = pygame.Rect(120, 100, 400, 150)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.ACTION:
            self.close()
            self.on_ready()
        elif action.kind == Kind.BACK and self.on_menu is not None:
            self.on_menu()

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        name = seats.seat_name(self.seat)
        inner = draw_window(surface, font, self.rect, "Hands are hidden", fill=seats.dark(self.seat),
                            border=seats.light(self.seat))
        font.draw_centered(surface, f"Pass to {name} ({seats.COLOUR_NAMES[self.seat]})", inner.centerx,
                           inner.y + 14, P.YELLOW)
        font.draw_centered(surface, "Everyone else: please look away.", inner.centerx, inner.y + 44, P.WHITE)
        font.draw_centered(surface, f"{name}, press Enter {self.what}.", inner.centerx, inner.y + 74, P.WHITE)
        font.draw_centered(surface, "Esc: menu", inner.centerx, inner.y + 104, P.LIGHT_GRAY)
        if self.summary:
            # what changed on the (public) field since this person's last turn
            y = self.rect.bottom + 16
            for line in wrap(self.summary, 70)[:4]:
                font.draw_centered(surface, line, self.rect.centerx, y, P.LIGHT_CYAN)
                y += 14


def pack_problems_window(app: AppView, problems: list[Problem]) -> TextWindow:
    cols = (560 - 24 - 16) // 8
    lines = problem_lines(problems, cols)
    from jayden_jazz.scenes.cardkit.library import problem_summary

    warnings = sum(1 for p in problems if not p.is_error)
    head = [problem_summary(problems) + f"; {warnings} warning{'s' if warnings != 1 else ''}.",
            "The other cards still play.", ""]
    return TextWindow(app, "Pack problems", head + lines, styles=problem_style)


class PacksWindow(Scene):
    """Ticks which packs take part; at least one stays on."""

    opaque = False

    def __init__(self, app: AppView, packs: list[tuple[str, str, int]], off: list[str],
                 on_done: Callable[[list[str]], None]) -> None:
        super().__init__(app)
        self.packs = packs               # (id, name, cards)
        self.off = set(off)
        self.on_done = on_done
        self.index = 0
        h = 24 + 6 + LINE_H * (len(packs) + 3) + 8
        self.rect = pygame.Rect(0, 0, 440, min(h, 330))
        self.rect.center = SCREEN.center
        self.top = 0
        self.rows = max(1, (self.rect.h - 24 - 6 - 8) // LINE_H - 3)

    def _items(self) -> int:
        return len(self.packs) + 1       # packs, then Done

    def _toggle(self, i: int) -> None:
        pid = self.packs[i][0]
        if pid in self.off:
            self.off.discard(pid)
        else:
            if len(self.off) + 1 >= len(self.packs):
                self.app.sound.play("illegal")
                return
            self.off.add(pid)
        self.app.sound.play("menu")

    def _finish(self) -> None:
        self.close()
        self.on_done(sorted(self.off))

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        inner = self.rect.inflate(-12, -12)
        y0 = inner.y + 6 + LINE_H * 2
        if not inner.collidepoint(pos):
            return None
        i = (pos[1] - y0) // LINE_H
        if 0 <= i < min(self.rows, len(self.packs) - self.top):
            return self.top + i
        if i == min(self.rows, len(self.packs) - self.top):
            return len(self.packs)
        return None

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self._finish()
        elif k == Kind.MOVE and action.dy:
            self.index = (self.index + action.dy) % self._items()
        elif k == Kind.SCROLL:
            self.index = (self.index + action.dy) % self._items()
        elif k == Kind.POINT and action.pos is not None:
            i = self._row_at(action.pos)
            if i is not None:
                self.index = i
        elif k == Kind.ACTION:
            if action.pos is not None:
                i = self._row_at(action.pos)
                if i is None:
                    return
                self.index = i
            if self.index == len(self.packs):
                self._finish()
            else:
                self._toggle(self.index)
        if self.index < len(self.packs):
            if self.index < self.top:
                self.top = self.index
            elif self.index >= self.top + self.rows:
                self.top = self.index - self.rows + 1

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Card packs")
        font.draw(surface, "Enter ticks a pack; at least one stays on.", inner.x + 4, inner.y, P.LIGHT_CYAN)
        y = inner.y + LINE_H * 2
        for i in range(self.top, min(len(self.packs), self.top + self.rows)):
            pid, name, n = self.packs[i]
            on = pid not in self.off
            mark = "\u2713" if on else " "
            text = f"[{mark}] {name} ({n} card{'s' if n != 1 else ''})"
            text = text[:(inner.w - 16) // 8]
            if i == self.index:
                surface.fill(P.CYAN, (inner.x, y, inner.w, LINE_H))
            font.draw(surface, text, inner.x + 8, y + 1, P.BLACK if i == self.index else
                      (P.WHITE if on else P.LIGHT_GRAY))
            y += LINE_H
        if self.index == len(self.packs):
            surface.fill(P.CYAN, (inner.x, y, inner.w, LINE_H))
        font.draw(surface, "Done", inner.x + 8, y + 1, P.BLACK if self.index == len(self.packs) else P.WHITE)


def table_menu(app: AppView, on_choose: Callable[[str], None],
               entries: list[tuple[str, str]] | None = None) -> ChoiceWindow:
    if entries is not None:
        return ChoiceWindow(app, "Menu", [MenuItem(label, value) for label, value in entries],
                            on_choose=on_choose, width=300)
    items = [MenuItem("Resume", "resume"), MenuItem("Move log (L)", "log"), MenuItem("Rules summary", "rules"),
             MenuItem("Options", "options"), MenuItem("New game", "new"),
             MenuItem("Save game", "save"), MenuItem("Load game", "load"),
             MenuItem("Watch replay", "replay"),
             MenuItem("Quit to title", "title")]
    return ChoiceWindow(app, "Menu", items, on_choose=on_choose, width=240)


def ability_window(app: AppView, card: Card, captured: int, offered: list[int],
                   on_choose: Callable[[Any], None], on_cancel: Callable[[], None], *,
                   avoid: list[pygame.Rect] | None = None, field: pygame.Rect | None = None,
                   targets: list[pygame.Rect] | None = None) -> ChoiceWindow:
    """After a multiple capture: one of the played card's abilities, or none.

    The window goes where it covers none of ``avoid`` (the played card and
    the cards it captured) when it can, else where it covers least of
    them; then the least of the cells its abilities could pick (``targets``);
    among equals, wide windows first, then the least of ``field``.
    """
    from jayden_jazz.cards.language import describe

    parts = [f"{card.name} captures {captured} cards! You may use one of its abilities."]
    items = []
    for n, ab in enumerate(card.abilities, 1):
        name = ab.name or f"Ability {n}"
        ok = n in offered
        parts.append(f"{n}. {name}: {ab.text or describe(ab)}" + ("" if ok else " (not possible now)"))
        items.append(MenuItem(f"Use {n}: {name}"[:50], n, enabled=ok))
    items.append(MenuItem("No ability", "none"))

    def make(width: int) -> ChoiceWindow:
        return ChoiceWindow(app, "Multiple capture", list(items), text="\n".join(parts), on_choose=on_choose,
                            on_cancel=on_cancel, width=width, fill=P.BLUE)

    if not avoid:
        return make(520)
    best: tuple | None = None
    for width in (520, 300, 240):
        win = make(width)
        h = win.rect.h
        xs = [(640 - width) // 2] if width == 520 else [2, 640 - width - 2]
        ys = [350 - h, 0, (350 - h) // 2]
        for x in xs:
            for y in ys:
                r = pygame.Rect(x, y, width, h)
                score = (_covered(r, avoid), _covered(r, targets or []), -width,
                         _covered(r, [field]) if field else 0)
                if best is None or score < best[0]:
                    best = (score, width, x, y)
    assert best is not None
    _, width, x, y = best
    win = make(width)
    move_window(win, x, y)
    return win


def _covered(rect: pygame.Rect, rects: list[pygame.Rect]) -> int:
    return sum(rect.clip(a).w * rect.clip(a).h for a in rects)


def move_window(win: ChoiceWindow, x: int, y: int) -> None:
    win.rect = pygame.Rect(x, y, win.rect.w, win.rect.h)
    inner = win.rect.inflate(-12, -12)
    inner.y += 6
    win.menu.layout(inner.x, inner.y + LINE_H * len(win.lines) + (8 if win.lines else 0), inner.w)


def log_lines(lines: Sequence[LogLine], cols: int) -> list[str]:
    """The move log wrapped to ``cols``; a leading marker carries the seat colour for drawing."""
    out: list[str] = []
    for ln in lines:
        mark = chr(0x10 + ln.seat) if ln.seat is not None else "\x1f"
        head = MoveLog.prefix(ln)
        parts = wrap(ln.text, cols - len(head) - 2) or [""]
        out.append(mark + head + parts[0])
        out += [mark + " " * (len(head) + 2) + p for p in parts[1:]]
    return out


def _log_style(line: str) -> tuple[str, int]:
    code = ord(line[0]) if line else 0
    if 0x10 <= code < 0x10 + seats.MAX_SEATS:
        return line[1:], seats.light(code - 0x10)
    return line[1:], P.WHITE


def log_window(app: AppView, log: Sequence[LogLine]) -> "TextWindow":
    """The move log (its lines, each with the seat it is about), scrolled to the latest line."""
    cols = (560 - 24 - 16) // 8
    lines = log_lines(log, cols) or ["\x1fNo card has been placed yet."]
    win = TextWindow(app, "Move log", lines, styles=_log_style, fill=P.BLACK)
    win.view.top = win.view.max_top
    return win


def rules_window(app: AppView, lines: list[str], on_instructions: Callable[[], None]) -> Scene:
    """The rules of this game; a scrolling text when many classic rules make it too long for a window."""
    wrapped = wrap("\n".join(lines), (560 - 24) // 8)
    if len(wrapped) > 15:
        return TextWindow(app, "Rules of this game", wrapped)
    return ChoiceWindow(app, "Rules of this game", [MenuItem("OK", "ok"), MenuItem("Full instructions", "full")],
                        text="\n".join(lines), width=560,
                        on_choose=lambda v: on_instructions() if v == "full" else None)


ROW = "\x00"
"""Marks a line of the end window that keeps its spacing (a table row)."""


def describe_result(result: Result, names: tuple[str, ...], reason_extra: str = "") -> tuple[str, str]:
    """The end window's title and text: the winner and why, then each seat's count of cards.

    A tie shows the tie-break: the points left in each tied hand, and a
    shared draw when those tie too.
    """
    def who(s: int) -> str:
        return names[s] if s < len(names) else seats.seat_name(s)

    def join(ss: tuple[int, ...] | list[int]) -> str:
        ws = [who(s) for s in ss]
        return ws[0] if len(ws) == 1 else ", ".join(ws[:-1]) + " and " + ws[-1]

    lines = []
    winner = who(result.winners[0])
    tied = list(result.tied)
    if result.decided_by == "sudden_death":
        title = f"{winner} wins"
        lines.append(f"Sudden Death: {winner} captured two or more cards with one placement "
                     "and wins at once.")
    elif result.decided_by == "instant_win":
        title = f"{winner} wins"
        lines.append(f"{winner} used an ability that wins the game at once"
                     + (f" ({reason_extra})." if reason_extra else "."))
    else:
        if result.reason == "no_cards":
            lines.append("No player had a card left to play.")
        best = result.scores[tied[0]]
        if result.decided_by == "cards":
            title = f"{winner} wins"
            lines.append(f"{winner} controls the most cards ({best}).")
        else:
            points = ", ".join(f"{who(s)} {result.hand_points[s]}" for s in tied)
            lines.append(f"{join(tied)} tie with {best} cards each. Tie-break, points left in hand: "
                         f"{points}.")
            if result.decided_by == "hand_points":
                title = f"{winner} wins"
                lines.append(f"{winner} has the most points left in hand and wins.")
            else:
                title = "Shared draw"
                lines.append(f"Still tied: {join(list(result.winners))} share a draw.")
    lines.append("")
    for s, n in enumerate(result.scores):
        row = f"{who(s)} ({seats.COLOUR_NAMES[s]}):".ljust(20) + f"{n:2d} card{'s' if n != 1 else ' '}"
        if len(tied) > 1 and s in tied and result.decided_by not in ("sudden_death", "instant_win"):
            row += f", {result.hand_points[s]} points in hand"
        if s in result.winners:
            row += "  \u2190 " + ("wins" if len(result.winners) == 1 else "draw")
        lines.append(ROW + row)
    return title, "\n".join(lines)


class EndWindow(ChoiceWindow):
    """The end of the game: prose is wrapped, the per-seat table keeps its columns.

    The cursor starts on "Look at the table", which only closes the window:
    an Enter meant for the last card must not start a rematch or a new game.
    """

    def __init__(self, app: AppView, title: str, text: str, on_choose: Callable[[str], None],
                 items: list[MenuItem] | None = None) -> None:
        items = items or [MenuItem("Rematch (same hands)", "rematch"), MenuItem("New game", "new"),
                          MenuItem("Watch replay", "replay"),
                          MenuItem("Look at the table", "look"), MenuItem("Back to title", "title")]
        super().__init__(app, title, items, on_choose=on_choose, width=520, fill=P.MAGENTA,
                         on_cancel=lambda: on_choose("look"))
        cols = (self.rect.w - 24) // 8
        lines: list[str] = []
        for para in text.split("\n"):
            if para.startswith(ROW):
                lines.append(para[len(ROW):][:cols])
            else:
                lines.extend(wrap(para, cols) if para else [""])
        self.lines = lines
        h = 24 + 6 + LINE_H * len(lines) + 8 + LINE_H * len(items)
        self.rect = pygame.Rect(0, 0, self.rect.w, min(h, 340))
        self.rect.center = SCREEN.center
        inner = self.rect.inflate(-12, -12)
        inner.y += 6
        self.menu.layout(inner.x, inner.y + LINE_H * len(lines) + 8, inner.w)
        self.menu.index = [i.value for i in items].index("look")


def end_window(app: AppView, title: str, text: str, on_choose: Callable[[str], None],
               items: list[MenuItem] | None = None) -> ChoiceWindow:
    """The end of the game; ``items`` instead of the offline choices (online: no rematch here)."""
    return EndWindow(app, title, text, on_choose, items)
