"""Choosing hands: each seat picks its cards from every card on offer.

A scrolling grid of small cards on the left, the full card under the
cursor on the right. No card twice in one hand; "Random hand" fills the
rest. A computer seat picks its own. Without Open, and with two or more
people at the screen, a pass screen comes before each person's choice so
nobody sees another's hand.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

import pygame

from jayden_jazz.cards import Card
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.cards_art import MINI, draw_face
from jayden_jazz.scenes.cards.cardview import VIEW_W, CardView
from jayden_jazz.scenes.cards.config import Match, MatchConfig, setup_for_ai
from jayden_jazz.scenes.cards.library import Library, load_library
from jayden_jazz.scenes.cards.windows import PassScreen
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import PlayScene

GRID = pygame.Rect(6, 36, 380, 246)
PITCH_X, PITCH_Y = 34, 44
COLS = GRID.w // PITCH_X
ROWS = GRID.h // PITCH_Y
STRIP = pygame.Rect(6, 306, 230, 40)
BUTTONS = ("Random hand", "Clear", "Done")
BUTTON_X, BUTTON_W = 246, 140
BUTTON_Y0 = 288
VIEW_X = 640 - VIEW_W


class HandChoiceScene(PlayScene):
    helper_attr = "brain"

    def __init__(self, app: Any, config: MatchConfig, library: Library | None = None, *,
                 brain: Any = None) -> None:
        super().__init__(app)
        self.library = library or load_library(app)
        self.config = config
        self.field = self.library.fields[config.field]
        self.rules = config.rules()
        self.size = self.rules.hand_size(self.field.playable_count, config.players)
        self.pool = list(dict.fromkeys(self.library.card_ids(config.packs_off)))
        self.rng = random.Random(app.rng.random())
        today = datetime.date.today()
        self.date = config.date or (today.year, today.month)
        self.brain = brain
        self.hands: list[tuple[str, ...]] = []
        self.seat = 0
        self.picked: list[str] = []
        self.index = 0                 # grid cursor
        self.focus = "grid"            # or "buttons"
        self.button = 0
        self.top_row = 0
        self.phase = "start"           # start, pass, choose, computer
        self.ai_waiting = False
        self.message = ""
        self._views: dict[str, CardView] = {}
        self.ticks = 0

    # ------------------------------------------------------------------ seats
    def enter(self) -> None:
        if self.phase == "start":
            self._begin_seat()

    @property
    def catalog(self):
        return self.library.catalog

    def _begin_seat(self) -> None:
        self.picked = []
        self.index = 0
        self.top_row = 0
        self.focus = "grid"
        self.message = ""
        if self.seat >= self.config.players:
            self.finish()
            return
        seat_cfg = self.config.seats[self.seat]
        if seats.is_computer(seat_cfg):
            self.phase = "computer"
            self.ai_waiting = False
            return
        if self.config.hides_hands():
            self.phase = "pass"
            if self.stack is not None:
                self.stack.push(PassScreen(self.app, self.seat, on_ready=self._ready, on_menu=self._cancel,
                                           what="to choose your hand"))
            return
        self.phase = "choose"

    def _ready(self) -> None:
        self.phase = "choose"

    def _cancel(self) -> None:
        """Esc on the pass screen: back to the setup (nothing was chosen that matters)."""
        from jayden_jazz.scenes.cards.setup import CardsSetupScene

        if self.stack is not None:
            self.stack.pop_to(HandChoiceScene)
            if self.stack.top is self:
                self.stack.replace(CardsSetupScene(self.app, self.config))     # packs read again

    def done_seat(self) -> None:
        self.hands.append(tuple(self.picked))
        self.seat += 1
        self.app.sound.play("select")
        self._begin_seat()

    def finish(self) -> None:
        from jayden_jazz.scenes.cards.table import CardsTableScene

        cfg = self.config
        first = cfg.first if cfg.first is not None and cfg.first < cfg.players \
            else self.rng.randrange(cfg.players)
        match = Match(cfg, self.field, tuple(self.hands), first, self.library.pack_dir_texts, self.date)
        brain, self.brain = self.brain, None
        if self.stack is not None:
            self.stack.replace(CardsTableScene(self.app, match, brain=brain, library=self.library))

    # ------------------------------------------------------------------ the computer
    def update(self) -> None:
        self.ticks += 1
        if self.phase == "start":
            self._begin_seat()
        elif self.phase == "pass" and self.stack is not None and self.stack.top is self:
            self._begin_seat()
        elif self.phase == "computer":
            self._computer()

    def _computer(self) -> None:
        if self.brain is None:
            self.brain = seats.make_brain()
        seat_cfg = self.config.seats[self.seat]
        if not self.ai_waiting:
            setup = setup_for_ai(self.config, self.field, self.pool, self.date)
            self.brain.submit_hand(self.library.pack_dir_texts, setup, self.seat,
                                   str(seat_cfg.get("level", "normal")), self.rng.randrange(2 ** 31))
            self.ai_waiting = True
            return
        reply = self.brain.poll()
        if reply is None:
            return
        self.ai_waiting = False
        hand = list(reply.value) if reply.ok and isinstance(reply.value, (list, tuple)) else []
        ok = (len(hand) == self.size and len(set(hand)) == len(hand)
              and all(isinstance(c, str) and c in self.pool for c in hand))
        if not ok:
            hand = self.rng.sample(self.pool, self.size)
        self.picked = list(hand)
        self.done_seat()

    # ------------------------------------------------------------------ picking
    @property
    def still(self) -> int:
        return self.size - len(self.picked)

    def toggle(self, i: int) -> None:
        cid = self.pool[i]
        if cid in self.picked:
            self.picked.remove(cid)
            self.app.sound.play("menu")
            self.message = ""
            return
        if self.still <= 0:
            self.app.sound.play("illegal")
            self.message = "The hand is full: unpick a card or choose Done"
            return
        self.picked.append(cid)
        self.app.sound.play("select")
        if self.still == 0:
            self.focus, self.button = "buttons", BUTTONS.index("Done")

    def random_fill(self) -> None:
        rest = [c for c in self.pool if c not in self.picked]
        self.picked += self.rng.sample(rest, max(0, min(self.still, len(rest))))
        self.app.sound.play("select")
        self.focus, self.button = "buttons", BUTTONS.index("Done")

    def press_button(self, b: int) -> None:
        name = BUTTONS[b]
        if name == "Random hand":
            self.random_fill()
        elif name == "Clear":
            self.picked = []
            self.app.sound.play("menu")
        elif name == "Done":
            if self.still:
                self.app.sound.play("illegal")
                self.message = f"Pick {self.still} more card{'s' if self.still != 1 else ''} first"
                return
            self.done_seat()

    def _scroll_to_cursor(self) -> None:
        row = self.index // COLS
        if row < self.top_row:
            self.top_row = row
        elif row >= self.top_row + ROWS:
            self.top_row = row - ROWS + 1

    def grid_rect(self, i: int) -> pygame.Rect:
        row, col = divmod(i, COLS)
        return pygame.Rect(GRID.x + col * PITCH_X + 2, GRID.y + (row - self.top_row) * PITCH_Y + 2, *MINI)

    def button_rect(self, b: int) -> pygame.Rect:
        return pygame.Rect(BUTTON_X, BUTTON_Y0 + b * 20, BUTTON_W, 18)

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        for b in range(len(BUTTONS)):
            if self.button_rect(b).collidepoint(pos):
                return ("button", b)
        if GRID.collidepoint(pos):
            for i in range(self.top_row * COLS, min(len(self.pool), (self.top_row + ROWS) * COLS)):
                if self.grid_rect(i).collidepoint(pos):
                    return ("grid", i)
        return None

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self._cancel()
            return
        if self.phase != "choose":
            return
        if k == Kind.MOVE:
            if action.dx and action.dy and action.dx > 0:       # PgUp / PgDn scroll the card text
                view = self.current_view()
                if view is not None:
                    view.scroll(action.dy * view.rows)
                return
            self._move(action.dx, action.dy)
        elif k == Kind.SCROLL:
            max_top = max(0, (len(self.pool) - 1) // COLS - ROWS + 1)
            self.top_row = min(max(0, self.top_row + action.dy), max_top)
        elif k == Kind.POINT and action.pos is not None:
            hit = self._hit(action.pos)
            if hit is not None:
                self.focus = "grid" if hit[0] == "grid" else "buttons"
                if hit[0] == "grid":
                    self.index = hit[1]
                else:
                    self.button = hit[1]
        elif k == Kind.ACTION:
            if action.pos is not None:
                hit = self._hit(action.pos)
                if hit is None:
                    return
                self.focus = "grid" if hit[0] == "grid" else "buttons"
                if hit[0] == "grid":
                    self.index = hit[1]
                else:
                    self.button = hit[1]
            if self.focus == "grid":
                if self.pool:
                    self.toggle(self.index)
            else:
                self.press_button(self.button)
        elif k == Kind.ALT:
            view = self.current_view()
            if view is not None:
                view.top = 0 if view.top >= view.max_top else min(view.max_top, view.top + view.rows)
        elif k == Kind.KEY and action.key == "r":
            self.random_fill()

    def _move(self, dx: int, dy: int) -> None:
        n = len(self.pool)
        if self.focus == "buttons":
            if dy:
                b = self.button + dy
                if b < 0:
                    self.focus = "grid"
                    self.index = min(n - 1, (n - 1) // COLS * COLS + self.index % COLS) if n else 0
                else:
                    self.button = min(b, len(BUTTONS) - 1)
            elif dx < 0:
                self.focus = "grid"
            self._scroll_to_cursor()
            return
        if not n:
            self.focus = "buttons"
            return
        i = self.index
        if dx:
            i = min(max(0, i + dx), n - 1)
        if dy:
            j = i + dy * COLS
            if j >= n:
                if i // COLS < (n - 1) // COLS:
                    j = n - 1                      # last, shorter row
                else:
                    self.focus = "buttons"
                    self.button = 0
                    return
            i = max(0, j) if j >= 0 else i
        self.index = i
        self._scroll_to_cursor()

    # ------------------------------------------------------------------ drawing
    def current_card(self) -> Card | None:
        if self.focus == "buttons" or not self.pool or self.phase != "choose":
            if self.picked and self.phase == "choose":
                return self.catalog[self.picked[-1]]
            return None
        return self.catalog[self.pool[self.index]]

    def current_view(self) -> CardView | None:
        card = self.current_card()
        if card is None:
            return None
        view = self._views.get(card.id)
        if view is None:
            view = self._views[card.id] = CardView(self.app.font, card)
        return view

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        seat = min(self.seat, self.config.players - 1)
        name = f"{seats.seat_name(seat)} ({seats.COLOUR_NAMES[seat]})"
        surface.fill(seats.dark(seat), (0, 0, VIEW_X - 2, 16))
        if self.phase == "computer":
            head = f"{name} (computer) is choosing a hand" + "." * (1 + self.ticks // 20 % 3)
        else:
            head = f"{name}: choose {self.size} cards"
        font.draw(surface, head[:48], 4, 1, P.WHITE)
        if self.phase == "choose":
            help_text = self.message or "Enter pick  R random  PgUp/PgDn text  Esc back"
            font.draw(surface, help_text[:48], 4, 18, P.YELLOW if self.message else P.LIGHT_GRAY)
        self._grid(surface)
        if self.phase == "choose":
            self._strip(surface)
            self._buttons(surface)
            view = self.current_view()
            if view is not None:
                view.draw(surface, VIEW_X, 0)
        else:
            surface.fill(P.BLUE, (VIEW_X, 0, VIEW_W, 350))
            font.draw_centered(surface, "Waiting", VIEW_X + VIEW_W // 2, 160, P.LIGHT_GRAY)

    def _grid(self, surface: pygame.Surface) -> None:
        font = self.app.font
        seat = min(self.seat, self.config.players - 1)
        show_picks = self.phase == "choose"
        first = self.top_row * COLS
        for i in range(first, min(len(self.pool), first + ROWS * COLS)):
            card = self.catalog[self.pool[i]]
            r = self.grid_rect(i)
            picked = show_picks and card.id in self.picked
            draw_face(surface, font, r, card, seat if picked else None)
            if picked:
                font.draw(surface, "\u2713", r.right - 8, r.bottom - 13, P.YELLOW)
            if show_picks and self.focus == "grid" and i == self.index:
                pygame.draw.rect(surface, P.WHITE if (self.ticks // 15) % 2 == 0 else P.YELLOW,
                                 r.inflate(4, 4), 2)
        rows = (len(self.pool) + COLS - 1) // COLS
        if rows > ROWS:
            bar = pygame.Rect(GRID.right - 4, GRID.y, 4, ROWS * PITCH_Y)
            surface.fill(P.DARK_GRAY, bar)
            h = max(8, bar.h * ROWS // rows)
            ty = bar.y + (bar.h - h) * self.top_row // max(1, rows - ROWS)
            surface.fill(P.LIGHT_GRAY, (bar.x, ty, bar.w, h))

    def _strip(self, surface: pygame.Surface) -> None:
        font = self.app.font
        seat = min(self.seat, self.config.players - 1)
        still = self.still
        text = f"Hand {len(self.picked)}/{self.size}" + (f", {still} to pick" if still else ", complete")
        font.draw(surface, text, STRIP.x, STRIP.y - 16, P.YELLOW if still else P.LIGHT_GREEN)
        pitch = MINI[0] + 2
        room = max(1, (STRIP.w + 2) // pitch)
        shown = self.picked if len(self.picked) <= room else self.picked[-(room - 1):]
        x = STRIP.x
        if len(shown) < len(self.picked):
            more = f"+{len(self.picked) - len(shown)}"
            font.draw(surface, more, x + (pitch - font.width(more)) // 2, STRIP.y + 13, P.LIGHT_GRAY)
            x += pitch
        for cid in shown:
            draw_face(surface, font, pygame.Rect(x, STRIP.y, *MINI), self.catalog[cid], seat)
            x += pitch

    def _buttons(self, surface: pygame.Surface) -> None:
        font = self.app.font
        for b, label in enumerate(BUTTONS):
            r = self.button_rect(b)
            on = self.focus == "buttons" and b == self.button
            enabled = label != "Done" or self.still == 0
            surface.fill(P.CYAN if on else P.BLUE, r)
            pygame.draw.rect(surface, P.WHITE if enabled else P.DARK_GRAY, r, 1)
            font.draw_centered(surface, label, r.centerx, r.y + 2,
                               P.BLACK if on else (P.WHITE if enabled else P.LIGHT_GRAY))
