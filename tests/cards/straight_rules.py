"""The card rules written out the plain way, for tests only.

An independent second reading of the rules, kept deliberately simple: the
board is a dict from cell name to card, neighbours come from the field's
rows, effects are re-applied at every comparison and nothing is cached or
undone (a move makes a new state). The property tests play random games on
the engine's core and on this at once and compare them after every action.
It shares no rules code with the engine: only the card, field and action
value types.
"""

from __future__ import annotations

from itertools import combinations

from jayden_jazz.cards import Action, Card, Field, Rules

OPP = (2, 3, 0, 1)
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))     # top, right, bottom, left


def _month(m: tuple[int, int]) -> int:
    return m[0] * 12 + m[1] - 1


class Straight:
    """A whole game as plain data: ``board[name] = [card, dealer, owner]``, hands of
    ``(card, dealer)``, effects as dicts."""

    def __init__(self, field: Field, rules: Rules, date: tuple[int, int],
                 hands: list[list[Card]], first: int, elements: tuple[tuple[str, str], ...] = (),
                 hand_swap: tuple[str, ...] = ()) -> None:
        self.field = field
        self.rules = rules
        self.date = _month(date)
        self.n = len(hands)
        self.hands = [[(c, s) for c in h] for s, h in enumerate(hands)]
        self.dealt = [list(h) for h in self.hands]
        # Hand Swap: every seat gives its card to the next seat at once, to the end of the hand
        gifts = []
        for s, cid in enumerate(hand_swap):
            i = next((k for k, (c, _) in enumerate(self.hands[s]) if c.id == cid), None)
            gifts.append(None if i is None else self.hands[s].pop(i))
        for s, gift in enumerate(gifts):
            if gift is not None:
                self.hands[(s + 1) % self.n].append(gift)
        self.drawn: tuple[str, int] | None = None    # Chaos: told by the test at every turn
        self.board: dict[str, list] = {}
        self.elements = dict(elements)
        self.effects: list[dict] = []
        self.to_move = first
        self.over: str | None = None
        self.winner = -1
        self.reset_used = False
        rows = field.rows
        self.cells = [f"{chr(97 + x)}{y + 1}" for y in range(len(rows)) for x in range(len(rows[0]))
                      if rows[y][x] == "#"]

    # ------------------------------------------------------------------ geometry

    def neighbour(self, name: str, side: int) -> str | None:
        x, y = ord(name[0]) - 97 + STEP[side][0], int(name[1:]) - 1 + STEP[side][1]
        rows = self.field.rows
        if 0 <= y < len(rows) and 0 <= x < len(rows[0]) and rows[y][x] == "#":
            return f"{chr(97 + x)}{y + 1}"
        return None

    def adjacent(self, a: str, b: str) -> bool:
        return any(self.neighbour(a, d) == b for d in range(4))

    # ------------------------------------------------------------------ values

    def filter_ok(self, f, card: Card, cell: str | None, origin: str) -> bool:
        m = _month(card.started_roasting)
        if f.roasting_within_years is not None and not 0 <= self.date - m <= 12 * f.roasting_within_years:
            return False
        if f.roasting_before is not None and not m < _month(f.roasting_before):
            return False
        if f.total_at_most is not None and sum(card.sides) > f.total_at_most:
            return False
        if f.adjacent is not None and (cell is not None and self.adjacent(cell, origin)) != f.adjacent:
            return False
        return True

    def effective(self, cell: str, side: int) -> int:
        card, dealer, owner = self.board[cell]
        v = card.sides[side]
        if cell in self.elements:
            v += 1 if card.element == self.elements[cell] else -1
        for e in self.effects:
            ab = e["ability"]
            if side not in ab.sides:
                continue
            t = ab.target
            if t == "self":
                hit = cell == e["cell"] and (card.id, dealer) == (e["card"].id, e["dealer"])
            elif t == "own":
                hit = owner == e["seat"]
            elif t == "opponents":
                hit = owner != e["seat"]
            elif t == "neighbours":
                hit = self.adjacent(cell, e["cell"])
            else:
                hit = True
            if hit and self.filter_ok(ab.filter, card, cell, e["cell"]):
                v += ab.amount
        return max(1, min(10, v))

    # ------------------------------------------------------------------ moves

    def allowed(self, seat: int) -> set[str]:
        """Card ids the seat may play: Order the leftmost, Chaos the drawn one, else any."""
        hand = self.hands[seat]
        if self.rules.order:
            return {hand[0][0].id} if hand else set()
        if self.rules.chaos:
            assert self.drawn is not None and any((c.id, d) == self.drawn for c, d in hand)
            return {self.drawn[0]}
        return {c.id for c, _ in hand}

    def copy_to_play(self, seat: int, card_id: str, placing: bool = False) -> int:
        """Index in the hand of the copy played: the one dealt to the seat, else lowest dealer
        (the placed card under Order is the leftmost, under Chaos the drawn one)."""
        if placing and self.rules.order:
            return 0
        if placing and self.rules.chaos:
            return next(i for i, (c, d) in enumerate(self.hands[seat]) if (c.id, d) == self.drawn)
        best = -1
        for i, (c, d) in enumerate(self.hands[seat]):
            if c.id == card_id and (best < 0 or (d != seat, d) < (self.hands[seat][best][1] != seat,
                                                                   self.hands[seat][best][1])):
                best = i
        return best

    def beats(self, a: int, b: int) -> bool:
        """The basic comparison, Reverse and Fallen Ace included."""
        r = self.rules
        if r.fallen_ace and {a, b} == {1, 10}:
            return True
        if a == b:
            return r.capture == "equal_or_higher"
        return a < b if r.reverse else a > b

    def basic(self, cell: str, seat: int) -> list[str]:
        out = []
        for d in range(4):
            nb = self.neighbour(cell, d)
            if nb is None or nb not in self.board or self.board[nb][2] == seat:
                continue
            if self.beats(self.effective(cell, d), self.effective(nb, OPP[d])):
                out.append(nb)
        return out

    def captures(self, cell: str, seat: int) -> list[str]:
        """Every cell the card just put on ``cell`` takes (the board is left as it was)."""
        r = self.rules
        touching = [(d, nb) for d in range(4) if (nb := self.neighbour(cell, d)) in self.board]
        pairs = [(nb, self.effective(cell, d), self.effective(nb, OPP[d])) for d, nb in touching]
        special: list[str] = []
        if r.same:
            equal = [nb for nb, a, b in pairs if a == b]
            walls = sum(1 for d in range(4) if self.neighbour(cell, d) is None and self.effective(cell, d) == 10)
            if len(equal) + (walls if r.same_wall else 0) >= 2:
                special += equal
        if r.plus:
            sums = [a + b for _, a, b in pairs]
            special += [nb for (nb, _, _), t in zip(pairs, sums) if sums.count(t) >= 2]
        special = [x for x in dict.fromkeys(special) if self.board[x][2] != seat]
        taken = list(dict.fromkeys(special + self.basic(cell, seat)))
        if not r.combo:
            return taken
        old = {x: self.board[x][2] for x in taken}
        for x in taken:
            self.board[x][2] = seat
        queue = list(special)
        while queue:
            more = self.basic(queue.pop(0), seat)
            for y in more:
                old[y] = self.board[y][2]
                self.board[y][2] = seat
                taken.append(y)
            queue += more
        for x, o in old.items():
            self.board[x][2] = o
        return taken

    def counts(self) -> list[int]:
        out = [0] * self.n
        for _, _, o in self.board.values():
            out[o] += 1
        return out

    def options(self, card: Card, cell: str, seat: int, captured: int) -> list[tuple[int, tuple[str, ...]]]:
        if self.rules.pure or self.rules.sudden_death or captured < 2:
            return []
        out = []
        counts = self.counts()
        mine = counts[seat]
        empty = len(self.cells) - len(self.board)
        for no, ab in enumerate(card.abilities, 1):
            c = ab.condition
            if c.captured_at_least is not None and captured < c.captured_at_least:
                continue
            if c.controlling_at_most is not None and mine > c.controlling_at_most:
                continue
            if c.behind is not None and any(x > mine for s, x in enumerate(counts) if s != seat) != c.behind:
                continue
            if c.roasting_within_years is not None and \
                    not 0 <= self.date - _month(card.started_roasting) <= 12 * c.roasting_within_years:
                continue
            if c.empty_cells_at_most is not None and empty > c.empty_cells_at_most:
                continue
            if ab.effect in ("modify", "win"):
                out.append((no, ()))
                continue
            if ab.effect == "reset":
                if not self.reset_used:
                    out.append((no, ()))
                continue
            eligible = [x for x in self.cells if x in self.board and self.board[x][2] != seat
                        and self.filter_ok(ab.filter, self.board[x][0], x, cell)]
            if ab.effect == "gain_control":
                out.extend((no, combo) for combo in combinations(eligible, min(ab.count, len(eligible)))
                           if eligible)
            else:
                ids = sorted({c2.id for c2, _ in self.hands[seat]})
                out.extend((no, (x, "hand:" + h)) for x in eligible for h in ids)
        return out

    def legal(self) -> set[str]:
        if self.over:
            return set()
        seat = self.to_move
        out = set()
        for cid in self.allowed(seat):
            for cell in self.cells:
                if cell in self.board:
                    continue
                out.add(f"{cid}@{cell}")
                i = self.copy_to_play(seat, cid, placing=True)
                if not self.hands[seat][i][0].abilities:
                    continue
                # try the placement, list the options, put everything back
                hand = self.hands[seat]
                piece = hand.pop(i)
                self.board[cell] = [piece[0], piece[1], seat]
                got = self.captures(cell, seat)
                old = [self.board[x][2] for x in got]
                for x in got:
                    self.board[x][2] = seat
                for no, targets in self.options(piece[0], cell, seat, len(got)):
                    out.add(str(Action(cid, cell, no, targets)))
                for x, o in zip(got, old):
                    self.board[x][2] = o
                del self.board[cell]
                hand.insert(i, piece)
        return out

    def _place(self, card_id: str, cell: str) -> list[str]:
        seat = self.to_move
        card, dealer = self.hands[seat].pop(self.copy_to_play(seat, card_id, placing=True))
        self.board[cell] = [card, dealer, seat]
        got = self.captures(cell, seat)
        for x in got:
            self.board[x][2] = seat
        return got

    def play(self, action: Action) -> list[str]:
        """Play a legal action; returns the cells the placement captured."""
        seat = self.to_move
        got = self._place(action.card, action.cell)
        card = self.board[action.cell][0]
        reset = False
        if action.ability is not None:
            ab = card.abilities[action.ability - 1]
            if ab.effect == "modify":
                self.effects.append({"seat": seat, "card": card, "dealer": self.board[action.cell][1],
                                     "number": action.ability, "cell": action.cell, "turns": self.n + 1,
                                     "ability": ab})
            elif ab.effect == "gain_control":
                for x in action.targets:
                    self.board[x][2] = seat
            elif ab.effect == "swap":
                x = action.target_cells[0]
                i = self.copy_to_play(seat, action.target_hand_cards[0])
                mine = self.hands[seat][i]
                old = self.board[x]
                self.hands[seat][i] = (old[0], old[1])
                self.board[x] = [mine[0], mine[1], seat]
                self.effects = [e for e in self.effects
                                if not (e["ability"].target in ("self", "neighbours")
                                        and (e["card"].id, e["dealer"]) == (old[0].id, old[1]))]
            elif ab.effect == "reset":
                if self.rules.order:
                    # Order's ruling: cards still in hands first (seat by seat, as they lay),
                    # then the field's from a1 on, each back to the seat it was dealt to
                    back = [pc for h in self.hands for pc in h]
                    back += [(self.board[x][0], self.board[x][1]) for x in self.cells if x in self.board]
                    self.hands = [[pc for pc in back if pc[1] == s] for s in range(self.n)]
                else:
                    self.hands = [list(h) for h in self.dealt]
                self.board = {}
                self.effects = []
                self.reset_used = True
                reset = True
            elif ab.effect == "win":
                self.over, self.winner = "instant_win", seat
                return got
        elif self.rules.sudden_death and len(got) >= 2:
            self.over, self.winner = "sudden_death", seat
            return got
        if not reset and len(self.board) == len(self.cells):
            self.over = "field_full"
            return got
        s = seat
        for _ in range(self.n):
            s = (s + 1) % self.n
            for e in self.effects:
                e["turns"] -= 1
            self.effects = [e for e in self.effects if e["turns"] > 0]
            if self.hands[s]:
                self.to_move = s
                return got
        self.over = "no_cards"
        return got

    # ------------------------------------------------------------------ comparing

    def winners(self) -> tuple[int, ...]:
        if self.over in ("sudden_death", "instant_win"):
            return (self.winner,)
        counts = self.counts()
        top = max(counts)
        tied = [s for s in range(self.n) if counts[s] == top]
        if len(tied) == 1:
            return tuple(tied)
        pts = {s: sum(sum(c.sides) for c, _ in self.hands[s]) for s in tied}
        best = max(pts.values())
        return tuple(s for s in tied if pts[s] == best)

    def summary(self) -> tuple:
        board = tuple(sorted((k, v[0].id, v[1], v[2]) for k, v in self.board.items()))
        keep = self.rules.order          # under Order the hand's order is compared too
        hands = tuple(tuple((lambda t: t if keep else sorted(t))([f"{c.id}.{d}" for c, d in h]))
                      for h in self.hands)
        effects = tuple(sorted((e["seat"], e["card"].id, e["dealer"], e["number"], e["cell"], e["turns"])
                               for e in self.effects))
        return (board, hands, effects, None if self.over else self.to_move, self.over, self.reset_used)


def game_summary(g) -> tuple:  # type: ignore[no-untyped-def]
    """The same summary read from a Game through its public API only."""
    board = []
    for c in g.field.cells:
        card = g.card_at(c)
        if card is not None:
            board.append((g.field.name_of(c), card.id, g.dealer_at(c), g.owner_at(c)))
    pos = g.position_parts()
    keep = g.rules.order
    hands = tuple(tuple((lambda t: t if keep else sorted(t))([f"{cid}.{d}" for cid, d in h]))
                  for h in pos.hands)
    effects = tuple(sorted((s, pc[0], pc[1], no, cell, t) for s, pc, no, cell, t in pos.effects))
    r = g.result()
    return (tuple(sorted(board)), hands, effects, None if g.is_over() else g.to_move,
            r.reason if r else None, g.reset_used)
