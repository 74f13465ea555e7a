"""Whose turn it is and what the table waits for: a small state machine without pygame.

Every phase is an enum member and every change of phase goes through one
method that refuses a change the design does not allow (a placement can
never reach the pass screen before its captures were seen), so a
test can walk through every path (abilities with targets, Sudden Death, a
reset, skipped seats, four players) without a window.

The order a placement is shown in is fixed here: the card lands and its
captures flip (SHOW), only then may its owner choose an ability (ABILITY,
TARGETS), what the ability did is shown (SHOW again), in hot seat the mover
confirms the result (RESULT), and only then does the next seat start.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum


class Phase(str, Enum):
    START = "start"          # deciding who plays next
    PASS = "pass"            # the pass screen is up: waiting for the next person
    TURN = "turn"            # a person picks a card and a cell
    COMPUTER = "computer"    # a computer seat thinks, then shows its pick
    SHOW = "show"            # the steps of a placement are played one by one
    ABILITY = "ability"      # after its captures were shown: one of the card's abilities, or none
    TARGETS = "targets"      # the chosen ability's targets
    RESULT = "result"        # hot seat: the mover looks at the result and confirms
    OVER = "over"

    def __str__(self) -> str:
        return self.value


ALLOWED: dict[Phase, frozenset[Phase]] = {
    Phase.START: frozenset({Phase.PASS, Phase.TURN, Phase.COMPUTER, Phase.OVER}),
    Phase.PASS: frozenset({Phase.TURN, Phase.START}),
    Phase.TURN: frozenset({Phase.SHOW, Phase.START}),
    Phase.COMPUTER: frozenset({Phase.SHOW, Phase.START}),
    Phase.SHOW: frozenset({Phase.ABILITY, Phase.RESULT, Phase.START, Phase.PASS, Phase.TURN,
                           Phase.COMPUTER, Phase.OVER}),
    Phase.ABILITY: frozenset({Phase.TARGETS, Phase.SHOW, Phase.TURN}),
    Phase.TARGETS: frozenset({Phase.ABILITY, Phase.SHOW}),
    Phase.RESULT: frozenset({Phase.PASS, Phase.TURN, Phase.COMPUTER, Phase.OVER, Phase.START}),
    Phase.OVER: frozenset(),
}
"""Which phase may follow which; anything else is a bug and raises FlowError."""

WAITS_FOR_PEOPLE = frozenset({Phase.TURN, Phase.ABILITY, Phase.TARGETS, Phase.RESULT, Phase.OVER})
"""Phases in which a person's key or click is acted on; in the others it is kept until one comes."""


class FlowError(RuntimeError):
    """A change of phase the turn flow does not allow."""


class TurnFlow:
    """The phase of the table, and whose hand may be shown face up.

    ``computer`` says which seats the computer plays; ``open_hands`` is the
    Open variant. With hidden hands and two or more people at the screen a
    pass screen comes before each person's turn and a result screen after.
    """

    def __init__(self, computer: Sequence[bool], open_hands: bool) -> None:
        self.computer = list(computer)
        self.open_hands = open_hands
        self.phase = Phase.START
        self.seat = 0                       # the seat whose turn is being played or shown
        self.viewer: int | None = None      # the person looking at the screen, when hands are hidden
        self.offer_pending = False          # SHOW is showing a placement that may still use an ability
        self.mover_human = False            # the shown placement was a person's
        self.watched = False                # an online spectator's screen: hidden hands stay hidden

    # ------------------------------------------------------------------ who is at the screen
    @property
    def players(self) -> int:
        return len(self.computer)

    def humans(self) -> list[int]:
        return [s for s, c in enumerate(self.computer) if not c]

    @property
    def hot_seat(self) -> bool:
        """Hands are hidden from the other people at the same screen."""
        return not self.open_hands and len(self.humans()) >= 2

    def visible(self, game_over: bool) -> frozenset[int]:
        """Seats whose hands may be drawn face up now."""
        n = self.players
        if game_over or self.open_hands:
            return frozenset(range(n))
        humans = self.humans()
        if not humans:                            # only spectators at the screen: online they see
            return frozenset() if self.watched else frozenset(range(n))    # what everyone sees
        if len(humans) == 1:
            return frozenset(humans)
        return frozenset() if self.viewer is None else frozenset({self.viewer})

    @property
    def waits_for_people(self) -> bool:
        return self.phase in WAITS_FOR_PEOPLE

    def seat_to_person(self, seat: int) -> None:
        """A computer seat that failed is played by a person from now on."""
        self.computer[seat] = False

    # ------------------------------------------------------------------ transitions
    def _need(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise FlowError(f"the table is in {self.phase}, not in {' or '.join(map(str, phases))}")

    def _go(self, phase: Phase) -> Phase:
        if phase not in ALLOWED[self.phase]:
            raise FlowError(f"the table cannot go from {self.phase} to {phase}")
        self.phase = phase
        return phase

    def next_turn(self, game_over: bool, to_move: int) -> Phase:
        """After a placement was shown (and confirmed): the next seat, a pass screen, or the end."""
        if self.phase != Phase.START:
            self._go(Phase.START)
        self.offer_pending = False
        if game_over:
            self.viewer = None if not self.open_hands else self.viewer
            return self._go(Phase.OVER)
        self.seat = to_move
        if self.computer[to_move]:
            if self.hot_seat:
                self.viewer = None
            return self._go(Phase.COMPUTER)
        if self.hot_seat:
            self.viewer = None
            return self._go(Phase.PASS)
        self.viewer = to_move
        return self._go(Phase.TURN)

    def seat_ready(self) -> Phase:
        """The person at the pass screen is the one to play."""
        if self.phase != Phase.PASS:
            raise FlowError(f"no pass screen is up (the table is in {self.phase})")
        self.viewer = self.seat
        return self._go(Phase.TURN)

    def placed(self, offers_ability: bool) -> Phase:
        """A person placed a card. With an ability on offer nothing is committed yet: the
        placement and its captures are shown first, then the choice comes."""
        self._need(Phase.TURN)
        self.offer_pending = offers_ability
        self.mover_human = True
        if not offers_ability:
            self._hide_after_commit()
        return self._go(Phase.SHOW)

    def _hide_after_commit(self) -> None:
        # the placement is made: the mover's hand goes face down again, the next person may look
        if self.hot_seat:
            self.viewer = None

    def computer_placed(self) -> Phase:
        self._need(Phase.COMPUTER)
        self.offer_pending = False
        self.mover_human = False
        return self._go(Phase.SHOW)

    def ability_chosen(self, needs_targets: bool) -> Phase:
        """An ability (or none) was chosen; with targets to pick the table waits for them."""
        if needs_targets:
            return self._go(Phase.TARGETS)
        return self.committed()

    def ability_cancelled(self) -> Phase:
        """Esc on the ability window: the card goes back to the hand, still picked."""
        self._need(Phase.ABILITY)
        self.offer_pending = False
        return self._go(Phase.TURN)

    def targets_back(self) -> Phase:
        return self._go(Phase.ABILITY)

    def committed(self) -> Phase:
        """The action went to the engine; what it did after the shown captures is shown next."""
        self._need(Phase.ABILITY, Phase.TARGETS)
        self.offer_pending = False
        self._hide_after_commit()
        return self._go(Phase.SHOW)

    def shown(self, game_over: bool, to_move: int) -> Phase:
        """Every step of the queue was shown."""
        if self.offer_pending:
            return self._go(Phase.ABILITY)
        if self.mover_human and self.hot_seat and not game_over:
            return self._go(Phase.RESULT)
        self._go(Phase.START)
        return self.next_turn(game_over, to_move)

    def result_confirmed(self, game_over: bool, to_move: int) -> Phase:
        """The mover saw their result; the screen goes to the next person."""
        self._need(Phase.RESULT)
        self._go(Phase.START)
        self.viewer = None
        return self.next_turn(game_over, to_move)

    def restart(self) -> Phase:
        """Start the current turn over (a pass screen closed another way, a computer seat failed)."""
        self.offer_pending = False
        return self._go(Phase.START)


__all__ = ["ALLOWED", "FlowError", "Phase", "TurnFlow", "WAITS_FOR_PEOPLE"]
