"""The one state of a card game and the one place its rules change it.

Placement, the capture pipeline, abilities, Turn effects and their expiry,
turn passing, the end and the result, the position hash and undo are written
here once. :class:`~jayden_jazz.cards.game.Game` wraps a :class:`Core` with
validation, notation and history; the computer player searches a Core
directly (and the bit solver reads tables made from the same
:class:`~jayden_jazz.cards.judge.Judge`), so no search can play by other
rules than the game on the screen.

The state is flat lists of ints: a dealt card is a *piece* (an int) that
keeps its card and the seat it was dealt to. A move is split in two, so the
captures that decide whether an ability is offered are computed once:
:meth:`Core.place` (the card lands and captures) then :meth:`Core.commit`
(the ability choice, None to decline; the turn ends). :meth:`Core.uncommit`
and :meth:`Core.unplace` undo them in the opposite order. ``option`` is
``(number, targets)``: field cell indexes, and for a swap ``(cell, hand piece)``.

Capture pipeline (``Rules.capture_steps()``): the base comparison and every
other *decision* step look at the field as it was when the card landed
(simultaneously); their captures are applied together, each with its cause
(the step's name, the first step naming a cell wins); then every *chain*
step (``step.chain`` true, e.g. Combo) spreads from the cells captured by
the causes it is started by (``step.started_by``), breadth first, until
nothing changes. A new rule is one step object; the engine, the exact
solver's general search and the Monte Carlo player all play it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from . import zobrist
from .action import HAND_PREFIX, Action
from .card import Ability, Card, Month
from .classic_table import ClassicTable, compiled
from .field import Field
from .judge import Judge
from .result import Result, decide
from .rules import Rules
from .turn_values import TurnValues

# How a game ended (0 = still playing), and the names the records use.
PLAYING, FIELD_FULL, NO_CARDS, SUDDEN_DEATH, INSTANT_WIN = range(5)
END_NAMES = ("", "field_full", "no_cards", "sudden_death", "instant_win")

Option = tuple[int, tuple[int, ...]]
Move = tuple[int, int, "Option | None"]


class Effect(NamedTuple):
    """A Turn effect in force. ``turns_left`` counts the current turn.

    Created with ``players + 1``: the rest of the activating turn, every other
    seat's turn (played or skipped) and the activator's next turn; it loses
    one at the end of every seat's turn and is gone at zero.
    """

    seat: int
    piece: int
    number: int
    cell: int
    turns_left: int
    ability: Ability


class Core:
    """One game state (see the module docstring). Build it with :meth:`build`."""

    cell: list[int]
    owner: list[int]
    hands: list[list[int]]
    counts: list[int]
    empty: int
    to_move: int
    effects: tuple[Effect, ...]
    reset_used: bool
    over: int
    winner: int
    drawn: int
    chaos_seed: int | None
    chance: random.Random | None
    shown: frozenset[int]
    _stack: list[tuple[Any, ...]]
    _keys: list[list[list[int]]] | None
    _zs: list[int]

    # ------------------------------------------------------------------ building

    @classmethod
    def build(cls, field: Field, rules: Rules, players: int, date: Month,
              pieces: Sequence[tuple[Card, int]], hands: Sequence[Sequence[int]],
              cells: Mapping[int, tuple[int, int]] | None = None, to_move: int = 0,
              effects: Sequence[tuple[int, int, int, int, int]] = (), reset_used: bool = False,
              end: tuple[str, int] | None = None,
              elements: Mapping[int, str] | None = None, *, chaos_seed: int | None = None,
              drawn: int | None = None, shown: Iterable[int] = ()) -> "Core":
        """A state from its parts, unchecked (``Game`` and the position reader check them).

        ``pieces`` are (card, dealing seat); ``hands`` hold piece numbers per seat;
        ``cells`` maps a grid cell to (owner, piece); ``effects`` are
        (seat, piece, ability number, grid cell, turns left); ``end`` is
        (``sudden_death`` | ``instant_win``, winner) for a game that ended with
        empty cells. A full field or empty hands end the game by themselves.
        ``elements`` maps grid cells to their element (the Elemental rule).
        Under Chaos, ``chaos_seed`` makes the draws (see :meth:`_draw`) and ``drawn``
        is the piece drawn for this turn (None: draw it now). ``shown`` are the
        pieces Three Open revealed.
        """
        g = cls.__new__(cls)
        g._init_static(field, rules, players, date, pieces, elements)
        g.cell = [-1] * g.size
        g.owner = [-1] * g.size
        g.counts = [0] * players
        for c, (o, p) in (cells or {}).items():
            g.cell[c] = p
            g.owner[c] = o
            g.counts[o] += 1
        g.hands = [list(h) for h in hands]
        g.empty = sum(1 for c in g.play_cells if g.cell[c] < 0)
        g.to_move = to_move
        g.reset_used = bool(reset_used)
        g.effects = tuple(g.make_effect(s, p, no, c, t) for s, p, no, c, t in effects)
        g.over = PLAYING
        g.winner = -1
        if end is not None:
            g.over = END_NAMES.index(end[0])
            g.winner = end[1]
        elif g.empty == 0:
            g.over = FIELD_FULL
        elif not any(g.hands):
            g.over = NO_CARDS
        g._stack = []
        g._keys = None
        g.chaos_seed = chaos_seed
        g.chance = None
        g.shown = frozenset(shown)
        g.drawn = -1
        if g.chaos_rule and not g.over:
            g.drawn = g._draw() if drawn is None else drawn
        return g

    def _init_static(self, field: Field, rules: Rules, players: int, date: Month,
                     pieces: Sequence[tuple[Card, int]], elements: Mapping[int, str] | None = None) -> None:
        self.field = field
        self.rules = rules
        self.date: Month = date
        self.n = players
        self.size = field.size
        self.play_cells = list(field.cells)
        self.names = field.cell_names
        self.cell_index = {nm: i for i, nm in enumerate(self.names)}
        self.playable = [False] * field.size
        for c in self.play_cells:
            self.playable[c] = True
        self.cards = [c for c, _ in pieces]
        self.ids = [c.id for c in self.cards]
        self.dealer = [d for _, d in pieces]
        self.dealt = [[p for p in range(len(pieces)) if self.dealer[p] == s] for s in range(players)]
        self.ties = rules.comparison_mode    # the basic comparison (preset, Reverse, Fallen Ace)
        self.sudden = rules.sudden_death
        self.abilities_on = not rules.pure and not rules.sudden_death
        self.order_rule = rules.order        # only the leftmost card of the hand may be played
        self.chaos_rule = rules.chaos        # only the card drawn at the start of the turn
        steps = rules.capture_steps()
        self.decide_steps = tuple(s for s in steps if not getattr(s, "chain", False))
        self.chain_steps = tuple(s for s in steps if getattr(s, "chain", False))
        self.base_name = rules.capture
        # the base comparison alone: captures are a table look-up away (the search's hot path)
        self.elements: dict[int, str] = dict(elements or {}) if rules.elemental else {}
        cell_el = [self.elements.get(c) for c in range(field.size)]
        self.plain_rule = len(steps) == 1 and not self.elements
        # the classic steps (and Elemental) compiled for fields without a Turn effect
        self.compiled_rule = not self.plain_rule and compiled(rules)
        # what the two-player bit searches can hold: a card's sides alone say what it does
        self.bit_rule = self.plain_rule or (self.compiled_rule and not self.elements)
        self.use_judge(Judge(field, self.cards, date, cell_el))
        self.abil: list[tuple[Ability, ...]] = [c.abilities if self.abilities_on else () for c in self.cards]

    def use_judge(self, judge: Judge) -> None:
        """The judge and the tables read straight from it (one set, never two)."""
        self.judge = judge
        self.adj = judge.adj
        self.adjset = judge.adjset
        self.date_idx = judge.date_idx
        self.sides = judge.sides
        self.points = judge.points
        self.month = judge.month
        self._plain_captures = judge.plain_captures
        self.table = ClassicTable(judge, self.rules) if self.compiled_rule else None
        self.turn_values = TurnValues(judge, self.n)     # the values while Turn effects are active

    def recast(self, changes: Mapping[int, Card]) -> None:
        """Let pieces stand for other cards: a sampled guess at hidden hands.

        Only this state changes; copies made before keep their cards.
        """
        self.use_judge(self.judge.recast(changes))
        self.ids = self.ids[:]
        self.cards = self.cards[:]
        self.abil = self.abil[:]
        for p, card in changes.items():
            self.ids[p] = card.id
            self.cards[p] = card
            self.abil[p] = card.abilities if self.abilities_on else ()

    def copy(self) -> "Core":
        """An independent state sharing the fixed tables (no undo records)."""
        g = self.__class__.__new__(self.__class__)
        g.__dict__.update(self.__dict__)
        g.cell = self.cell[:]
        g.owner = self.owner[:]
        g.hands = [h[:] for h in self.hands]
        g.counts = self.counts[:]
        g._stack = []
        if self._keys is not None:
            g._zs = self._zs[:]
        return g

    def clone(self) -> "Core":
        """A copy that can also undo what this state did."""
        g = self.copy()
        g._stack = self._stack[:]
        return g

    def make_effect(self, seat: int, p: int, number: int, cell: int, turns: int) -> Effect:
        return Effect(seat, p, number, cell, turns, self.cards[p].abilities[number - 1])

    # ------------------------------------------------------------------ board view (capture steps read this)

    def adjacency(self, cell: int) -> tuple[tuple[int, int, int], ...]:
        """(side, neighbour cell, neighbour's touching side) for each playable neighbour."""
        return self.adj[cell]

    def walls(self, cell: int) -> tuple[int, ...]:
        """Sides of ``cell`` facing the edge of the field or a hole."""
        return self.judge.walls[cell]

    def card_at(self, cell: int) -> Card | None:
        p = self.cell[cell]
        return self.cards[p] if p >= 0 else None

    def owner_at(self, cell: int) -> int | None:
        o = self.owner[cell]
        return o if o >= 0 else None

    def value(self, c: int, side: int) -> int:
        """Effective side value: printed + active modifiers, clamped to 1..A."""
        return self.judge.value(self.cell, self.owner, self.effects, c, side)

    def side_captures(self, cell: int, seat: int, ties: int) -> list[int]:
        """Neighbours the card on ``cell`` takes for ``seat`` by the basic comparison."""
        return self.judge.captures(self.cell, self.owner, self.effects, cell, seat, ties)

    # ------------------------------------------------------------------ reading

    def free(self) -> list[int]:
        cells = self.cell
        return [c for c in self.play_cells if cells[c] < 0]

    def hand_pieces(self, seat: int | None = None) -> list[int]:
        """One piece per distinct card id, in hand order: the copy that is played (the one
        dealt to the seat, else the lowest dealing seat) when a swap left two in one hand."""
        s = self.to_move if seat is None else seat
        hand = self.hands[s]
        ids = self.ids
        if len({ids[p] for p in hand}) == len(hand):
            return hand[:]
        best: dict[str, int] = {}
        dealer = self.dealer
        for p in hand:
            cid = ids[p]
            q = best.get(cid)
            if q is None or Judge.played_copy_first(dealer, p, q, s):
                best[cid] = p
        return [p for p in hand if best[ids[p]] == p]

    def plain_now(self) -> bool:
        """No ability can be offered again from here, no effect is active and no cell is
        elemental (a card's sides alone say what it does, wherever it lies); and no hand
        rule says which card may be played (Order and Chaos: the bit searches hold hands
        as sets, so they leave those games to the searches on this core)."""
        if self.effects or self.elements or self.order_rule or self.chaos_rule:
            return False
        if not self.abilities_on:
            return True
        abil = self.abil
        return not any(abil[p] for h in self.hands for p in h)

    def end_name(self) -> str:
        return END_NAMES[self.over]

    def result(self) -> Result | None:
        if not self.over:
            return None
        points = tuple(sum(self.points[p] for p in h) for h in self.hands)
        return decide(tuple(self.counts), points, END_NAMES[self.over], self.winner)

    def returns(self) -> list[float]:
        """+1 sole winner, 0 each seat sharing a draw, -1 others; all 0 while playing."""
        r = self.result()
        return r.returns() if r else [0.0] * self.n

    def value_for(self, seat: int) -> int:
        """Win (1), shared draw (0) or loss (-1) for ``seat`` in a finished game."""
        return int(self.returns()[seat])

    def zobrist(self) -> int:
        """64-bit position hash from card names (the same in every process): pieces and where
        they are, the seat to move (none once the game is over), effects, reset and end."""
        n = self.n
        locs = self.size * n + n
        hand0 = self.size * n
        z = 0
        for seat, hand in enumerate(self.hands):
            for p in hand:
                z ^= zobrist.location_keys(f"{self.ids[p]}.{self.dealer[p]}", locs)[hand0 + seat]
        for c in self.play_cells:
            p = self.cell[c]
            if p >= 0:
                z ^= zobrist.location_keys(f"{self.ids[p]}.{self.dealer[p]}", locs)[c * n + self.owner[c]]
        if not self.over:
            z ^= zobrist.SEAT_TO_MOVE[self.to_move]
        for e in self.effects:
            z ^= zobrist.key64(f"{e.seat}:{self.ids[e.piece]}.{self.dealer[e.piece]}!{e.number}"
                               f"@{e.cell}~{e.turns_left}")
        if self.reset_used:
            z ^= zobrist.RESET_USED
        if self.over in (SUDDEN_DEATH, INSTANT_WIN):
            z ^= zobrist.end_key(END_NAMES[self.over], self.winner)
        if self.drawn >= 0:
            z ^= zobrist.key64(f"drawn:{self.ids[self.drawn]}.{self.dealer[self.drawn]}")
        if self.order_rule:
            z ^= zobrist.key64("order:" + "|".join(",".join(f"{self.ids[p]}.{self.dealer[p]}" for p in h)
                                                   for h in self.hands))
        return z

    # ------------------------------------------------------------------ captures

    def captures(self, p: int, c: int, seat: int) -> list[int]:
        """Cells ``seat`` would capture by playing piece ``p`` on empty cell ``c`` (state unchanged)."""
        if self.plain_rule:
            if not self.effects:
                return self._plain_captures(self.cell, self.owner, p, c, seat, self.ties)
            cells = self.cell
            owner = self.owner
            cells[c] = p
            owner[c] = seat
            got = self.turn_values.captures(cells, owner, self.effects, c, seat, self.ties)
            cells[c] = -1
            owner[c] = -1
            return got
        if self.table is not None:
            return self.table.captured(self.cell, self.owner, p, c, seat,
                                       self.turn_values.under(self.effects) if self.effects else None)[0]
        cells = self.cell
        owner = self.owner
        counts = self.counts
        cells[c] = p
        owner[c] = seat
        counts[seat] += 1
        got, prev, _ = self._pipeline(c, seat)
        for x, o in zip(got, prev):
            owner[x] = o
            counts[o] += 1
        counts[seat] -= 1 + len(got)
        cells[c] = -1
        owner[c] = -1
        return got

    def greedy_cells(self, p: int, free: list[int], seat: int) -> list[int]:
        """Of the ``free`` cells, those where piece ``p`` captures most (playout policies)."""
        best = -1
        out: list[int] = []
        if self.plain_rule and not self.effects:
            return self.judge.most_captures(self.cell, self.owner, p, free, seat, self.ties)
        for c in free:
            k = len(self.captures(p, c, seat))
            if k > best:
                best = k
                out = [c]
            elif k == best:
                out.append(c)
        return out

    def _pipeline(self, c: int, seat: int) -> tuple[list[int], list[int], list[str]]:
        """Run the capture steps for the card just placed on ``c``; apply them and return
        (cells, their old owners, causes), in the order they changed hands."""
        if self.table is not None:
            return self.table.run(self.cell, self.owner, self.counts, c, seat,
                                  self.turn_values.under(self.effects) if self.effects else None)
        cells = self.cell
        owner = self.owner
        counts = self.counts
        taken: dict[int, str] = {}
        for step in self.decide_steps:
            for x in step.captures(self, c, seat):
                if x not in taken and cells[x] >= 0 and owner[x] != seat:
                    taken[x] = step.name
        got = list(taken)
        causes = list(taken.values())
        prev = [owner[x] for x in got]
        for x, o in zip(got, prev):
            owner[x] = seat
            counts[o] -= 1
            counts[seat] += 1
        for step in self.chain_steps:
            starts = getattr(step, "started_by", None)
            queue = [x for x, why in zip(got, causes) if starts is None or why in starts]
            i = 0
            while i < len(queue):
                for y in step.captures(self, queue[i], seat):
                    if cells[y] >= 0 and owner[y] != seat:
                        o = owner[y]
                        got.append(y)
                        prev.append(o)
                        causes.append(step.name)
                        owner[y] = seat
                        counts[o] -= 1
                        counts[seat] += 1
                        queue.append(y)
                i += 1
        return got, prev, causes

    # ------------------------------------------------------------------ moves

    def choices(self) -> list[int]:
        """The pieces the seat to move may play: the leftmost under Order, the drawn one
        under Chaos (every card while the draw is unknown: a search's chance node), else
        one per distinct card (:meth:`hand_pieces`)."""
        if self.order_rule:
            return self.hands[self.to_move][:1]
        if self.drawn >= 0:
            return [self.drawn]
        return self.hand_pieces()

    def _draw(self) -> int:
        """Chaos: the piece drawn for the seat to move at the start of its turn.

        With ``chaos_seed`` (a real game) the draw is a function of the seed and the
        position (its hash without the draw), so a record or a position string replays
        the same draws, and the hand's order does not matter. Without it, a search
        draws from ``chance`` (its own generator: future draws are unknown to a
        computer player, so it samples them), or leaves the draw open (-1).
        """
        hand = self.hands[self.to_move]
        if not hand:
            return -1
        if self.chaos_seed is not None:
            ids, dealer = self.ids, self.dealer
            pool = sorted(hand, key=lambda q: (ids[q], dealer[q]))
            self.drawn = -1
            z = self.zobrist()
            return pool[random.Random(f"chaos:{self.chaos_seed}:{z}").randrange(len(pool))]
        if self.chance is not None:
            return hand[self.chance.randrange(len(hand))] if len(hand) > 1 else hand[0]
        return -1

    def _redraw(self) -> None:
        self.drawn = -1 if self.over else self._draw()

    def placements(self) -> list[tuple[int, int]]:
        if self.over:
            return []
        free = self.free()
        return [(p, c) for p in self.choices() for c in free]

    def place(self, p: int, c: int) -> list[int]:
        """First half of a move: put piece ``p`` on ``c`` and apply its captures.

        Returns the captured cells (:meth:`last_captures` says why each changed hands).
        Then :meth:`commit` an option (None or one of :meth:`offers`), and later
        :meth:`uncommit` and :meth:`unplace` in that order.
        """
        seat = self.to_move
        hand = self.hands[seat]
        hi = hand.index(p)
        del hand[hi]
        cells = self.cell
        owner = self.owner
        counts = self.counts
        if self.plain_rule:
            cells[c] = p
            owner[c] = seat
            if self.effects:
                got = self.turn_values.captures(cells, owner, self.effects, c, seat, self.ties)
            else:
                got = self._plain_captures(cells, owner, p, c, seat, self.ties)
            prev = [owner[x] for x in got]
            counts[seat] += 1 + len(got)
            for x in got:
                counts[owner[x]] -= 1
                owner[x] = seat
            causes = None
        else:
            cells[c] = p
            owner[c] = seat
            counts[seat] += 1
            got, prev, causes = self._pipeline(c, seat)
        self.empty -= 1
        if self._keys is not None:
            self._shift_keys(seat, p, c, got, prev, 1)
        self._stack.append((seat, p, c, hi, got, prev, causes))
        return got

    def last_captures(self) -> list[tuple[int, int, str]]:
        """What the last :meth:`place` (not yet committed) captured, in order: (cell, old
        owner, cause), the cause being the name of the capture step that took it."""
        rec = self._stack[-1]
        if len(rec) != 7:
            raise ValueError("last_captures reads a placement that is not yet committed")
        causes = rec[6] if rec[6] is not None else [self.base_name] * len(rec[4])
        return list(zip(rec[4], rec[5], causes))

    def unplace(self) -> None:
        seat, p, c, hi, got, prev, _ = self._stack.pop()
        cells = self.cell
        owner = self.owner
        counts = self.counts
        if self._keys is not None:
            self._shift_keys(seat, p, c, got, prev, -1)
        for x, o in zip(got, prev):
            owner[x] = o
            counts[o] += 1
        counts[seat] -= 1 + len(got)
        cells[c] = -1
        owner[c] = -1
        self.empty += 1
        self.hands[seat].insert(hi, p)

    def ability_options(self, p: int, c: int, captured: int, number: int) -> list[tuple[int, ...]]:
        """Target choices for ability ``number`` of ``p`` just placed on ``c`` (``[()]`` when it
        takes none, ``[]`` when it cannot be used now; condition included)."""
        seat = self.to_move
        ab = self.cards[p].abilities[number - 1]
        judge = self.judge
        if not ab.condition.is_empty() and not judge.condition_holds(
                ab.condition, seat, p, captured, self.counts, self.empty):
            return []
        eligible = [] if ab.effect in ("modify", "win", "reset") else \
            judge.eligible(ab, self.cell, self.owner, seat, c)
        sets = Judge.target_sets(ab, eligible, self.reset_used)
        if sets is not None:
            return sets
        ids = self.ids                       # swap: a field card and a card from the hand
        hp = sorted(self.hand_pieces(seat), key=lambda q: ids[q])
        return [(x, q) for x in eligible for q in hp]

    def offers(self, p: int, c: int, captured: int) -> list[Option]:
        """Ability options after :meth:`place` of ``p`` on ``c`` captured ``captured`` cards."""
        abilities = self.abil[p]
        if not abilities or captured < 2:
            return []
        out: list[Option] = []
        for no in range(1, len(abilities) + 1):
            out.extend((no, t) for t in self.ability_options(p, c, captured, no))
        return out

    def commit(self, option: Option | None) -> None:
        """Second half of a move: the ability choice (None declines), then the turn ends."""
        seat, p, c, _, got, _, _ = self._stack[-1]
        if option is None:
            self._stack.append((self.to_move, self.effects, self.drawn))
            if self.sudden and len(got) >= 2:
                self.over = SUDDEN_DEATH
                self.winner = seat
            elif self.empty == 0:
                self.over = FIELD_FULL
            else:
                self._end_turn()
            if self.chaos_rule:
                self._redraw()
            return
        snap = (self.cell[:], self.owner[:], [h[:] for h in self.hands], self.counts[:], self.empty,
                self.to_move, self.effects, self.reset_used,
                self._zs[:] if self._keys is not None else None, self.drawn)
        self._stack.append(snap)
        number, targets = option
        ab = self.cards[p].abilities[number - 1]
        eff = ab.effect
        if eff == "modify":
            self.effects = self.effects + (self.make_effect(seat, p, number, c, self.n + 1),)
        elif eff == "gain_control":
            for x in targets:
                self.counts[self.owner[x]] -= 1
                self.counts[seat] += 1
                self.owner[x] = seat
        elif eff == "swap":
            x, q = targets
            hand = self.hands[seat]
            hi = hand.index(q)
            r = self.cell[x]
            hand[hi] = r
            self.cell[x] = q
            self.counts[self.owner[x]] -= 1
            self.counts[seat] += 1
            self.owner[x] = seat
            # a card that leaves the field takes its own self/neighbour effects with it
            self.effects = tuple(e for e in self.effects
                                 if not (e.piece == r and e.ability.target in ("self", "neighbours")))
        elif eff == "reset":
            if self.order_rule:
                # Order: each seat's cards come back in a fixed order -- those still in a
                # hand first (as they lay, seat by seat), then those from the field (a1, b1, ...)
                back = [q for h in self.hands for q in h] + [self.cell[x] for x in self.play_cells
                                                             if self.cell[x] >= 0]
                self.hands = [[q for q in back if self.dealer[q] == s] for s in range(self.n)]
            else:
                self.hands = [d[:] for d in self.dealt]
            self.cell = [-1] * self.size
            self.owner = [-1] * self.size
            self.counts = [0] * self.n
            self.empty = len(self.play_cells)
            self.effects = ()
            self.reset_used = True
        elif eff == "win":
            self.over = INSTANT_WIN
            self.winner = seat
        if self._keys is not None and eff in ("gain_control", "swap", "reset"):
            self._zs = self._compute_keys()
        if not self.over:
            if eff != "reset" and self.empty == 0:
                self.over = FIELD_FULL
            else:
                self._end_turn()
        if self.chaos_rule:
            self._redraw()

    def uncommit(self) -> None:
        rec = self._stack.pop()
        self.over = PLAYING
        self.winner = -1
        if len(rec) == 3:
            self.to_move, self.effects, self.drawn = rec
            return
        (cell, owner, hands, counts, self.empty, self.to_move, self.effects, self.reset_used, zs,
         self.drawn) = rec
        self.cell = cell
        self.owner = owner
        self.hands = hands
        self.counts = counts
        if zs is not None:
            self._zs = zs

    def _end_turn(self) -> None:
        """Pass to the next seat holding cards; Turn effects tick once per seat passed, played
        or skipped. With no card in any hand the game is over."""
        s, turns = Judge.next_seat(self.hands, self.to_move)
        if self.effects:
            self.effects = tuple(e._replace(turns_left=e.turns_left - turns) for e in self.effects
                                 if e.turns_left > turns)
        if s < 0:
            self.over = NO_CARDS
        else:
            self.to_move = s

    @property
    def depth(self) -> int:
        """How many undo records are kept (for :meth:`unwind`)."""
        return len(self._stack)

    def unwind(self, depth: int) -> None:
        """Undo everything done since :attr:`depth` was ``depth`` (a search that was stopped
        half-way through a move leaves its state whole again)."""
        while len(self._stack) > depth:
            if len(self._stack[-1]) == 7:
                self.unplace()
            else:
                self.uncommit()

    def push(self, move: Move) -> None:
        p, c, option = move
        self.place(p, c)
        self.commit(option)

    def pop(self) -> None:
        self.uncommit()
        self.unplace()

    def moves(self) -> list[Move]:
        """Every legal move, abilities and targets expanded: for each card (hand order) and
        free cell, the plain placement and then each ability option."""
        out: list[Move] = []
        seat = self.to_move
        for p, c in self.placements():
            out.append((p, c, None))
            if self.abil[p]:
                got = self.captures(p, c, seat)
                if len(got) >= 2:
                    self.place(p, c)
                    opts = self.offers(p, c, len(got))
                    self.unplace()
                    out.extend((p, c, o) for o in opts)
        return out

    # ------------------------------------------------------------------ notation

    def action(self, move: Move) -> Action:
        """The engine's Action for a move of this state (targets in canonical order)."""
        p, c, option = move
        if option is None:
            return Action(self.ids[p], self.names[c])
        number, targets = option
        if self.cards[p].abilities[number - 1].effect == "swap":
            x, q = targets
            return Action(self.ids[p], self.names[c], number, (self.names[x], HAND_PREFIX + self.ids[q]))
        return Action(self.ids[p], self.names[c], number, tuple(self.names[x] for x in targets))

    def move_of(self, action: Action) -> Move:
        """The move of a legal action (ValueError when it is not legal here)."""
        for m in self.moves():
            if self.action(m) == action:
                return m
        raise ValueError(f"{action} is not a legal move here")

    def position(self) -> str:
        """The canonical position string of this state."""
        from .position import Position
        return Position.of(self).text()

    @classmethod
    def from_position(cls, text: str, catalog: Mapping[str, Card]) -> "Core":
        """The state of a position string (checked)."""
        from .position import Position
        return Position.parse(text).core(catalog)

    # ------------------------------------------------------------------ search keys

    def enable_keys(self, classes: list[int], transforms: list[tuple[list[int], list[int]]],
                    seed: int = 0x5EED_CA4D) -> None:
        """Keep additive position keys for a search's table up to date from now on.

        ``classes[p]`` names what piece ``p`` is worth to the search (equal classes are
        interchangeable); each transform is ``(cell map, class map)`` -- the identity
        first, then the field symmetries the search found sound. Keys are sums, not
        XORs, so two interchangeable pieces in one hand do not cancel out.
        """
        import random
        n = self.n
        ncls = max(classes) + 1 if classes else 1
        rng = random.Random(seed)
        locs = self.size * n + n
        base = [[rng.getrandbits(64) for _ in range(ncls)] for _ in range(locs)]
        tables = []
        for cmap, kmap in transforms:
            t = [[0] * len(classes) for _ in range(locs)]
            for loc in range(locs):
                if loc < self.size * n:
                    c, o = divmod(loc, n)
                    tl = cmap[c] * n + o
                else:
                    tl = loc
                row = base[tl]
                for p in range(len(classes)):
                    t[loc][p] = row[kmap[classes[p]]]
            tables.append(t)
        self._keys = tables
        self.classes = classes
        self.to_move_keys = [rng.getrandbits(64) for _ in range(n)]
        self.reset_key = rng.getrandbits(64)
        self._zs = self._compute_keys()

    def _compute_keys(self) -> list[int]:
        assert self._keys is not None
        n = self.n
        hand0 = self.size * n
        out = []
        for t in self._keys:
            z = 0
            for s, hand in enumerate(self.hands):
                for p in hand:
                    z += t[hand0 + s][p]
            for c in self.play_cells:
                p = self.cell[c]
                if p >= 0:
                    z += t[c * n + self.owner[c]][p]
            out.append(z)
        return out

    def key(self) -> int:
        """Search key (needs :meth:`enable_keys`): the smallest over the symmetries."""
        zs = self._zs
        z = zs[0] if len(zs) == 1 else min(zs)
        if not self.over:
            z += self.to_move_keys[self.to_move]
        if self.effects:
            cls = self.classes
            z += hash(tuple(sorted((e[0], cls[e[1]], e[2], e[3], e[4]) for e in self.effects)))
        if self.reset_used:
            z += self.reset_key
        if self.drawn >= 0:
            z += (self.classes[self.drawn] + 1) * 0x9E37_79B9_7F4A_7C15
        if self.order_rule:
            cls = self.classes
            z += hash(tuple(tuple(cls[p] for p in h) for h in self.hands))
        return z

    def _shift_keys(self, seat: int, p: int, c: int, got: list[int], prev: list[int], sign: int) -> None:
        """Move the search keys across a placement (sign 1) or back (sign -1)."""
        n = self.n
        hl = self.size * n + seat
        cells = self.cell
        zs = self._zs
        for i, t in enumerate(self._keys):  # type: ignore[arg-type]
            d = t[c * n + seat][p] - t[hl][p]
            for x, o in zip(got, prev):
                q = cells[x]
                d += t[x * n + seat][q] - t[x * n + o][q]
            zs[i] += sign * d


__all__ = ["Core", "END_NAMES", "Effect", "FIELD_FULL", "INSTANT_WIN", "Move", "NO_CARDS", "Option",
           "PLAYING", "SUDDEN_DEATH"]
