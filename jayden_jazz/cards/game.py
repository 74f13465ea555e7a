"""The card game engine: one mutable game, actions in, state out.

Everything a player decides is an :class:`~jayden_jazz.cards.action.Action`;
:meth:`Game.legal_actions` lists them all (abilities and targets expanded)
and :meth:`Game.push` / :meth:`Game.pop` make and unmake them.

The rules themselves live in :class:`~jayden_jazz.cards.core.Core`, the one
state the computer player searches too; a Game adds what a player and a
record need around it: checks with plain-words refusals, the notation
(card ids and cell names), the history and the reports of
:meth:`Game.play`.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .action import HAND_PREFIX, Action
from .card import Ability, Card, Month
from .core import END_NAMES, Core, Effect, Move, Option
from .deal import Setup, deal_random, elemental_cells, game_month, hand_rule_draws
from .errors import IllegalActionError, SetupError
from .field import Field
from .judge import elemental_modifier
from .language import describe
from .observation import may_see
from .result import Result
from .rules import Rules

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event, Match, Report
    from .observation import Observation
    from .position import Position
    from .record import GameRecord

CellRef = int | str

ActiveEffect = Effect   # the name earlier versions exported


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
             names: Sequence[str] = (), custom_hands: bool = False,
             elements: Sequence[tuple[str, str]] | None = None, players: int | None = None,
             hand_swap: Sequence[str] | None = None, shown: Sequence[Sequence[str]] | None = None,
             chaos_seed: int | None = None) -> "Game":
    """Start a game. The first seat is drawn with ``rng`` unless ``first_seat`` fixes it;
    ``date`` (a ``datetime.date`` or (year, month)) defaults to today. Under the Elemental
    rule the cells' ``elements`` ((cell name, element) pairs) are drawn with ``rng``
    unless given. Under Random, empty ``hands`` are dealt from every card of the catalog
    for ``players`` seats; then Hand Swap's cards, Three Open's shown cards and the Chaos
    seed are drawn with ``rng`` (in that order) unless given."""
    rules = rules or Rules()
    rng = rng or random.Random()
    if rules.random and not any(hands):
        n = players or len(hands)
        if not n:
            raise SetupError("Random deals hands: say how many players")
        hands = deal_random(list(catalog), field, n, rules, rng)
    hands_t = tuple(tuple(h) for h in hands)
    if first_seat is None:
        if not hands_t:
            raise SetupError("no seats")
        first_seat = rng.randrange(len(hands_t))
    if elements is None:
        elements = elemental_cells(field, rng) if rules.elemental else ()
    swap_d, shown_d, seed_d = hand_rule_draws(rules, hands_t, rng)
    setup = Setup(field, hands_t, rules, first_seat, game_month(date), tuple(names), custom_hands,
                  tuple((str(n), str(e)) for n, e in elements),
                  seed_d if chaos_seed is None else chaos_seed,
                  swap_d if hand_swap is None else tuple(hand_swap),
                  shown_d if shown is None else tuple(tuple(s) for s in shown))
    return Game(setup, catalog)



def comparison_cause(core: Core, owner: Sequence[int], c: int, x: int) -> str:
    """Which ordinary comparison let the card placed on ``c`` take the touching card on ``x``:
    ``higher`` or ``equal_or_higher`` (the preset), ``lower`` or ``equal_or_lower`` under
    Reverse, ``fallen_ace`` when only Fallen Ace lets a 1 and an A take each other. ``owner``
    is the field's owners as the comparison saw them (Turn effects may depend on them)."""
    rules = core.rules
    lower = "lower" if rules.reverse else "higher"
    name = ("equal_or_" + lower) if rules.capture == "equal_or_higher" else lower
    if not rules.fallen_ace:
        return name
    side = next((d, od) for d, n, od in core.adj[c] if n == x)
    a = core.judge.value(core.cell, owner, core.effects, c, side[0])
    b = core.judge.value(core.cell, owner, core.effects, x, side[1])
    plain = a < b if rules.reverse else a > b
    if {a, b} == {1, 10} and not (plain or (a == b and rules.capture == "equal_or_higher")):
        return "fallen_ace"
    return name


CLASSIC_MATCHES = ("same", "same_wall", "plus")


def beaten_match(core: Core, owner: Sequence[int], src: int, x: int) -> "tuple[Match, ...]":
    """The touching pair of an ordinary capture (or a Combo link) of the card on ``x`` by the card
    on ``src``: ``src``'s side facing it and both values as the comparison saw them, so a player
    reads the numbers (``7>4``) and not only the rule's name."""
    from . import events as ev

    pair = next(((d, od) for d, n, od in core.adj[src] if n == x), None)
    if pair is None:
        return ()
    a = core.judge.value(core.cell, owner, core.effects, src, pair[0])
    b = core.judge.value(core.cell, owner, core.effects, x, pair[1])
    return (ev.Match(pair[0], core.names[x], a, b),)


def combo_source(core: Core, owner: Sequence[int], taken_before: Sequence[int], x: int) -> int | None:
    """Which card already turned by this placement took the card on ``x`` in a Combo: the first
    touching one that beats it by the ordinary comparison (values read with ``owner``)."""
    rules = core.rules
    for d, n, od in core.adj[x]:
        if n not in taken_before:
            continue
        a = core.judge.value(core.cell, owner, core.effects, n, od)
        b = core.judge.value(core.cell, owner, core.effects, x, d)
        wins = a < b if rules.reverse else a > b
        if wins or (a == b and rules.capture == "equal_or_higher"):
            return n
    return None


def classic_match(core: Core, owner: Sequence[int], c: int, cause: str) -> "tuple[Match, ...]":
    """The touching pairs Same (equal values; Same Wall: and an A against a wall) or Plus (the
    equal sums) counted for the card placed on ``c``, read with the values of the moment it
    landed (``owner``: the owners then), so the table can show what matched."""
    from . import events as ev
    from .judge import ACE

    cells, effects, value = core.cell, core.effects, core.judge.value
    names = core.names
    pairs = [(d, n, value(cells, owner, effects, c, d), value(cells, owner, effects, n, od))
             for d, n, od in core.adj[c] if cells[n] >= 0]
    if cause == "plus":
        sums: dict[int, int] = {}
        for _, _, a, b in pairs:
            sums[a + b] = sums.get(a + b, 0) + 1
        return tuple(ev.Match(d, names[n], a, b) for d, n, a, b in pairs if sums[a + b] >= 2)
    out = [ev.Match(d, names[n], a, b) for d, n, a, b in pairs if a == b]
    if cause == "same_wall":
        out += [ev.Match(d, None, ACE, ACE) for d in core.judge.walls[c]
                if value(cells, owner, effects, c, d) == ACE]
    return tuple(out)


class Game:
    """One game of the Jazz Jackrabbit Card Game."""

    # ------------------------------------------------------------------ building

    def __init__(self, setup: Setup, catalog: Mapping[str, Card]) -> None:
        setup.check(catalog)
        pieces = [(catalog[cid], seat) for seat, hand in enumerate(setup.hands) for cid in hand]
        index = {(c.id, seat): i for i, (c, seat) in enumerate(pieces)}
        # the hands as play starts: after Hand Swap (a received card at the end)
        hands = [[index[pc] for pc in hand] for hand in setup.hands_in_play()]
        shown = []
        for seat, ids in enumerate(setup.shown):
            for cid in ids:   # of two copies, the one dealt to the seat (the other is known)
                copies = [q for q in hands[seat] if pieces[q][0].id == cid]
                shown.append(min(copies, key=lambda q: pieces[q][1] != seat))
        core = Core.build(setup.field, setup.rules, setup.players, setup.date, pieces, hands,
                          to_move=setup.first_seat, elements=setup.element_map(),
                          chaos_seed=setup.chaos_seed, shown=shown)
        self._attach(core, setup, None)

    @classmethod
    def from_core(cls, core: Core, *, start: str | None = None) -> "Game":
        """A game around a state built elsewhere (a position); its record starts from the
        position string ``start`` (by default the state's own)."""
        g = cls.__new__(cls)
        g._attach(core, None, start)
        if g._start is None:
            g._start = g.position()
        return g

    @classmethod
    def from_parts(cls, position: "Position", catalog: Mapping[str, Card]) -> "Game":
        """A game in any position, built from its parts (:class:`~.position.Position`:
        field, cards, owners, hands, seat to move, effects), checked like a position string."""
        return cls.from_core(position.core(catalog))

    def _attach(self, core: Core, setup: Setup | None, start: str | None) -> None:
        self.core = core
        self.field = core.field
        self.rules = core.rules
        self.date: Month = core.date
        self._setup = setup
        self._start = start
        self._history: list[Action] = []
        self._plain: dict[tuple[str, int], Action] = {}
        # every piece everyone has seen (on the field, or in a hand it was not dealt to), wherever
        # it is now, and per action the ones it showed first, so pop forgets them again
        self._revealed: set[int] = set(self._public_now())
        self._revealed_log: list[tuple[int, ...]] = []

    def _public_now(self) -> list[int]:
        core = self.core
        dealer = core.dealer
        return [p for p in core.cell if p >= 0] + [p for s, h in enumerate(core.hands) for p in h if dealer[p] != s]

    def _note_field(self, p: int, option: Option | None) -> None:
        """After a move: the placed card, and a swap's hand card, are public from now on (a
        swap's field card and a reset's cards lay on the field already)."""
        new: tuple[int, ...] = () if p in self._revealed else (p,)
        if option is not None and self.core.cards[p].abilities[option[0] - 1].effect == "swap":
            q = option[1][1]
            if q not in self._revealed:
                new += (q,)
        self._revealed.update(new)
        self._revealed_log.append(new)

    def _reveal_pieces(self, pieces: Iterable[tuple[str, int]]) -> None:
        """Count these (card id, dealer) pieces as seen on the field before (an observation's
        ``revealed``)."""
        want = set(pieces)
        core = self.core
        self._revealed.update(p for p in range(len(core.ids)) if (core.ids[p], core.dealer[p]) in want)

    def clone(self) -> "Game":
        """An independent copy sharing the fixed tables (history and undo included)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.core = self.core.clone()
        g._history = self._history[:]
        g._revealed = set(self._revealed)
        g._revealed_log = self._revealed_log[:]
        return g

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        return self.core.n

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (meaningless once the game is over)."""
        return self.core.to_move

    @property
    def setup(self) -> Setup | None:
        """The setup the game started from (None for a game read from a position)."""
        return self._setup

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    @property
    def ply(self) -> int:
        return len(self._history)

    @property
    def reset_used(self) -> bool:
        return self.core.reset_used

    @property
    def names(self) -> tuple[str, ...]:
        return self._setup.names if self._setup else ()

    def _ci(self, cell: CellRef) -> int:
        if isinstance(cell, str):
            i = self.core.cell_index.get(cell, -1)
            if i < 0:
                raise ValueError(f"there is no cell {cell!r} on the {self.field.name} field")
            return i
        return cell

    def card_at(self, cell: CellRef) -> Card | None:
        return self.core.card_at(self._ci(cell))

    def owner_at(self, cell: CellRef) -> int | None:
        """Seat controlling the card on a cell, or None when empty or a hole."""
        return self.core.owner_at(self._ci(cell))

    def dealer_at(self, cell: CellRef) -> int | None:
        """Seat the card on a cell was dealt to (where a reset returns it)."""
        p = self.core.cell[self._ci(cell)]
        return self.core.dealer[p] if p >= 0 else None

    def printed_sides(self, cell: CellRef) -> tuple[int, int, int, int] | None:
        p = self.core.cell[self._ci(cell)]
        return self.core.sides[p] if p >= 0 else None

    def effective_sides(self, cell: CellRef) -> tuple[int, int, int, int] | None:
        """Side values as compared now: printed + active modifiers, clamped to 1..A."""
        c = self._ci(cell)
        if self.core.cell[c] < 0:
            return None
        v = self.core.value
        return (v(c, 0), v(c, 1), v(c, 2), v(c, 3))

    def elemental(self, cell: CellRef, card: Card | None = None) -> int:
        """The Elemental rule's modifier on every side of the card on ``cell`` -- or of ``card``,
        were it played there: +1 when the cell's element is the card's, -1 when it is another,
        0 on a plain cell, on an empty one without ``card``, or when the rule is off."""
        c = self._ci(cell)
        if card is None:
            card = self.card_at(c)
            if card is None:
                return 0
        return elemental_modifier(card.element, self.core.elements.get(c))

    def value(self, cell: int, side: int) -> int:
        """Effective value of one side of the card on ``cell`` (grid index)."""
        return self.core.value(cell, side)

    def adjacency(self, cell: int) -> tuple[tuple[int, int, int], ...]:
        """(side, neighbour cell, neighbour's touching side) for each playable neighbour."""
        return self.core.adj[cell]

    def hand(self, seat: int) -> tuple[Card, ...]:
        cards = self.core.cards
        return tuple(cards[p] for p in self.core.hands[seat])

    def hand_ids(self, seat: int) -> tuple[str, ...]:
        ids = self.core.ids
        return tuple(ids[p] for p in self.core.hands[seat])

    def hand_points(self, seat: int) -> int:
        pts = self.core.points
        return sum(pts[p] for p in self.core.hands[seat])

    def scores(self) -> tuple[int, ...]:
        """Cards controlled on the field, per seat."""
        return tuple(self.core.counts)

    def can_see_hand(self, viewer: int, seat: int) -> bool:
        """Open variant: every hand face up; otherwise only one's own."""
        return self.rules.open or viewer == seat

    def can_see_card(self, viewer: int | None, seat: int, index: int) -> bool:
        """Whether ``viewer`` (None: a spectator) sees the card at ``index`` of ``seat``'s hand
        (the one rule, :func:`~.observation.may_see`: own or Open, given by another seat,
        shown by Three Open, or seen by all before: on the field or in another seat's hand)."""
        return self.seen_hand(viewer, seat)[index]

    def seen_hand(self, viewer: int | None, seat: int) -> tuple[bool, ...]:
        """Per card of ``seat``'s hand, in order: whether ``viewer`` sees it (:meth:`can_see_card`)."""
        core = self.core
        shown, revealed, dealer, open_hands = core.shown, self._revealed, core.dealer, self.rules.open
        if open_hands or viewer == seat:      # the rule's first words, for the whole hand at once
            return (True,) * len(core.hands[seat])
        return tuple(may_see(viewer, seat, dealer[p], open_hands=open_hands, shown=p in shown,
                             revealed=p in revealed) for p in core.hands[seat])

    def observation(self, seat: int | None) -> "Observation":
        """Everything ``seat`` (None: a spectator) may know now (:mod:`.observation`)."""
        from .observation import Observation
        from .position import Position
        core = self.core
        revealed = [(core.ids[p], core.dealer[p]) for p in self._revealed]
        return Observation.of(Position.of(core), seat, revealed, self.ply)

    @classmethod
    def from_observation(cls, obs: "Observation", catalog: Mapping[str, Card]) -> "Game":
        """A game a seat can play on from what it knows: each card it may not see is a stand-in
        (:func:`~.observation.standin`); ObservationError when the parts break the rules."""
        return obs.game(catalog)

    def search_state(self) -> Core:
        """A copy of the rules state for a search to play on (this game stays as it is)."""
        return self.core.clone()

    def field_entries(self) -> list[tuple[int, str, int, int] | None]:
        """Every playable cell in field order: None, or (grid cell, card id, owner, dealer) --
        the whole field at once for a reader that needs all of it (the server, after every action)."""
        core = self.core
        cell, owner, ids, dealer = core.cell, core.owner, core.ids, core.dealer
        return [None if cell[c] < 0 else (c, ids[cell[c]], owner[c], dealer[cell[c]]) for c in core.play_cells]

    def hand_dealers(self, seat: int) -> tuple[int, ...]:
        """The seat each card of ``seat``'s hand was dealt to, in hand order."""
        dealer = self.core.dealer
        return tuple(dealer[p] for p in self.core.hands[seat])

    def dealer_of(self, card_id: str) -> int | None:
        """The seat the copy of ``card_id`` the seat to move would play was dealt to (None when
        it may not play it)."""
        p = self._piece(card_id)
        return self.core.dealer[p] if p >= 0 else None

    def element_at(self, cell: CellRef) -> str | None:
        """The Elemental rule's element of a cell (None: a plain cell, or the rule is off)."""
        return self.core.elements.get(self._ci(cell))

    def cell_elements(self) -> dict[int, str]:
        """Grid cell -> element, for every elemental cell (empty when the rule is off)."""
        return dict(self.core.elements)

    @property
    def drawn_dealer(self) -> int | None:
        """Chaos: the seat the drawn card (:attr:`drawn_card`) was dealt to."""
        d = self.core.drawn
        return self.core.dealer[d] if d >= 0 else None

    @property
    def drawn_index(self) -> int | None:
        """Chaos: where in the hand of the seat to move the drawn card lies."""
        d = self.core.drawn
        return self.core.hands[self.core.to_move].index(d) if d >= 0 else None

    # -- a game mirrored from another machine's (the online table): only what it was told

    def forget_draws(self) -> None:
        """Chaos: the draws are made elsewhere (a server); this game draws none and waits for
        :meth:`set_drawn`."""
        self.core.chaos_seed = None
        self.core.drawn = -1

    def set_drawn(self, card_id: str, dealer: int | None = None) -> None:
        """Chaos: the card drawn elsewhere for the seat to move: of two copies the one dealt to
        ``dealer``, else the one dealt to the seat. IllegalActionError when it holds none."""
        core = self.core
        if not self.rules.chaos or core.over:
            raise IllegalActionError("no card is drawn: the Chaos rule is off or the game is over")
        seat = core.to_move
        mine = [p for p in core.hands[seat] if core.ids[p] == card_id]
        if not mine:
            raise IllegalActionError(f"seat {seat} has no {card_id!r} in hand to draw")
        mine.sort(key=lambda p: (core.dealer[p] != dealer, core.dealer[p] != seat))
        core.drawn = mine[0]

    def recast_hand(self, seat: int, changes: Mapping[int, Card]) -> None:
        """Let stand-ins (:func:`~.observation.is_standin`) of ``seat``'s hand, by place, become the
        cards they stood for, now that they are known. ValueError for a card that is no stand-in."""
        from .observation import is_standin
        core = self.core
        hand = core.hands[seat]
        if any(not is_standin(core.ids[hand[i]]) for i in changes):
            raise ValueError("only a stand-in becomes the card it stood for")
        core.recast({hand[i]: card for i, card in changes.items()})

    def shown_cards(self, seat: int) -> tuple[str, ...]:
        """Three Open: the cards of ``seat``'s hand shown to everyone (still in the hand)."""
        core = self.core
        return tuple(core.ids[p] for p in core.hands[seat] if p in core.shown)

    @property
    def drawn_card(self) -> str | None:
        """Chaos: the card drawn for the seat to move (it must be played); None otherwise."""
        d = self.core.drawn
        return self.core.ids[d] if d >= 0 else None

    def setup_events(self) -> tuple["Event", ...]:
        """What the hand rules did before the first card, in the order to show it: each
        Hand Swap gift, the Three Open cards, the first Chaos draw."""
        from . import events as ev
        out: list[ev.Event] = []
        s = self._setup
        if s is not None:
            n = s.players
            out += [ev.HandSwapped(seat, (seat + 1) % n, cid) for seat, cid in enumerate(s.hand_swap) if cid]
            out += [ev.CardsShown(seat, tuple(ids)) for seat, ids in enumerate(s.shown) if ids]
        if self.drawn_card is not None and self.ply == 0:
            out.append(ev.CardDrawn(self.to_move, self.drawn_card))
        return tuple(out)

    def effects(self) -> tuple[EffectInfo, ...]:
        core = self.core
        return tuple(EffectInfo(e.seat, core.cards[e.piece], e.number, e.ability, core.names[e.cell],
                                e.turns_left) for e in core.effects)

    def free_cells(self) -> list[str]:
        names = self.core.names
        return [names[c] for c in self.core.free()]

    def empty_count(self) -> int:
        return self.core.empty

    def is_over(self) -> bool:
        return bool(self.core.over)

    def result(self) -> Result | None:
        return self.core.result()

    def returns(self) -> list[float]:
        """Per seat: +1 sole winner, 0 sharing a draw, -1 otherwise; all 0 while playing."""
        return self.core.returns()

    def zobrist(self) -> int:
        """64-bit position hash: pieces and where they are, seat to move (none once the game
        is over), effects, reset, end."""
        return self.core.zobrist()

    def position_parts(self) -> "Position":
        """The position as structured parts (see :class:`~.position.Position`)."""
        from .position import Position
        return Position.of(self.core)

    # ------------------------------------------------------------------ actions to moves

    def _piece(self, card_id: str) -> int:
        """The piece of the seat to move with that card id (-1 when absent): of two copies
        (only after a swap) the one dealt to this seat, else the lowest dealing seat."""
        core = self.core
        ids = core.ids
        for p in core.choices():
            if ids[p] == card_id:
                return p
        return -1

    def hand_rule_refusal(self, card_id: str) -> str | None:
        """Why Order or Chaos forbids playing ``card_id`` now (None when they allow it)."""
        core = self.core
        if core.over or not (core.order_rule or core.chaos_rule):
            return None
        allowed = core.choices()
        if any(core.ids[p] == card_id for p in allowed) or not allowed:
            return None
        name = core.cards[allowed[0]].name or core.ids[allowed[0]]
        if core.order_rule:
            return f"Order: play your leftmost card, {name}"
        return f"Chaos: play the card drawn for you, {name}"

    def _prepare(self, card_id: str, cell: CellRef) -> tuple[int, int, int]:
        core = self.core
        if core.over:
            raise IllegalActionError("the game is over")
        seat = core.to_move
        p = self._piece(card_id)
        if p < 0:
            why = self.hand_rule_refusal(card_id)
            if why is not None and card_id in self.hand_ids(seat):
                raise IllegalActionError(why)
            raise IllegalActionError(f"seat {seat} has no {card_id!r} in hand")
        c = core.cell_index.get(cell, -1) if isinstance(cell, str) else cell
        if not (0 <= c < core.size) or not core.playable[c]:
            raise IllegalActionError(f"{cell!r} is not a playable cell of the {self.field.name} field")
        if core.cell[c] >= 0:
            raise IllegalActionError(f"{core.names[c]} already holds a card")
        return seat, p, c

    def _target_names(self, ab: Ability, targets: tuple[int, ...]) -> tuple[str, ...]:
        names = self.core.names
        if ab.effect == "swap":
            x, q = targets
            return (names[x], HAND_PREFIX + self.core.ids[q])
        return tuple(names[x] for x in targets)

    def _offers(self, p: int, c: int, captured: int) -> list[tuple[int, list[tuple[str, ...]]]]:
        """Abilities offered after the placement on the board now, with their targets as text."""
        core = self.core
        out: list[tuple[int, list[tuple[str, ...]]]] = []
        if not core.abil[p] or captured < 2:
            return out
        for no, ab in enumerate(core.abil[p], 1):
            opts = core.ability_options(p, c, captured, no)
            if opts:
                out.append((no, [self._target_names(ab, t) for t in opts]))
        return out

    def _check_ability(self, action: Action, seat: int, p: int, c: int, captured: int) -> Option:
        """The core's option for ``action``'s ability, or IllegalActionError saying why not."""
        core = self.core
        card = core.cards[p]
        no = action.ability
        assert no is not None
        if core.rules.pure:
            raise IllegalActionError("Pure: no abilities are used in this game")
        if captured < 2:
            raise IllegalActionError(
                f"{action.card}@{action.cell} captures {captured} card(s); "
                "an ability needs two or more captures")
        if core.sudden:
            raise IllegalActionError("Sudden Death: that multiple capture ends the game")
        if not 1 <= no <= len(card.abilities):
            raise IllegalActionError(f"{card.id} has no ability {no}")
        ab = card.abilities[no - 1]
        if not ab.condition.is_empty() and not core.judge.condition_holds(
                ab.condition, seat, p, captured, core.counts, core.empty):
            raise IllegalActionError(f"the condition of {card.id} ability {no} does not hold")
        opts = core.ability_options(p, c, captured, no)
        if not opts:
            raise IllegalActionError(f"{card.id} ability {no} has no legal target now")
        named = [self._target_names(ab, t) for t in opts]
        if action.targets not in named:
            shown = "; ".join(">" + ">".join(o) if o else "(no targets)" for o in named[:6])
            raise IllegalActionError(
                f"{action.targets!r} are not legal targets for {card.id} ability {no}; "
                f"for example: {shown}")
        return (no, opts[named.index(action.targets)])

    def _move(self, action: Action) -> Move:
        """The core's move for a legal action; IllegalActionError (game unchanged) otherwise."""
        seat, p, c = self._prepare(action.card, action.cell)
        if action.ability is None:
            if action.targets:
                raise IllegalActionError("targets without an ability")
            return p, c, None
        core = self.core
        got = core.place(p, c)
        try:
            option = self._check_ability(action, seat, p, c, len(got))
        finally:
            core.unplace()
        return p, c, option

    def action_of(self, move: Move) -> Action:
        """The Action for a core move of this game (targets in canonical order)."""
        return self.core.action(move)

    # ------------------------------------------------------------------ questions the table asks

    def playable_cards(self) -> list[str]:
        """Card ids the seat to move may play (one entry per distinct card)."""
        core = self.core
        if core.over:
            return []
        return [core.ids[p] for p in core.choices()]

    def captures_if(self, card_id: str, cell: CellRef) -> list[str]:
        """Cells whose card would change control if the seat to move played there."""
        seat, p, c = self._prepare(card_id, cell)
        got = self.core.captures(p, c, seat)
        return [self.core.names[x] for x in sorted(got)]

    def sides_on_landing(self, card_id: str, cell: CellRef) -> dict[str, tuple[int, int, int, int]]:
        """Every field card's effective sides (cell name -> top, right, bottom, left) just after
        the seat to move's ``card_id`` landed on ``cell`` and took its captures, before any
        ability and the end of the turn: the values its own comparison used. The game is
        unchanged; IllegalActionError when the card may not go there."""
        seat, p, c = self._prepare(card_id, cell)
        core = self.core
        core.place(p, c)
        try:
            v = core.value
            return {core.names[x]: (v(x, 0), v(x, 1), v(x, 2), v(x, 3)) for x in core.play_cells if core.cell[x] >= 0}
        finally:
            core.unplace()

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
        _, p, c = self._prepare(card_id, cell)
        core = self.core
        got = core.place(p, c)
        try:
            return self._offers(p, c, len(got))
        finally:
            core.unplace()

    # ------------------------------------------------------------------ actions

    def legal_actions(self, abilities: bool = True) -> list[Action]:
        """Every complete action for the seat to move: for each card and free cell the plain
        placement, then (when it would capture two or more) each offered ability with each
        legal target choice. ``abilities=False`` lists the plain placements only."""
        core = self.core
        if core.over:
            return []
        plain = self._plain
        names = core.names
        ids = core.ids
        if not abilities:
            out = []
            for p, c in core.placements():
                a = plain.get((ids[p], c))
                if a is None:
                    a = plain[(ids[p], c)] = Action(ids[p], names[c])
                out.append(a)
            return out
        out = []
        for m in core.moves():
            p, c, opt = m
            if opt is None:
                a = plain.get((ids[p], c))
                if a is None:
                    a = plain[(ids[p], c)] = Action(ids[p], names[c])
                out.append(a)
            else:
                out.append(self.action_of(m))
        return out

    def is_legal(self, action: Action) -> bool:
        try:
            self._move(action)
        except IllegalActionError:
            return False
        return True

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def push(self, action: Action) -> None:
        """Play an action for the seat to move; raises IllegalActionError (game unchanged)."""
        p, c, option = self._move(action)
        core = self.core
        core.place(p, c)
        core.commit(option)
        self._history.append(action)
        self._note_field(p, option)

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self._history:
            raise IndexError("no action to undo")
        self.core.pop()
        self._revealed.difference_update(self._revealed_log.pop())
        return self._history.pop()

    def play(self, action: Action) -> "Report":
        """Push ``action`` and report what it did, in the order to show it (events.py)."""
        from . import events as ev
        p, c, option = self._move(action)
        core = self.core
        seat = core.to_move
        before_effects = core.effects
        core.place(p, c)
        ids = core.ids
        names = core.names
        out: list[ev.Event] = [ev.Placed(seat, action.card, action.cell)]
        taken = core.last_captures()
        landed = core.owner[:]                   # the owners the comparison saw when the card landed
        for x, old, _ in taken:
            landed[x] = old
        matches: dict[str, tuple[Match, ...]] = {}
        turned: list[int] = []
        for x, old, cause in taken:
            pair: tuple[Match, ...] = ()
            if cause == core.base_name:
                cause = comparison_cause(core, landed, c, x)
                pair = beaten_match(core, landed, c, x)
            elif cause == "combo":
                src = combo_source(core, core.owner, turned, x)
                pair = beaten_match(core, core.owner, src, x) if src is not None else ()
            elif cause in CLASSIC_MATCHES and cause not in matches:
                matches[cause] = classic_match(core, landed, c, cause)
            turned.append(x)
            out.append(ev.Captured(names[x], ids[core.cell[x]], seat, old, cause, matches.get(cause, pair)))
        seen = {x: (core.cell[x], core.owner[x]) for x in core.play_cells}
        core.commit(option)
        self._history.append(action)
        self._note_field(p, option)
        if option is not None:
            no, targets = option
            ab = core.cards[p].abilities[no - 1]
            out.append(ev.AbilityUsed(seat, action.card, no, ab.effect, ab.text or describe(ab), action.targets))
            if ab.effect == "gain_control":
                for x in targets:
                    out.append(ev.ControlGained(names[x], ids[seen[x][0]], seat, seen[x][1]))
            elif ab.effect == "swap":
                x, q = targets
                out.append(ev.Swapped(names[x], ids[seen[x][0]], ids[q], seat, seen[x][1]))
            elif ab.effect == "reset":
                out.append(ev.FieldReset(seat))
            elif ab.effect == "modify":
                e = core.effects[-1] if core.effects else None
                if e is not None and e.piece == p:
                    out.append(ev.EffectStarted(e.seat, ids[e.piece], e.number, names[e.cell], e.turns_left,
                                                e.ability.text or describe(e.ability)))
        def ident(e: Effect) -> tuple[int, int, int, int]:
            return (e.seat, e.piece, e.number, e.cell)
        after = {ident(e) for e in core.effects}
        for e in before_effects:
            if ident(e) not in after:
                out.append(ev.EffectEnded(e.seat, ids[e.piece], e.number, names[e.cell],
                                          e.ability.text or describe(e.ability)))
        if not core.over:
            s = (seat + 1) % core.n
            while s != core.to_move:
                out.append(ev.SeatSkipped(s))
                s = (s + 1) % core.n
            if core.drawn >= 0:
                out.append(ev.CardDrawn(core.to_move, ids[core.drawn]))
        else:
            res = core.result()
            assert res is not None
            out.append(ev.GameEnded(res))
        return ev.Report(action, seat, tuple(out))

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


__all__ = ["ActiveEffect", "END_NAMES", "EffectInfo", "Game", "new_game"]
