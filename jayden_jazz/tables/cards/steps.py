"""The steps a card table shows and the move log they write: a placement played out so a person can follow it.

The engine applies a whole action at once; :class:`Steps` plays its events
back one at a time (:mod:`present` says how long each stays), with a sound
for each and a line in the log, and moves the table on once the last one
was seen (the ability offer, the mover's result, the next seat). Hand Swap
and Three Open are shown the same way before the first turn. A loaded
game or one taken up online gets its log back from what was played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from jayden_jazz.cards import Action, Game, IllegalActionError
from jayden_jazz.cards import events as ev
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.movelog import drawn_text, event_text
from jayden_jazz.tables.cards.present import Announcement, Presentation, ShownBoard, steps_for

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.cards.controller import TableController


class Steps:
    """The steps and the log of one table (``table``); what is shown lives in ``table.show``."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self.logging = True       # the steps shown go to the log (not those of a placement still undecided)
        self.quiet = False        # reopening a saved choice: no window for its offer

    # ------------------------------------------------------------------ before the first turn
    def setup_steps(self) -> bool:
        """Hand Swap and Three Open at the start: shown as steps, one after another, before
        the first turn (None left to show: False)."""
        t = self.table
        if t.setup_show is None:
            events = [e for e in t.game.setup_events() if not isinstance(e, ev.CardDrawn)]
            t.setup_show = Presentation(steps_for(events, t.factor(), t.card_name, t.ability_name,
                                                  seat_name=t.seat_name),
                                        ShownBoard({}), t.factor(), hold=False)
        show = t.setup_show
        if show.done:
            return False
        for st in show.tick():
            t.caption = (st.caption, st.seat)
            self.log_at(0, st.event, st.text)
            t.screen.sound("select")
        if show.done:
            t.caption = None
        return not show.done

    def setup_shown(self) -> tuple[list[list[str]], list[list[bool]]] | None:
        """While Hand Swap and Three Open are shown (None otherwise): each seat's hand as the
        steps shown so far left it, and for each of its cards whether everybody knows it by then.

        Known is told card by card, not by id: a hand may hold two copies of a card, one it
        received in front of everyone and one of its own that stays hidden."""
        t = self.table
        show = t.setup_show
        setup = t.game.setup
        if show is None or show.done or setup is None or t.phase != Phase.START:
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

    # ------------------------------------------------------------------ a placement's steps
    def board_now(self, landing: Action | None = None) -> ShownBoard:
        """The field as it is now, to show ``landing`` on: with the values its comparison will
        see, so no value changes before the step that changes it."""
        g = self.table.game
        values = None
        if landing is not None:
            try:
                values = g.sides_on_landing(landing.card, landing.cell)
            except IllegalActionError:
                values = None
        return ShownBoard({g.field.name_of(c): (card.id, owner) for c in g.field.cells
                           if (card := g.card_at(c)) is not None and (owner := g.owner_at(c)) is not None},
                          values)

    def present(self, events: Any, board: ShownBoard, *, hold: bool = True, log: bool = True) -> None:
        """Start showing ``events`` as steps; the first one shows at once."""
        t = self.table
        t.show = Presentation(steps_for(events, t.factor(), t.card_name, t.ability_name,
                                        self.draw_text, t.seat_name), board, t.factor(), hold=hold)
        self.logging = log
        self.tick()

    def tick(self) -> None:
        """The steps due this tick: caption, sound and log line each; the table moves on after the last."""
        t = self.table
        show = t.show
        if show is None:
            return
        for st in show.tick():
            t.caption = (st.caption, st.seat)
            if isinstance(st.event, Announcement):
                t.screen.sound("capture")         # the capture lines that follow carry the cause to the log
                continue
            if self.logging:
                self.log(st.event, st.text)
            if isinstance(st.event, ev.Placed):
                t.screen.sound("move")
            elif isinstance(st.event, (ev.Captured, ev.ControlGained, ev.Swapped)):
                t.screen.sound("flip")
            elif isinstance(st.event, (ev.AbilityUsed, ev.FieldReset)):
                t.screen.sound("capture")
        if show.done and show is t.show:
            self.shown()

    def finish(self) -> None:
        """Show every step left at once."""
        t = self.table
        if t.show is not None and not t.show.done:
            t.show.finish()
            if t.phase == Phase.SHOW:
                self.shown()

    def shown(self) -> None:
        """Every step was shown: the ability offer, the mover's result screen, or the next seat."""
        t = self.table
        phase = t.flow.shown(t.game.is_over(), t.game.to_move)
        if phase == Phase.ABILITY:
            if not self.quiet:
                t.screen.opened(Phase.ABILITY)
        elif phase == Phase.RESULT:
            t.show = None
            t.screen.cursor_to(("cell", t.last) if t.last is not None else None)
        else:
            t.enter(phase)

    # ------------------------------------------------------------------ words and the log
    def event_text(self, event: ev.Event) -> str:
        t = self.table
        if isinstance(event, ev.CardDrawn):
            return self.draw_text(event)
        return event_text(event, t.card_name, t.ability_name, t.seat_name)

    def draw_text(self, event: ev.CardDrawn) -> str:
        """Chaos's draw as the person at the screen may read it: named only when that hand is
        face up for them (Open, their own hand against the computer); the log keeps the same words."""
        t = self.table
        return drawn_text(event, t.card_name, seen=event.seat in t.visible_seats(),
                          you=t.flow.humans() == [event.seat], seat_name=t.seat_name)

    def placement_summary(self, report: ev.Report) -> str:
        """The whole placement in one line, kept in the bottom bar after its steps were shown."""
        text = self.event_text(report.events[0])
        n = len(report.captures)
        if n:
            text += f": {n} capture{'s' if n != 1 else ''}"
        used = next((e for e in report.events if isinstance(e, ev.AbilityUsed)), None)
        if used is not None:
            text += f"; {self.table.ability_name(used.card, used.number)}"
        return text

    def rebuild_log(self) -> None:
        """A loaded game: the log, the last placement and each seat's last turn, replayed from its actions."""
        t = self.table
        setup = t.game.setup
        if setup is None or t.log.lines:
            return
        replay = Game(setup, t.catalog)
        for e in replay.setup_events():          # Hand Swap, Three Open: before the first placement
            if not isinstance(e, ev.CardDrawn):
                self.log_at(0, e, self.event_text(e))
        for action in t.game.history:
            try:
                report = replay.play(action)
            except IllegalActionError:
                return
            for e in report.events:
                self.log_at(replay.ply, e, self.event_text(e))
            t.turn_ply[report.seat] = replay.ply
            t.last = replay.field.index(action.cell)

    def load_log(self, played: Sequence[tuple[int, ev.Event]]) -> None:
        """A game taken up from elsewhere (online): the log, each seat's last turn and the last
        placement, from the events already played, each with the ply after its action."""
        t = self.table
        for ply, e in played:
            self.log_at(ply, e, self.event_text(e))
            if isinstance(e, ev.Placed):
                t.turn_ply[e.seat] = ply
                t.last = t.game.field.index(e.cell)

    def log(self, event: ev.Event, text: str) -> None:
        """A line for ``event`` at the ply being played now."""
        self.log_at(self.table.game.ply + self.table.ply_base, event, text)

    def log_at(self, ply: int, event: ev.Event | Announcement, text: str) -> None:
        self.table.log.add(ply, getattr(event, "seat", None), text, isinstance(event, ev.Placed))


def _first(hand: list[str], known: list[bool], cid: str) -> int | None:
    """The first copy of ``cid`` in ``hand`` nobody knows yet (else the first copy; None if absent)."""
    copies = [i for i, c in enumerate(hand) if c == cid]
    return next((i for i in copies if not known[i]), copies[0] if copies else None)


__all__ = ["Steps"]
