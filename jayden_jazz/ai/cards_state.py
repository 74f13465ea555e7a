"""A lean card-game state for searching: the engine's rules, fewer layers.

The engine (:mod:`jayden_jazz.cards.game`) is the law and the scene's
model; it speaks in :class:`~jayden_jazz.cards.Action` values and cell
names, checks every argument and keeps a history. A search makes and
unmakes millions of moves and needs none of that, so this module keeps the
game as flat lists of ints and lets the search split a move in two: the
placement (with its captures) and then the ability choice, so the captures
that decide whether an ability is offered are computed once. What decides
an outcome (captures, effective values, conditions, filters, targets, the
next seat) is not written here: it is the engine's own
:class:`~jayden_jazz.cards.judge.Judge`, called on these lists.

It is built from the engine's documented position string (never from the
engine's private fields) and its rules are checked move by move against the
engine in ``tests/ai/test_cards_ai.py``. Anything it cannot mirror (extra
capture steps registered by a later variant) is refused with
:class:`Unsupported`; the AI then searches through the engine instead.

A *move* is ``(piece, cell, option)``: ``option`` is None for a plain
placement, else ``(number, targets)`` where ``targets`` holds field cell
indexes and, for a swap, the hand piece last.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from jayden_jazz.cards import Card, Field, Rules
from jayden_jazz.cards.action import HAND_PREFIX, Action
from jayden_jazz.cards.card import Ability, parse_month
from jayden_jazz.cards.judge import Judge
from jayden_jazz.cards.result import decide

# How a game ended (0 = still playing); the engine's reason names in the same order.
PLAYING, FIELD_FULL, NO_CARDS, SUDDEN_DEATH, INSTANT_WIN = range(5)
END_NAMES = ("", "field_full", "no_cards", "sudden_death", "instant_win")

_KEY_RNG_SEED = 0x5EED_CA4D


class FastEffect(NamedTuple):
    """A Turn effect in force, with the attributes the engine's ActiveEffect has for the judge."""

    seat: int
    piece: int
    number: int
    cell: int
    turns_left: int
    ability: Ability


class Unsupported(ValueError):
    """The position uses a rule this copy does not mirror (extra capture steps)."""


@dataclass(frozen=True)
class Parts:
    """A position string split into its documented tokens (``docs/cards-engine.md``).

    Pieces are ``(card id, dealer seat)``; ``cells`` holds, per playable
    cell in order, None or ``(owner, piece)``; ``effects`` holds
    ``(seat, piece, number, cell name, turns left)``. Hidden hands are
    replaced at this level, before any search state exists.
    """

    field_name: str
    rows: tuple[str, ...]
    rules: Rules
    date: tuple[int, int]
    seats: int
    move: int
    reset: bool
    end: tuple[str, int] | None
    cells: tuple[tuple[int, tuple[str, int]] | None, ...]
    hands: tuple[tuple[tuple[str, int], ...], ...]
    effects: tuple[tuple[int, tuple[str, int], int, str, int], ...]

    @classmethod
    def parse(cls, text: str) -> "Parts":
        tokens = text.strip().split(" ")
        if not tokens or tokens[0] != "jazz1":
            raise ValueError("not a position string (it must start with 'jazz1')")
        kv = dict(t.partition("=")[::2] for t in tokens[1:])

        def piece(tok: str) -> tuple[str, int]:
            cid, _, dealer = tok.rpartition(".")
            return cid, int(dealer)

        name, _, rows = kv["field"].partition(":")
        cells: list[tuple[int, tuple[str, int]] | None] = []
        for tok in kv["cells"].split(","):
            if tok == "-":
                cells.append(None)
            else:
                owner, _, rest = tok.partition(":")
                cells.append((int(owner), piece(rest)))
        hands = tuple(() if tok == "-" else tuple(piece(t) for t in tok.split(","))
                      for tok in kv["hands"].split("|"))
        effects = []
        if kv["effects"] != "-":
            for tok in kv["effects"].split(","):
                seat, _, rest = tok.partition(":")
                ptok, _, rest = rest.partition("!")
                number, _, rest = rest.partition("@")
                cell, _, turns = rest.partition("~")
                effects.append((int(seat), piece(ptok), int(number), cell, int(turns)))
        end = None
        if kv["end"] != "-":
            reason, _, who = kv["end"].partition(":")
            end = (reason, int(who))
        return cls(name, tuple(rows.split("/")), Rules.from_code(kv["rules"]), parse_month(kv["date"]),
                   int(kv["seats"]), int(kv["move"]), kv["reset"] == "1", end, tuple(cells), hands,
                   tuple(effects))

    def text(self) -> str:
        """The canonical position string (hands and effects sorted), as the engine writes it."""
        def ptok(p: tuple[str, int]) -> str:
            return f"{p[0]}.{p[1]}"
        cells = ",".join("-" if c is None else f"{c[0]}:{ptok(c[1])}" for c in self.cells)
        hands = "|".join(",".join(sorted(ptok(p) for p in h)) or "-" for h in self.hands)
        effects = ",".join(sorted(f"{s}:{ptok(p)}!{n}@{c}~{t}" for s, p, n, c, t in self.effects)) or "-"
        end = "-" if self.end is None else f"{self.end[0]}:{self.end[1]}"
        return (f"jazz1 field={self.field_name}:{'/'.join(self.rows)} rules={self.rules.code()} "
                f"date={self.date[0]:04d}-{self.date[1]:02d} seats={self.seats} move={self.move} "
                f"reset={int(self.reset)} end={end} cells={cells} hands={hands} effects={effects}")


_FIELDS: dict[tuple[str, tuple[str, ...]], Field] = {}


def _field(name: str, rows: tuple[str, ...]) -> Field:
    f = _FIELDS.get((name, rows))
    if f is None:
        f = _FIELDS[(name, rows)] = Field(list(rows), name=name)
    return f


class FastGame:
    """One game state as plain lists; see the module docstring for moves.

    :meth:`plain_now` is True when no ability can ever be offered again from
    here (Pure, Sudden Death, or no card in any hand has one and no effect
    is active): only side values matter then, which the solver's keys and
    symmetries rely on.
    """

    def __init__(self, parts: Parts, catalog: Mapping[str, Card]) -> None:
        rules = parts.rules
        if rules.steps:
            raise Unsupported(f"extra capture steps {rules.steps} are not mirrored")
        field = _field(parts.field_name, parts.rows)
        self.parts = parts
        self.field = field
        self.rules = rules
        self.n = n = parts.seats
        self.size = field.size
        self.play_cells = list(field.cells)
        self.names = field.cell_names
        self.cell_index = {nm: i for i, nm in enumerate(self.names)}
        self.ties = rules.capture == "equal_or_higher"
        self.abilities_on = not rules.pure and not rules.sudden_death
        self.sudden = rules.sudden_death

        ids: list[str] = []
        dealer: list[int] = []
        index: dict[tuple[str, int], int] = {}

        def add(pc: tuple[str, int]) -> int:
            index[pc] = len(ids)
            ids.append(pc[0])
            dealer.append(pc[1])
            return index[pc]

        cell = [-1] * field.size
        owner = [-1] * field.size
        for c, entry in zip(self.play_cells, parts.cells):
            if entry is not None:
                cell[c] = add(entry[1])
                owner[c] = entry[0]
        hands = [[add(pc) for pc in h] for h in parts.hands]
        self.ids = ids
        self.dealer = dealer
        self.cards = [catalog[i] for i in ids]
        self._use_judge(Judge(field, self.cards, parts.date))
        self.abil: list[tuple[Ability, ...]] = [c.abilities if self.abilities_on else () for c in self.cards]
        self.dealt = [[p for p in range(len(ids)) if dealer[p] == s] for s in range(n)]

        self.cell = cell
        self.owner = owner
        self.hands = hands
        self.counts = [0] * n
        for c in self.play_cells:
            if cell[c] >= 0:
                self.counts[owner[c]] += 1
        self.empty = sum(1 for c in self.play_cells if cell[c] < 0)
        self.to_move = parts.move
        self.reset_used = parts.reset
        self.effects: tuple[tuple, ...] = tuple(
            self._effect(s, index[pc], no, self.cell_index[cn], t) for s, pc, no, cn, t in parts.effects)
        self.over = PLAYING
        self.winner = -1
        if parts.end is not None:
            self.over = END_NAMES.index(parts.end[0])
            self.winner = parts.end[1]
        elif self.empty == 0:
            self.over = FIELD_FULL
        elif not any(hands):
            self.over = NO_CARDS
        self._stack: list[tuple] = []
        self._keys: list[list[int]] | None = None

    def _use_judge(self, judge: Judge) -> None:
        """The judge and the tables the search reads straight from it (one set, never two)."""
        self.judge = judge
        self.adj = judge.adj
        self.adjset = judge.adjset
        self.date_idx = judge.date_idx
        self.sides = judge.sides
        self.points = judge.points
        self.month = judge.month
        self._plain_captures = judge.plain_captures

    def recast(self, changes: Mapping[int, str], catalog: Mapping[str, Card]) -> None:
        """Let pieces stand for other cards (by id): a sampled guess at hidden hands.

        Only this state changes; copies made before keep their cards.
        """
        cards = {p: catalog[cid] for p, cid in changes.items()}
        self._use_judge(self.judge.recast(cards))
        self.ids = self.ids[:]
        self.cards = self.cards[:]
        self.abil = self.abil[:]
        for p, card in cards.items():
            self.ids[p] = card.id
            self.cards[p] = card
            self.abil[p] = card.abilities if self.abilities_on else ()

    def plain_now(self) -> bool:
        """No ability can be offered again from here and no effect is active."""
        if self.effects:
            return False
        if not self.abilities_on:
            return True
        abil = self.abil
        return not any(abil[p] for h in self.hands for p in h)

    # ------------------------------------------------------------------ copies

    @classmethod
    def from_position(cls, text: str, catalog: Mapping[str, Card]) -> "FastGame":
        return cls(Parts.parse(text), catalog)

    def copy(self) -> "FastGame":
        g = FastGame.__new__(FastGame)
        g.__dict__.update(self.__dict__)
        g.cell = self.cell[:]
        g.owner = self.owner[:]
        g.hands = [h[:] for h in self.hands]
        g.counts = self.counts[:]
        g._stack = []
        if self._keys is not None:
            g._zs = self._zs[:]
        return g

    # ------------------------------------------------------------------ effects and values

    def _effect(self, seat: int, p: int, number: int, cell: int, turns: int) -> FastEffect:
        return FastEffect(seat, p, number, cell, turns, self.cards[p].abilities[number - 1])

    def value(self, c: int, side: int) -> int:
        """Effective side value: printed + active modifiers, clamped to 1..A."""
        return self.judge.value(self.cell, self.owner, self.effects, c, side)

    def captures(self, p: int, c: int, seat: int) -> list[int]:
        """Cells ``seat`` would capture by playing piece ``p`` on empty cell ``c`` (state unchanged)."""
        if not self.effects:
            return self._plain_captures(self.cell, self.owner, p, c, seat, self.ties)
        cells = self.cell
        owner = self.owner
        cells[c] = p
        owner[c] = seat
        try:
            return self.judge.captures(cells, owner, self.effects, c, seat, self.ties)
        finally:
            cells[c] = -1
            owner[c] = -1

    # ------------------------------------------------------------------ position keys

    def enable_keys(self, classes: list[int], transforms: list[tuple[list[int], list[int]]]) -> None:
        """Keep additive position keys up to date from now on.

        ``classes[p]`` names what piece ``p`` is worth to the search (equal classes are
        interchangeable); each transform is ``(cell map, class map)`` -- the identity
        first, then the field symmetries the solver found usable. Keys are sums, not
        XORs, so two interchangeable pieces in one hand do not cancel out.
        """
        n = self.n
        ncls = max(classes) + 1 if classes else 1
        rng = random.Random(_KEY_RNG_SEED)
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
        """Position key for the transposition table (needs :meth:`enable_keys`)."""
        zs = self._zs
        z = zs[0] if len(zs) == 1 else min(zs)
        z += self.to_move_keys[self.to_move]
        if self.effects:
            cls = self.classes
            z += hash(tuple(sorted((e[0], cls[e[1]], e[2], e[3], e[4]) for e in self.effects)))
        if self.reset_used:
            z += self.reset_key
        return z

    # ------------------------------------------------------------------ moves

    def free(self) -> list[int]:
        cells = self.cell
        return [c for c in self.play_cells if cells[c] < 0]

    def hand_pieces(self, seat: int | None = None) -> list[int]:
        """One piece per distinct card id: the copy the engine plays (the one dealt to the
        seat, else the lowest dealing seat) when a swap left two copies in one hand."""
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

    def placements(self) -> list[tuple[int, int]]:
        if self.over:
            return []
        free = self.free()
        return [(p, c) for p in self.hand_pieces() for c in free]

    def place(self, p: int, c: int) -> list[int]:
        """First half of a move: put piece ``p`` on ``c`` and apply its captures.

        Returns the captured cells. Then :meth:`commit` an option (None or one of
        :meth:`offers`), and later :meth:`uncommit` and :meth:`unplace` in that order.
        """
        seat = self.to_move
        got = self.captures(p, c, seat)
        hand = self.hands[seat]
        hi = hand.index(p)
        del hand[hi]
        cells = self.cell
        owner = self.owner
        counts = self.counts
        prev = [owner[x] for x in got]
        cells[c] = p
        owner[c] = seat
        counts[seat] += 1 + len(got)
        for x in got:
            counts[owner[x]] -= 1
            owner[x] = seat
        self.empty -= 1
        if self._keys is not None:
            self._shift_keys(seat, p, c, got, prev, 1)
        self._stack.append((seat, p, c, hi, got, prev))
        return got

    def _shift_keys(self, seat: int, p: int, c: int, got: list[int], prev: list[int], sign: int) -> None:
        """Move the position keys across a placement (sign 1) or back (sign -1): the piece
        leaves the hand for ``c`` and the captured cells change owner from ``prev``."""
        n = self.n
        hl = self.size * n + seat
        cells = self.cell
        zs = self._zs
        for i, t in enumerate(self._keys):
            d = t[c * n + seat][p] - t[hl][p]
            for x, o in zip(got, prev):
                q = cells[x]
                d += t[x * n + seat][q] - t[x * n + o][q]
            zs[i] += sign * d

    def unplace(self) -> None:
        seat, p, c, hi, got, prev = self._stack.pop()
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

    def offers(self, p: int, c: int, captured: int) -> list[tuple[int, tuple[int, ...]]]:
        """Ability options after :meth:`place` of ``p`` on ``c`` captured ``captured`` cards."""
        abilities = self.abil[p]
        if not abilities or captured < 2:
            return []
        seat = self.to_move
        judge = self.judge
        out: list[tuple[int, tuple[int, ...]]] = []
        for no, ab in enumerate(abilities, 1):
            if not ab.condition.is_empty() and not judge.condition_holds(
                    ab.condition, seat, p, captured, self.counts, self.empty):
                continue
            eligible = [] if ab.effect in ("modify", "win", "reset") else \
                judge.eligible(ab, self.cell, self.owner, seat, c)
            sets = Judge.target_sets(ab, eligible, self.reset_used)
            if sets is not None:
                out.extend((no, combo) for combo in sets)
            else:                             # swap: a field card and a card from the hand
                ids = self.ids
                hp = sorted(self.hand_pieces(seat), key=lambda q: ids[q])
                out.extend((no, (x, q)) for x in eligible for q in hp)
        return out

    def commit(self, option: tuple[int, tuple[int, ...]] | None) -> None:
        """Second half of a move: the ability choice (None declines), then the turn ends."""
        seat, p, c, _, got, _ = self._stack[-1]
        if option is None:
            self._stack.append((self.to_move, self.effects))
            if self.sudden and len(got) >= 2:
                self.over = SUDDEN_DEATH
                self.winner = seat
            elif self.empty == 0:
                self.over = FIELD_FULL
            else:
                self._end_turn()
            return
        snap = (self.cell[:], self.owner[:], [h[:] for h in self.hands], self.counts[:], self.empty,
                self.to_move, self.effects, self.reset_used,
                self._zs[:] if self._keys is not None else None)
        self._stack.append(snap)
        number, targets = option
        ab = self.cards[p].abilities[number - 1]
        eff = ab.effect
        if eff == "modify":
            self.effects = self.effects + (self._effect(seat, p, number, c, self.n + 1),)
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
            self.effects = tuple(e for e in self.effects
                                 if not (e.piece == r and e.ability.target in ("self", "neighbours")))
        elif eff == "reset":
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

    def uncommit(self) -> None:
        rec = self._stack.pop()
        self.over = PLAYING
        self.winner = -1
        if len(rec) == 2:
            self.to_move, self.effects = rec
            return
        (cell, owner, hands, counts, self.empty, self.to_move, self.effects, self.reset_used, zs) = rec
        self.cell = cell
        self.owner = owner
        self.hands = hands
        self.counts = counts
        if zs is not None:
            self._zs = zs

    def _end_turn(self) -> None:
        """The engine's turn end: Turn effects tick once per seat passed, played or skipped."""
        s, turns = Judge.next_seat(self.hands, self.to_move)
        if self.effects:
            self.effects = tuple(e._replace(turns_left=e.turns_left - turns) for e in self.effects
                                 if e.turns_left > turns)
        if s < 0:
            self.over = NO_CARDS
        else:
            self.to_move = s

    def push(self, move: tuple[int, int, tuple[int, tuple[int, ...]] | None]) -> None:
        p, c, option = move
        self.place(p, c)
        self.commit(option)

    def pop(self) -> None:
        self.uncommit()
        self.unplace()

    def moves(self) -> list[tuple[int, int, tuple[int, tuple[int, ...]] | None]]:
        """Every legal move, abilities and targets expanded (the engine's legal_actions)."""
        out: list[tuple[int, int, tuple[int, tuple[int, ...]] | None]] = []
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

    # ------------------------------------------------------------------ results

    def returns(self) -> list[float]:
        """The engine's Result.returns(): +1 sole winner, 0 each seat sharing a draw, -1 others."""
        points = tuple(sum(self.points[p] for p in h) for h in self.hands)
        return decide(tuple(self.counts), points, END_NAMES[self.over], self.winner).returns()

    def value_for(self, seat: int) -> int:
        """Win (1), shared draw (0) or loss (-1) for ``seat`` in a finished game."""
        return int(self.returns()[seat])

    # ------------------------------------------------------------------ text

    def action(self, move: tuple[int, int, tuple[int, tuple[int, ...]] | None]) -> Action:
        """The engine's Action for a move of this state (targets in canonical order)."""
        p, c, option = move
        if option is None:
            return Action(self.ids[p], self.names[c])
        number, targets = option
        ab = self.cards[p].abilities[number - 1]
        if ab.effect == "swap":
            x, q = targets
            return Action(self.ids[p], self.names[c], number, (self.names[x], HAND_PREFIX + self.ids[q]))
        return Action(self.ids[p], self.names[c], number, tuple(self.names[x] for x in targets))

    def move_of(self, action: Action) -> tuple[int, int, tuple[int, tuple[int, ...]] | None]:
        """Inverse of :meth:`action` for a legal action."""
        for m in self.moves():
            if self.action(m) == action:
                return m
        raise ValueError(f"{action} is not a legal move here")

    def position(self) -> str:
        """The engine's canonical position string for this state (for tests and hand-over)."""
        def pc(p: int) -> tuple[str, int]:
            return (self.ids[p], self.dealer[p])
        cells = tuple(None if self.cell[c] < 0 else (self.owner[c], pc(self.cell[c]))
                      for c in self.play_cells)
        end = (END_NAMES[self.over], self.winner) if self.over in (SUDDEN_DEATH, INSTANT_WIN) else None
        parts = Parts(self.field.name, self.field.rows, self.rules, self.parts.date, self.n, self.to_move,
                      self.reset_used, end, cells, tuple(tuple(pc(p) for p in h) for h in self.hands),
                      tuple((e[0], pc(e[1]), e[2], self.names[e[3]], e[4]) for e in self.effects))
        return parts.text()
