"""Choosing hands: each seat picks its cards from every card on offer.

A scrolling grid of tiles on the left (a small face with the values on
their sides and the ability mark, the name, the points), the full card
under the cursor on the right. Typing searches the names and aliases
(several words find the cards that have them all, in any order; the cursor
goes to the best match, so Enter picks the card shown). R is Random hand
until a search has begun, then it types too, as Space does; Shift+R starts
a search with R. F2 sorts by name, points or pack, F3 shows one pack. No card twice in one hand;
"Random hand" fills the rest, "Last hand" brings back what this seat
played last time, "Saved hands" keeps and reloads hands by name. A
computer seat picks its own. Without Open, and with two or more people at
the screen, a pass screen comes before each person's choice so nobody
sees another's hand. Online (``choosing``), only this machine's seat
chooses, under the server's rules; its hand goes to ``on_chosen`` and Esc
goes back without one.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.cards import Card, Rules, deal_random
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cardkit.cards_art import MINI, draw_face
from jayden_jazz.scenes.cardkit.cardview import VIEW_W, CardView
from jayden_jazz.scenes.cards.config import Match, MatchConfig, setup_for_ai
from jayden_jazz.scenes.cardkit.library import Library, load_library
from jayden_jazz.scenes.cards.windows import PassScreen
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import HOTKEYS, Action, Kind
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, ticks_to_next
from jayden_jazz.shell.smallfont import LINE, small_font

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

GRID = pygame.Rect(6, 36, 380, 230)
PITCH_X, PITCH_Y = 126, 46
TILE = (124, 44)
COLS = GRID.w // PITCH_X
ROWS = GRID.h // PITCH_Y
STRIP = pygame.Rect(6, 306, 230, 40)
BUTTONS = ("Random hand", "Last hand", "Saved hands", "Clear", "Done")
BUTTON_X, BUTTON_W = 246, 140
BUTTON_Y0 = 268
SORTS = ("pack", "name", "points")
SORT_NAMES = {"pack": "Pack", "name": "Name", "points": "Points"}
SORT_RECT = pygame.Rect(150, 18, 108, 14)
PACK_RECT = pygame.Rect(262, 18, 124, 14)
MAX_SAVED = 20
VIEW_X = 640 - VIEW_W


class HandChoiceScene(PlayScene):
    helper_attr = "brain"

    def __init__(self, app: AppView, config: MatchConfig, library: Library | None = None, *,
                 brain: Any = None, choosing: int | None = None,
                 on_chosen: Callable[[list[str]], None] | None = None, rules: Rules | None = None) -> None:
        super().__init__(app)
        self.library = library or load_library(app)
        self.config = config
        self.field = self.library.fields[config.field]
        self.rules = rules or config.rules()
        self.choosing, self.on_chosen = choosing, on_chosen
        self.size = self.rules.hand_size(self.field.playable_count, config.players)
        self.pool = list(dict.fromkeys(self.library.card_ids(config.packs_off)))
        self.search = ""
        self.sort = "pack"
        self.pack_filter: str | None = None
        self.shown: list[str] = list(self.pool)
        self.rng = random.Random(app.rng.random())
        today = datetime.date.today()
        self.date = config.date or (today.year, today.month)
        self.brain = brain
        self.hands: list[tuple[str, ...]] = []
        self.seat = choosing or 0
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
        self._hover: tuple[int, int] | None = None     # the screen slot under the pointer

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
        self.search = ""
        self.refresh()
        self.focus = "grid"
        self.message = ""
        if self.choosing is not None:                  # online: this seat only, nobody else at this screen
            self.phase = "choose"
            return
        if self.rules.random and not self.hands:       # Random: nobody chooses, the hands are dealt
            self.hands = list(deal_random(self.pool, self.field, self.config.players, self.rules, self.rng))
            self.seat = self.config.players
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
        from jayden_jazz.scenes.cards.loading import open_cards_setup

        if self.on_chosen is not None:
            self.close()
        elif self.stack is not None:
            self.stack.pop_to(HandChoiceScene)
            if self.stack.top is self:
                self.stack.replace(open_cards_setup(self.app, config=self.config))     # packs read again

    def done_seat(self) -> None:
        if not seats.is_computer(self.config.seats[self.seat]):
            last = self._store().get("last_hands")
            last = dict(last) if isinstance(last, dict) else {}
            last[str(self.seat)] = list(self.picked)
            self._write("last_hands", last)
        if self.on_chosen is not None:
            self.app.sound.play("select")
            self.on_chosen(list(self.picked))
            self.close()
            return
        self.hands.append(tuple(self.picked))
        self.seat += 1
        self.app.sound.play("select")
        self._begin_seat()

    def finish(self) -> None:
        cfg = self.config
        first = cfg.first if cfg.first is not None and cfg.first < cfg.players \
            else self.rng.randrange(cfg.players)
        match = Match(cfg, self.field, tuple(self.hands), first, self.library.pack_dir_texts, self.date)
        brain, self.brain = self.brain, None
        if self.stack is not None:
            self.stack.replace(self.app.scene("cards-table", match=match, brain=brain, library=self.library))

    def redraw_in(self) -> int | None:
        """Idle like the table: while a person chooses, only at the cursor's blink; while the
        computer chooses, when its dots move (its reply wakes the loop by itself); behind the pass
        screen, never; between seats, every tick (see Scene.redraw_in)."""
        if self.phase == "choose":
            return ticks_to_next(self.ticks, 15)
        if self.phase == "computer":
            return ticks_to_next(self.ticks, 20)
        if self.phase == "pass" and self.stack is not None and self.stack.top is not self:
            return None
        return EVERY_TICK

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

    # ------------------------------------------------------------------ what the grid shows
    def refresh(self, *, searched: bool = False) -> None:
        """The grid: the pool narrowed by pack and search, in the chosen order. The cursor keeps
        its card, except when the search text changed (``searched``): then it goes to the best
        match, the card a player who typed its name means."""
        keep = self.shown[self.index] if 0 <= self.index < len(self.shown) else None
        cat = self.catalog
        ids = [c for c in self.pool if self.pack_filter is None or c.split("/")[0] == self.pack_filter]
        words = self.search.lower().split()
        if words:
            ids = [c for c in ids if search_rank(cat[c], words) is not None]
        if self.sort == "name":
            ids.sort(key=lambda c: (cat[c].name.lower(), c))
        elif self.sort == "points":
            ids.sort(key=lambda c: (-sum(cat[c].sides), cat[c].name.lower()))
        self.shown = ids
        if searched and words and ids:
            best = min(range(len(ids)), key=lambda i: (search_rank(cat[ids[i]], words), i))
            keep = ids[best]
        self.index = ids.index(keep) if keep in ids else 0
        self.top_row = 0
        self._scroll_to_cursor()

    def cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        self.app.sound.play("menu")
        self.refresh()

    def packs_in_pool(self) -> list[str]:
        return list(dict.fromkeys(c.split("/")[0] for c in self.pool))

    def cycle_pack(self) -> None:
        options: list[str | None] = [None, *self.packs_in_pool()]
        self.pack_filter = options[(options.index(self.pack_filter) + 1) % len(options)] \
            if self.pack_filter in options else None
        self.app.sound.play("menu")
        self.refresh()

    def type_key(self, key: str) -> bool:
        """Letters, digits and (after a word) spaces search the names; Backspace takes one back."""
        if key == "backspace":
            if self.search:
                self.search = self.search[:-1]
                self.refresh(searched=True)
            return True
        if key == "space":
            key = " "
        if len(key) == 1 and (key.isalnum() or key in "-'. "):
            if key == " " and (not self.search or self.search.endswith(" ")):
                return True
            if len(self.search) < 24:
                self.search += key.lower()
                self.focus = "grid"
                self.refresh(searched=True)
            return True
        return False

    def find_text(self) -> str:
        """The search as the toolbar shows it (18 columns): its end, where the typing is."""
        shown = self.search if len(self.search) <= 11 else "\u2026" + self.search[-10:]
        return f"Find: {shown}_"

    def help_line(self) -> str:
        """What the keys do now, for the line above the hand: R's two meanings, said where they apply."""
        if self.search:
            return "Enter picks, Esc clears"
        keys = self.app.input.keymap
        label = keys.label("random")
        if len(label) == 1 and label.isalpha():
            return f"{label} random; Shift+{label} types {label}"
        return f"{label} random hand"

    # ------------------------------------------------------------------ remembered hands
    def _store(self) -> dict:
        data = self.app.settings["cards"]
        return data if isinstance(data, dict) else {}

    def _usable(self, ids: Any) -> list[str]:
        if not isinstance(ids, (list, tuple)):
            return []
        pool = set(self.pool)
        return list(dict.fromkeys(c for c in ids if isinstance(c, str) and c in pool))[:self.size]

    def last_hand(self) -> list[str]:
        last = self._store().get("last_hands")
        return self._usable(last.get(str(self.seat))) if isinstance(last, dict) else []

    def saved_hands(self) -> dict[str, list[str]]:
        saved = self._store().get("saved_hands")
        return {str(k): list(v) for k, v in saved.items() if isinstance(v, list)} if isinstance(saved, dict) else {}

    def _write(self, key: str, value: Any) -> None:
        data = dict(self._store())
        data[key] = value
        self.app.settings["cards"] = data
        self.app.save_settings()

    def load(self, ids: list[str], what: str) -> None:
        usable = self._usable(ids)
        if not usable:
            self.app.sound.play("illegal")
            self.message = f"No card of the {what} is on offer now"
            return
        self.picked = usable
        missing = len(ids) - len(usable)
        self.message = (f"{what.capitalize()} loaded" + (f"; {missing} of its cards are not on offer" if missing else "")
                        + (f"; pick {self.still} more" if self.still else ""))
        self.app.sound.play("select")
        if not self.still:
            self.focus, self.button = "buttons", BUTTONS.index("Done")

    def save_hand(self, name: str) -> None:
        saved = self.saved_hands()
        saved[name] = list(self.picked)
        if len(saved) > MAX_SAVED:
            saved.pop(next(iter(saved)))
        self._write("saved_hands", saved)
        self.message = f"Saved as \"{name}\""

    def open_saved(self) -> None:
        from jayden_jazz.scenes.windows import ChoiceWindow
        from jayden_jazz.shell.widgets import MenuItem

        saved = self.saved_hands()
        items = [MenuItem(f"Load {name} ({len(ids)} cards)"[:40], ("load", name)) for name, ids in saved.items()]
        if self.picked:
            items.insert(0, MenuItem("Save this hand as a new one", ("save", None)))
        items.append(MenuItem("Back", ("back", None)))
        self.stack.push(ChoiceWindow(self.app, "Saved hands", items, width=380, on_choose=self._saved_choice,
                                     text="" if saved else "No hand saved yet."))

    def _saved_choice(self, value: Any) -> None:
        kind, name = value
        if kind == "load":
            self.load(self.saved_hands().get(name, []), f"hand {name}")
        elif kind == "save":
            n = len(self.saved_hands()) + 1
            while f"Hand {n}" in self.saved_hands():
                n += 1
            self.stack.push(NameWindow(self.app, f"Hand {n}", self.save_hand))

    def toggle(self, i: int) -> None:
        cid = self.shown[i]
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
        elif name == "Last hand":
            self.load(self.last_hand(), "last hand")
        elif name == "Saved hands":
            self.open_saved()
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

    def tile_rect(self, i: int) -> pygame.Rect:
        row, col = divmod(i, COLS)
        return pygame.Rect(GRID.x + col * PITCH_X, GRID.y + (row - self.top_row) * PITCH_Y, *TILE)

    def grid_rect(self, i: int) -> pygame.Rect:
        """The small face inside a tile."""
        t = self.tile_rect(i)
        return pygame.Rect(t.x + 2, t.y + 2, *MINI)

    def button_rect(self, b: int) -> pygame.Rect:
        return pygame.Rect(BUTTON_X, BUTTON_Y0 + b * 16, BUTTON_W, 15)

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        for b in range(len(BUTTONS)):
            if self.button_rect(b).collidepoint(pos):
                return ("button", b)
        if SORT_RECT.collidepoint(pos):
            return ("sort", 0)
        if PACK_RECT.collidepoint(pos):
            return ("pack", 0)
        if GRID.collidepoint(pos):
            for i in range(self.top_row * COLS, min(len(self.shown), (self.top_row + ROWS) * COLS)):
                if self.tile_rect(i).collidepoint(pos):
                    return ("grid", i)
        return None

    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            if self.search and self.phase == "choose":
                self.search = ""                 # Esc clears the search first
                self.refresh()
                return
            self._cancel()
            return
        if self.phase != "choose":
            return
        typed = action.text or (action.key if len(action.key) == 1 else "")   # scripted keys carry no text
        capital = len(typed) == 1 and typed.isalpha() and typed.isupper()
        if k == Kind.RANDOM and not self.search and not capital:
            self.random_fill()                   # R is Random hand until a search is being typed
            return
        if k in (Kind.ALT, Kind.RANDOM) and action.pos is None and typed.isalnum() and (self.search or capital):
            self.type_key(typed)                 # V and R type once a search is under way (Shift: always)
            return
        if k == Kind.ACTION and action.key == "space" and self.search:
            self.type_key("space")               # a space between the words of a search
            return
        if k == Kind.KEY or k in HOTKEYS:          # the hotkeys' letters type into the search
            if action.key == "f2":
                self.cycle_sort()
            elif action.key == "f3":
                self.cycle_pack()
            else:
                self.type_key(action.key)
            return
        if k == Kind.MOVE:
            if action.dx and action.dy and action.dx > 0:       # PgUp / PgDn scroll the card text
                view = self.current_view()
                if view is not None:
                    view.scroll(action.dy * view.rows)
                return
            self._move(action.dx, action.dy)
        elif k == Kind.SCROLL:
            max_top = max(0, (len(self.shown) - 1) // COLS - ROWS + 1)
            self.top_row = min(max(0, self.top_row + action.dy), max_top)
        elif k == Kind.POINT and action.pos is not None:
            hit = self._hit(action.pos)
            slot = self._slot(action.pos)
            if hit is not None and hit[0] == "grid" and slot == self._hover:
                return                           # a nudge within one tile: the cursor keeps the found card
            self._hover = slot
            if hit is not None and hit[0] in ("grid", "button"):
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
                if hit[0] == "sort":
                    self.cycle_sort()
                    return
                if hit[0] == "pack":
                    self.cycle_pack()
                    return
                self.focus = "grid" if hit[0] == "grid" else "buttons"
                if hit[0] == "grid":
                    self.index = hit[1]
                else:
                    self.button = hit[1]
            if self.focus == "grid":
                if self.shown:
                    self.toggle(self.index)
            else:
                self.press_button(self.button)
        elif k == Kind.ALT:
            view = self.current_view()
            if view is not None:
                view.top = 0 if view.top >= view.max_top else min(view.max_top, view.top + view.rows)

    @staticmethod
    def _slot(pos: tuple[int, int]) -> tuple[int, int] | None:
        """The grid place (column, row on screen) under the pointer, whatever card is there now."""
        if not GRID.collidepoint(pos):
            return None
        return ((pos[0] - GRID.x) // PITCH_X, (pos[1] - GRID.y) // PITCH_Y)

    def _move(self, dx: int, dy: int) -> None:
        n = len(self.shown)
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
        if self.focus == "buttons" or not self.shown or self.phase != "choose":
            if self.picked and self.phase == "choose":
                return self.catalog[self.picked[-1]]
            return None
        return self.catalog[self.shown[self.index]]

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
            self._toolbar(surface)
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

    def _toolbar(self, surface: pygame.Surface) -> None:
        font = self.app.font
        if self.search:
            font.draw(surface, self.find_text(), 4, 18, P.YELLOW)
        else:
            font.draw(surface, "Type to find", 4, 18, P.LIGHT_GRAY)
        for rect, text in ((SORT_RECT, f"F2 Sort:{SORT_NAMES[self.sort]}"),
                           (PACK_RECT, "F3 " + (self.library.pack_name(self.pack_filter) if self.pack_filter
                                                 else "All packs"))):
            surface.fill(P.BLUE, rect)
            font.draw(surface, text[:rect.w // 8], rect.x + 2, rect.y, P.WHITE)

    def _grid(self, surface: pygame.Surface) -> None:
        from jayden_jazz.shell.font import wrap

        font = self.app.font
        seat = min(self.seat, self.config.players - 1)
        show_picks = self.phase == "choose"
        first = self.top_row * COLS
        if not self.shown and show_picks:
            font.draw(surface, "No card matches; Backspace or Esc", GRID.x + 4, GRID.y + 8, P.LIGHT_GRAY)
        for i in range(first, min(len(self.shown), first + ROWS * COLS)):
            card = self.catalog[self.shown[i]]
            t = self.tile_rect(i)
            picked = show_picks and card.id in self.picked
            surface.fill(seats.dark(seat) if picked else P.BLACK, t)
            draw_face(surface, font, self.grid_rect(i), card, seat if picked else None)
            lines = name_lines(card.name, (t.w - 36) // 8)
            for j, line in enumerate(lines):
                font.draw(surface, line, t.x + 35, t.y + 1 + j * 13, P.WHITE)
            font.draw(surface, f"{sum(card.sides)} pts", t.x + 35, t.y + 29, P.LIGHT_GRAY)
            if picked:
                font.draw(surface, "\u2713", t.right - 10, t.y + 29, P.YELLOW)
            if show_picks and self.focus == "grid" and i == self.index:
                pygame.draw.rect(surface, P.WHITE if (self.ticks // 15) % 2 == 0 else P.YELLOW, t.inflate(2, 2), 2)
        rows = (len(self.shown) + COLS - 1) // COLS
        if rows > ROWS:
            bar = pygame.Rect(GRID.right - 4, GRID.y, 4, ROWS * PITCH_Y)
            surface.fill(P.DARK_GRAY, bar)
            h = max(8, bar.h * ROWS // rows)
            ty = bar.y + (bar.h - h) * self.top_row // max(1, rows - ROWS)
            surface.fill(P.LIGHT_GRAY, (bar.x, ty, bar.w, h))

    def message_rows(self) -> tuple[list[str], bool]:
        """The message whole: one line of the 8x14 font where it fits above the hand strip, else
        up to two lines of small capitals (``True``), so no message is cut."""
        if not self.message:
            return [], False
        if self.app.font.width(self.message) <= STRIP.w:
            return [self.message], False
        tiny = small_font()
        return wrap(self.message, tiny.columns(STRIP.w))[:2], True

    def _strip(self, surface: pygame.Surface) -> None:
        font = self.app.font
        seat = min(self.seat, self.config.players - 1)
        still = self.still
        text = f"Hand {len(self.picked)}/{self.size}" + (f", {still} to pick" if still else ", complete")
        rows, small = self.message_rows()
        if not rows:
            font.draw(surface, self.help_line(), STRIP.x, STRIP.y - 32, P.LIGHT_GRAY)
        for i, row in enumerate(rows):
            if small:
                small_font().draw(surface, row, STRIP.x, STRIP.y - 31 + i * (LINE + 1), P.YELLOW)
            else:
                font.draw(surface, row, STRIP.x, STRIP.y - 32, P.YELLOW)
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
            font.draw_centered(surface, label, r.centerx, r.y + 1,
                               P.BLACK if on else (P.WHITE if enabled else P.LIGHT_GRAY))


def search_rank(card: Card, words: list[str]) -> int | None:
    """How well a card's name or one of its aliases matches the words typed; None: not at all.

    0 the whole text typed is the name (or alias), 1 the name starts with it, 2 every word
    starts a word of the name, 3 every word is somewhere in it (in any order).
    """
    whole = " ".join(words)
    best: int | None = None
    for text in (card.name, *card.aliases):
        t = text.lower()
        if not all(w in t for w in words):
            continue
        starts = t.split()
        rank = (0 if t == whole else 1 if t.startswith(whole)
                else 2 if all(any(s.startswith(w) for s in starts) for w in words) else 3)
        best = rank if best is None else min(best, rank)
    return best


def name_lines(name: str, cols: int) -> list[str]:
    """A name in at most two lines of ``cols``; a word too long for a line is split with a hyphen."""
    from jayden_jazz.shell.font import wrap

    words: list[str] = []
    for w in name.split():
        while len(w) > cols:
            words.append(w[:cols - 1] + "-")
            w = w[cols - 1:]
        words.append(w)
    lines = wrap(" ".join(words), cols)
    return lines[:2] if len(lines) <= 2 else [lines[0], (lines[1][:cols - 1] + ".")]


class NameWindow(PlayScene):
    """Type a name (letters, digits, -); Enter keeps it, Esc gives up. Starts with a suggestion."""

    opaque = False

    def __init__(self, app: AppView, suggestion: str, on_done: Any) -> None:
        super().__init__(app)
        self.text = suggestion
        self.fresh = True                 # the first key typed replaces the suggestion
        self.on_done = on_done
        self.rect = pygame.Rect(170, 140, 300, 70)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.kind == Kind.ACTION and action.pos is None:
            name = self.text.strip()
            if name:
                self.close()
                self.on_done(name)
        elif (action.kind in (Kind.KEY, Kind.ALT) or action.kind in HOTKEYS) and action.pos is None:
            key = action.text if action.kind == Kind.ALT else action.key
            if key == "backspace":
                self.text = "" if self.fresh else self.text[:-1]
            elif len(key) == 1 and (key.isalnum() or key in "-'."):
                self.text = (key if self.fresh else self.text + key)[:20]
            else:
                return
            self.fresh = False

    def draw(self, surface: pygame.Surface) -> None:
        from jayden_jazz.shell.widgets import draw_window

        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Name of the hand")
        font.draw(surface, self.text + "_", inner.x + 4, inner.y + 4, P.YELLOW)
        font.draw(surface, "Enter keep  Esc cancel", inner.x + 4, inner.y + 24, P.LIGHT_GRAY)
