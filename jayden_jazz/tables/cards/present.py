"""Turning what the engine reports into timed steps a player can follow.

The engine applies a whole placement at once; a player needs to see it as
steps: the card lands, each captured card turns over in the mover's colour
with a caption, then the ability and what it did, effects that ran out,
seats skipped. A capture by a classic rule is announced first: a large
"Same!" or "Plus!" before the cards it takes turn over, and "Combo!" before
each link of a chain, in the order the engine reports them (breadth
first). :class:`Presentation` plays those steps one after another
on a :class:`ShownBoard`, the board as the player has seen it so far, so
the table draws what was shown, never the engine's final state too early.

Every length is a number of 1/60 s ticks at normal speed times the
``animation`` setting's factor (0 = instant: every step shows at once).
No pygame here: the timing is tested on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from jayden_jazz.cards import events as ev
from jayden_jazz.cards.rule_text import CAUSE_WORDS
from jayden_jazz.tables.cards.movelog import SeatName, compared_text, event_seat, event_text, match_text, seat_name
from jayden_jazz.tables.seats import paced as scaled   # one pace rule for both games

@dataclass(frozen=True)
class Announcement:
    """Not an engine event: the table's announcement that a classic rule takes cards
    (``word`` "Same!", ``cells`` the cards it takes, ``cell`` where the eye should be)."""

    word: str
    cause: str
    seat: int
    cell: str
    cells: tuple[str, ...]
    matched: tuple[ev.Match, ...] = ()       # the pairs that matched (Same, Same Wall, Plus)


STEP_TICKS = {
    Announcement: 40,
    ev.Placed: 24, ev.Captured: 30, ev.AbilityUsed: 75, ev.ControlGained: 30, ev.Swapped: 40,
    ev.EffectStarted: 45, ev.EffectEnded: 45, ev.FieldReset: 75, ev.SeatSkipped: 50, ev.GameEnded: 0,
}
"""How long each kind of step stays on screen at normal speed before the next begins."""
STEP_TICKS.update({ev.HandSwapped: 75, ev.CardsShown: 75, ev.CardDrawn: 40})   # the hand rules' steps
FLIP_TICKS = 16          # a card turning over (part of its step)
HOLD_TICKS = 30          # after the last step, before the next seat
CAPTION_COLS = 78        # the top bar's width in characters


@dataclass(frozen=True)
class Step:
    event: ev.Event | Announcement
    text: str            # the whole sentence, as the move log keeps it
    seat: int | None
    ticks: int
    banner: tuple[str, str] | None = None    # (word, cause) shown large while the step plays

    @property
    def caption(self) -> str:
        """What the bar shows while the step plays: the sentence, cut before an ability's long text."""
        if isinstance(self.event, (ev.AbilityUsed, ev.EffectStarted)) and len(self.text) > CAPTION_COLS:
            return self.text.split(": ", 1)[0]
        return self.text

    @property
    def cell(self) -> str | None:
        return getattr(self.event, "cell", None)


Sides = tuple[int, int, int, int]


class ShownBoard:
    """Each cell's card and owner as the player has seen them: ``{cell: (card id, owner)}``;
    ``values``, the cards' effective sides as the placement's comparison saw them, until a
    step changes them (an effect starts or ends: from then on the game's values are drawn)."""

    def __init__(self, cells: dict[str, tuple[str, int]], values: dict[str, Sides] | None = None) -> None:
        self.cells = dict(cells)
        self.values = dict(values) if values is not None else None
        self.synced = False          # after a reset the engine's board is the one to draw

    def apply(self, event: "ev.Event | Announcement") -> int | None:
        """Show one event; returns the cell's old owner when a card turned over."""
        if isinstance(event, ev.Placed):
            self.cells[event.cell] = (event.card, event.seat)
        elif isinstance(event, (ev.Captured, ev.ControlGained)):
            old = self.cells.get(event.cell, (event.card, event.old_owner))
            self.cells[event.cell] = (old[0], event.seat)
            return event.old_owner
        elif isinstance(event, ev.Swapped):
            self.cells[event.cell] = (event.to_field, event.seat)
            if self.values is not None:
                self.values.pop(event.cell, None)
            return event.old_owner
        elif isinstance(event, ev.FieldReset):
            self.synced = True
        elif isinstance(event, (ev.EffectStarted, ev.EffectEnded)):
            self.values = None
        return None


class Presentation:
    """A queue of steps played over ticks; the table reads what to draw from it."""

    def __init__(self, steps: Iterable[Step], board: ShownBoard, factor: float, *,
                 hold: bool = True) -> None:
        self.steps = list(steps)
        self.board = board
        self.factor = factor
        self.index = -1                      # the step on screen now
        self.left = 0                        # ticks before the next step
        self.clock = 0
        self.flips: dict[str, tuple[int, int]] = {}    # cell -> (old owner, tick it began)
        self.flip_ticks = scaled(FLIP_TICKS, factor)
        self.hold = scaled(HOLD_TICKS, factor) if hold else 0
        self.holding = False
        self.done = False
        self.last_cell: str | None = None     # where the card landed

    @property
    def current(self) -> Step | None:
        return self.steps[self.index] if 0 <= self.index < len(self.steps) else None

    def tick(self) -> list[Step]:
        """Advance one tick; returns the steps that began in it (for the log and sounds)."""
        started: list[Step] = []
        if self.done:
            return started
        self.clock += 1
        if self.left > 0:
            self.left -= 1
        while self.left <= 0 and not self.done:
            if self.index + 1 < len(self.steps):
                self.index += 1
                step = self.steps[self.index]
                old = self.board.apply(step.event)
                if isinstance(step.event, ev.Placed):
                    self.last_cell = step.event.cell
                if old is not None and step.cell is not None:
                    self.flips[step.cell] = (old, self.clock)
                self.left = step.ticks
                started.append(step)
            elif not self.holding and self.hold:
                self.holding = True
                self.left = self.hold
            else:
                self.done = True
        return started

    def flip_progress(self, cell: str) -> tuple[int, float] | None:
        """(old owner, 0..1) while the card on ``cell`` is turning over, else None."""
        f = self.flips.get(cell)
        if f is None:
            return None
        if self.flip_ticks <= 0:
            return None
        p = (self.clock - f[1]) / self.flip_ticks
        return None if p >= 1 else (f[0], max(0.0, p))

    def finish(self) -> list[Step]:
        """Play every remaining step at once (for a player who does not want to wait)."""
        started: list[Step] = []
        while not self.done:
            self.left = 0
            self.holding = True
            started += self.tick()
        self.flips.clear()
        return started


COMBO_TICKS = 24          # the "Combo!" before each link: shorter, a chain has many


def steps_for(events: Iterable[ev.Event], factor: float, card_name: Callable[[str], str],
              ability_name: Callable[[str, int], str],
              draw_text: Callable[[ev.CardDrawn], str] | None = None,
              seat_name: SeatName = seat_name) -> list[Step]:
    """One step per event, with an announcement before each classic capture group ("Same!",
    then the cards it took) and before each Combo link. ``draw_text`` words a Chaos draw for
    the person at the screen (by default the private sentence, which names no card)."""
    events = list(events)
    out: list[Step] = []
    for i, e in enumerate(events):
        if isinstance(e, ev.Captured) and e.cause in CAUSE_WORDS:
            word = CAUSE_WORDS[e.cause]
            prev = events[i - 1] if i else None
            if e.cause == "combo":
                a = Announcement(word, e.cause, e.seat, e.cell, (e.cell,))
                link = f" ({compared_text(e.matched[0])})" if len(e.matched) == 1 else ""
                out.append(Step(a, f"{word} {card_name(e.card)} on {e.cell} is taken next{link}", e.seat,
                                scaled(COMBO_TICKS, factor), (word, e.cause)))
            elif not (isinstance(prev, ev.Captured) and prev.cause == e.cause):
                group = []
                for later in events[i:]:
                    if not (isinstance(later, ev.Captured) and later.cause == e.cause):
                        break
                    group.append(later.cell)
                placed = next((p.cell for p in events[:i] if isinstance(p, ev.Placed)), e.cell)
                n = len(group)
                a = Announcement(word, e.cause, e.seat, placed, tuple(group), e.matched)
                what = match_text(e.cause, e.matched)
                out.append(Step(a, f"{word} {what + ': ' if what else ''}"
                                   f"{n} card{'s' if n != 1 else ''} change{'s' if n == 1 else ''} hands",
                                e.seat, scaled(STEP_TICKS[Announcement], factor), (word, e.cause)))
        text = draw_text(e) if draw_text is not None and isinstance(e, ev.CardDrawn) else \
            event_text(e, card_name, ability_name, seat_name)
        out.append(Step(e, text, event_seat(e), scaled(STEP_TICKS[type(e)], factor)))
    return out


__all__ = ["Announcement", "COMBO_TICKS", "Sides", "FLIP_TICKS", "HOLD_TICKS", "Presentation", "STEP_TICKS", "ShownBoard", "Step", "scaled",
           "steps_for"]
