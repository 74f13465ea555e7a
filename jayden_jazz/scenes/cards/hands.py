"""Choosing hands: each seat picks its cards from every card on offer.

A scrolling grid of tiles on the left (a small face with the values on
their sides and the ability mark, the name, the points), the full card
under the cursor on the right. Typing searches the names and aliases
(several words find the cards that have them all, in any order; the cursor
goes to the best match, so Enter picks the card shown). Every letter
types, R too: "ric" finds Rico, it does not deal a hand. Ctrl+R (or the
Random key moved to a key that types nothing, in Options > Keys) fills the
hand at random, as the "Random hand" button does. F2 sorts by name, points
or pack, F3 shows one pack. No card twice in one hand;
"Random hand" fills the rest, "Last hand" brings back what this seat
played last time, "Saved hands" keeps and reloads hands by name. A
computer seat picks its own. Without Open, and with two or more people at
the screen, a pass screen comes before each person's choice so nobody
sees another's hand. Online (``online_seat``), only this machine's seat
chooses, under the server's rules; its hand goes to ``on_hand`` and Esc
goes back without one.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.cards import Rules, deal_random
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.config import Match, MatchConfig, setup_for_ai
from jayden_jazz.scenes.cardkit.library import Library, load_library
from jayden_jazz.scenes.cards.windows import PassScreen
from jayden_jazz.shell.input import Action
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, ticks_to_next

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

from jayden_jazz.scenes.cards.hands_draw import PickerDrawing
from jayden_jazz.scenes.cards.hands_input import PickerInput
from jayden_jazz.scenes.cards.hands_layout import BUTTONS
from jayden_jazz.scenes.cards.hands_base import OwnHands
from jayden_jazz.scenes.cards.hands_saved import SavedHands
from jayden_jazz.scenes.cards.hands_search import PickerSearch



class HandChoiceScene(PlayScene):
    """The hand picker, a composition: the scene holds the seats' turns and the picking, and
    parts it holds: ``finder`` (a :class:`PickerSearch`: the grid's order, search and
    cursor), ``saved`` (a :class:`SavedHands`: Last hand and Saved hands), ``painter`` (a
    :class:`PickerDrawing`: the picture and where its tiles and buttons are) and ``controls``
    (a :class:`PickerInput`: what each key and click does)."""

    helper_attr = "brain"

    def __init__(self, app: AppView, config: MatchConfig, library: Library | None = None, *,
                 brain: Any = None, pool: list[str] | None = None, choosing: int | None = None,
                 on_chosen: Any = None, on_saved: Any = None, title: str = "",
                 online_seat: int | None = None, on_hand: Callable[[list[str]], None] | None = None,
                 rules: Rules | None = None, own_hands: OwnHands | None = None) -> None:
        """``pool``, ``choosing``, ``on_chosen``, ``on_saved`` and ``title`` let another mode use the
        picker: only these cards (a Journey profile's own), only the first ``choosing`` seats,
        ``on_chosen(scene, hands)`` instead of opening the table, ``on_saved(scene)`` for the
        Saved hands button (the profile's decks), and its own heading. Online, ``online_seat``
        is this machine's seat, the only one that chooses here, under the server's ``rules``;
        its hand goes to ``on_hand``. ``own_hands`` is another mode's memory of hands (a Journey
        profile's Last hand), used instead of the card game's settings."""
        super().__init__(app)
        self.library = library or load_library(app)
        self.config = config
        self.field = self.library.fields[config.field]
        self.rules = rules or config.rules()
        self.online_seat, self.on_hand = online_seat, on_hand
        self.size = self.rules.hand_size(self.field.playable_count, config.players)
        self.pool = list(dict.fromkeys(self.library.card_ids(config.packs_off) if pool is None else pool))
        self.choosing = config.players if choosing is None else choosing
        self.on_chosen = on_chosen
        self.on_saved = on_saved
        self.own_hands = own_hands
        self.title = title
        self.search = ""
        self.sort = "pack"
        self.pack_filter: str | None = None
        self.shown: list[str] = list(self.pool)
        self.rng = random.Random(app.rng.random())
        today = datetime.date.today()
        self.date = config.date or (today.year, today.month)
        self.brain = brain
        self.hands: list[tuple[str, ...]] = []
        self.seat = online_seat or 0
        self.picked: list[str] = []
        self.index = 0                 # grid cursor
        self.focus = "grid"            # or "buttons"
        self.button = 0
        self.top_row = 0
        self.phase = "start"           # start, pass, choose, computer
        self.ai_waiting = False
        self.message = ""
        self.ticks = 0
        self.finder = PickerSearch(self)
        self.saved = SavedHands(self)
        self.painter = PickerDrawing(self)
        self.controls = PickerInput(self)

    @property
    def catalog(self) -> Catalog:
        return self.library.catalog

    @property
    def still(self) -> int:
        """Cards the seat has still to pick."""
        return self.size - len(self.picked)

    def refresh(self, *, searched: bool = False) -> None:
        self.finder.refresh(searched=searched)

    def load(self, ids: list[str], what: str) -> None:
        """A remembered hand (a Journey deck, say) becomes the seat's picks, as far as it is on offer."""
        self.saved.load(ids, what)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    # ------------------------------------------------------------------ seats
    def enter(self) -> None:
        if self.phase == "start":
            self._begin_seat()

    def _begin_seat(self) -> None:
        self.picked = []
        self.index = 0
        self.top_row = 0
        self.search = ""
        self.refresh()
        self.focus = "grid"
        self.message = ""
        if self.online_seat is not None:               # online: this seat only, nobody else at this screen
            self.phase = "choose"
            return
        if self.rules.random and not self.hands:       # Random: nobody chooses, the hands are dealt
            self.hands = list(deal_random(self.pool, self.field, self.config.players, self.rules, self.rng))
            self.seat = self.config.players
        if self.seat >= self.choosing:
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

        if self.on_chosen is not None or self.on_hand is not None:   # another mode's picker: back to it
            self.close()
            return
        if self.stack is not None:
            self.stack.pop_to(HandChoiceScene)
            if self.stack.top is self:
                self.stack.replace(open_cards_setup(self.app, config=self.config))     # packs read again

    def done_seat(self) -> None:
        if not seats.is_computer(self.config.seats[self.seat]):
            self.saved.keep_last()
        if self.on_hand is not None:
            self.app.sound.play("select")
            self.on_hand(list(self.picked))
            self.close()
            return
        self.hands.append(tuple(self.picked))
        self.seat += 1
        self.app.sound.play("select")
        self._begin_seat()

    def finish(self) -> None:
        if self.on_chosen is not None:
            self.on_chosen(self, tuple(self.hands))
            return
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
            self.message = ""                    # "Pick N more" is done: the hand is complete
            self.focus, self.button = "buttons", BUTTONS.index("Done")

    def random_fill(self) -> None:
        rest = [c for c in self.pool if c not in self.picked]
        self.picked += self.rng.sample(rest, max(0, min(self.still, len(rest))))
        self.app.sound.play("select")
        if self.still == 0:
            self.message = ""
        self.focus, self.button = "buttons", BUTTONS.index("Done")

    def press_button(self, b: int) -> None:
        name = BUTTONS[b]
        if name == "Random hand":
            self.random_fill()
        elif name == "Last hand":
            self.saved.load_last()
        elif name == "Saved hands":
            self.saved.open_saved()
        elif name == "Clear":
            self.picked = []
            self.app.sound.play("menu")
        elif name == "Done":
            if self.still:
                self.app.sound.play("illegal")
                self.message = f"Pick {self.still} more card{'s' if self.still != 1 else ''} first"
                return
            self.done_seat()

    def handle(self, action: Action) -> None:
        self.controls.handle(action)
