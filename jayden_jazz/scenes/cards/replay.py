"""Watching a card game again, placement by placement, with the move log beside the field.

The log is written once from the engine's own reports (``Game.play``), so
it says what each placement did (captures, abilities, effects) the way the
table said it; stepping back and forth then only pushes and pops actions.
When the game is unfinished and its hands are hidden, the log never names
a card in someone's hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import Card, Game, GameRecord
from jayden_jazz.cards import events as ev
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.table_names import TableNames
from jayden_jazz.scenes.cardkit.cards_art import draw_face, draw_slot
from jayden_jazz.scenes.cardkit.elements_art import cell_under_card, empty_cell_element
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.input import Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, draw_window
from jayden_jazz.tables.cards.movelog import cause_text

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

STEP_TICKS = 50
FIELD_AREA = pygame.Rect(6, 20, 428, 296)
LOG_RECT = pygame.Rect(440, 22, 196, 294)
LOG_COLS = (LOG_RECT.w - 16) // 8


def fit_line(text: str, indent: int) -> list[str]:
    """A log line in rows of the log's width, broken at words (a long card name is never cut);
    rows after the first are indented under it."""
    if len(text) <= LOG_COLS:
        return [text]
    lead = len(text) - len(text.lstrip())
    rows = wrap(text.strip(), LOG_COLS - lead)
    first, rest = " " * lead + rows[0], " ".join(rows[1:])
    return [first] + [" " * indent + r for r in wrap(rest, LOG_COLS - indent)]


def describe_report(rep: ev.Report, catalog: Mapping[str, Card], hide: bool) -> list[str]:
    """The log lines for one action: the placement, then what it did."""
    def name(cid: str) -> str:
        c = catalog.get(cid)
        return c.name if c is not None else cid

    lines: list[str] = []
    caught = len(rep.captures)
    head = f"P{rep.seat + 1} {name(rep.action.card)} {rep.action.cell}"
    if caught:
        head += f" \u00d7{caught}"
    lines.append(head)
    for e in rep.events:
        if isinstance(e, ev.Captured):
            lines.append(f"  {e.cell} captured ({cause_text(e)})")
        elif isinstance(e, ev.AbilityUsed):
            card = catalog.get(e.card)
            ab = card.abilities[e.number - 1] if card is not None and e.number <= len(card.abilities) else None
            lines.append(f"  uses {ab.name if ab is not None and ab.name else 'ability ' + str(e.number)}")
        elif isinstance(e, ev.ControlGained):
            lines.append(f"  takes {e.cell}")
        elif isinstance(e, ev.Swapped):
            lines.append(f"  swaps {e.cell}" + ("" if hide else f" for {name(e.to_field)}"))
        elif isinstance(e, ev.FieldReset):
            lines.append("  the field is reset")
        elif isinstance(e, ev.EffectEnded):
            lines.append(f"  effect of {name(e.card)} ends")
        elif isinstance(e, ev.SeatSkipped):
            lines.append(f"  P{e.seat + 1} has no card: skipped")
        elif isinstance(e, ev.GameEnded):
            lines.append("  " + e.result.summary(tuple(f"P{s + 1}" for s in range(len(e.result.scores)))))
    return lines


class CardsReplayScene(Scene):
    opaque = True

    def __init__(self, app: AppView, record: GameRecord, catalog: Mapping[str, Card], *,
                 names: tuple[str, ...] = (), hide: bool = False, playing: bool = True) -> None:
        super().__init__(app)
        self.catalog = catalog
        self.names = names
        self.actions = list(record.actions)
        self.game: Game = record.replay(catalog, upto=0)
        writer = self.game.clone()
        self.log: list[list[str]] = [describe_report(writer.play(a), catalog, hide) for a in self.actions]
        self.index = 0            # actions applied so far
        self.playing = playing and bool(self.actions)
        self.step_ticks = max(8, int(STEP_TICKS * animation_factor(app.settings["animation"])))
        self.timer = self.step_ticks
        self.changed_cells: frozenset[int] = frozenset()   # cells the last action placed or turned
        self.card_names = TableNames()    # small faces' short names, told apart across the field shown
        self.lay_out()

    # ------------------------------------------------------------------ stepping
    def lay_out(self) -> None:
        f = self.game.field
        size = min(FIELD_AREA.w // f.width, FIELD_AREA.h // f.height, 98)   # 3x3: large faces, whole names
        self.cell_w = size
        self.cell_h = size
        w, h = size * f.width, size * f.height
        self.origin = (FIELD_AREA.x + (FIELD_AREA.w - w) // 2, FIELD_AREA.y + (FIELD_AREA.h - h) // 2)

    def cell_rect(self, i: int) -> pygame.Rect:
        f = self.game.field
        return pygame.Rect(self.origin[0] + (i % f.width) * self.cell_w,
                           self.origin[1] + (i // f.width) * self.cell_h, self.cell_w, self.cell_h)

    def step(self, d: int) -> None:
        g = self.game
        if d > 0 and self.index < len(self.actions):
            before = {c: g.owner_at(c) for c in g.field.cells}
            g.push(self.actions[self.index])
            self.index += 1
            self.changed_cells = frozenset(c for c in g.field.cells if g.owner_at(c) != before[c])
        elif d < 0 and self.index > 0:
            g.pop()
            self.index -= 1
            self.changed_cells = frozenset()

    def go_to(self, index: int) -> None:
        index = max(0, min(len(self.actions), index))
        while self.index > index:
            self.step(-1)
        while self.index < index:
            self.step(1)

    def handle(self, action: InputAction) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.close()
        elif k == Kind.MOVE:
            self.playing = False
            if action.dy < 0:
                self.go_to(0)                              # Up or Home: back to the start
            elif action.dy > 0 and not action.dx:
                self.go_to(len(self.actions))              # Down: the end
            else:
                self.step(action.dx)
        elif k == Kind.ACTION:
            if action.pos is not None and LOG_RECT.collidepoint(action.pos):
                row = self.row_at(action.pos[1])
                if row is not None:
                    self.playing = False
                    self.go_to(row)
                    return
            if not self.playing and self.index >= len(self.actions):
                self.go_to(0)                              # play again from the start
            self.playing = not self.playing
            self.timer = self.step_ticks
        elif k == Kind.SCROLL:
            self.playing = False
            self.step(-action.dy)

    def redraw_in(self) -> int | None:
        """Playing: at the next step (the picture changes only then); paused: never on its own."""
        return max(1, self.timer) if self.playing else None

    def update(self) -> None:
        if not self.playing:
            return
        self.timer -= 1
        if self.timer <= 0:
            self.timer = self.step_ticks
            if self.index < len(self.actions):
                self.step(1)
            else:
                self.playing = False

    # ------------------------------------------------------------------ the log
    def log_lines(self) -> list[tuple[str, int]]:
        """(text, index it jumps to): the start, then each action and what it did."""
        out = [("Start: dealt hands", 0)]
        for i, lines in enumerate(self.log, 1):
            out += [(t, i) for t in fit_line(f"{i:>2}. {lines[0]}", 4)]
            for t in lines[1:]:
                out += [(row, i) for row in fit_line(t, len(t) - len(t.lstrip()) + 2)]
        return out

    def log_window(self) -> tuple[list[tuple[str, int]], int]:
        lines = self.log_lines()
        rows = (LOG_RECT.h - 16) // LINE_H
        cur = next((n for n, (_, i) in enumerate(lines) if i == self.index), 0)
        first = max(0, min(cur - rows // 2, len(lines) - rows))
        return lines[first:first + rows], first

    def row_at(self, y: int) -> int | None:
        shown, _ = self.log_window()
        n = (y - (LOG_RECT.y + 10)) // LINE_H
        return shown[n][1] if 0 <= n < len(shown) else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        g = self.game
        surface.fill(P.BLACK)
        state = "playing" if self.playing else "paused"
        f = g.field
        frame = pygame.Rect(self.origin, (self.cell_w * f.width, self.cell_h * f.height)).inflate(6, 6)
        surface.fill(P.BROWN, frame)
        pygame.draw.rect(surface, P.YELLOW, frame, 1)
        for col in range(f.width):                        # the cell names the log uses: a1, b2, ...
            font.draw_centered(surface, chr(ord("a") + col), self.origin[0] + col * self.cell_w + self.cell_w // 2,
                               frame.y - 15, P.LIGHT_GRAY)
        for row in range(f.height):
            text = str(row + 1)
            font.draw(surface, text, frame.x - 3 - font.width(text),
                      self.origin[1] + row * self.cell_h + (self.cell_h - 14) // 2, P.LIGHT_GRAY)
        self.card_names.see(card.name for card in map(g.card_at, f.cells) if card is not None)
        for i in range(f.size):
            r = self.cell_rect(i).inflate(-2, -2)
            if not f.is_playable(i):
                continue                                  # a hole: the table shows through
            card = g.card_at(i)
            element = g.element_at(i)
            if card is None:
                draw_slot(surface, r)
                if element is not None:
                    empty_cell_element(surface, r, element)
                continue
            draw_face(surface, font, r, card, g.owner_at(i), g.effective_sides(i), picture=self.cell_w >= 70,
                      short=self.card_names.short(card.name, r.size))
            if element is not None:
                cell_under_card(surface, font, r, element, g.elemental(i))
            if i in self.changed_cells:
                pygame.draw.rect(surface, P.WHITE, r, 2)
        inner = draw_window(surface, font, LOG_RECT, f"Replay {self.index}/{len(self.actions)} {state}")
        shown, _ = self.log_window()
        y = LOG_RECT.y + 10
        for text, i in shown:
            now = i == self.index
            if now:
                surface.fill(P.CYAN, (inner.x, y - 1, inner.w, LINE_H))
            colour = P.BLACK if now else (P.WHITE if not text.startswith("  ") else P.LIGHT_GRAY)
            font.draw(surface, text, inner.x + 2, y, colour)
            y += LINE_H
        x = 6
        for s in range(g.players):
            text = f"P{s + 1} field {g.scores()[s]} hand {len(g.hand(s))}  "
            x = font.draw(surface, text, x, 320, seats.light(s))
        font.draw(surface, "\u2190\u2192 step  \u2191 start  \u2193 end  Enter play/pause  Esc back",
                  6, 335, P.LIGHT_GRAY)


def demo(app: AppView) -> CardsReplayScene:
    """``--scene cards-replay``: a random game of the loaded cards, to look at the viewer."""
    import random

    from jayden_jazz.cards import Rules, deal_random, get_field, new_game
    from jayden_jazz.scenes.cardkit.library import load_library

    rng = random.Random(app.rng.random())
    library = load_library(app)
    field = get_field("3x3")
    hands = deal_random(library.card_ids(), field, 2, Rules(), rng)
    game = new_game(library.catalog, field, hands, Rules(), rng=rng)
    while not game.is_over():
        game.push(rng.choice(game.legal_actions()))
    return CardsReplayScene(app, game.record(), library.catalog)
