"""What a seat asks of a card table: pick, place, choose an ability, pick targets, go back, confirm.

Every command names its seat and is checked first (:meth:`Commands.mover`):
one the table does not take raises :class:`~jayden_jazz.tables.cards.view.Refusal`
with the reason in plain words, and changes nothing. A command that
completes an action ends in :meth:`Commands.commit`, the one place a card
is played on the game, whoever chose it (a person, the computer, a remote
seat). The state these commands change is the table's
(:class:`~jayden_jazz.tables.cards.controller.TableController`), so the
screen and the online link keep reading it there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Union

from jayden_jazz.cards import Action, IllegalActionError
from jayden_jazz.cards import events as ev
from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.cards.controller import TableController

Key = Union[tuple[Literal["cell"], int], tuple[Literal["hand"], int, int]]   # ("cell", index), ("hand", seat, index)


class Commands:
    """The commands of one table (``table``), whose state they change."""

    def __init__(self, table: TableController) -> None:
        self.table = table

    def mover(self, seat: int, *phases: Phase) -> None:
        """Refuse a command unless ``seat`` is to move and the table waits in one of ``phases``."""
        t = self.table
        g = t.game
        if g.is_over():
            raise Refusal("The game is over")
        if t.phase not in phases:
            raise Refusal(f"The table is not waiting for that now ({t.phase})")
        if seat != g.to_move:
            raise Refusal(f"{t.seat_name(g.to_move)} plays now, not {t.seat_name(seat)}")

    def pick(self, seat: int, card_id: str | None) -> None:
        """Pick a card of the mover's hand (again: put it back; None: none)."""
        self.mover(seat, Phase.TURN)
        t = self.table
        g = t.game
        if card_id is None:
            t.selected = None
            return
        if card_id not in g.hand_ids(seat):
            raise Refusal(f"{t.card_name(card_id)} is not in {t.seat_name(seat)}'s hand")
        why = g.hand_rule_refusal(card_id)
        if why is not None:                      # Order or Chaos: another card must be played
            raise Refusal(why)
        if card_id == t.selected:                # picked again: back in the hand ...
            if card_id == g.drawn_card:          # ... but Chaos's draw is the only card to play
                t.screen.cursor_to(self.free_cell_key())
                return
            t.selected = None
            return
        t.selected = card_id
        t.screen.sound("select")
        t.screen.cursor_to(self.free_cell_key())     # the eye goes where the card may go

    def place(self, seat: int, card_id: str, cell: str) -> None:
        """Place a card on a free cell: played at once, or shown first when an ability is on offer."""
        self.mover(seat, Phase.TURN)
        t = self.table
        g = t.game
        if card_id not in g.hand_ids(seat):
            raise Refusal(f"{t.card_name(card_id)} is not in {t.seat_name(seat)}'s hand")
        try:
            index = g.field.index(cell)
        except (KeyError, ValueError, IndexError, TypeError):
            raise Refusal(f"{cell} is not a cell of this field") from None
        if g.card_at(index) is not None:
            raise Refusal(f"{g.field.name_of(index)} already holds a card")
        t.selected = card_id
        self.place_at(seat, card_id, index)

    def place_at(self, seat: int, card_id: str, cell: int) -> None:
        """The card goes on ``cell`` (checked already, or a save's choice being reopened)."""
        t = self.table
        g = t.game
        name = g.field.name_of(cell)
        t.aim = cell
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
        t.pending = (card_id, name)
        t.pending_seat = seat
        t.shown_events = len(shown)
        t.hint = None
        t.flow.placed(True)
        t.steps.present(shown, t.steps.board_now(Action(card_id, name)), hold=False, log=False)

    def play(self, seat: int, action: Action) -> None:
        """A whole action at once (card, cell, ability, targets), as a seat that is not at this
        screen sends it: a remote seat while the table waits for it, or any mover in its turn."""
        t = self.table
        g = t.game
        if g.is_over():
            raise Refusal("The game is over")
        if seat != g.to_move:
            raise Refusal(f"{t.seat_name(g.to_move)} plays now, not {t.seat_name(seat)}")
        if not (t.phase == Phase.TURN or (t.phase == Phase.COMPUTER and t.is_remote(seat))):
            raise Refusal(f"The table is not waiting for that now ({t.phase})")
        if action.card not in g.hand_ids(seat):
            raise Refusal(f"{t.card_name(action.card)} is not in {t.seat_name(seat)}'s hand")
        if not g.is_legal(action):
            why = g.hand_rule_refusal(action.card)
            raise Refusal(why or f"{action} is not a legal action now")
        self.commit(action)

    def choose_ability(self, seat: int, number: int | None) -> None:
        """Use ability ``number`` of the pending card (None: no ability)."""
        self.mover(seat, Phase.ABILITY)
        t = self.table
        assert t.pending is not None
        card_id, cell = t.pending
        if number is None:
            self.commit(Action(card_id, cell))
            return
        if number not in t.game.abilities_offered(card_id, cell):
            raise Refusal(f"{t.card_name(card_id)}'s {t.ability_name(card_id, number)} cannot be used now")
        opts = t.game.target_options(card_id, cell, number)
        if opts == [()]:
            self.commit(Action(card_id, cell, number))
            return
        t.ability = number
        t.chosen = []
        t.flow.ability_chosen(True)
        self._cursor_to_first_target()

    def toggle_target(self, seat: int, target: str) -> None:
        """Pick a target of the chosen ability (a cell name, or ``hand:`` and a card id), or
        put back one picked; the last one needed plays the action."""
        self.mover(seat, Phase.TARGETS)
        t = self.table
        if target in t.chosen:
            t.chosen.remove(target)
            t.screen.sound("menu")
            return
        if target not in t.next_targets():
            raise Refusal("That is not a target of this ability")
        t.chosen.append(target)
        t.screen.sound("select")
        if not t.next_targets():
            assert t.pending is not None and t.ability is not None
            self.commit(Action(*t.pending, t.ability, tuple(t.chosen)))
            return
        self._cursor_to_first_target()

    def _cursor_to_first_target(self) -> None:
        keys = sorted((k for k in map(self.target_key, self.table.next_targets()) if k is not None), key=str)
        if keys:
            self.table.screen.cursor_to(keys[0])

    def back(self, seat: int) -> None:
        """Choosing targets: back to the choice of ability. In the ability choice: the card
        goes back to the hand, still picked."""
        self.mover(seat, Phase.TARGETS, Phase.ABILITY)
        t = self.table
        if t.phase == Phase.TARGETS:
            t.chosen = []
            t.ability = None
            t.flow.targets_back()
            t.screen.opened(Phase.ABILITY)
        else:
            self.cancel_choice()

    def cancel_choice(self) -> None:
        """The pending card goes back to the hand, still picked."""
        t = self.table
        if t.pending is not None:
            t.screen.cursor_to(("cell", t.game.field.index(t.pending[1])))
        t.pending = None
        t.ability = None
        t.chosen = []
        t.show = None
        t.caption = None
        t.shown_events = 0
        if t.phase in (Phase.TARGETS, Phase.ABILITY):
            if t.phase == Phase.TARGETS:
                t.flow.targets_back()
            t.flow.ability_cancelled()

    def confirm(self, seat: int) -> None:
        """Hot seat: the mover has seen the result; the screen goes to the next person."""
        t = self.table
        if t.phase != Phase.RESULT or seat != t.flow.seat:
            raise Refusal("There is no result to confirm")
        t.enter(t.flow.result_confirmed(t.game.is_over(), t.game.to_move))

    def target_key(self, target: str) -> Key | None:
        """Where a target lies: a cell, or a card of the mover's hand (not the pending one)."""
        t = self.table
        g = t.game
        if target.startswith(HAND_PREFIX):
            cid = target[len(HAND_PREFIX):]
            seat = g.to_move
            skip = t.pending_index() if t.pending is not None else None
            for i, c in enumerate(g.hand_ids(seat)):
                if i != skip and c == cid:
                    return ("hand", seat, i)
            return None
        return ("cell", g.field.index(target))

    def free_cell_key(self) -> Key | None:
        """Where the eye goes after a card is picked: the hinted cell, the cell aimed at last,
        else the free cell nearest the middle (None: no free cell)."""
        t = self.table
        g = t.game
        if t.hint is not None and t.selected == t.hint[0]:
            return ("cell", g.field.index(t.hint[1]))
        if t.aim is not None and g.card_at(t.aim) is None:
            return ("cell", t.aim)
        free = [c for c in g.field.cells if g.card_at(c) is None]
        if not free:
            return None
        w, h = g.field.width, g.field.height
        mid = ((w - 1) / 2, (h - 1) / 2)
        return ("cell", min(free, key=lambda c: (abs(c % w - mid[0]) + abs(c // w - mid[1]), c)))

    def commit(self, action: Action) -> None:
        """Play a complete action and start showing what it did (after what was already shown)."""
        t = self.table
        t.hints.drop()
        g = t.game
        seat = g.to_move
        steps = t.steps
        continuing = t.pending is not None and t.show is not None
        board = t.show.board if continuing and t.show is not None else steps.board_now(action)
        skip = t.shown_events if continuing else 0
        try:
            report = g.play(action)
        except IllegalActionError as e:
            t.screen.sound("illegal")
            t.say(f"Not allowed: {e}")
            self.cancel_choice()
            return
        if t.revise is not None:
            report = t.revise(report)
        placed = g.field.index(action.cell)
        t.last = placed
        t.turn_ply[seat] = g.ply + t.ply_base
        t.hint = None
        t.selected = None
        t.pending = None
        t.ability = None
        t.chosen = []
        t.shown_events = 0
        t.aim = placed
        t.screen.cursor_to(("cell", placed))
        for seen in report.events[:skip]:
            steps.log(seen, steps.event_text(seen))
        t.say(steps.placement_summary(report))
        if t.phase in (Phase.ABILITY, Phase.TARGETS):
            t.flow.committed()
        elif t.phase == Phase.COMPUTER:
            t.flow.computer_placed()
        else:
            t.flow.placed(False)
        # Saved only now: the pending choice is closed, so the save holds exactly the game on screen.
        t.screen.committed(g.is_over())
        steps.present(report.events[skip:], board)


__all__ = ["Commands", "Key"]
