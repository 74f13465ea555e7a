"""A card game at a table, without pygame: turns, steps shown, the ability choice, the computer.

The engine applies a whole action at once; a table plays it as a person
can follow it. :class:`TableController` holds the :class:`~jayden_jazz.cards.Game`
and the turn flow (:mod:`flow`), the steps being shown (:mod:`present`),
the placement waiting for its ability (by card id and cell name), the
move log and the computer and hint requests. Every change comes as a
command naming its seat (pick, place, choose an ability or none, toggle a
target, back, confirm, ask a hint) or as a :meth:`tick`; a command the
table does not take raises :class:`Refusal` with the reason in plain words.
:class:`~jayden_jazz.tables.cards.view.TableState` is what a seat may see.

A seat is a person at this screen, the computer (asked through an
injected brain: ``submit_*`` then ``poll``, so no worker process is started
here) or a remote seat (``{"kind": "remote"}``), whose whole actions come
through :meth:`~TableController.play` while the table waits for it. A
screen, a network server or a test drive the controller alike: it never
draws, never opens a window and never reads a key. It tells its
:class:`~jayden_jazz.tables.cards.view.Screen` when a person at a screen
should hear a sound or see a window open; :meth:`~TableController.view`
gives one seat's frozen view, :meth:`~TableController.screen_view` that of
the people at this screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal, Union

from jayden_jazz.cards import Action, Game, IllegalActionError, NotationError
from jayden_jazz.cards import events as ev
from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.saves.cards import Pending
from jayden_jazz.tables.seats import ComputerTurn, MessageTimer
from jayden_jazz.tables.cards.flow import Phase, TurnFlow
from jayden_jazz.tables.cards.movelog import MoveLog, SeatName, ability_words, drawn_text, event_text
from jayden_jazz.tables.cards.movelog import seat_name
from jayden_jazz.tables.cards.present import Announcement, Presentation, ShownBoard, scaled, steps_for
from jayden_jazz.tables.cards.view import Choice, HandView, Refusal, Screen, TableState

AI_SHOW_TICKS = 40        # the computer's chosen card is framed in its hand this long before it lands
MESSAGE_TICKS = 240

Key = Union[tuple[Literal["cell"], int], tuple[Literal["hand"], int, int]]   # ("cell", index), ("hand", seat, index)


class TableController:
    """One game at a table. ``seats`` are the seat settings (``{"kind": "computer", "level": ...}``
    or a person), changed in place when a failed computer seat goes to a person; ``brain()``
    gives the computer player when it is first needed; ``factor()`` is the animation speed;
    ``seat_name(seat)`` names a seat in the words (the log, captions, messages) as the table's
    panels do ("Player 2" by default)."""

    def __init__(self, game: Game, seats: list[dict[str, Any]], catalog: Any, *,
                 brain: Callable[[], Any], rng: random.Random, factor: Callable[[], float] = lambda: 1.0,
                 pack_dirs: Sequence[str] = (), guess_pool: list[str] | None = None,
                 screen: Screen | None = None, seat_name: SeatName = seat_name) -> None:
        self.game = game
        self.seat_name = seat_name
        self.seats = seats
        self.catalog = catalog
        self.brain = brain
        self.rng = rng
        self.factor = factor
        self.pack_dirs = list(pack_dirs)
        self.guess_pool = guess_pool
        self.screen = screen or Screen()
        # the flow's "computer" seats are those played by no person at this screen: remote seats too
        self.flow = TurnFlow([self.is_computer(s) or self.is_remote(s) for s in range(game.players)],
                             game.rules.open)
        self.selected: str | None = None              # the mover's picked card
        self.pending: tuple[str, str] | None = None   # card id, cell name: shown, not yet played
        self.pending_seat = 0
        self.ability: int | None = None
        self.chosen: list[str] = []
        self.show: Presentation | None = None         # the steps being shown (or shown, before an ability)
        self.shown_events = 0                         # events of a pending placement already shown
        self.caption: tuple[str, int | None] | None = None   # the step on screen, and its seat
        self.last: int | None = None                  # the last placement's cell, marked until the next
        self.aim: int | None = None                   # the cell the mover aimed at last
        self.log = MoveLog()
        self.turn_ply: dict[int, int] = {}            # seat -> the ply after its last placement
        self.messages = MessageTimer(MESSAGE_TICKS)
        self.computer = ComputerTurn()
        self.hint_waiting = False
        self.hint: tuple[str, str] | None = None      # (card id, cell) marked until the player acts
        self.hint_text = ""
        self.resume: Pending | None = None            # a loaded save's open ability choice
        self.setup_show: Presentation | None = None   # Hand Swap and Three Open, before the first turn
        self._log_steps = True
        self._quiet = False                           # reopening a saved choice: no window for it
        self.reveal_end = True
        """Every hand face up once the game is over (online with hidden hands: no, the server shows none)."""
        self.ply_base = 0
        """The plies played before the game's history starts (a game taken up online from its position)."""
        self.revise: Callable[[ev.Report], ev.Report] | None = None
        """Online: the server's word on what an action did (the end of a game with hidden hands)."""

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> Phase:
        return self.flow.phase

    def is_computer(self, seat: int) -> bool:
        return seat < len(self.seats) and self.seats[seat].get("kind") == "computer"

    def is_remote(self, seat: int) -> bool:
        """A seat played from elsewhere (``{"kind": "remote"}``): its whole actions come through
        :meth:`play`; while it thinks the table is in the COMPUTER phase and asks no brain."""
        return seat < len(self.seats) and self.seats[seat].get("kind") == "remote"

    def visible_seats(self) -> frozenset[int]:
        """Seats whose hands may be drawn face up at this screen now."""
        return self.flow.visible(self.game.is_over() and self.reveal_end)

    def say(self, text: str) -> None:
        self.messages.say(text)

    def card_name(self, card_id: str) -> str:
        card = self.catalog.get(card_id)
        return card.name if card is not None else card_id

    def ability_name(self, card_id: str, number: int) -> str:
        """An ability's own name; an unnamed one is called by its number and what it does
        ("ability 1 (-2 left/right, all cards)")."""
        card = self.catalog.get(card_id)
        if card is None or not 0 < number <= len(card.abilities):
            return f"ability {number}"
        ab = card.abilities[number - 1]
        return ab.name or f"ability {number} ({ability_words(ab)})"

    def open_choice(self) -> Pending | None:
        """The unfinished ability choice, as a save names it (None when no choice is open)."""
        if self.phase not in (Phase.ABILITY, Phase.TARGETS) or self.pending is None:
            return None
        card_id, cell = self.pending
        if self.phase == Phase.TARGETS and self.ability is not None:
            return Pending(card_id, cell, self.ability, tuple(self.chosen))
        return Pending(card_id, cell)

    def pending_index(self) -> int | None:
        """The pending card's place in its seat's hand (it stays there until played)."""
        if self.pending is None:
            return None
        ids = self.game.hand_ids(self.pending_seat)
        return ids.index(self.pending[0]) if self.pending[0] in ids else None

    def next_targets(self) -> list[str]:
        if self.pending is None or self.ability is None:
            return []
        return self.game.next_targets(self.pending[0], self.pending[1], self.ability, self.chosen)

    def view(self, viewer: int | None) -> TableState:
        """What seat ``viewer`` may see now (None: a spectator): its own hand, every hand once the
        game is over or under Open; of another hand only its size and the cards everybody knows."""
        g = self.game
        seen = frozenset(range(g.players)) if (g.is_over() and self.reveal_end) or g.rules.open else \
            frozenset({viewer}) if viewer is not None else frozenset()
        return self._view(viewer, seen)

    def screen_view(self) -> TableState:
        """What the people at this screen may see: the hands :meth:`visible_seats` allows."""
        return self._view(self.flow.viewer, self.visible_seats())

    def _view(self, viewer: int | None, seen: frozenset[int]) -> TableState:
        g = self.game
        hands = []
        for s in range(g.players):
            ids = g.hand_ids(s)
            if s in seen:
                hands.append(HandView(s, len(ids), tuple(ids)))
            else:
                known = tuple((i, cid) for i, cid in enumerate(ids) if g.can_see_card(-1, s, i))
                hands.append(HandView(s, len(ids), None, known))
        show = self.show
        showing = show is not None and not show.board.synced
        flips: list[tuple[int, int, float]] = []
        step_cell = None
        banner = None
        matched: tuple[tuple[int, int], ...] = ()
        drawn = None
        values: tuple[tuple[int, tuple[int, int, int, int]], ...] = ()
        if show is not None and showing:
            board = tuple((g.field.index(name), cid, owner) for name, (cid, owner) in show.board.cells.items())
            if show.board.values is not None:
                values = tuple((g.field.index(name), v) for name, v in show.board.values.items())
            for name in show.flips:
                f = show.flip_progress(name)
                if f is not None:
                    flips.append((g.field.index(name), f[0], f[1]))
            cur = show.current
            if self.phase == Phase.SHOW and cur is not None:
                if cur.cell is not None and not show.holding:
                    step_cell = g.field.index(cur.cell)
                if isinstance(cur.event, Announcement):
                    banner = cur.banner
                    matched = self._matched_sides(cur.event)
        else:
            board = tuple((c, card.id, owner) for c in g.field.cells
                          if (card := g.card_at(c)) is not None and (owner := g.owner_at(c)) is not None)
        cur = show.current if show is not None and self.phase == Phase.SHOW else None
        if cur is not None and isinstance(cur.event, ev.CardDrawn) and cur.event.seat in seen:
            drawn = (cur.event.seat, cur.event.card)
        mover_sees = g.to_move in seen
        choice = None
        if self.pending is not None and self.phase in (Phase.ABILITY, Phase.TARGETS, Phase.SHOW):
            card_id, cell = self.pending
            choice = Choice(self.pending_seat, card_id, cell,
                            tuple(g.abilities_offered(card_id, cell)), self.ability, tuple(self.chosen),
                            tuple(self.next_targets()))
        return TableState(
            viewer=viewer, phase=self.phase, seat=self.flow.seat, to_move=g.to_move, ply=g.ply,
            board=board, showing=showing, flips=tuple(flips), step_cell=step_cell, banner=banner, drawn=drawn,
            hands=tuple(hands), selected=self.selected if mover_sees else None, choice=choice,
            caption=self.caption, message=self.messages.text, log=tuple(self.log.texts()),
            last=self.last if self.phase != Phase.SHOW else None,
            hint=self.hint if mover_sees and self.phase == Phase.TURN else None,
            computer_pick=self.computer.chosen.card if self.computer.chosen is not None and mover_sees else None,
            game_over=g.is_over(), matched=matched, values=values,
            scores=tuple(sum(1 for _, _, o in board if o == s) for s in range(g.players)))

    def _matched_sides(self, a: Announcement) -> tuple[tuple[int, int], ...]:
        """(cell index, side) of both values of every pair Same or Plus matched (one for a wall)."""
        f = self.game.field
        out = []
        for m in a.matched:
            out.append((f.index(a.cell), m.side))
            if m.cell is not None:
                out.append((f.index(m.cell), (m.side + 2) % 4))
        return tuple(out)

    # ------------------------------------------------------------------ start
    def restore(self, game: Game, pending: Pending | None) -> None:
        """A loaded game, with the ability choice its save was in (reopened at that seat's turn)."""
        self.game = game
        self.resume = pending

    def start(self) -> None:
        """The table is on: the log of a loaded game, the hand rules' steps, or the first turn."""
        if self.phase != Phase.START:
            return
        if self.game.ply:
            self.rebuild_log()
        elif self.setup_steps():
            return                               # the hand rules' steps play first (tick)
        self.begin_turn()

    def setup_steps(self) -> bool:
        """Hand Swap and Three Open at the start: shown as steps, one after another, before
        the first turn (None left to show: False)."""
        if self.setup_show is None:
            events = [e for e in self.game.setup_events() if not isinstance(e, ev.CardDrawn)]
            self.setup_show = Presentation(steps_for(events, self.factor(), self.card_name, self.ability_name,
                                                     seat_name=self.seat_name),
                                           ShownBoard({}), self.factor(), hold=False)
        show = self.setup_show
        if show.done:
            return False
        for st in show.tick():
            self.caption = (st.caption, st.seat)
            self._log_at(0, st.event, st.text)
            self.screen.sound("select")
        if show.done:
            self.caption = None
        return not show.done

    def setup_shown(self) -> tuple[list[list[str]], list[list[bool]]] | None:
        """While Hand Swap and Three Open are shown (None otherwise): each seat's hand as the
        steps shown so far left it, and for each of its cards whether everybody knows it by then.

        Known is told card by card, not by id: a hand may hold two copies of a card, one it
        received in front of everyone and one of its own that stays hidden."""
        show = self.setup_show
        setup = self.game.setup
        if show is None or show.done or setup is None or self.phase != Phase.START:
            return None
        hands = [list(h) for h in setup.hands]
        known: list[list[bool]] = [[False] * len(h) for h in hands]
        for st in show.steps[:show.index + 1]:
            e = st.event
            if isinstance(e, ev.HandSwapped):
                given = _first(hands[e.giver], known[e.giver], e.card)   # from the giver's own cards
                if given is not None:
                    del hands[e.giver][given], known[e.giver][given]
                hands[e.receiver].append(e.card)
                known[e.receiver].append(True)
            elif isinstance(e, ev.CardsShown):
                for cid in e.cards:
                    i = _first(hands[e.seat], known[e.seat], cid)
                    if i is not None:
                        known[e.seat][i] = True
        return hands, known

    def begin_turn(self) -> None:
        self._entered(self.flow.next_turn(self.game.is_over(), self.game.to_move))

    def resume_turn(self) -> None:
        """After a computer seat's failure was read: the turn starts again."""
        if self.phase == Phase.START:
            self.begin_turn()

    def _entered(self, phase: Phase) -> None:
        """The table reached ``phase`` at the start of a turn: set up what it waits for."""
        self.selected = None
        self.pending = None
        self.ability = None
        self.chosen = []
        self.show = None
        self.caption = None
        if phase == Phase.OVER:
            self.screen.sound("victory")
            self.screen.opened(Phase.OVER)
        elif phase == Phase.COMPUTER:
            self.computer.reset()
        elif phase == Phase.PASS:
            self.screen.opened(Phase.PASS)
        elif phase == Phase.TURN:
            self._turn_starts(self.game.to_move)

    def summary_for(self, seat: int) -> str:
        """What changed since ``seat`` last played, in one line (empty before its first turn)."""
        if seat not in self.turn_ply:
            return ""
        return self.log.summary_for(seat, self.turn_ply[seat], self.seat_name)

    def _turn_starts(self, seat: int) -> None:
        self.screen.turn_started(seat)
        if self.game.hand(seat):
            self.screen.cursor_to(("hand", seat, 0))
        text = self.summary_for(seat)
        if text:
            self.say(text)
        self._reopen_saved_choice()
        self._chaos_pick(seat)

    def draw_known(self) -> None:
        """Chaos online: the draw of the turn under way came from the server after the turn began."""
        if self.phase == Phase.TURN and self.selected is None:
            self._chaos_pick(self.game.to_move)

    def _chaos_pick(self, seat: int) -> None:
        """Chaos: the card drawn for this turn is picked already, and the bar says so."""
        g = self.game
        drawn = g.drawn_card
        if drawn is None or self.pending is not None or drawn not in g.hand_ids(seat):
            return
        self.selected = drawn
        self.screen.cursor_to(self.free_cell_key())
        self.say(f"Chaos drew {self.card_name(drawn)} for you: pick a free cell for it")

    def _reopen_saved_choice(self) -> None:
        """The seat to move is at the screen: reopen the ability choice the save was in."""
        p, self.resume = self.resume, None
        g = self.game
        if p is None or g.is_over() or p.card not in g.hand_ids(g.to_move):
            return
        seat = g.to_move
        self.selected = p.card
        self._quiet = p.ability is not None      # the save had chosen already: no window for the offer
        try:
            self._place(seat, p.card, g.field.index(p.cell))
            self.finish_showing()                # the captures were seen before the save: no steps again
        except Refusal as e:
            self.screen.sound("illegal")
            self.say(str(e))
            return
        finally:
            self._quiet = False
        if p.ability is None or self.phase != Phase.ABILITY:
            return
        try:
            self.choose_ability(seat, p.ability)
            for t in p.targets:
                if self.flow.phase == Phase.TARGETS:     # the last target plays the action
                    self.toggle_target(seat, t)
        except Refusal as e:                     # a save that does not fit the game: the choice stays open
            self.say(str(e))

    def seat_ready(self, seat: int) -> None:
        """The person playing ``seat`` is at the screen."""
        if self.game.is_over() or self.game.to_move != seat or self.phase != Phase.PASS:
            return
        self.flow.seat_ready()
        self._turn_starts(seat)

    # ------------------------------------------------------------------ commands
    def _mover(self, seat: int, *phases: Phase) -> None:
        g = self.game
        if g.is_over():
            raise Refusal("The game is over")
        if self.phase not in phases:
            raise Refusal(f"The table is not waiting for that now ({self.phase})")
        if seat != g.to_move:
            raise Refusal(f"{self.seat_name(g.to_move)} plays now, not {self.seat_name(seat)}")

    def pick(self, seat: int, card_id: str | None) -> None:
        """Pick a card of the mover's hand (again: put it back; None: none)."""
        self._mover(seat, Phase.TURN)
        g = self.game
        if card_id is None:
            self.selected = None
            return
        if card_id not in g.hand_ids(seat):
            raise Refusal(f"{self.card_name(card_id)} is not in {self.seat_name(seat)}'s hand")
        why = g.hand_rule_refusal(card_id)
        if why is not None:                      # Order or Chaos: another card must be played
            raise Refusal(why)
        if card_id == self.selected:             # picked again: back in the hand ...
            if card_id == g.drawn_card:          # ... but Chaos's draw is the only card to play
                self.screen.cursor_to(self.free_cell_key())
                return
            self.selected = None
            return
        self.selected = card_id
        self.screen.sound("select")

    def place(self, seat: int, card_id: str, cell: str) -> None:
        """Place a card on a free cell: played at once, or shown first when an ability is on offer."""
        self._mover(seat, Phase.TURN)
        g = self.game
        if card_id not in g.hand_ids(seat):
            raise Refusal(f"{self.card_name(card_id)} is not in {self.seat_name(seat)}'s hand")
        try:
            index = g.field.index(cell)
        except (KeyError, ValueError, IndexError, TypeError):
            raise Refusal(f"{cell} is not a cell of this field") from None
        if g.card_at(index) is not None:
            raise Refusal(f"{g.field.name_of(index)} already holds a card")
        self.selected = card_id
        self._place(seat, card_id, index)

    def _place(self, seat: int, card_id: str, cell: int) -> None:
        g = self.game
        name = g.field.name_of(cell)
        self.aim = cell
        try:
            offered = g.abilities_offered(card_id, name)
        except IllegalActionError as e:
            raise Refusal(str(e)) from None
        if not offered:
            self.commit(Action(card_id, name))
            return
        # The card lands and its captures turn over first; the offer comes after, on a copy of the
        # game, so Esc in the offer can still take the card back.
        report = g.clone().play(Action(card_id, name))
        shown = [e for e in report.events if isinstance(e, (ev.Placed, ev.Captured))]
        self.pending = (card_id, name)
        self.pending_seat = seat
        self.shown_events = len(shown)
        self.hint = None
        self.flow.placed(True)
        self._present(shown, self.board_now(Action(card_id, name)), hold=False, log=False)

    def play(self, seat: int, action: Action) -> None:
        """A whole action at once (card, cell, ability, targets), as a seat that is not at this
        screen sends it: a remote seat while the table waits for it, or any mover in its turn."""
        g = self.game
        if g.is_over():
            raise Refusal("The game is over")
        if seat != g.to_move:
            raise Refusal(f"{self.seat_name(g.to_move)} plays now, not {self.seat_name(seat)}")
        if not (self.phase == Phase.TURN or (self.phase == Phase.COMPUTER and self.is_remote(seat))):
            raise Refusal(f"The table is not waiting for that now ({self.phase})")
        if action.card not in g.hand_ids(seat):
            raise Refusal(f"{self.card_name(action.card)} is not in {self.seat_name(seat)}'s hand")
        if not g.is_legal(action):
            why = g.hand_rule_refusal(action.card)
            raise Refusal(why or f"{action} is not a legal action now")
        self.commit(action)

    def choose_ability(self, seat: int, number: int | None) -> None:
        """Use ability ``number`` of the pending card (None: no ability)."""
        self._mover(seat, Phase.ABILITY)
        assert self.pending is not None
        card_id, cell = self.pending
        if number is None:
            self.commit(Action(card_id, cell))
            return
        if number not in self.game.abilities_offered(card_id, cell):
            raise Refusal(f"{self.card_name(card_id)}'s {self.ability_name(card_id, number)} cannot be used now")
        opts = self.game.target_options(card_id, cell, number)
        if opts == [()]:
            self.commit(Action(card_id, cell, number))
            return
        self.ability = number
        self.chosen = []
        self.flow.ability_chosen(True)
        keys = sorted((k for k in map(self.target_key, self.next_targets()) if k is not None), key=str)
        if keys:
            self.screen.cursor_to(keys[0])

    def toggle_target(self, seat: int, target: str) -> None:
        """Pick a target of the chosen ability (a cell name, or ``hand:`` and a card id), or
        put back one picked; the last one needed plays the action."""
        self._mover(seat, Phase.TARGETS)
        if target in self.chosen:
            self.chosen.remove(target)
            self.screen.sound("menu")
            return
        if target not in self.next_targets():
            raise Refusal("That is not a target of this ability")
        self.chosen.append(target)
        self.screen.sound("select")
        if not self.next_targets():
            assert self.pending is not None and self.ability is not None
            self.commit(Action(*self.pending, self.ability, tuple(self.chosen)))
            return
        keys = sorted((k for k in map(self.target_key, self.next_targets()) if k is not None), key=str)
        if keys:
            self.screen.cursor_to(keys[0])

    def back(self, seat: int) -> None:
        """Choosing targets: back to the choice of ability. In the ability choice: the card
        goes back to the hand, still picked."""
        self._mover(seat, Phase.TARGETS, Phase.ABILITY)
        if self.phase == Phase.TARGETS:
            self.chosen = []
            self.ability = None
            self.flow.targets_back()
            self.screen.opened(Phase.ABILITY)
        else:
            self.cancel_choice()

    def cancel_choice(self) -> None:
        """The pending card goes back to the hand, still picked."""
        if self.pending is not None:
            self.screen.cursor_to(("cell", self.game.field.index(self.pending[1])))
        self.pending = None
        self.ability = None
        self.chosen = []
        self.show = None
        self.caption = None
        self.shown_events = 0
        if self.phase in (Phase.TARGETS, Phase.ABILITY):
            if self.phase == Phase.TARGETS:
                self.flow.targets_back()
            self.flow.ability_cancelled()

    def confirm(self, seat: int) -> None:
        """Hot seat: the mover has seen the result; the screen goes to the next person."""
        if self.phase != Phase.RESULT or seat != self.flow.seat:
            raise Refusal("There is no result to confirm")
        self._entered(self.flow.result_confirmed(self.game.is_over(), self.game.to_move))

    def target_key(self, target: str) -> Key | None:
        """Where a target lies: a cell, or a card of the mover's hand (not the pending one)."""
        g = self.game
        if target.startswith(HAND_PREFIX):
            cid = target[len(HAND_PREFIX):]
            seat = g.to_move
            skip = self.pending_index() if self.pending is not None else None
            for i, c in enumerate(g.hand_ids(seat)):
                if i != skip and c == cid:
                    return ("hand", seat, i)
            return None
        return ("cell", g.field.index(target))

    def free_cell_key(self) -> Key | None:
        """Where the eye goes after a card is picked: the hinted cell, the cell aimed at last,
        else the free cell nearest the middle (None: no free cell)."""
        g = self.game
        if self.hint is not None and self.selected == self.hint[0]:
            return ("cell", g.field.index(self.hint[1]))
        if self.aim is not None and g.card_at(self.aim) is None:
            return ("cell", self.aim)
        free = [c for c in g.field.cells if g.card_at(c) is None]
        if not free:
            return None
        w, h = g.field.width, g.field.height
        mid = ((w - 1) / 2, (h - 1) / 2)
        return ("cell", min(free, key=lambda c: (abs(c % w - mid[0]) + abs(c // w - mid[1]), c)))

    # ------------------------------------------------------------------ playing
    def commit(self, action: Action) -> None:
        """Play a complete action and start showing what it did (after what was already shown)."""
        if self.hint_waiting:
            self.hint_waiting = False
            self.brain().cancel()
        g = self.game
        seat = g.to_move
        continuing = self.pending is not None and self.show is not None
        board = self.show.board if continuing and self.show is not None else self.board_now(action)
        skip = self.shown_events if continuing else 0
        try:
            report = g.play(action)
        except IllegalActionError as e:
            self.screen.sound("illegal")
            self.say(f"Not allowed: {e}")
            self.cancel_choice()
            return
        if self.revise is not None:
            report = self.revise(report)
        placed = g.field.index(action.cell)
        self.last = placed
        self.turn_ply[seat] = g.ply + self.ply_base
        self.hint = None
        self.selected = None
        self.pending = None
        self.ability = None
        self.chosen = []
        self.shown_events = 0
        self.aim = placed
        self.screen.cursor_to(("cell", placed))
        for seen in report.events[:skip]:
            self._log(seen, self.event_text(seen))
        self.say(self._placement_summary(report))
        if self.phase in (Phase.ABILITY, Phase.TARGETS):
            self.flow.committed()
        elif self.phase == Phase.COMPUTER:
            self.flow.computer_placed()
        else:
            self.flow.placed(False)
        # Saved only now: the pending choice is closed, so the save holds exactly the game on screen.
        self.screen.committed(g.is_over())
        self._present(report.events[skip:], board)

    def board_now(self, landing: Action | None = None) -> ShownBoard:
        """The field as it is now, to show ``landing`` on: with the values its comparison will
        see, so no value changes before the step that changes it."""
        g = self.game
        values = None
        if landing is not None:
            try:
                values = g.sides_on_landing(landing.card, landing.cell)
            except IllegalActionError:
                values = None
        return ShownBoard({g.field.name_of(c): (card.id, owner) for c in g.field.cells
                           if (card := g.card_at(c)) is not None and (owner := g.owner_at(c)) is not None},
                          values)

    def event_text(self, event: ev.Event) -> str:
        if isinstance(event, ev.CardDrawn):
            return self.draw_text(event)
        return event_text(event, self.card_name, self.ability_name, self.seat_name)

    def draw_text(self, event: ev.CardDrawn) -> str:
        """Chaos's draw as the person at the screen may read it: named only when that hand is
        face up for them (Open, their own hand against the computer); the log keeps the same words."""
        return drawn_text(event, self.card_name, seen=event.seat in self.visible_seats(),
                          you=self.flow.humans() == [event.seat], seat_name=self.seat_name)

    def _placement_summary(self, report: ev.Report) -> str:
        """The whole placement in one line, kept in the bottom bar after its steps were shown."""
        text = self.event_text(report.events[0])
        n = len(report.captures)
        if n:
            text += f": {n} capture{'s' if n != 1 else ''}"
        used = next((e for e in report.events if isinstance(e, ev.AbilityUsed)), None)
        if used is not None:
            text += f"; {self.ability_name(used.card, used.number)}"
        return text

    # ------------------------------------------------------------------ showing
    def _present(self, events: Any, board: ShownBoard, *, hold: bool = True, log: bool = True) -> None:
        """Start showing ``events`` as steps; the first one shows at once."""
        self.show = Presentation(steps_for(events, self.factor(), self.card_name, self.ability_name,
                                           self.draw_text, self.seat_name), board, self.factor(), hold=hold)
        self._log_steps = log
        self._present_tick()

    def _present_tick(self) -> None:
        show = self.show
        if show is None:
            return
        for st in show.tick():
            self.caption = (st.caption, st.seat)
            if isinstance(st.event, Announcement):
                self.screen.sound("capture")      # the capture lines that follow carry the cause to the log
                continue
            if self._log_steps:
                self._log(st.event, st.text)
            if isinstance(st.event, ev.Placed):
                self.screen.sound("move")
            elif isinstance(st.event, (ev.Captured, ev.ControlGained, ev.Swapped)):
                self.screen.sound("flip")
            elif isinstance(st.event, (ev.AbilityUsed, ev.FieldReset)):
                self.screen.sound("capture")
        if show.done and show is self.show:
            self._shown()

    def finish_showing(self) -> None:
        """Show every step left at once."""
        if self.show is not None and not self.show.done:
            self.show.finish()
            if self.phase == Phase.SHOW:
                self._shown()

    def _shown(self) -> None:
        """Every step was shown: the ability offer, the mover's result screen, or the next seat."""
        phase = self.flow.shown(self.game.is_over(), self.game.to_move)
        if phase == Phase.ABILITY:
            if not self._quiet:
                self.screen.opened(Phase.ABILITY)
        elif phase == Phase.RESULT:
            self.show = None
            self.screen.cursor_to(("cell", self.last) if self.last is not None else None)
        else:
            self._entered(phase)

    def rebuild_log(self) -> None:
        """A loaded game: the log, the last placement and each seat's last turn, replayed from its actions."""
        setup = self.game.setup
        if setup is None or self.log.lines:
            return
        replay = Game(setup, self.catalog)
        for e in replay.setup_events():          # Hand Swap, Three Open: before the first placement
            if not isinstance(e, ev.CardDrawn):
                self._log_at(0, e, self.event_text(e))
        for action in self.game.history:
            try:
                report = replay.play(action)
            except IllegalActionError:
                return
            for e in report.events:
                self._log_at(replay.ply, e, self.event_text(e))
            self.turn_ply[report.seat] = replay.ply
            self.last = replay.field.index(action.cell)

    def load_log(self, played: Sequence[tuple[int, ev.Event]]) -> None:
        """A game taken up from elsewhere (online): the log, each seat's last turn and the last
        placement, from the events already played, each with the ply after its action."""
        for ply, e in played:
            self._log_at(ply, e, self.event_text(e))
            if isinstance(e, ev.Placed):
                self.turn_ply[e.seat] = ply
                self.last = self.game.field.index(e.cell)

    def _log(self, event: ev.Event, text: str) -> None:
        self._log_at(self.game.ply + self.ply_base, event, text)

    def _log_at(self, ply: int, event: "ev.Event | Announcement", text: str) -> None:
        self.log.add(ply, getattr(event, "seat", None), text, isinstance(event, ev.Placed))

    # ------------------------------------------------------------------ the computer and hints
    def game_text(self) -> str:
        """What the computer player reads: the game record (setup and actions) as YAML."""
        return self.game.record().to_yaml()

    def _computer_step(self) -> None:
        g = self.game
        seat = g.to_move
        if self.is_remote(seat):
            return                               # its action comes through play()
        level = str(self.seats[seat].get("level", "normal")) if seat < len(self.seats) else "normal"

        def ask() -> None:
            self.brain().submit_action(self.game_text(), seat, level, self.rng.randrange(2 ** 31),
                                       self.pack_dirs, self.guess_pool)

        def check(value: Any) -> Action:
            try:
                act = Action.parse(str(value))
            except NotationError as e:
                raise ValueError(f"it answered {value!r}: {e}") from None
            if not g.is_legal(act):
                raise ValueError(f"it chose {act}, which is not a legal action")
            return act

        out = self.computer.step(ask, lambda: self.brain().poll(), check, scaled(AI_SHOW_TICKS, self.factor()))
        if out is None:
            return
        kind, value = out
        if kind == "failed":
            self._computer_failed(value)
        else:
            self.commit(value)

    computer_seats_kept = False
    """Set by a mode that never hands a computer seat to the person (the Journey): a failed computer
    player is started again and asked again after the message, its seat stays the computer's."""

    def _computer_failed(self, error: str) -> None:
        seat = self.game.to_move
        if self.computer_seats_kept:
            self.flow.restart()
            lines = error.strip().splitlines() or ["unknown error"]
            self.screen.computer_failed(seat, f"The computer player stopped ({lines[-1][-200:]}). It is "
                                              f"started again and {self.seat_name(seat)} plays on.")
            return
        if seat < len(self.seats):
            self.seats[seat] = {"kind": "human"}
        self.flow.seat_to_person(seat)
        self.flow.restart()
        lines = error.strip().splitlines() or ["unknown error"]
        self.screen.computer_failed(seat, f"The computer player failed ({lines[-1][-200:]}). "
                                          f"{self.seat_name(seat)} is now played by a person.")

    def ask_hint(self, seat: int) -> None:
        """Ask the computer for a good move for the mover; the answer comes at a later tick."""
        self._mover(seat, Phase.TURN)
        if self.hint_waiting:
            raise Refusal("A hint is on its way")
        self.hint_waiting = True
        self.say("Looking for a good move...")
        self.brain().submit_hint(self.game_text(), seat, self.pack_dirs, self.guess_pool)

    def _poll_hint(self) -> None:
        reply = self.brain().poll()
        if reply is None:
            return
        self.hint_waiting = False
        if self.phase != Phase.TURN:
            return
        value = reply.value if reply.ok and isinstance(reply.value, dict) else {}
        try:
            act = Action.parse(str(value.get("action", "")))
        except NotationError:
            self.say("No hint this time")
            return
        g = self.game
        seat = g.to_move
        card = next((c for c in g.hand(seat) if c.id == act.card), None)
        if card is None or not g.is_legal(act):
            self.say("No hint this time")
            return
        text = f"Hint: {card.name} on {act.cell}"
        if act.ability is not None:
            ab = card.abilities[act.ability - 1]
            text += f", then {ab.name or 'ability ' + str(act.ability)}"
            if act.targets:
                text += " on " + ", ".join(t.replace("hand:", "") for t in act.targets)
        outcome = {"win": "a sure win", "draw": "a sure draw", "loss": "a loss whatever you do"}.get(
            str(value.get("value")))
        if outcome:
            text += f" ({outcome})"
        self.hint = (act.card, act.cell)
        self.hint_text = text
        self.say(text)
        if self.selected == act.card:            # picked already (Chaos draws it): the cell is next
            self.screen.cursor_to(("cell", g.field.index(act.cell)))
        else:                                    # another card picked goes back: the prompt and the
            self.selected = None                 # cursor both point at the card the hint names
            self.screen.cursor_to(("hand", seat, g.hand_ids(seat).index(act.card)))

    def stop_computer(self) -> None:
        """Forget the computer's question under way (a new game, leaving)."""
        self.computer.reset()
        self.hint_waiting = False

    # ------------------------------------------------------------------ time
    def tick(self) -> None:
        """One 1/60 s tick: the steps being shown, the computer's answer, a hint."""
        self.messages.tick()
        phase = self.phase
        if phase == Phase.START:
            if not self.setup_steps():
                self.begin_turn()
        elif phase == Phase.SHOW:
            self._present_tick()
        elif phase == Phase.COMPUTER:
            self._computer_step()
        elif phase == Phase.TURN and self.hint_waiting:
            self._poll_hint()

    @property
    def busy(self) -> bool:
        """Something moves or a computer works: the screen redraws every tick."""
        return self.phase in (Phase.START, Phase.SHOW, Phase.COMPUTER) or self.hint_waiting


__all__ = ["AI_SHOW_TICKS", "MESSAGE_TICKS", "TableController", "seat_name"]


def _first(hand: list[str], known: list[bool], cid: str) -> int | None:
    """The first copy of ``cid`` in ``hand`` nobody knows yet (else the first copy; None if absent)."""
    copies = [i for i, c in enumerate(hand) if c == cid]
    return next((i for i in copies if not known[i]), copies[0] if copies else None)
