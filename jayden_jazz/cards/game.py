"""The card game engine: one mutable game, actions in, state out.

Everything a player decides is an :class:`~jayden_jazz.cards.action.Action`;
:meth:`Game.legal_actions` lists them all (abilities and targets expanded)
and :meth:`Game.push` / :meth:`Game.pop` make and unmake them. The hot path
(plain placement, capture, undo) uses plain lists and ints copied from the
field's numpy neighbour table: element access on small numpy arrays is
several times slower than on lists (see ``tools/bench_cards.py``).

Internally every dealt card is a *piece* (an int); a piece keeps its card,
the seat it was dealt to (where a reset sends it back) and its printed
sides. Two seats may hold the same card, each as its own piece.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import zobrist
from .action import HAND_PREFIX, Action
from .card import Ability, Card, Condition, Month
from .deal import Setup, game_month
from .errors import IllegalActionError, SetupError
from .field import Field
from .judge import Judge
from .language import describe
from .result import Result, decide
from .rules import Rules, SideCapture

if TYPE_CHECKING:  # pragma: no cover
    from .events import Report
    from .record import GameRecord

CellRef = int | str


@dataclass(frozen=True, slots=True)
class ActiveEffect:
    """A Turn effect in force. ``turns_left`` counts the current turn.

    Created with ``players + 1``: the rest of the activating turn, every other
    seat's turn (played or skipped) and the activator's next turn. It loses
    one at the end of every seat's turn and is gone at zero.
    """

    seat: int
    piece: int
    card: str
    number: int
    cell: int
    turns_left: int
    ability: Ability
    key: int


@dataclass(frozen=True)
class EffectInfo:
    """An active effect as the scene shows it."""

    seat: int
    card: Card
    number: int
    ability: Ability
    cell: str
    turns_left: int

    @property
    def text(self) -> str:
        return self.ability.text or describe(self.ability)


def new_game(catalog: Mapping[str, Card], field: Field, hands: Sequence[Sequence[str]],
             rules: Rules | None = None, *, first_seat: int | None = None,
             rng: random.Random | None = None, date: datetime.date | Month | None = None,
             names: Sequence[str] = (), custom_hands: bool = False) -> "Game":
    """Start a game. The first seat is drawn with ``rng`` unless ``first_seat`` fixes it;
    ``date`` (a ``datetime.date`` or (year, month)) defaults to today."""
    rules = rules or Rules()
    hands_t = tuple(tuple(h) for h in hands)
    if first_seat is None:
        if not hands_t:
            raise SetupError("no seats")
        first_seat = (rng or random.Random()).randrange(len(hands_t))
    setup = Setup(field, hands_t, rules, first_seat, game_month(date), tuple(names), custom_hands)
    return Game(setup, catalog)


class Game:
    """One game of the Jazz Jackrabbit Card Game."""

    # ------------------------------------------------------------------ building

    def __init__(self, setup: Setup, catalog: Mapping[str, Card]) -> None:
        setup.check(catalog)
        pieces = [(catalog[cid], seat) for seat, hand in enumerate(setup.hands) for cid in hand]
        self._init_static(setup.field, setup.rules, setup.players, setup.date, pieces)
        self._setup: Setup | None = setup
        self._start: str | None = None
        hands: list[list[int]] = []
        i = 0
        for hand in setup.hands:
            hands.append(list(range(i, i + len(hand))))
            i += len(hand)
        self._init_dynamic(hands, setup.first_seat)

    def _init_static(self, field: Field, rules: Rules, players: int, date: Month,
                     pieces: list[tuple[Card, int]]) -> None:
        self.field = field
        self.rules = rules
        self.date: Month = date
        self._n = players
        self._pieces = [c for c, _ in pieces]
        self._judge = judge = Judge(field, self._pieces, date)
        self._ids = [c.id for c in self._pieces]
        self._sides = judge.sides
        self._dealer = [d for _, d in pieces]
        self._points = judge.points
        self._dealt = [[p for p in range(len(pieces)) if self._dealer[p] == s] for s in range(players)]
        size = field.size
        self._size = size
        self._adj = judge.adj
        self._plain_captures = judge.plain_captures
        self._play_cells = field.cells
        self._playable = [False] * size
        for c in field.cells:
            self._playable[c] = True
        self._names = field.cell_names
        self._cell_index = {n: i for i, n in enumerate(self._names)}
        self._steps = rules.capture_steps()
        base = self._steps[0]
        self._base_ties = base.ties if len(self._steps) == 1 and isinstance(base, SideCapture) else None
        self._abilities_on = not rules.pure
        self._sudden = rules.sudden_death
        locs = size * players + players
        self._zk = [zobrist.location_keys(f"{self._ids[p]}.{self._dealer[p]}", locs)
                    for p in range(len(pieces))]
        self._hand_loc = size * players
        self._plain: dict[tuple[str, int], Action] = {}


    def _init_dynamic(self, hands: list[list[int]], to_move: int) -> None:
        size = self._size
        self._cell = [-1] * size
        self._owner = [-1] * size
        self._hands = hands
        self._counts = [0] * self._n
        self._empty = len(self._play_cells)
        self._to_move = to_move
        self._effects: tuple[ActiveEffect, ...] = ()
        self._reset_used = False
        self._over: str | None = None
        self._winner = -1
        self._stack: list[tuple] = []
        self._history: list[Action] = []
        self._z = self._compute_z()

    def _compute_z(self) -> int:
        z = 0
        n = self._n
        for seat, hand in enumerate(self._hands):
            for p in hand:
                z ^= self._zk[p][self._hand_loc + seat]
        for c in self._play_cells:
            p = self._cell[c]
            if p >= 0:
                z ^= self._zk[p][c * n + self._owner[c]]
        return z

    def clone(self) -> "Game":
        """An independent copy sharing the immutable tables (history and undo included)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._cell = self._cell[:]
        g._owner = self._owner[:]
        g._hands = [h[:] for h in self._hands]
        g._counts = self._counts[:]
        g._stack = self._stack[:]
        g._history = self._history[:]
        return g

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        return self._n

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (meaningless once the game is over)."""
        return self._to_move

    @property
    def setup(self) -> Setup | None:
        """The setup the game started from (None for a game read from a position string)."""
        return self._setup

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    @property
    def ply(self) -> int:
        return len(self._history)

    @property
    def reset_used(self) -> bool:
        return self._reset_used

    @property
    def names(self) -> tuple[str, ...]:
        return self._setup.names if self._setup else ()

    def _ci(self, cell: CellRef) -> int:
        if isinstance(cell, str):
            i = self._cell_index.get(cell, -1)
            if i < 0:
                raise ValueError(f"there is no cell {cell!r} on the {self.field.name} field")
            return i
        return cell

    def card_at(self, cell: CellRef) -> Card | None:
        p = self._cell[self._ci(cell)]
        return self._pieces[p] if p >= 0 else None

    def owner_at(self, cell: CellRef) -> int | None:
        """Seat controlling the card on a cell, or None when empty or a hole."""
        o = self._owner[self._ci(cell)]
        return o if o >= 0 else None

    def dealer_at(self, cell: CellRef) -> int | None:
        """Seat the card on a cell was dealt to (where a reset returns it)."""
        p = self._cell[self._ci(cell)]
        return self._dealer[p] if p >= 0 else None

    def printed_sides(self, cell: CellRef) -> tuple[int, int, int, int] | None:
        p = self._cell[self._ci(cell)]
        return self._sides[p] if p >= 0 else None

    def effective_sides(self, cell: CellRef) -> tuple[int, int, int, int] | None:
        """Side values as compared now: printed + active modifiers, clamped to 1..A."""
        c = self._ci(cell)
        if self._cell[c] < 0:
            return None
        return (self.value(c, 0), self.value(c, 1), self.value(c, 2), self.value(c, 3))

    def value(self, cell: int, side: int) -> int:
        """Effective value of one side of the card on ``cell`` (grid index)."""
        return self._judge.value(self._cell, self._owner, self._effects, cell, side)

    def adjacency(self, cell: int) -> tuple[tuple[int, int, int], ...]:
        """(side, neighbour cell, neighbour's touching side) for each playable neighbour."""
        return self._adj[cell]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self._pieces[p] for p in self._hands[seat])

    def hand_ids(self, seat: int) -> tuple[str, ...]:
        return tuple(self._ids[p] for p in self._hands[seat])

    def hand_points(self, seat: int) -> int:
        return sum(self._points[p] for p in self._hands[seat])

    def scores(self) -> tuple[int, ...]:
        """Cards controlled on the field, per seat."""
        return tuple(self._counts)

    def can_see_hand(self, viewer: int, seat: int) -> bool:
        """Open variant: every hand face up; otherwise only one's own."""
        return self.rules.open or viewer == seat

    def effects(self) -> tuple[EffectInfo, ...]:
        return tuple(EffectInfo(e.seat, self._pieces[e.piece], e.number, e.ability,
                                self._names[e.cell], e.turns_left) for e in self._effects)

    def free_cells(self) -> list[str]:
        return [self._names[c] for c in self._play_cells if self._cell[c] < 0]

    def empty_count(self) -> int:
        return self._empty

    def is_over(self) -> bool:
        return self._over is not None

    def result(self) -> Result | None:
        if self._over is None:
            return None
        points = tuple(self.hand_points(s) for s in range(self._n))
        return decide(tuple(self._counts), points, self._over, self._winner)

    def returns(self) -> list[float]:
        """Per seat: +1 sole winner, 0 sharing a draw, -1 otherwise; all 0 while playing."""
        r = self.result()
        return r.returns() if r else [0.0] * self._n

    def zobrist(self) -> int:
        """64-bit position hash: pieces and where they are, seat to move, effects, reset, end."""
        z = self._z ^ zobrist.SEAT_TO_MOVE[self._to_move]
        for e in self._effects:
            z ^= e.key
        if self._reset_used:
            z ^= zobrist.RESET_USED
        if self._over in ("sudden_death", "instant_win"):
            z ^= zobrist.end_key(self._over, self._winner)
        return z

    # ------------------------------------------------------------------ rules helpers

    def _condition_holds(self, c: Condition, seat: int, p: int, captured: int) -> bool:
        return self._judge.condition_holds(c, seat, p, captured, self._counts, self._empty)

    def _side_captures(self, cell: int, seat: int, ties: bool) -> list[int]:
        return self._judge.captures(self._cell, self._owner, self._effects, cell, seat, ties)

    def _run_captures(self, cell: int, seat: int) -> list[tuple[int, int]]:
        """Run the capture steps for the card just placed; apply and return (cell, old owner)."""
        owner = self._owner
        counts = self._counts
        n = self._n
        changed: list[tuple[int, int]] = []
        causes: list[str] = []
        self._last_causes = causes
        if self._base_ties is not None:
            found = self._side_captures(cell, seat, self._base_ties)
            if found:
                z = self._z
                cells = self._cell
                zk = self._zk
                for c in found:
                    old = owner[c]
                    owner[c] = seat
                    counts[old] -= 1
                    counts[seat] += 1
                    k = zk[cells[c]]
                    z ^= k[c * n + old] ^ k[c * n + seat]
                    changed.append((c, old))
                self._z = z
                causes.extend([self._steps[0].name] * len(found))
            return changed
        for step in self._steps:
            for c in step.captures(self, cell, seat):
                p = self._cell[c]
                old = owner[c]
                if p < 0 or old == seat:
                    continue
                owner[c] = seat
                counts[old] -= 1
                counts[seat] += 1
                self._z ^= self._zk[p][c * n + old] ^ self._zk[p][c * n + seat]
                changed.append((c, old))
                causes.append(step.name)
        return changed

    def _count_captures(self, p: int, cell: int, seat: int) -> int:
        """Captures piece ``p`` would make on ``cell`` under the base rule, with no effect active."""
        return len(self._judge.plain_captures(self._cell, self._owner, p, cell, seat, bool(self._base_ties)))

    def _trial_place(self, seat: int, p: int, hi: int, cell: int) -> list[tuple[int, int]]:
        del self._hands[seat][hi]
        self._cell[cell] = p
        self._owner[cell] = seat
        self._counts[seat] += 1
        self._empty -= 1
        k = self._zk[p]
        self._z ^= k[self._hand_loc + seat] ^ k[cell * self._n + seat]
        return self._run_captures(cell, seat)

    def _trial_undo(self, seat: int, p: int, hi: int, cell: int,
                    changed: list[tuple[int, int]], z: int) -> None:
        owner = self._owner
        counts = self._counts
        for c, old in changed:
            owner[c] = old
            counts[old] += 1
            counts[seat] -= 1
        self._cell[cell] = -1
        owner[cell] = -1
        counts[seat] -= 1
        self._empty += 1
        self._hands[seat].insert(hi, p)
        self._z = z

    def _better_copy(self, p: int, q: int, seat: int) -> bool:
        """Of two pieces of the same card in one hand, the one that is played first."""
        return Judge.played_copy_first(self._dealer, p, q, seat)

    def _hand_slot(self, seat: int, card_id: str) -> int:
        """Index in the seat's hand of the card with that id (-1 when absent).

        A hand can hold two copies of a card only after a swap; the copy dealt
        to this seat (else the lowest dealing seat) is the one used, so an
        action names one piece whatever the hand's order.
        """
        hand = self._hands[seat]
        ids = self._ids
        best = -1
        for i, p in enumerate(hand):
            if ids[p] == card_id and (best < 0 or self._better_copy(p, hand[best], seat)):
                best = i
        return best

    def _distinct_slots(self, seat: int) -> list[int]:
        hand = self._hands[seat]
        ids = self._ids
        seen: dict[str, int] = {}
        for i, p in enumerate(hand):
            cid = ids[p]
            j = seen.get(cid)
            if j is None or self._better_copy(p, hand[j], seat):
                seen[cid] = i
        return list(seen.values())

    def _target_options(self, ab: Ability, seat: int, cell: int) -> list[tuple[str, ...]]:
        eligible = [] if ab.effect in ("modify", "win", "reset") else \
            self._judge.eligible(ab, self._cell, self._owner, seat, cell)
        sets = Judge.target_sets(ab, eligible, self._reset_used)
        names = self._names
        if sets is not None:
            return [tuple(names[c] for c in combo) for combo in sets]
        hand = self._hands[seat]             # swap: a field card and a card from the hand
        ids = sorted({self._ids[hand[i]] for i in self._distinct_slots(seat)})
        return [(names[c], HAND_PREFIX + h) for c in eligible for h in ids]

    def _offers(self, seat: int, p: int, cell: int, captured: int) -> list[tuple[int, list[tuple[str, ...]]]]:
        """Abilities offered after the placement that is on the board now."""
        if not self._abilities_on or captured < 2 or self._sudden:
            return []
        out = []
        for no, ab in enumerate(self._pieces[p].abilities, 1):
            if not ab.condition.is_empty() and not self._condition_holds(ab.condition, seat, p, captured):
                continue
            opts = self._target_options(ab, seat, cell)
            if opts:
                out.append((no, opts))
        return out

    # ------------------------------------------------------------------ step-by-step helpers

    def _prepare(self, card_id: str, cell: CellRef) -> tuple[int, int, int, int]:
        if self._over is not None:
            raise IllegalActionError("the game is over")
        seat = self._to_move
        hi = self._hand_slot(seat, card_id)
        if hi < 0:
            raise IllegalActionError(f"seat {seat} has no {card_id!r} in hand")
        c = self._cell_index.get(cell, -1) if isinstance(cell, str) else cell
        if not (0 <= c < self._size) or not self._playable[c]:
            raise IllegalActionError(f"{cell!r} is not a playable cell of the {self.field.name} field")
        if self._cell[c] >= 0:
            raise IllegalActionError(f"{self._names[c]} already holds a card")
        return seat, hi, self._hands[seat][hi], c

    def playable_cards(self) -> list[str]:
        """Card ids the seat to move may play (one entry per distinct card)."""
        if self._over is not None:
            return []
        seat = self._to_move
        hand = self._hands[seat]
        return [self._ids[hand[i]] for i in self._distinct_slots(seat)]

    def captures_if(self, card_id: str, cell: CellRef) -> list[str]:
        """Cells whose card would change control if the seat to move played there."""
        seat, hi, p, c = self._prepare(card_id, cell)
        z = self._z
        changed = self._trial_place(seat, p, hi, c)
        self._trial_undo(seat, p, hi, c, changed, z)
        return [self._names[x] for x in sorted(x for x, _ in changed)]

    def abilities_offered(self, card_id: str, cell: CellRef) -> list[int]:
        """Ability numbers (1-3) the player could trigger after this placement."""
        return [no for no, _ in self._offers_if(card_id, cell)]

    def target_options(self, card_id: str, cell: CellRef, number: int) -> list[tuple[str, ...]]:
        """Every complete legal target choice for ability ``number`` (``[()]`` when it takes none)."""
        for no, opts in self._offers_if(card_id, cell):
            if no == number:
                return opts
        return []

    def next_targets(self, card_id: str, cell: CellRef, number: int,
                     chosen: Sequence[str] = ()) -> list[str]:
        """Targets that may be picked next, given those picked so far; [] when complete."""
        have = set(chosen)
        opts = self.target_options(card_id, cell, number)
        if tuple(sorted(have)) in {tuple(sorted(o)) for o in opts}:
            return []
        nxt = {t for o in opts if have <= set(o) for t in o if t not in have}
        return list(Action(card_id, "a1", number, tuple(nxt)).targets)

    def _offers_if(self, card_id: str, cell: CellRef) -> list[tuple[int, list[tuple[str, ...]]]]:
        seat, hi, p, c = self._prepare(card_id, cell)
        z = self._z
        changed = self._trial_place(seat, p, hi, c)
        try:
            return self._offers(seat, p, c, len(changed))
        finally:
            self._trial_undo(seat, p, hi, c, changed, z)

    # ------------------------------------------------------------------ actions

    def legal_actions(self, abilities: bool = True) -> list[Action]:
        """Every complete action for the seat to move: plain placements, then for each
        (card, cell) that would capture two or more, each offered ability with each
        legal target choice. ``abilities=False`` lists the plain placements only
        (cheaper, e.g. for move ordering)."""
        if self._over is not None:
            return []
        seat = self._to_move
        hand = self._hands[seat]
        free = [c for c in self._play_cells if self._cell[c] < 0]
        names = self._names
        plain = self._plain
        out: list[Action] = []
        quick = self._base_ties is not None and not self._effects
        for hi in self._distinct_slots(seat):
            p = hand[hi]
            cid = self._ids[p]
            with_abilities = abilities and self._abilities_on and not self._sudden and self._pieces[p].abilities
            for c in free:
                a = plain.get((cid, c))
                if a is None:
                    a = plain[(cid, c)] = Action(cid, names[c])
                out.append(a)
                if with_abilities:
                    if quick and self._count_captures(p, c, seat) < 2:
                        continue            # fewer than two captures: no ability is offered
                    z = self._z
                    changed = self._trial_place(seat, p, hi, c)
                    if len(changed) >= 2:
                        for no, opts in self._offers(seat, p, c, len(changed)):
                            for t in opts:
                                out.append(Action(cid, names[c], no, t))
                    self._trial_undo(seat, p, hi, c, changed, z)
        return out

    def is_legal(self, action: Action) -> bool:
        try:
            self.push(action)
        except IllegalActionError:
            return False
        self.pop()
        return True

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def push(self, action: Action) -> None:
        """Play an action for the seat to move; raises IllegalActionError (game unchanged)."""
        if action.ability is None and self._base_ties is not None and not self._effects:
            if self._fast_place(action):
                return
        seat, hi, p, cell = self._prepare(action.card, action.cell)
        if action.ability is None:
            if action.targets:
                raise IllegalActionError("targets without an ability")
            z0 = self._z
            effects0 = self._effects
            changed = self._trial_place(seat, p, hi, cell)
            if self._sudden and len(changed) >= 2:
                self._over = "sudden_death"
                self._winner = seat
            elif self._empty == 0:
                self._over = "field_full"
            else:
                self._end_turn()
            self._stack.append((p, hi, cell, seat, changed, z0, effects0))
            self._history.append(action)
            return
        snap = self._snapshot()
        changed = self._trial_place(seat, p, hi, cell)
        try:
            ab, targets = self._check_ability(action, seat, p, cell, len(changed))
        except IllegalActionError:
            self._restore(snap)
            raise
        self._apply_ability(ab, action.ability, targets, seat, p, cell)
        if self._over is None:
            if ab.effect != "reset" and self._empty == 0:
                self._over = "field_full"
            else:
                self._end_turn()
        self._stack.append((None, snap))
        self._history.append(action)

    def play(self, action: Action) -> "Report":
        """Push ``action`` and report what it did, in the order to show it (events.py).

        Slower than :meth:`push` (it plays the placement on a copy first to
        learn each capture's cause); meant for the table, not for search.
        """
        from . import events as ev
        seat = self._to_move
        trial = self.clone()
        _, hi, p, cell = trial._prepare(action.card, action.cell)
        changed = trial._trial_place(seat, p, hi, cell)
        causes = trial._last_causes
        def ident(e: ActiveEffect) -> tuple[int, int, int, int]:
            return (e.seat, e.piece, e.number, e.cell)
        before = {ident(e): e for e in self._effects}
        self.push(action)
        names = self._names
        ids = self._ids
        out: list[ev.Event] = [ev.Placed(seat, action.card, action.cell)]
        for (c, old), cause in zip(changed, causes):
            out.append(ev.Captured(names[c], ids[trial._cell[c]], seat, old, cause))
        if action.ability is not None:
            ab = self._pieces[p].abilities[action.ability - 1]
            out.append(ev.AbilityUsed(seat, action.card, action.ability, ab.effect,
                                      ab.text or describe(ab), action.targets))
            if ab.effect == "gain_control":
                for t in action.targets:
                    c = self._cell_index[t]
                    out.append(ev.ControlGained(t, ids[trial._cell[c]], seat, trial._owner[c]))
            elif ab.effect == "swap":
                t = next(x for x in action.targets if not x.startswith(HAND_PREFIX))
                h = next(x for x in action.targets if x.startswith(HAND_PREFIX))[len(HAND_PREFIX):]
                c = self._cell_index[t]
                out.append(ev.Swapped(t, ids[trial._cell[c]], h, seat, trial._owner[c]))
            elif ab.effect == "reset":
                out.append(ev.FieldReset(seat))
            elif ab.effect == "modify":
                for e in self._effects:
                    if ident(e) not in before and e.piece == p:
                        out.append(ev.EffectStarted(e.seat, e.card, e.number, names[e.cell],
                                                    e.turns_left, e.ability.text or describe(e.ability)))
        after = {ident(e) for e in self._effects}
        for k, e in before.items():
            if k not in after:
                out.append(ev.EffectEnded(e.seat, e.card, e.number, names[e.cell],
                                          e.ability.text or describe(e.ability)))
        if self._over is None:
            s = (seat + 1) % self._n
            while s != self._to_move:
                out.append(ev.SeatSkipped(s))
                s = (s + 1) % self._n
        else:
            res = self.result()
            assert res is not None
            out.append(ev.GameEnded(res))
        return ev.Report(action, seat, tuple(out))

    def _fast_place(self, action: Action) -> bool:
        """The AI's hot path: a plain placement with the base capture and no active effect.

        Same result as the general path, inlined. Returns False (game
        untouched) when anything is unusual, so the general path decides.
        """
        if self._over is not None or action.targets:
            return False
        seat = self._to_move
        hand = self._hands[seat]
        ids = self._ids
        cid = action.card
        p = hi = -1
        i = 0
        for q in hand:
            if ids[q] == cid:
                if p >= 0:
                    return False        # two copies in one hand: the general path picks
                p = q
                hi = i
            i += 1
        if p < 0:
            return False
        c = self._cell_index.get(action.cell, -1)
        cells = self._cell
        if c < 0 or not self._playable[c] or cells[c] >= 0:
            return False
        del hand[hi]
        owner = self._owner
        counts = self._counts
        n = self._n
        zk = self._zk
        cells[c] = p
        owner[c] = seat
        counts[seat] += 1
        self._empty -= 1
        z0 = self._z
        k = zk[p]
        z = z0 ^ k[self._hand_loc + seat] ^ k[c * n + seat]
        changed = []
        for nc in self._plain_captures(cells, owner, p, c, seat, self._base_ties):
            o = owner[nc]
            q = cells[nc]
            owner[nc] = seat
            counts[o] -= 1
            counts[seat] += 1
            kq = zk[q]
            z ^= kq[nc * n + o] ^ kq[nc * n + seat]
            changed.append((nc, o))
        self._z = z
        if self._sudden and len(changed) >= 2:
            self._over = "sudden_death"
            self._winner = seat
        elif self._empty == 0:
            self._over = "field_full"
        else:
            s, _ = Judge.next_seat(self._hands, seat)
            if s < 0:
                self._over = "no_cards"
            else:
                self._to_move = s
        self._stack.append((p, hi, c, seat, changed, z0, ()))
        self._history.append(action)
        return True

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self._stack:
            raise IndexError("no action to undo")
        entry = self._stack.pop()
        action = self._history.pop()
        if entry[0] is None:
            self._restore(entry[1])
            return action
        p, hi, cell, seat, changed, z0, effects0 = entry
        self._trial_undo(seat, p, hi, cell, changed, z0)
        self._effects = effects0
        self._to_move = seat
        self._over = None
        self._winner = -1
        return action

    def _check_ability(self, action: Action, seat: int, p: int, cell: int,
                       captured: int) -> tuple[Ability, tuple[str, ...]]:
        card = self._pieces[p]
        no = action.ability
        assert no is not None
        if not self._abilities_on:
            raise IllegalActionError("Pure: no abilities are used in this game")
        if captured < 2:
            raise IllegalActionError(
                f"{action.card}@{action.cell} captures {captured} card(s); "
                "an ability needs two or more captures")
        if self._sudden:
            raise IllegalActionError("Sudden Death: that multiple capture ends the game")
        if not 1 <= no <= len(card.abilities):
            raise IllegalActionError(f"{card.id} has no ability {no}")
        ab = card.abilities[no - 1]
        if not ab.condition.is_empty() and not self._condition_holds(ab.condition, seat, p, captured):
            raise IllegalActionError(f"the condition of {card.id} ability {no} does not hold")
        opts = self._target_options(ab, seat, cell)
        if not opts:
            raise IllegalActionError(f"{card.id} ability {no} has no legal target now")
        if action.targets not in opts:
            shown = "; ".join(">" + ">".join(o) if o else "(no targets)" for o in opts[:6])
            raise IllegalActionError(
                f"{action.targets!r} are not legal targets for {card.id} ability {no}; "
                f"for example: {shown}")
        return ab, action.targets

    def _apply_ability(self, ab: Ability, number: int, targets: tuple[str, ...],
                       seat: int, p: int, cell: int) -> None:
        eff = ab.effect
        n = self._n
        if eff == "modify":
            self._effects = self._effects + (self._make_effect(seat, p, number, cell, n + 1, ab),)
        elif eff == "gain_control":
            for t in targets:
                c = self._cell_index[t]
                q = self._cell[c]
                old = self._owner[c]
                self._owner[c] = seat
                self._counts[old] -= 1
                self._counts[seat] += 1
                self._z ^= self._zk[q][c * n + old] ^ self._zk[q][c * n + seat]
        elif eff == "swap":
            c = self._cell_index[next(t for t in targets if not t.startswith(HAND_PREFIX))]
            hid = next(t for t in targets if t.startswith(HAND_PREFIX))[len(HAND_PREFIX):]
            hi = self._hand_slot(seat, hid)
            q = self._hands[seat][hi]
            r = self._cell[c]
            old = self._owner[c]
            self._hands[seat][hi] = r
            self._cell[c] = q
            self._owner[c] = seat
            self._counts[old] -= 1
            self._counts[seat] += 1
            zq, zr = self._zk[q], self._zk[r]
            self._z ^= (zq[self._hand_loc + seat] ^ zq[c * n + seat]
                        ^ zr[c * n + old] ^ zr[self._hand_loc + seat])
            # a card that leaves the field takes its own self/neighbour effects with it
            self._effects = tuple(e for e in self._effects
                                  if not (e.piece == r and e.ability.target in ("self", "neighbours")))
        elif eff == "reset":
            self._hands = [d[:] for d in self._dealt]
            self._cell = [-1] * self._size
            self._owner = [-1] * self._size
            self._counts = [0] * n
            self._empty = len(self._play_cells)
            self._effects = ()
            self._reset_used = True
            self._z = self._compute_z()
        elif eff == "win":
            self._over = "instant_win"
            self._winner = seat

    def _make_effect(self, seat: int, p: int, number: int, cell: int, turns: int,
                     ab: Ability) -> ActiveEffect:
        key = zobrist.key64(f"{seat}:{self._ids[p]}.{self._dealer[p]}!{number}@{cell}~{turns}")
        return ActiveEffect(seat, p, self._ids[p], number, cell, turns, ab, key)

    def _tick(self) -> None:
        kept = []
        for e in self._effects:
            if e.turns_left > 1:
                kept.append(self._make_effect(e.seat, e.piece, e.number, e.cell, e.turns_left - 1, e.ability))
        self._effects = tuple(kept)

    def _end_turn(self) -> None:
        """End the mover's turn and pass to the next seat holding cards.

        A seat with no card is skipped, and its skipped turn ends too (Turn
        effects count it); if no seat holds a card, the game is over.
        """
        s, turns = Judge.next_seat(self._hands, self._to_move)
        for _ in range(turns):
            if self._effects:
                self._tick()
        if s < 0:
            self._over = "no_cards"
        else:
            self._to_move = s

    def _snapshot(self) -> tuple:
        return (self._cell[:], self._owner[:], [h[:] for h in self._hands], self._counts[:],
                self._empty, self._to_move, self._effects, self._reset_used, self._over,
                self._winner, self._z)

    def _restore(self, s: tuple) -> None:
        (cell, owner, hands, counts, self._empty, self._to_move, self._effects,
         self._reset_used, self._over, self._winner, self._z) = s
        self._cell = cell[:]
        self._owner = owner[:]
        self._hands = [h[:] for h in hands]
        self._counts = counts[:]

    # ------------------------------------------------------------------ text forms

    def position(self) -> str:
        """The position string (docs/cards-engine.md); exact round trip with from_position."""
        from .position import encode
        return encode(self)

    @classmethod
    def from_position(cls, text: str, catalog: Mapping[str, Card]) -> "Game":
        from .position import decode
        return decode(text, catalog)

    def record(self) -> "GameRecord":
        from .record import GameRecord
        return GameRecord(self._setup, list(self._history), self._start)

    def __str__(self) -> str:
        from .text import board_text
        return board_text(self)


__all__ = ["ActiveEffect", "EffectInfo", "Game", "new_game"]
