"""The Instructions viewer: scrolling text, one topic per tab.

The texts are short versions of the rules in ``docs/rules/jayden.md`` and
``docs/rules/cards.md`` (which they point the player to) and live in
``assets/text`` so they can be edited without touching code. Lines starting
with ``# `` are headings, ``- `` are list items; a list item that starts
with a Jayden piece's name and letter ("- Hero (H): ...") gets the piece's
picture beside it.
"""

from __future__ import annotations

import re

import pygame

from jayden_jazz import paths
from jayden_jazz.shell import palette as P
from jayden_jazz.scenes.jayden.render import CELL_H, SPRITE_BY_LETTER, fit_height
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell.art import sprite_sheet
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, TextView, draw_window
from jayden_jazz.tables.jayden.names import PIECE_NAME

TOPICS = [
    ("Jayden", "instructions_jayden.txt"),
    ("Jazz Card Game", "instructions_cards.txt"),
    ("Keys & Files", "instructions_general.txt"),
]
FRAME = pygame.Rect(8, 8, 624, 334)
TEXT = pygame.Rect(24, 48, 592, 16 * LINE_H)
PIECE_ITEM = re.compile(r"^([A-Z][a-z]+) \(([A-Z])\): ")
GUTTER = "     "          # room for a piece's picture (32 pixels) left of its item


def load_topic(filename: str, columns: int, extra: dict[str, str] | None = None) -> list[str]:
    try:
        raw = paths.asset("text", filename).read_text(encoding="utf-8")
    except OSError as e:
        return [f"(could not read {filename}: {e})"]
    for key, value in (extra or {}).items():
        raw = raw.replace("{" + key + "}", value)
    lines: list[str] = []
    for para in raw.split("\n"):
        if para.startswith("# "):
            if lines and lines[-1]:
                lines.append("")
            lines.append("\x01" + para[2:])   # heading marker
        elif (m := PIECE_ITEM.match(para[2:])) and PIECE_NAME.get(m.group(2)) == m.group(1):
            sub = wrap(para[2:], columns - len(GUTTER))
            lines.extend(["\x03" + m.group(2) + sub[0]] + [GUTTER + s for s in sub[1:] or [""]])
        elif para.startswith("- "):
            sub = wrap(para[2:], columns - 2)
            lines.extend(["\x02" + sub[0]] + ["  " + s for s in sub[1:]])
        else:
            lines.extend(wrap(para, columns))
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _style(line: str) -> tuple[str, int]:
    if line.startswith("\x01"):
        return line[1:], P.YELLOW
    if line.startswith("\x02"):
        return "\u2022 " + line[1:], P.WHITE
    if line.startswith("\x03"):
        return GUTTER + line[2:], P.WHITE
    return line, P.LIGHT_GRAY


class InstructionsScene(Scene):
    def __init__(self, app: AppView, topic: int | str = 0) -> None:
        """``topic``: its number, or a word of its tab's name ("Card") for screens that open one."""
        super().__init__(app)
        if isinstance(topic, str):
            topic = next((i for i, (name, _) in enumerate(TOPICS) if topic in name), 0)
        self.topic = topic
        extra = {}
        dirs = getattr(app, "dirs", None)
        if dirs is not None:
            extra = {"settings_file": str(dirs.settings_file), "saves_dir": str(dirs.saves),
                     "cards_dir": str(dirs.cards)}
        self.views = [TextView(load_topic(f, TEXT.w // 8 - 1, extra), TEXT.h // LINE_H) for _, f in TOPICS]
        self.tab_rects: list[pygame.Rect] = []
        self.pieces = {name: fit_height(s, CELL_H) for name, s in sprite_sheet("pieces.txt", "green").items()}
        x = 24
        for name, _ in TOPICS:
            w = len(name) * 8 + 16
            self.tab_rects.append(pygame.Rect(x, 24, w, LINE_H))
            x += w + 8

    @property
    def view(self) -> TextView:
        return self.views[self.topic]

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
        elif k == Kind.MOVE and action.dy == 0:
            self.topic = (self.topic + action.dx) % len(TOPICS)
        elif k in (Kind.ACTION, Kind.POINT) and action.pos is not None:
            for i, r in enumerate(self.tab_rects):
                if r.collidepoint(action.pos) and k == Kind.ACTION:
                    self.topic = i
        elif k == Kind.ALT:
            self.topic = (self.topic + 1) % len(TOPICS)
        else:
            self.view.handle(action)

    def redraw_in(self) -> None:
        return None          # nothing moves by itself: redrawn on input only

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        draw_window(surface, font, FRAME, "Instructions", fill=P.BLUE)
        for i, ((name, _), r) in enumerate(zip(TOPICS, self.tab_rects)):
            on = i == self.topic
            surface.fill(P.CYAN if on else P.DARK_GRAY, r)
            font.draw(surface, name, r.x + 8, r.y + 1, P.BLACK if on else P.LIGHT_GRAY)
        self.view.draw(surface, font, TEXT, styles=_style)
        for i, line in enumerate(self.view.lines[self.view.top:self.view.top + self.view.rows]):
            if line.startswith("\x03"):
                piece = self.pieces.get(SPRITE_BY_LETTER.get(line[1], ""))
                if piece is not None:
                    surface.blit(piece, (TEXT.x, TEXT.y + i * LINE_H + 1),
                                 (0, 0, piece.get_width(), min(piece.get_height(), TEXT.bottom - TEXT.y - i * LINE_H)))
        v = self.view
        pos = f"{min(v.top + v.rows, len(v.lines))}/{len(v.lines)}"
        font.draw(surface, "\u2191\u2193 scroll  PgUp/PgDn page  \u2190\u2192 topic  Esc back", 24, 318, P.LIGHT_CYAN)
        font.draw(surface, pos, 616 - font.width(pos), 318, P.LIGHT_CYAN)
