"""Playing the Jazz card game: the table scene.

The game itself, its turns, the steps a placement is shown in, the ability
choice and the computer's turns live in a pygame-free
:class:`~jayden_jazz.tables.cards.controller.TableController`; this scene is
its screen. Keys and clicks move a cursor over the hands and cells and
become the controller's commands (pick a card, place it, choose an ability,
pick targets); a refused command beeps and its reason shows in the bottom
bar. A key acts only in the turn it was pressed in (``table_input.py``):
keys pressed while the steps of a person's own placement play are kept for
the rest of that turn (the ability offer), never for another seat's turn.

Windows stay here: the scene opens the pass screen, the ability choice and
the end window when the controller says such a choice is open. Without the
Open variant, and with two or more people at the screen, a hand is drawn
face up only during its owner's own turn, after the pass screen; the mover
confirms the result before the screen is passed on.

Online (``online=``, a :class:`~jayden_jazz.scenes.online.cards_link.OnlineCards`),
the other seats are remote: their actions come from the server and are
played as steps, this seat's committed actions go to the server, and
nothing is saved here (the server keeps the game).
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from typing import Any

import pygame

from jayden_jazz.cards import Action, Game, new_game
from jayden_jazz.saves.cards import Pending
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards import saving
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cardkit.library import Library, load_library
from jayden_jazz.scenes.cards.render import SlotKey, TableLayout, TableRenderer, TableView
from jayden_jazz.scenes.cards.table_computers import TableComputers
from jayden_jazz.scenes.cards.table_draw import TablePicture
from jayden_jazz.scenes.cards.table_input import TableInput
from jayden_jazz.scenes.cards.table_menu import TableWindows
from jayden_jazz.scenes.cards.windows import PassScreen
from jayden_jazz.settings import animation_factor
from jayden_jazz.shell.appview import AppView
from jayden_jazz.shell.input import Action as InputAction
from jayden_jazz.shell.scene import EVERY_TICK, PlayScene, soonest, ticks_to_next
from jayden_jazz.tables.cards.controller import TableController
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal, Screen, TableState


class _SceneScreen(Screen):
    """What the controller tells this scene: sounds, windows to open, where the cursor goes."""

    def __init__(self, scene: CardsTableScene) -> None:
        self.scene = scene

    def sound(self, name: str) -> None:
        self.scene.app.sound.play(name)

    def opened(self, phase: Phase) -> None:
        self.scene.choice_opened(phase)

    def cursor_to(self, key: Any) -> None:
        if key is not None:
            self.scene.cursor = key

    def turn_started(self, seat: int) -> None:
        self.scene.keys.key_card = None          # the framed first card is not a choice yet
        self.scene.keys.queue.clear()            # keys of an earlier turn never act in this one

    def committed(self, game_over: bool) -> None:
        self.scene.loaded_unplayed = False       # played: from now on the autosave holds this game
        if self.scene.online is not None:
            self.scene.online.committed(self.scene)
            return
        saving.game_ended(self.scene) if game_over else saving.autosave(self.scene)

    def computer_failed(self, seat: int, text: str) -> None:
        self.scene.windows.computer_failed(text)


class CardsTableScene(PlayScene):
    """The card table's screen, a composition of the parts it holds: ``keys`` (a
    :class:`TableInput`: actions become the controller's commands), ``picture`` (a
    :class:`TablePicture`: the frame the renderer paints), ``windows`` (a
    :class:`TableWindows`: the windows opened over the table) and ``computers`` (a
    :class:`TableComputers`: the computer's brain and the hints). The scene itself holds the
    controller, the cursor and the table's life: entering, ticks, leaving."""

    helper_attr = "brain"

    def __init__(self, app: AppView, match: Match | None = None, *, brain: seats.Brain | None = None,
                 library: Library | None = None, game: Game | None = None, online: Any = None) -> None:
        super().__init__(app)
        self._frame_state: TableState | None = None
        self.library = library or load_library(app)
        self.rng = random.Random(app.rng.random())
        self.match = match or demo_match(app, self.library, self.rng)
        self.online = online
        m = self.match
        game = game or new_game(self.library.catalog, m.field, m.hands, m.config.rules(), first_seat=m.first_seat,
                                date=m.date, names=m.names(), rng=self.rng)   # Elemental cells: from the table's seed
        self.layout = TableLayout(m.field, m.players)
        self.renderer = TableRenderer(app.font, self.layout)
        self.brain = brain
        self.computers = TableComputers(self)
        # the seats' settings are shared: a failed computer seat becomes a person's in the match too
        self.controller = TableController(game, m.config.seats, self.library.catalog, brain=self.computers.brain,
                                          rng=self.rng, factor=self.factor, pack_dirs=self.library.pack_dir_texts,
                                          guess_pool=self.computers.guess_pool(), screen=_SceneScreen(self),
                                          seat_name=self.seat_word, computer_seats_kept=m.computer_seats_kept())
        self.ticks = 0
        self.cursor: SlotKey | None = None
        self.end_shown = False
        self.loaded_unplayed = False
        """Loaded from a save and not played yet: the autosave still holds the game it replaced."""
        self.loaded_from: Path | None = None
        """The save it was loaded from (its slot is made the newest when it is left unplayed)."""
        self.keys = TableInput(self)
        self.picture = TablePicture(self)
        self.windows = TableWindows(self)

    # ------------------------------------------------------------------ the controller's state, read here
    def state(self) -> TableState:
        """What the people at this screen see now: the controller's screen view, the one view of
        the frame while a frame is drawn (drawing changes nothing, so it is read once)."""
        return self._frame_state if self._frame_state is not None else self.controller.screen_view()

    @property
    def phase(self) -> Phase:
        return self.state().phase

    @property
    def selected(self) -> int | None:
        """The mover's picked card, as its place in the hand."""
        return self.picture.picked(self.state())

    @property
    def pending(self) -> tuple[int, int, int] | None:
        """The card shown on a cell, not yet played: (seat, place in the hand, cell), as drawn."""
        return self.picture.pending_at(self.state())

    @property
    def config(self) -> MatchConfig:
        return self.match.config

    def restore(self, game: Game, pending: Pending | None) -> None:
        """A loaded game, and the ability choice its save was in (reopened at that seat's turn)."""
        self.controller.restore(game, pending)

    def commit(self, action: Action) -> None:
        self.controller.commit(action)

    def say(self, text: str) -> None:
        self.controller.say(text)

    def factor(self) -> float:
        return animation_factor(self.app.settings["animation"])

    def seat_is_computer(self, seat: int) -> bool:
        return seats.is_computer(self.match.seat(seat))

    def humans(self) -> list[int]:
        return list(self.state().humans)

    def hides_hands(self) -> bool:
        return self.state().hot_seat

    def visible_seats(self) -> frozenset[int]:
        """Seats whose hands may be drawn face up in this frame."""
        return self.state().seen

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.controller.start()

    def exit(self) -> None:
        if self.online is not None:
            self.online.close()                  # the server keeps the game
        elif not self.state().game_over:
            saving.autosave(self)                # leaving keeps the game, an open ability choice too
        super().exit()

    def resume(self) -> None:
        super().resume()
        self.keys.queue.clear()                  # keys kept before a window opened are not meant for after it

    def choice_opened(self, phase: Phase) -> None:
        """The controller opened a choice a window shows."""
        if phase == Phase.OVER:
            self.keys.queue.clear()              # a key meant for the last steps must not pick Rematch
            self.windows.show_end()
        elif phase == Phase.PASS:
            st = self.controller.screen_view()
            seat = st.to_move
            self.keys.queue.clear()              # keys of the last person are not the next one's
            if self.stack is not None:
                self.stack.push(PassScreen(self.app, seat, on_ready=lambda: self.seat_ready(seat),
                                           on_menu=self.windows.open_menu, summary=st.pass_summary))
        elif phase == Phase.ABILITY:
            self.windows.offer_abilities()

    def seat_ready(self, seat: int) -> None:
        """The person playing ``seat`` is at the screen."""
        self.controller.seat_ready(seat)

    def _command(self, do: Any, *args: Any) -> bool:
        """Run a controller command; a refusal beeps and says why. True when it was taken."""
        try:
            do(*args)
        except Refusal as e:
            self.app.sound.play("illegal")
            self.say(str(e))
            return False
        return True

    # ------------------------------------------------------------------ the computer and hints
    def stop_ai(self) -> None:
        """Other modes stop the computer before they leave the table (``computers`` does it)."""
        self.computers.stop()

    def result_confirmed(self) -> None:
        """Hot seat: the mover has seen the result; the screen goes to the next person."""
        self.app.sound.play("select")
        self.keys.queue.clear()
        self._command(self.controller.confirm, self.controller.screen_view().seat)

    # ------------------------------------------------------------------ ticks
    def update(self) -> None:
        self.ticks += 1
        phase = self.phase
        if self.online is not None:
            self.online.update(self)
        self.controller.tick()
        if phase == Phase.PASS and self.phase == Phase.PASS and self.stack is not None and self.stack.top is self:
            self.controller.pass_again()         # the pass screen was closed some other way: ask again
        if self.controller.screen_view().waits_for_people:
            self.keys.replay_queue()
        self.layout.focus(self.focus_seat())

    def redraw_in(self) -> int | None:
        """Every tick while anything moves or a computer works; otherwise at the next blink of
        the selection frame (15 ticks) or when the message runs out (see Scene.redraw_in)."""
        st = self.controller.screen_view()
        if st.busy or self.keys.queue:
            return EVERY_TICK
        return soonest(ticks_to_next(self.ticks, 15), st.message_left or None)

    def focus_seat(self) -> int | None:
        """Whose panel is the large one: the only person's (their hand is the one they read), else
        the seat whose turn is played or shown."""
        st = self.controller.screen_view()
        if st.game_over:
            return None
        return st.humans[0] if len(st.humans) == 1 else st.seat

    # ------------------------------------------------------------------ the parts, as others call them
    def handle(self, action: InputAction) -> None:
        self.keys.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self._frame_state = self.controller.screen_view()
        try:
            self.renderer.draw(surface, self.picture.frame())
        finally:
            self._frame_state = None

    def view(self) -> TableView:
        return self.picture.view()

    @property
    def queue(self) -> deque[InputAction]:
        return self.keys.queue

    def slot_at(self, pos: tuple[int, int]) -> SlotKey | None:
        return self.keys.slot_at(pos)

    def move_cursor(self, dx: int, dy: int) -> None:
        self.keys.move_cursor(dx, dy)

    def watching(self) -> bool:
        return self.picture.watching()

    def seat_word(self, s: int) -> str:
        return self.picture.seat_word(s)

    def open_menu(self) -> None:
        self.windows.open_menu()

    def open_log(self) -> None:
        self.windows.open_log()

    def menu_choice(self, choice: str) -> None:
        self.windows.menu_choice(choice)

    def show_card(self, key: SlotKey) -> None:
        self.windows.show_card(key)

    def show_end(self) -> None:
        self.windows.show_end()

    def final_result(self) -> Any:
        return self.windows.final_result()

    def to_title(self) -> None:
        self.windows.to_title()


def demo_match(app: AppView, library: Library, rng: random.Random) -> Match:
    """Two people on an open 3x3 with random hands: what ``--scene cards-table`` opens (a quick look)."""
    from jayden_jazz.cards import deal_random

    remembered = MatchConfig.from_settings(app.settings["cards"])
    cfg = MatchConfig(players=2, field="3x3", preset=remembered.preset, open=True,
                      pure=remembered.pure, sudden_death=remembered.sudden_death,
                      packs_off=remembered.packs_off)
    fld = library.fields.get("3x3")
    if fld is None:
        from jayden_jazz.cards import Field

        fld = Field.rectangle(3)
    ids = library.card_ids(cfg.packs_off) or library.card_ids()
    hands = deal_random(ids, fld, 2, cfg.rules(), rng)
    return Match(cfg, fld, hands, rng.randrange(2), library.pack_dir_texts)
